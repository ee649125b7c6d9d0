/* fuzz-env.c - libFuzzer target: a results folder's env file as contest
 * rerun and contest changes read it (copied from another machine, cut
 * short, hand-edited)
 *
 * The input is DIR/K/env. rerun reads it as rerun_prepare does, up to
 * looking at this machine (rerun_parse: the config section, the knobs
 * line, run_loads, run_rounds, run_until_sd, a guest's refusal), and
 * makes the request it would run; changes reads it as history does
 * (results_read_env, then history_env_commit and history_env_tree: the
 * commit and the git tree of the bisect line, and the machine), and the
 * bisect line it would print of them must read back (split_words, the
 * shell's reading) as the same words. The temporary directory goes at
 * exit.
 */
#include "results/history.h"
#include "results/machine.h"
#include "results/store.h"
#include "session/rerun.h"
#include "session/resume.h"
#include "record/env.h"
#include "lib/config.h"
#include "lib/sh-quote.h"
#include "lib/util.h"
#include "fuzz-kernel-file.h"

#include <math.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[] = "/tmp/contest-fuzz-env.XXXXXX";
static struct fuzz_kernel_file kf = { dir, NULL, NULL };

static void as_rerun(void)
{
	char *text = read_regular_file(kf.file, NULL);
	struct run_request rq;
	struct rerun r;

	if (!text)
		abort();
	if (rerun_parse(&r, kf.file, text, dir, "K", NULL) == 0) {
		rerun_request(&r, &rq, 0, NULL);
		/* what it would run, within what contest run accepts: rounds
		 * as the runs key, --until-sd PCT and --max-runs N in bounds */
		if (!r.cfg || (r.loads && r.nloads < 1) ||
		    (r.in_rounds && (r.rounds < 1 || r.rounds > 1000)) ||
		    (!isnan(r.until_sd) && (!(r.until_sd > 0 && r.until_sd < UNTIL_SD_PCT_BELOW) ||
					    r.max_runs < MAX_RUNS_MIN || r.max_runs > MAX_RUNS_MAX ||
					    rq.max_runs != r.max_runs)))
			abort();
		for (int i = 0; i < r.variant.nknobs; i++)
			if (!r.variant.knobs[i].path[0] || !r.variant.knobs[i].value[0])
				abort();
	}
	if (!r.differences || !r.lacks || *r.differences)
		abort();
	rerun_release(&r);
	free(text);
}

/* the bisect line changes prints of these words reads back as them */
static void pasted(const char *const *words)
{
	const char *err = NULL;
	char *cmd = sh_command(words), **back = split_words(cmd, &err);
	size_t i;

	for (i = 0; words[i]; i++)
		if (!back || !back[i] || strcmp(back[i], words[i]))
			abort();
	if (back[i])
		abort();
	argv_free(back);
	free(cmd);
}

static void as_changes(void)
{
	struct env *e = results_read_env(dir, "K");
	const char *commit, *tree;
	struct machine m;
	char *label;

	if (!e)
		abort();
	commit = history_env_commit(e);
	tree = history_env_tree(e);
	pasted((const char *const[]){ "contest", "bisect", "--tree", tree ? tree : "TREE",
				      "--good", commit ? commit : "", "--bad", "x", NULL });
	machine_of(&m, e);
	label = machine_label(&m);
	free(label);
	machine_release(&m);
	env_free(e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_kernel_file(&kf, "env", data, size);
	as_rerun();
	as_changes();
	return 0;
}
