/* rerun.c - contest rerun: a session again, exactly as its env recorded it */
#include "record/config-keys.h"
#include "session/rerun.h"
#include "loads/loads.h"
#include "results/machine.h"
#include "results/rebuild.h"
#include "results/store.h"
#include "session/resume.h"
#include "session/session.h"
#include "record/env.h"
#include "lib/owner.h"
#include "lib/sh-quote.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct sentences {
	char **v;
	size_t n;
};

static void say(struct sentences *s, char *sentence)
{
	s->v = xrealloc(s->v, (s->n + 2) * sizeof(*s->v));
	s->v[s->n++] = sentence;
	s->v[s->n] = NULL;
}

/* the empty list when nothing was said: callers walk it */
static char **said(struct sentences *s)
{
	return s->v ? s->v : xcalloc(1, sizeof(char *));
}

/* env's config section into cfg (the defaults under it), results = dir */
static int load_config(struct rerun *r, const char *path, const char *text, const char *dir)
{
	const char *sec = !strncmp(text, "config:\n", 8) ? text : strstr(text, "\nconfig:\n");
	int lineno = 0;

	if (!sec)
		return error("'%s' has no config section: its session cannot be run again", path);
	sec += *sec == '\n';
	for (const char *p = text; p <= sec; p = strchr(p, '\n') + 1)
		lineno++;	/* the "config:" line's number */
	r->cfg = contest_config_new();
	if (config_load_text(r->cfg, sec + strlen("config:\n"), path, lineno) < 0 ||
	    config_set_field(r->cfg, &contest_config(r->cfg)->main.results, dir, "-r") < 0 || session_absolute_paths(r->cfg) < 0)
		return -1;
	return 0;
}

/* the knobs line's "PATH=VALUE ..." as the variant's knobs; env writes
 * it unquoted, so a word without '=' is the rest of the value before it
 * (tcp_rmem's "4096 131072 6291456"), as session_check_knobs reads it */
static int take_knobs(struct rerun *r, const char *line)
{
	char **words = knob_line_words(line);
	int ret = 0;

	for (size_t i = 0; words[i] && !ret; i++) {
		struct variant *v = &r->variant;

		v->knobs = xrealloc(v->knobs, (size_t)(v->nknobs + 1) * sizeof(*v->knobs));
		if (knob_parse(&v->knobs[v->nknobs], words[i]) < 0)
			ret = -1;
		else
			v->nknobs++;
	}
	argv_free(words);
	return ret;
}

/* run_until_sd's "PCT MAX-RUNS" as run --until-sd PCT --max-runs N takes
 * them (session/resume.h's bounds, as --resume's plan): 0, or -1 */
static int parse_until_sd(const char *sd, double *pct, int *max_runs)
{
	const char *end;
	long long n;

	if (parse_real_prefix(sd, pct, &end) < 0 || *end != ' ' ||
	    parse_integer(end + strspn(end, " "), &n) < 0)
		return -1;
	if (!(*pct > 0 && *pct < UNTIL_SD_PCT_BELOW) || n < MAX_RUNS_MIN || n > MAX_RUNS_MAX)
		return -1;
	*max_runs = (int)n;
	return 0;
}

/* run_rounds within the runs key's bounds, as contest run's rounds are
 * (the config's runs): a scratch config's runs says, naming path */
static int rounds_ok(const char *path, const char *rounds, long long *count)
{
	struct config *c = contest_config_new();
	char *origin = xasprintf("%s: run_rounds", path);
	int ret = config_set_field(c, &contest_config(c)->main.runs, rounds, origin);

	*count = contest_config(c)->main.runs;
	free(origin);
	config_free(c);
	return ret;
}

/* run_loads, run_rounds, run_until_sd and the knobs; an older env's gaps in lacks */
static int take_how(struct rerun *r, const char *path, const struct env *e,
		    struct sentences *lacks)
{
	const struct env_record *er = env_record(e);
	const char *loads = er->run_loads, *knobs = er->knobs;
	const char *rounds = er->run_rounds, *sd = er->run_until_sd;
	const char *point = er->run_sweep;
	long long count = 0;

