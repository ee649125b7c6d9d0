/* cmd-run.c - contest run: every planned run of every load, stored, then the tables
 *
 * Session: check the config and the plan (exit 2 before anything runs),
 * make the cgroups and the swap file, write the env file, prepare the
 * workload; then for each step prepare its load (once, before its first
 * run), time the run, append the row, and clean the load up after its last
 * run. cacherun must directly follow a noload run: when both are planned
 * their runs alternate, when only cacherun is, a noload run goes first.
 * Ctrl-C: the run in flight is recorded as aborted, every finished row
 * stays, and no process, cgroup, swap file or scratch file is left.
 */
#include "boot.h"
#include "cli.h"
#include "cmds.h"
#include "fingerprint.h"
#include "loads.h"
#include "report.h"
#include "run.h"
#include "swap.h"
#include "util.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

static const char usage_text[] =
	"usage: contest run [-c CONF] [-s KEY=VALUE]... [-k NAME] [-n RUNS] [-r DIR] [LOAD...]\n"
	"       contest run --boot IMAGE [--boot-arg ARG]... [--vm-mem SIZE] [-k NAME[=IMAGE]]...\n"
	"                   [--interleave] [RUN OPTIONS] [LOAD...]\n";

static const char help_text[] =
	"\n"
	"Time the workload's compile under each LOAD (default: the config's loads),\n"
	"RUNS times each, append every run to DIR/NAME/runs.tsv, write DIR/NAME/env,\n"
	"then print this kernel's tables.\n"
	"\n"
	"  -c CONF          read CONF after contest.conf\n"
	"  -s KEY=VALUE     override one key; LOAD.KEY for a load's own (-s io_load.size=64M)\n"
	"  -k NAME          the kernel's name in the results (default: uname -r)\n"
	"  -n RUNS          runs of each load (default: the config's runs)\n"
	"  -r DIR           the results directory (default: the config's results, reports)\n";

/* after boot's options (boot_help_text) */
static const char help_tail[] =
	"  -h, --help       this text\n"
	"\n"
	"Exit status: 0 every run ok, 1 a run was not ok, 2 bad usage or config,\n"
	"130 interrupted (finished runs are kept).\n";

struct run_args {
	const char *conf, *kernel, *runs, *results;
	char **sets;
	int nsets;
	char **loads;
	int nloads;
	struct boot_opts boot;
};

/* ---- signals ---- */

static void on_signal(int sig)
{
	if (run_interrupted) {
		/* a second Ctrl-C: leave now, removing what the kernel holds */
		run_kill_tracked();
		cgroup_cleanup_all();
		swap_cleanup_all();
		_exit(128 + sig);
	}
	run_interrupted = sig;
	load_interrupted = 1;
}

static void install_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;	/* no SA_RESTART: waits return to look at the flag */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* ---- arguments and config ---- */

static int parse_args(int argc, char **argv, struct run_args *a)
{
	static const struct option longopts[] = { BOOT_LONG_OPTIONS, { NULL, 0, NULL, 0 } };
	int c, first;

	optind = 0;
	opterr = 0;
	for (first = 1; (c = getopt_long(argc, argv, "+:c:s:k:n:r:", longopts, NULL)) != -1;
	     first = optind) {
		/* argv[first..optind) is this option with its value */
		if (boot_option(&a->boot, c, optarg, first, optind) == 0)
			continue;
		switch (c) {
		case 'c': a->conf = optarg; break;
		case 's': a->sets[a->nsets++] = optarg; break;
		case 'k': a->kernel = optarg; break;
		case 'n': a->runs = optarg; break;
		case 'r': a->results = optarg; break;
		case ':':
			if (optopt > 0xff)
				return error("option '%s' needs a value", argv[optind - 1]);
			return error("option '-%c' needs a value", optopt);
		default:
			if (!optopt)
				return error("unknown option '%s'", argv[optind - 1]);
			return error("unknown option '-%c'", optopt);
		}
	}
	a->loads = argv + optind;
	a->nloads = argc - optind;
	return 0;
}

