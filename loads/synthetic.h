/* synthetic.h - generate the synthetic kernel-like tree (workload = synthetic) */
#ifndef CONTEST_SYNTHETIC_H
#define CONTEST_SYNTHETIC_H

/* bump when the generated text changes, so old trees are regenerated */
#define SYNTHETIC_FORMAT 1

/* upper bound for each of dirs, files_per_dir and funcs_per_file: the
 * options table (config.c) holds callers' values to 1..SYNTHETIC_MAX */
#define SYNTHETIC_MAX 999

/*
 * Make dir a tree of C sources the way a kernel tree is: shared headers in
 * include/, `dirs` directories of `files_per_dir` files with
 * `funcs_per_file` functions each, one `ld -r` object per directory and a
 * final link into ./vmlinux, driven by a Makefile (`all`, `clean`, -jN).
 *
 * The same arguments give a byte-identical tree. A tree whose stamp file
 * (dir/.contest-synthetic) matches is left alone, build products and all.
 * Otherwise the tree is written next to dir, stamped and renamed into
 * place; an existing dir is replaced only when it is empty or was made
 * here. Returns 0, or -1 with an error printed.
 */
int synthetic_generate(const char *dir, int dirs, int files_per_dir, int funcs_per_file);

#endif
