/* fingerprint.h - the env file written: what `contest env` prints (keys in record/env.h)
 *
 * "key: value" lines: host (the config's host, else the node name), uname, cmdline, cpu_model,
 * xsave_bytes (the XSAVE area ptrace gives, sys/xsave.h; "none", "unknown"), cpus, affinity (the CPUs
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

#endif
