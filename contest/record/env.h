/* env.h - the env file's keys (one table), and the file read back as a typed record
 *
 * A kernel's env file (results DIR/KERNEL/env) is the session's record of
 * where and how it ran: "key: value" lines (the machine's facts, how the
 * session ran, a guest's and a bisection's), then a line "config:" and the
 * config as used (config_dump), whose lines are named "config.KEY" and
 * "config.SECTION.KEY". ENV_KEYS below is the one table of the keys
 * contest writes and reads: writers spell a key as ENV_KEY(field) (or
 * ENV_CONFIG_KEY(field)), readers take a parsed file's values by field
 * (env_record(e)->cpu_model, ->config.workload), so a mistyped key does
 * not compile. `make check-layers` (scripts/check-env.sh) fails on a key
 * spelled as a string anywhere else.
 *
 * Each line: the key (the field's name), its flags, and for a fact a
 * variant's --knob may set, the end of the knob's path:
 *   ENV_IGNORED  machine comparisons (env_differences) ignore it: it
 *                differs from kernel to kernel (uname, cmdline) or says
 *                nothing about the machine measured (how the session ran,
 *                a bisection's commit, where the results went); the
 *                limits' config lines are said once, by the fingerprint's
 *                mem_limit and cpu_limit lines
 *   ENV_BYTES    a byte count: values within 4 MiB are the same
 *   ENV_CAL_MACHINE, ENV_CAL_WORKLOAD, ENV_CAL_SIZE: what a calibration
 *                must match BASE's env on (results/calibration.c): the
 *                machine (absent is a difference), the workload (absent
 *                on both is the same), its size (a difference is said,
 *                the drift still used); in table order, the first
 *                difference is the one named
 * L() lines are the "key: value" lines, C() the config's top-level keys
 * env readers know (each is a field of struct contest_config's main).
 */
#ifndef CONTEST_ENV_H
#define CONTEST_ENV_H

#include <stddef.h>

enum {
	ENV_IGNORED = 1,
	ENV_BYTES = 2,
	ENV_CAL_MACHINE = 4,
	ENV_CAL_WORKLOAD = 8,
	ENV_CAL_SIZE = 16,
};

#define ENV_KEYS(L, C)								\
	/* how the session ran (session/session.c, session/one.c) */		\
	L(knobs, 0, NULL)							\
	L(run_loads, ENV_IGNORED, NULL)						\
	L(run_rounds, ENV_IGNORED, NULL)					\
	L(run_until_sd, ENV_IGNORED, NULL)					\
	L(run_sweep, ENV_IGNORED, NULL)						\
	L(run_sets, ENV_IGNORED, NULL)						\
	/* the machine (record/fingerprint.c) */				\
	L(host, 0, NULL)							\
	L(uname, ENV_IGNORED, NULL)						\
	L(cmdline, ENV_IGNORED, NULL)						\
	L(cpu_model, ENV_CAL_MACHINE, NULL)					\
	L(xsave_bytes, 0, NULL)							\
	L(cpus, ENV_CAL_MACHINE, NULL)						\
	L(cpus_usable, 0, NULL)							\
	L(affinity, 0, NULL)							\
	L(memtotal, ENV_BYTES | ENV_CAL_MACHINE, NULL)				\
	L(swap_total, ENV_BYTES, NULL)						\
	/* a run --boot guest (guest/boot.c, guest/guest-init.c) */		\
	L(guest, 0, NULL)							\
	L(guest_accel, 0, NULL)							\
	L(guest_qemu, 0, NULL)							\
	L(guest_image, 0, NULL)							\
	L(guest_mem, 0, NULL)							\
	L(guest_cpus, 0, NULL)							\
	L(guest_boot_args, 0, NULL)						\
	/* the scratch disk's size and the wait for a row (--vm-disk,	\
	 * --vm-timeout): rerun boots the guest with them again */		\
	L(guest_disk, ENV_IGNORED, NULL)					\
	L(guest_timeout, ENV_IGNORED, NULL)					\
	L(host_uname, 0, NULL)							\
	L(host_cpus, 0, NULL)							\
	L(host_memtotal, 0, NULL)						\
	L(guest_scratch_scheduler, 0, NULL)					\
	L(mem_limit, 0, NULL)							\
	L(cpu_limit, 0, NULL)							\
	L(tree, 0, NULL)							\
	L(tree_fs, 0, NULL)							\
	L(io_scheduler, 0, "/queue/scheduler")					\
	L(governor, 0, "/cpufreq/scaling_governor")				\
	L(thp, 0, "/transparent_hugepage/enabled")				\
	L(build_env_scrubbed, 0, NULL)						\
	L(build_env_set, 0, NULL)						\
	L(compiler, 0, NULL)							\
	L(contest_version, 0, NULL)						\
	/* a bisection's candidate (guest/bisect-rounds.c) */			\
	L(bisect_tree, ENV_IGNORED, NULL)					\
	L(commit, ENV_IGNORED, NULL)						\
	L(subject, ENV_IGNORED, NULL)						\
	/* the candidate kernel's build: its saved .config and the compiler \
	 * that .config names (guest/bisect.c) */				\
	L(kernel_config, ENV_IGNORED, NULL)					\
	L(kernel_compiler, 0, NULL)						\
	/* how the image is built again (results/rebuild.c): the command	\
	 * run in the commit's tree (--build's, or the default's), and	\
	 * the default build's --config-fragment */				\
	L(kernel_build, ENV_IGNORED, NULL)					\
	L(kernel_fragment, ENV_IGNORED, NULL)					\
	/* the config's keys env readers know */				\
	C(workload, ENV_CAL_WORKLOAD)						\
	C(command, ENV_CAL_WORKLOAD)						\
	C(measure, ENV_CAL_WORKLOAD)						\
	C(kernel_tree, ENV_CAL_WORKLOAD)					\
	C(make_target, ENV_CAL_WORKLOAD)					\
	C(kconfig, ENV_CAL_WORKLOAD)						\
	C(synthetic_dirs, ENV_CAL_SIZE)						\
	C(synthetic_files, ENV_CAL_SIZE)					\
	C(synthetic_funcs, ENV_CAL_SIZE)					\
	C(make_jobs, ENV_CAL_SIZE)						\
	C(duration, ENV_CAL_SIZE)						\
	C(results, ENV_IGNORED)							\
	C(runs, ENV_IGNORED)							\
	C(loads, ENV_IGNORED)							\
	C(host, ENV_IGNORED)							\
	C(mem_limit, ENV_IGNORED)						\
	C(cpu_limit, ENV_IGNORED)						\
	C(commit, ENV_IGNORED)							\
	C(commit_tree, ENV_IGNORED)						\
	C(monitors, 0)

