/* t-conffile.c - the shipped configuration files against the options tables
 *
 * contest.conf must hold every key of config_options[] and of every load's
 * options table, each once, in its own section, set to the table's default;
 * its [LOAD] sections come in canonical order. Every configs/ profile must
 * load; quick.conf must run every load; contest.1 must document every key.
 * Runs from the repository root.
 */
#include "lib/config.h"
#include "loads/loads.h"
#include "lib/util.h"
#include "tap.h"

#include <glob.h>
#include <stdlib.h>
#include <string.h>

/* one "key = value" line of a file, as the text says it */
struct key_line {
	char *section;		/* NULL: top level */
	char *key;
	int line;
};

struct key_lines {
	struct key_line *v;
	size_t n;
	char **sections;	/* the [LOAD] headers, in file order */
	size_t nsections;
	int malformed;		/* lines that are none of blank, comment, header, key = value */
};

static void scan_file(const char *path, struct key_lines *kl)
{
	char *text = read_text_file(path, NULL), *p, *section = NULL;
	int lineno = 0;

	memset(kl, 0, sizeof(*kl));
	if (!text)
		return;
	for (p = text; p && *p;) {
		char *nl = strchr(p, '\n'), *s, *eq;

		if (nl)
			*nl = '\0';
		lineno++;
		s = trim(p);
		p = nl ? nl + 1 : NULL;
		if (!*s || *s == '#' || *s == ';')
			continue;
		if (*s == '[') {
			char *close = strchr(s, ']');

			if (!close) {
				kl->malformed++;
				continue;
			}
			*close = '\0';
			section = trim(s + 1);
			kl->sections = xrealloc(kl->sections, (kl->nsections + 1) * sizeof(char *));
			kl->sections[kl->nsections++] = xstrdup(section);
			continue;
		}
		eq = strchr(s, '=');
		if (!eq) {
			kl->malformed++;
			continue;
		}
		*eq = '\0';
		kl->v = xrealloc(kl->v, (kl->n + 1) * sizeof(*kl->v));
		kl->v[kl->n].section = section ? xstrdup(section) : NULL;
		kl->v[kl->n].key = xstrdup(trim(s));
		kl->v[kl->n].line = lineno;
		kl->n++;
	}
	free(text);
}

static void key_lines_release(struct key_lines *kl)
{
	for (size_t i = 0; i < kl->n; i++) {
		free(kl->v[i].section);
		free(kl->v[i].key);
	}
	for (size_t i = 0; i < kl->nsections; i++)
		free(kl->sections[i]);
	free(kl->v);
	free(kl->sections);
}

