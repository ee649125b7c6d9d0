/* results.c - runs.tsv writer and reader, see results.h */
#include "results.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- writer ---- */

const char *results_header(void)
{
	return "timestamp\tload\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus"
	       "\tuser_s\tsys_s\tload_cpu_s\tload_units\tload_work\tload_work_unit"
	       "\tmajflt\tminflt\tnvcsw\tnivcsw\tpswpin\tpswpout\tpgmajfault"
	       "\twaited_s\tflush\tmem_limit\tcpu_limit\tjobs"
	       "\tpsi_cpu_some_us\tpsi_cpu_full_us\tpsi_memory_some_us\tpsi_memory_full_us"
	       "\tpsi_io_some_us\tpsi_io_full_us"
	       "\tcg_psi_cpu_some_us\tcg_psi_cpu_full_us\tcg_psi_memory_some_us"
	       "\tcg_psi_memory_full_us\tcg_psi_io_some_us\tcg_psi_io_full_us"
	       "\tstatus_detail";
}

/* A string field: tabs and newlines would split the row, "-" stands for empty */
static char *tsv_field(char *dst, size_t size, const char *src)
{
	size_t i;

	snprintf(dst, size, "%s", *src ? src : "-");
	for (i = 0; dst[i]; i++)
		if (dst[i] == '\t' || dst[i] == '\n' || dst[i] == '\r')
			dst[i] = ' ';
	return dst;
}

/* the pressure columns, each "\tUS" or "\t-" */
static void format_psi(char *dst, size_t size, const struct run_record *r)
{
	size_t len = 0;

	dst[0] = '\0';
	for (int i = 0; i < 2 * PSI_NCOL && len < size; i++) {
		double v = i < PSI_NCOL ? r->psi_us[i] : r->cg_psi_us[i - PSI_NCOL];

		len += (size_t)snprintf(dst + len, size - len, isnan(v) ? "\t-" : "\t%.0f", v);
	}
}

static char *format_row(const struct run_record *r)
{
	char ts[32], load[64], unit[32], flush[16], mem[32], cpu[32], status[32], detail[256];
	char psi[2 * PSI_NCOL * 24];

	format_psi(psi, sizeof(psi), r);
	return xasprintf("%s\t%s\t%d\t%.3f\t%.2f\t%.4f\t%.2f\t%s"
			 "\t%.3f\t%.3f\t%.3f\t%.0f\t%.0f\t%s"
			 "\t%ld\t%ld\t%ld\t%ld\t%lld\t%lld\t%lld"
			 "\t%.3f\t%s\t%s\t%s\t%d%s\t%s\n",
			 tsv_field(ts, sizeof(ts), r->timestamp),
			 tsv_field(load, sizeof(load), r->load), r->run,
			 r->time_s, r->cpu_pct, r->loads, r->lcpu_pct,
			 tsv_field(status, sizeof(status), r->status),
			 r->user_s, r->sys_s, r->load_cpu_s, r->load_units, r->load_work,
			 tsv_field(unit, sizeof(unit), r->load_work_unit),
			 r->majflt, r->minflt, r->nvcsw, r->nivcsw,
			 r->pswpin, r->pswpout, r->pgmajfault,
			 r->waited_s, tsv_field(flush, sizeof(flush), r->flush),
			 tsv_field(mem, sizeof(mem), r->mem_limit),
			 tsv_field(cpu, sizeof(cpu), r->cpu_limit), r->jobs,
			 psi,
			 tsv_field(detail, sizeof(detail), r->status_detail));
}

/*
 * A failed or short write (a full disk) may have left part of the row:
 * cut the file back to where the row started, so the next append does
 * not glue onto half a row and both are lost. errno is the write's.
 */
static void unwrite(int fd, const char *path, off_t start)
{
	int e = errno;

	if (ftruncate(fd, start) < 0 || fsync(fd) < 0)
		error("cannot write '%s': %s; and cannot cut it back to its last whole row: %s",
		      path, strerror(e), strerror(errno));
	else
		error("cannot write '%s': %s (the row is not recorded; earlier rows are whole)",
		      path, strerror(e));
	errno = e;
}

