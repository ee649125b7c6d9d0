/* tap.h - minimal TAP for the C unit tests (kselftest style) */
#ifndef CONTEST_TAP_H
#define CONTEST_TAP_H

#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

#define ok(cond, ...) do { \
	int ok_ = !!(cond); \
	tap_n++; \
	if (!ok_) tap_failed++; \
	printf("%sok %d - ", ok_ ? "" : "not ", tap_n); \
	printf(__VA_ARGS__); \
	printf("\n"); \
	if (!ok_) printf("#   failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
	fflush(stdout); \
} while (0)

#define is_str(got, want, ...) do { \
	const char *g_ = (got), *w_ = (want); \
	int same_ = g_ && w_ && !strcmp(g_, w_); \
	ok(same_, __VA_ARGS__); \
	if (!same_) printf("#   got:  '%s'\n#   want: '%s'\n", g_ ? g_ : "(null)", w_ ? w_ : "(null)"); \
} while (0)

/* a genuine missing precondition (not root, no tmpfs): the case cannot run here */
#define skip(...) do { tap_n++; printf("ok %d # SKIP ", tap_n); printf(__VA_ARGS__); printf("\n"); } while (0)

/* the test's own setup failed (mkdtemp, a write, chdir): a failure with its
 * reason, never a skip, so a broken test cannot pass as an unrunnable one */
#define setup_failed(...) do { \
	tap_n++; \
	tap_failed++; \
	printf("not ok %d - setup: ", tap_n); \
	printf(__VA_ARGS__); \
	printf("\n"); \
	fflush(stdout); \
} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
