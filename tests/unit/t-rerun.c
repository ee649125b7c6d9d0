/* t-rerun.c - contest rerun's request from an env file (session/rerun.h) */
#include "session/rerun.h"
#include "loads/loads.h"
#include "lib/config.h"
#include "record/config-keys.h"
#include "lib/util.h"
#include "tap.h"

#include <math.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[] = "/tmp/t-rerun.XXXXXX";
static char *dump;	/* a config's dump, as env's config section holds it */

/* DIR/KERNEL/env: head's lines, then "config:" and the dump (tail NULL) or tail */
static void write_env(const char *kernel, const char *head, const char *tail)
{
	char *kdir = xasprintf("%s/%s", dir, kernel), *path = xasprintf("%s/env", kdir);
	FILE *f;

	mkdir(kdir, 0755);
	f = fopen(path, "w");
	fprintf(f, "%sconfig:\n%s", head, tail ? tail : dump);
	fclose(f);
	free(path);
	free(kdir);
}

/* DIR/KERNEL/env holding only text */
static void truncate_env(const char *kernel, const char *text)
{
	char *path = xasprintf("%s/%s/env", dir, kernel);
	FILE *f = fopen(path, "w");

	fputs(text, f);
	fclose(f);
	free(path);
}

static void test_exact(void)
{
	struct rerun r;
	char *again;

	write_env("K", "knobs: none\nrun_loads: noload cacherun\nrun_until_sd: 3 8\nhost: h\n", NULL);
	ok(rerun_prepare(&r, dir, "K", "N") == 0, "an env with run_* lines makes a request");
	again = r.cfg ? config_dump_text(r.cfg) : NULL;
	is_str(again, dump, "the config is the env's section byte for byte");
	ok(r.nloads == 2 && !strcmp(r.loads[0], "noload") && !strcmp(r.loads[1], "cacherun"),
	   "the loads are run_loads'");
	ok(r.until_sd == 3 && r.max_runs == 8, "--until-sd 3 --max-runs 8");
	ok(!r.in_rounds && !strcmp(r.variant.name, "N"), "a session, named N");
	ok(r.lacks && !r.lacks[0], "nothing lacking");
	free(again);
	rerun_release(&r);
}

static void test_older(void)
{
	struct rerun r;

	write_env("old", "knobs: none\nhost: h\n", NULL);
	ok(rerun_prepare(&r, dir, "old", NULL) == 0, "an env without run_* lines makes a request");
	ok(!r.loads && r.nloads == 0, "the config's loads (none given)");
	ok(r.lacks[0] && strstr(r.lacks[0], "does not say which loads ran"), "and says so");
	ok(isnan(r.until_sd) && !strcmp(r.variant.name, "old"), "no --until-sd, the same name");
	rerun_release(&r);
	write_env("var", "knobs: none\nrun_loads: noload\nrun_rounds: 4\n", NULL);
	ok(rerun_prepare(&r, dir, "var", NULL) == 0 && r.in_rounds && r.rounds == 4,
	   "run_rounds: a variant of 4 rounds");
	rerun_release(&r);
}

static void test_machine(void)
{
	struct rerun r;
	int another = 0;

	write_env("far", "host: nosuch-host\ncpu_model: Nosuch CPU\nrun_loads: noload\n", NULL);
	ok(rerun_prepare(&r, dir, "far", NULL) == 0, "an env from another machine makes a request");
	for (char **s = r.differences; s && *s; s++)
		another |= !strncmp(*s, "another machine: recorded nosuch-host", 37);
	ok(another, "and says it is another machine");
	rerun_release(&r);
}

/* the run_* values contest run itself would refuse (its --until-sd,
 * --max-runs and runs bounds): rerun took them, "nan" as no --until-sd */
static void test_bounds(void)
{
	static const char *const bad[] = {
		"run_until_sd: -1 5", "run_until_sd: 0 5", "run_until_sd: nan 5",
		"run_until_sd: inf 5", "run_until_sd: 1000 5", "run_until_sd: 3 1",
		"run_until_sd: 3 0", "run_until_sd: 3 -4", "run_until_sd: 3 10001",
		"run_until_sd: 3 99999999999", "run_until_sd: 0x3 5", "run_rounds: 0",
		"run_rounds: -2", "run_rounds: 1001", "run_rounds: 2147483648",
	};
	struct rerun r;

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		char *head = xasprintf("run_loads: noload\n%s\n", bad[i]);

		write_env("bound", head, NULL);
		ok(rerun_prepare(&r, dir, "bound", NULL) < 0, "'%s': refused", bad[i]);
		rerun_release(&r);
		free(head);
	}
	write_env("bound", "run_loads: noload\nrun_until_sd: 999.5  10000\nrun_rounds: 1000\n", NULL);
	ok(rerun_prepare(&r, dir, "bound", NULL) == 0 && r.until_sd == 999.5 &&
	   r.max_runs == 10000 && r.rounds == 1000, "the bounds' ends taken");
	rerun_release(&r);
}

