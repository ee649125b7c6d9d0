/* summary.c - per kernel and load, the summaries of its runs, see summary.h */
#include "results/summary.h"
#include "results/store.h"
#include "record/env.h"
#include "lib/intern.h"
#include "lib/membuf.h"
#include "lib/owner.h"
#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define STR_(x) #x
#define STR(x) STR_(x)

/* days from 1970-01-01 to y-m-d of the proleptic Gregorian calendar, a
 * day past the month's end counting on into the next (as timegm does) */
static long days_from_civil(long y, int m, int d)
{
	long era, yoe, doy;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

/* the n digits at s as a number; -1 when one is not a digit */
static int digits(const char *s, int n)
{
	int v = 0;

	for (int i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = 10 * v + (s[i] - '0');
	}
	return v;
}

/*
 * ISO 8601 UTC ("2002-11-16T03:22:13Z", fraction and zone letter optional).
 * A lab's report reads hundreds of thousands of them: the form contest
 * writes is read by hand; anything looser goes the way it always went
 * (sscanf, timegm), so both give the same time for a stamp.
 */
static int parse_timestamp(const char *s, double *epoch)
{
	/* each part only once the ones before it were there: s may be short */
	int y = digits(s, 4), mo = y >= 0 && s[4] == '-' ? digits(s + 5, 2) : -1;
	int d = mo >= 1 && mo <= 12 && s[7] == '-' ? digits(s + 8, 2) : -1;
	int h = d >= 1 && s[10] == 'T' ? digits(s + 11, 2) : -1;
	int mi = h >= 0 && s[13] == ':' ? digits(s + 14, 2) : -1;
	size_t sec_len = 2;
	struct tm tm;
	char secs[32];
	double sec;
	long f[5];
	int n = 0;

	if (mi >= 0 && s[16] == ':' && digits(s + 17, 2) >= 0) {
		if (s[19] == '.')
			sec_len = 3 + strspn(s + 20, "0123456789");
		if (sec_len < sizeof(secs) &&
		    (!s[17 + sec_len] || !strcmp(s + 17 + sec_len, "Z") ||
		     !strcmp(s + 17 + sec_len, "+00:00"))) {
			memcpy(secs, s + 17, sec_len);
			secs[sec_len] = '\0';
			if (plain_decimal(secs, &sec))
				sec = strtod(secs, NULL);
			*epoch = (double)(days_from_civil(y, mo, d) * 86400L + h * 3600L +
					  mi * 60L + (int)sec) + (sec - (int)sec);
			return 0;
		}
	}
	/* longs, each field's range checked: a hand-edited stamp may be anything */
	if (sscanf(s, "%ld-%ld-%ldT%ld:%ld:%lf%n", &f[0], &f[1], &f[2], &f[3], &f[4],
		   &sec, &n) != 6 || n == 0)
		return -1;
	if (s[n] && strcmp(s + n, "Z") && strcmp(s + n, "+00:00"))
		return -1;
	if (f[0] < 0 || f[0] > 9999 || f[1] < 1 || f[1] > 12 || f[2] < 1 || f[2] > 31 ||
	    f[3] < 0 || f[3] > 24 || f[4] < 0 || f[4] > 60 || !(sec >= 0 && sec < 62))
		return -1;
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = (int)f[0] - 1900;
	tm.tm_mon = (int)f[1] - 1;
	tm.tm_mday = (int)f[2];
	tm.tm_hour = (int)f[3];
	tm.tm_min = (int)f[4];
	tm.tm_sec = (int)sec;
	*epoch = (double)timegm(&tm) + (sec - (int)sec);
	return 0;
}

const struct load_summary *kernel_results_load(const struct kernel_results *kr,
					       const char *load)
{
	load = intern(load);
	for (size_t i = 0; i < kr->nloads; i++)
		if (kr->loads[i].load == load)
			return &kr->loads[i];
	return NULL;
}

const struct load_summary *kernel_results_point(const struct kernel_results *kr,
						const char *load, const char *sweep)
{
	load = intern(load);
	sweep = intern(sweep);
	for (size_t i = 0; i < kr->nloads; i++)
		if (kr->loads[i].load == load && kr->loads[i].sweep == sweep)
			return &kr->loads[i];
	return NULL;
}

/* what a summary's psi, lat and counts point at until a run has them */
#define NO_STATS_2(a, b) ((a) > (b) ? (a) : (b))
static const struct running_stats no_stats[NO_STATS_2(NO_STATS_2(2 * PSI_NCOL, LAT_NCOL), EXTRAS)];
_Static_assert(COUNTS <= ARRAY_SIZE(no_stats) && EXTRAS <= ARRAY_SIZE(no_stats),
	       "no_stats covers the counters and the extra measures");

/* load's summary at sweep (interned), made when it is new; NULL when kr
 * holds as many as it may. A file's rows come a load at a time: its last
 * summary is looked at first. */
static struct load_summary *summary_of(struct kernel_results *kr, const char *load,
				       const char *sweep)
{
	struct load_summary *ls = kr->nloads ? &kr->loads[kr->nloads - 1] : NULL;

	if (ls && ls->load == load && ls->sweep == sweep)
		return ls;
	for (size_t i = 0; i < kr->nloads; i++)
		if (kr->loads[i].load == load && kr->loads[i].sweep == sweep)
			return &kr->loads[i];
	if (kr->nloads == KERNEL_MAX_LOADS)
		return NULL;
	if (kr->nloads == kr->loads_alloc) {	/* doubling: one more each copied them all */
		kr->loads_alloc = kr->loads_alloc ? 2 * kr->loads_alloc : 8;
		kr->loads = xrealloc(kr->loads, kr->loads_alloc * sizeof(*kr->loads));
	}
	ls = &kr->loads[kr->nloads++];
	memset(ls, 0, sizeof(*ls));
	ls->load = load;
	ls->sweep = sweep;
	running_stats_init(&ls->time);
	running_stats_init(&ls->cpu);
	running_stats_init(&ls->loads);
	running_stats_init(&ls->lcpu);
	ls->psi = ls->lat = ls->counts = no_stats;
	for (size_t g = 0; g < EXTRA_GROUPS; g++)
		ls->extra[g] = no_stats;
	ls->own_names = intern("");
	ls->first_ok = ls->last_ok = NAN;
	running_stats_init(&ls->steal);
	running_stats_init(&ls->majflt);
	running_stats_init(&ls->others);
	return ls;
}

/* x into stats[i] of a block that is the shared empty one until a value comes */
static void add_kept(const struct running_stats **stats, size_t n, size_t i, double x)
{
	struct running_stats *own;

	if (isnan(x))
		return;
	if (*stats == no_stats) {
		own = xcalloc(n, sizeof(*own));
		for (size_t j = 0; j < n; j++)
			running_stats_init(&own[j]);
		*stats = own;
	}
	own = (struct running_stats *)*stats;	/* its own block now */
	running_stats_add(&own[i], x);
}

static void free_kept(const struct running_stats *stats)
{
	if (stats != no_stats)
		free((void *)stats);
}

/* one more run of status, which is not ok; -1 when ls has too many kinds */
static int count_not_ok(struct load_summary *ls, const char *status)
{
	size_t i;

	for (i = 0; i < ls->n_not_ok_kinds; i++) {
		if (!strcmp(ls->not_ok[i].status, status)) {
			ls->not_ok[i].n++;
			ls->n_not_ok++;
			return 0;
		}
	}
	if (ls->n_not_ok_kinds == LOAD_MAX_STATUSES)
		return -1;
	ls->not_ok = xrealloc(ls->not_ok, (ls->n_not_ok_kinds + 1) * sizeof(*ls->not_ok));
	for (i = ls->n_not_ok_kinds; i > 0 && strcmp(ls->not_ok[i - 1].status, status) > 0; i--)
		ls->not_ok[i] = ls->not_ok[i - 1];
	snprintf(ls->not_ok[i].status, sizeof(ls->not_ok[i].status), "%s", status);
	ls->not_ok[i].n = 1;
	ls->n_not_ok_kinds++;
	ls->n_not_ok++;
	return 0;
}

const char *const run_note_names[RUN_NOTES] = { "disturbed", "did not load" };

/* one more ok run with a note, in the summary's short list */
static void add_note(struct run_notes *note, int run, const char *text)
{
	size_t len, room;
	int n;

	if (!note->text)	/* most runs have none: no room kept for them */
		note->text = xcalloc(1, RUN_NOTE_TEXT);
	len = strlen(note->text);
	room = RUN_NOTE_TEXT - len;

	note->n++;
	if (len >= 3 && !strcmp(note->text + len - 3, "..."))
		return;
	/* too little room for another (or for this one): the list is cut, and says so */
	n = room < 4 ? -1 :
	    snprintf(note->text + len, room, "%srun %d %s", len ? ", " : "", run, text);
	if (n < 0 || (size_t)n >= room)
		snprintf(note->text + RUN_NOTE_TEXT - 4, 4, "...");
}

double run_value(const struct load_summary *ls, size_t i, int v)
{
	int e = v - RUN_MAIN - RUN_MORE, g = EXTRA_GROUP(e);

	if (v < RUN_MAIN)
		return ls->runs[i].v[v];
	if (e < 0)
		return ls->more ? ls->more[i * RUN_MORE + (size_t)(v - RUN_MAIN)] : NAN;
	return ls->extra_runs[g] ? ls->extra_runs[g][i * EXTRA_GROUP_SIZE(g) +
						      (size_t)(e - EXTRA_GROUP_START(g))] : NAN;
}

/* the row's values of a timed task and counters, in run_value()'s order */
static void more_values(const struct run_row *row, double *more)
{
	for (size_t i = 0; i < LAT_NCOL; i++)
		more[i] = row->interactive[i];
	for (size_t i = 0; i < COUNTS; i++)
		more[LAT_NCOL + i] = row->counts[i];
}

/* does the row have one of n values? */
static int has_any(const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isnan(v[i]))
			return 1;
	return 0;
}

