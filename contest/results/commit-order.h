/* commit-order.h - a bisection's candidates in the order of its commits (--order commit)
 *
 * A bisection measures its candidates in the order its steps chose
 * (midpoints), and a folder's kernels are read oldest first: for report
 * and compare that is not the order of the tree. Each candidate's env
 * names its commit; the bisection's state (RESULTS/.bisect/state, written
 * by contest bisect) lists its commits from good to bad, and that is the
 * order given here.
 */
#ifndef CONTEST_RESULTS_COMMIT_ORDER_H
#define CONTEST_RESULTS_COMMIT_ORDER_H

#include <stddef.h>

/* --order's words for report and compare: as named (or read), by commit */
#define COMMIT_ORDER_WORDS "given|commit"
enum commit_order { ORDER_GIVEN, ORDER_COMMIT };

/*
 * kernels[0..*n) of dir (*n == 0: every kernel in dir) in the order of
 * the bisection's commits, good first, as a new array of new strings in
 * *out (release with results_names_release), their number in *n. 0, or
 * -1 with an error naming the file: dir holds no bisection's state, or a
 * kernel's env names no commit of it.
 */
int results_commit_order(const char *dir, char *const *kernels, size_t *n, char ***out);
void results_names_release(char **names, size_t n);

#endif
