/* knob.c - files under /proc/sys and /sys set for a variant, see knob.h */
#include "sys/knob.h"
#include "sys/cleanup.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* the registry's item: "PATH<TAB>ORIGINAL", as the lock record has it */
static int split_item(const char *item, char *path, size_t size, const char **value)
{
	const char *tab = strchr(item, '\t');
	size_t len = tab ? (size_t)(tab - item) : 0;

	if (!tab || len >= size)
		return -1;
	memcpy(path, item, len);
	path[len] = '\0';
	*value = tab + 1;
	return 0;
}

/* the registry's undo on a forced exit: system calls on the stack only */
static void knob_undo(const char *item, long id)
{
	char path[4096];
	const char *value;
	int fd;

	(void)id;
	if (split_item(item, path, sizeof(path), &value) < 0)
		return;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		if (write(fd, value, strlen(value)) < 0) {
			/* nothing more a forced exit can do */
		}
		close(fd);
	}
}

static int write_value(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return error("cannot open '%s': %s", path, strerror(errno));
	if (write_all(fd, value, strlen(value)) < 0)
		ret = error("cannot write '%s' to '%s': %s", value, path, strerror(errno));
	close(fd);
	return ret;
}

/* a dead session's knob, judged contest's (lock-record.c): write it back */
static int knob_remove_leftover(const char *item)
{
	char path[4096];
	const char *value;

	if (split_item(item, path, sizeof(path), &value) < 0)
		return error("bad knob record '%s'", item);
	return write_value(path, value);
}

static const struct cleanup_kind knob_kind = {
	.name = "knob", .undo = knob_undo, .remove_leftover = knob_remove_leftover,
};
CLEANUP_KIND(knob_kind)

int knob_value_ok(const char *value)
{
	size_t n = strlen(value);

	if (!n || n >= KNOB_VALUE_MAX)
		return 0;
	for (const unsigned char *p = (const unsigned char *)value; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return 0;
	return 1;
}

int knob_path_ok(const char *path, char *resolved)
{
	struct stat st;

	if (!realpath(path, resolved) || stat(resolved, &st) < 0 || !S_ISREG(st.st_mode))
		return 0;
	return !strncmp(resolved, "/proc/sys/", 10) || !strncmp(resolved, "/sys/", 5);
}

int knob_parse(struct knob *k, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char path[4096];

	memset(k, 0, sizeof(*k));
	if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof(path))
		return error("bad --knob '%s': it wants PATH=VALUE", arg);
	memcpy(path, arg, (size_t)(eq - arg));
	path[eq - arg] = '\0';
	if (!knob_value_ok(eq + 1))
		return error("bad --knob '%s': the value must be printable text, 1 to %d bytes",
			     arg, KNOB_VALUE_MAX - 1);
	if (!knob_path_ok(path, k->path))
		return error("bad --knob '%s': '%s' is not a file under /proc/sys or /sys",
			     arg, path);
	if (access(k->path, W_OK) < 0)
		return error("bad --knob '%s': cannot write '%s': %s", arg, k->path,
			     strerror(errno));
	snprintf(k->value, sizeof(k->value), "%s", eq + 1);
	snprintf(k->given, sizeof(k->given), "%s", path);
	return 0;
}

int knob_read(const char *path, char *buf, size_t size)
{
	if (read_active_choice(path, buf, size) < 0)
		return error("cannot read '%s': %s", path, strerror(errno));
	return 0;
}

static char *item_of(const struct knob *k)
{
	return xasprintf("%s\t%s", k->path, k->original);
}

int knob_set(struct knob *k)
{
	char now[KNOB_VALUE_MAX], *item;

	if (knob_read(k->path, k->original, sizeof(k->original)) < 0)
		return -1;
	if (!knob_value_ok(k->original))
		return error("cannot set '%s': its value '%s' could not be restored",
			     k->path, k->original);
	item = item_of(k);
	cleanup_add(&knob_kind, item, 1);
	if (write_value(k->path, k->value) < 0 || knob_read(k->path, now, sizeof(now)) < 0) {
		write_value(k->path, k->original);
		cleanup_del(&knob_kind, item);
		free(item);
		return -1;
	}
	free(item);
	k->set = 1;
	if (strcmp(now, k->value))
		warning("'%s' reads '%s' after '%s' was written to it", k->path, now, k->value);
	return 0;
}

int knob_restore(struct knob *k)
{
	char *item;
	int ret;

	if (!k->set)
		return 0;
	ret = write_value(k->path, k->original);
	item = item_of(k);
	cleanup_del(&knob_kind, item);
	free(item);
	k->set = 0;
	return ret;
}