/* *values, n a run, room for alloc runs (made, NAN, once a run has one of
 * them: the nruns before had none) and row's v stored as run nruns */
static void keep_values(double **values, size_t n, size_t alloc, size_t nruns, int grown,
			const double *v)
{
	if (*values && grown)
		*values = xrealloc(*values, alloc * n * sizeof(**values));
	if (!*values && has_any(v, n)) {
		*values = xmalloc(alloc * n * sizeof(**values));
		for (size_t i = 0; i < nruns * n; i++)
			(*values)[i] = NAN;
	}
	if (*values)
		memcpy(&(*values)[nruns * n], v, n * sizeof(*v));
}

/* room for one more kept run, and for its values past RUN_MAIN once some run has them */
static void keep_run(struct load_summary *ls, const struct run_row *row)
{
	double more[RUN_MORE];
	struct run_values *rv;
	int grown = 0;

	if (ls->nruns == ls->runs_alloc) {	/* doubling: a realloc a row costs n^2 */
		ls->runs_alloc = ls->runs_alloc ? 2 * ls->runs_alloc : 4;
		ls->runs = xrealloc(ls->runs, ls->runs_alloc * sizeof(*ls->runs));
		grown = 1;
	}
	more_values(row, more);
	keep_values(&ls->more, RUN_MORE, ls->runs_alloc, ls->nruns, grown, more);
	for (int g = 0; g < EXTRA_GROUPS; g++)
		keep_values(&ls->extra_runs[g], EXTRA_GROUP_SIZE(g), ls->runs_alloc, ls->nruns,
			    grown, &row->extra[EXTRA_GROUP_START(g)]);
	rv = &ls->runs[ls->nruns++];
	rv->run = row->run;
	rv->v[0] = row->time_s;
	rv->v[1] = row->cpu_pct;
	rv->v[2] = row->loads;
	rv->v[3] = row->lcpu_pct;
}