static int check_kernel_name(const char *k)
{
	if (!*k || *k == '.' || strchr(k, '/') || strpbrk(k, " \t\n"))
		return error("bad kernel name '%s': no '/', blanks or leading '.'", k);
	return 0;
}

/*
 * The paths of the top-level keys, made absolute against the directory run
 * started in: the compile, the loads and outside programs run elsewhere
 * (cwd = the tree, the scratch directory), and the env file should say
 * where things really were.
 */
static int absolute_paths(struct config *cfg)
{
	char cwd[4096];

	if (!getcwd(cwd, sizeof(cwd)))
		return error("cannot get the current directory: %s", strerror(errno));
	for (const struct config_option *o = config_options; o->name; o++) {
		const char *v = config_str(cfg, NULL, o->name);
		char *abs, *origin;
		int ret;

		if (o->type != OPT_PATH || !*v || *v == '/')
			continue;
		abs = xasprintf("%s/%s", cwd, v);
		origin = xstrdup(config_origin(cfg, NULL, o->name));
		ret = config_set(cfg, NULL, o->name, abs, origin);
		free(origin);
		free(abs);
		if (ret < 0)
			return -1;
	}
	return 0;
}

static int apply_args(struct config *cfg, const struct run_args *a)
{
	if (cli_load_config(cfg, a->conf, a->sets, a->nsets) < 0)
		return -1;
	if (a->runs && (config_set(cfg, NULL, "runs", a->runs, "-n") < 0 ||
			config_int(cfg, NULL, "runs") < 1))
		return error("-n: runs must be 1 or more, not '%s'", a->runs);
	if (config_int(cfg, NULL, "runs") < 1)
		return error("%s: runs must be 1 or more", config_origin(cfg, NULL, "runs"));
	if (a->results && config_set(cfg, NULL, "results", a->results, "-r") < 0)
		return -1;
	if (absolute_paths(cfg) < 0)
		return -1;
	for (int i = 0; i < a->nloads; i++)
		if (!load_find(a->loads[i]))
			return error("unknown load '%s' (see contest list)", a->loads[i]);
	return 0;
}

/* ---- the plan ---- */

struct step {
	struct load_state *ls;
};

struct plan {
	struct load_state *loads;	/* one per distinct load */
	size_t nloads;
	struct step *steps;
	size_t nsteps;
};

static struct load_state *plan_load(struct plan *p, const struct load *l)
{
	for (size_t i = 0; i < p->nloads; i++)
		if (p->loads[i].load == l)
			return &p->loads[i];
	return NULL;
}

static void plan_add_load(struct plan *p, const struct load *l)
{
	if (plan_load(p, l))
		return;
	p->loads = xrealloc(p->loads, (p->nloads + 1) * sizeof(*p->loads));
	memset(&p->loads[p->nloads], 0, sizeof(*p->loads));
	p->loads[p->nloads++].load = l;
}

static void plan_step(struct plan *p, struct load_state *ls)
{
	p->steps = xrealloc(p->steps, (p->nsteps + 1) * sizeof(*p->steps));
	p->steps[p->nsteps++].ls = ls;
}

static void plan_build(struct plan *p, const struct config *cfg, char **names, int n)
{
	char **list = n ? NULL : split_list(config_str(cfg, NULL, "loads"));
	char **w = n ? names : list;
	long long runs = config_int(cfg, NULL, "runs");
	struct load_state *noload, *cacherun;

	for (size_t i = 0; w[i] && (!n || (int)i < n); i++)
		plan_add_load(p, load_find(w[i]));
	noload = plan_load(p, &load_noload);
	cacherun = plan_load(p, &load_cacherun);
	if (cacherun && !noload) {
		info("cacherun follows a noload run: running one before each cacherun run");
		plan_add_load(p, &load_noload);
		noload = plan_load(p, &load_noload);
	}
	for (size_t i = 0; i < p->nloads; i++) {
		struct load_state *ls = &p->loads[i];

		if (ls == cacherun)
			continue;	/* goes with noload */
		for (long long r = 0; r < runs; r++) {
			if (ls == noload && cacherun) {
				plan_step(p, noload);
				plan_step(p, cacherun);
			} else {
				plan_step(p, ls);
			}
		}
	}
	argv_free(list);
}

