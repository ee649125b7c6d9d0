/* t-loadproc-counter.c - a load's unit counter and its fraction are read as one value
 *
 * Two writer processes hammer load_progress()/load_unit_done() on a shared
 * counter (a unit every 3 steps, so unit boundaries come every few
 * nanoseconds) while the driver's side takes loadproc_snap()s: Loads must
 * never go backwards, the whole units must match the integer part, and
 * the fraction must stay below one. Read in two steps (units, then the
 * current unit's progress), a snapshot at a boundary drops a unit.
 */
#include "tap.h"
#include "session/loadproc.h"
#include "lib/util.h"

#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define PER_UNIT 3
#define SNAPS 500

static pid_t writer(struct load_env *env)
{
	pid_t pid = fork();

	if (pid == 0) {
		alarm(60);
		for (;;) {
			for (int i = 0; i < PER_UNIT; i++)
				load_progress(env, 1);
			load_unit_done(env);
		}
	}
	return pid;
}

int main(void)
{
	struct load_proc lp = { 0 };
	struct load_env env = { .name = "counter" };
	struct load_snap snap;
	double last = 0, worst = 0;
	int backwards = 0, split = 0, over = 0;
	pid_t w[2];

	lp.shm = mmap(NULL, sizeof(*lp.shm), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (lp.shm == MAP_FAILED)
		return 1;
	env.ctr = &lp.shm->ctr;
	load_set_per_unit(&env, PER_UNIT);
	w[0] = writer(&env);
	w[1] = writer(&env);
	lp.leader = w[0];	/* snapshots scan its group for CPU: harmless here */
	for (int i = 0; i < SNAPS; i++) {
		loadproc_snap(&lp, NULL, &snap);
		if (snap.units < last) {
			backwards++;
			if (last - snap.units > worst)
				worst = last - snap.units;
		}
		if (floor(snap.units) != snap.whole)
			split++;
		if (snap.units - snap.whole >= 1)
			over++;
		last = snap.units;
	}
	for (int i = 0; i < 2; i++) {
		kill(w[i], SIGKILL);
		waitpid(w[i], NULL, 0);
	}
	ok(last > 100, "the writers made progress (%.0f units)", last);
	ok(backwards == 0, "Loads never went backwards in %d snapshots (%d times, by up to %.2f)",
	   SNAPS, backwards, worst);
	ok(split == 0, "the whole units are the integer part of Loads (%d mismatches)", split);
	ok(over == 0, "the fraction stays below one unit (%d over)", over);
	munmap(lp.shm, sizeof(*lp.shm));
	return tap_done();
}
