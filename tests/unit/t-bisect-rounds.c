/* t-bisect-rounds.c - how a step's rounds are answered on --resume (guest/bisect-rounds.c):
 * the state's rounds in order, a step's rounds counted, a round not the one asked for
 * refused, nothing after a failure. A live round boots guests: the e2e tests' part */
#include "guest/bisect-rounds.h"
#include "guest/bisect-driver.h"
#include "lib/util.h"
#include "tap.h"

static struct bisect_rec recs[] = {
	{ 2, { 0, 4, 0 }, { 100, 110, 0 } },
	{ 2, { 4, 0, 0 }, { 111, 101, 0 } },
	{ 3, { 0, 2, 4 }, { 100, 109, 110 } },
	{ 3, { 4, 2, 0 }, { 112, 108, 99 } },
};

static struct bisect_driver driver(void)
{
	return (struct bisect_driver){ .state = "/results/.bisect/state", .recs = recs,
				       .nrecs = ARRAY_SIZE(recs) };
}

int main(void)
{
	struct bisect_driver dr = driver();
	double t[3] = { -1, -1, -1 };

	ok(bisect_round(&dr, (const size_t[]){ 0, 4 }, 2, t) == 0 && t[0] == 100 && t[1] == 110,
	   "the confirmation's first round answered from the state");
	ok(bisect_round(&dr, (const size_t[]){ 4, 0 }, 2, t) == 0 && t[0] == 111 && t[1] == 101,
	   "the turned one next, its values in the order asked");
	ok(dr.cursor == 2 && dr.step_rounds == 0 && !dr.live_in_step,
	   "the confirmation's rounds are no step's; none measured live");
	ok(bisect_round(&dr, (const size_t[]){ 0, 2, 4 }, 3, t) == 0 && t[1] == 109 &&
	   dr.step_rounds == 1, "a step's round answered and counted");

	ok(bisect_round(&dr, (const size_t[]){ 0, 2, 4 }, 3, t) < 0 && dr.failed,
	   "a round that is not the one the state has next: the state is refused");
	ok(dr.cursor == 3, "and nothing of it is taken");
	ok(bisect_round(&dr, (const size_t[]){ 4, 2, 0 }, 3, t) < 0 && dr.cursor == 3,
	   "after a failure no round is answered");

	dr = driver();
	ok(bisect_round(&dr, (const size_t[]){ 0, 4, 2 }, 3, t) < 0 && dr.failed,
	   "a round of another size than the state's next is refused too");
	return tap_done();
}