static int last_step_of(const struct plan *p, const struct load_state *ls, size_t from)
{
	for (size_t j = from + 1; j < p->nsteps; j++)
		if (p->steps[j].ls == ls)
			return 0;
	return 1;
}

/* ---- loads: supported, prepare, cleanup ---- */

static void load_state_init(struct session *s, struct load_state *ls)
{
	ls->scratch = xasprintf("%s/%s", s->scratch_root, ls->load->name);
	ls->env.name = ls->load->name;
	ls->env.cfg = s->cfg;
	ls->env.scratch = ls->scratch;
	ls->env.tree = s->wl.tree;
	ls->env.ram = s->ram;
	ls->env.swap = s->swap;
	ls->env.ncpus = ncpus();
	if (ls->load->supported && ls->load->supported(&ls->env, ls->why, sizeof(ls->why)) < 0) {
		ls->unusable = 1;
		warning("%s cannot run here: %s", ls->load->name, ls->why);
	}
}

static void load_prepare(struct session *s, struct load_state *ls)
{
	if (ls->prepared || ls->unusable || (ls->load->flags & LOAD_NONE))
		return;
	if (mkdir_p(ls->scratch, 0755) < 0) {
		snprintf(ls->why, sizeof(ls->why), "cannot create '%s': %s", ls->scratch,
			 strerror(errno));
		ls->unusable = 1;
		return;
	}
	ls->prepared = 1;
	progress_clear(s);
	info("preparing %s", ls->load->name);
	if (ls->load->prepare && ls->load->prepare(&ls->env) < 0) {
		snprintf(ls->why, sizeof(ls->why), "prepare failed%s",
			 run_interrupted ? " (interrupted)" : "; see the messages above");
		ls->unusable = 1;
	}
}

static void load_cleanup(struct load_state *ls)
{
	if (!ls->prepared)
		return;
	if (ls->load->cleanup)
		ls->load->cleanup(&ls->env);
	if (rm_rf(ls->scratch) < 0)
		warning("cannot remove '%s': %s", ls->scratch, strerror(errno));
	ls->prepared = 0;
}

/* ---- session setup and teardown ---- */

static char *swap_path(const struct config *cfg)
{
	const char *p = config_str(cfg, NULL, "swapfile_path");

	return *p ? xstrdup(p) : xasprintf("%s/contest.swap", config_str(cfg, NULL, "work_dir"));
}

/* env: written new each session; say so when it differs from the last one */
static int write_env(struct session *s)
{
	char *path = xasprintf("%s/env", s->kdir), *tmp = xasprintf("%s/env.tmp", s->kdir);
	char *old = read_text_file(path, NULL), *cur, **keys = NULL;
	FILE *f = fopen(tmp, "w");
	int ret = 0;

	if (!f) {
		ret = error("cannot write '%s': %s", tmp, strerror(errno));
		goto out;
	}
	fingerprint_write(f, s->cfg, s->wl.tree ? s->wl.tree : ".");
	if (fclose(f) != 0 || rename(tmp, path) < 0) {
		ret = error("cannot write '%s': %s", path, strerror(errno));
		unlink(tmp);
		goto out;
	}
	cur = read_text_file(path, NULL);
	if (old && cur && fingerprint_differences(old, cur, &keys) > 0) {
		warning("%s's earlier runs were measured in another environment; it differs in:",
			s->kernel);
		for (char **k = keys; *k; k++)
			fprintf(stderr, "  %s\n", *k);
	}
	fingerprint_keys_free(keys);
	free(cur);
out:
	free(old);
	free(path);
	free(tmp);
	return ret;
}

