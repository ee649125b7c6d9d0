/* vm-qemu.c - QEMU's command line (KVM or TCG) for a --boot guest (see vm-qemu.h) */
#include "guest/vm-qemu.h"
#include "lib/util.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* 9p's message size: the kernel's default (8K) makes every read a round trip */
#define NINEP_MSIZE "262144"

/* the writable shares: at most the private directory, results and work_dir */
struct shares {
	const char *path[3];
	int n;
};

/* parents before children (shorter first), each path once */
static void shares_of(const struct vm_spec *s, const char *priv, struct shares *sh)
{
	const char *all[] = { priv, s->results, s->work_dir };

	sh->n = 0;
	for (size_t i = 0; i < ARRAY_SIZE(all); i++) {
		int dup = 0, at;

		for (int j = 0; j < sh->n; j++)
			dup |= !strcmp(sh->path[j], all[i]);
		if (dup)
			continue;
		for (at = sh->n; at > 0 && strlen(sh->path[at - 1]) > strlen(all[i]); at--)
			sh->path[at] = sh->path[at - 1];
		sh->path[at] = all[i];
		sh->n++;
	}
}

char *qemu_shares(const struct vm_spec *s, const char *priv)
{
	struct shares sh;
	char *text = xstrdup(""), *line;

	shares_of(s, priv, &sh);
	for (int i = 0; i < sh.n; i++) {
		line = xasprintf("%scontest%d %s\n", text, i, sh.path[i]);
		free(text);
		text = line;
	}
	return text;
}

/* a path inside a QEMU option value: a comma is written twice */
static char *opt_path(const char *path)
{
	char *out = xcalloc(2 * strlen(path) + 1, 1), *o = out;

	for (const char *p = path; *p; p++) {
		*o++ = *p;
		if (*p == ',')
			*o++ = ',';
	}
	return out;
}

/*
 * cache=none (O_DIRECT on the host) keeps the host's page cache from
 * absorbing the guest's I/O, so io_load measures the guest's kernel; a
 * host filesystem without O_DIRECT (tmpfs) gets writeback
 */
static const char *disk_cache(const char *disk)
{
	int fd = open(disk, O_RDONLY | O_DIRECT | O_CLOEXEC);

	if (fd < 0)
		return "writeback";
	close(fd);
	return "none";
}

/*
 * console and root first, then init, then the user's arguments, which win
 * over ours; panic=-1 makes a panicking guest reset, which -no-reboot
 * turns into QEMU's exit
 */
static char *kernel_cmdline(const struct vm_spec *s, const char *priv)
{
	char *line = xasprintf("console=ttyS0 root=/dev/root rootfstype=9p "
			       "rootflags=trans=virtio,version=9p2000.L,msize=" NINEP_MSIZE
			       ",cache=loose ro panic=-1 quiet init=%s", s->self), *more;

	for (int i = 0; i < s->nargs; i++) {
		more = xasprintf("%s %s", line, s->boot_args[i]);
		free(line);
		line = more;
	}
	more = xasprintf("%s -- guest-init %s", line, priv);
	free(line);
	return more;
}

char **qemu_argv(const struct vm_spec *s, const char *priv, const char *disk)
{
	char **argv = xcalloc(40, sizeof(*argv)), *p;
	struct shares sh;
	int n = 0;

	argv[n++] = xstrdup(QEMU_BINARY);
	/* TCG: every feature it emulates (-cpu host is KVM's); its vCPUs
	 * run on threads of their own (multi-threaded TCG, x86 on x86) */
	argv[n++] = xstrdup("-accel");
	argv[n++] = xstrdup(s->monitor == VM_QEMU_TCG ? "tcg" : "kvm");
	argv[n++] = xstrdup("-cpu");
	if (s->monitor == VM_QEMU_TCG)
		argv[n++] = xstrdup("max");
	else
		argv[n++] = xstrdup("host");
	argv[n++] = xstrdup("-m");
	argv[n++] = xasprintf("%lluM", (unsigned long long)(s->mem_bytes >> 20));
	argv[n++] = xstrdup("-smp");
	argv[n++] = xasprintf("%d", s->cpus);
	argv[n++] = xstrdup("-nodefaults");
	argv[n++] = xstrdup("-nographic");
	argv[n++] = xstrdup("-serial");
	argv[n++] = xstrdup("stdio");
	argv[n++] = xstrdup("-no-reboot");
	argv[n++] = xstrdup("-kernel");
	argv[n++] = xstrdup(s->image);
	argv[n++] = xstrdup("-virtfs");
	argv[n++] = xstrdup("local,path=/,id=root,mount_tag=/dev/root,security_model=none,"
			    "readonly=on,multidevs=remap");
	shares_of(s, priv, &sh);
	for (int i = 0; i < sh.n; i++) {
		p = opt_path(sh.path[i]);
		argv[n++] = xstrdup("-virtfs");
		argv[n++] = xasprintf("local,path=%s,id=contest%d,mount_tag=contest%d,"
				      "security_model=none,multidevs=remap", p, i, i);
		free(p);
	}
	p = opt_path(disk);
	argv[n++] = xstrdup("-drive");
	argv[n++] = xasprintf("file=%s,format=raw,if=virtio,cache=%s", p, disk_cache(disk));
	free(p);
	argv[n++] = xstrdup("-append");
	argv[n++] = kernel_cmdline(s, priv);
	return argv;
}
