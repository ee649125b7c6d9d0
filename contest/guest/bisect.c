/* bisect.c - contest bisect's work: commits, builds, guests, rounds, state (see bisect.h) */
#include "record/config-keys.h"
#include "record/env.h"
#include "guest/bisect.h"
#include "guest/bisect-state.h"
#include "guest/boot.h"
#include "sys/signals.h"
#include "results/metric.h"
#include "results/sequential.h"
#include "results/store.h"
#include "results/summary.h"
#include "session/session.h"
#include "lib/owner.h"
#include "lib/proc.h"
#include "lib/testhook.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define GIT_OUTPUT_MAX (64u << 20)

/* what a guest kernel needs on top of ARCH=um defconfig (as scripts/uml-kernel.sh) */
static const char guest_needs[] =
	"CONFIG_HOSTFS=y\nCONFIG_BLK_DEV_UBD=y\nCONFIG_EXT4_FS=y\nCONFIG_TMPFS=y\n"
	"CONFIG_DEVTMPFS=y\nCONFIG_DEVTMPFS_MOUNT=y\nCONFIG_CGROUPS=y\nCONFIG_MEMCG=y\n"
	"CONFIG_CGROUP_SCHED=y\nCONFIG_FAIR_GROUP_SCHED=y\nCONFIG_CFS_BANDWIDTH=y\n"
	"CONFIG_CGROUP_PIDS=y\nCONFIG_SWAP=y\nCONFIG_PSI=y\nCONFIG_MAGIC_SYSRQ=y\n";

struct driver {
	const struct bisect_request *rq;
	struct bisect_done *d;
	const char *results;
	char *dir, *state, *images, *log, *src, *build;
	enum bisect_built *built;
	struct bisect_stamp *stamps;	/* the images' as built */
	struct bisect_rec *recs;
	size_t nrecs, cursor;
	enum metric_id metric;
	int metric_known, higher_better;
	int restart, failed, estimated, live_in_step;
	char *load;		/* the load judged by (d's) */
	size_t lo, hi, steps_done, step_rounds;
	double started;
};

/* ---- small things ---- */

static char *git_out(const char *tree, const char *const *args)
{
	char *argv[16] = { "git", "-C", (char *)tree };
	size_t n = 3;

	while (*args && n < ARRAY_SIZE(argv) - 1)
		argv[n++] = (char *)*args++;
	argv[n] = NULL;
	return proc_output(argv, GIT_OUTPUT_MAX);
}

/* a user-mode-linux program (ELF) or a bzImage ("HdrS" at 0x202) */
static int bootable(const char *path)
{
	unsigned char h[0x206];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, h, sizeof(h));

	if (fd >= 0)
		close(fd);
	return (n >= 4 && !memcmp(h, "\177ELF", 4)) ||
	       (n == (ssize_t)sizeof(h) && !memcmp(h + 0x202, "HdrS", 4));
}

static int copy_file(const char *from, const char *to)
{
	char buf[1 << 16], *tmp = xasprintf("%s.tmp", to);
	int in = open(from, O_RDONLY | O_CLOEXEC), out = -1, ret = -1;
	ssize_t n = 0;

	if (in < 0 || (out = open_write_file(tmp, O_TRUNC, 0755)) < 0)
		goto done;
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write_all(out, buf, (size_t)n) < 0)
			break;
	if (n == 0 && fchmod(out, 0755) == 0 && close(out) == 0) {
		out = -1;
		ret = rename(tmp, to);
	}
done:
	if (ret < 0)
		error("cannot copy '%s' to '%s': %s", from, to, strerror(errno));
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	if (ret < 0)
		unlink(tmp);
	free(tmp);
	return ret;
}

/* "1:02:03" */
static const char *hms(double s, char *buf, size_t len)
{
	long t = isfinite(s) && s > 0 ? (long)(s + 0.5) : 0;

	snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	return buf;
}

/* ---- the commits ---- */

