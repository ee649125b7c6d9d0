/* report-json.c - the report as one JSON document, see report.h
 *
 * Written as it goes (lib/json.h's stream): a lab's report is 120000 rows
 * of 15 members, where a jansson tree of each table cost more to build and
 * free than to write. The text is what jansson would write.
 */
#include "lib/json.h"
#include "output/report-write.h"
#include "results/metric.h"
#include "lib/util.h"

#include <errno.h>
#include <string.h>

/* metric m's mean over s's ok runs, under its key */
static void put_mean(struct json_stream *js, const struct load_summary *s, enum metric_id m)
{
	json_stream_number(js, metrics[m].json, running_stats_mean(metric_stats(s, m)));
}

static void write_row(struct json_stream *js, const struct report_row *row)
{
	const struct load_summary *s = row->s;

	json_stream_begin(js, NULL, 0);
	json_stream_name(js, "kernel", row->kernel, "kernel");
	json_stream_integer(js, "runs", (long long)s->time.n);
	put_mean(js, s, METRIC_TIME);
	json_stream_number(js, metrics[METRIC_TIME].sd_json, running_stats_sd(&s->time));
	json_stream_number(js, METRIC_CI95_JSON, running_stats_ci_half(&s->time, 0.95));
	put_mean(js, s, METRIC_CPU);
	put_mean(js, s, METRIC_LOADS);
	json_stream_number(js, metrics[METRIC_LOADS].sd_json, running_stats_sd(&s->loads));
	put_mean(js, s, METRIC_LCPU);
	json_stream_number(js, metrics[METRIC_RATIO].json, row->ratio);
	/* the compile's means, null where the PMU counted none */
	put_mean(js, s, METRIC_INSTRUCTIONS);
	put_mean(js, s, METRIC_CYCLES);
	json_stream_integer(js, "not_ok", (long long)s->n_not_ok);
	json_stream_begin(js, "not_ok_by_status", 0);
	for (size_t i = 0; i < s->n_not_ok_kinds; i++) {
		/* a key must be UTF-8 too */
		json_t *status = json_name(s->not_ok[i].status, "status");

		json_stream_integer(js, json_string_value(status), (long long)s->not_ok[i].n);
		json_decref(status);
	}
	json_stream_end(js, 0);
	if (s->lat[WORK_UNITS].n) {	/* a measured load's */
		put_mean(js, s, METRIC_WORK_UNITS);
		json_stream_number(js, metrics[METRIC_WORK_UNITS].sd_json,
				   running_stats_sd(&s->lat[WORK_UNITS]));
		put_mean(js, s, METRIC_WORK_RATE);
	}
	json_stream_end(js, 0);
}

static void write_table(struct json_stream *js, const struct report_table *t)
{
	json_stream_begin(js, NULL, 0);
	json_stream_name(js, "load", t->load, "load");
	if (t->sweep[0])
		json_stream_name(js, "sweep", t->sweep, "sweep");
	json_stream_begin(js, "kernels", 1);
	for (size_t i = 0; i < t->nrows; i++)
		write_row(js, &t->rows[i]);
	json_stream_end(js, 1);
	json_stream_end(js, 0);
}

int report_write_json(const struct report *r, const struct report_opts *opts, FILE *out)
{
	struct json_stream js;

	json_stream_init(&js, out);
	json_stream_begin(&js, NULL, 0);
	json_stream_string(&js, "ratio", opts->ratio == RATIO_SELF ? "self" : "reference");
	json_stream_begin(&js, "reference", 0);
	json_stream_name(&js, "kernel", r->reference_kernel, "kernel");
	json_stream_number(&js, "noload_time_s", r->reference_s);
	json_stream_end(&js, 0);
	json_stream_begin(&js, "loads", 1);
	for (size_t i = 0; i < r->ntables; i++)
		write_table(&js, &r->tables[i]);
	json_stream_end(&js, 1);
	json_stream_end(&js, 0);
	putc('\n', out);
	if (fflush(out) == EOF || ferror(out))
		return error("cannot write the JSON document: %s", strerror(errno));
	return 0;
}
