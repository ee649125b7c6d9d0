/* bisect-text.c - contest bisect's outcome as text, and contest judge's line for a step (see bisect-text.h) */
#include "output/bisect-text.h"
#include "output/escaped.h"
#include "lib/util.h"

#include <math.h>
#include <stdio.h>

const char *bisect_text_hms(double s, char *buf, size_t len)
{
	long t = whole_seconds(s);

	snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	return buf;
}

/*
 * The whole bisection (its steps, rounds and runs, replayed from the
 * state or measured, and its elapsed time over every session), then this
 * session's work alone: after --resume the two differ
 */
static void write_totals(FILE *out, const struct bisect_done *d)
{
	const struct bisect_result *r = &d->res;
	char hms[32];

	fprintf(out, "bisect: the bisection: %zu step%s, %zu round%s, %zu run%s, %d skipped; "
		"elapsed ", r->steps, r->steps == 1 ? "" : "s", r->rounds,
		r->rounds == 1 ? "" : "s", r->runs, r->runs == 1 ? "" : "s", d->skipped);
	fputs(bisect_text_hms(d->elapsed_s, hms, sizeof(hms)), out);
	if (d->sessions > 1)
		fprintf(out, " over %zu sessions", d->sessions);
	fprintf(out, "\nbisect: this session: %zu build%s (%.0f s), %zu guest%s booted and run "
		"(%.0f s); %.0f s in all\n", d->builds, d->builds == 1 ? "" : "s", d->build_s,
		d->boots, d->boots == 1 ? "" : "s", d->run_s, d->wall_s);
}

/* the bisection's outcome as text */
static void write_outcome(FILE *out, const struct bisect_done *d)
{
	const struct bisect_result *r = &d->res;
	const struct kernel_commit *lo = &d->commits[r->lo], *hi = &d->commits[r->hi];
	const char *metric = d->metric ? d->metric : "its main metric";

	switch (r->outcome) {
	case BISECT_CULPRIT:
		fprintf(out, "bisect: the culprit is %s (\"%s\")\n", hi->name, hi->subject);
		fprintf(out, "commit: %s\n", hi->sha);
		fprintf(out, "  %s is %+.1f%% slower by %s on %s than %s, and %s is decided worse "
			"than its parent %s\n", d->commits[d->n - 1].name, r->change_pct, metric,
			d->load, d->commits[0].name, hi->name, lo->name);
		break;
	case BISECT_RANGE:
		fprintf(out, "bisect: the culprit is one of %zu commits after %s (%s):\n",
			r->hi - r->lo, lo->name, r->why ? r->why : "not placed");
		for (size_t i = r->lo + 1; i <= r->hi; i++)
			fprintf(out, "  %s %s\n", d->commits[i].name, d->commits[i].subject);
		break;
	case BISECT_NOT_CONFIRMED:
		fprintf(out, "bisect: refused: %s is not decided worse than %s by %s on %s (%s; "
			"change %+.1f%%", d->commits[d->n - 1].name, d->commits[0].name, metric,
			d->load, r->why ? r->why : "undecided", r->change_pct);
		if (isfinite(r->mde_pct))
			fprintf(out, "; the rounds could see only %.1f%% at their cap of %zu",
				r->mde_pct, d->max_rounds);
		fputs(")\n", out);
		if (isfinite(r->mde_pct) && r->change_pct > 0 && r->change_pct < r->mde_pct) {
			double ratio = log1p(r->mde_pct / 100) / log1p(r->change_pct / 100);

			fprintf(out, "bisect: to see a change of %.1f%% would take about %.0f rounds "
				"(--max-rounds), or a quieter machine\n", r->change_pct,
				ceil((double)d->max_rounds * ratio * ratio));
		}
		break;
	case BISECT_STOPPED:
		fprintf(out, "bisect: stopped; the culprit is in %s..%s so far\n", lo->name,
			hi->name);
		break;
	}
	write_totals(out, d);
}

/*
 * The outcome, escaped: commit subjects are the tree's text, and one may
 * hold an escape sequence (a terminal's title, colours). With --format
 * mail it goes to stderr and a named culprit's mail (bisect_mail) to
 * stdout. out's write errors are out's (cli_close_stdout).
 */
void bisect_text_write(FILE *out, const struct bisect_done *d)
{
	FILE *f = escaped_open(out);

	write_outcome(f, d);
	fclose(f);
}

void bisect_text_slower(FILE *out, const char *text)
{
	FILE *f = escaped_open(out);

	fprintf(f, "bisect: the culprit against its parent, by their profiles: %s\n", text);
	fclose(f);
}

void bisect_text_no_mail(FILE *out)
{
	fprintf(out, "bisect: no culprit named, so no mail\n");
}

void bisect_text_judged(FILE *out, const char *candidate, enum bisect_side side,
			const char *load)
{
	fprintf(out, "%s: %s on %s\n", candidate, side == BISECT_BAD ? "bad" :
		side == BISECT_GOOD ? "good" : side == BISECT_BETWEEN ?
		"between good and bad (skip)" : "cannot tell (skip)", load);
}
