/* testhook.h - a pause the tests put into a window they race
 *
 * CONTEST_TEST_PAUSE=POINT:MS makes test_pause("POINT") sleep MS
 * milliseconds (at most 10 s), so that a test can act inside a window
 * that is otherwise microseconds wide (a record read, then judged; a
 * knob written, then put back). Nothing else reads it, and all it can do
 * is delay. The points: "lock-record" (sys/lock.c), "knob-set"
 * (sys/knob.c), "bisect-placed" (guest/bisect-progress.c), "bisect-round"
 * (guest/bisect-rounds.c: before a live round's guests boot).
 */
#ifndef CONTEST_TESTHOOK_H
#define CONTEST_TESTHOOK_H

void test_pause(const char *point);

/*
 * CONTEST_TEST_COUNT=POINT makes test_count("POINT") count its calls (from
 * any thread) and the process say "test-count: POINT N" on stderr as it
 * exits, so that a test can see how often a thing was done (an env file
 * parsed: "env-parse", record/fingerprint.c). Unset, it does nothing.
 */
void test_count(const char *point);

#endif
