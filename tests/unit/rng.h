/* rng.h - a seeded normal generator for the unit tests' simulations, the
 * same stream on every machine (static: each test links its own) */
#ifndef CONTEST_TEST_RNG_H
#define CONTEST_TEST_RNG_H

#include <math.h>
#include <stdint.h>

/* splitmix64: small, seeded, the same stream on every machine */
static uint64_t rng_state;

static inline void rng_seed(uint64_t seed)
{
	rng_state = seed;
}

static inline uint64_t rng_next(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* uniform on (0, 1), never 0: Box-Muller takes its log */
static inline double rng_uniform(void)
{
	return ((double)(rng_next() >> 11) + 0.5) * 0x1p-53;
}

/* standard normal by Box-Muller (one of the pair; the other is thrown away for simplicity) */
static inline double rng_normal(void)
{
	return sqrt(-2.0 * log(rng_uniform())) * cos(2.0 * M_PI * rng_uniform());
}

#endif
