/* t-vm-qemu.c - QEMU's command line and the shares for a --boot guest
 *
 * The boot itself needs KVM that can run an ordinary kernel; this checks,
 * on any machine, what vm-qemu.c asks of QEMU and of guest-init: KVM and
 * never TCG, the host's / read-only, only the private directory, results
 * and work_dir writable (parents first, each once), commas in paths
 * doubled, the user's boot arguments after contest's, init last.
 */
#include "tap.h"
#include "lib/config.h"
#include "lib/util.h"
#include "guest/vm-qemu.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int count(char **argv, const char *s)
{
	int n = 0;

	for (; *argv; argv++)
		n += strstr(*argv, s) != NULL;
	return n;
}

/* the value after option opt, the first or the nth */
static const char *after(char **argv, const char *opt, int nth)
{
	for (; argv[0] && argv[1]; argv++)
		if (!strcmp(argv[0], opt) && nth-- == 0)
			return argv[1];
	return NULL;
}

int main(void)
{
	const char *args[] = { "mem=1008M", "nokaslr", NULL };
	char dir[] = "/tmp/t-vm-qemu.XXXXXX", *disk, **argv, *shares;
	struct vm_spec s = {
		.monitor = VM_QEMU_KVM, .image = "/k/bz,Image", .boot_args = args, .nargs = 2,
		.mem_bytes = 768ULL << 20, .cpus = 3, .self = "/usr/bin/contest",
		.work_dir = "/r/work", .results = "/r",
	};

	if (!mkdtemp(dir))
		return 1;
	disk = xasprintf("%s/disk", dir);
	close(creat(disk, 0600));
	argv = qemu_argv(&s, "/tmp/contest-boot.x", disk);

	is_str(argv[0], "qemu-system-x86_64", "QEMU for x86_64");
	is_str(after(argv, "-accel", 0), "kvm", "-accel kvm");
	ok(count(argv, "tcg") == 0 && count(argv, "max") == 0, "KVM, never TCG");
	is_str(after(argv, "-cpu", 0), "host", "-cpu host");
	is_str(after(argv, "-m", 0), "768M", "-m in MiB");
	is_str(after(argv, "-smp", 0), "3", "-smp from cpus");
	ok(count(argv, "-no-reboot") == 1 && count(argv, "-nographic") == 1, "-no-reboot -nographic");
	is_str(after(argv, "-kernel", 0), "/k/bz,Image", "-kernel is the image, as one argument");
	is_str(after(argv, "-virtfs", 0), "local,path=/,id=root,mount_tag=/dev/root,"
	       "security_model=none,readonly=on,multidevs=remap", "/ is shared read-only as /dev/root");
	is_str(after(argv, "-virtfs", 1), "local,path=/r,id=contest0,mount_tag=contest0,"
	       "security_model=none,multidevs=remap", "results first: work_dir is inside it");
	is_str(after(argv, "-virtfs", 2), "local,path=/r/work,id=contest1,mount_tag=contest1,"
	       "security_model=none,multidevs=remap", "then work_dir");
	is_str(after(argv, "-virtfs", 3), "local,path=/tmp/contest-boot.x,id=contest2,"
	       "mount_tag=contest2,security_model=none,multidevs=remap", "then the private directory");
	ok(after(argv, "-virtfs", 4) == NULL, "no other share: nothing else is writable");
	ok(after(argv, "-drive", 0) && strstr(after(argv, "-drive", 0), ",format=raw,if=virtio,cache="),
	   "the scratch disk is a raw virtio disk (%s)", after(argv, "-drive", 0));
	is_str(after(argv, "-append", 0), "console=ttyS0 root=/dev/root rootfstype=9p "
	       "rootflags=trans=virtio,version=9p2000.L,msize=262144,cache=loose ro panic=-1 quiet "
	       "init=/usr/bin/contest mem=1008M nokaslr -- guest-init /tmp/contest-boot.x",
	       "the kernel command line: ours, the user's after, guest-init last");
	argv_free(argv);

	shares = qemu_shares(&s, "/tmp/contest-boot.x");
	is_str(shares, "contest0 /r\ncontest1 /r/work\ncontest2 /tmp/contest-boot.x\n",
	       "guest-init's shares match QEMU's tags");
	free(shares);

	s.work_dir = "/r";
	s.results = "/w,x";
	shares = qemu_shares(&s, "/p");
	is_str(shares, "contest0 /p\ncontest1 /r\ncontest2 /w,x\n", "each path once, shorter first");
	free(shares);
	argv = qemu_argv(&s, "/p", disk);
	is_str(after(argv, "-virtfs", 3), "local,path=/w,,x,id=contest2,mount_tag=contest2,"
	       "security_model=none,multidevs=remap", "a comma in a path is doubled for QEMU");
	argv_free(argv);

	/* TCG: the emulated CPU with every feature QEMU has, never the host's */
	s.monitor = VM_QEMU_TCG;
	argv = qemu_argv(&s, "/p", disk);
	is_str(after(argv, "-accel", 0), "tcg", "TCG: -accel tcg");
	is_str(after(argv, "-cpu", 0), "max", "TCG: -cpu max, host is KVM's");
	ok(count(argv, "kvm") == 0 && count(argv, "-enable-kvm") == 0, "TCG: no KVM asked for");
	argv_free(argv);

	unlink(disk);
	rmdir(dir);
	free(disk);
	return tap_done();
}