static void add_ok(struct load_summary *ls, const struct run_row *row, const double *when,
		   int no_runs)
{
	if (!isnan(row->steal_s))
		running_stats_add(&ls->steal, row->steal_s);
	if (!isnan(row->pgmajfault))
		running_stats_add(&ls->majflt, row->pgmajfault);
	if (!isnan(row->others_cpu_s))
		running_stats_add(&ls->others, row->others_cpu_s);
	if (row->disturbed[0])
		add_note(&ls->notes[NOTE_DISTURBED], row->run, row->disturbed);
	if (row->unloaded[0])
		add_note(&ls->notes[NOTE_UNLOADED], row->run, row->unloaded);
	for (size_t i = 0; i < LAT_NCOL; i++)
		add_kept(&ls->lat, LAT_NCOL, i, row->interactive[i]);
	for (size_t i = 0; i < COUNTS; i++)
		add_kept(&ls->counts, COUNTS, i, row->counts[i]);
	for (int i = 0; i < EXTRAS; i++)
		add_kept(&ls->extra[EXTRA_GROUP(i)], EXTRA_GROUP_SIZE(EXTRA_GROUP(i)),
			 (size_t)(i - EXTRA_GROUP_START(EXTRA_GROUP(i))), row->extra[i]);
	if (row->own_names[0] && !ls->own_names[0])
		ls->own_names = intern(row->own_names);
	if (when) {
		if (isnan(ls->first_ok) || *when < ls->first_ok)
			ls->first_ok = *when;
		if (isnan(ls->last_ok) || *when > ls->last_ok)
			ls->last_ok = *when;
	}
	if (no_runs) {
		;	/* the reader shows means only */
	} else if (ls->time.n < LOAD_MAX_PAIRED) {
		keep_run(ls, row);
	} else if (ls->runs) {
		free(ls->runs);	/* a partial set would pair the wrong rounds */
		free(ls->more);
		ls->runs = NULL;
		ls->more = NULL;
		for (size_t g = 0; g < EXTRA_GROUPS; g++) {
			free(ls->extra_runs[g]);
			ls->extra_runs[g] = NULL;
		}
		ls->nruns = ls->runs_alloc = 0;
	}
	running_stats_add(&ls->time, row->time_s);
	running_stats_add(&ls->cpu, row->cpu_pct);
	running_stats_add(&ls->loads, row->loads);
	running_stats_add(&ls->lcpu, row->lcpu_pct);
	for (size_t p = 0; p < 2 * PSI_NCOL; p++)
		add_kept(&ls->psi, 2 * PSI_NCOL, p, row->psi_us[p]);
}