static void test_bad(void)
{
	struct rerun r;

	ok(rerun_prepare(&r, dir, "none", NULL) < 0, "no env file: refused");
	rerun_release(&r);
	write_env("nocfg", "host: h\n", "");
	truncate_env("nocfg", "host: h\n");
	ok(rerun_prepare(&r, dir, "nocfg", NULL) < 0, "no config section: refused");
	rerun_release(&r);
	write_env("badval", "host: h\n", "runs = many\n");
	ok(rerun_prepare(&r, dir, "badval", NULL) < 0, "a bad recorded value: refused");
	rerun_release(&r);
	write_env("guest", "guest: uml\nguest_image: /k/linux\nguest_mem: 512M\n", NULL);
	ok(rerun_prepare(&r, dir, "guest", NULL) < 0, "a guest's session whose image is gone: refused");
	rerun_release(&r);
	write_env("guestkind", "guest: xen\nguest_image: /bin/true\n", NULL);
	ok(rerun_prepare(&r, dir, "guestkind", NULL) < 0, "a guest of no kind rerun boots: refused");
	rerun_release(&r);
	write_env("guestsd", "guest: uml\nguest_image: /bin/true\nrun_loads: noload\n"
		  "run_until_sd: 5 10\n", NULL);
	ok(rerun_prepare(&r, dir, "guestsd", NULL) < 0, "a guest's session with --until-sd: refused");
	rerun_release(&r);
}

