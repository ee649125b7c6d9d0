/* changes-html.c - history charts and the changes page, see changes-html.h */
#include "output/changes-html.h"
#include "output/html-page.h"
#include "output/changes-write.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* the chart's box, in SVG units */
#define W 960.0
#define H 260.0
#define LEFT 64.0
#define RIGHT 12.0
#define TOP 40.0
#define BOTTOM 34.0

struct frame {
	size_t n;
	double lo, hi;
};

/* a mark: kernels [a, b), their means' mean, the band of their mean +- SD */
struct column {
	size_t a, b;
	double mean, lo, hi;	/* NAN: none of its kernels has a mean */
};

static double fx(const struct frame *f, double i)
{
	return LEFT + (i + 0.5) * (W - LEFT - RIGHT) / (double)f->n;
}

static double fy(const struct frame *f, double v)
{
	return H - BOTTOM - (v - f->lo) / (f->hi - f->lo) * (H - TOP - BOTTOM);
}

/* each column's mean and band: the mean of its kernels' mean -+ SD */
static void fill_column(const struct history_series *hs, struct column *c)
{
	double sum = 0.0, lo = 0.0, hi = 0.0;
	size_t n = 0;

	for (size_t i = c->a; i < c->b; i++) {
		double s = isnan(hs->sd[i]) ? 0.0 : hs->sd[i];

		if (isnan(hs->mean[i]))
			continue;
		sum += hs->mean[i];
		lo += hs->mean[i] - s;
		hi += hs->mean[i] + s;
		n++;
	}
	c->mean = n ? sum / (double)n : NAN;
	c->lo = n ? lo / (double)n : NAN;
	c->hi = n ? hi / (double)n : NAN;
}

/* the columns of n kernels: at most CHANGES_HTML_COLUMNS */
static struct column *make_columns(const struct history_series *hs, size_t n, size_t *ncols)
{
	size_t per = n > CHANGES_HTML_COLUMNS ? (n + CHANGES_HTML_COLUMNS - 1) / CHANGES_HTML_COLUMNS : 1;
	struct column *c = xcalloc(n / per + 2, sizeof(*c));

	*ncols = 0;
	for (size_t a = 0; a < n; a += per) {
		c[*ncols].a = a;
		c[*ncols].b = a + per < n ? a + per : n;
		fill_column(hs, &c[(*ncols)++]);
	}
	return c;
}

static void make_frame(const struct column *c, size_t ncols, size_t n, struct frame *f)
{
	f->n = n ? n : 1;
	f->lo = INFINITY;
	f->hi = -INFINITY;
	for (size_t i = 0; i < ncols; i++) {
		if (isnan(c[i].mean))
			continue;
		f->lo = fmin(f->lo, c[i].lo);
		f->hi = fmax(f->hi, c[i].hi);
	}
	if (!isfinite(f->lo)) {
		f->lo = 0.0;
		f->hi = 1.0;
	}
	if (f->hi - f->lo < 1e-9 * fabs(f->hi) + 1e-12) {
		f->lo -= 0.5;
		f->hi += 0.5;
	}
	f->lo -= 0.05 * (f->hi - f->lo);
	f->hi += 0.05 * (f->hi - f->lo);
}

/* the band: a polygon per run of columns with a mean, upper edge out, lower back */
static void write_band(FILE *out, const struct column *c, size_t ncols, const struct frame *f)
{
	size_t i = 0, j, k;

	while (i < ncols) {
		for (; i < ncols && isnan(c[i].mean); i++)
			;
		for (j = i; j < ncols && !isnan(c[j].mean); j++)
			;
		if (j == i)
			break;
		fputs("<path class=\"band\" d=\"", out);
		for (k = i; k < j; k++)
			fprintf(out, "%s%.1f %.1f", k == i ? "M" : "L", fx(f, (c[k].a + c[k].b - 1) / 2.0),
				fy(f, c[k].hi));
		for (k = j; k-- > i;)
			fprintf(out, "L%.1f %.1f", fx(f, (c[k].a + c[k].b - 1) / 2.0), fy(f, c[k].lo));
		fputs("Z\"/>\n", out);
		i = j;
	}
}

