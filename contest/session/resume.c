/* resume.c - see resume.h */
#include "session/resume.h"
#include "record/config-keys.h"
#include "loads/loads.h"
#include "results/store.h"
#include "results/summary.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PLAN_NAME "plan"
#define PLAN_HEAD "# contest run's unfinished plan, for contest run --resume\n"

/* the command line, shown in messages: control characters would garble them */
static void put_command(FILE *f, int argc, char **argv)
{
	fputs("command\tcontest", f);
	for (int i = 0; i < argc; i++) {
		fputc(' ', f);
		for (const char *c = argv[i]; *c; c++)
			fputc((unsigned char)*c < ' ' ? '?' : *c, f);
	}
	fputc('\n', f);
}

static int put_plan(FILE *f, const char *kdir, const struct config *cfg, const struct plan *p,
		    double until_sd, int max_runs, int argc, char **argv)
{
	fputs(PLAN_HEAD, f);
	put_command(f, argc, argv);
	if (until_sd > 0)
		fprintf(f, "until_sd\t%.17g\t%d\n", until_sd, max_runs);
	else
		fputs("until_sd\t0\n", f);
	for (size_t i = 0; i < p->nloads; i++) {
		const char *name = p->loads[i].row;
		int next = results_next_run(kdir, name);

		if (next < 0)
			return -1;	/* runs.tsv unreadable: said */
		fprintf(f, "load\t%s\t%d\n", name, next - 1);
	}
	fputs("config\n", f);
	config_dump(cfg, f);
	return 0;
}

int resume_save(const char *kdir, const struct config *cfg, const struct plan *p,
		double until_sd, int max_runs, int argc, char **argv)
{
	char *path = xasprintf("%s/%s", kdir, PLAN_NAME), *tmp = xasprintf("%s.tmp", path);
	FILE *f = NULL;
	int ret = -1;

	if (mkdir_p(kdir, 0755) < 0 || !(f = fopen_write_file(tmp))) {
		error("cannot write '%s': %s", tmp, file_strerror(errno));
		goto out;
	}
	if (put_plan(f, kdir, cfg, p, until_sd, max_runs, argc, argv) < 0) {
		fclose(f);
		unlink(tmp);
		goto out;
	}
	if (fflush(f) != 0 || fsync(fileno(f)) < 0 || fclose(f) != 0) {
		error("cannot write '%s': %s", tmp, strerror(errno));
		unlink(tmp);
		goto out;
	}
	if (access(path, F_OK) == 0)
		info("'%s' held an interrupted plan; starting a new one "
		     "(contest run --resume continues one)", path);
	if (rename(tmp, path) < 0) {
		error("cannot write '%s': %s", path, strerror(errno));
		unlink(tmp);
		goto out;
	}
	ret = 0;
out:
	free(path);
	free(tmp);
	return ret;
}

/* ---- reading it back ---- */

static int parse_load(struct resume_plan *r, char *value, int line)
{
	char *tab = strchr(value, '\t'), *end;
	long base;

	if (!tab)
		return error("%s:%d: 'load' wants a name and a run number", r->path, line);
	*tab++ = '\0';
	base = strtol(tab, &end, 10);
	if (!load_find(row_load_base(value)) || end == tab || *end || base < 0 || base >= INT_MAX)
		return error("%s:%d: not a load and run number: '%s %s'", r->path, line, value, tab);
	r->loads = xrealloc(r->loads, (size_t)(r->nloads + 2) * sizeof(*r->loads));
	r->base = xrealloc(r->base, (size_t)(r->nloads + 1) * sizeof(*r->base));
	r->loads[r->nloads] = xstrdup(value);
	r->base[r->nloads++] = (int)base;
	r->loads[r->nloads] = NULL;
	return 0;
}

