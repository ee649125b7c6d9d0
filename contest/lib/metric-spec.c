/* metric-spec.c - a figure the timed command prints, see metric-spec.h */
#include "lib/metric-spec.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

const char *metric_spec_parse(const char *spec, struct metric_spec *m)
{
	const char *p = spec;
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
	if (regcomp(&m->re, p, REG_EXTENDED) != 0)
		return "its REGEX is not a POSIX extended regular expression";
	return NULL;
}

void metric_spec_free(struct metric_spec *m)
{
	regfree(&m->re);
}

double metric_spec_find(const struct metric_spec *m, const char *text)
{
	regmatch_t match[2];
	char num[64], *end;
	size_t len;
	double v;
	int g;

	if (regexec(&m->re, text, 2, match, 0) != 0)
		return NAN;
	g = m->re.re_nsub >= 1 && match[1].rm_so >= 0;
	len = (size_t)(match[g].rm_eo - match[g].rm_so);
	if (len == 0 || len >= sizeof(num))
		return NAN;
	memcpy(num, text + match[g].rm_so, len);
	num[len] = '\0';
	v = strtod(num, &end);
	while (isspace((unsigned char)*end))
		end++;
	return end == num || *end || !isfinite(v) ? NAN : v;
}

void metric_spec_label(const struct metric_spec *m, char *buf, size_t size)
{
	snprintf(buf, size, "%s:%s:%s", m->name, m->unit, m->lower ? "lower" : "higher");
}
