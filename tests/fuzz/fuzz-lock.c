/* fuzz-lock.c - libFuzzer target: the lock record's parser and checker
 *
 * The input is a dead session's record (WORK/.contest.lock), with every
 * "$W" replaced by a private directory so that seeds can name what is in
 * it: a work directory with a contest.swap, a swap header labelled
 * contest, a marked scratch directory, a user's file. The record is parsed
 * and judged as the next session would (lock-record.h), once as a record
 * no one else could have written and once as one they could (the knob
 * lines' verdicts differ; an untrusted record never has one believed).
 * The checker must
 * never remove anything, so every one of those files is checked to be
 * still there after each input. The directory goes at exit.
 */
#include "sys/lock.h"
#include "sys/lock-record.h"
#include "lib/util.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[] = "/tmp/contest-fuzz-lock.XXXXXX";
static char *work;
static const char *const files[] = {
	"work/contest.swap", "labelled.swap", "scratch.x/" SCRATCH_MARKER, "victim",
};

static void remove_dir(void)
{
	rm_rf(dir);
}

static void make_file(const char *name, int swap_header)
{
	char *path = xasprintf("%s/%s", dir, name), *page = xcalloc(1, 4096);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (swap_header) {
		memcpy(page + 4096 - 10, "SWAPSPACE2", 10);
		memcpy(page + 1052, "contest", 7);
	}
	if (fd < 0 || write(fd, page, 4096) != 4096 || close(fd) < 0)
		abort();
	free(page);
	free(path);
}

static void setup(void)
{
	char *scratch;

	if (!mkdtemp(dir))
		abort();
	work = xasprintf("%s/work", dir);
	scratch = xasprintf("%s/scratch.x", dir);
	if (mkdir(work, 0755) < 0 || mkdir(scratch, 0755) < 0)
		abort();
	for (size_t i = 0; i < ARRAY_SIZE(files); i++)
		make_file(files[i], i == 1);
	free(scratch);
	atexit(remove_dir);
}

/* the input as a string, "$W" standing for dir */
static char *expand(const uint8_t *data, size_t size)
{
	char *out = xmalloc(size * (strlen(dir) + 1) + 1), *o = out;

	for (size_t i = 0; i < size; i++) {
		if (data[i] == '$' && i + 1 < size && data[i + 1] == 'W') {
			o = stpcpy(o, dir);
			i++;
		} else {
			*o++ = data[i] ? (char)data[i] : '\n';
		}
	}
	*o = '\0';
	return out;
}

/* parse and judge text; abort on a malformed verdict */
static void judge_all(const char *text, int trusted)
{
	struct lock_record rec;

	lock_record_parse(&rec, text, work, trusted);
	for (size_t i = 0; i < rec.n; i++) {
		const struct leftover *it = &rec.items[i];

		if (it->verdict > LEFT_IGNORE || !it->word || !it->path ||
		    ((it->verdict == LEFT_REFUSE || it->verdict == LEFT_IGNORE) && !it->why) ||
		    (!trusted && it->kind == LEFT_KNOB && it->verdict == LEFT_REMOVE))
			abort();
	}
	lock_record_release(&rec);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;

	if (!work)
		setup();
	text = expand(data, size);
	judge_all(text, 1);
	judge_all(text, 0);
	free(text);
	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		char *path = xasprintf("%s/%s", dir, files[i]);
		struct stat st;

		if (lstat(path, &st) < 0)
			abort();	/* the checker removed something */
		free(path);
	}
	return 0;
}
