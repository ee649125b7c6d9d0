/* metric-spec.h - `metric = NAME:UNIT:lower|higher:REGEX`: a figure the
 * timed command prints, taken from its output into runs.tsv
 *
 * NAME is letters, digits and '_' (at most 31), UNIT any text without ':'
 * or ',' (at most 15; empty for none), then which way is better, then a
 * POSIX extended regular expression (the rest of the value, ':' and all).
 * The figure is the first match's first group, else the whole match, read
 * as a decimal number: `metric = lat:us:lower:latency: ([0-9.]+) microseconds`.
 * A match is within one line (^ and $ are its ends), in its first
 * METRIC_LINE_MAX bytes. A regex whose match time has no bound is refused:
 * one with a back-reference, or {m,n} counts multiplying to over 1000.
 */
#ifndef CONTEST_METRIC_SPEC_H
#define CONTEST_METRIC_SPEC_H

#include <regex.h>
#include <stddef.h>

/* a line's bytes matched: regexec may take the square of a line's length */
#define METRIC_LINE_MAX 4096

struct metric_spec {
	char name[32];
	char unit[16];
	int lower;		/* lower is better, else higher */
	regex_t re;
};

/* spec into m, its regex compiled (metric_spec_free); NULL, or why not (static text) */
const char *metric_spec_parse(const char *spec, struct metric_spec *m);
void metric_spec_free(struct metric_spec *m);
/* m's figure in text, from its first line that has one; NAN when none has */
double metric_spec_find(const struct metric_spec *m, const char *text);
/*
 * The figures of m[0..n-1] in text into out (NAN where none), matched in
 * a child process: one killed after timeout_s seconds, or when the driver
 * is asked to stop (proc_watch), leaves the driver as it was. 0, or -1
 * with every out NAN and why into why (why_size bytes).
 */
int metric_spec_find_all(const struct metric_spec *m, size_t n, const char *text,
			 double timeout_s, double *out, char *why, size_t why_size);
/* "NAME:UNIT:lower" (runs.tsv's metric_names' part) into buf */
void metric_spec_label(const struct metric_spec *m, char *buf, size_t size);

#endif
