/* util.c - see util.h */
#include "lib/util.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <fcntl.h>
#include <ftw.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include <ctype.h>
#include <math.h>

/* where this thread's errors, warnings and chatter go; NULL: stderr */
static __thread FILE *messages;

FILE *messages_to(FILE *f)
{
	FILE *was = messages;

	messages = f;
	return was;
}

void messages_put(const char *text)
{
	fputs(text, messages ? messages : stderr);
}

static void escape_into(char *out, const char *s, unsigned keep);

static void vreport(const char *prefix, const char *fmt, va_list ap)
{
	char buf[4096], text[4 * sizeof(buf)];

	vsnprintf(buf, sizeof(buf), fmt, ap);
	/* a message quotes names and values it was given: no escape sequence
	 * reaches the terminal; no malloc (die says "out of memory" here) */
	escape_into(text, buf, ESCAPE_KEEP_NEWLINE | ESCAPE_KEEP_TAB | ESCAPE_KEEP_UTF8);
	fprintf(messages ? messages : stderr, "%s%s\n", prefix, text);
}

int error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error: ", fmt, ap);
	va_end(ap);
	return -1;
}

int usage_error(const char *usage, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error: ", fmt, ap);
	va_end(ap);
	if (usage)
		fputs(usage, stderr);
	return EXIT_USAGE;
}

void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning: ", fmt, ap);
	va_end(ap);
}

void (*die_hook)(void);

void die(int status, const char *fmt, ...)
{
	va_list ap;

	messages = NULL;	/* the last word is never held back */
	va_start(ap, fmt);
	vreport("fatal: ", fmt, ap);
	va_end(ap);
	if (die_hook)
		die_hook();
	exit(status);
}

void info(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("contest: ", fmt, ap);
	va_end(ap);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die(EXIT_NO_MEMORY, "out of memory allocating %zu bytes", n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		die(EXIT_NO_MEMORY, "out of memory allocating %zu bytes", n * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die(EXIT_NO_MEMORY, "out of memory allocating %zu bytes", n);
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		die(EXIT_NO_MEMORY, "out of memory");
	return p;
}

char *xstrdup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		die(EXIT_NO_MEMORY, "out of memory");
	return s;
}

int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* the rest of fd's text, fd closed, at most max bytes; NULL with errno
 * on a read error (EFBIG: more than max) */
static char *read_fd_text(int fd, size_t *lenp, size_t max)
{
	size_t len = 0, cap = 4096;
	char *buf = xmalloc(cap);

	for (;;) {
		ssize_t n;

		if (len + 1 >= cap)
			buf = xrealloc(buf, cap *= 2);
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n > 0 && (size_t)n > max - len) {
			errno = EFBIG;
			n = -1;
		}
		if (n < 0) {
			int e = errno;

			close(fd);
			free(buf);
			errno = e;
			return NULL;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	buf[len] = '\0';
	if (lenp)
		*lenp = len;
	return buf;
}

char *read_text_file(const char *path, size_t *lenp)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	return fd < 0 ? NULL : read_fd_text(fd, lenp, SIZE_MAX - 1);
}

char *read_regular_file(const char *path, size_t *lenp)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	struct stat st;
	int e = 0;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0)
		e = errno;
	else if (!S_ISREG(st.st_mode))
		e = EINVAL;
	else if ((uint64_t)st.st_size > READ_FILE_MAX)
		e = EFBIG;
	if (e) {
		close(fd);
		errno = e;
		return NULL;
	}
	/* O_NONBLOCK does nothing to a regular file; the cap holds one that grows */
	return read_fd_text(fd, lenp, READ_FILE_MAX);
}

const char *file_strerror(int err)
{
	if (err == ELOOP)
		return "a symbolic link, which contest does not follow";
	if (err == EINVAL)
		return "not a regular file";
	if (err == EFBIG)
		return "larger than contest reads (64 MiB)";
	return strerror(err);
}

char *read_regular_file_warn(const char *path, size_t *lenp)
{
	char *text = read_regular_file(path, lenp);

	if (!text && errno != ENOENT) {
		int e = errno;

		warning("cannot read '%s': %s; it is left out", path, file_strerror(e));
		errno = e;
	}
	return text;
}

