/* store.c - runs.tsv's writer and its one reader (results_scan), env files read, see store.h */
#include "results/store.h"
#include "loads/loads.h"
#include "record/env.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- writer ---- */

enum column_type { COL_TEXT, COL_INT, COL_LONG, COL_LLONG, COL_REAL };

/*
 * One column of runs.tsv, the one description the header, the writer and
 * the reader all use: its name, where its value is in a run_record (what
 * the driver measured) and how it is printed, whether every reader needs
 * it, and where the reader puts it in a run_row (NOT_READ: kept in the
 * file, unused by report and compare). Adding a column is one line here
 * plus its measurement in run_record; the reader sees it only if it gets a
 * run_row field.
 */
struct column {
	const char *name;
	enum column_type type;
	size_t offset;
	int decimals;		/* COL_REAL; NAN (not measured) is written "-" */
	int required;		/* every reader needs it (store.h) */
	size_t row_offset;	/* in struct run_row, or NOT_READ */
	size_t row_size;	/* COL_TEXT: the run_row field's size */
};

#define NOT_READ ((size_t)-1)
#define ROW_FIELD(f) offsetof(struct run_row, f), sizeof(((struct run_row *)0)->f)

/* written, not read */
#define COL(name, type, field, decimals) \
	{ name, type, offsetof(struct run_record, field), decimals, 0, NOT_READ, 0 }
/* written, and read into run_row's rowfield when present */
#define READ(name, type, field, decimals, rowfield) \
	{ name, type, offsetof(struct run_record, field), decimals, 0, ROW_FIELD(rowfield) }
/* written, and every file must have it */
#define REQUIRED(name, type, field, decimals) \
	{ name, type, offsetof(struct run_record, field), decimals, 1, ROW_FIELD(field) }

