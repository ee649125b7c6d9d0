/* fingerprint.h - what the env file and `contest env` hold
 *
 * "key: value" lines: host (the config's host, else the node name), uname, cmdline, cpu_model, cpus, affinity (the CPUs
 * contest may run on, as ranges "0-3,6"), memtotal, swap_total
 * (bytes, then human units in parentheses), guest ("none", or "uml" and
 * the guest_* and host_* keys of a run --boot guest), mem_limit, cpu_limit ("none"
 * when unset), tree, tree_fs, io_scheduler ("unknown" without a block
 * device), governor ("none" without cpufreq), thp, contest_version; then a
 * line "config:" followed by the config as used (config_dump).
 */
#ifndef CONTEST_FINGERPRINT_H
#define CONTEST_FINGERPRINT_H

#include <stdio.h>
#include "lib/config.h"

/*
 * tree: the workload's tree (for its filesystem and block device scheduler).
 * A fact this machine lacks (no cpufreq, no such file) is written "none" or
 * "unknown"; 0, or -1 (error printed) when a fact could not be read for
 * another reason (EMFILE, EIO, EACCES): what was written then is not to be
 * kept in place of an env file.
 */
int fingerprint_write(FILE *out, const struct config *cfg, const char *tree);

/*
 * The keys whose values differ between two env texts, for `compare`'s
 * warning. Config lines are keyed "config.KEY" and "config.LOAD.KEY".
 * Ignored, because they differ from kernel to kernel or say nothing about
 * the machine measured: uname, cmdline, config.results, config.runs,
 * config.loads, config.host (the host line compares it); config.mem_limit and config.cpu_limit, which the
 * mem_limit and cpu_limit lines already compare. contest_version counts (another contest may measure
 * differently). memtotal and swap_total count as equal within 4 MiB
 * (MemTotal moves a little with each kernel; mem=1008m against mem=1024m
 * is 16 MiB and differs). A key present in only one text (an older or
 * newer contest) is not a difference.
 * Returns the count; *keys_out (when not NULL) gets a NULL-terminated
 * array to free with fingerprint_keys_free().
 */
int fingerprint_differences(const char *env_a, const char *env_b, char ***keys_out);
void fingerprint_keys_free(char **keys);
/* The value of key in an env text (malloc'd), NULL when absent */
char *fingerprint_value(const char *env_text, const char *key);

/* `contest env [-c CONF] [-s KEY=VALUE]...` (contest/cmd-env.c) */
int cmd_env(int argc, char **argv);

#endif
