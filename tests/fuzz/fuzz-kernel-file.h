/* fuzz-kernel-file.h - what the fuzz targets that read a kernel folder
 * share: DIR/K/NAME written with the input, DIR made at the first call and
 * removed when the fuzzing ends; fuzz_put writes any file. Include it in
 * one target's .c only (its functions are static, inline where a target
 * may leave them unused). */
#ifndef FUZZ_KERNEL_FILE_H
#define FUZZ_KERNEL_FILE_H

#include "lib/util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

struct fuzz_kernel_file {
	char *dir;	/* a mkdtemp template, then the results directory */
	char *kdir;	/* DIR/K */
	char *file;	/* DIR/K/NAME */
};

static struct fuzz_kernel_file *fuzz_kf __attribute__((unused));

/* PATH holds the N bytes at P, or the fuzzing stops */
static inline void fuzz_put(const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "w");

	if (!f || fwrite(p, 1, n, f) != n || fclose(f) != 0)
		abort();
}

static inline void fuzz_kernel_file_remove(void)
{
	unlink(fuzz_kf->file);
	rmdir(fuzz_kf->kdir);
	rmdir(fuzz_kf->dir);
}

/* kf->dir a template like "/tmp/contest-fuzz-NAME.XXXXXX"; the input as DIR/K/name */
static inline void fuzz_kernel_file(struct fuzz_kernel_file *kf, const char *name,
				    const uint8_t *data, size_t size)
{
	if (!kf->file) {
		if (!mkdtemp(kf->dir))
			abort();
		kf->kdir = xasprintf("%s/K", kf->dir);
		kf->file = xasprintf("%s/%s", kf->kdir, name);
		if (mkdir(kf->kdir, 0755) < 0)
			abort();
		fuzz_kf = kf;
		atexit(fuzz_kernel_file_remove);	/* the directory goes when the fuzzing ends */
	}
	fuzz_put(kf->file, data, size);
}

#endif