int open_write_file(const char *path, int flags, mode_t mode)
{
	int base = O_WRONLY | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, fd, e;
	struct stat st;

	if (flags & O_TRUNC) {
		/* our own regular file of one name, as a load rewrites its file:
		 * emptied in place, so the name never goes missing meanwhile */
		struct stat ls;

		if (lstat(path, &ls) == 0 && S_ISREG(ls.st_mode) &&
		    (fd = open(path, base | O_NONBLOCK)) >= 0) {
			if (fstat(fd, &st) == 0 && st.st_ino == ls.st_ino && st.st_dev == ls.st_dev &&
			    S_ISREG(st.st_mode) && st.st_nlink == 1 && st.st_uid == geteuid() &&
			    ftruncate(fd, 0) == 0 && fcntl(fd, F_SETFL, 0) == 0)
				return fd;
			close(fd);
		}
		/* else anew; a name planted again between the unlink and the
		 * open: once more, then give up */
		for (int tries = 0; tries < 3; tries++) {
			if (unlink(path) < 0 && errno != ENOENT)
				return -1;
			fd = open(path, base | O_CREAT | O_EXCL, mode);
			if (fd >= 0 || errno != EEXIST)
				return fd;
		}
		return -1;
	}
	fd = open(path, base | O_CREAT | O_APPEND | O_NONBLOCK, mode);
	if (fd < 0 && errno == ENXIO)	/* a FIFO with no reader, a socket */
		errno = EINVAL;
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0)
		e = errno;
	else if (!S_ISREG(st.st_mode))
		e = EINVAL;
	else if (fcntl(fd, F_SETFL, O_APPEND) < 0)	/* blocking again */
		e = errno;
	else
		return fd;
	close(fd);
	errno = e;
	return -1;
}

FILE *fopen_write_file(const char *path)
{
	int fd = open_write_file(path, O_TRUNC, 0666);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "we");

	if (fd >= 0 && !f) {
		int e = errno;

		close(fd);
		errno = e;
	}
	return f;
}

int read_line_file(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "re");

	if (!f)
		return -1;
	if (!fgets(buf, (int)size, f)) {
		int e = ferror(f) ? errno : ENODATA;	/* an empty file: nothing to say */

		fclose(f);
		errno = e;
		return -1;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

int write_text_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	int ret, e;

	if (fd < 0)
		return -1;
	ret = write_all(fd, s, strlen(s));
	e = errno;
	if (close(fd) < 0 && ret == 0)
		return -1;
	errno = e;
	return ret;
}

int mkdir_p(const char *path, mode_t mode)
{
	char *p = xstrdup(path), *s;

	for (s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, mode) < 0 && errno != EEXIST) {
			free(p);
			return -1;
		}
		*s = '/';
	}
	if (mkdir(p, mode) < 0 && errno != EEXIST) {
		free(p);
		return -1;
	}
	free(p);
	return 0;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag == FTW_DP)
		return rmdir(path) < 0 && errno != ENOENT ? -1 : 0;
	return unlink(path) < 0 && errno != ENOENT ? -1 : 0;
}

int rm_rf(const char *path)
{
	struct stat st;

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlink(path);
	return nftw(path, rm_one, 64, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
}

int ncpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (int)n : 1;
}

int ncpus_usable(void)
{
	cpu_set_t set;
	int n;

	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return ncpus();
	n = CPU_COUNT(&set);
	return n > 0 ? n : 1;
}

int file_field(const char *path, const char *key, char *buf, size_t size)
{
	FILE *f = fopen(path, "re");
	char line[1024];
	size_t klen = strlen(key);
	int ret = 1, e;

	if (!f)
		return -1;
	while (ret > 0 && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (!colon || strncmp(line, key, klen) || line[klen + strspn(line + klen, " \t")] != ':')
			continue;
		snprintf(buf, size, "%s", trim(colon + 1));
		ret = 0;
	}
	e = errno;
	if (ret > 0 && ferror(f))
		ret = -1;
	fclose(f);
	errno = e;
	return ret;
}

int meminfo_read(const char *field, uint64_t *bytes)
{
	char value[64];
	int ret = file_field("/proc/meminfo", field, value, sizeof(value));

	*bytes = ret == 0 ? strtoull(value, NULL, 10) * 1024 : 0;	/* kB */
	return ret;
}

uint64_t meminfo_bytes(const char *field)
{
	uint64_t n;

	meminfo_read(field, &n);
	return n;
}

uint64_t memtotal_bytes(void)
{
	return meminfo_bytes("MemTotal");
}

