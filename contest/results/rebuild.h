/* rebuild.h - how a bisection candidate's image is built again, from its env
 *
 * contest bisect records in each candidate's env the tree (bisect_tree),
 * the commit, how the image was built (kernel_build: --build's command,
 * or the default build's twin scripts/uml-kernel.sh --bisect, or
 * "default" where no such script was found; kernel_fragment, the
 * default build's --config-fragment) and the image the guest booted
 * (guest_image). From them: a paragraph saying how the image was built
 * and where it goes, and the commands that build it again, each a word
 * list to quote for the shell: the commit checked out beside the image
 * (IMAGE.src), the build run in it with CONTEST_BUILD_DIR IMAGE.build,
 * as bisect ran it. The mail's "To reproduce" and rerun of a candidate
 * whose image is gone both say it.
 */
#ifndef CONTEST_REBUILD_H
#define CONTEST_REBUILD_H

struct env;	/* record/env.h */

struct rebuild {
	char *prose;		/* the paragraph, one line (the caller wraps it) */
	char ***cmds;		/* word lists, NULL-terminated; none: the first NULL */
};

/* rb from a candidate's env: 0; -1 (nothing said) when e records no
 * bisection's commit and tree, or no image */
int rebuild_of(struct rebuild *rb, const struct env *e);
void rebuild_release(struct rebuild *rb);

#endif
