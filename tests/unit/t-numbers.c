/* t-numbers.c - numbers parse one way: options, config values, sizes, durations */
#include "lib/config.h"
#include "lib/util.h"
#include "tap.h"

#include <math.h>

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

int main(void)
{
	uint64_t sz = 0;
	double d = 0;

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