void host_facts(struct host_facts *h)
{
	struct utsname u;

	if (uname(&u) == 0)
		snprintf(h->uname, sizeof(h->uname), "%s %s %s %s", u.sysname, u.nodename,
			 u.release, u.machine);
	else
		snprintf(h->uname, sizeof(h->uname), "unknown");
	snprintf(h->cpus, sizeof(h->cpus), "%d", ncpus());
	snprintf(h->memtotal, sizeof(h->memtotal), "%llu", (unsigned long long)memtotal_bytes());
}

double now_mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double print_zero(double v, int decimals)
{
	return fabs(v) < 0.5 * pow(10.0, -decimals) ? 0.0 : v;
}

int round_scaled(double v, int decimals, uint64_t *out)
{
	double s, whole, frac;

	if (decimals < 0 || decimals >= POW10_EXACT)
		return 1;
	s = fabs(v) * pow10_exact[decimals];
	whole = floor(s);
	frac = s - whole;
	/* s is |v| 10^d to within half an ulp (2^-53 of it): a fraction that
	 * far from a tie rounds the same way as the exact product */
	if (!(s < 0x1p53) || fabs(frac - 0.5) <= s * 0x1p-50)
		return 1;
	*out = (uint64_t)whole + (frac > 0.5);
	return 0;
}

/* |v| * 10^decimals rounded as printf rounds it (decimals 0..4, |v| < 1e15) */
static uint64_t round_fixed(double v, int decimals)
{
	uint64_t n;

	if (!round_scaled(v, decimals, &n))
		return n;
#if LDBL_MANT_DIG >= 64
	{
		/* at a near-tie: the product is exact in a 64-bit significand */
		static const long double lpow10[] = { 1, 10, 100, 1000, 10000 };

		return (uint64_t)rintl(fabsl((long double)v) * lpow10[decimals]);
	}
#else
	return UINT64_MAX;	/* no exact product here: snprintf's */
#endif
}

long whole_seconds(double s)
{
	return isfinite(s) && s > 0 ? (long)(fmin(s, 3.6e9) + 0.5) : 0;
}

int fmt_decimals_for(double least, int decimals)
{
	int want;

	if (!isfinite(least) || least <= 0.0)
		return decimals;
	want = 1 - (int)floor(log10(least));
	want = want > 4 ? 4 : want;
	return want > decimals ? want : decimals;
}

char *fmt_fixed(char *buf, size_t size, double v, int decimals)
{
	char digits[32];	/* n's, the last first: 1e15 * 1e4 has 20 */
	size_t len = 0, at = 0;
	uint64_t n;

	if (decimals >= 0 && decimals <= 4 && isfinite(v) && fabs(v) < 1e15 &&
	    (n = round_fixed(v, decimals)) != UINT64_MAX) {
		do {
			digits[len++] = (char)('0' + n % 10);
			n /= 10;
		} while (n || len <= (size_t)decimals);
		if ((signbit(v) != 0) + len + (decimals > 0) < size) {
			if (signbit(v))
				buf[at++] = '-';
			while (len > (size_t)decimals)
				buf[at++] = digits[--len];
			if (decimals)
				buf[at++] = '.';
			while (len)
				buf[at++] = digits[--len];
			buf[at] = '\0';
			return buf;
		}
	}
	snprintf(buf, size, "%.*f", decimals, v);
	return buf;
}

uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
	for (const unsigned char *c = p; n--; c++)
		h = (h ^ *c) * 1099511628211ULL;
	return h;
}

char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

void unescape_octal(char *s)
{
	char *d = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
		    s[3] >= '0' && s[3] <= '7') {
			*d++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 3;
		} else {
			*d++ = *s;
		}
	}
	*d = '\0';
}