/* a run --boot guest's session: the guest as recorded, to boot again */
static void test_guest(void)
{
	struct rerun r;

	write_env("qemu", "run_loads: noload\nguest: qemu-kvm\nguest_image: /bin/true\n"
		  "guest_mem: 2G\nguest_cpus: 2\nguest_boot_args: quiet mem=1G\nguest_disk: 1G\n"
		  "guest_timeout: 5m\ncommit: abc\nbisect_tree: /t\nkernel_build: sh b.sh\n", NULL);
	ok(rerun_prepare(&r, dir, "qemu", NULL) == 0 && !strcmp(r.guest.kind, "qemu-kvm") &&
	   !strcmp(r.guest.image, "/bin/true") && !strcmp(r.guest.mem, "2G") &&
	   !strcmp(r.guest.cpus, "2") && !strcmp(r.guest.disk, "1G") &&
	   !strcmp(r.guest.timeout, "5m") && !strcmp(r.guest.boot_args[1], "mem=1G") &&
	   !r.guest.boot_args[2], "a QEMU guest: image, memory, vCPUs, disk, timeout, boot args");
	ok(r.guest.kernel_env && strstr(r.guest.kernel_env, "commit: abc\n") &&
	   strstr(r.guest.kernel_env, "kernel_build: sh b.sh\n"),
	   "the kernel's build lines go to the new env");
	ok(!strcmp(r.guest.accel, "kvm") && !strcmp(contest_config(r.cfg)->main.guest_accel, "auto"),
	   "its accelerator is the recorded one, for the boot alone: the config stays as recorded");
	ok(!r.lacks[0], "nothing lacking");
	rerun_release(&r);
	write_env("uml", "run_loads: noload\nguest: uml\nguest_image: /bin/true\n", NULL);
	ok(rerun_prepare(&r, dir, "uml", NULL) == 0 && !strcmp(r.guest.kind, "uml") &&
	   !r.guest.boot_args[0] && !r.guest.disk && r.lacks[0] &&
	   strstr(r.lacks[0], "does not record the guest's scratch disk"),
	   "an older guest's env: the disk and timeout lacking are said");
	rerun_release(&r);
	/* one argument holding a comma and a space, as boot.c writes it; an
	 * older contest's with a lone quote, split at its spaces and said */
	write_env("args", "run_loads: noload\nguest: uml\nguest_image: /bin/true\nguest_disk: 1G\n"
		  "guest_timeout: 5m\nguest_boot_args: isolcpus=1,2 'x=\"a b\"'\n", NULL);
	ok(rerun_prepare(&r, dir, "args", NULL) == 0 && r.guest.boot_args[0] &&
	   !strcmp(r.guest.boot_args[0], "isolcpus=1,2") && r.guest.boot_args[1] &&
	   !strcmp(r.guest.boot_args[1], "x=\"a b\"") && !r.guest.boot_args[2] && !r.lacks[0],
	   "boot arguments are shell words: a comma and a space kept in one");
	rerun_release(&r);
	write_env("oldargs", "run_loads: noload\nguest: uml\nguest_image: /bin/true\nguest_disk: 1G\n"
		  "guest_timeout: 5m\nguest_boot_args: name=o'brien quiet\n", NULL);
	ok(rerun_prepare(&r, dir, "oldargs", NULL) == 0 && r.guest.boot_args[1] &&
	   !strcmp(r.guest.boot_args[0], "name=o'brien") && !strcmp(r.guest.boot_args[1], "quiet") &&
	   r.lacks[0] && strstr(r.lacks[0], "split at its spaces"),
	   "an older env's unquoted arguments with a lone quote: split at spaces, said");
	rerun_release(&r);
	write_env("sweep", "run_loads: noload\nrun_sweep: io_load.size=64M\n", NULL);
	ok(rerun_prepare(&r, dir, "sweep", NULL) == 0 && r.lacks[0] &&
	   strstr(r.lacks[0], "sweep's last point only: io_load.size=64M"),
	   "a sweep's point reruns, said");
	rerun_release(&r);
	write_env("badload", "run_loads: nosuch_load\n", NULL);
	ok(rerun_prepare(&r, dir, "badload", NULL) < 0, "a load unknown here: refused");
	rerun_release(&r);
	/* a count with a tail is no count: atoll took "5x" as 5 rounds */
	write_env("badrounds", "run_loads: noload\nrun_rounds: 5x\n", NULL);
	ok(rerun_prepare(&r, dir, "badrounds", NULL) < 0, "run_rounds '5x': refused");
	rerun_release(&r);
	write_env("bigrounds", "run_loads: noload\nrun_rounds: 99999999999999999999\n", NULL);
	ok(rerun_prepare(&r, dir, "bigrounds", NULL) < 0, "run_rounds beyond a long long: refused");
	rerun_release(&r);
	/* split_list("") is no load: the config's whole list ran, unsaid */
	write_env("noloads", "run_loads: \n", NULL);
	ok(rerun_prepare(&r, dir, "noloads", NULL) < 0, "an empty run_loads: refused");
	rerun_release(&r);
	/* env writes knobs as "PATH=VALUE ..." unquoted: a value with a
	 * space (tcp_rmem's three numbers) is one knob, not a bad word */
	if (access("/proc/sys/kernel/domainname", W_OK) == 0) {
		write_env("spaced", "run_loads: noload\n"
			  "knobs: /proc/sys/kernel/domainname=a  b /proc/sys/kernel/domainname=c\n",
			  NULL);
		ok(rerun_prepare(&r, dir, "spaced", NULL) == 0 && r.variant.nknobs == 2 &&
		   !strcmp(r.variant.knobs[0].value, "a  b") &&
		   !strcmp(r.variant.knobs[1].value, "c"),
		   "a knob's value with a space is the knob's");
		rerun_release(&r);
	} else {
		skip("a knob's value with a space: needs a writable /proc/sys/kernel/domainname");
	}
	write_env("badsd", "run_loads: noload\nrun_until_sd: 3 8 junk\n", NULL);
	ok(rerun_prepare(&r, dir, "badsd", NULL) < 0, "run_until_sd with a tail: refused");
	rerun_release(&r);
	test_bounds();
}

int main(void)
{
	struct config *cfg = contest_config_new();
	char *set;
	char *work;

	if (!mkdtemp(dir))
		return 1;
	work = xasprintf("%s/work", dir);
	config_set_arg(cfg, "runs=3");
	config_set_arg(cfg, set = xasprintf("results=%s", dir));
	free(set);
	config_set_arg(cfg, set = xasprintf("work_dir=%s", work));
	free(set);
	config_set_arg(cfg, "io_load.size=64M");
	dump = config_dump_text(cfg);
	config_free(cfg);
	test_exact();
	test_older();
	test_machine();
	test_bad();
	test_guest();
	free(dump);
	free(work);
	rm_rf(dir);
	return tap_done();
}
