/* cmd/env.c - contest env: the fingerprint of this machine and kernel, as the env file holds it */
#include "cmd/cli.h"
#include "record/config-keys.h"
#include "cmd/cmds.h"
#include "session/workload.h"

#include <stdlib.h>

static const char usage_text[] =
	"usage: contest env [-c CONF] [-s KEY=VALUE]...\n";

static const char intro_text[] =
	"\n"
	"Print the fingerprint that each kernel's env file records: uname, /proc/cmdline,\n"
	"CPU, memory, swap, limits, the tree's filesystem and I/O scheduler, governor,\n"
	"transparent hugepages, contest version, then the config as used.\n";

int cmd_env(int argc, char **argv)
{
	struct config *cfg;
	char *tree;
	int status;

	cfg = cli_config_only(argc, argv, usage_text, intro_text, &status);
	if (!cfg)
		return status;
	tree = workload_tree_path(cfg);
	status = contest_fingerprint(stdout, cfg, tree) < 0 ? 1 : 0;
	free(tree);
	config_free(cfg);
	return cli_close_stdout(status);
}
