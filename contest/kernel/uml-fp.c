/* uml-fp.c - UML <= 6.1's HOST_FP_SIZE fitted to this CPU, out of tree (see uml-fp.h) */
#include "kernel/uml-fp.h"
#include "sys/xsave.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define UML_FP_FILE "arch/x86/um/user-offsets.c"
#define UML_FP_LINE "DEFINE_LONGS(HOST_FP_SIZE, 2696);"
#define UML_FP_CONSTANTS "include/generated/user_constants.h"

/* this CPU's area in whole longs (HOST_FP_SIZE counts longs); <= 0 as xsave_bytes() */
static long fp_bytes(void)
{
	long bytes = xsave_bytes();

	return bytes > 0 ? (bytes + 7) / 8 * 8 : bytes;
}

/* text with its UML_FP_LINE's size made bytes; NULL when it has no such line */
static char *fitted_text(const char *text, long bytes)
{
	const char *at = strstr(text, UML_FP_LINE);

	if (!at)
		return NULL;
	return xasprintf("%.*sDEFINE_LONGS(HOST_FP_SIZE, %ld);%s", (int)(at - text), text, bytes,
			 at + strlen(UML_FP_LINE));
}

/* no copy in build: the tree's file is compiled again (its time may be older than the output) */
static int unfit(const char *copy, const char *build)
{
	char *out = xasprintf("%s/arch/x86/um/user-offsets.s", build);
	int ret = 0;

	if (access(copy, F_OK) == 0 && (unlink(copy) < 0 || (unlink(out) < 0 && errno != ENOENT)))
		ret = error("cannot remove '%s' or '%s': %s", copy, out, strerror(errno));
	free(out);
	return ret;
}

int uml_fp_fit(const char *src, const char *build)
{
	char *path = xasprintf("%s/" UML_FP_FILE, src), *copy = xasprintf("%s/" UML_FP_FILE, build);
	char *dir = xasprintf("%s/arch/x86/um", build), *text, *fitted = NULL, *was = NULL;
	long bytes = fp_bytes();
	int fd, ret = 0;

	text = read_regular_file(path, &(size_t){ 0 });
	if (text && bytes > XSAVE_UML61_BYTES)
		fitted = fitted_text(text, bytes);
	if (!fitted) {
		if (text && bytes < 0 && strstr(text, UML_FP_LINE))
			warning("cannot read this CPU's XSAVE size: '%s' keeps 2696 bytes", path);
		ret = unfit(copy, build);
		goto out;
	}
	was = read_regular_file(copy, &(size_t){ 0 });
	if (was && !strcmp(was, fitted))
		goto out;	/* the same: nothing to compile again */
	fd = mkdir_p(dir, 0755) < 0 ? -1 : open_write_file(copy, O_TRUNC, 0644);
	if (fd < 0 || write_all(fd, fitted, strlen(fitted)) < 0 || close(fd) < 0)
		ret = error("cannot write '%s': %s", copy, strerror(errno));
	else
		info("this CPU's XSAVE area is %ld bytes: HOST_FP_SIZE fitted in '%s'", bytes, copy);
out:
	free(was);
	free(fitted);
	free(text);
	free(dir);
	free(copy);
	free(path);
	return ret;
}

int uml_fp_check(const char *build)
{
	char *copy = xasprintf("%s/" UML_FP_FILE, build), *gen, *text, *want;
	int ret = 0;

	if (access(copy, F_OK) < 0) {
		free(copy);
		return 0;
	}
	gen = xasprintf("%s/" UML_FP_CONSTANTS, build);
	text = read_regular_file(gen, &(size_t){ 0 });
	want = xasprintf("#define HOST_FP_SIZE %ld ", fp_bytes() / 8);
	if (!text || !strstr(text, want))
		ret = error("'%s' lacks '%s': the build did not take the fitted '%s'", gen,
			    want, copy);
	free(want);
	free(text);
	free(gen);
	free(copy);
	return ret;
}
