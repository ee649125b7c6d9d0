/* uml-fp.h - a user-mode-linux <= 6.1 built to restore this CPU's XSAVE area
 *
 * UML up to 6.1 sizes its floating-point buffers at a fixed 2696 bytes
 * (arch/x86/um/user-offsets.c: DEFINE_LONGS(HOST_FP_SIZE, 2696)); where
 * the host's XSAVE area is larger (sys/xsave.h), ptrace refuses every
 * restore and no guest process runs. The kernel tree stays as it is (a
 * bisection checks out the next commit over it): the fitted copy of that
 * one file goes into the build directory, which kbuild's VPATH searches
 * before the source tree. The same as scripts/uml-kernel.sh does.
 */
#ifndef CONTEST_KERNEL_UML_FP_H
#define CONTEST_KERNEL_UML_FP_H

/*
 * Before building src out of tree in build: the fitted copy when src has
 * the fixed line and this CPU's area is larger, else no copy (a stale
 * one removed, and its compiled output, so that the tree's own is used).
 * 0, or -1 with an error printed.
 */
int uml_fp_fit(const char *src, const char *build);
/* after the build: where a copy was put, the generated constants have its
 * size (a kbuild that stopped reading sources from build would not); 0 or -1 */
int uml_fp_check(const char *build);

#endif
