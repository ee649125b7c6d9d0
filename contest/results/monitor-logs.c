/* monitor-logs.c - the monitors' logs of a kernel's runs, see monitor-logs.h */
#include "results/monitor-logs.h"
#include "results/store.h"
#include "sys/psi.h"
#include "lib/util.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* vmstat's columns we keep, found by name in its header */
enum { V_FREE, V_SI, V_SO, V_WA, V_N };
static const char *const vmstat_cols[V_N] = { "free", "si", "so", "wa" };

static int vmstat_header(char *line, int *col)
{
	char *save = NULL, *w;
	int c = 0, found = 0;

	for (int i = 0; i < V_N; i++)
		col[i] = -1;
	for (w = strtok_r(line, " \t", &save); w; w = strtok_r(NULL, " \t", &save), c++)
		for (int i = 0; i < V_N; i++)
			if (!strcmp(w, vmstat_cols[i]) && col[i] < 0 && ++found)
				col[i] = c;
	return found == V_N ? 0 : -1;
}

size_t monitor_parse_vmstat(const char *log, struct vmstat_sample **out)
{
	char *text = xstrdup(log), *line, *save = NULL;
	int col[V_N], have_header = 0, seen = 0;
	size_t n_out = 0;

	*out = NULL;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		double v[32];
		char *p = line, *end;
		int n = 0;

		if (strstr(line, " free ")) {
			have_header = vmstat_header(line, col) == 0;
			continue;
		}
		while (n < 32 && (v[n] = strtod(p, &end), end != p)) {
			n++;
			p = end;
		}
		/* the first sample is the average since boot, not a second of the run */
		if (!have_header || n <= col[V_WA] || seen++ == 0)
			continue;
		*out = xrealloc(*out, (n_out + 1) * sizeof(**out));
		(*out)[n_out++] = (struct vmstat_sample){ v[col[V_FREE]], v[col[V_SI]],
							  v[col[V_SO]], v[col[V_WA]] };
	}
	free(text);
	return n_out;
}

size_t monitor_parse_psi(const char *log, struct psi_sample **out)
{
	char *text = xstrdup(log), *line, *save = NULL;
	double prev[1 + PSI_NCOL] = { 0 };
	int have_prev = 0;
	size_t n_out = 0;

	*out = NULL;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		double v[1 + PSI_NCOL];
		int n = 0;
		char *p = line, *end;

		while (n < 1 + PSI_NCOL) {
			p += strspn(p, " ");
			if (p[0] == '-' && (p[1] == ' ' || !p[1])) {	/* a line PSI lacks */
				v[n++] = NAN;
				p++;
				continue;
			}
			v[n] = strtod(p, &end);
			if (end == p)
				break;
			n++;
			p = end;
		}
		if (n < 1 + PSI_NCOL)	/* the comment line */
			continue;
		if (have_prev && v[0] > prev[0]) {
			double us = (v[0] - prev[0]) * 1e4;	/* microseconds in 1% of the interval */

			*out = xrealloc(*out, (n_out + 1) * sizeof(**out));
			(*out)[n_out++] = (struct psi_sample){ v[0], (v[1] - prev[1]) / us,
							       (v[3] - prev[3]) / us,
							       (v[5] - prev[5]) / us };
		}
		memcpy(prev, v, sizeof(prev));
		have_prev = 1;
	}
	free(text);
	return n_out;
}

/* ---- profiles ---- */

static void count_add(struct profile_count **list, size_t *n, const char *name, double v)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*list)[i].name, name)) {
			(*list)[i].n += v;
			return;
		}
	*list = xrealloc(*list, (*n + 1) * sizeof(**list));
	(*list)[(*n)++] = (struct profile_count){ xstrdup(name), v };
}

static int count_cmp(const void *a, const void *b)
{
	const struct profile_count *x = a, *y = b;

	return x->n != y->n ? (x->n < y->n ? 1 : -1) : strcmp(x->name, y->name);
}

int monitor_parse_profile(const char *log, struct monitor_profile *p)
{
	char *text = xstrdup(log), *line, *save = NULL;
	int have_samples = 0;

	memset(p, 0, sizeof(*p));
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		double v;
		int at = 0;

		if (sscanf(line, "event %31s", p->event) == 1)
			continue;
		if (sscanf(line, "samples %lf", &v) == 1)
			p->samples = v, have_samples = 1;
		else if (sscanf(line, "kernel %lf", &v) == 1)
			p->kernel = v;
		else if (sscanf(line, "comm %lf %n", &v, &at) == 1 && at && line[at])
			count_add(&p->comms, &p->ncomms, line + at, v);
		else if (sscanf(line, "sym %lf %n", &v, &at) == 1 && at && line[at])
			count_add(&p->syms, &p->nsyms, line + at, v);
	}
	free(text);
	if (!have_samples) {
		monitor_profile_release(p);
		return -1;
	}
	return 0;
}

