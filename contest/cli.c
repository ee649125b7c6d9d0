/* cli.c - see cli.h */
#include "cli.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int cli_load_config(struct config *cfg, const char *conf, char **sets, int nsets)
{
	if (config_load_default(cfg) < 0)
		return -1;
	if (conf && config_load_file(cfg, conf, 0) < 0)
		return -1;
	for (int i = 0; i < nsets; i++)
		if (config_set_arg(cfg, sets[i]) < 0)
			return -1;
	return 0;
}

uint64_t cli_ram(const struct config *cfg)
{
	uint64_t total = memtotal_bytes();
	uint64_t ram = config_size(cfg, NULL, "ram", total);
	uint64_t limit = config_size(cfg, NULL, "mem_limit", total);

	if (ram)
		return ram;
	if (limit && (!total || limit < total))
		return limit;
	return total;
}

int cli_close_stdout(int status)
{
	if (fclose(stdout) != 0) {
		error("cannot write to stdout: %s", strerror(errno));
		return status ? status : EXIT_RUN_FAILED;
	}
	return status;
}

int cli_wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return 1;
	return 0;
}
