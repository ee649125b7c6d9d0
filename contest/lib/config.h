/* config.h - the one options table behind contest.conf, -c CONF and -s KEY=VALUE
 *
 * Every key is described once (struct config_option). Files and -s are parsed
 * against those tables: the top-level keys and the sections the config is
 * handed when made (struct config_section: the loads, each with
 * its own keys, written [LOAD] / key = value in a file or LOAD.key=value
 * with -s). config knows nothing of loads, nor of any key, beyond those
 * tables: the product's keys are its callers' (record/config-keys.c, each
 * load's file). Each key's value is kept as the validated text (what
 * config_dump prints, byte for byte as given) and in a field of its
 * section's struct, which a table line names by offset (CONFIG_KEY), as
 * fio's option table does: readers read fields.
 */
#ifndef CONTEST_CONFIG_H
#define CONTEST_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
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

/* OPT_SIZE's field: the value as written ("" when unset), resolved by
 * config_bytes() against the RAM the reader has in force (a % size) */
struct config_size {
	const char *text;
};

/* OPT_DOUBLE's field: the number (0 when unset) and the text as written,
 * which runs.tsv and the env file record */
struct config_real {
	const char *text;
	double value;
};

/* how many OPT_METRIC values a config holds */
#define CONFIG_METRICS_MAX 4

/* OPT_METRIC's field: each non-empty value in the order set (at most
 * CONFIG_METRICS_MAX; a fifth is refused with FILE:LINE) */
struct config_metrics {
	const char *v[CONFIG_METRICS_MAX];
	size_t n;
};

struct config_option {
	const char *name;
	enum opt_type type;
	const char *def;	/* default, as it would be written in a file */
	const char *help;	/* one line */
	const char *choices;	/* OPT_ENUM: "a|b|c" */
	/* OPT_INT, OPT_DOUBLE (seconds for OPT_DURATION): the allowed range,
	 * checked with FILE:LINE as the value is read; none when min == max */
	double min, max;
	size_t off;		/* where its value goes in its section's struct */
};

/*
 * The C type of an opt_type's field in a section's struct: OPT_STR, OPT_PATH,
 * OPT_LIST and OPT_ENUM a string as written (kept by the config), OPT_INT
 * long long, OPT_BOOL bool, OPT_DURATION double seconds, OPT_SIZE and
 * OPT_DOUBLE the structs above.
 */
#define CONFIG_CTYPE_OPT_STR		const char *
#define CONFIG_CTYPE_OPT_PATH		const char *
#define CONFIG_CTYPE_OPT_LIST		const char *
#define CONFIG_CTYPE_OPT_ENUM		const char *
#define CONFIG_CTYPE_OPT_INT		long long
#define CONFIG_CTYPE_OPT_BOOL		_Bool
#define CONFIG_CTYPE_OPT_DURATION	double
#define CONFIG_CTYPE_OPT_SIZE		struct config_size
#define CONFIG_CTYPE_OPT_DOUBLE		struct config_real
#define CONFIG_CTYPE_OPT_METRIC		struct config_metrics

/*
 * One line of a table: key NAME of type TYPE, its value in MEMBER of the
 * section's struct S. A MEMBER S does not have, or of another C type than
 * TYPE's, is a compile error (a negative array size).
 */
#define CONFIG_KEY(S, MEMBER, NAME, TYPE, DEF, HELP, CHOICES, MIN, MAX)			\
	{ NAME, TYPE, DEF, HELP, CHOICES, MIN, MAX,					\
	  offsetof(S, MEMBER) + 0 * sizeof(char[_Generic(((S *)0)->MEMBER,		\
						CONFIG_CTYPE_##TYPE: 1, default: -1)]) }

/* a section: its keys ({NULL}-terminated; NULL: a section with no keys of
 * its own) and the size of the struct they fill; name NULL for the
 * top-level keys */
struct config_section {
	const char *name;
	const struct config_option *options;
	size_t size;
};

struct config;

/* A config of the top-level keys (top) and the sections ({NULL}-name
 * terminated), both kept by pointer; an OPT_LIST value without choices
 * must name sections. Each section's struct is filled with the defaults. */
struct config *config_new(const struct config_section *top, const struct config_section *sections);
void config_free(struct config *cfg);
/* a config of its own with cfg's values and where each came from: what
 * is set in it later leaves cfg as it was */
struct config *config_copy(const struct config *cfg);

/*
 * Parse a file into cfg: a regular file of at most 1 MiB, lines of at most
 * 4096 bytes, a UTF-8 byte-order mark skipped (anything else is refused
 * before it is read). Errors are printed as "FILE:LINE: message";
 * returns 0, or -1 on the first bad line (cfg is then unusable).
 * missing_ok: a missing file is not an error.
 */
int config_load_file(struct config *cfg, const char *path, int missing_ok);
/* the same of text, lines that stand in path from line lineno + 1 on (an
 * env file's config section, for contest rerun) */
int config_load_text(struct config *cfg, const char *text, const char *path, int lineno);
/* Load contest.conf from the current directory, else the one installed
 * beside the binary (BINDIR/../share/contest), else CONTEST_DATADIR's;
 * none present is fine: the table's defaults hold. */
int config_load_default(struct config *cfg);
/* Parse one -s KEY=VALUE (KEY may be LOAD.KEY); -1 with a message naming it */
int config_set_arg(struct config *cfg, const char *arg);

/*
 * The values: the struct of the top-level keys (section NULL) or of a
 * section, kept filled as each key is set (a file, -s, config_set_field),
 * so a reader always sees the values in force. The only way to read a
 * key: a field of it, so a mistyped key is a compile error.
 */
const void *config_values(const struct config *cfg, const char *section);
/* Set the key whose value is field (a field of a config_values() struct of
 * cfg); origin names it in messages */
int config_set_field(struct config *cfg, const void *field, const char *value,
		     const char *origin);
/* "where field's value came from": "FILE:LINE", "-s", or "default" */
const char *config_origin(const struct config *cfg, const void *field);
/* A table walk's: the text of option o (of section, NULL top level) in force */
const char *config_text(const struct config *cfg, const char *section,
			const struct config_option *o);
/* an OPT_SIZE value in bytes; % resolves against ram; 0 when unset (empty) */
uint64_t config_bytes(struct config_size s, uint64_t ram);

/* Print every key with its value in force, "key = value" lines and [LOAD] sections */
void config_dump(const struct config *cfg, FILE *out);
/* the same as text (free it) */
char *config_dump_text(const struct config *cfg);

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
/* Split s at any run of the characters in seps, no quoting; as split_list */
char **split_at(const char *s, const char *seps);

#endif
