/* changes-write.c - contest changes as text, csv and json, see changes-write.h */
#include "output/changes-write.h"
#include "output/report-write.h"
#include "lib/json.h"
#include "lib/sh-quote.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* a thousand kernels or more: names carry their position */
#define CHANGES_POSITIONS 1000

const char *changes_word(const struct change_point *cp, enum metric_id m)
{
	if (metrics[m].better == BETTER_LOWER)
		return cp->pct > 0 ? "regression" : "improvement";
	if (metrics[m].better == BETTER_HIGHER)
		return cp->pct < 0 ? "regression" : "improvement";
	return "change";
}

const char *changes_bisect_command(const struct history *h, const struct change_point *cp,
				   char *buf, size_t size)
{
	/* the set's outer kernels: the change is between them at 95%, the
	 * most likely pair may not hold it */
	const char *good = history_commit(h, cp->set_before), *bad = history_commit(h, cp->set_after);
	const char *tree = history_tree(h, cp->set_after);
	const char *words[] = { "contest", "bisect", "--tree", tree ? tree : "TREE",
				"--good", good, "--bad", bad, NULL };
	char *cmd;
	int cut;

	if (!good || !bad || cp->kind != CHANGE_STEP)
		return NULL;
	/* each word quoted for the shell it is pasted into; a command cut
	 * short would bisect the wrong commits: none instead */
	cmd = sh_command(words);
	cut = (size_t)snprintf(buf, size, "%s", cmd) >= size;
	free(cmd);
	return cut ? NULL : buf;
}

const char *changes_p_text(double p, char *buf, size_t size)
{
	/* below it the t distribution's tail is lost in rounding: a bound */
	if (p < CHANGES_P_FLOOR)
		snprintf(buf, size, "p < %.0e", CHANGES_P_FLOOR);
	else
		snprintf(buf, size, "p %.2g", p);
	return buf;
}

const char *changes_plural(size_t n, const char *word, char *buf, size_t size)
{
	snprintf(buf, size, "%zu %s%s", n, word, n == 1 ? "" : "s");
	return buf;
}

static const char *kernel_at(const struct history *h, size_t i, char *buf, size_t size)
{
	if (h->n < CHANGES_POSITIONS)
		return history_kernel(h, i);
	snprintf(buf, size, "%s [#%zu]", history_kernel(h, i), i + 1);
	return buf;
}

static void text_sessions(const struct history *h, const struct history_series *hs, FILE *out)
{
	if (hs->sessions <= 1)
		fprintf(out, "one session");
	else if (hs->drift)
		fprintf(out, "%d sessions, their drift of %.1f%% allowed for", hs->sessions,
			h->drift_pct);
	else
		fprintf(out, "%d sessions, drift not calibrated", hs->sessions);
}

static void text_point(const struct history *h, const struct history_series *hs,
		       const struct change_point *cp, FILE *out)
{
	const struct metric *m = &metrics[hs->metric];
	char a[300], b[300], cmd[600], p[32];
	int dec = m->text > 0 ? m->text : 0;

	fprintf(out, "  %s %s %s %s  %.*f -> %.*f%s%s  %+.1f%% [%+.1f%%, %+.1f%%]  %s  %s\n",
		cp->kind == CHANGE_RAMP ? "ramp" : "step",
		kernel_at(h, cp->before, a, sizeof(a)), cp->kind == CHANGE_RAMP ? ".." : "->",
		kernel_at(h, cp->after, b, sizeof(b)), dec, cp->mean_before, dec, cp->mean_after,
		m->unit ? " " : "", m->unit ? m->unit : "", cp->pct, cp->pct_low, cp->pct_high,
		changes_p_text(cp->p, p, sizeof(p)), changes_word(cp, hs->metric));
	if (cp->kind == CHANGE_STEP) {
		fprintf(out, "    between %s", kernel_at(h, cp->set_before, a, sizeof(a)));
		fprintf(out, " and %s ", kernel_at(h, cp->set_after, a, sizeof(a)));
		if (cp->set_width > 1)
			fprintf(out, "(95%%: %zu positions), most likely %s -> %s\n", cp->set_width,
				kernel_at(h, cp->before, a, sizeof(a)),
				kernel_at(h, cp->after, b, sizeof(b)));
		else
			fprintf(out, "(95%%: this pair alone)\n");
	}
	if (changes_bisect_command(h, cp, cmd, sizeof(cmd)))
		fprintf(out, "    %s\n", cmd);
}

