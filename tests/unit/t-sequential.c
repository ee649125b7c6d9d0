/* t-sequential.c - --until-decided's looks share alpha (results/sequential.h) */
#include "results/sequential.h"
#include "tap.h"

#include <math.h>

static int near(double a, double b)
{
	return fabs(a - b) < 1e-12;
}

int main(void)
{
	double sum = 0.0, prev = 0.0;
	int rising = 1;

	ok(sequential_look(0) == 0 && sequential_look(SEQUENTIAL_FIRST_ROUND - 1) == 0,
	   "no look before round %d", SEQUENTIAL_FIRST_ROUND);
	ok(sequential_look(SEQUENTIAL_FIRST_ROUND) == 1 && sequential_look(10) == 8,
	   "look 1 after round 3, look 8 after round 10");
	ok(sequential_looks(2) == 0 && sequential_looks(3) == 1 && sequential_looks(20) == 18,
	   "a cap of 20 rounds allows 18 looks, one below 3 none");
	/* the increments of alpha (k/K)^2 sum to alpha, so the looks together
	 * cry wolf no more than one test at alpha */
	for (size_t k = 1; k <= 18; k++) {
		double a = sequential_alpha(k, 18, 0.05);

		rising &= a > prev;
		prev = a;
		sum += a;
	}
	ok(near(sum, 0.05), "18 looks spend alpha 0.05 in all (%.15g)", sum);
	ok(rising, "each look may spend more than the one before (little early, most near the cap)");
	ok(near(sequential_alpha(1, 18, 0.05), 0.05 / 324) &&
	   near(sequential_alpha(18, 18, 0.05), 0.05 * 35 / 324), "alpha (2k - 1) / K^2 at the ends");
	ok(near(sequential_alpha(1, 1, 0.05), 0.05), "one look is one test at alpha");
	ok(sequential_alpha(0, 18, 0.05) == 0.0 && sequential_alpha(19, 18, 0.05) == 0.0 &&
	   sequential_alpha(1, 0, 0.05) == 0.0, "no alpha outside looks 1..K");
	return tap_done();
}
