/* t-config-shipped.c - the shipped configuration files against the options tables
 *
 * contest.conf must hold every key of config_keys[] and of every load's
 * options table, each once, in its own section, set to the table's default;
 * its [LOAD] sections come in canonical order. Every configs/ profile must
 * load; quick.conf must run every load; contest.1 must document every key
 * and state the table's default for it. Runs from the repository root.
 */
#include "record/config-keys.h"
#include "lib/config.h"
#include "loads/loads.h"
#include "lib/util.h"
#include "tap.h"

#include <glob.h>
#include <regex.h>
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

/* the origin of option o of section (NULL top level): of its field */
static const char *origin_of(const struct config *cfg, const char *section,
			     const struct config_option *o)
{
	return config_origin(cfg, (const char *)config_values(cfg, section) + o->off);
}

/* every key of table once in section of contest.conf, with the default as its value */
static void check_table(const struct key_lines *kl, const struct config *cfg,
			const char *section, const struct config_option *table)
{
	for (const struct config_option *o = table; o && o->name; o++) {
		const char *origin = cfg ? origin_of(cfg, section, o) : "";
		int n = count_key(kl, section, o->name);

		ok(n == 1, "contest.conf: %s%s%s = appears once in the %s (%d times)",
		   section ? section : "", section ? "." : "", o->name, section_name(section), n);
		if (!cfg)
			continue;
		is_str(config_text(cfg, section, o), o->def,
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
	struct config *cfg = contest_config_new();
	struct key_lines kl;
	int loaded = config_load_file(cfg, "contest.conf", 0) == 0;
	size_t i, unknown = 0;
	int order_ok = 1, last = -1;

	ok(loaded, "contest.conf loads");
	scan_file("contest.conf", &kl);
	ok(kl.n > 0 && kl.malformed == 0, "contest.conf: %zu key lines, %d malformed", kl.n, kl.malformed);

	check_table(&kl, loaded ? cfg : NULL, NULL, config_keys);
	for (i = 0; load_table[i]; i++)
		check_table(&kl, loaded ? cfg : NULL, load_table[i]->name, load_table[i]->options);

	/* nothing in the file that the tables do not know (config_load_file checks
	 * too; this names the line when the text and the parser disagree) */
	for (i = 0; i < kl.n; i++) {
		const struct load *l = kl.v[i].section ? load_find(kl.v[i].section) : NULL;
		const struct config_option *table = kl.v[i].section ? (l ? l->options : NULL)
								    : config_keys;

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
		struct config *cfg = contest_config_new();

		ok(config_load_file(cfg, wanted[i], 0) == 0, "%s loads", wanted[i]);
		config_free(cfg);
	}
	/* and any other profile someone adds */
	if (glob("configs/*.conf", 0, NULL, &g) == 0) {
		for (i = 0; i < g.gl_pathc; i++) {
			struct config *cfg = contest_config_new();
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
	struct config *cfg = contest_config_new();
	char **words = NULL;
	size_t i, n = 0, ntable = 0;
	int same = 1;

	if (config_load_file(cfg, "configs/quick.conf", 0) == 0)
		words = split_list(contest_config(cfg)->main.loads);
	while (words && words[n])
		n++;
	while (load_table[ntable])
		ntable++;
	for (i = 0; i < ntable && i < n; i++)
		if (strcmp(words[i], load_table[i]->name))
			same = 0;
	ok(ntable == 14, "the load table has 14 loads (%zu)", ntable);
	ok(words && n == ntable && same, "quick.conf: loads lists all %zu loads in canonical order (%zu listed)",
	   ntable, n);
	ok(!strncmp(config_origin(cfg, &contest_config(cfg)->main.loads), "configs/quick.conf:", 19),
	   "quick.conf: loads is set by the file (origin %s)",
	   config_origin(cfg, &contest_config(cfg)->main.loads));
	argv_free(words);
	config_free(cfg);
}

/* a growing string */
struct text {
	char *buf;
	size_t len;
};

static void text_add(struct text *t, const char *s, size_t n)
{
	t->buf = xrealloc(t->buf, t->len + n + 1);
	memcpy(t->buf + t->len, s, n);
	t->len += n;
	t->buf[t->len] = '\0';
}

/* the lines of text, split in place; a NULL-terminated array to free */
static char **split_lines(char *text)
{
	char **v = NULL, *line;
	size_t n = 0;

	while ((line = strsep(&text, "\n"))) {
		v = xrealloc(v, (n + 2) * sizeof(*v));
		v[n++] = line;
	}
	if (v)
		v[n] = NULL;
	return v;
}

/* append one troff line as text: .B/.I words, .BR-style tokens run together */
static void man_text(struct text *out, const char *line)
{
	static const char *const alternating[] = { ".BR ", ".IR ", ".RB ", ".RI ", ".IB ", ".BI " };
	int joined = 0;
	const char *p = line;

	for (size_t i = 0; i < ARRAY_SIZE(alternating); i++)
		if (!strncmp(line, alternating[i], 4))
			joined = 1, p = line + 4;
	if (!joined && (!strncmp(line, ".B ", 3) || !strncmp(line, ".I ", 3)))
		p = line + 3;
	else if (!joined && *line == '.')
		return;	/* another request: no text */
	if (out->len)
		text_add(out, " ", 1);
	for (; *p; p++) {
		if (*p == '"' || (joined && *p == ' '))
			continue;
		if (p[0] == '\\' && p[1] == '-')
			text_add(out, "-", 1), p++;
		else if (p[0] == '\\' && p[1] == '&')
			p++;
		else if (!strncmp(p, "\\(mu", 4))
			text_add(out, "x", 1), p += 3;
		else
			text_add(out, p, 1);
	}
}

/*
 * The text of key's entry in contest.1: after its ".B key" line (under .TP
 * or .TQ) and the .TQ keys grouped with it, to the next .TP, .SH or .SS.
 * *pos: key's place in its .TQ group (0 alone). NULL when there is none.
 */
static char *man_entry(char **lines, const char *key, int *pos)
{
	char *want = xasprintf(".B %s", key);
	struct text out = { NULL, 0 };
	size_t i;

	for (i = 1; lines[i]; i++)
		if (!strcmp(lines[i], want) && (!strcmp(lines[i - 1], ".TP") || !strcmp(lines[i - 1], ".TQ")))
			break;
	free(want);
	if (!lines[i])
		return NULL;
	*pos = 0;
	for (size_t j = i - 1; j >= 2 && !strcmp(lines[j], ".TQ"); j -= 2)
		(*pos)++;
	for (i++; lines[i] && (!strcmp(lines[i], ".TQ") || !strncmp(lines[i], ".B ", 3)) &&
	     (!strcmp(lines[i], ".TQ") || !strcmp(lines[i - 1], ".TQ")); i++)
		;
	for (; lines[i] && strncmp(lines[i], ".TP", 3) && strncmp(lines[i], ".SH", 3) &&
	     strncmp(lines[i], ".SS", 3); i++)
		man_text(&out, lines[i]);
	return out.buf ? out.buf : xstrdup("");
}

/* the first match of the extended regex re in text: its group 1 (malloc'd), or NULL */
static char *match1(const char *text, const char *re)
{
	regex_t rx;
	regmatch_t m[2];
	char *got = NULL;

	if (regcomp(&rx, re, REG_EXTENDED) != 0)
		return NULL;
	if (regexec(&rx, text, 2, m, 0) == 0 && m[1].rm_so >= 0)
		got = xasprintf("%.*s", (int)(m[1].rm_eo - m[1].rm_so), text + m[1].rm_so);
	regfree(&rx);
	return got;
}

/* word n (0-based) of the " and "-separated list s, or of the "(...)" groups of s */
static char *nth_of(const char *s, const char *sep, int n)
{
	const char *p = s;

	for (int k = 0; k < n && p; k++)
		p = strstr(p, sep) ? strstr(p, sep) + strlen(sep) : NULL;
	if (!p)
		return NULL;
	return xasprintf("%.*s", (int)strcspn(p, !strcmp(sep, " and ") ? " )" : ")"), p);
}

/*
 * The default contest.1 states in an entry (malloc'd; "" for "empty: ..."
 * or "empty, the default"), or NULL when it states none. Its phrasings:
 * "(default V)", "; default V)", "V (default)", "V, the default", and for
 * a .TQ group "(defaults A and B)" or one "(V)" per key.
 */
static char *man_default(const char *text, int pos)
{
	char *v, *colon;

	if ((v = match1(text, "\\(defaults ([^)]*)\\)"))) {
		char *w = nth_of(v, " and ", pos);

		free(v);
		return w;
	}
	if (pos > 0 || strstr(text, "), ")) {
		const char *p = text;

		for (int k = 0; k <= pos && p; k++)
			p = strchr(p, '(') ? strchr(p, '(') + 1 : NULL;
		if (p && strchr(p, ')') && (v = nth_of(p, ")", 0))) {
			if (!strncmp(v, "default ", 8))
				memmove(v, v + 8, strlen(v + 8) + 1);
			if (!strchr(v, ' ') && pos > 0)
				return v;
			free(v);
		}
	}
	if ((v = match1(text, "[(;] ?default ([^);]+)"))) {
		if ((colon = strrchr(v, ':')) && colon[1] == ' ')
			memmove(v, colon + 2, strlen(colon + 2) + 1);
		return v;
	}
	if ((v = match1(text, "([^ ]+) \\(default\\)")))
		return v;
	if ((v = match1(text, "([^ ]+), the default"))) {
		if (!strcmp(v, "empty"))
			v[0] = '\0';
		return v;
	}
	if (strstr(text, "empty: ") || strstr(text, "Empty: "))
		return xstrdup("");
	return NULL;
}

static void check_man_default(char **lines, const char *section, const struct config_option *o)
{
	char *key = section ? xasprintf("%s.%s", section, o->name) : xstrdup(o->name);
	int pos = 0;
	char *text = man_entry(lines, key, &pos), *doc = text ? man_default(text, pos) : NULL;

	if (doc)
		is_str(doc, o->def, "contest.1: %s's default is the table's '%s'", key, o->def);
	else
		ok(text && !*o->def, "contest.1: %s states no default, and the table has none ('%s')",
		   key, o->def);
	free(doc);
	free(text);
	free(key);
}

/* contest.1 documents every key: a ".B key" line, ".B LOAD.key" for a load's */
static void test_man_page(void)
{
	char *text = read_text_file("contest.1", NULL), **lines;
	size_t i, missing = 0;

	ok(text != NULL, "contest.1 is readable");
	if (!text)
		return;
	for (const struct config_option *o = config_keys; o->name; o++) {
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
	lines = split_lines(text);
	for (const struct config_option *o = config_keys; o->name; o++)
		check_man_default(lines, NULL, o);
	for (i = 0; load_table[i]; i++)
		for (const struct config_option *o = load_table[i]->options; o && o->name; o++)
			check_man_default(lines, load_table[i]->name, o);
	free(lines);
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