/* in the order of a new file's header */
static const struct column columns[] = {
	READ("timestamp", COL_TEXT, timestamp, 0, timestamp),
	REQUIRED("load", COL_TEXT, load, 0),
	REQUIRED("run", COL_INT, run, 0),
	REQUIRED("time_s", COL_REAL, time_s, 3),
	REQUIRED("cpu_pct", COL_REAL, cpu_pct, 2),
	REQUIRED("loads", COL_REAL, loads, 4),
	REQUIRED("lcpu_pct", COL_REAL, lcpu_pct, 2),
	REQUIRED("status", COL_TEXT, status, 0),
	READ("user_s", COL_REAL, user_s, 3, extra[EXTRA_USER]),
	READ("sys_s", COL_REAL, sys_s, 3, extra[EXTRA_SYS]),
	READ("cpu_s", COL_REAL, cpu_s, 3, extra[EXTRA_CPU]),
	READ("host_cpu_s", COL_REAL, host_cpu_s, 3, extra[EXTRA_HOST_CPU]),
	READ("host_user_s", COL_REAL, host_user_s, 3, extra[EXTRA_HOST_USER]),
	READ("host_sys_s", COL_REAL, host_sys_s, 3, extra[EXTRA_HOST_SYS]),
	COL("load_cpu_s", COL_REAL, load_cpu_s, 3),
	COL("load_units", COL_REAL, load_units, 0),
	COL("load_work", COL_REAL, load_work, 0),
	COL("load_work_unit", COL_TEXT, load_work_unit, 0),
	COL("majflt", COL_LONG, majflt, 0),
	COL("minflt", COL_LONG, minflt, 0),
	COL("nvcsw", COL_LONG, nvcsw, 0),
	COL("nivcsw", COL_LONG, nivcsw, 0),
	COL("pswpin", COL_LLONG, pswpin, 0),
	COL("pswpout", COL_LLONG, pswpout, 0),
	READ("pgmajfault", COL_LLONG, pgmajfault, 0, pgmajfault),
	COL("waited_s", COL_REAL, waited_s, 3),
	COL("flush", COL_TEXT, flush, 0),
	COL("mem_limit", COL_TEXT, mem_limit, 0),
	COL("cpu_limit", COL_TEXT, cpu_limit, 0),
	COL("jobs", COL_INT, jobs, 0),
	/* microseconds, in psi.h's order */
	READ("psi_cpu_some_us", COL_REAL, psi_us[0], 0, psi_us[0]),
	READ("psi_cpu_full_us", COL_REAL, psi_us[1], 0, psi_us[1]),
	READ("psi_memory_some_us", COL_REAL, psi_us[2], 0, psi_us[2]),
	READ("psi_memory_full_us", COL_REAL, psi_us[3], 0, psi_us[3]),
	READ("psi_io_some_us", COL_REAL, psi_us[4], 0, psi_us[4]),
	READ("psi_io_full_us", COL_REAL, psi_us[5], 0, psi_us[5]),
	READ("cg_psi_cpu_some_us", COL_REAL, cg_psi_us[0], 0, psi_us[6]),
	READ("cg_psi_cpu_full_us", COL_REAL, cg_psi_us[1], 0, psi_us[7]),
	READ("cg_psi_memory_some_us", COL_REAL, cg_psi_us[2], 0, psi_us[8]),
	READ("cg_psi_memory_full_us", COL_REAL, cg_psi_us[3], 0, psi_us[9]),
	READ("cg_psi_io_some_us", COL_REAL, cg_psi_us[4], 0, psi_us[10]),
	READ("cg_psi_io_full_us", COL_REAL, cg_psi_us[5], 0, psi_us[11]),
	READ("steal_s", COL_REAL, steal_s, 3, steal_s),
	READ("others_cpu_s", COL_REAL, others_cpu_s, 3, others_cpu_s),
	READ("disturbed", COL_TEXT, disturbed, 0, disturbed),
	COL("disk_read_mb", COL_REAL, disk_read_mb, 1),
	COL("disk_write_mb", COL_REAL, disk_write_mb, 1),
	READ("unloaded", COL_TEXT, unloaded, 0, unloaded),
	COL("cpu_migrations", COL_REAL, counters[0], 0),
	READ("instructions", COL_REAL, counters[1], 0, counts[COUNT_INSTRUCTIONS]),
	READ("cycles", COL_REAL, counters[2], 0, counts[COUNT_CYCLES]),
	READ("lat_mean_us", COL_REAL, interactive[LAT_MEAN], 1, interactive[LAT_MEAN]),
	READ("lat_sd_us", COL_REAL, interactive[LAT_SD], 1, interactive[LAT_SD]),
	READ("lat_p99_us", COL_REAL, interactive[LAT_P99], 1, interactive[LAT_P99]),
	READ("lat_max_us", COL_REAL, interactive[LAT_MAX], 1, interactive[LAT_MAX]),
	READ("desired_cpu_pct", COL_REAL, interactive[LAT_CPU], 2, interactive[LAT_CPU]),
	READ("deadlines_pct", COL_REAL, interactive[LAT_DEADLINES], 2, interactive[LAT_DEADLINES]),
	READ("fps", COL_REAL, interactive[LAT_FPS], 2, interactive[LAT_FPS]),
	READ("lat_floor_us", COL_REAL, interactive[LAT_FLOOR], 1, interactive[LAT_FLOOR]),
	READ("work_units", COL_REAL, interactive[WORK_UNITS], 0, interactive[WORK_UNITS]),
	READ("work_rate", COL_REAL, interactive[WORK_RATE], 2, interactive[WORK_RATE]),
	READ("sweep", COL_TEXT, sweep, 0, sweep),
	COL("cpu_mhz", COL_REAL, cpu_mhz, 0),
	READ("swap_in_mbs", COL_REAL, rates[0], 3, extra[EXTRA_SWAP_IN]),
	READ("swap_out_mbs", COL_REAL, rates[1], 3, extra[EXTRA_SWAP_OUT]),
	READ("disk_read_mbs", COL_REAL, rates[2], 3, extra[EXTRA_DISK_READ]),
	READ("disk_write_mbs", COL_REAL, rates[3], 3, extra[EXTRA_DISK_WRITE]),
	READ("disk_await_ms", COL_REAL, rates[4], 3, extra[EXTRA_DISK_AWAIT]),
	READ("metric_names", COL_TEXT, own_names, 0, own_names),
	READ("metric1", COL_REAL, own[0], 6, extra[EXTRA_OWN]),
	READ("metric2", COL_REAL, own[1], 6, extra[EXTRA_OWN + 1]),
	READ("metric3", COL_REAL, own[2], 6, extra[EXTRA_OWN + 2]),
	READ("metric4", COL_REAL, own[3], 6, extra[EXTRA_OWN + 3]),
	COL("status_detail", COL_TEXT, status_detail, 0),
};

