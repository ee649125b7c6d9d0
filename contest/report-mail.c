/* report-mail.c - report --format mail: a whole message, ready for sendmail -t
 *
 * Headers (From, To when given, Subject, Date, MIME), a paragraph on the
 * machine (report-env.c), the tables exactly as --format text prints them,
 * a note on excluded runs and, with two or more kernels, compare's
 * significant differences. Mail to a list wants plain ASCII, no tabs and no
 * line over 80 columns: every byte outside printable ASCII becomes '?',
 * paragraphs are wrapped at 72, and when a kernel name makes a table row
 * wider than 80 the tables name the kernels K1, K2... under a legend.
 */
#include "report.h"
#include "report-env.h"
#include "compare-hooks.h"
#include "util.h"

#include <errno.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { MAIL_WIDTH = 80, PARA_WIDTH = 72 };

/* printable ASCII only, in place: mail bodies are us-ascii, 7bit */
static void to_ascii(char *s)
{
	for (; *s; s++)
		if (*s != '\n' && (*s < 0x20 || *s > 0x7e))
			*s = '?';
}

/* greedy word wrap to width, indent before every line; a word longer
 * than the line (a long path) is cut */
static void wrap(FILE *out, const char *text, size_t width, const char *indent)
{
	size_t room = width - strlen(indent), col = 0;

	while (*text) {
		size_t len;

		text += strspn(text, " ");
		len = strcspn(text, " ");
		if (!len)
			break;
		if (col && col + 1 + len > room) {
			fputc('\n', out);
			col = 0;
		}
		while (len > room) {	/* only when col == 0 */
			fprintf(out, "%s%.*s\n", indent, (int)room, text);
			text += room;
			len -= room;
		}
		fprintf(out, "%s%.*s", col ? " " : indent, (int)len, text);
		col += (col ? 1 : 0) + len;
		text += len;
	}
	if (col)
		fputc('\n', out);
}

static size_t widest_line(const char *s)
{
	size_t widest = 0;

	while (*s) {
		size_t len = strcspn(s, "\n");

		if (len > widest)
			widest = len;
		s += len + (s[len] == '\n');
	}
	return widest;
}

