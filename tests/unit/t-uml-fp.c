/* t-uml-fp.c - UML 6.1's HOST_FP_SIZE fitted in the build directory, the tree untouched */
#include "kernel/uml-fp.h"
#include "sys/xsave.h"
#include "lib/util.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define OFFSETS "/arch/x86/um/user-offsets.c"

static char *path_in(const char *dir, const char *name)
{
	return xasprintf("%s%s", dir, name);
}

static void put(const char *dir, const char *name, const char *text)
{
	char *p = path_in(dir, name), *d = xstrdup(p);
	FILE *f;

	*strrchr(d, '/') = '\0';
	mkdir_p(d, 0755);
	f = fopen(p, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	free(d);
	free(p);
}

static char *get(const char *dir, const char *name)
{
	char *p = path_in(dir, name), *t = read_regular_file(p, &(size_t){ 0 });

	free(p);
	return t;
}

int main(void)
{
	char top[] = "/tmp/t-uml-fp.XXXXXX", *src, *build, *t, *copy, want[128];
	const char *tree = "\tDEFINE(X, 1);\n\tDEFINE_LONGS(HOST_FP_SIZE, 2696);\n\tDEFINE(Y, 2);\n";
	long n = xsave_bytes();
	struct stat a, b;

	if (!mkdtemp(top))
		return 1;
	src = xasprintf("%s/src", top);
	build = xasprintf("%s/build", top);
	mkdir_p(build, 0755);
	put(src, OFFSETS, tree);
	ok(uml_fp_fit(src, build) == 0, "fit returns 0 (this CPU: %ld bytes)", n);
	t = get(src, OFFSETS);
	is_str(t, tree, "the tree's file is untouched");
	free(t);
	t = get(build, OFFSETS);
	if (n > XSAVE_UML61_BYTES) {
		snprintf(want, sizeof(want), "\tDEFINE(X, 1);\n\tDEFINE_LONGS(HOST_FP_SIZE, %ld);\n"
			 "\tDEFINE(Y, 2);\n", (n + 7) / 8 * 8);
		is_str(t, want, "the build directory's copy has this CPU's size, the rest as it was");
		copy = path_in(build, OFFSETS);
		stat(copy, &a);
		sleep(1);
		uml_fp_fit(src, build);
		stat(copy, &b);
		free(copy);
		ok(a.st_mtime == b.st_mtime, "a second fit leaves the same copy alone (nothing to rebuild)");
		ok(uml_fp_check(build) < 0, "check: constants without the size fail");
		snprintf(want, sizeof(want), "#define HOST_FP_SIZE %ld /* %ld / sizeof(unsigned long) */\n",
			 (n + 7) / 8, (n + 7) / 8 * 8);
		put(build, "/include/generated/user_constants.h", want);
		ok(uml_fp_check(build) == 0, "check: constants with it pass");
	} else {
		ok(t == NULL, "no copy where 2696 bytes are enough (%ld)", n);
		skip("no copy to keep");
		skip("no copy to check");
		skip("no copy to check");
	}
	free(t);
	/* a later commit without the fixed line: the copy and its output go */
	put(build, "/arch/x86/um/user-offsets.s", "old\n");
	put(src, OFFSETS, "\tDEFINE_LONGS(HOST_FP_SIZE, host_fp_size);\n");
	ok(uml_fp_fit(src, build) == 0, "fit of a tree without the line returns 0");
	copy = path_in(build, OFFSETS);
	ok(access(copy, F_OK) < 0, "no copy is left to shadow the tree's file");
	free(copy);
	t = get(build, "/arch/x86/um/user-offsets.s");
	ok(n <= XSAVE_UML61_BYTES || !t, "and its output is gone, so the tree's file is compiled again");
	free(t);
	ok(uml_fp_check(build) == 0, "check without a copy: nothing to check");
	rm_rf(top);
	free(src);
	free(build);
	return tap_done();
}
