/* metric-spec.h - `metric = NAME:UNIT:lower|higher:REGEX`: a figure the
 * timed command prints, taken from its output into runs.tsv
 *
 * NAME is letters, digits and '_' (at most 31), UNIT any text without ':'
 * or ',' (at most 15; empty for none), then which way is better, then a
 * POSIX extended regular expression (the rest of the value, ':' and all).
 * The figure is the first match's first group, else the whole match, read
 * as a decimal number: `metric = lat:us:lower:latency: ([0-9.]+) microseconds`.
 */
#ifndef CONTEST_METRIC_SPEC_H
#define CONTEST_METRIC_SPEC_H

#include <regex.h>
#include <stddef.h>

struct metric_spec {
	char name[32];
	char unit[16];
	int lower;		/* lower is better, else higher */
	regex_t re;
};

/* spec into m, its regex compiled (metric_spec_free); NULL, or why not (static text) */
const char *metric_spec_parse(const char *spec, struct metric_spec *m);
void metric_spec_free(struct metric_spec *m);
/* m's figure in text; NAN when text has none */
double metric_spec_find(const struct metric_spec *m, const char *text);
/* "NAME:UNIT:lower" (runs.tsv's metric_names' part) into buf */
void metric_spec_label(const struct metric_spec *m, char *buf, size_t size);

#endif
