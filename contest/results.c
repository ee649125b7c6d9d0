/* results.c - runs.tsv writer and its one reader (results_scan), see results.h */
#include "results.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* name is "psi_cpu_some_us"...: its index in psi[], -1 when it is none */
static int psi_column(const char *name)
{
	int cg = !strncmp(name, "cg_", 3);
	size_t len;

	name += cg ? 3 : 0;
	if (strncmp(name, "psi_", 4))
		return -1;
	name += 4;
	for (int i = 0; i < PSI_NCOL; i++) {
		len = strlen(psi_names[i]);
		if (!strncmp(name, psi_names[i], len) && !strcmp(name + len, "_us"))
			return cg * PSI_NCOL + i;
	}
	return -1;
}

static const char *const required_columns[] = {
	"load", "run", "time_s", "cpu_pct", "loads", "lcpu_pct", "status",
};

/* where in l the column called name goes; NULL when the reader does not use it */
static int *column_slot(struct tsv_layout *l, const char *name)
{
	int *const slot[] = {
		&l->load, &l->run, &l->time_s, &l->cpu_pct, &l->loads, &l->lcpu_pct, &l->status,
	};
	size_t i;
	int p;

	for (i = 0; i < ARRAY_SIZE(required_columns); i++)
		if (!strcmp(name, required_columns[i]))
			return slot[i];
	if (!strcmp(name, "timestamp"))
		return &l->timestamp;
	p = psi_column(name);
	return p < 0 ? NULL : &l->psi[p];
}

static void layout_init(struct tsv_layout *l)
{
	l->load = l->run = l->time_s = l->cpu_pct = l->loads = l->lcpu_pct = l->status = -1;
	l->timestamp = -1;
	for (size_t i = 0; i < ARRAY_SIZE(l->psi); i++)
		l->psi[i] = -1;
}

static int parse_header(char *line, const char *path, struct tsv_layout *l)
{
	char *fields[MAX_COLS];
	int c, *slot;

	l->ncols = split_tabs(line, fields, MAX_COLS);
	if (l->ncols > MAX_COLS)
		return error("'%s': more than %d columns", path, MAX_COLS);
	layout_init(l);
	for (c = 0; c < l->ncols; c++) {
		if (!(slot = column_slot(l, fields[c])))
			continue;
		if (*slot < 0)
			*slot = c;
		else	/* hand-merged files: say which one counts */
			warning("'%s': the column '%s' appears twice (columns %d and %d): "
				"using column %d", path, fields[c], *slot + 1, c + 1, *slot + 1);
	}
	for (size_t i = 0; i < ARRAY_SIZE(required_columns); i++)
		if (*column_slot(l, required_columns[i]) < 0)
			return error("'%s': no '%s' column in the header", path,
				     required_columns[i]);
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

/* one open runs.tsv being read */
struct scan {
	const char *path;
	FILE *f;
	char *line;
	size_t cap;
	int lineno;
	struct tsv_layout layout;
};

/*
 * The next line, its newline and anything from a CR on cut off: its
 * length, or -1 at the end. A NUL byte would hide the rest of the line
 * from every string function: *nul says there was one.
 */
static ssize_t next_line(struct scan *s, int *nul)
{
	ssize_t len = getline(&s->line, &s->cap, s->f);

	if (len < 0)
		return -1;
	s->lineno++;
	if (len && s->line[len - 1] == '\n')
		s->line[--len] = '\0';
	*nul = memchr(s->line, '\0', (size_t)len) != NULL;
	s->line[strcspn(s->line, "\r")] = '\0';
	return (ssize_t)strlen(s->line);
}

/* the row of the line just read, to fn; a malformed one is warned about */
static void scan_row(struct scan *s, results_row_fn *fn, void *data)
{
	char *fields[MAX_COLS], why_buf[96];
	struct run_row row;
	const char *why;
	int n = split_tabs(s->line, fields, MAX_COLS);

	if (n != s->layout.ncols) {
		warning("%s:%d: %d fields where the header has %d; row skipped",
			s->path, s->lineno, n, s->layout.ncols);
		return;
	}
	why = parse_fields(fields, &s->layout, &row, why_buf, sizeof(why_buf));
	if (!why)
		why = fn(&row, data);
	if (why)
		warning("%s:%d: %s; row skipped", s->path, s->lineno, why);
}

/* the header, then every row; an empty file (a crash before the first row) has none */
static int scan_lines(struct scan *s, results_row_fn *fn, void *data)
{
	ssize_t len;
	int nul;

	if (next_line(s, &nul) < 0)
		return 0;
	if (nul)
		return error("%s:1: a NUL byte in the header", s->path);
	if (parse_header(s->line, s->path, &s->layout) < 0)
		return -1;
	while ((len = next_line(s, &nul)) >= 0) {
		if (nul)
			warning("%s:%d: a NUL byte in the row; row skipped", s->path, s->lineno);
		else if (len)
			scan_row(s, fn, data);
	}
	return 0;
}

/*
 * Open without blocking, then look: a FIFO would hang the reader, and a
 * directory or a device is not results. 0 and *out; 1 when path does not
 * exist and missing_ok; -1 (error printed).
 */
static int open_regular(const char *path, int missing_ok, double *mtime, FILE **out)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	const char *why = NULL;
	struct stat st;

	if (fd < 0 && missing_ok && errno == ENOENT)
		return 1;
	if (fd < 0)
		return error("cannot read '%s': %s", path, strerror(errno));
	if (fstat(fd, &st) < 0)
		why = strerror(errno);
	else if (!S_ISREG(st.st_mode))
		why = "not a regular file";
	else if (fcntl(fd, F_SETFL, 0) < 0 || !(*out = fdopen(fd, "r")))
		why = strerror(errno);
	if (why) {
		close(fd);
		return error("cannot read '%s': %s", path, why);
	}
	if (mtime)
		*mtime = (double)st.st_mtim.tv_sec + (double)st.st_mtim.tv_nsec / 1e9;
	return 0;
}

int results_scan(const char *path, int missing_ok, results_row_fn *fn, void *data,
		 double *mtime)
{
	struct scan s = { path, NULL, NULL, 0, 0, { 0 } };
	int ret;

	ret = open_regular(path, missing_ok, mtime, &s.f);
	if (ret)
		return ret > 0 ? 0 : -1;
	ret = scan_lines(&s, fn, data);
	if (ferror(s.f) && ret == 0)
		ret = error("cannot read '%s': %s", path, strerror(errno));
	fclose(s.f);
	free(s.line);
	return ret;
}

int results_next_run(const char *kernel_dir, const char *load)
{
	char *path = xasprintf("%s/runs.tsv", kernel_dir);
	struct kernel_results kr;
	const struct load_summary *ls;
	int next = -1;

	memset(&kr, 0, sizeof(kr));
	if (results_scan(path, 1, kernel_results_add, &kr, NULL) == 0)
		next = ((ls = kernel_results_load(&kr, load)) ? ls->highest_run : 0) + 1;
	kernel_results_release(&kr);
	free(path);
	return next;
}
