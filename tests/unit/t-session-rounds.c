/* t-session-rounds.c - session/rounds.c: the variants' order in a round
 * (A B, then B A) and --until-decided's decision on crafted comparisons
 * (every NEW row's main verdict better, worse or same; the base, other
 * metrics and decided rows do not hold it up) */
#include "results/compare.h"
#include "session/rounds.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

/* the order of round r (0-based) of n variants as letters, into buf */
static const char *order(int r, int n, char *buf)
{
	for (int k = 0; k < n; k++)
		buf[k] = (char)('A' + session_round_variant(r, k, n));
	buf[n] = '\0';
	return buf;
}

static void test_order(void)
{
	char buf[8];

	is_str(order(0, 2, buf), "AB", "two variants, round 1: A B");
	is_str(order(1, 2, buf), "BA", "round 2: B A");
	is_str(order(2, 2, buf), "AB", "round 3: A B again");
	is_str(order(1, 3, buf), "CBA", "three variants, round 2: reversed");
	is_str(order(5, 1, buf), "A", "one variant: itself");
}

/* a row of load L, metric m, the kernel's verdict */
static struct compare_row row(const char *kernel, int metric, int main, int is_base,
			      enum compare_test test, enum verdict_kind kind)
{
	struct compare_row r;

	memset(&r, 0, sizeof(r));
	r.load = "noload";
	r.kernel = kernel;
	r.metric = metric;
	r.main = (unsigned char)main;
	r.is_base = (unsigned char)is_base;
	r.test = is_base ? TEST_BASE : test;
	r.verdict.kind = kind;
	r.verdict.reason = "too few runs";
	return r;
}

static size_t open_rows(struct compare_row *rows, size_t n, size_t round, size_t rounds)
{
	struct compare c;

	memset(&c, 0, sizeof(c));
	c.rows = rows;
	c.nrows = n;
	return until_decided_open(&c, round, rounds);
}

static void test_decided(void)
{
	struct compare_row rows[4];

	rows[0] = row("A", 0, 1, 1, TEST_BASE, VERDICT_UNDECIDED);
	rows[1] = row("B", 0, 1, 0, TEST_MADE, VERDICT_BETTER);
	rows[2] = row("A", 1, 0, 1, TEST_BASE, VERDICT_UNDECIDED);
	rows[3] = row("B", 1, 0, 0, TEST_MADE, VERDICT_UNDECIDED);
	ok(open_rows(rows, 4, 3, 20) == 0,
	   "Time better: decided (the base and an undecided CPU%% do not count)");
	rows[1].verdict.kind = VERDICT_SAME;
	ok(open_rows(rows, 4, 3, 20) == 0, "Time same: decided");
	rows[1].verdict.kind = VERDICT_WORSE;
	ok(open_rows(rows, 4, 3, 20) == 0, "Time worse: decided");
	rows[1].verdict.kind = VERDICT_UNDECIDED;
	ok(open_rows(rows, 4, 3, 20) == 1, "Time undecided: not decided");
	ok(open_rows(rows, 4, 20, 20) == 1, "at the last round too (and it says which)");
	rows[1].verdict.kind = VERDICT_BETTER;
	rows[1].test = TEST_MISSING;
	ok(open_rows(rows, 4, 3, 20) == 1, "no runs on a side: not decided");
	rows[1].test = TEST_CONSTANT;
	rows[1].untested = 1;	/* 0 in every run of both (no load ran): nothing to wait for */
	ok(open_rows(rows, 4, 3, 20) == 0, "an untested row is not waited for");
	rows[1].untested = 0;
	rows[1].test = TEST_MADE;
	rows[3] = row("B", COMPARE_RATIO, 0, 0, TEST_MADE, VERDICT_UNDECIDED);
	ok(open_rows(rows, 4, 3, 20) == 1, "a loaded compile's Ratio is judged too");
	rows[3].verdict.kind = VERDICT_WORSE;
	ok(open_rows(rows, 4, 3, 20) == 0, "and decided with it");
}

int main(void)
{
	test_order();
	test_decided();
	return tap_done();
}