size_t utf8_seq_len(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t n, i;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, UTF-16 surrogates, beyond U+10FFFF */
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

/* how many bytes at s escape_text keeps as they are: 0 to escape one */
static size_t escape_keeps(const unsigned char *s, unsigned keep)
{
	size_t n;

	if (*s >= 0x20 && *s < 0x7f)
		return 1;
	if ((*s == '\n' && (keep & ESCAPE_KEEP_NEWLINE)) || (*s == '\t' && (keep & ESCAPE_KEEP_TAB)))
		return 1;
	if (*s < 0x80 || !(keep & ESCAPE_KEEP_UTF8))
		return 0;
	n = utf8_seq_len((const char *)s);
	return n == 2 && s[0] == 0xc2 && s[1] < 0xa0 ? 0 : n;	/* C1: U+0080..U+009F */
}

/* s escaped into out, which has room for 4 * strlen(s) + 1 */
static void escape_into(char *out, const char *s, unsigned keep)
{
	const unsigned char *p = (const unsigned char *)s;
	char *o = out;

	while (*p) {
		size_t n = escape_keeps(p, keep);

		if (!n) {
			o += sprintf(o, "\\x%02x", *p++);
			continue;
		}
		memcpy(o, p, n);
		o += n;
		p += n;
	}
	*o = '\0';
}

char *escape_text(const char *s, unsigned keep)
{
	char *out = xmalloc(4 * strlen(s) + 1);

	escape_into(out, s, keep);
	return out;
}

void fput_escaped(FILE *out, const char *s, unsigned keep)
{
	const unsigned char *p = (const unsigned char *)s, *clean = p;

	while (*p) {
		size_t n = escape_keeps(p, keep);

		if (n) {
			p += n;
			continue;
		}
		fwrite(clean, 1, (size_t)(p - clean), out);
		fprintf(out, "\\x%02x", *p++);
		clean = p;
	}
	fwrite(clean, 1, (size_t)(p - clean), out);
}

static size_t digits(const char *s)
{
	size_t n = 0;

	while (isdigit((unsigned char)s[n]))
		n++;
	return n;
}

/* the length of the plain decimal at s, 0 when there is none */
static size_t decimal_len(const char *s)
{
	size_t n = *s == '+' || *s == '-', whole = digits(s + n), frac = 0, e;

	n += whole;
	if (s[n] == '.') {
		frac = digits(s + n + 1);
		n += 1 + frac;
	}
	if (!whole && !frac)
		return 0;
	if (s[n] == 'e' || s[n] == 'E') {
		e = s[n + 1] == '+' || s[n + 1] == '-';
		if (digits(s + n + 1 + e))
			n += 1 + e + digits(s + n + 1 + e);
	}
	return n;
}

int parse_real_prefix(const char *s, double *out, const char **end)
{
	size_t len = decimal_len(s);
	char buf[64];
	double d;

	if (!len || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	d = strtod(buf, NULL);
	if (errno || !isfinite(d))
		return -1;
	*out = d;
	*end = s + len;
	return 0;
}

const double pow10_exact[POW10_EXACT] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
};

int plain_decimal(const char *s, double *out)
{
	const char *p = s + (*s == '-'), *whole = p, *point;
	uint64_t m = 0;
	size_t frac = 0;

	while ((unsigned)(*p - '0') < 10)
		m = 10 * m + (uint64_t)(*p++ - '0');
	point = p;
	if (*p == '.') {
		while ((unsigned)(*++p - '0') < 10)
			m = 10 * m + (uint64_t)(*p - '0');
		frac = (size_t)(p - point - 1);
	}
	/* 15 digits at most (so m is exact, and never wrapped), at least one, nothing after */
	if (*p || (size_t)(point - whole) + frac > 15 || (point == whole && !frac))
		return 1;
	*out = (double)m / pow10_exact[frac];
	if (*s == '-')
		*out = -*out;
	return 0;
}

int parse_real(const char *s, double *out)
{
	const char *end;
	double d;

	if (parse_real_prefix(s, &d, &end) < 0 || *end)
		return -1;
	*out = d;
	return 0;
}

int parse_integer(const char *s, long long *out)
{
	size_t sign = *s == '+' || *s == '-';
	long long v;

	if (!digits(s + sign) || s[sign + digits(s + sign)])
		return -1;
	errno = 0;
	v = strtoll(s, NULL, 10);
	if (errno)
		return -1;
	*out = v;
	return 0;
}

/* the [active] word of a sysfs choice file ("[none] mq-deadline"), or the
 * whole line when nothing is bracketed; -1 with errno when unreadable */
int read_active_choice(const char *path, char *buf, size_t size)
{
	char line[512], *open, *close;

	if (read_line_file(path, line, sizeof(line)) < 0)
		return -1;
	open = strchr(line, '[');
	close = open ? strchr(open, ']') : NULL;
	if (open && close) {
		*close = '\0';
		snprintf(buf, size, "%s", open + 1);
	} else {
		snprintf(buf, size, "%s", trim(line));
	}
	errno = ENODATA;
	return buf[0] ? 0 : -1;
}

const char *last_line_after(const char *text, const char *prefix)
{
	const char *line = NULL;

	for (const char *p = text; (p = strstr(p, prefix)); p++)
		if (p == text || p[-1] == '\n')
			line = p;
	return line ? line + strlen(prefix) : NULL;
}
