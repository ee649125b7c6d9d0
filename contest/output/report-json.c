/* report-json.c - the report as one JSON document (libjansson), see report.h */
#include "lib/json.h"
#include "output/report-write.h"
#include "lib/util.h"

#include <errno.h>
#include <string.h>

static json_t *json_row(const struct report_row *row)
{
	json_t *o = json_object(), *not_ok = json_object();
	size_t i;

	json_put(o, "kernel", json_name(row->kernel, "kernel"));
	json_put(o, "runs", json_integer((json_int_t)row->s->time.n));
	json_put(o, "time_s", json_number(running_stats_mean(&row->s->time)));
	json_put(o, "time_sd", json_number(running_stats_sd(&row->s->time)));
	json_put(o, "time_ci95", json_number(running_stats_ci_half(&row->s->time, 0.95)));
	json_put(o, "cpu_pct", json_number(running_stats_mean(&row->s->cpu)));
	json_put(o, "loads", json_number(running_stats_mean(&row->s->loads)));
	json_put(o, "loads_sd", json_number(running_stats_sd(&row->s->loads)));
	json_put(o, "lcpu_pct", json_number(running_stats_mean(&row->s->lcpu)));
	json_put(o, "ratio", json_number(row->ratio));
	/* the compile's means, null where the PMU counted none */
	json_put(o, "instructions", json_number(running_stats_mean(&row->s->counts[COUNT_INSTRUCTIONS])));
	json_put(o, "cycles", json_number(running_stats_mean(&row->s->counts[COUNT_CYCLES])));
	json_put(o, "not_ok", json_integer((json_int_t)row->s->n_not_ok));
	for (i = 0; i < row->s->n_not_ok_kinds; i++) {
		json_t *status = json_name(row->s->not_ok[i].status, "status");	/* a key must be UTF-8 too */

		json_put(not_ok, json_string_value(status), json_integer((json_int_t)row->s->not_ok[i].n));
		json_decref(status);
	}
	json_put(o, "not_ok_by_status", not_ok);
	if (row->s->lat[WORK_UNITS].n) {	/* a measured load's */
		json_put(o, "work_units", json_number(running_stats_mean(&row->s->lat[WORK_UNITS])));
		json_put(o, "work_sd", json_number(running_stats_sd(&row->s->lat[WORK_UNITS])));
		json_put(o, "work_rate", json_number(running_stats_mean(&row->s->lat[WORK_RATE])));
	}
	return o;
}

static json_t *json_table(const struct report_table *t)
{
	json_t *o = json_object(), *rows = json_array();
	size_t i;

	json_put(o, "load", json_name(t->load, "load"));
	if (t->sweep[0])
		json_put(o, "sweep", json_name(t->sweep, "sweep"));
	for (i = 0; i < t->nrows; i++)
		json_push(rows, json_row(&t->rows[i]));
	json_put(o, "kernels", rows);
	return o;
}

/* written a table at a time, so that a lab's thousands of kernels are never one tree */
int report_write_json(const struct report *r, const struct report_opts *opts, FILE *out)
{
	json_t *ref = json_object();
	size_t i;
	int ret;

	json_put(ref, "kernel", r->reference_kernel ?
		 json_name(r->reference_kernel, "kernel") : json_null());
	json_put(ref, "noload_time_s", json_number(r->reference_s));
	fprintf(out, "{\n  \"ratio\": \"%s\",\n  \"reference\": ",
		opts->ratio == RATIO_SELF ? "self" : "reference");
	ret = json_write_nested(ref, 1, out);
	fputs(",\n  \"loads\": [", out);
	for (i = 0; i < r->ntables && ret == 0; i++) {
		fputs(i ? ",\n    " : "\n    ", out);
		ret = json_write_nested(json_table(&r->tables[i]), 2, out);
	}
	fputs(r->ntables ? "\n  ]\n}\n" : "]\n}\n", out);
	if (ret < 0)
		return -1;
	if (fflush(out) == EOF || ferror(out))
		return error("cannot write the JSON document: %s", strerror(errno));
	return 0;
}