_Static_assert(PSI_NCOL == 6, "runs.tsv has six pressure columns of each kind");

#define NCOLUMNS ARRAY_SIZE(columns)
/* no header contest accepts is longer: every column once */
#define HEADER_MAX 1024

enum { MAX_COLS = 256 };

/*
 * A file's header: the columns it names, in its order (NULL for a name
 * contest does not write), and where each of contest's columns is (-1
 * absent). One parser makes it for the writer, which refuses what it
 * could not append to, and for the reader, which takes what it can.
 */
struct header {
	int n;
	const struct column *col[MAX_COLS];
	int pos[NCOLUMNS];
	/* the reader's: the columns it fills a run_row from, the words
	 * first, then the numbers (a run that is not ok may lack numbers) */
	int nread;
	unsigned char read[NCOLUMNS];
	int warned;		/* the reader's parse warned of a column named twice */
};

const char *results_header(void)
{
	static char header[HEADER_MAX];
	size_t len = 0;

	if (header[0])
		return header;
	for (size_t i = 0; i < NCOLUMNS; i++)
		len += (size_t)snprintf(header + len, sizeof(header) - len, "%s%s", i ? "\t" : "",
					columns[i].name);
	return header;
}

/* A string field: tabs and newlines would split the row, "-" stands for empty */
static void tsv_field(char *dst, size_t size, const char *src)
{
	snprintf(dst, size, "%s", *src ? src : "-");
	for (size_t i = 0; dst[i]; i++)
		if (dst[i] == '\t' || dst[i] == '\n' || dst[i] == '\r')
			dst[i] = ' ';
}

static void format_field(char *dst, size_t size, const struct column *c, const struct run_record *r)
{
	const void *p = (const char *)r + c->offset;
	double v;

	switch (c->type) {
	case COL_TEXT:
		tsv_field(dst, size, p);
		break;
	case COL_INT:
		snprintf(dst, size, "%d", *(const int *)p);
		break;
	case COL_LONG:
		snprintf(dst, size, "%ld", *(const long *)p);
		break;
	case COL_LLONG:
		snprintf(dst, size, "%lld", *(const long long *)p);
		break;
	case COL_REAL:
		v = *(const double *)p;
		if (isnan(v))
			snprintf(dst, size, "-");
		else
			snprintf(dst, size, "%.*f", c->decimals, v);
		break;
	}
}

/* rec as a line of header h: its fields in the header's order, newline-ended */
static char *format_row(const struct header *h, const struct run_record *rec)
{
	char field[sizeof(rec->status_detail)], *row = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&row, &len);

	if (!f)
		die(EXIT_NO_MEMORY, "out of memory");
	for (int i = 0; i < h->n; i++) {
		format_field(field, sizeof(field), h->col[i], rec);
		fprintf(f, "%s%s", i ? "\t" : "", field);
	}
	fputc('\n', f);
	if (fclose(f) != 0)
		die(EXIT_NO_MEMORY, "out of memory");
	return row;
}

/* a new file's header: every column */
static void header_all(struct header *h)
{
	h->n = (int)NCOLUMNS;
	for (size_t i = 0; i < NCOLUMNS; i++) {
		h->col[i] = &columns[i];
		h->pos[i] = (int)i;
	}
}