/* a new file's directory entry is durable only once its directory is synced */
static int fsync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), ret;

	if (fd < 0)
		return -1;
	ret = fsync(fd);
	close(fd);
	return ret;
}

int results_append(const char *kernel_dir, const struct run_record *rec)
{
	char *path = xasprintf("%s/runs.tsv", kernel_dir);
	char *row = format_row(rec), *buf;
	struct stat st;
	int fd, created, ret = -1;

	if (mkdir_p(kernel_dir, 0755) < 0) {
		error("cannot create '%s': %s", kernel_dir, strerror(errno));
		goto out;
	}
	created = access(path, F_OK) < 0;
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0) {
		error("cannot open '%s': %s", path, strerror(errno));
		goto out;
	}
	if (fstat(fd, &st) < 0) {
		error("cannot stat '%s': %s", path, strerror(errno));
		close(fd);
		goto out;
	}
	/* header and first row go in the same write: a file is never header-less */
	if (st.st_size == 0)
		buf = xasprintf("%s\n%s", results_header(), row);
	else
		buf = xstrdup(row);
	if (write_all(fd, buf, strlen(buf)) < 0 || fsync(fd) < 0)
		unwrite(fd, path, st.st_size);
	else if (created && fsync_dir(kernel_dir) < 0)
		error("cannot sync the directory '%s': %s", kernel_dir, strerror(errno));
	else
		ret = 0;
	free(buf);
	if (close(fd) < 0 && ret == 0)
		ret = error("cannot close '%s': %s", path, strerror(errno));
out:
	free(row);
	free(path);
	return ret;
}

/* ---- reader ---- */

/* where the columns the reader needs sit in this file's header; -1 absent */
struct tsv_layout {
	int ncols;
	int load, run, time_s, cpu_pct, loads, lcpu_pct, status, timestamp;
	int psi[2 * PSI_NCOL];	/* psi_*_us then cg_psi_*_us */
};

static int split_tabs(char *line, char **fields, int max)
{
	int n = 0;

	for (;;) {
		char *tab = strchr(line, '\t');

		if (n < max)
			fields[n] = line;
		n++;
		if (!tab)
			return n;
		*tab = '\0';
		line = tab + 1;
	}
}

enum { MAX_COLS = 256 };

/* name is "psi_cpu_some_us"...: note its column c in psi[] */
static void find_psi_column(const char *name, int c, int *psi)
{
	int cg = !strncmp(name, "cg_", 3);
	size_t len;

	name += cg ? 3 : 0;
	if (strncmp(name, "psi_", 4))
		return;
	name += 4;
	for (int i = 0; i < PSI_NCOL; i++) {
		len = strlen(psi_names[i]);
		if (!strncmp(name, psi_names[i], len) && !strcmp(name + len, "_us"))
			psi[cg * PSI_NCOL + i] = c;
	}
}

static int parse_header(char *line, const char *path, struct tsv_layout *l)
{
	static const char *const required[] = {
		"load", "run", "time_s", "cpu_pct", "loads", "lcpu_pct", "status",
	};
	int *const slot[] = {
		&l->load, &l->run, &l->time_s, &l->cpu_pct, &l->loads, &l->lcpu_pct, &l->status,
	};
	char *fields[MAX_COLS];
	size_t i;
	int c;

	l->ncols = split_tabs(line, fields, MAX_COLS);
	if (l->ncols > MAX_COLS)
		return error("'%s': more than %d columns", path, MAX_COLS);
	l->timestamp = -1;
	for (i = 0; i < ARRAY_SIZE(required); i++)
		*slot[i] = -1;
	for (i = 0; i < ARRAY_SIZE(l->psi); i++)
		l->psi[i] = -1;
	for (c = l->ncols - 1; c >= 0; c--) {	/* backwards: the first of duplicates wins */
		for (i = 0; i < ARRAY_SIZE(required); i++)
			if (!strcmp(fields[c], required[i]))
				*slot[i] = c;
		if (!strcmp(fields[c], "timestamp"))
			l->timestamp = c;
		find_psi_column(fields[c], c, l->psi);
	}
	for (i = 0; i < ARRAY_SIZE(required); i++)
		if (*slot[i] < 0)
			return error("'%s': no '%s' column in the header", path, required[i]);
	return 0;
}