	if (loads) {
		r->loads = split_list(loads);
		for (r->nloads = 0; r->loads[r->nloads]; r->nloads++)
			if (!load_find(r->loads[r->nloads]))
				return error("the env's run_loads names '%s', no load here",
					     r->loads[r->nloads]);
		if (!r->nloads)
			return error("'%s': run_loads names no load", path);
	} else {
		say(lacks, xstrdup("the env does not say which loads ran (no run_loads line, "
				   "an older contest): the config's loads list runs"));
	}
	if (point)
		say(lacks, xasprintf("the env records a sweep's last point only: %s runs again, "
				     "not the sweep", point));
	if (knobs && strcmp(knobs, "none") && take_knobs(r, knobs) < 0)
		return -1;
	r->in_rounds = rounds || r->variant.nknobs;
	if (rounds && rounds_ok(path, rounds, &count) < 0)
		return -1;
	r->rounds = rounds ? count : contest_config(r->cfg)->main.runs;
	if (r->in_rounds && !rounds)
		say(lacks, xasprintf("the env does not say how many rounds the variant ran "
				     "(no run_rounds line): %lld", r->rounds));
	if (sd && parse_until_sd(sd, &r->until_sd, &r->max_runs) < 0) {
		r->until_sd = NAN;
		return error("'%s': run_until_sd '%s' is not 'PCT MAX-RUNS' (0 < PCT < %d, "
			     "%d <= MAX-RUNS <= %d)", path, sd, UNTIL_SD_PCT_BELOW, MAX_RUNS_MIN,
			     MAX_RUNS_MAX);
	}
	return 0;
}

/* "KEY: recorded 'A', here 'B'" for a key's values in both texts */
static char *changed(const char *key, const char *a, const char *b)
{
	return xasprintf("%s: recorded '%s', here '%s'", key, a ? a : "(none)", b ? b : "(none)");
}

/* the recorded commit (and its tree) name the recorded kernel: on another
 * running kernel they would name the wrong one in changes' bisect line */
static void forget_commit(struct rerun *r, const struct env *was, const struct env *now,
			  struct sentences *out)
{
	const struct config_main *m = &contest_config(r->cfg)->main;
	const char *a = env_record(was)->uname, *b = env_record(now)->uname;

	if (!*m->commit && !*m->commit_tree)
		return;
	if (a && b && !strcmp(a, b))
		return;
	say(out, xasprintf("commit = %s is the recorded kernel's, and this one is another: "
			   "the new env records no commit (-s commit=SHA gives one)", m->commit));
	config_set_field(r->cfg, &m->commit, "", "rerun on another kernel");
	config_set_field(r->cfg, &m->commit_tree, "", "rerun on another kernel");
}

/* how this machine differs from the env's: the machine, the running
 * kernel, then each fact of the fingerprint */
static void differences(struct rerun *r, const struct env *was, struct sentences *out)
{
	static const enum env_id running[] = { ENV_ID_uname, ENV_ID_cmdline };
	const char *tree = env_record(was)->tree;
	char *text = NULL, **keys = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct env *now;
	struct machine mw, mn;

	if (!f)
		die(EXIT_NO_MEMORY, "out of memory");
	if (contest_fingerprint(f, r->cfg, tree ? tree : ".") < 0)
		say(out, xstrdup("some facts of this machine could not be read (said above)"));
	fclose(f);
	now = env_parse(text, 1);
	machine_of(&mw, was);
	machine_of(&mn, now);
	if (machine_differs(&mw, &mn)) {
		char *a = machine_label(&mw), *b = machine_label(&mn);

		say(out, xasprintf("another machine: recorded %s, here %s", a, b));
		free(a);
		free(b);
	}
	for (size_t i = 0; i < ARRAY_SIZE(running); i++) {
		const char *a = env_value(was, running[i]), *b = env_value(now, running[i]);

		if (a && b && strcmp(a, b))
			say(out, changed(env_keys[running[i]].name, a, b));
	}
	forget_commit(r, was, now, out);
	if (env_differences(was, now, &keys) > 0)
		for (char **k = keys; *k; k++)
			say(out, changed(*k, env_get(was, *k), env_get(now, *k)));
	fingerprint_keys_free(keys);
	machine_release(&mw);
	machine_release(&mn);
	env_free(now);
	free(text);
}

/* the recorded lines of the kernel's build (a bisection's candidate), which
 * the guest's new env records again: the same image is the same build */
static char *build_lines(const struct env *e)
{
	static const enum env_id keys[] = { ENV_ID_bisect_tree, ENV_ID_commit, ENV_ID_subject,
					    ENV_ID_kernel_config, ENV_ID_kernel_compiler,
					    ENV_ID_kernel_build, ENV_ID_kernel_fragment };
	char *text = xstrdup(""), *more;

	for (size_t i = 0; i < ARRAY_SIZE(keys); i++) {
		const char *v = env_value(e, keys[i]);

		if (!v)
			continue;
		more = xasprintf("%s%s: %s\n", text, env_keys[keys[i]].name, v);
		free(text);
		text = more;
	}
	return text;
}

/*
 * A run --boot guest's session ran on the guest's kernel: r->guest boots
 * its image again as recorded (an older env's gaps, the defaults, in lacks);
 * a QEMU guest's accelerator is the recorded one (kvm, tcg), not another
 * the host would choose now
 */