void monitor_profile_release(struct monitor_profile *p)
{
	for (size_t i = 0; i < p->ncomms; i++)
		free(p->comms[i].name);
	for (size_t i = 0; i < p->nsyms; i++)
		free(p->syms[i].name);
	free(p->comms);
	free(p->syms);
	memset(p, 0, sizeof(*p));
}

double monitor_profile_sym_pct(const struct monitor_profile *p, const char *sym)
{
	if (!(p->kernel > 0))
		return NAN;
	for (size_t i = 0; i < p->nsyms; i++)
		if (!strcmp(p->syms[i].name, sym))
			return 100.0 * p->syms[i].n / p->kernel;
	return 0;
}

/* sum run's profile into the log's */
static void profile_sum(struct monitor_profile *sum, const struct monitor_profile *run)
{
	if (!sum->event[0])
		snprintf(sum->event, sizeof(sum->event), "%s", run->event);
	else if (strcmp(sum->event, run->event))	/* runs of different events: say both */
		snprintf(sum->event, sizeof(sum->event), "mixed");
	sum->samples += run->samples;
	sum->kernel += run->kernel;
	for (size_t i = 0; i < run->ncomms; i++)
		count_add(&sum->comms, &sum->ncomms, run->comms[i].name, run->comms[i].n);
	for (size_t i = 0; i < run->nsyms; i++)
		count_add(&sum->syms, &sum->nsyms, run->syms[i].name, run->syms[i].n);
}

/* ---- swap ---- */

static void swap_sum(struct monitor_swap *sw, const struct monitor_run *runs, size_t nruns)
{
	memset(sw, 0, sizeof(*sw));
	sw->si_min = sw->so_min = INFINITY;
	sw->si_max = sw->so_max = -INFINITY;
	for (size_t r = 0; r < nruns; r++)
		for (size_t i = 0; i < runs[r].nvmstat; i++) {
			const struct vmstat_sample *v = &runs[r].vmstat[i];

			sw->si_min = fmin(sw->si_min, v->si);
			sw->si_max = fmax(sw->si_max, v->si);
			sw->so_min = fmin(sw->so_min, v->so);
			sw->so_max = fmax(sw->so_max, v->so);
			sw->si_mean += v->si;
			sw->so_mean += v->so;
			sw->wa_mean += v->wa;
			sw->n++;
		}
	if (sw->n) {
		sw->si_mean /= (double)sw->n;
		sw->so_mean /= (double)sw->n;
		sw->wa_mean /= (double)sw->n;
	} else {
		sw->si_min = sw->si_max = sw->si_mean = NAN;
		sw->so_min = sw->so_max = sw->so_mean = sw->wa_mean = NAN;
	}
}

/* the run number N of "LOAD.N.vmstat" or "LOAD.N.profile", 0 for another name */
static int log_run(const char *name, const char *load, size_t llen)
{
	int interactive = row_kind(load) == ROW_INTERACTIVE;
	char *end;
	long run;

	if (strncmp(name, load, llen) || name[llen] != '.')
		return 0;
	run = strtol(name + llen + 1, &end, 10);
	if (end == name + llen + 1 ||
	    (strcmp(end, ".vmstat") && strcmp(end, ".profile") && (!interactive || strcmp(end, ".make"))) ||
	    run < 1 || run > 1000000000)
		return 0;
	return (int)run;
}

/* the run numbers N of logs/LOAD.N.vmstat and .profile, sorted, once each; count */
static int vmstat_runs(const char *logdir, const char *load, int *runs, int max)
{
	DIR *d = opendir(logdir);
	struct dirent *de;
	size_t llen = strlen(load);
	int n = 0;

	if (!d)
		return 0;
	while ((de = readdir(d)) && n < max) {
		int run = log_run(de->d_name, load, llen), seen = 0;

		for (int i = 0; i < n && !seen; i++)
			seen = runs[i] == run;
		if (run && !seen)
			runs[n++] = run;
	}
	closedir(d);
	for (int i = 1; i < n; i++)	/* a handful: insertion sort */
		for (int j = i; j > 0 && runs[j - 1] > runs[j]; j--) {
			int tmp = runs[j];

			runs[j] = runs[j - 1];
			runs[j - 1] = tmp;
		}
	return n;
}

/* the text of logdir/LOAD.N.EXT, NULL when it cannot be read */
static char *read_log(const char *logdir, const char *load, int run, const char *ext)
{
	char *path = xasprintf("%s/%s.%d.%s", logdir, load, run, ext);
	char *text = read_regular_file_warn(path, NULL);	/* a FIFO, /dev/zero: left out */

	free(path);
	return text;
}