/* a column as one point, its kernels and value in its <title> */
static void write_mark(FILE *out, const struct history *h, const struct history_series *hs,
		       const struct frame *f, const struct column *c)
{
	int dec = metrics[hs->metric].text + 1;

	if (isnan(c->mean))
		return;
	fprintf(out, "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"%s\"><title>",
		fx(f, (c->a + c->b - 1) / 2.0), fy(f, c->mean), f->n > 300 ? "1.2" : "2.5");
	html_escape(out, history_kernel(h, c->a));
	if (c->b - c->a > 1) {
		fputs(" .. ", out);
		html_escape(out, history_kernel(h, c->b - 1));
	}
	fprintf(out, ": %.*f", dec, c->mean);
	if (c->b - c->a == 1 && !isnan(hs->sd[c->a]))
		fprintf(out, " &#177; %.*f", dec, hs->sd[c->a]);
	fputs("</title></circle>\n", out);
}

/* the geometric mean of the kernels' means over [a, b) */
static double level(const struct history_series *hs, size_t a, size_t b)
{
	double sum = 0.0;
	size_t n = 0;

	for (size_t i = a; i < b; i++)
		if (hs->mean[i] > 0.0) {
			sum += log(hs->mean[i]);
			n++;
		}
	return n ? exp(sum / (double)n) : NAN;
}

static void segment(FILE *out, const struct frame *f, size_t a, size_t b, double va, double vb,
		    const char *cls)
{
	if (b <= a || isnan(va) || isnan(vb))
		return;
	fprintf(out, "<line class=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", cls,
		fx(f, (double)a - 0.5), fy(f, va), fx(f, (double)b - 0.5), fy(f, vb));
}

static void write_segments(FILE *out, const struct history_series *hs, const struct frame *f)
{
	size_t pos = 0;

	for (size_t i = 0; i < hs->ch.n; i++) {
		const struct change_point *cp = &hs->ch.points[i];

		if (cp->kind == CHANGE_RAMP) {
			double v = level(hs, pos, cp->before);

			segment(out, f, pos, cp->before, v, v, "segment");
			segment(out, f, cp->before, cp->after + 1, cp->mean_before, cp->mean_after,
				"segment ramp");
			pos = cp->after + 1;
		} else {
			double v = level(hs, pos, cp->after);

			segment(out, f, pos, cp->after, v, v, "segment");
			pos = cp->after;
		}
	}
	segment(out, f, pos, f->n, level(hs, pos, f->n), level(hs, pos, f->n), "segment");
}

/*
 * Where each change's label goes: in one of LABEL_ROWS rows above the
 * chart, the largest changes first, each where it overlaps no label
 * placed before it; one that fits nowhere is left out (its line and its
 * <title> stay). x: the label's left edge; row -1: none.
 */
#define LABEL_ROWS 2
#define CHAR_W 6.6	/* an 11px sans-serif character, wide enough for digits */

struct label {
	double x, w;
	int row;
};

static int by_size(const void *a, const void *b, void *data)
{
	const struct change_point *p = data;
	double x = fabs(p[*(const size_t *)a].pct), y = fabs(p[*(const size_t *)b].pct);

	return x > y ? -1 : x < y;
}

static void place_labels(const struct history_series *hs, const double *xs, const size_t *len,
			 struct label *l)
{
	size_t n = hs->ch.n, *order = xcalloc(n + 1, sizeof(*order));

	for (size_t i = 0; i < n; i++) {
		order[i] = i;
		l[i].w = CHAR_W * (double)len[i];
		/* beside its line; before it where it would run off the chart */
		l[i].x = xs[i] + 3 + l[i].w <= W - RIGHT ? xs[i] + 3 : xs[i] - 3 - l[i].w;
		l[i].row = -1;
	}
	qsort_r(order, n, sizeof(*order), by_size, hs->ch.points);
	for (size_t o = 0; o < n; o++) {
		struct label *me = &l[order[o]];

		for (int row = 0; row < LABEL_ROWS && me->row < 0; row++) {
			size_t k;

			for (k = 0; k < o; k++) {
				const struct label *x = &l[order[k]];

				if (x->row == row && me->x < x->x + x->w + 4 && x->x < me->x + me->w + 4)
					break;
			}
			if (k == o)
				me->row = row;
		}
	}
	free(order);
}