static int take_guest(struct rerun *r, const char *path, const struct env *e,
		      struct sentences *lacks)
{
	const struct env_record *er = env_record(e);
	struct rerun_guest *g = &r->guest;
	const char *accel = NULL, *bad, *args;

	if (!er->guest || !strcmp(er->guest, "none"))
		return 0;
	if (!strcmp(er->guest, "qemu-kvm"))
		accel = "kvm";
	else if (!strcmp(er->guest, "qemu-tcg"))
		accel = "tcg";
	else if (strcmp(er->guest, "uml"))
		return error("'%s': guest '%s' is none of uml, qemu-kvm and qemu-tcg", path, er->guest);
	if (!er->guest_image || !*er->guest_image)
		return error("'%s': a guest's session with no guest_image line: which kernel "
			     "would rerun boot?", path);
	g->kind = xstrdup(er->guest);
	g->accel = xstrdup_or_null(accel);
	g->image = xstrdup(er->guest_image);
	g->mem = xstrdup_or_null(er->guest_mem);
	g->cpus = xstrdup_or_null(er->guest_cpus);
	g->disk = xstrdup_or_null(er->guest_disk);
	g->timeout = xstrdup_or_null(er->guest_timeout);
	/* each argument as one shell word (boot.c's guest_env): spaces,
	 * commas; an older contest's words joined by spaces, unquoted, read
	 * as such where they are no shell's */
	args = er->guest_boot_args && strcmp(er->guest_boot_args, "none") ? er->guest_boot_args : "";
	if (!(g->boot_args = split_words(args, &bad))) {
		say(lacks, xasprintf("guest_boot_args is no shell's words (%s: an older contest's): "
				     "split at its spaces", bad));
		g->boot_args = split_at(args, " ");
	}
	g->kernel_env = build_lines(e);
	if (!g->disk || !g->timeout)
		say(lacks, xstrdup("the env does not record the guest's scratch disk and timeout "
				   "(no guest_disk, guest_timeout lines: an older contest): "
				   "run --boot's defaults"));
	return 0;
}

/* what a guest's session cannot take: run --boot passes neither */
static int guest_how(const struct rerun *r, const char *path)
{
	if (!r->guest.kind)
		return 0;
	if (r->variant.nknobs || r->in_rounds || !isnan(r->until_sd))
		return error("'%s': a guest's session with knobs, rounds or --until-sd, which "
			     "run --boot does not run", path);
	return 0;
}

/* how the host differs from the one that ran the guest: a guest's env's
 * own facts (uname, cpus, memtotal) are the guest kernel's */
static void guest_differences(const struct env *was, struct sentences *out)
{
	const struct env_record *er = env_record(was);
	struct host_facts now;

	host_facts(&now);
	if (er->host_uname && strcmp(er->host_uname, now.uname))
		say(out, changed(ENV_KEY(host_uname), er->host_uname, now.uname));
	if (er->host_cpus && strcmp(er->host_cpus, now.cpus))
		say(out, changed(ENV_KEY(host_cpus), er->host_cpus, now.cpus));
	if (er->host_memtotal && strcmp(er->host_memtotal, now.memtotal))
		say(out, changed(ENV_KEY(host_memtotal), er->host_memtotal, now.memtotal));
}

/*
 * A bisection's candidate whose results were moved or copied since: its
 * recorded image, DIR/.bisect/images/NAME of the directory it was in, is
 * gone, and the same name in this results directory is taken (if it is
 * trusted as the env is, owner.h), said.
 */
static void moved_image(struct rerun *r, const char *dir, const char *kernel)
{
	char *mark = xasprintf("/%s/%s/", BISECT_DIR, BISECT_IMAGES), *here = NULL;
	const char *name = NULL;

	for (const char *at = r->guest.image; (at = strstr(at, mark)); at++)
		name = at + strlen(mark);
	if (name && *name && !strchr(name, '/') && access(r->guest.image, F_OK) < 0) {
		char *images = results_path(dir, BISECT_DIR, BISECT_IMAGES);

		here = xasprintf("%s/%s", images, name);
		free(images);
	}
	if (here && access(here, F_OK) == 0 && check_trusted(here, "cannot boot it") == 0) {
		info("%s's guest image '%s' is gone, its results moved: booting '%s'", kernel,
		     r->guest.image, here);
		free(r->guest.image);
		r->guest.image = here;
		here = NULL;
	}
	free(here);
	free(mark);
}

/*
 * The recorded image, where a guest's session boots it: gone, it is
 * named with how to build it again (rebuild.h), each command quoted for
 * the shell it is pasted into. 0, or -1 said.
 */
