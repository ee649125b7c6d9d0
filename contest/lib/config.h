/* config.h - the one options table behind contest.conf, -c CONF and -s KEY=VALUE
 *
 * Every key is described once (struct config_option). Files and -s are parsed
 * against those tables: the top-level keys here, and the sections the
 * config is handed when made (struct config_section: the loads, each with
 * its own keys, written [LOAD] / key = value in a file or LOAD.key=value
 * with -s). config knows nothing of loads beyond those tables. Values are kept as validated strings and read
 * through the typed getters, so a size in % resolves against the RAM in
 * force when it is read.
 */
#ifndef CONTEST_CONFIG_H
#define CONTEST_CONFIG_H

#include <stdint.h>
#include <stdio.h>

enum opt_type {
	OPT_STR,	/* any string */
	OPT_PATH,	/* a path; empty means unset */
	OPT_INT,	/* a non-negative integer */
	OPT_BOOL,	/* yes/no, true/false, 1/0, on/off */
	OPT_SIZE,	/* 64M, 2G, 4096, 110% (of RAM); empty means unset */
	OPT_DURATION,	/* 3, 3s, 500ms, 2m */
	OPT_DOUBLE,	/* a non-negative decimal number; empty means unset */
	OPT_LIST,	/* words separated by spaces or commas */
	OPT_ENUM,	/* one of the words in choices */
	OPT_METRIC,	/* lib/metric-spec.h's spec; may be set several times, each kept */
};

/* how many OPT_METRIC values a config holds */
#define CONFIG_METRICS_MAX 4

struct config_option {
	const char *name;
	enum opt_type type;
	const char *def;	/* default, as it would be written in a file */
	const char *help;	/* one line */
	const char *choices;	/* OPT_ENUM: "a|b|c" */
	/* OPT_INT, OPT_DOUBLE (seconds for OPT_DURATION): the allowed range,
	 * checked with FILE:LINE as the value is read; none when min == max */
	double min, max;
};

/* a [NAME] section: its keys (NULL: a section with no keys of its own) */
struct config_section {
	const char *name;
	const struct config_option *options;
};

struct config;

/* the top-level keys */
extern const struct config_option config_options[];

/* A config accepting the top-level keys and the given sections ({NULL}-name
 * terminated, kept by pointer; an OPT_LIST value's words must name sections) */
struct config *config_new(const struct config_section *sections);
void config_free(struct config *cfg);

/*
 * Parse a file into cfg: a regular file of at most 1 MiB, lines of at most
 * 4096 bytes, a UTF-8 byte-order mark skipped (anything else is refused
 * before it is read). Errors are printed as "FILE:LINE: message";
 * returns 0, or -1 on the first bad line (cfg is then unusable).
 * missing_ok: a missing file is not an error.
 */
int config_load_file(struct config *cfg, const char *path, int missing_ok);
/* Load contest.conf from the current directory, else the one installed
 * beside the binary (BINDIR/../share/contest), else CONTEST_DATADIR's;
 * none present is fine: the table's defaults hold. */
int config_load_default(struct config *cfg);
/* Parse one -s KEY=VALUE (KEY may be LOAD.KEY); -1 with a message naming it */
int config_set_arg(struct config *cfg, const char *arg);
/* Set one key programmatically (origin names it in messages) */
int config_set(struct config *cfg, const char *section, const char *key,
	       const char *value, const char *origin);

/* Raw value of a key (section NULL for top level), the default when unset */
const char *config_str(const struct config *cfg, const char *section, const char *key);
long long config_int(const struct config *cfg, const char *section, const char *key);
int config_bool(const struct config *cfg, const char *section, const char *key);
double config_double(const struct config *cfg, const char *section, const char *key);
/* duration in seconds */
double config_duration(const struct config *cfg, const char *section, const char *key);
/* size in bytes; % resolves against ram; 0 when unset (empty) */
uint64_t config_size(const struct config *cfg, const char *section,
		     const char *key, uint64_t ram);
/* every non-empty value of an OPT_METRIC key (top level), in the order
 * set, and where each came from; how many (at most CONFIG_METRICS_MAX) */
size_t config_all(const struct config *cfg, const char *key, const char **values,
		  const char **origins);
/* "where the value came from": "FILE:LINE", "-s", or "default" */
const char *config_origin(const struct config *cfg, const char *section, const char *key);

/* "RAM" for % sizes: ram when set, else mem_limit when set, else MemTotal */
uint64_t config_ram(const struct config *cfg);

/* Print every key with its value in force, "key = value" lines and [LOAD] sections */
void config_dump(const struct config *cfg, FILE *out);

/* Parsers, exposed for tests and for other modules. 0 or -1. */
int parse_size(const char *s, uint64_t ram, uint64_t *out);
int parse_duration(const char *s, double *out);
int parse_bool(const char *s, int *out);
/* Split a command line into words as a shell would: quotes and backslashes
 * honoured, no expansion. Returns a NULL-terminated malloc'd argv (free with
 * argv_free), or NULL with *err set to a static message. */
char **split_words(const char *s, const char **err);
void argv_free(char **argv);
/* Split an OPT_LIST value into words (spaces or commas) */
char **split_list(const char *s);

#endif
