/* mounts.c - the mount table, see mounts.h */
#include "lib/mounts.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* one line's fields into m, changing line in place; 0, or -1 when it is not a mount line */
static int parse_line(char *line, struct mount *m)
{
	char *f[5], *sep = strstr(line, " - "), *save = NULL, *source;

	if (!sep)
		return -1;
	*sep = '\0';
	f[0] = strtok_r(line, " ", &save);
	for (int i = 1; i < 5; i++)
		f[i] = f[i - 1] ? strtok_r(NULL, " ", &save) : NULL;
	if (!f[4])
		return -1;
	save = NULL;
	m->fstype = strtok_r(sep + 3, " ", &save);
	source = strtok_r(NULL, " ", &save);
	m->super = source ? strtok_r(NULL, " ", &save) : NULL;
	if (!m->fstype)
		return -1;
	if (!m->super)
		m->super = "";
	unescape_octal(f[3]);
	unescape_octal(f[4]);
	m->root = f[3];
	m->dir = f[4];
	return 0;
}

void mounts_parse(struct mount_table *t, char *text)
{
	char *line, *save = NULL;

	memset(t, 0, sizeof(*t));
	t->text = text;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		struct mount m;

		if (parse_line(line, &m) < 0)
			continue;
		t->m = xrealloc(t->m, (t->n + 1) * sizeof(*t->m));
		t->m[t->n++] = m;
	}
}

int mounts_read(struct mount_table *t)
{
	char *text = read_text_file("/proc/self/mountinfo", NULL);

	memset(t, 0, sizeof(*t));
	if (!text)
		return -1;
	mounts_parse(t, text);
	return 0;
}

void mounts_free(struct mount_table *t)
{
	free(t->m);
	free(t->text);
	memset(t, 0, sizeof(*t));
}

const struct mount *mounts_holding(const struct mount_table *t, const char *path)
{
	const struct mount *best = NULL;
	size_t best_len = 0;

	for (size_t i = 0; i < t->n; i++) {
		const char *dir = t->m[i].dir;
		size_t len = strcmp(dir, "/") ? strlen(dir) : 0;

		if (strncmp(path, dir, len) || (path[len] && path[len] != '/'))
			continue;
		if (!best || len >= best_len) {
			best = &t->m[i];
			best_len = len;
		}
	}
	return best;
}