static int session_env(struct session *s, char **swapfile)
{
	uint64_t total = memtotal_bytes();
	uint64_t limit = config_size(s->cfg, NULL, "mem_limit", total);
	uint64_t swapsize = config_size(s->cfg, NULL, "swapfile", s->ram);
	double cpus = config_double(s->cfg, NULL, "cpu_limit");

	if (cgroup_session_init(&s->cg, NULL, limit, cpus) < 0)
		return -1;
	if (swapsize) {
		*swapfile = swap_path(s->cfg);
		if (mkdir_p(config_str(s->cfg, NULL, "work_dir"), 0755) < 0 ||
		    swap_on(*swapfile, swapsize) < 0) {
			free(*swapfile);
			*swapfile = NULL;
			return error("cannot set up the swap file");
		}
	}
	s->swap = meminfo_bytes("SwapFree");
	return 0;
}

static int session_init(struct session *s, struct config *cfg, const char *kernel)
{
	memset(s, 0, sizeof(*s));
	s->cfg = cfg;
	s->kernel = kernel;
	s->kdir = xasprintf("%s/%s", config_str(cfg, NULL, "results"), kernel);
	s->logdir = xasprintf("%s/logs", s->kdir);
	s->scratch_root = xasprintf("%s/scratch", config_str(cfg, NULL, "work_dir"));
	s->ram = cli_ram(cfg);
	s->load_lead_s = config_duration(cfg, NULL, "load_lead");
	s->grace_s = config_duration(cfg, NULL, "stop_grace");
	s->quiet_wait_s = config_duration(cfg, NULL, "quiet_wait");
	s->quiet_idle_pct = config_double(cfg, NULL, "quiet_idle");
	s->flush = config_bool(cfg, NULL, "flush");
	s->monitors = config_bool(cfg, NULL, "monitors");
	s->tty = isatty(2);
	return workload_init(&s->wl, cfg);
}

static void session_release(struct session *s)
{
	workload_release(&s->wl);
	free(s->kdir);
	free(s->logdir);
	free(s->scratch_root);
}

/* ---- the steps ---- */

static void announce(struct session *s, const struct run_record *rec, double took)
{
	progress_clear(s);
	if (!strcmp(rec->status, "ok"))
		info("%s run %d: %.1f s, CPU %.0f%%, loads %.1f, LCPU %.0f%% (%.0f s in all)",
		     rec->load, rec->run, rec->time_s, rec->cpu_pct, rec->loads, rec->lcpu_pct, took);
	else
		info("%s run %d: %s: %s", rec->load, rec->run, rec->status, rec->status_detail);
}

/* how many of the first n steps run ls */
static int steps_of(const struct plan *p, const struct load_state *ls, size_t n)
{
	int k = 0;

	for (size_t j = 0; j < n; j++)
		k += p->steps[j].ls == ls;
	return k;
}

static int run_steps(struct session *s, struct plan *p)
{
	int failed = 0;

	s->steps_total = (int)p->nsteps;
	s->started = now_mono();
	for (size_t i = 0; i < p->nsteps && !run_interrupted; i++) {
		struct load_state *ls = p->steps[i].ls;
		struct run_record rec;
		char label[96];

		snprintf(label, sizeof(label), "%s %d/%d", ls->load->name,
			 steps_of(p, ls, i + 1), steps_of(p, ls, p->nsteps));
		s->step_label = label;
		s->step_started = now_mono();
		if (!s->tty)
			info("%s (run %zu of %zu)", label, i + 1, p->nsteps);
		load_prepare(s, ls);
		progress_draw(s);
		if (run_one(s, ls, &rec) < 0)
			failed = 1;
		if (results_append(s->kdir, &rec) < 0)
			failed = 1;
		s->steps_done++;
		s->step_time_sum += now_mono() - s->step_started;
		announce(s, &rec, now_mono() - s->step_started);
		if (last_step_of(p, ls, i))
			load_cleanup(ls);
	}
	progress_clear(s);
	return failed;
}

