/* buildenv.h - the environment the timed build (and its clean and configure steps) gets
 *
 * make and kbuild read many variables from the environment (MAKEFLAGS,
 * CFLAGS, ARCH, CROSS_COMPILE, LLVM, O, KBUILD_*, ...), so a driver started
 * from a shell with one of them exported would time a different build. The
 * build's environment is the driver's minus those variables, plus a
 * defined locale, and the env file says what was removed.
 */
#ifndef CONTEST_BUILDENV_H
#define CONTEST_BUILDENV_H

#include <stdio.h>

/* In the child before exec: unset the build variables, set the defined ones.
 * Single-threaded callers only (it uses unsetenv/setenv). */
void buildenv_apply(void);
/* the env file's lines "SCRUBBED_KEY: K=V ..." (what was unset) and
 * "SET_KEY: K=V ..." (what was set); the keys are record/env.h's */
void buildenv_write(FILE *out, const char *scrubbed_key, const char *set_key);

#endif
