/* env.c - the env file read back: parsed once, its typed record, its differences (see env.h) */
#include "record/env.h"
#include "sys/knob.h"
#include "lib/config.h"
#include "lib/testhook.h"
#include "lib/util.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>



#define ENV_KEY_L_(field, flags, knob) \
	{ #field, #field, 0, flags, knob, offsetof(struct env_record, field) },
#define ENV_KEY_C_(field, flags) \
	{ ENV_CONFIG_PREFIX #field, #field, 1, flags, NULL, offsetof(struct env_record, config.field) },
const struct env_key env_keys[ENV_NKEYS] = { ENV_KEYS(ENV_KEY_L_, ENV_KEY_C_) };

/*
 * One line of an env text, pointing into the parsed copy: a fingerprint
 * line (section NULL, key "host"), or a config line (section "" for the
 * top, else its [section]), whose name is "config.KEY" or
 * "config.SECTION.KEY" without that string ever being made: a lab's
 * compare parses thousands of env files.
 */
struct env_kv {
	const char *section, *key, *value;
};

struct env {
	char *text;		/* the parsed copy the lines point into */
	struct env_kv *v;
	size_t n, alloc;
	/* each name's first line, by hash: 1 + its index, 0 free; a power
	 * of two of them, at most half full */
	unsigned *index;
	size_t index_size;
	struct env_record rec;	/* the table's keys, pointing into v */
};

static void env_add(struct env *e, const char *section, const char *key, const char *value)
{
	if (e->n == e->alloc) {
		e->alloc = e->alloc ? 2 * e->alloc : 32;
		e->v = xrealloc(e->v, e->alloc * sizeof(*e->v));
	}
	e->v[e->n++] = (struct env_kv){ section, key, value };
}

/* one config line: "[section]" or "key = value" */
static void env_config_line(struct env *e, char *line, const char **section)
{
	char *eq = strchr(line, '='), *end = line + strlen(line);

	if (line[0] == '[' && end > line + 1 && end[-1] == ']') {
		end[-1] = '\0';
		*section = line + 1;
		return;
	}
	if (!eq)
		return;
	*eq = '\0';
	env_add(e, *section, trim(line), trim(eq + 1));
}

/* is kv the line called name ("host", "config.KEY", "config.SECTION.KEY")? */
static int kv_is(const struct env_kv *kv, const char *name)
{
	size_t len;

	if (!kv->section)
		return !strcmp(kv->key, name);
	if (strncmp(name, ENV_CONFIG_PREFIX, strlen(ENV_CONFIG_PREFIX)))
		return 0;
	name += strlen(ENV_CONFIG_PREFIX);
	len = strlen(kv->section);
	if (len && (strncmp(name, kv->section, len) || name[len] != '.'))
		return 0;
	return !strcmp(name + (len ? len + 1 : 0), kv->key);
}

/* do a and b name the same line? */
static int kv_same_name(const struct env_kv *a, const struct env_kv *b)
{
	if (!a->section != !b->section || strcmp(a->key, b->key))
		return 0;
	return !a->section || !strcmp(a->section, b->section);
}

/* kv's name, malloc'd */
static char *kv_name(const struct env_kv *kv)
{
	if (!kv->section)
		return xstrdup(kv->key);
	return xasprintf(ENV_CONFIG_PREFIX "%s%s%s", kv->section, *kv->section ? "." : "", kv->key);
}

static unsigned *index_slot(const struct env *e, const struct env_kv *kv);

const char *env_get(const struct env *e, const char *key)
{
	if (e && strncmp(key, ENV_CONFIG_PREFIX, strlen(ENV_CONFIG_PREFIX))) {	/* a machine's line: by the index */
		struct env_kv kv = { .key = key };
		unsigned at = *index_slot(e, &kv);

		return at ? e->v[at - 1].value : NULL;
	}
	for (size_t i = 0; e && i < e->n; i++)
		if (kv_is(&e->v[i], key))
			return e->v[i].value;
	return NULL;
}

/* the hash of kv's name: whether it has a section, the section, the key */
static size_t kv_hash(const struct env_kv *kv)
{
	const char *section = kv->section ? kv->section : "";
	unsigned char has = kv->section != NULL;
	uint64_t h = hash_bytes(HASH_START, &has, 1);

	h = hash_bytes(h, section, strlen(section) + 1);
	return (size_t)hash_bytes(h, kv->key, strlen(kv->key) + 1);
}

/* the slot of kv's name in e's index: the first line of it, or a free slot */
static unsigned *index_slot(const struct env *e, const struct env_kv *kv)
{
	size_t i = kv_hash(kv) & (e->index_size - 1);

	while (e->index[i] && !kv_same_name(&e->v[e->index[i] - 1], kv))
		i = (i + 1) & (e->index_size - 1);
	return &e->index[i];
}

static void env_index(struct env *e)
{
	for (e->index_size = 16; e->index_size < 2 * e->n;)
		e->index_size *= 2;
	e->index = xcalloc(e->index_size, sizeof(*e->index));
	for (size_t i = 0; i < e->n; i++) {
		unsigned *slot = index_slot(e, &e->v[i]);

		if (!*slot)	/* a line named twice: the first counts */
			*slot = (unsigned)i + 1;
	}
}

/* b's first line of kv's name, NULL when none */
static const struct env_kv *env_find(const struct env *b, const struct env_kv *kv)
{
	unsigned at = *index_slot(b, kv);

	return at ? &b->v[at - 1] : NULL;
}

/* the record: each key of the table by the index (a config key's line is
 * the top section's) */
static void env_fill(struct env *e)
{
	for (size_t i = 0; i < ENV_NKEYS; i++) {
		struct env_kv kv = { env_keys[i].config ? "" : NULL, env_keys[i].key, NULL };
		const struct env_kv *at = env_find(e, &kv);

		*(const char **)((char *)&e->rec + env_keys[i].offset) = at ? at->value : NULL;
	}
}

const struct env_record *env_record(const struct env *e)
{
	static const struct env_record none;

	return e ? &e->rec : &none;
}

const char *env_value(const struct env *e, enum env_id id)
{
	return *(const char *const *)((const char *)env_record(e) + env_keys[id].offset);
}

const struct env_key *env_key_named(const char *name)
{
	for (size_t i = 0; i < ENV_NKEYS; i++)
		if (!strcmp(env_keys[i].name, name))
			return &env_keys[i];
	return NULL;
}

struct env *env_parse(const char *text, int with_config)
{
	struct env *e = xcalloc(1, sizeof(*e));
	char *line, *save = NULL;
	const char *section = NULL;	/* NULL: above "config:" */

	test_count("env-parse");
	e->text = xstrdup(text ? text : "");
	for (line = strtok_r(e->text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *t = trim(line), *colon;

		if (!*t || *t == '#')
			continue;
		if (!section && !strcmp(t, ENV_CONFIG_MARK)) {
			if (!with_config)
				break;
			section = "";
		} else if (section) {
			env_config_line(e, t, &section);
		} else if ((colon = strchr(t, ':'))) {
			*colon = '\0';
			env_add(e, NULL, trim(t), trim(colon + 1));
		}
	}
	env_index(e);
	env_fill(e);
	return e;
}

void env_free(struct env *e)
{
	if (!e)
		return;
	free(e->v);
	free(e->index);
	free(e->text);
	free(e);
}

/* a key machine comparisons ignore (see env.h) */
static int ignored(const char *name)
{
	const struct env_key *k = env_key_named(name);

	return k && (k->flags & ENV_IGNORED);
}

/*
 * MemTotal moves a little from kernel to kernel (reserved memory, the
 * kernel's own size), so byte counts within 4 MiB are the same machine;
 * more is a different memory size, as mem=1008m against mem=1024m (16 MiB)
 * in the 2002 posts, and must be seen.
 */
#define SAME_BYTES (4.0 * 1024 * 1024)

static int same_value(const char *name, const char *a, const char *b)
{
	const struct env_key *k;

	if (!strcmp(a, b))
		return 1;
	if (!(k = env_key_named(name)) || !(k->flags & ENV_BYTES))
		return 0;
	return fabs(strtod(a, NULL) - strtod(b, NULL)) <= SAME_BYTES;
}

/*
 * A user-mode-linux guest's MemTotal moves by several MiB from boot to
 * boot at the same mem= (seen: 1011 to 1018 MB at mem=1024M, three
 * boots), more than SAME_BYTES. Two runs in guests were given their memory
 * by guest_mem: the machine's memory differs exactly when that does.
 */
static int same_memtotal(const struct env *a, const struct env *b, const char *va,
			 const char *vb)
{
	return fingerprint_same_memory(va, a->rec.guest_mem, vb, b->rec.guest_mem);
}

int fingerprint_same_memory(const char *mem_a, const char *guest_mem_a, const char *mem_b,
			    const char *guest_mem_b)
{
	if (guest_mem_a && guest_mem_b)
		return !strcmp(guest_mem_a, guest_mem_b);
	return same_value(ENV_KEY(memtotal), mem_a, mem_b);
}

int env_differences(const struct env *a, const struct env *b, char ***keys_out)
{
	char **keys = xcalloc(1, sizeof(*keys));
	int n = 0;

	for (size_t i = 0; i < a->n; i++) {
		const struct env_kv *kv = &a->v[i], *in_b = env_find(b, kv);
		int memtotal = !kv->section && !strcmp(kv->key, ENV_KEY(memtotal));
		char *name;

		/* most lines are equal: their name is made only when they differ */
		if (!in_b || (memtotal ? same_memtotal(a, b, kv->value, in_b->value) :
			      !strcmp(kv->value, in_b->value)))
			continue;
		name = kv_name(kv);
		if (ignored(name) || (!memtotal && same_value(name, kv->value, in_b->value))) {
			free(name);
			continue;
		}
		keys = xrealloc(keys, (size_t)(n + 2) * sizeof(*keys));
		keys[n++] = name;
		keys[n] = NULL;
	}
	if (keys_out)
		*keys_out = keys;
	else
		fingerprint_keys_free(keys);
	return n;
}

/* a word "PATH=VALUE" of e's knobs line has a PATH ending in end */
static int knob_sets(const struct env *e, const char *end)
{
	const char *line = e->rec.knobs;
	char **words = line ? knob_line_words(line) : NULL;
	size_t elen = strlen(end);
	int sets = 0;

	for (size_t i = 0; words && words[i] && !sets; i++) {
		size_t path = strcspn(words[i], "=");

		sets = words[i][path] && path >= elen && !strncmp(words[i] + path - elen, end, elen);
	}
	argv_free(words);
	return sets;
}

/* e's run_sets line ("KEY KEY ...", a variant's --set keys) has config.KEY's KEY */
static int set_by_variant(const struct env *e, const char *key)
{
	const char *line = e->rec.run_sets;
	size_t len;

	if (!line || strncmp(key, ENV_CONFIG_PREFIX, strlen(ENV_CONFIG_PREFIX)))
		return 0;
	key += strlen(ENV_CONFIG_PREFIX);
	len = strlen(key);
	for (const char *p = line; *p; p += strcspn(p, " "), p += strspn(p, " "))
		if (!strncmp(p, key, len) && (p[len] == ' ' || !p[len]))
			return 1;
	return 0;
}

int env_key_from_knobs(const struct env *a, const struct env *b, const char *key)
{
	const struct env_key *k = env_key_named(key);

	if (!strcmp(key, ENV_KEY(knobs)) || set_by_variant(a, key) || set_by_variant(b, key))
		return 1;
	return k && k->knob_path_end &&
	       (knob_sets(a, k->knob_path_end) || knob_sets(b, k->knob_path_end));
}

int fingerprint_differences(const char *env_a, const char *env_b, char ***keys_out)
{
	struct env *a = env_parse(env_a, 1), *b = env_parse(env_b, 1);
	int n = env_differences(a, b, keys_out);

	env_free(a);
	env_free(b);
	return n;
}

void fingerprint_keys_free(char **keys)
{
	for (size_t i = 0; keys && keys[i]; i++)
		free(keys[i]);
	free(keys);
}