const char *kernel_results_add(const struct run_row *row, void *data)
{
	struct kernel_results *kr = data;
	struct load_summary *ls = summary_of(kr, intern(row->load), intern(row->sweep));
	double when;
	int dated = row->timestamp[0] && !parse_timestamp(row->timestamp, &when);

	if (!ls)
		return "more loads than " STR(KERNEL_MAX_LOADS) " in one file";
	if (!strcmp(row->status, "ok"))
		add_ok(ls, row, dated ? &when : NULL, kr->no_runs);
	else if (count_not_ok(ls, row->status) < 0)
		return "more statuses than " STR(LOAD_MAX_STATUSES) " for one load";
	/* a run cut short (aborted) keeps its number too: the run that redoes it
	 * takes the next, so that no number is twice in runs.tsv (nor its logs) */
	if (row->run > ls->highest_run)
		ls->highest_run = row->run;
	if (dated && (!kr->dated || when < kr->first_seen)) {
		kr->first_seen = when;
		kr->dated = 1;
	}
	return NULL;
}

/*
 * What the summaries of a kernel keep besides themselves (the blocks of
 * statistics some run had, the kept runs' values), each made and grown
 * as the rows came, moved into one block of the kernel's (kr->kept): a
 * lab's 120000 summaries hold four or five blocks each, and each costs
 * its allocator's header and rounding, its room to grow, and a cache
 * line of its own where compare walks them. No row is added after.
 */
/* a block of n stats (no_stats: none kept) moved to base + *at (base
 * NULL: only counted); *at past it */
static void pack_stats(const struct running_stats **stats, size_t n, char *base, size_t *at)
{
	if (*stats == no_stats)
		return;
	if (base) {
		memcpy(base + *at, *stats, n * sizeof(**stats));
		free((void *)*stats);
		*stats = (const struct running_stats *)(void *)(base + *at);
	}
	*at += n * sizeof(**stats);
}

/* the same for size bytes of values (NULL: none kept) */
static void pack_values(void **values, size_t size, char *base, size_t *at)
{
	if (!*values)
		return;
	if (base) {
		memcpy(base + *at, *values, size);
		free(*values);
		*values = base + *at;
	}
	*at += size;
}

/* ls's blocks moved to base + *at, as pack_stats(): each of doubles and
 * sizes, so each starts aligned as the one before ends */
_Static_assert(sizeof(struct running_stats) % _Alignof(double) == 0 &&
	       sizeof(struct run_values) % _Alignof(double) == 0 &&
	       _Alignof(struct running_stats) <= _Alignof(double) &&
	       _Alignof(struct run_values) <= _Alignof(double), "the kept blocks pack aligned");
static void pack_summary(struct load_summary *ls, char *base, size_t *at)
{
	pack_stats(&ls->psi, 2 * PSI_NCOL, base, at);
	pack_stats(&ls->lat, LAT_NCOL, base, at);
	pack_stats(&ls->counts, COUNTS, base, at);
	for (int g = 0; g < EXTRA_GROUPS; g++)
		pack_stats(&ls->extra[g], (size_t)EXTRA_GROUP_SIZE(g), base, at);
	pack_values((void **)&ls->runs, ls->nruns * sizeof(*ls->runs), base, at);
	pack_values((void **)&ls->more, ls->nruns * RUN_MORE * sizeof(*ls->more), base, at);
	for (int g = 0; g < EXTRA_GROUPS; g++)
		pack_values((void **)&ls->extra_runs[g],
			    ls->nruns * (size_t)EXTRA_GROUP_SIZE(g) * sizeof(double), base, at);
	if (base)
		ls->runs_alloc = ls->nruns;
}