/* "-" stands for a value not measured; only a run that failed may lack one */
static int parse_number(const char *s, int missing_ok, double *out)
{
	char *end;

	if (missing_ok && (!strcmp(s, "-") || !*s)) {
		*out = NAN;
		return 0;
	}
	errno = 0;
	*out = strtod(s, &end);
	return end == s || *end || errno == ERANGE || !isfinite(*out) ? -1 : 0;
}

static int copy_word(char *dst, size_t size, const char *src)
{
	if (!*src || strlen(src) >= size)
		return -1;
	memcpy(dst, src, strlen(src) + 1);
	return 0;
}

/* Fill row from one line's fields; NULL, or what is wrong with them (in why) */
static const char *parse_fields(char **f, const struct tsv_layout *l, struct run_row *row,
				char *why, size_t why_size)
{
	const struct { int col; double *dst; const char *name; } nums[] = {
		{ l->time_s, &row->time_s, "time_s" }, { l->cpu_pct, &row->cpu_pct, "cpu_pct" },
		{ l->loads, &row->loads, "loads" }, { l->lcpu_pct, &row->lcpu_pct, "lcpu_pct" },
	};
	double run;
	size_t i;
	int failed;

	if (copy_word(row->load, sizeof(row->load), f[l->load]))
		return "bad load name";
	if (copy_word(row->status, sizeof(row->status), f[l->status]))
		return "bad status";
	if (parse_number(f[l->run], 0, &run) || run < 1 || run > 1e9 || run != floor(run))
		return "run is not a positive whole number";
	row->run = (int)run;
	failed = strcmp(row->status, "ok") != 0;
	for (i = 0; i < ARRAY_SIZE(nums); i++) {
		if (parse_number(f[nums[i].col], failed, nums[i].dst)) {
			snprintf(why, why_size, "%s is not a number: '%.40s'",
				 nums[i].name, f[nums[i].col]);
			return why;
		}
	}
	for (i = 0; i < ARRAY_SIZE(row->psi_us); i++)	/* optional: unreadable is unknown */
		if (l->psi[i] < 0 || parse_number(f[l->psi[i]], 1, &row->psi_us[i]))
			row->psi_us[i] = NAN;
	row->timestamp[0] = '\0';
	if (l->timestamp >= 0 && strcmp(f[l->timestamp], "-") &&
	    strlen(f[l->timestamp]) < sizeof(row->timestamp))
		strcpy(row->timestamp, f[l->timestamp]);
	return NULL;
}

/* ISO 8601 UTC ("2002-11-16T03:22:13Z", fraction and zone letter optional) */
static int parse_timestamp(const char *s, double *epoch)
{
	struct tm tm;
	double sec;
	int n = 0;

	memset(&tm, 0, sizeof(tm));
	if (sscanf(s, "%d-%d-%dT%d:%d:%lf%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
		   &tm.tm_hour, &tm.tm_min, &sec, &n) != 6 || n == 0)
		return -1;
	if (s[n] && strcmp(s + n, "Z") && strcmp(s + n, "+00:00"))
		return -1;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	tm.tm_sec = (int)sec;
	*epoch = (double)timegm(&tm) + (sec - (int)sec);
	return 0;
}

static void add_row(struct kernel_results *kr, size_t *cap, const struct run_row *row)
{
	if (kr->nrows == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		kr->rows = xrealloc(kr->rows, *cap * sizeof(*kr->rows));
	}
	kr->rows[kr->nrows++] = *row;
}

/* Parse every data line after the header; malformed ones are warned and skipped */
static void parse_rows(char *text, const char *path, const struct tsv_layout *l,
		       struct kernel_results *kr, double *earliest)
{
	char *fields[MAX_COLS];
	size_t cap = 0;
	int lineno = 1;

