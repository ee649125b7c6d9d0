/* metric-spec.c - a figure the timed command prints, see metric-spec.h */
#include "lib/metric-spec.h"
#include "lib/proc.h"
#include "lib/util.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* the most repetitions a pattern's intervals may multiply to: regcomp
 * copies a bounded repeat's body that many times, (a{1,100}){1,100}
 * takes seconds to match a line and one more level seconds and 2 GB to
 * compile, (.*){1,32000} overflows its stack */
#define REPEAT_MAX 1000

/* the part of *p before the next ':' into buf (size), *p past the ':';
 * -1 without a ':' or when the part does not fit */
static int field(const char **p, char *buf, size_t size)
{
	const char *colon = strchr(*p, ':');
	size_t len;

	if (!colon || (len = (size_t)(colon - *p)) >= size)
		return -1;
	memcpy(buf, *p, len);
	buf[len] = '\0';
	*p = colon + 1;
	return 0;
}

/* past the bracket expression at p ('['), as regcomp reads one: a ']'
 * first is a member, "[:alpha:]", "[=a=]" and "[.-.]" are one each */
static const char *past_bracket(const char *p)
{
	p++;
	if (*p == '^')
		p++;
	if (*p == ']')
		p++;
	while (*p && *p != ']') {
		if (*p == '[' && (p[1] == ':' || p[1] == '=' || p[1] == '.')) {
			const char *end = p + 2;

			while (*end && !(end[0] == p[1] && end[1] == ']'))
				end++;
			p = *end ? end + 2 : end;
		} else {
			p++;
		}
	}
	return *p ? p + 1 : p;
}

/*
 * Why re cannot be matched in bounded time, or NULL: a back-reference
 * makes glibc's regexec backtrack, (a*)*\1b over 400 bytes takes longer
 * than anyone waits; intervals beyond REPEAT_MAX blow up regcomp
 */
static const char *unbounded(const char *re)
{
	double repeats = 1;

	for (const char *p = re; *p;) {
		if (*p == '\\' && p[1] >= '1' && p[1] <= '9')
			return "its REGEX has a back-reference (\\1 to \\9), whose match can take "
			       "exponential time; write it without one";
		if (*p == '\\') {
			p += p[1] ? 2 : 1;
		} else if (*p == '[') {
			p = past_bracket(p);
		} else if (*p == '{' && isdigit((unsigned char)p[1])) {
			char *end;
			double lo = strtod(p + 1, &end), hi = lo;

			if (*end == ',' && isdigit((unsigned char)end[1]))
				hi = strtod(end + 1, &end);
			repeats *= hi > 1 ? hi : 1;
			if (repeats > REPEAT_MAX)
				return "its REGEX repeats too much: the counts of its {m,n} intervals "
				       "multiply to more than 1000";
			p = end;
		} else {
			p++;
		}
	}
	return NULL;
}

const char *metric_spec_parse(const char *spec, struct metric_spec *m)
{
	const char *p = spec, *why;
	char better[8];

	memset(m, 0, sizeof(*m));
	if (field(&p, m->name, sizeof(m->name)) < 0 || !m->name[0])
		return "expected NAME:UNIT:lower|higher:REGEX";
	for (const char *c = m->name; *c; c++)
		if (!isalnum((unsigned char)*c) && *c != '_')
			return "its NAME may have only letters, digits and '_'";
	if (field(&p, m->unit, sizeof(m->unit)) < 0)
		return "expected NAME:UNIT:lower|higher:REGEX (a UNIT of at most 15 bytes)";
	if (strchr(m->unit, ','))
		return "its UNIT may not have a ','";
	if (field(&p, better, sizeof(better)) < 0 || (strcmp(better, "lower") && strcmp(better, "higher")))
		return "expected NAME:UNIT:lower|higher:REGEX (lower or higher is better)";
	m->lower = !strcmp(better, "lower");
	if (!*p)
		return "expected NAME:UNIT:lower|higher:REGEX (no REGEX)";
	if ((why = unbounded(p)))
		return why;
	if (regcomp(&m->re, p, REG_EXTENDED) != 0)
		return "its REGEX is not a POSIX extended regular expression";
	return NULL;
}

void metric_spec_free(struct metric_spec *m)
{
	regfree(&m->re);
}

/* m's figure in the line (NUL-terminated), NAN without one */
static double find_in_line(const struct metric_spec *m, const char *line)
{
	regmatch_t match[2];
	char num[64], *end;
	size_t len;
	double v;
	int g;

	if (regexec(&m->re, line, 2, match, 0) != 0)
		return NAN;
	g = m->re.re_nsub >= 1 && match[1].rm_so >= 0;
	len = (size_t)(match[g].rm_eo - match[g].rm_so);
	if (len == 0 || len >= sizeof(num))
		return NAN;
	memcpy(num, line + match[g].rm_so, len);
	num[len] = '\0';
	v = strtod(num, &end);
	while (isspace((unsigned char)*end))
		end++;
	return end == num || *end || !isfinite(v) ? NAN : v;
}

double metric_spec_find(const struct metric_spec *m, const char *text)
{
	char line[METRIC_LINE_MAX + 1];

	for (const char *p = text; *p;) {
		size_t len = strcspn(p, "\n"), cut = len < METRIC_LINE_MAX ? len : METRIC_LINE_MAX;
		double v;

		memcpy(line, p, cut);
		line[cut] = '\0';
		if (!isnan(v = find_in_line(m, line)))
			return v;
		p += len + (p[len] == '\n');
	}
	return NAN;
}

struct find_all {
	const struct metric_spec *m;
	size_t n;
	const char *text;
};

/* in the child: each metric's figure, n doubles, on fd */
static void find_all_child(void *arg, int fd)
{
	const struct find_all *f = arg;

	for (size_t i = 0; i < f->n; i++) {
		double v = metric_spec_find(&f->m[i], f->text);

		if (write_all(fd, &v, sizeof(v)) < 0)
			_exit(1);
	}
}

int metric_spec_find_all(const struct metric_spec *m, size_t n, const char *text,
			 double timeout_s, double *out, char *why, size_t why_size)
{
	struct find_all f = { m, n, text };
	size_t len = 0;
	int status;
	char *got, how[PROC_STATUS_LEN];
	double start = now_mono();

	for (size_t i = 0; i < n; i++)
		out[i] = NAN;
	got = proc_fn_output(find_all_child, &f, n * sizeof(double), timeout_s, &status, &len);
	if (got && len == n * sizeof(double)) {
		memcpy(out, got, len);
		free(got);
		return 0;
	}
	free(got);
	if (proc_stopping())
		snprintf(why, why_size, "the session was asked to stop");
	else if (status == -1)
		snprintf(why, why_size, "cannot start the match: %s", strerror(errno));
	else if (timeout_s > 0 && now_mono() - start >= timeout_s)
		snprintf(why, why_size, "the match took more than %g s", timeout_s);
	else
		snprintf(why, why_size, "the match %s", proc_status_text(status, how, sizeof(how)));
	return -1;
}

void metric_spec_label(const struct metric_spec *m, char *buf, size_t size)
{
	snprintf(buf, size, "%s:%s:%s", m->name, m->unit, m->lower ? "lower" : "higher");
}