static int same_section(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* how many times key appears in section (NULL: top level) */
static int count_key(const struct key_lines *kl, const char *section, const char *key)
{
	int n = 0;

	for (size_t i = 0; i < kl->n; i++)
		if (same_section(kl->v[i].section, section) && !strcmp(kl->v[i].key, key))
			n++;
	return n;
}

static const char *section_name(const char *section)
{
	return section ? section : "top level";
}

/* every key of table once in section of contest.conf, with the default as its value */
static void check_table(const struct key_lines *kl, const struct config *cfg,
			const char *section, const struct config_option *table)
{
	for (const struct config_option *o = table; o && o->name; o++) {
		const char *origin = cfg ? config_origin(cfg, section, o->name) : "";
		int n = count_key(kl, section, o->name);

		ok(n == 1, "contest.conf: %s%s%s = appears once in the %s (%d times)",
		   section ? section : "", section ? "." : "", o->name, section_name(section), n);
		if (!cfg)
			continue;
		is_str(config_str(cfg, section, o->name), o->def,
		       "contest.conf: %s%s%s is the table's default '%s'",
		       section ? section : "", section ? "." : "", o->name, o->def);
		ok(!strncmp(origin, "contest.conf:", strlen("contest.conf:")),
		   "contest.conf: %s%s%s is set by the file (origin %s)",
		   section ? section : "", section ? "." : "", o->name, origin);
	}
}

static int in_table(const struct config_option *table, const char *key)
{
	for (const struct config_option *o = table; o && o->name; o++)
		if (!strcmp(o->name, key))
			return 1;
	return 0;
}

static void test_contest_conf(void)
{
	struct config *cfg = config_new(load_sections());
	struct key_lines kl;
	int loaded = config_load_file(cfg, "contest.conf", 0) == 0;
	size_t i, unknown = 0;
	int order_ok = 1, last = -1;

	ok(loaded, "contest.conf loads");
	scan_file("contest.conf", &kl);
	ok(kl.n > 0 && kl.malformed == 0, "contest.conf: %zu key lines, %d malformed", kl.n, kl.malformed);

	check_table(&kl, loaded ? cfg : NULL, NULL, config_options);
	for (i = 0; load_table[i]; i++)
		check_table(&kl, loaded ? cfg : NULL, load_table[i]->name, load_table[i]->options);

	/* nothing in the file that the tables do not know (config_load_file checks
	 * too; this names the line when the text and the parser disagree) */
	for (i = 0; i < kl.n; i++) {
		const struct load *l = kl.v[i].section ? load_find(kl.v[i].section) : NULL;
		const struct config_option *table = kl.v[i].section ? (l ? l->options : NULL)
								    : config_options;

		if (!in_table(table, kl.v[i].key)) {
			unknown++;
			printf("# contest.conf:%d: '%s' is no key of the %s\n", kl.v[i].line,
			       kl.v[i].key, section_name(kl.v[i].section));
		}
	}
	ok(unknown == 0, "contest.conf: every key line names a key of its section's table");

	/* one [LOAD] header per load, in canonical order */
	for (i = 0; i < kl.nsections; i++) {
		int idx = -1;

		for (int j = 0; load_table[j]; j++)
			if (!strcmp(load_table[j]->name, kl.sections[i]))
				idx = j;
		if (idx <= last)
			order_ok = 0;
		last = idx;
	}
	i = 0;
	while (load_table[i])
		i++;
	ok(order_ok && kl.nsections == i,
	   "contest.conf: one [LOAD] section per load (%zu of %zu), in canonical order",
	   kl.nsections, i);

	key_lines_release(&kl);
	config_free(cfg);
}

static void test_profiles(void)
{
	static const char *const wanted[] = {
		"configs/quick.conf", "configs/classic.conf", "configs/mm-pressure.conf",
	};
	glob_t g;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(wanted); i++) {
		struct config *cfg = config_new(load_sections());

		ok(config_load_file(cfg, wanted[i], 0) == 0, "%s loads", wanted[i]);
		config_free(cfg);
	}
	/* and any other profile someone adds */
	if (glob("configs/*.conf", 0, NULL, &g) == 0) {
		for (i = 0; i < g.gl_pathc; i++) {
			struct config *cfg = config_new(load_sections());
			size_t j;
			int known = 0;

			for (j = 0; j < ARRAY_SIZE(wanted); j++)
				known |= !strcmp(g.gl_pathv[i], wanted[j]);
			if (!known)
				ok(config_load_file(cfg, g.gl_pathv[i], 0) == 0, "%s loads", g.gl_pathv[i]);
			config_free(cfg);
		}
		globfree(&g);
	}
}

/* quick.conf runs every load of the table, in canonical order */
static void test_quick_loads(void)
{
	struct config *cfg = config_new(load_sections());
	char **words = NULL;
	size_t i, n = 0, ntable = 0;
	int same = 1;

	if (config_load_file(cfg, "configs/quick.conf", 0) == 0)
		words = split_list(config_str(cfg, NULL, "loads"));
	while (words && words[n])
		n++;
	while (load_table[ntable])
		ntable++;
	for (i = 0; i < ntable && i < n; i++)
		if (strcmp(words[i], load_table[i]->name))
			same = 0;
	ok(ntable == 13, "the load table has 13 loads (%zu)", ntable);
	ok(words && n == ntable && same, "quick.conf: loads lists all %zu loads in canonical order (%zu listed)",
	   ntable, n);
	ok(!strncmp(config_origin(cfg, NULL, "loads"), "configs/quick.conf:", 19),
	   "quick.conf: loads is set by the file (origin %s)", config_origin(cfg, NULL, "loads"));
	argv_free(words);
	config_free(cfg);
}

/* contest.1 documents every key: a ".B key" line, ".B LOAD.key" for a load's */
static void test_man_page(void)
{
	char *text = read_text_file("contest.1", NULL);
	size_t i, missing = 0;

	ok(text != NULL, "contest.1 is readable");
	if (!text)
		return;
	for (const struct config_option *o = config_options; o->name; o++) {
		char *want = xasprintf("\n.B %s\n", o->name);

		if (!strstr(text, want)) {
			missing++;
			printf("# contest.1: no '.B %s' line\n", o->name);
		}
		free(want);
	}
	for (i = 0; load_table[i]; i++) {
		for (const struct config_option *o = load_table[i]->options; o && o->name; o++) {
			char *want = xasprintf("\n.B %s.%s\n", load_table[i]->name, o->name);

			if (!strstr(text, want)) {
				missing++;
				printf("# contest.1: no '.B %s.%s' line\n", load_table[i]->name, o->name);
			}
			free(want);
		}
	}
	ok(missing == 0, "contest.1 documents every key (%zu missing)", missing);
	free(text);
}

int main(void)
{
	test_contest_conf();
	test_profiles();
	test_quick_loads();
	test_man_page();
	return tap_done();
}