static const struct column *column_named(const char *name)
{
	for (size_t i = 0; i < NCOLUMNS; i++)
		if (!strcmp(columns[i].name, name))
			return &columns[i];
	return NULL;
}

/* read as a number: a whole count (COL_LLONG) too, into a double */
static int is_number(const struct column *c)
{
	return c->type == COL_REAL || c->type == COL_LLONG;
}

_Static_assert(NCOLUMNS <= 256, "a column's index fits the header's read list");

static int split_tabs(char *line, char **fields, int max)
{
	int n = 0;

	for (char *p = line;; p++) {
		if (*p != '\t' && *p)
			continue;
		if (n < max)
			fields[n] = line;
		n++;
		if (!*p)
			return n;
		*p = '\0';
		line = p + 1;
	}
}

/*
 * path's header line (no newline; changed in place) as h. Every required
 * column must be there. to_append: the writer's rule, only columns contest
 * writes and none twice (an older contest's header, with fewer columns, is
 * one); else the reader's: other columns are skipped, and of a column
 * named twice the first counts (a hand-merged file), said. 0 or -1 (said).
 */
static int header_parse(char *line, const char *path, int to_append, struct header *h)
{
	char *fields[MAX_COLS];

	line[strcspn(line, "\r")] = '\0';
	h->warned = 0;
	h->n = split_tabs(line, fields, MAX_COLS);
	if (h->n > MAX_COLS)
		return error("'%s': more than %d columns", path, MAX_COLS);
	for (size_t i = 0; i < NCOLUMNS; i++)
		h->pos[i] = -1;
	for (int c = 0; c < h->n; c++) {
		const struct column *col = column_named(fields[c]);
		int *pos = col ? &h->pos[col - columns] : NULL;

		h->col[c] = col;
		if (!col && to_append)
			return error("'%s': the header's column '%.64s' is not one contest writes",
				     path, fields[c]);
		if (!col)
			continue;
		if (*pos < 0)
			*pos = c;
		else if (to_append)
			return error("'%s': the header names '%s' twice", path, fields[c]);
		else if (col->row_offset != NOT_READ) {
			warning("'%s': the column '%s' appears twice (columns %d and %d): "
				"using column %d", path, fields[c], *pos + 1, c + 1, *pos + 1);
			h->warned = 1;
		}
	}
	for (size_t i = 0; i < NCOLUMNS; i++)
		if (columns[i].required && h->pos[i] < 0)
			return error("'%s': no '%s' column in the header", path, columns[i].name);
	h->nread = 0;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < NCOLUMNS; i++)
			if (columns[i].row_offset != NOT_READ && is_number(&columns[i]) == pass)
				h->read[h->nread++] = (unsigned char)i;
	return 0;
}

