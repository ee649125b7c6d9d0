/* t-metric-spec.c - a metric key's regex: refused when its match has no
 * time bound, matched line by line, in a child that a time limit ends */
#include "lib/metric-spec.h"
#include "lib/util.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* why spec is refused, NULL when it is taken */
static const char *refusal(const char *spec)
{
	struct metric_spec m;
	const char *why = metric_spec_parse(spec, &m);

	if (!why)
		metric_spec_free(&m);
	return why;
}

/* lines of width bytes of 'a', count of them */
static char *a_lines(size_t width, size_t count)
{
	char *text = xmalloc((width + 1) * count + 1), *p = text;

	for (size_t i = 0; i < count; i++, p += width + 1) {
		memset(p, 'a', width);
		p[width] = '\n';
	}
	*p = '\0';
	return text;
}

static void parse_cases(void)
{
	const char *why = refusal("x:u:lower:(a*)*\\1b");

	ok(why && strstr(why, "back-reference"), "a back-reference is refused (%s)", why ? why : "taken");
	ok(refusal("x:u:lower:(a)[\\1]([0-9]+)") == NULL, "\\1 in a bracket expression is two characters, taken");
	ok(refusal("x:u:lower:[[:digit:]\\2]([0-9]+)") == NULL, "and after a class: the bracket ends at its ']'");
	ok(refusal("x:u:lower:[]\\1]([0-9]+)") == NULL, "a ']' first is a member, not the end");
	ok(refusal("x:u:lower:[[:digit:]]\\2") != NULL, "one after a bracket expression is refused");
	ok(refusal("x:u:lower:\\\\1 ([0-9]+)") == NULL, "an escaped backslash before a digit is no back-reference");
	why = refusal("x:u:lower:(a{1,100}){1,100}b");
	ok(why && strstr(why, "repeats"), "intervals multiplying to 10000 are refused (%s)", why ? why : "taken");
	ok(refusal("x:u:lower:(.*){1,32000}[bc]") != NULL, "one whose regcomp overflows its stack is refused");
	ok(refusal("x:u:lower:([0-9]{1,3}\\.){3}[0-9]{1,3}") == NULL, "(ddd.){3}ddd, 81 repeats, is taken");
	ok(refusal("x:u:lower:[0-9a-f]{64} ([0-9]+)") == NULL, "a 64-digit hash is taken");
}

static void find_cases(void)
{
	struct metric_spec m;
	char *text;

	metric_spec_parse("lat:us:lower:^lat: ([0-9.]+)$", &m);
	ok(metric_spec_find(&m, "start\nlat: 12.5\nlat: 13\n") == 12.5,
	   "^ and $ are a line's ends: the first line that matches gives the figure");
	ok(isnan(metric_spec_find(&m, "xlat: 12.5\n")), "and not the middle of one");
	metric_spec_free(&m);
	metric_spec_parse("n::higher:b ([0-9]+)", &m);
	text = a_lines(METRIC_LINE_MAX + 100, 1);
	memcpy(text + METRIC_LINE_MAX + 10, "b 7", 3);
	ok(isnan(metric_spec_find(&m, text)), "a line is matched in its first %d bytes", METRIC_LINE_MAX);
	memcpy(text + 10, "b 7", 3);
	ok(metric_spec_find(&m, text) == 7, "where a figure is found");
	free(text);
	metric_spec_free(&m);
}

static void bounded_cases(void)
{
	struct metric_spec m[2];
	double out[2], t0;
	char why[128] = "", *text;
	int ret;

	metric_spec_parse("lat:us:lower:lat: ([0-9.]+)", &m[0]);
	metric_spec_parse("n::higher:n=([0-9]+)", &m[1]);
	ret = metric_spec_find_all(m, 2, "n=4\nlat: 1.5 us\n", 5, out, why, sizeof(why));
	ok(ret == 0 && out[0] == 1.5 && out[1] == 4, "both figures from the child (%d: %g %g %s)",
	   ret, out[0], out[1], why);
	ret = metric_spec_find_all(m, 2, "nothing\n", 5, out, why, sizeof(why));
	ok(ret == 0 && isnan(out[0]) && isnan(out[1]), "none found: 0, NAN each");
	metric_spec_free(&m[1]);
	/* no back-reference, no interval: a line's square, 0.3 s a 4 KB line here */
	metric_spec_parse("slow::lower:(a|aa)*b", &m[1]);
	text = a_lines(METRIC_LINE_MAX, 200);
	t0 = now_mono();
	ret = metric_spec_find_all(m, 2, text, 0.5, out, why, sizeof(why));
	ok(ret < 0 && strstr(why, "took more than 0.5 s") && isnan(out[0]),
	   "a slow match is ended by the time limit, every figure NAN (%d: %s)", ret, why);
	ok(now_mono() - t0 < 3, "promptly (%.2f s for a 0.5 s limit)", now_mono() - t0);
	free(text);
	metric_spec_free(&m[0]);
	metric_spec_free(&m[1]);
}

int main(void)
{
	parse_cases();
	find_cases();
	bounded_cases();
	return tap_done();
}