static int print_tables(struct session *s)
{
	struct report_opts opts;
	const char *k = s->kernel;
	char *runs = xasprintf("%s/runs.tsv", s->kdir);
	int ret = 0;

	report_opts_init(&opts);
	if (access(runs, R_OK) == 0)
		ret = report_print_kernels(config_str(s->cfg, NULL, "results"), &k, 1, &opts, stdout);
	free(runs);
	return ret;
}

static int run_session(struct config *cfg, const char *kernel, struct run_args *a)
{
	struct session s;
	struct plan p = { 0 };
	char *swapfile = NULL;
	int status = 0;

	if (session_init(&s, cfg, kernel) < 0) {
		session_release(&s);
		return EXIT_USAGE;
	}
	plan_build(&p, cfg, a->loads, a->nloads);
	install_signals();
	prctl(PR_SET_CHILD_SUBREAPER, 1);	/* orphans of the load and compile come to us */
	if (session_env(&s, &swapfile) < 0 || mkdir_p(s.logdir, 0755) < 0 || write_env(&s) < 0 ||
	    workload_prepare(&s.wl, cfg, NULL) < 0) {
		status = EXIT_RUN_FAILED;
		goto out;
	}
	for (size_t i = 0; i < p.nloads; i++)
		load_state_init(&s, &p.loads[i]);
	status = run_steps(&s, &p) ? EXIT_RUN_FAILED : 0;
out:
	for (size_t i = 0; i < p.nloads; i++) {
		load_cleanup(&p.loads[i]);
		free(p.loads[i].scratch);
	}
	rmdir(s.scratch_root);
	if (swapfile && swap_off(swapfile) < 0)
		status = EXIT_RUN_FAILED;
	cgroup_session_release(&s.cg);
	if (run_interrupted) {
		warning("interrupted by signal %d: finished runs are kept in '%s'",
			(int)run_interrupted, s.kdir);
		status = 128 + run_interrupted;
	} else if (print_tables(&s) < 0) {
		status = EXIT_RUN_FAILED;
	}
	free(swapfile);
	free(p.loads);
	free(p.steps);
	session_release(&s);
	return status;
}

int cmd_run(int argc, char **argv)
{
	struct run_args a = { 0 };
	struct config *cfg;
	struct utsname u;
	int status;

	if (cli_wants_help(argc, argv)) {
		printf("%s%s%s%s", usage_text, help_text, boot_help_text, help_tail);
		return cli_close_stdout(0);
	}
	a.sets = xcalloc((size_t)argc + 1, sizeof(*a.sets));
	boot_opts_init(&a.boot, argc);
	cfg = config_new();
	if (parse_args(argc, argv, &a) < 0) {
		fputs(usage_text, stderr);
		status = EXIT_USAGE;
		goto out;
	}
	if (boot_wanted(&a.boot)) {
		struct boot_passthrough pt = { argc, argv, a.loads, a.nloads };

		status = apply_args(cfg, &a) < 0 ? EXIT_USAGE :
			 cli_close_stdout(boot_run(cfg, &a.boot, &pt));
		goto out;
	}
	if (!a.kernel && uname(&u) == 0)
		a.kernel = u.release;
	if (apply_args(cfg, &a) < 0 || check_kernel_name(a.kernel) < 0) {
		status = EXIT_USAGE;
		goto out;
	}
	status = cli_close_stdout(run_session(cfg, a.kernel, &a));
out:
	config_free(cfg);
	boot_opts_release(&a.boot);
	free(a.sets);
	return status;
}