static void write_changes(FILE *out, const struct history *h, const struct history_series *hs,
			  const struct frame *f)
{
	size_t n = hs->ch.n, *len = xcalloc(n + 1, sizeof(*len));
	double *xs = xcalloc(n + 1, sizeof(*xs));
	struct label *l = xcalloc(n + 1, sizeof(*l));
	char p[32];

	for (size_t i = 0; i < n; i++) {
		const struct change_point *cp = &hs->ch.points[i];
		char pct[32];

		xs[i] = cp->kind == CHANGE_RAMP ? fx(f, (double)cp->before) :
						  fx(f, (double)cp->after - 0.5);
		len[i] = (size_t)snprintf(pct, sizeof(pct), "%s%+.1f%% ",
					  cp->kind == CHANGE_RAMP ? "ramp " : "", cp->pct) +
			 strlen(history_kernel(h, cp->kind == CHANGE_RAMP ? cp->before : cp->after));
	}
	place_labels(hs, xs, len, l);
	for (size_t i = 0; i < n; i++) {
		const struct change_point *cp = &hs->ch.points[i];

		fprintf(out, "<g class=\"change\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\"/>", xs[i], TOP - 4, xs[i], H - BOTTOM);
		if (l[i].row >= 0) {
			fprintf(out, "<text class=\"change-label\" x=\"%.1f\" y=\"%.1f\">%s%+.1f%% ",
				l[i].x, 12.0 + 15.0 * (double)l[i].row,
				cp->kind == CHANGE_RAMP ? "ramp " : "", cp->pct);
			html_escape(out, history_kernel(h, cp->kind == CHANGE_RAMP ? cp->before :
										     cp->after));
			fputs("</text>", out);
		}
		fprintf(out, "<title>%s %+.1f%% [%+.1f%%, %+.1f%%], %s: ",
			cp->kind == CHANGE_RAMP ? "ramp" : "step", cp->pct, cp->pct_low, cp->pct_high,
			changes_p_text(cp->p, p, sizeof(p)));
		html_escape(out, history_kernel(h, cp->before));
		fputs(cp->kind == CHANGE_RAMP ? " .. " : " -> ", out);
		html_escape(out, history_kernel(h, cp->after));
		if (cp->kind == CHANGE_STEP) {
			fputs(", between ", out);
			html_escape(out, history_kernel(h, cp->set_before));
			fputs(" and ", out);
			html_escape(out, history_kernel(h, cp->set_after));
			fputs(" (95%)", out);
		}
		fputs("</title></g>\n", out);
	}
	free(len);
	free(xs);
	free(l);
}

/* a round step of about a fourth of range: 1, 2 or 5 times a power of 10 */
static double nice_step(double range)
{
	double raw = range / 4.0, p = pow(10.0, floor(log10(raw))), m = raw / p;

	return p * (m < 1.5 ? 1.0 : m < 3.5 ? 2.0 : m < 7.5 ? 5.0 : 10.0);
}

/* the axes: y ticks at round values with grid lines; x ticks at kernels
 * spread evenly, as many as their names leave room for */