static void pack_kept(struct kernel_results *kr)
{
	size_t size = 0, at = 0;

	for (size_t i = 0; i < kr->nloads; i++)
		pack_summary(&kr->loads[i], NULL, &size);
	if (!size)
		return;
	kr->kept = xmalloc(size);
	for (size_t i = 0; i < kr->nloads; i++)
		pack_summary(&kr->loads[i], kr->kept, &at);
}

/* results_read_kernel, as flags say */
static int read_kernel(const char *dir, const char *kernel, struct kernel_results *out,
		       unsigned flags)
{
	char *path = results_path(dir, kernel, RUNS_FILE);
	double mtime = 0;
	int ret;

	memset(out, 0, sizeof(*out));
	out->name = xstrdup(kernel);
	out->no_runs = (flags & RESULTS_NO_RUNS) != 0;
	ret = results_scan(path, 0, kernel_results_add, out, &mtime);
	if (ret < 0)
		kernel_results_release(out);
	else if (!out->dated)
		out->first_seen = mtime;
	/* the room doubled as they came: a lab holds thousands of kernels */
	if (ret == 0 && out->loads_alloc > out->nloads) {
		out->loads = xrealloc(out->loads, out->nloads * sizeof(*out->loads));
		out->loads_alloc = out->nloads;
	}
	if (ret == 0)
		pack_kept(out);
	free(path);
	return ret;
}

int results_read_kernel(const char *dir, const char *kernel, struct kernel_results *out)
{
	return read_kernel(dir, kernel, out, 0);
}

void kernel_results_release(struct kernel_results *kr)
{
	for (size_t i = 0; i < kr->nloads; i++) {
		free(kr->loads[i].not_ok);
		for (size_t kind = 0; kind < RUN_NOTES; kind++)
			free(kr->loads[i].notes[kind].text);
		if (kr->kept)	/* the rest is in it */
			continue;
		free(kr->loads[i].runs);
		free(kr->loads[i].more);
		free_kept(kr->loads[i].psi);
		free_kept(kr->loads[i].lat);
		free_kept(kr->loads[i].counts);
		for (size_t g = 0; g < EXTRA_GROUPS; g++) {
			free_kept(kr->loads[i].extra[g]);
			free(kr->loads[i].extra_runs[g]);
		}
	}
	free(kr->kept);
	free(kr->loads);
	free(kr->name);
	env_free(kr->env);
	memset(kr, 0, sizeof(*kr));
}

void results_release_all(struct kernel_results *krs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		kernel_results_release(&krs[i]);
	free(krs);
}

