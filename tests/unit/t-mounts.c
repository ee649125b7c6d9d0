/* t-mounts.c - the one mount table parser (lib/mounts.c)
 *
 * A mountinfo text written here: escaped mount points, a bind mount of a
 * subtree (root not "/"), cgroup v1 and v2 hierarchies, a mount stacked on
 * an earlier one at the same point, and malformed lines, which are skipped.
 * Then the live table: "/" is held by some mount.
 */
#include "tap.h"
#include "lib/mounts.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static const char text[] =
	"22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/vda1 rw\n"
	"25 22 0:21 / /proc rw,nosuid - proc proc rw\n"
	"30 22 0:26 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n"
	"31 22 0:27 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw,nsdelegate\n"
	"40 22 8:2 /srv/data /mnt/my\\040disk rw - xfs /dev/vdb1 rw\n"
	"41 22 0:30 / /tmp rw - tmpfs tmpfs rw\n"
	"42 41 0:31 / /tmp rw - ext4 /dev/vdc rw\n"
	"not a mount line\n"
	"43 22 0:32 / - \n"
	"44 22 0:33 / /fuse rw - fuse.sshfs host:/x rw\n";

int main(void)
{
	struct mount_table t;
	const struct mount *m;

	mounts_parse(&t, xstrdup(text));
	ok(t.n == 8, "eight mount lines, the two malformed ones skipped (got %zu)", t.n);
	m = mounts_holding(&t, "/mnt/my disk/a/b");
	ok(m && !strcmp(m->dir, "/mnt/my disk") && !strcmp(m->root, "/srv/data") &&
	   !strcmp(m->fstype, "xfs"),
	   "an escaped mount point is unescaped, its root and type kept: %s %s %s",
	   m ? m->dir : "-", m ? m->root : "-", m ? m->fstype : "-");
	m = mounts_holding(&t, "/mnt/my diskette");
	ok(m && !strcmp(m->dir, "/"), "a path that only starts like a mount point is not under it");
	m = mounts_holding(&t, "/tmp/x");
	ok(m && !strcmp(m->fstype, "ext4") && !strcmp(m->dir, "/tmp"),
	   "of two mounts at /tmp the later, stacked on top, holds it (%s)", m ? m->fstype : "-");
	m = mounts_holding(&t, "/tmp");
	ok(m && !strcmp(m->fstype, "ext4"), "the mount point itself is held by its mount");
	m = mounts_holding(&t, "/sys/fs/cgroup/memory/contest-1");
	ok(m && !strcmp(m->fstype, "cgroup") && !strcmp(m->super, "rw,memory"),
	   "a v1 hierarchy gives its controllers in the superblock options (%s)", m ? m->super : "-");
	m = mounts_holding(&t, "/fuse/y");
	ok(m && !strcmp(m->fstype, "fuse.sshfs"), "a fuse type is kept whole");
	m = mounts_holding(&t, "/home");
	ok(m && !strcmp(m->dir, "/") && !strcmp(m->fstype, "ext4"), "the root mount holds the rest");
	mounts_free(&t);
	ok(t.n == 0 && !t.m, "freed, the table is empty");

	mounts_parse(&t, xstrdup("no mounts here\n"));
	ok(t.n == 0 && !mounts_holding(&t, "/"), "a text without mount lines: nothing holds /");
	mounts_free(&t);

	ok(mounts_read(&t) == 0 && t.n > 0, "this machine's /proc/self/mountinfo reads (%zu mounts)", t.n);
	ok(mounts_holding(&t, "/") != NULL, "and some mount holds /");
	mounts_free(&t);
	return tap_done();
}
