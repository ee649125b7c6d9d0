/* cmd/list.c - contest list: every load, its unit of work, and whether it can run here */
#include "cmd/cli.h"
#include "record/config-keys.h"
#include "cmd/cmds.h"
#include "loads/loads.h"
#include "output/load-list.h"
#include "lib/util.h"
#include "session/workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage_text[] = "usage: contest list [-c CONF] [-s KEY=VALUE]...\n";

static const char intro_text[] =
	"\n"
	"One line per load in canonical order: its name, whether it can run here\n"
	"with this config (yes, or no with the reason on the next line), what one\n"
	"unit of its work is (Loads counts those), and what it does.\n";

/* swap the session would have: what is free now plus the swapfile it would make */
static uint64_t session_swap(const struct contest_config *cc, uint64_t ram)
{
	return meminfo_bytes("SwapFree") + config_bytes(cc->main.swapfile, ram);
}

static void list_one(const struct load *l, const struct config *cfg, struct load_env *env,
		     FILE *out)
{
	char why[512] = "";
	char *scratch = xasprintf("%s/scratch/%s", contest_config(cfg)->main.work_dir, l->name);
	int ok;

	contest_load_env(env, cfg, l->name);
	env->scratch = scratch;
	ok = !l->supported || l->supported(env, why, sizeof(why)) == 0;
	load_list_line(out, l, ok, why);
	free(scratch);
}

int cmd_list(int argc, char **argv)
{
	struct config *cfg;
	const struct contest_config *cc;
	struct load_env env;
	char *tree;
	int status;

	cfg = cli_config_only(argc, argv, usage_text, intro_text, &status);
	if (!cfg)
		return status;
	tree = workload_tree_path(cfg);
	cc = contest_config(cfg);
	memset(&env, 0, sizeof(env));
	env.tree = strcmp(cc->main.workload, "command") ? tree : NULL;
	env.ram = contest_ram(cc);
	env.swap = session_swap(cc, env.ram);
	env.ncpus = ncpus_usable();
	load_list_header(stdout);
	for (size_t i = 0; load_table[i]; i++)
		list_one(load_table[i], cfg, &env, stdout);
	free(tree);
	config_free(cfg);
	return cli_close_stdout(0);
}