/* "0", or --until-sd's "PCT<tab>N" as parse_until_sd accepts them */
static int parse_until_sd(struct resume_plan *r, char *value, int line)
{
	char *tab = strchr(value, '\t'), *end;
	long max = 0;

	if (!strcmp(value, "0")) {
		r->until_sd = 0;
		return 0;
	}
	if (tab) {
		*tab++ = '\0';
		r->until_sd = strtod(value, &end);
		if (end != value && !*end)
			max = strtol(tab, &end, 10);
	}
	if (!tab || end == tab || *end || !(r->until_sd > 0 && r->until_sd < UNTIL_SD_PCT_BELOW) ||
	    max < MAX_RUNS_MIN || max > MAX_RUNS_MAX)
		return error("%s:%d: 'until_sd' wants 0, or a percentage and a run count", r->path,
			     line);
	r->max_runs = (int)max;
	return 0;
}

/* one "KEY<tab>VALUE" line before the config */
static int parse_line(struct resume_plan *r, char *text, int line)
{
	char *value = strchr(text, '\t');

	if (!value)
		return error("%s:%d: not a line of a plan: '%s'", r->path, line, text);
	*value++ = '\0';
	if (!strcmp(text, "command")) {
		free(r->command);
		r->command = xstrdup(value);
	} else if (!strcmp(text, "until_sd")) {
		return parse_until_sd(r, value, line);
	} else if (!strcmp(text, "load")) {
		return parse_load(r, value, line);
	} else {
		return error("%s:%d: unknown key '%s'", r->path, line, text);
	}
	return 0;
}

static int parse_plan(struct resume_plan *r, char *text)
{
	int line = 0;

	for (char *p = text; *p;) {
		char *nl = strchr(p, '\n');

		line++;
		if (!nl)
			return error("%s:%d: the plan is cut short", r->path, line);
		*nl = '\0';
		if (!strcmp(p, "config")) {
			r->config = xstrdup(nl + 1);
			return r->nloads && r->command ? 0 :
			       error("%s: a plan without loads or command", r->path);
		}
		if (*p != '#' && parse_line(r, p, line) < 0)
			return -1;
		p = nl + 1;
	}
	return error("%s: the plan has no config", r->path);
}

int resume_read(const char *kdir, struct resume_plan *r)
{
	char *text;
	int ret;

	memset(r, 0, sizeof(*r));
	r->path = xasprintf("%s/%s", kdir, PLAN_NAME);
	text = read_regular_file(r->path, NULL);	/* a FIFO would hang the run, locks held */
	if (!text && errno == ENOENT)
		return error("nothing to resume: no interrupted plan in '%s'", kdir);
	if (!text)
		return error("cannot read '%s': %s", r->path, file_strerror(errno));
	ret = parse_plan(r, text);
	free(text);
	return ret;
}

/* ---- is it the same plan ---- */

int resume_take_runs(const struct resume_plan *r, struct config *cfg)
{
	const char *p = r->config;

	/* config_dump's top level, before the first [load] section */
	while (*p && *p != '[') {
		size_t len = strcspn(p, "\n");

		if (len > 7 && !strncmp(p, "runs = ", 7)) {
			char *value = xasprintf("%.*s", (int)(len - 7), p + 7);
			int ret = config_set_field(cfg, &contest_config(cfg)->main.runs, value,
						   r->path);

			free(value);
			return ret;
		}
		p += len + (p[len] == '\n');
	}
	return 0;	/* none: check_config says how the configs differ */
}

/* the first line where a and b differ, into *la and *lb (NUL-ended copies) */
static int first_difference(const char *a, const char *b, char **la, char **lb)
{
	while (*a || *b) {
		size_t na = strcspn(a, "\n"), nb = strcspn(b, "\n");

		if (na != nb || memcmp(a, b, na)) {
			*la = xasprintf("%.*s", (int)na, a);
			*lb = xasprintf("%.*s", (int)nb, b);
			return 1;
		}
		a += na + (a[na] != '\0');
		b += nb + (b[nb] != '\0');
	}
	return 0;
}

static int check_config(const struct resume_plan *r, const struct config *cfg)
{
	char *now = config_dump_text(cfg), *la, *lb;
	int ret = 0;

	if (first_difference(now, r->config, &la, &lb)) {
		ret = error("the config differs from the interrupted plan's ('%s'): now '%s', was '%s'",
			    r->path, *la ? la : "(nothing)", *lb ? lb : "(nothing)");
		free(la);
		free(lb);
	}
	free(now);
	return ret;
}

