/* config-keys.h - contest's config keys: the table and the struct they fill
 *
 * The product's top-level keys (contest.conf, -c CONF, -s KEY=VALUE) are
 * one table, config-keys.c's, each line a key's name, type, default, help
 * and range and, by CONFIG_KEY, its field of struct contest_config (the
 * key's name is the field's). lib/config.c parses files and -s against it
 * and keeps the struct filled with the values in force; code reads a key
 * as a field, contest_config(cfg)->main.results, so a mistyped key is a
 * compile error. Each load's keys ([LOAD] sections) are the load's own
 * table and struct (loads/NAME.c), read through load_env.opts.
 *
 * A new key: a field in struct contest_config's main and one line in the
 * table (its name is the field's), its line in contest.conf and contest.1.
 */
#ifndef CONTEST_CONFIG_KEYS_H
#define CONTEST_CONFIG_KEYS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "lib/config.h"
#include "loads/load.h"

struct contest_config {
	struct config_main {
		const char *workload;		/* a list: synthetic, kernel, command, load, tasks */
		const char *kernel_tree;
		const char *kconfig;
		const char *make_target;
		long long make_jobs;
		const char *command;
		const char *measure;
		double duration;		/* seconds */
		long long rt_priority;
		struct config_metrics metric;	/* the command's own figures */
		long long task_nice;
		long long runs;
		const char *loads;		/* a list of loads */
		double load_lead;		/* seconds */
		bool flush;
		double quiet_wait;		/* seconds */
		struct config_real quiet_idle;
		double stop_grace;		/* seconds */
		const char *results;
		const char *host;
		const char *commit;		/* the kernel's, for changes' bisect line */
		const char *commit_tree;
		const char *work_dir;
		const char *scratch_dir;
		long long synthetic_dirs;
		long long synthetic_files;
		long long synthetic_funcs;
		struct config_size ram;
		struct config_size mem_limit;
		struct config_real cpu_limit;
		struct config_size swapfile;
		const char *swapfile_path;
		const char *kvm_device;
		const char *guest_accel;	/* auto, kvm or tcg */
		long long guest_cpus;		/* 0: this machine's */
		struct config_size guest_mem;
		const char *io_other_dir;
		const char *monitors;		/* a list of monitors */
	} main;
};

/* the top-level keys: the table, and the section lib/config.c is handed */
extern const struct config_option config_keys[];
extern const struct config_section config_keys_section;

/* A config of contest's keys and every load's section, at their defaults */
struct config *contest_config_new(void);

/* cfg's values: the only way to read a key */
static inline const struct contest_config *contest_config(const struct config *cfg)
{
	return config_values(cfg, NULL);
}

/* "RAM" for % sizes: ram when set, else mem_limit when set, else MemTotal */
uint64_t contest_ram(const struct contest_config *cc);

/* A load's env: its name, its keys (env.opts) and the top-level keys it
 * reads (io_other_dir, the synthetic tree's shape), from cfg */
void contest_load_env(struct load_env *env, const struct config *cfg, const char *name);

/* The env file's text (fingerprint_write) of cfg, for tree */
int contest_fingerprint(FILE *out, const struct config *cfg, const char *tree);

#endif
