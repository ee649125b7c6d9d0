/* t-sweep.c - a measured load and a sweep as the store, the plan and the
 * report see them: --sweep's points (pairwise, each checked against the
 * config), how a row's name says what was timed (row_kind), a point split
 * for a table, the measure command's summary line, and a measured load's
 * plan (MEASURE+LOAD, no cacherun) */
#include "record/config-keys.h"
#include "lib/config.h"
#include "loads/loads.h"
#include "results/report.h"
#include "results/store.h"
#include "session/measure.h"
#include "session/plan.h"
#include "session/sweep.h"
#include "load-key.h"
#include "tap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_sweep(void)
{
	struct config *cfg = contest_config_new();
	const char *pair[] = { "tworead_load.size1=100M,200M", "tworead_load.size2=1000M,900M" };
	const char *unequal[] = { "tworead_load.size1=100M,200M", "tworead_load.size2=1000M" };
	const char *twice[] = { "runs=1,2", "runs=3,4" };
	const char *bad[] = { "runs=1,zero" };
	const char *empty[] = { "runs=1,", "=1", "runs" };
	struct sweep s;

	ok(sweep_parse(&s, pair, 2, cfg) == 0 && s.npoints == 2, "two keys of two values: two points");
	is_str(s.npoints == 2 ? s.points[0] : "", "tworead_load.size1=100M,tworead_load.size2=1000M",
	       "a point is named KEY=VALUE,KEY=VALUE, pairwise");
	is_str(s.npoints == 2 ? s.points[1] : "", "tworead_load.size1=200M,tworead_load.size2=900M",
	       "the second values go together");
	ok(sweep_apply(&s, 0, cfg) == 0 &&
	   !strcmp(((const struct config_size *)load_key(cfg, "tworead_load", "size2"))->text, "1000M"), "a point sets its keys");
	sweep_release(&s);
	ok(sweep_parse(&s, unequal, 2, cfg) < 0 && !s.npoints, "unequal lists are refused");
	ok(sweep_parse(&s, twice, 2, cfg) < 0, "a key swept twice is refused");
	ok(sweep_parse(&s, bad, 1, cfg) < 0, "a value the key refuses is refused");
	for (size_t i = 0; i < 3; i++)
		ok(sweep_parse(&s, &empty[i], 1, cfg) < 0, "'%s' is refused", empty[i]);
	config_free(cfg);
}

/* LOAD arguments beat the loads key, so a point of a swept loads would be
 * labelled with loads it did not run; a value is one line of text */
static void test_sweep_refused(void)
{
	struct config *cfg = contest_config_new();
	const char *loads[] = { "loads=noload,io_load", " loads =noload", "loads\t=io_load" };
	const char *forged[] = { "host=a,evil\nknobs: /proc/sys/x=1" };
	const char *fine[] = { "io_load.size=1M,2M" };
	struct sweep s;

	for (size_t i = 0; i < 3; i++)
		ok(sweep_parse(&s, &loads[i], 1, cfg) < 0 && !s.npoints,
		   "--sweep '%s' is refused", loads[i]);
	ok(sweep_parse(&s, forged, 1, cfg) < 0 && !s.npoints,
	   "a value with a newline is refused");
	ok(sweep_parse(&s, fine, 1, cfg) == 0 && s.npoints == 2, "a load's own key is swept");
	sweep_release(&s);
	config_free(cfg);
}

static void test_names(void)
{
	char buf[128];

	ok(row_kind("io_load") == ROW_COMPILE, "LOAD: a compile's row");
	ok(row_kind("audio+io_load") == ROW_INTERACTIVE, "TASK+LOAD: an interactive task's");
	ok(row_kind("tworead_load+noload") == ROW_MEASURE, "LOAD+LOAD: a measured load's");
	is_str(row_load_base("tworead_load+noload"), "noload", "its background load");
	is_str(report_sweep_part("a.b=16M,c=2", 0, buf, sizeof(buf)), "a.b,c", "a point's keys");
	is_str(report_sweep_part("a.b=16M,c=2", 1, buf, sizeof(buf)), "16M,2",
	       "its values as given");
	is_str(report_sweep_part("", 1, buf, sizeof(buf)), "", "no point, nothing");
}

static void test_summary_line(void)
{
	struct measure_result r = { .units = 42, .work = 42 * 131072.0, .rate = 4.2, .elapsed_s = 10 };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	fputs("noise\nmeasure: units=1 work=1 rate=1 elapsed_s=1\n", f);
	measure_result_print(f, &r);
	fclose(f);
	memset(&r, 0, sizeof(r));
	ok(measure_result_parse(text, &r) == 0 && r.units == 42 && r.rate == 4.2 &&
	   r.work == 42 * 131072.0 && !r.failed[0], "the last summary line is read back");
	free(text);
	ok(measure_result_parse("measure: units=3 work=nan rate=1.000 elapsed_s=3.000\n", &r) == 0 &&
	   isnan(r.work), "a load without a finer unit");
	ok(measure_result_parse("measure: failed: it died\n", &r) == 0 &&
	   !strcmp(r.failed, "it died"), "a failure and its reason");
	ok(measure_result_parse("measure: units=3\n", &r) < 0, "a cut line is malformed");
	ok(measure_result_parse("no summary\n", &r) < 0, "no line, no result");
}

static void test_plan(void)
{
	struct config *cfg = contest_config_new();
	char *names[] = { "noload", "cacherun", "io_load", NULL };
	struct plan p;

	if (config_set_field(cfg, &contest_config(cfg)->main.workload, "load", "test") < 0 ||
	    config_set_field(cfg, &contest_config(cfg)->main.measure, "tworead_load", "test") < 0)
		return;
	plan_build(&p, cfg, names, 3);
	ok(p.nloads == 2, "a measured load leaves cacherun out (%zu loads)", p.nloads);
	is_str(p.nloads ? p.loads[0].row : "", "tworead_load+noload", "rows are MEASURE+LOAD");
	is_str(p.nloads > 1 ? p.loads[1].row : "", "tworead_load+io_load", "under each load");
	plan_release(&p);
	config_free(cfg);
}

int main(void)
{
	test_sweep();
	test_sweep_refused();
	test_names();
	test_summary_line();
	test_plan();
	return tap_done();
}