static void write_axes(FILE *out, const struct history *h, const struct history_series *hs,
		       const struct frame *f)
{
	double step = nice_step(f->hi - f->lo), widest = 0.0, room = W - LEFT - RIGHT;
	size_t n = h->n, ticks;
	char title[64];

	for (double v = ceil(f->lo / step) * step; v <= f->hi; v += step)
		fprintf(out, "<line class=\"grid\" x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\"/>"
			"<text class=\"axis ytick\" x=\"%.0f\" y=\"%.1f\">%.4g</text>\n", LEFT,
			fy(f, v), W - RIGHT, fy(f, v), LEFT - 4, fy(f, v) + 4, fabs(v) < step / 1e6 ? 0.0 : v);
	fprintf(out, "<text class=\"axis\" x=\"4\" y=\"%.0f\">", TOP - 22);
	html_escape(out, metric_title(&h->r->own, hs->metric, title, sizeof(title)));
	fputs("</text>\n", out);
	if (!n)
		return;
	for (size_t i = 0; i < n; i++)
		widest = fmax(widest, CHAR_W * (double)strlen(history_kernel(h, i)));
	ticks = (size_t)(room / (widest + 24.0));
	ticks = ticks < 2 ? 2 : ticks > 7 ? 7 : ticks;
	if (ticks > n)
		ticks = n;
	for (size_t t = 0; t < ticks; t++) {
		size_t i = ticks > 1 ? (size_t)llround((double)t * (double)(n - 1) / (double)(ticks - 1)) : 0;
		double x = fx(f, (double)i);

		fprintf(out, "<line class=\"tick\" x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\"/>"
			"<text class=\"axis%s\" x=\"%.1f\" y=\"%.0f\">", x, H - BOTTOM, x, H - BOTTOM + 4,
			t == 0 ? " start" : t + 1 == ticks ? " end" : " mid", x, H - 14);
		html_escape(out, history_kernel(h, i));
		fputs("</text>\n", out);
	}
}

void changes_html_chart(FILE *out, const struct history *h, const struct history_series *hs)
{
	struct frame f;
	size_t ncols, n = h->n;
	struct column *cols = make_columns(hs, n, &ncols);
	char title[64];

	make_frame(cols, ncols, n, &f);
	fprintf(out, "<svg class=\"history\" viewBox=\"0 0 %.0f %.0f\" width=\"100%%\" "
		"role=\"img\" xmlns=\"http://www.w3.org/2000/svg\">\n<title>", W, H);
	html_escape(out, hs->name);
	fprintf(out, ": %s over %zu kernels, %zu change points</title>\n",
		metric_title(&h->r->own, hs->metric, title, sizeof(title)), n, hs->ch.n);
	fprintf(out, "<rect class=\"frame\" x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\"/>\n",
		LEFT, TOP, W - LEFT - RIGHT, H - TOP - BOTTOM);
	write_axes(out, h, hs, &f);
	write_band(out, cols, ncols, &f);
	for (size_t c = 0; c < ncols; c++)
		write_mark(out, h, hs, &f, &cols[c]);
	write_segments(out, hs, &f);
	write_changes(out, h, hs, &f);
	fputs("</svg>\n", out);
	free(cols);
}

static const char style[] =
	"body{font-family:sans-serif;max-width:64em;margin:1em auto;padding:0 1em;color:#222}\n"
	"h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.5em;border-bottom:1px solid #ccc}\n"
	"p.note{font-size:.9em;color:#555}\n"
	CHANGES_HTML_CHART_STYLE;

static int write_page(FILE *out, const void *data)
{
	const struct history *h = data;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      HTML_PAGE_GENERATOR CONTEST_VERSION "\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width\">\n"
	      "<title>contest: changes</title>\n<style>\n", out);
	fprintf(out, "%s</style>\n</head>\n<body>\n<h1>contest: where each load changed</h1>\n"
		"<p>%zu kernels in order; each change point found by E-divisive means over every "
		"run, p below %g after the correction for the search", style, h->n, h->opts.alpha);
	if (!isnan(h->drift_pct))
		fprintf(out, "; the drift between sessions (%.1f%%) allowed for", h->drift_pct);
	fputs(".</p>\n", out);
	for (size_t s = 0; s < h->nseries; s++) {
		fputs("<section>\n<h2>", out);
		html_escape(out, h->series[s].name);
		fputs("</h2>\n", out);
		changes_html_chart(out, h, &h->series[s]);
		fputs("</section>\n", out);
	}
	fprintf(out, "<p class=\"note\">Made by contest %s.</p>\n</body>\n</html>\n",
		CONTEST_VERSION);
	return ferror(out) ? -1 : 0;
}

int changes_write_html(const struct history *h, const char *dir)
{
	return html_page_publish(dir, write_page, h, stdout);
}