static int list_commits(struct driver *dr)
{
	const struct bisect_request *rq = dr->rq;
	struct bisect_done *d = dr->d;
	char *range, *good, *bad, *log, *line, *save = NULL;
	char *good_rev = xasprintf("%s^{commit}", rq->good), *bad_rev = xasprintf("%s^{commit}", rq->bad);
	int ret = -1, off_line = 0;

	good = git_out(rq->tree, (const char *[]){ "rev-parse", "--verify", "-q", good_rev, NULL });
	bad = git_out(rq->tree, (const char *[]){ "rev-parse", "--verify", "-q", bad_rev, NULL });
	free(good_rev);
	free(bad_rev);
	if (!good || !bad) {
		error("'%s' is not a commit of the git tree '%s'", !good ? rq->good : rq->bad,
		      rq->tree);
		goto out;
	}
	trim(good);
	trim(bad);
	if (run_cmd((char *[]){ "git", "-C", (char *)rq->tree, "merge-base", "--is-ancestor",
				good, bad, NULL }, &(struct spawn_opts){ .devnull_out = 1 }) != 0) {
		error("--good %s is not an ancestor of --bad %s: nothing to bisect", rq->good,
		      rq->bad);
		goto out;
	}
	range = xasprintf("%s..%s", good, bad);
	log = git_out(rq->tree, (const char *[]){ "log", "--first-parent", "--reverse",
						  "--abbrev=12", "--format=%H %h %s", range, NULL });
	free(range);
	if (!log) {
		error("git log of '%s' failed", rq->tree);
		goto out;
	}
	d->commits = xcalloc(1, sizeof(*d->commits));
	d->n = 0;
	/* good first: its name and subject by the same format */
	{
		char *one = git_out(rq->tree, (const char *[]){ "log", "-1", "--abbrev=12",
							       "--format=%H %h %s", good, NULL });
		char *all = xasprintf("%s%s", one ? one : "", log);

		free(one);
		free(log);
		log = all;
	}
	for (line = strtok_r(log, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *sp1 = strchr(line, ' '), *sp2 = sp1 ? strchr(sp1 + 1, ' ') : NULL;
		struct bisect_commit *c;

		if (!sp1)
			continue;
		d->commits = xrealloc(d->commits, (d->n + 1) * sizeof(*d->commits));
		c = &d->commits[d->n++];
		c->sha = xasprintf("%.*s", (int)(sp1 - line), line);
		c->name = sp2 ? xasprintf("%.*s", (int)(sp2 - sp1 - 1), sp1 + 1) : xstrdup(sp1 + 1);
		c->subject = xstrdup(sp2 ? sp2 + 1 : "");
	}
	free(log);
	if (d->n >= 2) {	/* good must be on bad's first-parent line: the second's parent */
		char *parent = xasprintf("%s^1", d->commits[1].sha);
		char *sha = git_out(rq->tree, (const char *[]){ "rev-parse", parent, NULL });

		off_line = !sha || strcmp(trim(sha), good);
		free(sha);
		free(parent);
	}
	if (off_line || d->n < 2 || strcmp(d->commits[d->n - 1].sha, bad)) {
		error("%s is not on the first-parent line of %s: bisect follows first parents",
		      rq->good, rq->bad);
		goto out;
	}
	ret = 0;
out:
	free(good);
	free(bad);
	return ret;
}

/* ---- the state file ---- */

static void state_append(struct driver *dr, const char *fmt, ...) PRINTF(2, 3);
static void state_append(struct driver *dr, const char *fmt, ...)
{
	va_list ap;
	char *line;
	int fd = open_write_file(dr->state, O_APPEND, 0644);

	va_start(ap, fmt);
	if (vasprintf(&line, fmt, ap) < 0)
		line = NULL;
	va_end(ap);
	if (fd < 0 || !line || write_all(fd, line, strlen(line)) < 0 || fsync(fd) < 0) {
		error("cannot write '%s': %s", dr->state, strerror(errno));
		dr->failed = 1;
	}
	if (fd >= 0)
		close(fd);
	free(line);
}

/* the state's options: those of this bisection (free o->shas after) */
static void state_opts(const struct driver *dr, struct bisect_state_opts *o)
{
	const char **shas = xcalloc(dr->d->n, sizeof(*shas));

	for (size_t i = 0; i < dr->d->n; i++)
		shas[i] = dr->d->commits[i].sha;
	*o = (struct bisect_state_opts){ dr->rq->tree, dr->d->load, dr->d->metric,
					 dr->rq->opts.alpha, dr->rq->opts.max_rounds,
					 shas, dr->d->n };
}

/* the recorded state, when it is ours alone and this bisection's (bisect-state.h) */
static int state_read(struct driver *dr)
{
	struct bisect_state_opts o;
	struct bisect_state st = { dr->built, dr->stamps, NULL, 0 };
	struct stat ls;
	size_t len;
	char *text;
	int ret;

	if (lstat(dr->state, &ls) == 0 && (!S_ISREG(ls.st_mode) || !owned_alone(&ls)))
		return error("--resume: refusing '%s': %s", dr->state, !S_ISREG(ls.st_mode) ?
			     "not a regular file" : "another user owns it or may write it");
	if (!(text = read_regular_file(dr->state, &len)))
		return error("--resume: cannot read '%s': %s", dr->state, file_strerror(errno));
	state_opts(dr, &o);
	ret = bisect_state_parse(&st, dr->state, text, &o);
	free((void *)o.shas);
	free(text);
	dr->recs = st.recs;
	dr->nrecs = st.nrecs;
	return ret;
}

static int state_open(struct driver *dr)
{
	struct bisect_state_opts o;
	char *header;

	if (dr->rq->resume) {
		if (state_read(dr) < 0)
			return -1;
		info("bisect: resuming from '%s': %zu rounds measured before", dr->state,
		     dr->nrecs);
		return 0;
	}
	if (access(dr->state, F_OK) == 0)
		return error("a bisection is recorded in '%s': go on with --resume, or "
			     "remove it to start again", dr->state);
	state_opts(dr, &o);
	header = bisect_state_header(&o);
	free((void *)o.shas);
	state_append(dr, "%s", header);
	free(header);
	return dr->failed ? -1 : 0;
}

/* ---- builds ---- */

struct build_fds {
	int out, err;
};

static int build_hook(void *arg)
{
	const struct build_fds *f = arg;

	return dup2(f->out, 1) < 0 || dup2(f->err, 2) < 0;
}

/* argv in cwd, stdout and stderr appended to the build log; 0 when it exited 0 */
static int build_step(struct driver *dr, char *const *argv, const char *cwd)
{
	char how[PROC_STATUS_LEN];
	int status = run_cmd(argv, &(struct spawn_opts){ .cwd = cwd, .out = dr->log,
							  .build_env = 1 });

	if (status != 0 && !run_interrupted)
		warning("%s %s", argv[0], proc_status_text(status, how, sizeof(how)));
	return status == 0 ? 0 : -1;
}

/*
 * What the build directory was configured from: the guest's needs, then
 * the fragment's text. The same as the last configuration's stamp: later
 * steps keep the .config (olddefconfig settles it for each commit), so
 * they are incremental; different (a first step, a configuration cut
 * short, another bisection with another fragment): configure anew.
 */
static char *config_stamp(struct driver *dr)
{
	size_t len;
	char *frag = dr->rq->fragment ? read_regular_file(dr->rq->fragment, &len) : NULL;
	char *stamp = xasprintf("contest bisect: ARCH=um defconfig\n%s%s", guest_needs,
				frag ? frag : "");

	free(frag);
	return stamp;
}

static int write_text(const char *path, const char *text)
{
	int fd = open_write_file(path, O_TRUNC, 0644);

	if (fd < 0 || write_all(fd, text, strlen(text)) < 0) {
		error("cannot write '%s': %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return close(fd);
}

/* the default: a user-mode-linux kernel of the tree in src, built out of tree in build */
static char *build_uml(struct driver *dr)
{
	char *cfg = xasprintf("%s/.config", dr->build), *needs, *jobs, *o, *image = NULL;
	char *stamp_path = xasprintf("%s/contest-config.stamp", dr->build);
	char *stamp = config_stamp(dr), *was = read_regular_file(stamp_path, &(size_t){ 0 });
	char *merge = xasprintf("%s/scripts/kconfig/merge_config.sh", dr->src);

	o = xasprintf("O=%s", dr->build);
	jobs = xasprintf("-j%d", ncpus());
	needs = xasprintf("%s/contest-guest.config", dr->build);
	if (access(cfg, F_OK) < 0 || !was || strcmp(was, stamp)) {
		unlink(stamp_path);	/* until this configuration is whole */
		if (write_text(needs, guest_needs) < 0 ||
		    build_step(dr, (char *[]){ "make", "-s", "-C", dr->src, o, "ARCH=um",
					       "defconfig", NULL }, NULL) < 0 ||
		    build_step(dr, (char *[]){ merge, "-m", "-O", dr->build, cfg, needs,
					       (char *)dr->rq->fragment, NULL }, dr->build) < 0)
			goto out;
	}
	if (build_step(dr, (char *[]){ "make", "-s", "-C", dr->src, o, "ARCH=um", "olddefconfig",
				       NULL }, NULL) < 0 ||
	    build_step(dr, (char *[]){ "make", "-s", "-C", dr->src, o, "ARCH=um", jobs, "linux",
				       NULL }, NULL) < 0)
		goto out;
	if ((!was || strcmp(was, stamp)) && write_text(stamp_path, stamp) < 0)
		goto out;
	image = xasprintf("%s/linux", dr->build);
out:
	free(merge);
	free(stamp_path);
	free(stamp);
	free(was);
	free(cfg);
	free(needs);
	free(jobs);
	free(o);
	return image;
}

/* --build CMD in src, CONTEST_BUILD_DIR the reused build directory: its last stdout line */
static char *build_cmd(struct driver *dr)
{
	const char *err = NULL;
	char **argv = split_words(dr->rq->build, &err), *outp, *text, *image = NULL;
	char *env[] = { xasprintf("CONTEST_BUILD_DIR=%s", dr->build), NULL };
	struct build_fds f = { -1, -1 };
	size_t len;
	int status;

	outp = xasprintf("%s/build.out", dr->dir);
	f.out = open_write_file(outp, O_TRUNC, 0644);
	f.err = open_write_file(dr->log, O_APPEND, 0644);
	if (!argv || !argv[0] || f.out < 0 || f.err < 0) {
		error("--build: %s", err ? err : argv ? "cannot open its output" : "no command");
		dr->failed = 1;
		goto out;
	}
	status = run_cmd(argv, &(struct spawn_opts){ .cwd = dr->src, .env_add = (const char **)env,
						      .child_hook = build_hook, .hook_arg = &f });
	if (status != 0) {
		char how[PROC_STATUS_LEN];

		if (run_interrupted)
			goto out;
		if (WIFEXITED(status) && (WEXITSTATUS(status) == 126 || WEXITSTATUS(status) == 127)) {
			/* the command could not run at all: not this commit's fault */
			error("--build: %s %s: it could not run, so no commit is skipped for "
			      "it; the bisection stops", argv[0],
			      proc_status_text(status, how, sizeof(how)));
			dr->failed = 1;
			goto out;
		}
		warning("--build: %s %s", argv[0], proc_status_text(status, how, sizeof(how)));
		goto out;
	}
	if ((text = read_regular_file(outp, &len))) {
		char *last;

		while (len && (text[len - 1] == '\n' || text[len - 1] == ' '))
			text[--len] = '\0';
		last = strrchr(text, '\n') ? strrchr(text, '\n') + 1 : text;
		if (*last)
			image = xstrdup(last);
		free(text);
	}
	if (image && *image != '/') {
		char *abs = xasprintf("%s/%s", dr->src, image);

		free(image);
		image = abs;
	}
	if (!image)
		warning("--build printed no image path on its last line");
out:
	if (f.out >= 0)
		close(f.out);
	if (f.err >= 0)
		close(f.err);
	argv_free(argv);
	free(env[0]);
	free(outp);
	return image;
}

static char *image_path(const struct driver *dr, size_t i)
{
	return xasprintf("%s/%s", dr->images, dr->d->commits[i].name);
}

/* check commit i out into src (one worktree, reused) */
static int checkout(struct driver *dr, size_t i)
{
	const char *sha = dr->d->commits[i].sha;
	char *dotgit = xasprintf("%s/.git", dr->src);
	struct stat st;
	int made = lstat(dotgit, &st) == 0;

	free(dotgit);
	/* not a worktree yet (make_dirs made it empty): git -C would find the
	 * repository of a folder above and check out --force there */
	if (!made) {
		build_step(dr, (char *[]){ "git", "-C", (char *)dr->rq->tree, "worktree", "prune",
					   NULL }, NULL);
		return build_step(dr, (char *[]){ "git", "-C", (char *)dr->rq->tree, "worktree",
						  "add", "--detach", "--force", dr->src,
						  (char *)sha, NULL }, NULL);
	}
	return build_step(dr, (char *[]){ "git", "-C", dr->src, "checkout", "-q", "--detach",
					  "--force", (char *)sha, NULL }, NULL);
}

/* commit i's image, just copied to cached: built, its stamp recorded */
static int stamp_image(struct driver *dr, size_t i, const char *cached)
{
	struct bisect_stamp *s = &dr->stamps[i];
	struct stat st;

	if (lstat(cached, &st) < 0)
		return error("cannot stat '%s': %s", cached, strerror(errno));
	bisect_stamp_of(s, &st);
	state_append(dr, "build %s ok %lld %lld %ld\n", dr->d->commits[i].sha, s->size, s->sec,
		     s->nsec);
	dr->built[i] = BUILT_OK;
	return 0;
}

static int prepare(void *ctx, size_t i)
{
	struct driver *dr = ctx;
	struct bisect_commit *c = &dr->d->commits[i];
	char *cached = image_path(dr, i), *image = NULL;
	double t0 = now_mono();
	FILE *log;
	int ret = BISECT_SKIP;

	if (dr->failed || run_interrupted) {
		ret = BISECT_STOP;
		goto out;
	}
	if (dr->built[i] == BUILT_SKIP) {
		info("bisect: %s skipped (could not be built or booted before)", c->name);
		dr->d->skipped++;
		goto out;
	}
	if (dr->built[i] == BUILT_OK) {
		const char *changed = bisect_image_changed(cached, &dr->stamps[i]);

		if (!changed) {
			ret = 0;
			goto out;
		}
		warning("%s: its image '%s' is not the one built (%s): built again", c->name,
			cached, changed);
	}
	info("bisect: building %s (%s)", c->name, c->subject);
	if ((log = fopen(dr->log, "a"))) {
		fprintf(log, "==== %s %s\n", c->sha, c->subject);
		fclose(log);
	}
	if (checkout(dr, i) == 0)
		image = dr->rq->build ? build_cmd(dr) : build_uml(dr);
	dr->d->builds++;
	dr->d->build_s += now_mono() - t0;
	if (run_interrupted || dr->failed) {
		ret = BISECT_STOP;
		goto out;
	}
	if (image && !bootable(image)) {
		warning("%s: '%s' is neither a user-mode-linux program nor a bzImage", c->name,
			image);
	} else if (image && copy_file(image, cached) == 0 && stamp_image(dr, i, cached) == 0) {
		info("bisect: built %s in %.0f s", c->name, now_mono() - t0);
		ret = 0;
		goto out;
	}
	warning("%s cannot be built: skipped as git bisect skip does (see %s)", c->name, dr->log);
	state_append(dr, "build %s skip build\n", c->sha);
	dr->built[i] = BUILT_SKIP;
	dr->d->skipped++;
out:
	free(image);
	free(cached);
	return ret;
}

/* ---- rounds ---- */

static const struct load_summary *find_load(const struct kernel_results *kr, const char *load)
{
	for (size_t i = 0; i < kr->nloads; i++) {
		const char *name = kr->loads[i].load, *plus = strchr(name, ROW_TASK_SEP);

		if (!*kr->loads[i].sweep && (!strcmp(name, load) || (plus && !strcmp(plus + 1, load))))
			return &kr->loads[i];
	}
	return NULL;
}

/* kernel's ok runs of the load, and the last one's value of the metric (NAN none) */
static size_t last_value(struct driver *dr, const char *kernel, double *v)
{
	struct kernel_results kr;
	const struct load_summary *ls;
	char *runs = results_path(dr->results, kernel, RUNS_FILE);
	size_t n = 0;

	*v = NAN;
	if (access(runs, F_OK) < 0 || results_read_kernel(dr->results, kernel, &kr) < 0) {
		free(runs);
		return 0;
	}
	free(runs);
	if ((ls = find_load(&kr, dr->d->load)) && ls->runs && ls->nruns) {
		if (!dr->metric_known) {
			dr->metric = metric_main(ls, row_kind(ls->load));
			dr->metric_known = 1;
			dr->higher_better = metrics[dr->metric].better == BETTER_HIGHER;
		}
		n = ls->nruns;
		*v = run_value(ls, n - 1, (int)dr->metric);
	}
	kernel_results_release(&kr);
	return n;
}

static void estimate(struct driver *dr)
{
	struct bisect_done *d = dr->d;
	size_t steps = bisect_steps(d->n), rounds = SEQUENTIAL_FIRST_ROUND;
	double run = d->boots ? d->run_s / (double)d->boots : NAN;
	double build = d->builds ? d->build_s / (double)d->builds : 0;
	double least = (double)steps * (build + (double)(3 * rounds) * run) +
		       (double)(2 * rounds * 2) * run;
	double most = (double)steps * (build + (double)(3 * dr->rq->opts.max_rounds) * run) +
		      (double)(2 * dr->rq->opts.max_rounds * 2) * run;

	char builds[64] = "";

	if (d->builds)
		snprintf(builds, sizeof(builds), "the builds (%.0f s each) and ", build);
	info("bisect: estimate from %sa run with its boot (%.0f s): %.2f hours when every "
	     "step decides in %zu rounds, at most %.1f at the cap", builds, run,
	     least / 3600, rounds, most / 3600);
	dr->estimated = 1;
}

static int live_round(struct driver *dr, const size_t *idx, size_t k, double *t)
{
	struct bisect_done *d = dr->d;
	struct boot_opts bo = *dr->rq->boot;
	struct boot_passthrough pt = { dr->rq->argc, dr->rq->argv, dr->rq->loads, dr->rq->nloads };
	char *one[] = { dr->load, NULL };
	const char *kernels[3];
	char *names[3], *envs[3];
	struct boot_ran ran;
	size_t before[3];
	double t0 = now_mono(), v;
	int status;

	if (!pt.nloads) {	/* the judged load alone: after run's options in argv */
		pt.loads = one;
		pt.nloads = 1;
		pt.argc = dr->rq->argc + 1;
	}
	bo.own = xcalloc((size_t)pt.argc + 1, 1);
	bo.kernels = kernels;
	bo.nkernels = (int)k;
	bo.kernel_env = (const char *const *)envs;
	bo.image = NULL;
	for (size_t i = 0; i < k; i++) {
		const struct bisect_commit *c = &d->commits[idx[i]];
		char *image = image_path(dr, idx[i]);

		names[i] = xasprintf("%s=%s", c->name, image);
		kernels[i] = names[i];
		envs[i] = xasprintf("%s: %s\n%s: %s\n%s: %s\n", ENV_KEY(bisect_tree), dr->rq->tree,
				    ENV_KEY(commit), c->sha, ENV_KEY(subject), c->subject);
		before[i] = last_value(dr, c->name, &v);
		free(image);
	}
	status = boot_run(dr->rq->cfg, &bo, &pt, &ran);
	if (ran.not_started && !run_interrupted) {
		/* the host's fault (the binary, the monitor, memory), not the
		 * commits': skipping them would be a wrong answer kept in the state */
		error("this host could not start a guest (see the error above): the bisection "
		      "stops with no commit skipped; contest bisect --resume goes on");
		dr->failed = 1;
	}
	boot_ran_release(&ran);
	d->boots += k;
	d->run_s += now_mono() - t0;
	for (size_t i = 0; i < k; i++) {
		size_t after = last_value(dr, d->commits[idx[i]].name, &v);

		t[i] = after > before[i] && v > 0 ? (dr->higher_better ? 1.0 / v : v) : 0;
		if (!after && !run_interrupted && status != EXIT_USAGE && !ran.not_started) {
			warning("%s did not boot or run: skipped as git bisect skip does (see %s)",
				d->commits[idx[i]].name,
				results_path(dr->results, d->commits[idx[i]].name, "logs/guest.console"));
			state_append(dr, "build %s skip boot\n", d->commits[idx[i]].sha);
			dr->built[idx[i]] = BUILT_SKIP;
			dr->restart = 1;
		}
		free(names[i]);
		free(envs[i]);
	}
	free(bo.own);
	if (status == EXIT_USAGE || dr->failed) {
		dr->failed = 1;
		return -1;
	}
	return run_interrupted || dr->restart ? -1 : 0;
}

static int round_fn(void *ctx, const size_t *idx, size_t k, double *t)
{
	struct driver *dr = ctx;

	if (dr->failed || run_interrupted)
		return -1;
	dr->step_rounds += k == 3;	/* a step's, not the confirmation's or the check's */
	if (dr->cursor < dr->nrecs) {
		const struct bisect_rec *r = &dr->recs[dr->cursor];

		if (r->k != k || memcmp(r->idx, idx, k * sizeof(*idx))) {
			error("%s: round %zu is not the one the bisection asks for now",
			      dr->state, dr->cursor + 1);
			dr->failed = 1;
			return -1;
		}
		memcpy(t, r->t, k * sizeof(*t));
		dr->cursor++;
		return 0;
	}
	dr->live_in_step = 1;
	if (live_round(dr, idx, k, t) < 0)
		return -1;
	if (k == 2)
		state_append(dr, "round 2 %zu %zu %.17g %.17g\n", idx[0], idx[1], t[0], t[1]);
	else
		state_append(dr, "round 3 %zu %zu %zu %.17g %.17g %.17g\n", idx[0], idx[1], idx[2],
			     t[0], t[1], t[2]);
	dr->recs = xrealloc(dr->recs, (dr->nrecs + 1) * sizeof(*dr->recs));
	dr->recs[dr->nrecs] = (struct bisect_rec){ k, { idx[0], idx[1], k > 2 ? idx[2] : 0 },
						   { t[0], t[1], k > 2 ? t[2] : 0 } };
	dr->cursor = ++dr->nrecs;
	if (!dr->estimated && dr->d->boots)
		estimate(dr);
	return dr->failed ? -1 : 0;
}

static void placed_fn(void *ctx, size_t i, int bad, size_t rounds)
{
	struct driver *dr = ctx;
	struct bisect_done *d = dr->d;
	double run = d->boots ? d->run_s / (double)d->boots : 0;
	double build = d->builds ? d->build_s / (double)d->builds : 0;
	double per;
	size_t left;
	char el[32], eta[32];

	if (bad == 1)
		dr->hi = i;
	else if (bad == 0)
		dr->lo = i;
	dr->steps_done++;
	left = bisect_steps(dr->hi - dr->lo + 1);
	per = (double)rounds / (double)(dr->steps_done + 1);	/* the confirmation's too */
	printf("bisect: step %zu: %s %s after %zu rounds%s; the culprit is in %s..%s "
	       "(%zu commits), ~%zu steps left; elapsed %s, ETA %s\n", dr->steps_done,
	       d->commits[i].name, bad == 1 ? "is bad" : bad == 0 ? "is good" : "cannot be placed",
	       dr->step_rounds, dr->live_in_step ? "" : " (from the state)",
	       d->commits[dr->lo].name, d->commits[dr->hi].name, dr->hi - dr->lo, left,
	       hms(now_mono() - dr->started, el, sizeof(el)),
	       hms((double)left * (build + per * 3 * run) + per * 2 * run, eta, sizeof(eta)));
	fflush(stdout);
	dr->step_rounds = 0;
	dr->live_in_step = 0;
	test_pause("bisect-placed");	/* a test's Ctrl-C between steps */
}

/* ---- the bisection ---- */

static void print_plan(const struct driver *dr)
{
	const struct bisect_done *d = dr->d;
	size_t steps = bisect_steps(d->n), cap = dr->rq->opts.max_rounds;
	size_t least = 2 * SEQUENTIAL_FIRST_ROUND * 2 + steps * 3 * SEQUENTIAL_FIRST_ROUND;
	double a = dr->rq->opts.alpha;

	printf("bisect: %zu commits from %s to %s (first parent), %zu to place; ~%zu steps, "
	       "%zu builds (the two endpoints and a midpoint a step), %zu to %zu runs of %s "
	       "with their boots\n", d->n, d->commits[0].name, d->commits[d->n - 1].name,
	       d->n - 2, steps, steps + 2, least, 2 * cap * 2 + steps * 3 * cap, d->load);
	printf("bisect: rule: a step measures the midpoint beside the nearest good and bad "
	       "commits in interleaved rounds, looks from round %d to %zu with alpha spent "
	       "over the looks (power 2), and places it by two one-sided paired t-tests of "
	       "ln(%s) on the pooled noise, each at %.4g = %.2g over %zu steps and the last "
	       "check; the confirmation of good against bad at %.2g\n",
	       SEQUENTIAL_FIRST_ROUND, cap, d->metric ? d->metric : "the main metric",
	       a / (double)(steps + 1), a, steps, a);
	fflush(stdout);
}

/*
 * work_dir and the results, and what bisect makes in them and then uses by
 * path (git checks out --force into bisect-src, the build writes into
 * bisect-build, the state and images go to .bisect): directories of ours
 * that no one else may write, none a symlink, so that no other user can
 * point them at what is ours (a repository, a folder) or replace them
 */
static int make_dirs(struct driver *dr, const char *work)
{
	const char *work_hint = "set work_dir (-s work_dir=DIR) to a directory of your own";
	const char *results_hint = "give -r a directory of your own";
	const char *mine = "remove it to start again";

	return make_own_dir(work, 0, work_hint) < 0 ||
	       make_own_dir(dr->results, 0, results_hint) < 0 ||
	       make_own_dir(dr->dir, 1, mine) < 0 || make_own_dir(dr->images, 1, mine) < 0 ||
	       make_own_dir(dr->src, 1, mine) < 0 || make_own_dir(dr->build, 1, mine) < 0 ? -1 : 0;
}

static int setup(struct driver *dr)
{
	const struct bisect_request *rq = dr->rq;
	const char *work = contest_config(rq->cfg)->main.work_dir;
	struct bisect_done *d = dr->d;

	if (!rq->metric) {
		d->metric = NULL;
	} else {
		for (int m = 0; m < METRICS; m++)
			if (m != METRIC_RATIO && !strcmp(metrics[m].label, rq->metric) &&
			    (metrics[m].better == BETTER_LOWER || metrics[m].better == BETTER_HIGHER)) {
				dr->metric = (enum metric_id)m;
				dr->metric_known = 1;
				dr->higher_better = metrics[m].better == BETTER_HIGHER;
				d->metric = metrics[m].label;
				break;
			}
		if (!dr->metric_known)
			return error("--metric '%s': not a metric with a better direction (Time, "
				     "Latency, Work, CPU%%...)", rq->metric);
	}
	if (rq->load || rq->nloads) {
		dr->load = xstrdup(rq->load ? rq->load : rq->loads[0]);
	} else {
		char **list = split_list(contest_config(rq->cfg)->main.loads);

		dr->load = xstrdup(list && list[0] ? list[0] : "noload");
		argv_free(list);
	}
	d->load = dr->load;	/* d owns it */
	d->results = xstrdup(contest_config(rq->cfg)->main.results);
	dr->results = d->results;
	dr->dir = results_path(dr->results, ".bisect", NULL);
	dr->state = xasprintf("%s/state", dr->dir);
	dr->images = xasprintf("%s/images", dr->dir);
	dr->log = xasprintf("%s/build.log", dr->dir);
	dr->src = xasprintf("%s/bisect-src", work);
	dr->build = xasprintf("%s/bisect-build", work);
	if (make_dirs(dr, work) < 0)
		return -1;
	if (list_commits(dr) < 0)
		return -1;
	dr->built = xcalloc(d->n, sizeof(*dr->built));
	dr->stamps = xcalloc(d->n, sizeof(*dr->stamps));
	return state_open(dr);
}

int bisect_drive(const struct bisect_request *rq, struct bisect_done *d)
{
	struct driver dr = { .rq = rq, .d = d };
	struct bisect_ops ops = { prepare, round_fn, placed_fn, &dr };
	int status;

	memset(d, 0, sizeof(*d));
	d->max_rounds = rq->opts.max_rounds;
	dr.started = now_mono();
	signals_install();
	if (setup(&dr) < 0) {
		status = EXIT_USAGE;
		goto out;
	}
	print_plan(&dr);
	do {
		dr.cursor = 0;
		dr.restart = 0;
		dr.lo = 0;
		dr.hi = d->n - 1;
		dr.steps_done = dr.step_rounds = 0;
		d->skipped = 0;
		bisect_run(d->n, &ops, &rq->opts, &d->res);
	} while (dr.restart && !dr.failed && !run_interrupted);
	if (run_interrupted) {
		warning("interrupted by signal %d: the decided steps are kept in '%s'; "
			"contest bisect --resume goes on from them", (int)run_interrupted, dr.state);
		status = exit_signal(run_interrupted);
	} else if (dr.failed || dr.built[0] == BUILT_SKIP || dr.built[d->n - 1] == BUILT_SKIP) {
		if (!dr.failed)
			error("good or bad could not be built or booted: nothing to bisect");
		status = EXIT_RUN_FAILED;
	} else {
		status = d->res.outcome == BISECT_CULPRIT ? 0 :
			 d->res.outcome == BISECT_RANGE ? EXIT_BISECT_RANGE :
			 d->res.outcome == BISECT_NOT_CONFIRMED ? EXIT_BISECT_REFUSED :
			 EXIT_RUN_FAILED;
	}
	if (!d->metric && dr.metric_known)
		d->metric = metrics[dr.metric].label;
out:
	d->wall_s = now_mono() - dr.started;
	free(dr.dir);
	free(dr.state);
	free(dr.images);
	free(dr.log);
	free(dr.src);
	free(dr.build);
	free(dr.built);
	free(dr.stamps);
	free(dr.recs);
	return status;
}

void bisect_done_release(struct bisect_done *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->commits[i].sha);
		free(d->commits[i].name);
		free(d->commits[i].subject);
	}
	free(d->commits);
	free(d->results);
	free(d->load);
	memset(d, 0, sizeof(*d));
}