static int check_loads(const struct resume_plan *r, const struct plan *p)
{
	int same = (size_t)r->nloads == p->nloads, ret = 0;
	char *was = xstrdup("");

	for (int i = 0; same && i < r->nloads; i++)
		same = !strcmp(r->loads[i], p->loads[i].row);
	for (int i = 0; !same && i < r->nloads; i++) {
		char *more = xasprintf("%s %s", was, r->loads[i]);

		free(was);
		was = more;
	}
	if (!same)
		ret = error("the loads differ from the interrupted plan's ('%s'), which ran:%s",
			    r->path, was);
	free(was);
	return ret;
}

int resume_check(const struct resume_plan *r, const struct config *cfg, const struct plan *p)
{
	int ret = 0;

	if (check_config(r, cfg) < 0 || check_loads(r, p) < 0)
		ret = -1;
	if (ret < 0)
		info("it was made by: %s", r->command);
	return ret;
}

/* ---- what is left to do ---- */

/* what the rows of runs.tsv say is done of plan r's loads */
struct done_scan {
	const struct resume_plan *r;
	int *n;				/* per r->loads: rows above its base, not cut short */
	struct running_stats **time;	/* per r->loads: NULL, or where their ok Times go */
};

static const char *count_done(const struct run_row *row, void *data)
{
	struct done_scan *d = data;

	for (int i = 0; i < d->r->nloads; i++) {
		if (strcmp(row->load, d->r->loads[i]) || row->run <= d->r->base[i] ||
		    !strcmp(row->status, "aborted"))
			continue;
		d->n[i]++;
		if (d->time[i] && !strcmp(row->status, "ok"))
			running_stats_add(d->time[i], row->time_s);
	}
	return NULL;
}

/* drop from p what d counted of r's loads (ls: each one's state in p) */
static void drop_done(const struct resume_plan *r, const struct done_scan *d,
		      struct load_state **ls, struct plan *p, int *done)
{
	for (int i = 0; i < r->nloads; i++) {
		if (!ls[i])
			continue;	/* resume_check saw to it that every one is planned */
		plan_drop(p, ls[i], d->n[i]);
		if (done)
			done[ls[i] - p->loads] = d->n[i];
	}
}

int resume_skip_done(const struct resume_plan *r, const char *results, const char *kernel,
		     struct plan *p, int *done, struct running_stats *time)
{
	char *runs = results_path(results, kernel, RUNS_FILE);
	size_t n = (size_t)r->nloads + 1, before = p->nsteps, recorded;
	struct done_scan d = { r, xcalloc(n, sizeof(*d.n)), xcalloc(n, sizeof(*d.time)) };
	struct load_state **ls = xcalloc(n, sizeof(*ls));
	int ret = 0;

	for (int i = 0; i < r->nloads; i++) {
		ls[i] = plan_row(p, r->loads[i]);
		if (ls[i] && time)
			d.time[i] = &time[ls[i] - p->loads];
	}
	if (results_scan(runs, 1, count_done, &d, NULL) < 0) {
		ret = -1;
	} else {
		drop_done(r, &d, ls, p, done);
		recorded = before - p->nsteps;
		plan_pair_cacherun(p);
		info("resuming the plan of '%s': %zu of %zu runs are recorded, %zu to go",
		     r->path, recorded, before, p->nsteps);
	}
	free(ls);
	free(d.n);
	free(d.time);
	free(runs);
	return ret;
}

void resume_finish(const char *kdir)
{
	char *path = xasprintf("%s/%s", kdir, PLAN_NAME);

	if (unlink(path) < 0 && errno != ENOENT)
		warning("cannot remove '%s': %s", path, strerror(errno));
	free(path);
}

void resume_release(struct resume_plan *r)
{
	for (int i = 0; i < r->nloads; i++)
		free(r->loads[i]);
	free(r->loads);
	free(r->base);
	free(r->command);
	free(r->config);
	free(r->path);
	memset(r, 0, sizeof(*r));
}