/* the tables as --format text prints them, malloc'd */
static char *tables_text(const struct report *r, const struct report_opts *opts)
{
	struct report_opts text = *opts;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	int ret;

	if (!mem)
		die(1, "out of memory");
	text.format = REPORT_TEXT;
	ret = report_write_text(r, &text, mem);
	fclose(mem);
	if (ret < 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* r with kernels named K1, K2...: rows copied, everything else shared */
static void alias_report(const struct report *r, struct report *a)
{
	size_t i, j, k;

	*a = *r;
	a->kernels = xcalloc(r->nkernels, sizeof(*a->kernels));
	for (k = 0; k < r->nkernels; k++)
		a->kernels[k] = xasprintf("K%zu", k + 1);
	a->tables = xcalloc(r->ntables, sizeof(*a->tables));
	for (i = 0; i < r->ntables; i++) {
		a->tables[i] = r->tables[i];
		a->tables[i].rows = xcalloc(r->tables[i].nrows + 1, sizeof(*a->tables[i].rows));
		for (j = 0; j < r->tables[i].nrows; j++) {
			a->tables[i].rows[j] = r->tables[i].rows[j];
			for (k = 0; k < r->nkernels; k++)
				if (r->tables[i].rows[j].kernel == r->kernels[k])
					a->tables[i].rows[j].kernel = a->kernels[k];
		}
	}
}

static void alias_release(struct report *a)
{
	for (size_t i = 0; i < a->ntables; i++)
		free(a->tables[i].rows);
	free(a->tables);
	for (size_t k = 0; k < a->nkernels; k++)
		free(a->kernels[k]);
	free(a->kernels);
}

/* the tables, under a legend of short names when the real ones are too wide */
static int write_tables(FILE *out, const struct report *r, const struct report_opts *opts)
{
	char *text = tables_text(r, opts);
	struct report a;

	if (!text)
		return -1;
	if (widest_line(text) > MAIL_WIDTH) {
		free(text);
		alias_report(r, &a);
		text = tables_text(&a, opts);
		alias_release(&a);
		if (!text)
			return -1;
		fputs("The kernels' names are too long for the tables; they stand as:\n\n", out);
		for (size_t k = 0; k < r->nkernels; k++) {
			char *line = xasprintf("K%zu = %s", k + 1, r->kernels[k]);

			wrap(out, line, PARA_WIDTH, "  ");
			free(line);
		}
		fputc('\n', out);
	}
	fputs(text, out);
	free(text);
	return 0;
}

static int any_not_ok(const struct report *r)
{
	for (size_t i = 0; i < r->ntables; i++)
		if (r->tables[i].n_not_ok)
			return 1;
	return 0;
}

static void write_intro(FILE *out, const struct report *r, const struct report_opts *opts)
{
	char *env = report_env_summary(opts->results_dir, r->kernels, r->nkernels);
	char *how = opts->ratio == RATIO_SELF ?
		xstrdup("Ratio is Time over the kernel's own noload Time.") :
		r->reference_kernel ?
		xasprintf("Ratio is Time over the noload Time of %s (%.1f s).",
			  r->reference_kernel, r->reference_s) :
		xasprintf("Ratio is Time over a reference of %.1f s.", r->reference_s);
	char *para = xasprintf("Time is the wall time of the compile in seconds, CPU%% its CPU use; "
			       "Loads is the work the background load got done meanwhile, LCPU%% "
			       "the load's CPU use. %s Each row is the mean of [runs] ok runs.",
			       how);

	wrap(out, env, PARA_WIDTH, "");
	fputc('\n', out);
	wrap(out, para, PARA_WIDTH, "");
	fputc('\n', out);
	free(env);
	free(how);
	free(para);
}

static int write_body(FILE *out, const struct report *r, const struct report_opts *opts)
{
	write_intro(out, r, opts);
	if (write_tables(out, r, opts) < 0)
		return -1;
	if (any_not_ok(r)) {
		wrap(out, "Runs that were not ok (a load that failed, an OOM kill, an interrupt, "
		     "a failed compile) are left out of the means; each table counts them in "
		     "parentheses below its rows.", PARA_WIDTH, "");
		fputc('\n', out);
	}
	if (r->nkernels >= 2 &&
	    compare_write_mail_section(opts->results_dir, r->kernels, r->nkernels, out) < 0)
		return -1;
	return 0;
}

static char *default_from(void)
{
	const char *email = getenv("EMAIL");
	struct passwd *pw = getpwuid(geteuid());
	char host[256] = "localhost";

	if (email && *email)
		return xstrdup(email);
	gethostname(host, sizeof(host) - 1);
	host[sizeof(host) - 1] = '\0';
	return xasprintf("%s@%s", pw ? pw->pw_name : "root", host);
}

/* RFC 2822, in UTC; SOURCE_DATE_EPOCH fixes it for reproducible output */
static void mail_date(char *buf, size_t size)
{
	const char *fixed = getenv("SOURCE_DATE_EPOCH");
	time_t t = fixed && *fixed ? (time_t)strtoll(fixed, NULL, 10) : time(NULL);
	static const char *const days[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	struct tm tm;

	gmtime_r(&t, &tm);	/* the names by hand: no locale can change them */
	snprintf(buf, size, "%s, %02d %s %04d %02d:%02d:%02d +0000", days[tm.tm_wday],
		 tm.tm_mday, months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min,
		 tm.tm_sec);
}

/* a header folded at spaces (RFC 2822 2.2.3): continuation lines start with one */
static void write_header(FILE *out, const char *name, const char *value)
{
	char *line = xasprintf("%s: %s", name, value), *p = line;

	to_ascii(line);
	while (strlen(p) > MAIL_WIDTH - 2) {
		char *cut = p + MAIL_WIDTH - 2;

		while (cut > p + 1 && *cut != ' ')
			cut--;
		if (cut <= p + 1)
			break;	/* one long word: RFC 2822 allows up to 998 */
		fprintf(out, "%.*s\n", (int)(cut - p), p);
		p = cut;	/* the space starts the continuation line */
	}
	fprintf(out, "%s\n", p);
	free(line);
}

static void write_headers(FILE *out, const struct report *r, const struct report_opts *opts)
{
	char *from = opts->from ? xstrdup(opts->from) : default_from();
	char *subject = xstrdup("[BENCHMARK] contest:"), *next, date[64];

	for (size_t k = 0; k < r->nkernels; k++) {
		next = xasprintf("%s%s%s", subject, k ? " vs " : " ", r->kernels[k]);
		free(subject);
		subject = next;
	}
	mail_date(date, sizeof(date));
	write_header(out, "From", from);
	if (opts->to)
		write_header(out, "To", opts->to);
	write_header(out, "Subject", subject);
	write_header(out, "Date", date);
	fputs("MIME-Version: 1.0\n"
	      "Content-Type: text/plain; charset=us-ascii\n"
	      "Content-Transfer-Encoding: 7bit\n\n", out);
	free(from);
	free(subject);
}

int report_write_mail(const struct report *r, const struct report_opts *opts, FILE *out)
{
	char *body = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&body, &len);
	int ret;

	if (!mem)
		die(1, "out of memory");
	ret = write_body(mem, r, opts);
	fclose(mem);
	if (ret == 0) {
		to_ascii(body);
		write_headers(out, r, opts);
		fputs(body, out);
		if (widest_line(body) > MAIL_WIDTH)
			warning("a line of the mail is %zu columns wide", widest_line(body));
	}
	free(body);
	if (ret < 0)
		return -1;
	if (fflush(out) == EOF || ferror(out))
		return error("cannot write the report: %s", strerror(errno));
	return 0;
}
