/* mounts.h - the mount table, read and parsed in one place
 *
 * /proc/self/mountinfo, one line per mount: "ID PARENT MAJ:MIN ROOT
 * MOUNTPOINT OPTS [TAGS...] - FSTYPE SOURCE SUPER". The cgroup code finds
 * its hierarchies in it, the fingerprint the filesystem of the timed
 * tree, list_load the pseudo filesystems it must not walk.
 */
#ifndef CONTEST_MOUNTS_H
#define CONTEST_MOUNTS_H

#include <stddef.h>

struct mount {
	const char *root;	/* the part of the filesystem mounted, "/" for all */
	const char *dir;	/* the mount point, octal escapes undone */
	const char *fstype;	/* "ext4", "cgroup2", "fuse.sshfs" */
	const char *super;	/* the superblock's options: "rw,memory" for cgroup v1 */
};

struct mount_table {
	struct mount *m;	/* in the file's order: a later mount stacks on an earlier */
	size_t n;
	char *text;		/* what the fields point into */
};

/* read /proc/self/mountinfo into t: 0, or -1 with errno (t is empty) */
int mounts_read(struct mount_table *t);
/* parse mountinfo text (taken over: freed by mounts_free) into t; a
 * malformed line is skipped */
void mounts_parse(struct mount_table *t, char *text);
void mounts_free(struct mount_table *t);

/* the mount that holds path (absolute): the longest mount point that is
 * path or a parent of it, the later one of two alike; NULL when none */
const struct mount *mounts_holding(const struct mount_table *t, const char *path);

#endif