static int check_image(const char *kernel, const struct env *e, const char *image)
{
	struct rebuild rb;

	if (access(image, F_OK) == 0)
		return 0;
	error("cannot rerun '%s': its guest image '%s' is gone (%s)", kernel, image, strerror(errno));
	if (rebuild_of(&rb, e) == 0) {
		fprintf(stderr, "%s\n", rb.prose);
		for (char ***c = rb.cmds; *c; c++) {
			char *cmd = sh_command((const char *const *)*c);

			fprintf(stderr, "    %s\n", cmd);
			free(cmd);
		}
	} else {
		fprintf(stderr, "Its env does not say how it was built (no bisect_tree, commit "
			"lines): build that kernel again to that path, or run it with "
			"contest run --boot IMAGE.\n");
	}
	rebuild_release(&rb);
	return -1;
}

/* text's session into r; its env (free it) in *e when 0 */
static int parse(struct rerun *r, const char *path, const char *text, const char *dir,
		 struct sentences *lacks, struct env **e)
{
	*e = NULL;
	if (load_config(r, path, text, dir) < 0 || !(*e = env_parse(text, 1)) ||
	    take_guest(r, path, *e, lacks) < 0 || take_how(r, path, *e, lacks) < 0 ||
	    guest_how(r, path) < 0) {
		env_free(*e);
		*e = NULL;
		return -1;
	}
	return 0;
}

static void start(struct rerun *r, const char *kernel, const char *name)
{
	memset(r, 0, sizeof(*r));
	r->until_sd = NAN;
	r->variant.name = name ? name : kernel;
}

int rerun_parse(struct rerun *r, const char *path, const char *text, const char *dir,
		const char *kernel, const char *name)
{
	struct sentences lacks = { 0 };
	struct env *e;
	int ret;

	start(r, kernel, name);
	ret = parse(r, path, text, dir, &lacks, &e);
	env_free(e);
	r->differences = said(&(struct sentences){ 0 });
	r->lacks = said(&lacks);
	return ret;
}

/*
 * The env's config section is run as it says (its command, work_dir,
 * knobs), as whoever runs rerun, root too: only an env that this user,
 * root or the invoking user wrote, in folders no one else may write (who
 * can write a folder can put another env in it), as ./contest.conf is
 * read. 0, or -1 said.
 */
static int check_env_owner(const char *dir, const char *kernel, const char *env)
{
	char *doing = xasprintf("cannot rerun '%s'", kernel);
	char *kernel_dir = results_path(dir, kernel, NULL);
	int ret = check_trusted(env, doing) < 0 || check_trusted(kernel_dir, doing) < 0 ||
		  check_trusted(dir, doing) < 0 ? -1 : 0;

	free(kernel_dir);
	free(doing);
	return ret;
}

int rerun_prepare(struct rerun *r, const char *dir, const char *kernel, const char *name)
{
	char *path = results_path(dir, kernel, "env"), *text = read_regular_file(path, NULL);
	struct sentences diffs = { 0 }, lacks = { 0 };
	struct env *e = NULL;
	int ret = -1;

	start(r, kernel, name);
	if (!text)
		error("cannot rerun '%s': no env file '%s' to say how it ran", kernel, path);
	else if (check_env_owner(dir, kernel, path) == 0)
		ret = parse(r, path, text, dir, &lacks, &e);
	if (ret == 0 && r->guest.kind) {
		moved_image(r, dir, kernel);
		ret = check_image(kernel, e, r->guest.image);
		if (ret == 0)
			guest_differences(e, &diffs);
	} else if (ret == 0) {
		differences(r, e, &diffs);
	}
	r->differences = said(&diffs);
	r->lacks = said(&lacks);
	env_free(e);
	free(text);
	free(path);
	return ret;
}

void rerun_request(const struct rerun *r, struct run_request *rq, int argc, char **argv)
{
	memset(rq, 0, sizeof(*rq));
	rq->variants = &r->variant;
	rq->cfgs = (const struct config *const *)&r->cfg;
	rq->nvariants = 1;
	rq->in_rounds = r->in_rounds;
	rq->rounds = r->rounds;
	rq->loads = r->loads;
	rq->nloads = r->nloads;
	rq->argc = argc;
	rq->argv = argv;
	rq->until_sd = r->until_sd;
	rq->max_runs = isnan(r->until_sd) ? 0 : r->max_runs;
	rq->margin = NAN;
}

static void sentences_free(char **v)
{
	for (char **s = v; s && *s; s++)
		free(*s);
	free(v);
}

void rerun_release(struct rerun *r)
{
	config_free(r->cfg);
	free(r->variant.knobs);
	argv_free(r->loads);
	sentences_free(r->differences);
	sentences_free(r->lacks);
	free(r->guest.kind);
	free(r->guest.accel);
	free(r->guest.image);
	free(r->guest.mem);
	free(r->guest.cpus);
	free(r->guest.disk);
	free(r->guest.timeout);
	argv_free(r->guest.boot_args);
	free(r->guest.kernel_env);
	memset(r, 0, sizeof(*r));
}
