/* bisect-build.h - a bisection's images: built once a commit, kept, skipped when they cannot be
 *
 * How a commit is built is kernel/build.h's; this is what bisect makes of
 * it: the image copied to RESULTS/.bisect/images/NAME and its stamp and
 * outcome recorded in the state (bisect-state.h), so --resume builds
 * nothing that is still there as built.
 */
#ifndef CONTEST_GUEST_BISECT_BUILD_H
#define CONTEST_GUEST_BISECT_BUILD_H

#include <stddef.h>

struct bisect_driver;

/*
 * bisect_ops' prepare (results/bisect.h), ctx a struct bisect_driver:
 * commit i's image ready: 0, BISECT_SKIP (it cannot be built, or could
 * not before), BISECT_STOP (interrupted, or an error not the commit's)
 */
int bisect_prepare(void *ctx, size_t i);

/* where commit i's image is kept, malloc'd */
char *bisect_image_path(const struct bisect_driver *dr, size_t i);
/* where the build's .config of the image at image is kept, malloc'd */
char *bisect_config_path(const char *image);

#endif
