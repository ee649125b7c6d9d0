/* fingerprint.h - what the env file and `contest env` hold
 *
 * "key: value" lines: host (the config's host, else the node name), uname, cmdline, cpu_model, cpus, affinity (the CPUs
 * contest may run on, as ranges "0-3,6"), memtotal, swap_total
 * (bytes, then human units in parentheses), guest ("none", or "uml" and
 * the guest_* and host_* keys of a run --boot guest), mem_limit, cpu_limit ("none"
 * when unset), tree, tree_fs, io_scheduler ("unknown" without a block
 * device), governor ("none" without cpufreq), thp, build_env_scrubbed,
 * build_env_set, compiler (the first line of the build's `cc --version`,
 * `gcc --version` for a kernel; "none found (cc)", or "not used" by a
 * workload that compiles nothing), contest_version; then a
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
struct fingerprint_config {
	const char *host;	/* the config's host, "" for the node name */
	const char *mem_limit;	/* the limits as the config has them, "" none */
	const char *cpu_limit;
	const char *workload;	/* which compiler it runs, if any (compiler:) */
};
int fingerprint_write(FILE *out, const struct fingerprint_config *k, const struct config *cfg,
		      const char *tree);

/*
 * The keys whose values differ between two env files (env_differences
 * of two parsed ones; fingerprint_differences of two texts, for a
 * session's check of its env against the one it resumes), for `compare`'s
 * warning. Config lines are keyed "config.KEY" and "config.LOAD.KEY".
 * Ignored, because they differ from kernel to kernel or say nothing about
 * the machine measured: uname, cmdline, the session's run_* lines (how
 * it ran: loads, rounds, --until-sd, a sweep's point), a bisection's
 * commit and subject,
 * config.results, config.runs,
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

/*
 * An env text parsed once, the one way an env file is asked (a lab's
 * report and compare read thousands, each once: results_read_env): its
 * lines by name. with_config 0 stops at "config:"
 * (the machine's lines only). A NULL text parses as an empty one.
 */
struct env;
struct env *env_parse(const char *text, int with_config);
void env_free(struct env *e);
/* key's value ("host", "config.KEY", "config.SECTION.KEY"), NULL when absent */
const char *env_get(const struct env *e, const char *key);
/* fingerprint_differences of two parsed texts */
int env_differences(const struct env *a, const struct env *b, char ***keys_out);
/*
 * 1 when key's difference between a and b is their knobs' own: "knobs"
 * (the line a variant's --knob PATH=VALUE writes), or a fact read from a
 * file one of a's or b's knobs set (io_scheduler from .../queue/scheduler,
 * thp, governor): what variants vary, not a confound; else 0.
 */
int env_key_from_knobs(const struct env *a, const struct env *b, const char *key);
/* two memtotal values the same memory (within 4 MiB), or, where both
 * were guests (guest_mem, NULL when not), the same guest_mem */
int fingerprint_same_memory(const char *mem_a, const char *guest_mem_a, const char *mem_b,
			    const char *guest_mem_b);

#endif