size_t monitor_parse_latency(const char *text, double **out)
{
	size_t n = 0, alloc = 0;
	double x;

	*out = NULL;
	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (strncmp(p, "lat ", 4) || sscanf(p + 4, "%lf", &x) != 1 || !(x >= 0))
			continue;
		if (n == alloc) {
			alloc = alloc ? 2 * alloc : 1024;
			*out = xrealloc(*out, alloc * sizeof(**out));
		}
		(*out)[n++] = x;
	}
	return n;
}

/* a run's latencies added to the kernel's */
static void add_latency(struct monitor_log *log, const char *text)
{
	double *v;
	size_t n = monitor_parse_latency(text, &v);

	if (!n)
		return;
	log->latency_us = xrealloc(log->latency_us, (log->nlatency + n) * sizeof(*v));
	memcpy(log->latency_us + log->nlatency, v, n * sizeof(*v));
	log->nlatency += n;
	free(v);
}

static int double_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void monitor_log_read(const char *dir, const char *kernel, const char *load,
		      struct monitor_log *log)
{
	char *logdir = results_path(dir, kernel, "logs"), *text;
	int runs[MONITOR_MAX_RUNS], n = vmstat_runs(logdir, load, runs, MONITOR_MAX_RUNS);

	memset(log, 0, sizeof(*log));
	log->kernel = xstrdup(kernel);
	log->load = xstrdup(load);
	log->runs = xcalloc((size_t)n + 1, sizeof(*log->runs));
	log->nruns = (size_t)n;
	for (int i = 0; i < n; i++) {
		struct monitor_run *run = &log->runs[i];

		run->run = runs[i];
		if ((text = read_log(logdir, load, runs[i], "vmstat"))) {
			run->nvmstat = monitor_parse_vmstat(text, &run->vmstat);
			free(text);
		}
		if ((text = read_log(logdir, load, runs[i], "psi"))) {
			run->npsi = monitor_parse_psi(text, &run->psi);
			free(text);
		}
		if (row_kind(load) == ROW_INTERACTIVE && (text = read_log(logdir, load, runs[i], "make"))) {
			add_latency(log, text);
			free(text);
		}
		if ((text = read_log(logdir, load, runs[i], "profile"))) {
			if (monitor_parse_profile(text, &run->profile) == 0) {
				profile_sum(&log->profile, &run->profile);
				log->nprofiled++;
			}
			free(text);
		}
	}
	if (log->profile.ncomms)
		qsort(log->profile.comms, log->profile.ncomms, sizeof(*log->profile.comms),
		      count_cmp);
	if (log->profile.nsyms)
		qsort(log->profile.syms, log->profile.nsyms, sizeof(*log->profile.syms), count_cmp);
	swap_sum(&log->swap, log->runs, log->nruns);
	if (log->nlatency)	/* none: latency_us is NULL, which qsort must not see */
		qsort(log->latency_us, log->nlatency, sizeof(*log->latency_us), double_cmp);
	free(logdir);
}

void monitor_log_release(struct monitor_log *log)
{
	free(log->latency_us);
	for (size_t i = 0; i < log->nruns; i++) {
		free(log->runs[i].vmstat);
		free(log->runs[i].psi);
		monitor_profile_release(&log->runs[i].profile);
	}
	monitor_profile_release(&log->profile);
	free(log->runs);
	free(log->kernel);
	free(log->load);
	memset(log, 0, sizeof(*log));
}

void monitor_logs_read(struct monitor_logs *m, const char *dir, const struct report *r)
{
	size_t cap = 0;

	memset(m, 0, sizeof(*m));
	for (size_t i = 0; i < r->ntables; i++)
		cap += r->tables[i].nrows;
	m->logs = xcalloc(cap + 1, sizeof(*m->logs));
	for (size_t i = 0; i < r->ntables; i++)
		for (size_t j = 0; j < r->tables[i].nrows; j++)
			monitor_log_read(dir, r->tables[i].rows[j].kernel, r->tables[i].load,
					 &m->logs[m->n++]);
}

void monitor_logs_release(struct monitor_logs *m)
{
	for (size_t i = 0; i < m->n; i++)
		monitor_log_release(&m->logs[i]);
	free(m->logs);
	memset(m, 0, sizeof(*m));
}

const struct monitor_log *monitor_logs_find(const struct monitor_logs *m, const char *kernel,
					    const char *load)
{
	for (size_t i = 0; m && i < m->n; i++)
		if (!strcmp(m->logs[i].kernel, kernel) && !strcmp(m->logs[i].load, load))
			return &m->logs[i];
	return NULL;
}
