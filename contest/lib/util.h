/* util.h - error reporting, allocation and small file helpers (git style) */
#ifndef CONTEST_UTIL_H
#define CONTEST_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/types.h>

#define CONTEST_VERSION "0.1.0"
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define PRINTF(f, a) __attribute__((format(printf, f, a)))

/* exit statuses, each meaning one thing (contest.1, EXIT STATUS); 128+N: signal N */
enum {
	EXIT_RUN_FAILED = 1,	/* a run or guest not ok; results or stdout unreadable or unwritable */
	EXIT_USAGE = 2,		/* bad usage or config: nothing run or recorded */
	EXIT_REGRESSION = 3,	/* compare --fail-above: a significant difference beyond it */
	EXIT_NO_MEMORY = 4,	/* contest itself ran out of memory */
	EXIT_BISECT_RANGE = 5,	/* bisect: the culprit is one of a range, not named */
	EXIT_BISECT_REFUSED = 6,	/* bisect: bad was not decided worse than good */
};
/* the one spelling of each status a command computes */
/* signal sig stopped the work: 128 + sig, as a shell would say */
static inline int exit_signal(int sig)
{
	return 128 + sig;
}
/* a failure on top of status: the first failure's status stands, else EXIT_RUN_FAILED */
static inline int exit_failed(int status)
{
	return status ? status : EXIT_RUN_FAILED;
}
/* "error: ..." then usage (when not NULL) on stderr; returns EXIT_USAGE */
int usage_error(const char *usage, const char *fmt, ...) PRINTF(2, 3);

/* "error: ..." on stderr; returns -1 so callers can `return error(...)` */
int error(const char *fmt, ...) PRINTF(1, 2);
/* "warning: ..." on stderr */
void warning(const char *fmt, ...) PRINTF(1, 2);
/* "fatal: ..." on stderr, exit(status); only where nothing can be saved */
void die(int status, const char *fmt, ...) PRINTF(2, 3) __attribute__((noreturn));
/* called by die() after its message, before exit: the cleanup registry
 * sets it (cleanup.c), so util.c need not know what a session made */
extern void (*die_hook)(void);
/* progress chatter on stderr, "contest: ..." */
void info(const char *fmt, ...) PRINTF(1, 2);
/*
 * Send this thread's errors, warnings and chatter to f (NULL: stderr
 * again), for a thread whose words must come out after another's, in
 * order; die() always speaks on stderr. Returns where they went before.
 */
FILE *messages_to(FILE *f);
/* text, another thread's words held back, where this thread's go */
void messages_put(const char *text);

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* xstrdup, or NULL for NULL */
char *xstrdup_or_null(const char *s);
char *xasprintf(const char *fmt, ...) PRINTF(1, 2);

/* write all of buf or return -1 with errno set */
int write_all(int fd, const void *buf, size_t len);
/* read a whole file into a NUL-terminated malloc'd buffer; NULL on error */
char *read_text_file(const char *path, size_t *len);
/*
 * The one reader of a file a user may have put in contest's place (a
 * log, a plan, an env, a calibration's): a regular file only, never
 * waiting to open it (a FIFO would block until a writer came), and at
 * most READ_FILE_MAX bytes (a symbolic link to /dev/zero or a file that
 * grows without end would fill memory). NULL with errno: EINVAL for
 * anything but a regular file, EFBIG for one beyond the cap.
 */
#define READ_FILE_MAX ((size_t)64 << 20)
char *read_regular_file(const char *path, size_t *len);
/* the same, with a warning naming path when it exists but cannot be read */
char *read_regular_file_warn(const char *path, size_t *len);
/* why read_regular_file or open_write_file failed with err, for a message */
const char *file_strerror(int err);
/*
 * Open path to write a file contest makes, never what was put in its
 * place: the last name is never followed (a symbolic link there is not
 * written through) and only a regular file is written. flags O_TRUNC:
 * this user's own regular file of one link is emptied in place (a load
 * rewriting its file keeps its name); anything else there is unlinked
 * and the file made anew with O_CREAT | O_EXCL, so a symbolic link,
 * FIFO, device, hard link or another user's file planted there is
 * replaced, not opened; O_APPEND: an existing regular file, or a new
 * one (a FIFO is not waited on). The fd, O_WRONLY | O_CLOEXEC, or -1
 * with errno: ELOOP a symbolic link, EINVAL not a regular file. Only
 * system calls: safe in a forked child.
 */
int open_write_file(const char *path, int flags, mode_t mode);
/* the same as a stdio stream, "we"; NULL with errno */
FILE *fopen_write_file(const char *path);
/* what follows prefix on the last line of text that starts with it, NULL when none
 * (a command's summary line in its log: "interactive:", "measure:") */
const char *last_line_after(const char *text, const char *prefix);
/* first line of a file, newline stripped, into buf; -1 with errno when
 * unreadable (ENODATA: the file is empty) */
int read_line_file(const char *path, char *buf, size_t size);
/* the [active] word of a sysfs choice file ("none [mq-deadline] kyber"), or
 * the whole line, trimmed, when nothing is bracketed; 0, or -1 with errno
 * (ENODATA: empty) */
int read_active_choice(const char *path, char *buf, size_t size);
/* write a string to a (sysfs, cgroup) file; -1 with errno on failure */
int write_text_file(const char *path, const char *s);
/* mkdir -p; 0 or -1 with errno */
int mkdir_p(const char *path, mode_t mode);
/* rm -rf without following symlinks and without crossing filesystems */
int rm_rf(const char *path);

