/* t-config-numbers.c - numbers parse one way: options, config values, sizes, durations */
#include "lib/config.h"
#include "lib/util.h"
#include "tap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void real_ok(const char *s, double want)
{
	double d = NAN;

	ok(parse_real(s, &d) == 0 && d == want, "'%s' is %g (got %g)", s, want, d);
}

static void real_bad(const char *s)
{
	double d = 42;

	ok(parse_real(s, &d) < 0 && d == 42, "'%s' is not a number, *out untouched", s);
}

static void int_case(const char *s, int good, long long want)
{
	long long v = 42;
	int ret = parse_integer(s, &v);

	if (good)
		ok(ret == 0 && v == want, "'%s' is the whole number %lld (got %lld)", s, want, v);
	else
		ok(ret < 0 && v == 42, "'%s' is not a whole number", s);
}

/*
 * fmt_fixed writes what "%.*f" writes: random values of every size, exact
 * ties (x.5, x.125: printf rounds them to even), values one ulp either
 * side of a tie, negative zeros and what rounds to them, and the forms it
 * leaves to snprintf.
 */
static void test_fmt_fixed(void)
{
	const double special[] = { 0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, -0.04, 0.05,
				   0.15, 0.25, 0.35, 1e15, -1e15, 999999999999999.9, 1e300,
				   NAN, INFINITY, -INFINITY, 4.35, 0.00005, 123.4565 };
	char want[512], got[512];
	unsigned seed = 7, bad = 0, n = 0;
	const char *first_bad = NULL;
	char first[1200] = "";

	for (int d = 0; d <= 6; d++) {
		for (int k = 0; k < 60000 + (int)ARRAY_SIZE(special); k++) {
			double v;

			if (k < (int)ARRAY_SIZE(special)) {
				v = special[k];
			} else {
				double u = (double)rand_r(&seed) / RAND_MAX, m = pow(10, 16 * u - 6);
				int kind = k % 4;

				v = (rand_r(&seed) & 1 ? -1 : 1) * m;
				if (kind == 1)	/* an exact tie at d places, when one is */
					v = (floor(v * pow(10, d)) + 0.5) / pow(10, d);
				else if (kind == 2)
					v = nextafter((floor(v * pow(10, d)) + 0.5) / pow(10, d), 0);
				else if (kind == 3)
					v = nextafter((floor(v * pow(10, d)) + 0.5) / pow(10, d), INFINITY);
			}
			snprintf(want, sizeof(want), "%.*f", d, v);
			fmt_fixed(got, sizeof(got), v, d);
			n++;
			if (strcmp(want, got) && !bad++) {
				snprintf(first, sizeof(first), "%.17g at %d: '%s' against '%s'", v, d,
					 got, want);
				first_bad = first;
			}
		}
	}
	ok(!bad, "fmt_fixed is \"%%.*f\" for %u values (%u differ%s%s)", n, bad,
	   first_bad ? ", first " : "", first);
	ok(!strcmp(fmt_fixed(got, 4, -12.5, 1), "-12"), "short buffer: as snprintf cuts it ('%s')",
	   got);
}

int main(void)
{
	uint64_t sz = 0;
	double d = 0;

	test_fmt_fixed();
	real_ok("0.05", 0.05);
	real_ok("5", 5);
	real_ok(".5", 0.5);
	real_ok("5.", 5);
	real_ok("-2.5", -2.5);
	real_ok("1e3", 1000);
	real_ok("2.5E-1", 0.25);
	real_bad("");
	real_bad(" 1");
	real_bad("1 ");
	real_bad("0x10");
	real_bad("0x1p3");
	real_bad("inf");
	real_bad("nan");
	real_bad("1e999");
	real_bad(".");
	real_bad("1e");
	real_bad("1,5");
	int_case("12", 1, 12);
	int_case("+3", 1, 3);
	int_case("-4", 1, -4);
	int_case("007", 1, 7);
	int_case("", 0, 0);
	int_case(" 2", 0, 0);
	int_case("2.0", 0, 0);
	int_case("1e3", 0, 0);
	int_case("0x10", 0, 0);
	int_case("99999999999999999999", 0, 0);
	/* sizes and durations read their number the same way */
	ok(parse_size("1.5M", 0, &sz) == 0 && sz == 1572864, "size '1.5M' (got %llu)",
	   (unsigned long long)sz);
	ok(parse_size("0x10M", 0, &sz) < 0, "size '0x10M': a hex number is not a size");
	ok(parse_size("1e1K", 0, &sz) == 0 && sz == 10240, "size '1e1K' reads as 10K");
	ok(parse_duration("1.5m", &d) == 0 && d == 90, "duration '1.5m' is 90 s (got %g)", d);
	ok(parse_duration("0x3", &d) < 0, "duration '0x3': a hex number is not a duration");
	ok(parse_duration("infs", &d) < 0, "duration 'infs' is refused");
	return tap_done();
}
