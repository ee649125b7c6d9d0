/* t-page-dir.c - where a generated page may go (page-dir.h) */
#include "lib/page-dir.h"
#include "lib/util.h"
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>
#include <sys/stat.h>

static char tmpdir[] = "/tmp/t-page-dir.XXXXXX";

#define TAG "<meta name=\"generator\" content=\"test "

static void put(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
	free(path);
}

int main(void)
{
	char *sub;

	if (!mkdtemp(tmpdir)) {
		printf("Bail out! cannot make a temporary directory\n");
		return 1;
	}
	sub = xasprintf("%s/new", tmpdir);
	ok(page_dir_check(sub, TAG) == 0, "a directory not yet made may take a page");
	mkdir(sub, 0755);
	ok(page_dir_check(sub, TAG) == 0, "an empty directory may take a page");
	put(sub, "notes.txt", "mine\n");
	ok(page_dir_check(sub, TAG) < 0, "a directory holding other files may not");
	put(sub, "index.html", "<html><head>" TAG "1\"></head>\n");
	ok(page_dir_check(sub, TAG) == 0, "one holding a page with the generator tag may");
	put(sub, "index.html", "<html><head><meta name=\"generator\" content=\"other\">\n");
	ok(page_dir_check(sub, TAG) < 0, "one holding a page without the tag may not");
	free(sub);
	sub = xasprintf("%s/file", tmpdir);
	put(tmpdir, "file", "x\n");
	ok(page_dir_check(sub, TAG) < 0, "a file is not a directory");
	free(sub);
	ok(page_dir_check("/", TAG) < 0, "never '/'");
	sub = xasprintf("%s/open", tmpdir);
	mkdir(sub, 0755);
	chmod(sub, 0777);
	ok(page_dir_check(sub, TAG) < 0, "never an empty directory others may write");
	chmod(sub, 0775);
	ok(page_dir_check(sub, TAG) < 0, "nor one its group may write");
	chmod(sub, 0755);
	ok(page_dir_check(sub, TAG) == 0, "one only its owner may write may");
	if (geteuid() == 0) {
		ok(chown(sub, 65534, 65534) == 0 && page_dir_check(sub, TAG) < 0,
		   "never an empty directory another user owns");
	} else {
		skip("never an empty directory another user owns: needs root to chown");
	}
	free(sub);
	rm_rf(tmpdir);
	return tap_done();
}