#define ENV_NONE_(...)
#define ENV_FIELD_(field, ...) const char *field;

/* an env file's values by key, NULL when it has no such line */
struct env_record {
	ENV_KEYS(ENV_FIELD_, ENV_NONE_)
	struct env_record_config {
		ENV_KEYS(ENV_NONE_, ENV_FIELD_)
	} config;
};

#define ENV_ID_L_(field, ...) ENV_ID_##field,
#define ENV_ID_C_(field, ...) ENV_ID_config_##field,
enum env_id { ENV_KEYS(ENV_ID_L_, ENV_ID_C_) ENV_NKEYS };

struct env_key {
	const char *name;	/* "host", "config.workload" */
	const char *key;	/* its line's key: "host", "workload" */
	int config;		/* a line of the config section */
	unsigned flags;		/* ENV_IGNORED ... */
	const char *knob_path_end;	/* a fact read from this file a knob may set */
	size_t offset;		/* its field in struct env_record */
};
extern const struct env_key env_keys[ENV_NKEYS];

/* a key's name, for writers: ENV_KEY(host) is "host" */
#define ENV_KEY(field) (env_keys[ENV_ID_##field].name)
#define ENV_CONFIG_KEY(field) (env_keys[ENV_ID_config_##field].name)
/* what starts a config line's name: "config.workload" */
#define ENV_CONFIG_PREFIX "config."
/* the line after which the config is, as config_dump writes it */
#define ENV_CONFIG_MARK "config:"

/*
 * An env text parsed once, the one way an env file is asked (a lab's
 * report and compare read thousands, each once: results_read_env).
 * with_config 0 stops at "config:" (the machine's lines only). A NULL
 * text parses as an empty one.
 */
struct env;
struct env *env_parse(const char *text, int with_config);
void env_free(struct env *e);
/* e's values by field; e NULL gives a record with none */
const struct env_record *env_record(const struct env *e);
/* e's value of a key by its id (a list of keys), NULL when absent */
const char *env_value(const struct env *e, enum env_id id);
/* a key of the table by its name ("host", "config.workload"), NULL when none */
const struct env_key *env_key_named(const char *name);
/*
 * A value by a name found in an env text (env_differences' keys:
 * "host", "config.KEY", "config.SECTION.KEY"), NULL when absent. Code
 * naming a key of its own reads its field (env_record) instead.
 */
const char *env_get(const struct env *e, const char *name);

/*
 * The keys whose values differ between two env files (env_differences
 * of two parsed ones; fingerprint_differences of two texts, for a
 * session's check of its env against the one it resumes), for
 * `compare`'s warning, by name. Keys with ENV_IGNORED are not counted;
 * contest_version counts (another contest may measure differently).
 * ENV_BYTES values count as equal within 4 MiB (MemTotal moves a little
 * with each kernel; mem=1008m against mem=1024m is 16 MiB and differs).
 * A key present in only one text (an older or newer contest) is not a
 * difference. Returns the count; *keys_out (when not NULL) gets a
 * NULL-terminated array to free with fingerprint_keys_free().
 */
int env_differences(const struct env *a, const struct env *b, char ***keys_out);
int fingerprint_differences(const char *env_a, const char *env_b, char ***keys_out);
void fingerprint_keys_free(char **keys);
/*
 * 1 when key's difference between a and b is their knobs' own: "knobs"
 * (the line a variant's --knob PATH=VALUE writes), a fact read from a
 * file one of a's or b's knobs set (io_scheduler from .../queue/scheduler,
 * thp, governor), or a config key one of them was given by a variant's
 * --set (run_sets: "config.make_jobs" where it says make_jobs): what
 * variants vary, not a confound; else 0.
 */
int env_key_from_knobs(const struct env *a, const struct env *b, const char *key);
/* two memtotal values the same memory (within 4 MiB), or, where both
 * were guests (guest_mem, NULL when not), the same guest_mem */
int fingerprint_same_memory(const char *mem_a, const char *guest_mem_a, const char *mem_b,
			    const char *guest_mem_b);

#endif
