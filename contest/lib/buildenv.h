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
/* "build_env_scrubbed: K=V ..." and "build_env_set: ..." lines for the env file */
void buildenv_write(FILE *out);

#endif
