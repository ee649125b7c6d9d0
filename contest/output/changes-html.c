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

static double fx(const struct frame *f, double i)
{
	return LEFT + (i + 0.5) * (W - LEFT - RIGHT) / (double)f->n;
}

static double fy(const struct frame *f, double v)
{
	return H - BOTTOM - (v - f->lo) / (f->hi - f->lo) * (H - TOP - BOTTOM);
}

static void make_frame(const struct history_series *hs, size_t n, struct frame *f)
{
	f->n = n ? n : 1;
	f->lo = INFINITY;
	f->hi = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		double m = hs->mean[i], s = isnan(hs->sd[i]) ? 0.0 : hs->sd[i];

		if (isnan(m))
			continue;
		f->lo = fmin(f->lo, m - s);
		f->hi = fmax(f->hi, m + s);
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

/* kernels [a, b) as one mark: their means' mean, the spread of them all */
static void write_mark(FILE *out, const struct history *h, const struct history_series *hs,
		       const struct frame *f, size_t a, size_t b)
{
	double sum = 0.0, lo = INFINITY, hi = -INFINITY;
	size_t n = 0;
	int dec = metrics[hs->metric].text + 1;

	for (size_t i = a; i < b; i++) {
		double s = isnan(hs->sd[i]) ? 0.0 : hs->sd[i];

		if (isnan(hs->mean[i]))
			continue;
		sum += hs->mean[i];
		lo = fmin(lo, hs->mean[i] - s);
		hi = fmax(hi, hs->mean[i] + s);
		n++;
	}
	if (!n)
		return;
	if (hi > lo)
		fprintf(out, "<line class=\"spread\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>",
			fx(f, (a + b - 1) / 2.0), fy(f, lo), fx(f, (a + b - 1) / 2.0), fy(f, hi));
	fprintf(out, "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"%s\"><title>",
		fx(f, (a + b - 1) / 2.0), fy(f, sum / (double)n), f->n > 300 ? "1.2" : "2.5");
	html_escape(out, history_kernel(h, a));
	if (b - a > 1) {
		fputs(" .. ", out);
		html_escape(out, history_kernel(h, b - 1));
	}
	fprintf(out, ": %.*f", dec, sum / (double)n);
	if (b - a == 1 && !isnan(hs->sd[a]))
		fprintf(out, " &#177; %.*f", dec, hs->sd[a]);
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

static void write_changes(FILE *out, const struct history *h, const struct history_series *hs,
			  const struct frame *f)
{
	char p[32];

	for (size_t i = 0; i < hs->ch.n; i++) {
		const struct change_point *cp = &hs->ch.points[i];
		double x = cp->kind == CHANGE_RAMP ? fx(f, (double)cp->before) :
						     fx(f, (double)cp->after - 0.5);

		fprintf(out, "<g class=\"change\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\"/><text class=\"change-label\" x=\"%.1f\" y=\"%.1f\">%s%+.1f%% ",
			x, TOP - 4, x, H - BOTTOM, x + 3, 12.0 + 12.0 * (double)(i % 2),
			cp->kind == CHANGE_RAMP ? "ramp " : "", cp->pct);
		html_escape(out, history_kernel(h, cp->kind == CHANGE_RAMP ? cp->before : cp->after));
		fprintf(out, "</text><title>%s %+.1f%% [%+.1f%%, %+.1f%%], %s: ",
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
}

void changes_html_chart(FILE *out, const struct history *h, const struct history_series *hs)
{
	struct frame f;
	size_t cols, n = h->n;
	char title[64];

	make_frame(hs, n, &f);
	fprintf(out, "<svg class=\"history\" viewBox=\"0 0 %.0f %.0f\" width=\"100%%\" "
		"role=\"img\" xmlns=\"http://www.w3.org/2000/svg\">\n<title>", W, H);
	html_escape(out, hs->name);
	fprintf(out, ": %s over %zu kernels, %zu change points</title>\n",
		metric_title(hs->metric, title, sizeof(title)), n, hs->ch.n);
	fprintf(out, "<rect class=\"frame\" x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\"/>\n",
		LEFT, TOP, W - LEFT - RIGHT, H - TOP - BOTTOM);
	fprintf(out, "<text class=\"axis\" x=\"4\" y=\"%.1f\">%.4g</text>"
		"<text class=\"axis\" x=\"4\" y=\"%.1f\">%.4g</text>"
		"<text class=\"axis\" x=\"4\" y=\"%.1f\">", fy(&f, f.hi) + 10, f.hi,
		fy(&f, f.lo), f.lo, (H - BOTTOM + TOP) / 2);
	fputs(metric_title(hs->metric, title, sizeof(title)), out);
	fprintf(out, "</text>\n");
	if (n) {
		fprintf(out, "<text class=\"axis\" x=\"%.0f\" y=\"%.0f\">", LEFT, H - 10);
		html_escape(out, history_kernel(h, 0));
		fprintf(out, "</text><text class=\"axis end\" x=\"%.0f\" y=\"%.0f\">", W - RIGHT, H - 10);
		html_escape(out, history_kernel(h, n - 1));
		fputs("</text>\n", out);
	}
	/* a column per mark: at most CHANGES_HTML_COLUMNS of them */
	cols = n > CHANGES_HTML_COLUMNS ? (n + CHANGES_HTML_COLUMNS - 1) / CHANGES_HTML_COLUMNS : 1;
	for (size_t a = 0; a < n; a += cols)
		write_mark(out, h, hs, &f, a, a + cols < n ? a + cols : n);
	write_segments(out, hs, &f);
	write_changes(out, h, hs, &f);
	fputs("</svg>\n", out);
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