/* online CPUs */
int ncpus(void);
/* CPUs this process may run on (its affinity mask, which a cpuset narrows); what to size by */
int ncpus_usable(void);
/* MemTotal in bytes, 0 when unknown */
uint64_t memtotal_bytes(void);
/* this machine as a guest's env records its host (host_uname, host_cpus,
 * host_memtotal) and rerun compares it: uname's "sysname nodename
 * release machine" ("unknown"), online CPUs, MemTotal in bytes */
struct host_facts {
	char uname[512], cpus[16], memtotal[24];
};
void host_facts(struct host_facts *h);
/* the value after "KEY:" (blanks allowed before the colon, as /proc/cpuinfo
 * has them) on the first such line of path, trimmed, into buf: 0, 1 when
 * no line has it, -1 with errno when the file cannot be read */
int file_field(const char *path, const char *key, char *buf, size_t size);
/* a /proc/meminfo field in bytes (e.g. "SwapFree"), 0 when missing */
uint64_t meminfo_bytes(const char *field);
/* the same into *bytes (0 when missing): 0, 1 no such field, -1 with errno unreadable */
int meminfo_read(const char *field, uint64_t *bytes);
/* CLOCK_MONOTONIC in seconds */
double now_mono(void);
/* V, or +0 when V prints as zero with DECIMALS places: "%+.1f" of -0.01
 * and of -0.0 says "-0.0", a sign that reads as a regression */
double print_zero(double v, int decimals);
/*
 * snprintf(buf, size, "%.*f", decimals, v), made without printf where that
 * is exact: printf rounds v's binary value to nearest (ties to even) at
 * DECIMALS places, and for 0..4 places the same rounding is made here on
 * v * 10^DECIMALS: in double where the product's fraction is further from
 * a tie than its rounding error, else in long double, whose 64-bit
 * significand holds the product exactly (53 bits times 5^4, which needs
 * 10). A lab's compare formats millions of cells. Anything else (more places, |v| >= 1e15,
 * not finite, a long double no wider than a double) goes to snprintf.
 * Returns buf.
 */
char *fmt_fixed(char *buf, size_t size, double v, int decimals);
/* the decimals, at least DECIMALS and at most 4, that show LEAST (the
 * smallest magnitude a column holds) with two significant digits: a
 * sub-second Time of 0.2 s is 0.20, not a 0.2 whose SD reads 0.0 */
int fmt_decimals_for(double least, int decimals);

/* s as whole seconds for a clock's display: 0 for none (NaN, negative),
 * at most a million hours (a hand-edited runs.tsv's time reaches here) */
long whole_seconds(double s);
/* the powers of ten a double holds exactly, 10^0 .. 10^15 */
enum { POW10_EXACT = 16 };
extern const double pow10_exact[POW10_EXACT];
/*
 * |v| * 10^decimals (decimals 0..15) rounded to a whole number as printf
 * rounds it, into *out, where double makes that sure: the product of v
 * and an exact power of ten is within half an ulp of the true one, so a
 * fraction further than that from a tie rounds as the true product does.
 * 0, or 1 (nothing stored) at a near-tie or for 2^53 and more: the
 * caller's slow path (fmt_fixed's and the JSON stream's).
 */
int round_scaled(double v, int decimals, uint64_t *out);
/* undo the octal escapes of /proc mount tables (\\040 for a space) in place */
void unescape_octal(char *s);
/* the length of the valid UTF-8 sequence at s (1 for ASCII), 0 when there
 * is none: no overlong form, surrogate or code point beyond U+10FFFF */
size_t utf8_seq_len(const char *s);
/*
 * Text that is not contest's own (an env file's values, a process's name,
 * a folder's name) as a terminal or a mail may be given it: printable
 * ASCII as it is, what keep names as it is, every other byte as the four
 * characters \xNN (ESC as \x1b), so no escape sequence reaches a
 * terminal. Without ESCAPE_KEEP_UTF8 every byte over 0x7f is escaped too
 * (a mail's ASCII).
 */
enum {
	ESCAPE_KEEP_NEWLINE = 1,	/* '\n', where lines are the text's structure */
	ESCAPE_KEEP_TAB = 2,
	ESCAPE_KEEP_UTF8 = 4,	/* valid UTF-8 sequences, but the C1 controls U+0080..U+009F */
};
/* s escaped, malloc'd */
char *escape_text(const char *s, unsigned keep);
/* s escaped, written to out, its clean stretches at once */
void fput_escaped(FILE *out, const char *s, unsigned keep);
/* FNV-1a of n bytes at p, continuing from h (HASH_START to begin): the
 * hash of contest's own tables (interned names, an env file's names) */
#define HASH_START 14695981039346656037ULL
uint64_t hash_bytes(uint64_t h, const void *p, size_t n);
/* strip leading and trailing whitespace in place, return the start */
char *trim(char *s);

/*
 * The one way numbers are read, from a command line or a config: a plain
 * decimal, [+-]DIGITS[.DIGITS][e[+-]DIGITS] (no blanks, hex, inf or nan).
 * parse_real and parse_integer (DIGITS only) take the whole of s;
 * parse_real_prefix the decimal s starts with, *end after it (for the
 * unit of a size or duration). 0, or -1 leaving *out alone.
 */
int parse_real(const char *s, double *out);
int parse_real_prefix(const char *s, double *out, const char **end);
/*
 * s as "[-]DIGITS[.DIGITS]" with at most 15 digits, the form contest
 * writes its results in, into *out: the digits as a whole number over a
 * power of ten, both exact in a double, so the one rounding of the
 * division gives what strtod gives (Clinger's fast path), at a tenth of
 * its cost; a lab's report reads millions. 0, or 1 (nothing stored) for
 * any other form, which strtod reads.
 */
int plain_decimal(const char *s, double *out);
int parse_integer(const char *s, long long *out);

#endif