static int by_first_seen(const void *pa, const void *pb)
{
	const struct kernel_results *a = pa, *b = pb;

	if (a->first_seen != b->first_seen)
		return a->first_seen < b->first_seen ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* Is dir/name a kernel folder? Anything called runs.tsv makes one, so that
 * one that is no regular file is refused by name rather than passed over */
static int is_kernel_folder(const char *dir, const char *name)
{
	char *path = results_path(dir, name, RUNS_FILE);
	struct stat st;
	int ret = name[0] != '.' && lstat(path, &st) == 0;

	free(path);
	return ret;
}

/*
 * 0, or -1 when dir cannot be opened or some kernel's runs.tsv cannot be
 * read (error printed); in the latter case *out still holds, sorted, the
 * kernels that could be read, so a caller may show what there is.
 */
/* a share of a list of kernels to read: names[from..to) into out[], ok[] */
struct read_share {
	const char *dir;
	char *const *names;
	size_t from, to;
	struct kernel_results *out;
	int *ok;
	const struct results_env_hook *hook;	/* NULL: no env files */
	unsigned flags;		/* RESULTS_* */
	struct membuf words;	/* a second thread's errors and warnings, held back */
};

static void read_share(struct read_share *sh)
{
	for (size_t i = sh->from; i < sh->to; i++) {
		sh->ok[i] = read_kernel(sh->dir, sh->names[i], &sh->out[i], sh->flags) == 0;
		if (sh->ok[i] && sh->hook)
			sh->hook->fn(&sh->out[i], i, results_read_env(sh->dir, sh->names[i]),
				     sh->hook->data);
	}
}

static void *read_share_thread(void *data)
{
	struct read_share *sh = data;

	messages_to(membuf_open(&sh->words));
	read_share(sh);
	results_scan_release();
	fclose(messages_to(NULL));
	return NULL;
}

/* a list this long is read by two threads where two CPUs are usable */
#define READ_SHARED 256

int results_read_list(const char *dir, char *const *names, size_t n,
		      struct kernel_results *out, int *ok, const struct results_env_hook *hook,
		      unsigned flags)
{
	struct read_share first = { dir, names, 0, n, out, ok, hook, flags, { 0 } }, second = first;
	pthread_t thread;
	int threaded = 0, all = 1;

	if (hook && n) {	/* kernel 0 first: the others' hooks may ask for its env */
		first.to = 1;
		read_share(&first);
		first.from = 1;
		first.to = second.to = n;
		second.from = 1;
	}
	if (n >= READ_SHARED && ncpus_usable() > 1) {
		first.to = second.from = n / 2;
		threaded = pthread_create(&thread, NULL, read_share_thread, &second) == 0;
		if (!threaded)
			first.to = n;
	}
	read_share(&first);
	if (threaded) {
		pthread_join(thread, NULL);
		/* the second half's words after the first's, as one thread says them */
		if (second.words.text)
			messages_put(second.words.text);
		free(second.words.text);
	}
	for (size_t i = 0; i < n; i++)
		all &= ok[i];
	return all ? 0 : -1;
}

int results_read_all(const char *dir, struct kernel_results **out, size_t *n)
{
	return results_read_all_env(dir, out, n, NULL, 0);
}

char **results_kernel_names(const char *dir, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	size_t cap = 0;

	*n = 0;
	if (!d) {
		error("cannot open '%s': %s", dir, strerror(errno));
		return NULL;
	}
	while ((de = readdir(d))) {
		if (!is_kernel_folder(dir, de->d_name))
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 8;
			names = xrealloc(names, cap * sizeof(*names));
		}
		names[(*n)++] = xstrdup(de->d_name);
	}
	closedir(d);
	return names ? names : xcalloc(1, sizeof(*names));
}

int results_read_all_env(const char *dir, struct kernel_results **out, size_t *n,
			 const struct results_env_hook *hook, unsigned flags)
{
	size_t count;
	char **names = results_kernel_names(dir, &count);
	int *ok, ret;

	*out = NULL;
	*n = 0;
	if (!names)
		return -1;
	*out = xcalloc(count + 1, sizeof(**out));
	ok = xcalloc(count + 1, sizeof(*ok));
	ret = results_read_list(dir, names, count, *out, ok, hook, flags);
	for (size_t i = 0; i < count; i++) {	/* the readable ones, in order */
		if (ok[i])
			(*out)[(*n)++] = (*out)[i];
		free(names[i]);
	}
	free(names);
	free(ok);
	if (*n)
		qsort(*out, *n, sizeof(**out), by_first_seen);
	return ret;
}

int results_check_kernel(const char *dir, const char *kernel)
{
	char *path;
	struct stat st;
	int ret = 0;

	if (check_kernel_name(kernel) < 0)
		return -1;
	path = results_path(dir, kernel, RUNS_FILE);
	if (stat(path, &st) < 0 && (errno == ENOENT || errno == ENOTDIR))
		ret = error("no results for kernel '%s' in '%s'", kernel, dir);
	free(path);
	return ret;
}

int results_run_number(const char *kernel_dir, const char *load, int first)
{
	int next = results_next_run(kernel_dir, load);

	return next > 0 && next < first ? first : next;
}

int results_round_run(const char *const *kernel_dirs, size_t n)
{
	int first = 1;

	for (size_t i = 0; i < n; i++) {
		int next = results_next_run(kernel_dirs[i], NULL);

		if (next < 0)
			return -1;
		if (next > first)
			first = next;
	}
	return first;
}

int results_next_run(const char *kernel_dir, const char *load)
{
	char *path = results_path(kernel_dir, NULL, RUNS_FILE);
	struct kernel_results kr;
	int next = -1;

	memset(&kr, 0, sizeof(kr));
	if (results_scan(path, 1, kernel_results_add, &kr, NULL) == 0) {
		next = 1;	/* a sweep's points share the numbering: logs are named by it */
		for (size_t i = 0; i < kr.nloads; i++)
			if ((!load || !strcmp(kr.loads[i].load, load)) &&
			    kr.loads[i].highest_run >= next)
				next = kr.loads[i].highest_run + 1;
	}
	kernel_results_release(&kr);
	free(path);
	return next;
}