	while (text) {
		char *line = text, *nl = strchr(text, '\n');
		struct run_row row;
		char why_buf[96];
		const char *why;
		double when;
		int n;

		text = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		lineno++;
		line[strcspn(line, "\r")] = '\0';
		if (!*line)
			continue;
		n = split_tabs(line, fields, MAX_COLS);
		if (n != l->ncols) {
			warning("%s:%d: %d fields where the header has %d; row skipped",
				path, lineno, n, l->ncols);
			continue;
		}
		why = parse_fields(fields, l, &row, why_buf, sizeof(why_buf));
		if (why) {
			warning("%s:%d: %s; row skipped", path, lineno, why);
			continue;
		}
		if (row.timestamp[0] && !parse_timestamp(row.timestamp, &when) && when < *earliest)
			*earliest = when;
		add_row(kr, &cap, &row);
	}
}

static int parse_file(char *text, const char *path, struct kernel_results *kr)
{
	char *body = strchr(text, '\n');
	struct tsv_layout layout;
	double earliest = INFINITY;

	if (!*text)		/* created, then a crash before the first row */
		return 0;
	if (body)
		*body++ = '\0';
	text[strcspn(text, "\r")] = '\0';
	if (parse_header(text, path, &layout) < 0)
		return -1;
	parse_rows(body, path, &layout, kr, &earliest);
	if (isfinite(earliest))
		kr->first_seen = earliest;
	return 0;
}

int results_read_kernel(const char *dir, const char *kernel, struct kernel_results *out)
{
	char *path = xasprintf("%s/%s/runs.tsv", dir, kernel);
	struct stat st;
	char *text;
	int ret;

	memset(out, 0, sizeof(*out));
	text = read_text_file(path, NULL);
	if (!text || stat(path, &st) < 0) {
		ret = error("cannot read '%s': %s", path, strerror(errno));
		free(text);
		free(path);
		return ret;
	}
	out->name = xstrdup(kernel);
	out->first_seen = (double)st.st_mtim.tv_sec + (double)st.st_mtim.tv_nsec / 1e9;
	ret = parse_file(text, path, out);
	if (ret < 0)
		kernel_results_release(out);
	free(text);
	free(path);
	return ret;
}

void kernel_results_release(struct kernel_results *kr)
{
	free(kr->name);
	free(kr->rows);
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

static int has_runs_file(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s/runs.tsv", dir, name);
	struct stat st;
	int ret = stat(path, &st) == 0 && S_ISREG(st.st_mode);

	free(path);
	return ret;
}

/*
 * 0, or -1 when dir cannot be opened or some kernel's runs.tsv cannot be
 * read (error printed); in the latter case *out still holds, sorted, the
 * kernels that could be read, so a caller may show what there is.
 */
int results_read_all(const char *dir, struct kernel_results **out, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t cap = 0;
	int ret = 0;

	*out = NULL;
	*n = 0;
	if (!d)
		return error("cannot open '%s': %s", dir, strerror(errno));
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.' || !has_runs_file(dir, de->d_name))
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 8;
			*out = xrealloc(*out, cap * sizeof(**out));
		}
		if (results_read_kernel(dir, de->d_name, &(*out)[*n]) < 0)
			ret = -1;
		else
			(*n)++;
	}
	closedir(d);
	if (*n)
		qsort(*out, *n, sizeof(**out), by_first_seen);
	return ret;
}

/* the highest run number of load in the file, 0 when none; a run cut short
 * (aborted) does not use up its number: the run that redoes it takes it */
static int highest_run(const struct kernel_results *kr, const char *load)
{
	size_t i;
	int high = 0;

	for (i = 0; i < kr->nrows; i++)
		if (!strcmp(kr->rows[i].load, load) && kr->rows[i].run > high &&
		    strcmp(kr->rows[i].status, "aborted"))
			high = kr->rows[i].run;
	return high;
}

int results_next_run(const char *kernel_dir, const char *load)
{
	char *path = xasprintf("%s/runs.tsv", kernel_dir);
	struct kernel_results kr;
	char *text = read_text_file(path, NULL);
	int next = -1;

	memset(&kr, 0, sizeof(kr));
	if (!text && errno == ENOENT)
		next = 1;
	else if (!text)
		error("cannot read '%s': %s", path, strerror(errno));
	else if (parse_file(text, path, &kr) == 0)
		next = highest_run(&kr, load) + 1;
	free(kr.rows);
	free(text);
	free(path);
	return next;
}
