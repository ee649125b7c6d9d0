/* sequential.c - see sequential.h */
#include "results/sequential.h"

size_t sequential_looks(size_t max_rounds)
{
	return sequential_look(max_rounds);
}

size_t sequential_look(size_t round)
{
	return round < SEQUENTIAL_FIRST_ROUND ? 0 : round - SEQUENTIAL_FIRST_ROUND + 1;
}

/* the increment of alpha (k/K)^2: what look k may spend */
double sequential_alpha(size_t look, size_t looks, double alpha)
{
	double k = (double)look, K = (double)looks;

	if (look < 1 || look > looks)
		return 0.0;
	return alpha * (2.0 * k - 1.0) / (K * K);
}