static void text_series(const struct history *h, const struct history_series *hs, double min_pct,
			FILE *out)
{
	const struct changes *c = &hs->ch;
	char title[64], kernels[40], runs[40];
	int blind = c->mde_pct >= CHANGES_BLIND_PCT && (min_pct <= 0.0 || min_pct < c->mde_pct);

	fprintf(out, "%s: %s, %s (%s), ", hs->name, metric_title(&h->r->own, hs->metric, title, sizeof(title)),
		changes_plural(c->kernels, "kernel", kernels, sizeof(kernels)),
		changes_plural(c->runs, "run", runs, sizeof(runs)));
	text_sessions(h, hs, out);
	fputc('\n', out);
	if (c->left_out)
		fprintf(out, "  %zu runs not above 0 left out\n", c->left_out);
	if (isnan(c->mde_pct))
		fprintf(out, "  too few runs to test for a change (one kernel, or one on each "
			"side of separate sessions)\n");
	else if (blind)
		fprintf(out, "  %s: too few runs or too much noise (the least a split could "
			"show is %.0f%%)\n", c->n ? "sees only changes far beyond any kernel's" :
			"cannot see a change", c->mde_pct);
	else if (!changes_can_see(c, min_pct))
		fprintf(out, "  too few runs to see a change of %.1f%%: the least they can see "
			"is %.1f%%\n", min_pct, c->mde_pct);
	else
		fprintf(out, "  sees a change of %.1f%% or more\n", c->mde_pct);
	for (size_t i = 0; i < c->n; i++)
		text_point(h, hs, &c->points[i], out);
	if (!c->n && !isnan(c->mde_pct) && !blind)
		fprintf(out, "  no change point\n");
	fputc('\n', out);
}

static void csv_row(const struct history *h, const struct history_series *hs,
		    const struct change_point *cp, const char *kind, FILE *out)
{
	char cmd[600];

	report_csv_string(out, hs->t->load);
	fputc(',', out);
	report_csv_string(out, hs->t->sweep);
	fprintf(out, ",%s,%zu,%zu,", metrics[hs->metric].column, hs->ch.kernels, hs->ch.runs);
	if (!isnan(hs->ch.mde_pct))
		fprintf(out, "%.3f", hs->ch.mde_pct);
	fprintf(out, ",%s", kind);
	if (!cp) {
		fputs(",,,,,,,,,,,,,,", out);
		if (h->nworkloads > 1)
			report_csv_string(out, h->workload_label[hs->workload]);
		fputc('\n', out);
		return;
	}
	fputc(',', out);
	report_csv_string(out, history_kernel(h, cp->before));
	fputc(',', out);
	report_csv_string(out, history_kernel(h, cp->after));
	fprintf(out, ",%.6g,%.6g,%.3f,%.3f,%.3f,%.3g,%d,", cp->mean_before, cp->mean_after,
		cp->pct, cp->pct_low, cp->pct_high, cp->p, cp->drift);
	if (changes_bisect_command(h, cp, cmd, sizeof(cmd)))
		report_csv_string(out, cmd);
	fputc(',', out);
	report_csv_string(out, history_kernel(h, cp->set_before));
	fputc(',', out);
	report_csv_string(out, history_kernel(h, cp->set_after));
	fprintf(out, ",%zu,", cp->set_width);
	if (h->nworkloads > 1)
		report_csv_string(out, h->workload_label[hs->workload]);
	fputc('\n', out);
}