/* len bytes at off into buf; -1 with errno on a read error */
static ssize_t pread_full(int fd, char *buf, size_t len, off_t off)
{
	size_t got = 0;

	while (got < len) {
		ssize_t n = pread(fd, buf + got, len - got, off + (off_t)got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

/*
 * The layout of the file open at fd (size bytes, not empty), and whether
 * its last byte ends a line (a file edited by hand may lack it, and a row
 * appended then would glue onto its last line). 0 or -1 (said).
 */
static int file_layout(int fd, const char *path, off_t size, struct header *h, int *ends_line)
{
	char head[HEADER_MAX + 1], last = '\n';
	ssize_t n = pread_full(fd, head, sizeof(head) - 1, 0);

	if (n < 0 || pread_full(fd, &last, 1, size - 1) < 0)
		return error("cannot read '%s': %s", path, strerror(errno));
	head[n] = '\0';
	if (!strchr(head, '\n') && n < size)
		return error("'%s': the header is longer than any contest writes", path);
	head[strcspn(head, "\n")] = '\0';
	*ends_line = last == '\n';
	return header_parse(head, path, 1, h);
}

/*
 * open(2) path for runs.tsv with flags, refusing anything but a regular
 * file: a symlink (O_NOFOLLOW), a FIFO (O_NONBLOCK: no wait for a writer),
 * a directory, a device. The fd with *st filled, or -1 (said).
 */
static int open_runs(const char *path, int flags, mode_t mode, struct stat *st)
{
	int fd = open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, mode);

	if (fd < 0 && errno == ELOOP)
		return error("'%s' is a symbolic link; contest appends only to a regular file", path);
	if (fd < 0)
		return error("cannot open '%s': %s", path, strerror(errno));
	if (fstat(fd, st) < 0) {
		error("cannot stat '%s': %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st->st_mode)) {
		error("'%s' is not a regular file; contest appends only to one", path);
		close(fd);
		return -1;
	}
	return fd;
}

/* path is missing (1), a regular file (0), or neither (-1, said): nothing is opened */
static int regular_or_missing(const char *path)
{
	struct stat st;

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? 1 : error("cannot read '%s': %s", path, strerror(errno));
	if (S_ISLNK(st.st_mode))
		return error("'%s' is a symbolic link; contest appends only to a regular file", path);
	if (!S_ISREG(st.st_mode))
		return error("'%s' is not a regular file; contest appends only to one", path);
	return 0;
}

/* KDIR (what: "a kernel's results") or KDIR/logs ("its logs") is missing
 * or a directory; a symlink to one would put the results (and under
 * sudo, what is handed to the user) wherever it points */
static int real_dir_or_missing(const char *dir, const char *what)
{
	struct stat st;

	if (lstat(dir, &st) < 0)
		return errno == ENOENT ? 0 : error("cannot read '%s': %s", dir, strerror(errno));
	if (S_ISLNK(st.st_mode))
		return error("'%s' is a symbolic link; contest writes %s only "
			     "into a directory of its own", dir, what);
	if (!S_ISDIR(st.st_mode))
		return error("'%s' is not a directory", dir);
	return 0;
}

const char *row_load_base(const char *row_load)
{
	const char *sep = strchr(row_load, ROW_TASK_SEP);

	return sep ? sep + 1 : row_load;
}

enum row_kind row_kind(const char *row_load)
{
	const char *base = row_load_base(row_load);
	char first[64];

	if (base == row_load)
		return ROW_COMPILE;
	snprintf(first, sizeof(first), "%.*s", (int)(base - 1 - row_load), row_load);
	return load_find(first) ? ROW_MEASURE : ROW_INTERACTIVE;
}

char *results_path(const char *dir, const char *kernel, const char *name)
{
	return xasprintf("%s%s%s%s%s", dir, kernel ? "/" : "", kernel ? kernel : "",
			 name ? "/" : "", name ? name : "");
}

int results_check_appendable(const char *kernel_dir)
{
	char *path = results_path(kernel_dir, NULL, RUNS_FILE);
	char *logs = results_path(kernel_dir, NULL, "logs");
	struct header h;
	struct stat st;
	int fd = -1, ends_line, ret = real_dir_or_missing(kernel_dir, "a kernel's results");

	if (ret == 0)
		ret = real_dir_or_missing(logs, "its logs");
	free(logs);
	if (ret == 0)
		ret = regular_or_missing(path);
	if (ret == 0 && (fd = open_runs(path, O_RDONLY, 0, &st)) < 0)
		ret = -1;
	if (fd >= 0 && st.st_size > 0)
		ret = file_layout(fd, path, st.st_size, &h, &ends_line);
	if (fd >= 0)
		close(fd);
	free(path);
	return ret < 0 ? -1 : 0;
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

/*
 * What to write at the end of the file open at fd: the header and the row
 * when it is empty (one write: a file is never header-less), else the row
 * in the file's own columns. NULL when the file is not contest's (said).
 */
static char *append_text(int fd, const char *path, const struct stat *st,
			 const struct run_record *rec)
{
	struct header h;
	int ends_line;
	char *row, *text;

	if (st->st_size == 0) {
		header_all(&h);
		row = format_row(&h, rec);
		text = xasprintf("%s\n%s", results_header(), row);
	} else {
		if (file_layout(fd, path, st->st_size, &h, &ends_line) < 0)
			return NULL;
		row = format_row(&h, rec);
		text = xasprintf("%s%s", ends_line ? "" : "\n", row);
	}
	free(row);
	return text;
}

int results_append(const char *kernel_dir, const struct run_record *rec)
{
	char *path = results_path(kernel_dir, NULL, RUNS_FILE), *text = NULL;
	struct stat st;
	int fd = -1, created, ret = -1;

	if (mkdir_p(kernel_dir, 0755) < 0) {
		error("cannot create '%s': %s", kernel_dir, strerror(errno));
		goto out;
	}
	created = regular_or_missing(path);
	if (created < 0 || (fd = open_runs(path, O_RDWR | O_APPEND | O_CREAT, 0644, &st)) < 0 ||
	    !(text = append_text(fd, path, &st, rec)))
		goto out;
	if (write_all(fd, text, strlen(text)) < 0 || fsync(fd) < 0)
		unwrite(fd, path, st.st_size);
	else
		ret = 0;
	if (close(fd) < 0 && ret == 0)
		ret = error("cannot close '%s': %s", path, strerror(errno));
	fd = -1;
	/* once closed: at its descriptor limit a session still has one for this */
	if (ret == 0 && created && fsync_dir(kernel_dir) < 0)
		ret = error("cannot sync the directory '%s': %s", kernel_dir, strerror(errno));
out:
	if (fd >= 0)
		close(fd);
	free(text);
	free(path);
	return ret;
}

/* ---- reader ---- */

/* s is a decimal as "%.*f" and "%lld" write it: an optional minus, digits
 * with at most one point among them; no blank, plus, exponent or hex */
static int plain_form(const char *s)
{
	size_t whole, point, frac;

	s += *s == '-';
	whole = strspn(s, "0123456789");
	point = s[whole] == '.';
	frac = strspn(s + whole + point, "0123456789");
	return (whole || frac) && !s[whole + point + frac];
}

/*
 * "-" stands for a value not measured; only a run that failed may lack
 * one. Else a number is a plain decimal, the only form contest writes
 * (strtod's others, " 5", "0x10", "1e3", are a hand's, and refused);
 * a long one that plain_decimal leaves is checked, then read by strtod.
 */
static int parse_number(const char *s, int missing_ok, double *out)
{
	char *end;

	if (missing_ok && (!*s || (s[0] == '-' && !s[1]))) {
		*out = NAN;
		return 0;
	}
	if (!plain_decimal(s, out))	/* without strtod */
		return 0;
	if (!plain_form(s))
		return -1;
	errno = 0;
	*out = strtod(s, &end);
	return end == s || *end || errno == ERANGE || !isfinite(*out) ? -1 : 0;
}

/* a column of seconds or microseconds, which no run makes negative */
static int is_time(const struct column *c)
{
	size_t len = strlen(c->name);

	return (len > 2 && !strcmp(c->name + len - 2, "_s")) ||
	       (len > 3 && !strcmp(c->name + len - 3, "_us"));
}

/* one text field into dst (size bytes): empty, "-" (optional only) or too long is -1 */
static int text_field(char *dst, size_t size, const char *src, int required)
{
	size_t len;

	if (!required && src[0] == '-' && !src[1])
		src = "";
	len = strlen(src);
	if ((required && !len) || len >= size)
		return -1;
	memcpy(dst, src, len + 1);
	return 0;
}

/*
 * Fill row from one line's fields, each column the reader uses as the
 * table says: the words first (a run that is not ok may lack numbers),
 * then the numbers. NULL, or what is wrong with them (in why).
 */
static const char *parse_fields(char **f, const struct header *h, struct run_row *row,
				char *why, size_t why_size)
{
	int failed = 1;

	for (int r = 0; r < h->nread; r++) {
		const struct column *c = &columns[h->read[r]];
		const char *v = h->pos[h->read[r]] < 0 ? NULL : f[h->pos[h->read[r]]];
		char *dst = (char *)row + c->row_offset;
		double d;

		switch (c->type) {
		case COL_TEXT:
			if (!v || text_field(dst, c->row_size, v, c->required)) {
				if (c->required) {
					snprintf(why, why_size, "bad %s: '%.40s'", c->name, v);
					return why;
				}
				*dst = '\0';	/* optional: unreadable is unknown */
			}
			/* the words come first: the numbers know whether the run failed */
			if (c->row_offset == offsetof(struct run_row, status))
				failed = strcmp(row->status, "ok") != 0;
			break;
		case COL_REAL:
		case COL_LLONG:
			if (!v) {
				d = NAN;	/* an optional column the file lacks */
			} else if (parse_number(v, failed || !c->required, &d)) {
				/* a time skips the row; another optional count is unknown */
				if (!c->required && !is_time(c)) {
					d = NAN;
				} else {
					snprintf(why, why_size, "%s is not a number: '%.40s'",
						 c->name, v);
					return why;
				}
			} else if (d < 0 && (c->required || is_time(c))) {
				snprintf(why, why_size, "%s is negative: '%.40s'", c->name, v);
				return why;
			}
			memcpy(dst, &d, sizeof(d));
			break;
		default:	/* the run number */
			if (!v || parse_number(v, 0, &d) || d < 1 || d > 1e9 || d != floor(d)) {
				snprintf(why, why_size, "%s is not a positive whole number",
					 c->name);
				return why;
			}
			*(int *)dst = (int)d;
			break;
		}
	}
	return NULL;
}

/* one open runs.tsv being read: its bytes come in blocks, not a line a call */
struct scan {
	const char *path;
	int fd;
	char *buf;		/* buf[start..end) is read, not yet taken; end < cap */
	size_t cap, start, end;
	int eof, err;		/* err: a read's errno */
	/* the file's size when opened, and what has been read of it: a short
	 * read that reaches the size ends the file, which spares a read that
	 * returns nothing */
	off_t size, got;
	char *line;		/* the line just taken, in buf */
	int lineno;
	struct header header;
};

enum { SCAN_BLOCK = 64 * 1024 };	/* a kernel's whole runs.tsv, most often */

/*
 * Take the next line in place, its newline and anything from a CR on cut
 * off: its length, or -1 at the end (s->err set on a read error).
 * A NUL byte would hide the rest of the line from every string function:
 * *nul says there was one.
 */
static ssize_t next_line(struct scan *s, int *nul)
{
	for (;;) {
		char *p = s->buf + s->start, *nl = memchr(p, '\n', s->end - s->start), *cr;
		size_t len = nl ? (size_t)(nl - p) : s->end - s->start, want;
		ssize_t n;

		if (nl || (s->eof && len)) {
			p[len] = '\0';	/* the newline, or the byte past the end */
			s->start += len + (nl != NULL);
			s->line = p;
			s->lineno++;
			*nul = memchr(p, '\0', len) != NULL;
			if ((cr = memchr(p, '\r', len)))
				*cr = '\0';
			return (ssize_t)strlen(p);
		}
		if (s->eof)
			return -1;
		/* the start of a line stays; room for the rest of it */
		memmove(s->buf, p, len);
		s->start = 0;
		s->end = len;
		if (s->end + 1 >= s->cap)
			s->buf = xrealloc(s->buf, s->cap *= 2);
		want = s->cap - s->end - 1;
		n = read(s->fd, s->buf + s->end, want);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			s->err = errno;
			return -1;
		}
		s->got += n;
		/* a short read of a regular file is its end; past the size it
		 * had, that needs no read of nothing to be sure (a full one may
		 * have more behind it, appended since) */
		s->eof = n == 0 || (s->got >= s->size && (size_t)n < want);
		s->end += (size_t)n;
	}
}

/* the row of the line just read, to fn; a malformed one is warned about */
static void scan_row(struct scan *s, results_row_fn *fn, void *data)
{
	char *fields[MAX_COLS], why_buf[96];
	struct run_row row;
	const char *why;
	int n = split_tabs(s->line, fields, MAX_COLS);

	if (n != s->header.n) {
		warning("%s:%d: %d fields where the header has %d; row skipped",
			s->path, s->lineno, n, s->header.n);
		return;
	}
	why = parse_fields(fields, &s->header, &row, why_buf, sizeof(why_buf));
	if (!why)
		why = fn(&row, data);
	if (why)
		warning("%s:%d: %s; row skipped", s->path, s->lineno, why);
}

/*
 * The last header parsed without a word said, and its text: a lab's
 * thousands of files have one header, which took a name lookup a column.
 */
static __thread char *kept_header_text;
static __thread struct header kept_header;

/* the header line as h, the kept one when it is its text; 0 or -1 (said) */
static int read_header(char *line, const char *path, struct header *h)
{
	char *text;

	if (kept_header_text && !strcmp(kept_header_text, line)) {
		*h = kept_header;
		return 0;
	}
	text = xstrdup(line);	/* the parse cuts line into its names */
	if (header_parse(line, path, 0, h) < 0) {
		free(text);
		return -1;
	}
	if (h->warned) {	/* said for this file: said again for the next */
		free(text);
		return 0;
	}
	free(kept_header_text);
	kept_header_text = text;
	kept_header = *h;
	return 0;
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
	if (read_header(s->line, s->path, &s->header) < 0)
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
 * directory or a device is not results. The fd (O_NONBLOCK does nothing
 * to a regular file: it stays, and saves a call a file); -2 when
 * path does not exist and missing_ok; -1 (error printed).
 */
static int open_regular(const char *path, int missing_ok, double *mtime, off_t *size)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	const char *why = NULL;
	struct stat st;

	if (fd < 0 && missing_ok && errno == ENOENT)
		return -2;
	if (fd < 0)
		return error("cannot read '%s': %s", path, strerror(errno));
	if (fstat(fd, &st) < 0)
		why = strerror(errno);
	else if (!S_ISREG(st.st_mode))
		why = "not a regular file";
	if (why) {
		close(fd);
		return error("cannot read '%s': %s", path, why);
	}
	if (mtime)
		*mtime = (double)st.st_mtim.tv_sec + (double)st.st_mtim.tv_nsec / 1e9;
	*size = st.st_size;
	return fd;
}

/*
 * The block a scan reads into, kept from one file to the next: a lab's
 * report reads thousands, and a block freed between the small summaries
 * each file leaves fragments the heap then spends its time merging.
 * A row's callback never scans another file, so one block serves each
 * thread.
 */
static __thread char *scan_block;
static __thread size_t scan_block_size;

void results_scan_release(void)
{
	free(scan_block);
	free(kept_header_text);
	scan_block = kept_header_text = NULL;
	scan_block_size = 0;
}

int results_scan(const char *path, int missing_ok, results_row_fn *fn, void *data,
		 double *mtime)
{
	struct scan s = { .path = path };
	int ret;

	s.fd = open_regular(path, missing_ok, mtime, &s.size);
	if (s.fd < 0)
		return s.fd == -2 ? 0 : -1;
	if (!scan_block) {
		scan_block_size = SCAN_BLOCK;
		scan_block = xmalloc(scan_block_size);
	}
	s.buf = scan_block;
	s.cap = scan_block_size;
	ret = scan_lines(&s, fn, data);
	if (s.err && ret == 0)
		ret = error("cannot read '%s': %s", path, strerror(s.err));
	close(s.fd);
	scan_block = s.buf;	/* it may have grown for a long line */
	scan_block_size = s.cap;
	return ret;
}

/* ---- env files ---- */

struct env *results_read_env(const char *dir, const char *kernel)
{
	/* a folder's env that is no regular file (a FIFO would hang every
	 * reader) is read as none: the reader says there is none */
	char *path = results_path(dir, kernel, "env"), *text = read_regular_file(path, NULL);
	struct env *e = text ? env_parse(text, 1) : NULL;

	free(path);
	free(text);
	return e;
}