static void write_csv(const struct history *h, FILE *out)
{
	fputs("load,sweep,metric,kernels,runs,least_visible_pct,kind,before,after,"
	      "mean_before,mean_after,change_pct,change_low_pct,change_high_pct,p,drift,bisect,"
	      "set_before,set_after,set_width,workload\n",
	      out);
	for (size_t s = 0; s < h->nseries; s++) {
		const struct history_series *hs = &h->series[s];

		if (!hs->ch.n)
			csv_row(h, hs, NULL, isnan(hs->ch.mde_pct) ? "blind" : "none", out);
		for (size_t i = 0; i < hs->ch.n; i++)
			csv_row(h, hs, &hs->ch.points[i],
				hs->ch.points[i].kind == CHANGE_RAMP ? "ramp" : "step", out);
	}
}

static void json_point(struct json_stream *js, const struct history *h,
		       const struct history_series *hs, const struct change_point *cp)
{
	char cmd[600];

	json_stream_begin(js, NULL, 0);
	json_stream_string(js, "kind", cp->kind == CHANGE_RAMP ? "ramp" : "step");
	json_stream_name(js, "before", history_kernel(h, cp->before), "kernel");
	json_stream_name(js, "after", history_kernel(h, cp->after), "kernel");
	json_stream_integer(js, "before_index", (long long)cp->before);
	json_stream_integer(js, "after_index", (long long)cp->after);
	json_stream_name(js, "set_before", history_kernel(h, cp->set_before), "kernel");
	json_stream_name(js, "set_after", history_kernel(h, cp->set_after), "kernel");
	json_stream_integer(js, "set_width", (long long)cp->set_width);
	json_stream_number(js, "mean_before", cp->mean_before);
	json_stream_number(js, "mean_after", cp->mean_after);
	json_stream_number(js, "change_pct", cp->pct);
	json_stream_number(js, "change_low_pct", cp->pct_low);
	json_stream_number(js, "change_high_pct", cp->pct_high);
	json_stream_number(js, "p", cp->p);
	json_stream_string(js, "direction", changes_word(cp, hs->metric));
	json_stream_integer(js, "drift", cp->drift);
	json_stream_name(js, "bisect", changes_bisect_command(h, cp, cmd, sizeof(cmd)), "command");
	json_stream_end(js, 0);
}

static void write_json(const struct history *h, FILE *out)
{
	struct json_stream js;

	json_stream_init(&js, out);
	json_stream_begin(&js, NULL, 0);
	json_stream_number(&js, "alpha", h->opts.alpha);
	json_stream_number(&js, "min_change_pct", h->opts.min_change_pct);
	json_stream_number(&js, "drift_pct", h->drift_pct);
	json_stream_begin(&js, "series", 1);
	for (size_t s = 0; s < h->nseries; s++) {
		const struct history_series *hs = &h->series[s];

		json_stream_begin(&js, NULL, 0);
		json_stream_name(&js, "load", hs->t->load, "load");
		json_stream_string(&js, "sweep", hs->t->sweep);
		json_stream_name(&js, "workload",
				 h->nworkloads > 1 ? h->workload_label[hs->workload] : NULL, "workload");
		json_stream_string(&js, "metric", metrics[hs->metric].column);
		json_stream_integer(&js, "kernels", (long long)hs->ch.kernels);
		json_stream_integer(&js, "runs", (long long)hs->ch.runs);
		json_stream_integer(&js, "sessions", hs->sessions);
		json_stream_number(&js, "least_visible_pct", hs->ch.mde_pct);
		json_stream_begin(&js, "changes", 1);
		for (size_t i = 0; i < hs->ch.n; i++)
			json_point(&js, h, hs, &hs->ch.points[i]);
		json_stream_end(&js, 1);
		json_stream_end(&js, 0);
	}
	json_stream_end(&js, 1);
	json_stream_end(&js, 0);
	fputc('\n', out);
}

int changes_write(const struct history *h, const struct changes_write_opts *o, FILE *out)
{
	switch (o->format) {
	case CHANGES_CSV:
		write_csv(h, out);
		break;
	case CHANGES_JSON:
		write_json(h, out);
		break;
	default:
		if (h->nworkloads > 1)
			fprintf(out, "%d workloads (their %s differs): a series of each load per "
				"workload\n\n", h->nworkloads, h->workload_key);
		for (size_t s = 0; s < h->nseries; s++)
			text_series(h, &h->series[s], o->min_change_pct, out);
		break;
	}
	return ferror(out) ? -1 : 0;
}
