/* config.c - parse contest.conf, -c files and -s against the options tables */
#include "lib/config.h"
#include "lib/metric-spec.h"
#include "lib/owner.h"
#include "lib/proc.h"
#include "lib/util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct entry {
	char *section;		/* NULL: top level */
	const struct config_option *opt;
	char *value;
	char *origin;
};

struct config {
	struct entry *v;
	size_t n, alloc;
	const struct config_section *top, *sections;
	void *top_values;	/* top's struct */
	void **values;		/* each section's struct, NULL for one with no keys */
};

static void store(const struct config_option *o, void *values, const char *v);

/* the struct of section (NULL: the top level's), NULL for one with no keys */
static void *section_values(const struct config *cfg, const char *section)
{
	if (!section)
		return cfg->top_values;
	for (size_t i = 0; cfg->sections && cfg->sections[i].name; i++)
		if (!strcmp(cfg->sections[i].name, section))
			return cfg->values[i];
	return NULL;
}

static void *values_new(const struct config_section *s)
{
	void *values;

	if (!s->options)
		return NULL;
	values = xcalloc(1, s->size ? s->size : 1);
	for (const struct config_option *o = s->options; o->name; o++)
		store(o, values, o->def);
	return values;
}

struct config *config_new(const struct config_section *top, const struct config_section *sections)
{
	struct config *cfg = xcalloc(1, sizeof(struct config));
	size_t n = 0;

	cfg->top = top;
	cfg->sections = sections;
	cfg->top_values = values_new(top);
	while (sections && sections[n].name)
		n++;
	cfg->values = xcalloc(n + 1, sizeof(*cfg->values));
	for (size_t i = 0; i < n; i++)
		cfg->values[i] = values_new(&sections[i]);
	return cfg;
}

void config_free(struct config *cfg)
{
	if (!cfg)
		return;
	for (size_t i = 0; i < cfg->n; i++) {
		free(cfg->v[i].section);
		free(cfg->v[i].value);
		free(cfg->v[i].origin);
	}
	free(cfg->v);
	for (size_t i = 0; cfg->sections && cfg->sections[i].name; i++)
		free(cfg->values[i]);
	free(cfg->values);
	free(cfg->top_values);
	free(cfg);
}

struct config *config_copy(const struct config *cfg)
{
	struct config *c = config_new(cfg->top, cfg->sections);

	c->alloc = cfg->n;
	c->v = xcalloc(c->alloc + 1, sizeof(*c->v));
	/* each value set again in its order: a later one wins, metrics add up */
	for (size_t i = 0; i < cfg->n; i++) {
		const struct entry *from = &cfg->v[i];
		struct entry *e = &c->v[c->n++];

		e->section = from->section ? xstrdup(from->section) : NULL;
		e->opt = from->opt;
		e->value = xstrdup(from->value);
		e->origin = xstrdup(from->origin);
		store(e->opt, section_values(c, e->section), e->value);
	}
	return c;
}

static const struct config_option *find_in(const struct config_option *table, const char *key)
{
	for (; table && table->name; table++)
		if (!strcmp(table->name, key))
			return table;
	return NULL;
}

static const struct config_section *find_section(const struct config *cfg, const char *name)
{
	for (const struct config_section *s = cfg ? cfg->sections : NULL; s && s->name; s++)
		if (!strcmp(s->name, name))
			return s;
	return NULL;
}

static const struct config_option *find_option(const struct config *cfg, const char *section,
					       const char *key)
{
	const struct config_section *s;

	if (!section)
		return find_in(cfg->top->options, key);
	s = find_section(cfg, section);
	return s ? find_in(s->options, key) : NULL;
}

static struct entry *find_entry(const struct config *cfg, const char *section, const char *key)
{
	/* the last one set wins; walk from the end */
	for (size_t i = cfg->n; i-- > 0;) {
		struct entry *e = &cfg->v[i];

		if (strcmp(e->opt->name, key))
			continue;
		if ((!section && !e->section) || (section && e->section && !strcmp(section, e->section)))
			return e;
	}
	return NULL;
}

/* is v one of the words of choices ("a|b|c")? */
static int in_choices(const char *c, const char *v)
{
	size_t len = strlen(v);

	while (c && *c) {
		const char *bar = strchr(c, '|');
		size_t clen = bar ? (size_t)(bar - c) : strlen(c);

		if (clen == len && !strncmp(c, v, len))
			return 1;
		c = bar ? bar + 1 : NULL;
	}
	return 0;
}

/* Check a value against its type; NULL when fine, else a static message */
static const char *check_value(const struct config *cfg, const struct config_option *o,
			       const char *v)
{
	uint64_t sz;
	double d;
	int b;
	long long n;

	switch (o->type) {
	case OPT_STR:
	case OPT_PATH:
		return NULL;
	case OPT_INT:
		if (parse_integer(v, &n) < 0 || n < 0)
			return "expected a non-negative integer";
		return NULL;
	case OPT_BOOL:
		return parse_bool(v, &b) ? "expected yes or no" : NULL;
	case OPT_SIZE:
		if (!*v)
			return NULL;
		return parse_size(v, 1ULL << 30, &sz) ? "expected a size such as 64M, 2G or 110%" : NULL;
	case OPT_DURATION:
		return parse_duration(v, &d) ? "expected a duration such as 3, 3s or 500ms" : NULL;
	case OPT_DOUBLE:
		if (!*v)
			return NULL;
		if (parse_real(v, &d) < 0 || d < 0)
			return "expected a non-negative number";
		return NULL;
	case OPT_LIST: {
		char **w = split_list(v);
		const char *msg = NULL;

		/* a list with choices (monitors) takes those words; else loads */
		for (size_t i = 0; w[i] && !msg; i++)
			if (o->choices && !in_choices(o->choices, w[i]))
				msg = "names a word not among the allowed values";
			else if (!o->choices && !find_section(cfg, w[i]))
				msg = "names a load that does not exist (see contest list)";
		argv_free(w);
		return msg;
	}
	case OPT_ENUM:
		return in_choices(o->choices, v) ? NULL : "not one of the allowed values";
	case OPT_METRIC: {
		struct metric_spec m;
		const char *msg;

		if (!*v)
			return NULL;
		if (!(msg = metric_spec_parse(v, &m)))
			metric_spec_free(&m);
		return msg;
	}
	}
	return "unknown option type";
}

/* a value that passed check_value: inside the option's range (or it has none) */
static int in_range(const struct config_option *o, const char *v)
{
	double d;

	if (o->min == o->max || !*v)
		return 1;
	if (o->type == OPT_DURATION) {
		if (parse_duration(v, &d) < 0)
			return 1;
	} else if (o->type == OPT_INT || o->type == OPT_DOUBLE) {
		if (parse_real(v, &d) < 0)
			return 1;
	} else {
		return 1;
	}
	return d >= o->min && d <= o->max;
}

/* the first control character of s (a tab is a blank, as the list parser
 * takes it), or 0: a value goes into the env file, one "key: value" line,
 * and into messages, where a newline or an escape would forge or garble */
static unsigned char control_char(const char *s)
{
	for (const unsigned char *c = (const unsigned char *)s; *c; c++)
		if ((*c < ' ' && *c != '\t') || *c == 0x7f)
			return *c;
	return 0;
}

static int config_set(struct config *cfg, const char *section, const char *key,
		      const char *value, const char *origin)
{
	const struct config_option *o;
	const char *msg;
	struct entry *e;
	unsigned char ctl;

	if ((ctl = control_char(key)) || (section && (ctl = control_char(section))))
		return error("%s: a control character (0x%02x) in a key", origin, ctl);
	if ((ctl = control_char(value)))
		return error("%s: bad value for '%s%s%s': a control character (0x%02x); a value "
			     "is one line of text", origin, section ? section : "", section ? "." : "",
			     key, ctl);
	if (section && !find_section(cfg, section))
		return error("%s: unknown load '%s' (see contest list)", origin, section);
	o = find_option(cfg, section, key);
	if (!o) {
		if (section)
			return error("%s: unknown key '%s' for load '%s'", origin, key, section);
		return error("%s: unknown key '%s'", origin, key);
	}
	msg = check_value(cfg, o, value);
	if (msg) {
		if (o->choices)
			return error("%s: bad value '%s' for '%s': %s (%s)", origin, value, key, msg, o->choices);
		return error("%s: bad value '%s' for '%s': %s", origin, value, key, msg);
	}
	if (!in_range(o, value))
		return error("%s: '%s' must be between %g and %g, not '%s'", origin, key, o->min,
			     o->max, value);
	if (o->type == OPT_METRIC && *value &&
	    ((const struct config_metrics *)(const void *)((const char *)section_values(cfg, section) +
							    o->off))->n == CONFIG_METRICS_MAX)
		return error("%s: more than %d '%s' keys", origin, CONFIG_METRICS_MAX, key);
	if (cfg->n == cfg->alloc) {
		cfg->alloc = cfg->alloc ? 2 * cfg->alloc : 32;
		cfg->v = xrealloc(cfg->v, cfg->alloc * sizeof(*cfg->v));
	}
	e = &cfg->v[cfg->n++];
	e->section = section ? xstrdup(section) : NULL;
	e->opt = o;
	e->value = xstrdup(value);
	e->origin = xstrdup(origin);
	store(o, section_values(cfg, section), e->value);
	return 0;
}

/* One line of a file: blank, comment, [section] or key = value. */
static int parse_line(struct config *cfg, char *line, char **section, const char *where)
{
	char *s = trim(line), *eq, *key, *val;

	if (!*s || *s == '#' || *s == ';')
		return 0;
	if (*s == '[') {
		char *close = strchr(s, ']');

		if (!close || close[1])
			return error("%s: malformed section header '%s'", where, s);
		*close = '\0';
		s = trim(s + 1);
		if (!find_section(cfg, s))
			return error("%s: unknown load '%s' in section header (see contest list)", where, s);
		free(*section);
		*section = xstrdup(s);
		return 0;
	}
	eq = strchr(s, '=');
	if (!eq)
		return error("%s: expected 'key = value', got '%s'", where, s);
	*eq = '\0';
	key = trim(s);
	val = trim(eq + 1);
	if (!*key)
		return error("%s: missing key before '='", where);
	return config_set(cfg, *section, key, val, where);
}

/* a config file is text a person wrote: bounded, so that -c /dev/zero or a
 * wrong file cannot eat memory; the shipped contest.conf is about 10 KiB */
enum { CONF_MAX_BYTES = 1 << 20, CONF_MAX_LINE = 4096 };

static int too_big(const char *path)
{
	return error("cannot read '%s': larger than %d KiB, not a config file", path,
		     CONF_MAX_BYTES >> 10);
}

/* open without blocking (a FIFO), then only a regular file within the bound */
static int open_conf(const char *path, int missing_ok)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	struct stat st;

	if (fd < 0) {
		if (missing_ok && errno == ENOENT)
			return -2;
		return error("cannot open '%s': %s", path, strerror(errno));
	}
	if (fstat(fd, &st) < 0) {
		error("cannot read '%s': %s", path, strerror(errno));
	} else if (!S_ISREG(st.st_mode)) {
		error("cannot read '%s': not a regular file", path);
	} else if (st.st_size > CONF_MAX_BYTES) {
		too_big(path);
	} else {
		return fd;
	}
	close(fd);
	return -1;
}

/* the whole file, NUL-terminated; NULL (printed), or NULL with *absent set */
static char *read_conf(const char *path, int missing_ok, int *absent, size_t *len)
{
	int fd = open_conf(path, missing_ok);
	char *text;
	ssize_t n = 0;

	*absent = fd == -2;
	if (fd < 0)
		return NULL;
	text = xmalloc(CONF_MAX_BYTES + 2);
	*len = 0;
	/* to the bound and one byte past it: a file that grew is caught too */
	while (*len <= CONF_MAX_BYTES &&
	       (n = read(fd, text + *len, CONF_MAX_BYTES + 1 - *len)) != 0) {
		if (n < 0) {
			error("cannot read '%s': %s", path, strerror(errno));
			break;
		}
		*len += (size_t)n;
	}
	close(fd);
	if (n < 0 || *len > CONF_MAX_BYTES) {
		if (n >= 0)
			too_big(path);
		free(text);
		return NULL;
	}
	text[*len] = '\0';
	return text;
}

/* split off one line of text[0..len): its length, the line NUL-terminated */
static int next_line(char *text, size_t len, size_t *line_len, const char *where)
{
	char *nl = memchr(text, '\n', len);

	*line_len = nl ? (size_t)(nl - text) : len;
	if (*line_len > CONF_MAX_LINE)
		return error("%s: line longer than %d bytes", where, CONF_MAX_LINE);
	if (memchr(text, '\0', *line_len))
		return error("%s: a NUL byte: not a text file", where);
	text[*line_len] = '\0';
	return 0;
}

/* text[0..len) line by line, its first line numbered lineno + 1 in messages */
static int load_text(struct config *cfg, char *p, size_t len, const char *path, int lineno)
{
	char *section = NULL;
	size_t line_len;
	int ret = 0;

	while (len && !ret) {
		char *where = xasprintf("%s:%d", path, ++lineno);

		ret = next_line(p, len, &line_len, where);
		if (!ret)
			ret = parse_line(cfg, p, &section, where);
		free(where);
		line_len += line_len < len;	/* and its newline */
		p += line_len;
		len -= line_len;
	}
	free(section);
	return ret;
}

int config_load_file(struct config *cfg, const char *path, int missing_ok)
{
	char *text, *p;
	size_t len;
	int ret, absent;

	if (!(text = read_conf(path, missing_ok, &absent, &len)))
		return absent ? 0 : -1;
	p = text;
	if (len >= 3 && !memcmp(p, "\xef\xbb\xbf", 3)) {
		p += 3;	/* a UTF-8 byte-order mark, as some editors write */
		len -= 3;
	}
	ret = load_text(cfg, p, len, path, 0);
	free(text);
	return ret;
}

int config_load_text(struct config *cfg, const char *text, const char *path, int lineno)
{
	size_t len = strlen(text);
	char *copy;
	int ret;

	if (len > CONF_MAX_BYTES)
		return too_big(path);
	copy = xstrdup(text);
	ret = load_text(cfg, copy, len, path, lineno);
	free(copy);
	return ret;
}

int config_load_default(struct config *cfg)
{
	char *beside = proc_share_path("contest/contest.conf");
	int ret;

	/* the source tree's, else the one installed with this binary (make
	 * install PREFIX=... puts it there, wherever PREFIX is), else the
	 * build's PREFIX; none is fine: the table's defaults hold */
	if (access("contest.conf", R_OK) == 0 && trusted_file("contest.conf"))
		ret = config_load_file(cfg, "contest.conf", 0);
	else if (beside && access(beside, R_OK) == 0)
		ret = config_load_file(cfg, beside, 0);
	else
		ret = config_load_file(cfg, CONTEST_DATADIR "/contest.conf", 1);
	free(beside);
	return ret;
}

int config_set_arg(struct config *cfg, const char *arg)
{
	char *copy = xstrdup(arg), *eq = strchr(copy, '='), *key, *dot;
	char *where = xasprintf("-s '%s'", arg);
	int ret;

	for (char *c = where; *c; c++)	/* said as given, but on one line */
		if ((unsigned char)*c < ' ' || *c == 0x7f)
			*c = '?';

	if (!eq) {
		ret = error("%s: expected KEY=VALUE", where);
		goto out;
	}
	*eq = '\0';
	key = trim(copy);
	dot = strchr(key, '.');
	if (dot) {
		*dot = '\0';
		ret = config_set(cfg, key, dot + 1, trim(eq + 1), where);
	} else {
		ret = config_set(cfg, NULL, key, trim(eq + 1), where);
	}
out:
	free(where);
	free(copy);
	return ret;
}

/* the text of a key in force: the last one set, else the table's default */
const char *config_text(const struct config *cfg, const char *section,
			const struct config_option *o)
{
	const struct entry *e = cfg ? find_entry(cfg, section, o->name) : NULL;

	return e ? e->value : o->def;
}

/* a checked value's text into its field (see CONFIG_CTYPE_*); a value the
 * type's parser refuses (none gets here) reads as 0 */
static void store(const struct config_option *o, void *values, const char *v)
{
	char *p = (char *)values + o->off;
	double d = 0;
	int b = 0;

	switch (o->type) {
	case OPT_STR:
	case OPT_PATH:
	case OPT_LIST:
	case OPT_ENUM:
		*(const char **)(void *)p = v;
		break;
	case OPT_INT:
		*(long long *)(void *)p = strtoll(v, NULL, 10);
		break;
	case OPT_BOOL:
		parse_bool(v, &b);
		*(bool *)(void *)p = b;
		break;
	case OPT_DURATION:
		parse_duration(v, &d);
		*(double *)(void *)p = d;
		break;
	case OPT_SIZE:
		((struct config_size *)(void *)p)->text = v;
		break;
	case OPT_DOUBLE:
		((struct config_real *)(void *)p)->text = v;
		((struct config_real *)(void *)p)->value = strtod(v, NULL);
		break;
	case OPT_METRIC: {
		struct config_metrics *m = (struct config_metrics *)(void *)p;

		if (*v && m->n < CONFIG_METRICS_MAX)	/* config_set refuses a fifth */
			m->v[m->n++] = v;
		break;
	}
	}
}

const void *config_values(const struct config *cfg, const char *section)
{
	return section_values(cfg, section);
}

/* the option whose field is at p in s's struct values, or NULL */
static const struct config_option *option_at(const struct config_section *s, const void *values,
					     const void *p)
{
	uintptr_t base = (uintptr_t)values, at = (uintptr_t)p;

	if (!values || at < base || at >= base + s->size)
		return NULL;
	for (const struct config_option *o = s->options; o->name; o++)
		if (o->off == at - base)
			return o;
	return NULL;
}

/* the section (NULL top level) and option of a field of cfg's structs; a
 * pointer that is none is a bug in the caller */
static const struct config_option *field_option(const struct config *cfg, const void *field,
						const char **section)
{
	const struct config_option *o = option_at(cfg->top, cfg->top_values, field);

	*section = NULL;
	for (size_t i = 0; !o && cfg->sections && cfg->sections[i].name; i++) {
		o = option_at(&cfg->sections[i], cfg->values[i], field);
		*section = cfg->sections[i].name;
	}
	if (!o)
		die(1, "internal error: not a field of the config's values");
	return o;
}

int config_set_field(struct config *cfg, const void *field, const char *value,
		     const char *origin)
{
	const char *section;
	const struct config_option *o = field_option(cfg, field, &section);

	return config_set(cfg, section, o->name, value, origin);
}

const char *config_origin(const struct config *cfg, const void *field)
{
	const char *section;
	const struct config_option *o = field_option(cfg, field, &section);
	const struct entry *e = find_entry(cfg, section, o->name);

	return e ? e->origin : "default";
}

uint64_t config_bytes(struct config_size s, uint64_t ram)
{
	uint64_t v = 0;

	if (s.text && *s.text)
		parse_size(s.text, ram, &v);
	return v;
}

static void dump_table(const struct config *cfg, const char *section,
		       const struct config_option *table, FILE *out)
{
	for (; table && table->name; table++) {
		const struct config_metrics *m = table->type == OPT_METRIC ?
			(const void *)((const char *)section_values(cfg, section) + table->off) : NULL;

		for (size_t i = 0; m && i < m->n; i++)	/* each kept, in order */
			fprintf(out, "%s = %s\n", table->name, m->v[i]);
		if (!m || !m->n)
			fprintf(out, "%s = %s\n", table->name, config_text(cfg, section, table));
	}
}

void config_dump(const struct config *cfg, FILE *out)
{
	dump_table(cfg, NULL, cfg->top->options, out);
	for (const struct config_section *s = cfg->sections; s && s->name; s++) {
		if (!s->options)
			continue;
		fprintf(out, "[%s]\n", s->name);
		dump_table(cfg, s->name, s->options, out);
	}
}

char *config_dump_text(const struct config *cfg)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		die(EXIT_NO_MEMORY, "out of memory");
	config_dump(cfg, f);
	if (fclose(f) != 0)
		die(EXIT_NO_MEMORY, "out of memory");
	return text;
}

int parse_size(const char *s, uint64_t ram, uint64_t *out)
{
	const char *end;
	double v, mult = 1;

	if ((!isdigit((unsigned char)*s) && *s != '.') || parse_real_prefix(s, &v, &end) < 0 ||
	    v < 0)
		return -1;
	switch (toupper((unsigned char)*end)) {
	case '\0': break;
	case '%': mult = (double)ram / 100; end++; break;
	case 'K': mult = 1024.0; end++; break;
	case 'M': mult = 1024.0 * 1024; end++; break;
	case 'G': mult = 1024.0 * 1024 * 1024; end++; break;
	case 'T': mult = 1024.0 * 1024 * 1024 * 1024; end++; break;
	default: return -1;
	}
	/* accept 64M, 64MB, 64MiB alike: binary units throughout */
	if (mult != 1 && end[-1] != '%') {
		if (!strcasecmp(end, "iB"))
			end += 2;
		else if (toupper((unsigned char)*end) == 'B')
			end++;
	}
	if (*end || v * mult > 1.8e19)
		return -1;
	*out = (uint64_t)llround(v * mult);
	return 0;
}

int parse_duration(const char *s, double *out)
{
	const char *end;
	double v;

	if ((!isdigit((unsigned char)*s) && *s != '.') || parse_real_prefix(s, &v, &end) < 0 ||
	    v < 0)
		return -1;
	if (!*end || !strcmp(end, "s"))
		*out = v;
	else if (!strcmp(end, "ms"))
		*out = v / 1000;
	else if (!strcmp(end, "m") || !strcmp(end, "min"))
		*out = v * 60;
	else if (!strcmp(end, "h"))
		*out = v * 3600;
	else
		return -1;
	return 0;
}

int parse_bool(const char *s, int *out)
{
	static const char *const yes[] = { "yes", "true", "on", "1" };
	static const char *const no[] = { "no", "false", "off", "0" };

	for (size_t i = 0; i < ARRAY_SIZE(yes); i++) {
		if (!strcasecmp(s, yes[i])) {
			*out = 1;
			return 0;
		}
		if (!strcasecmp(s, no[i])) {
			*out = 0;
			return 0;
		}
	}
	return -1;
}

struct words {
	char **v;
	size_t n, alloc;
};

static void words_push(struct words *w, char *s)
{
	if (w->n + 2 > w->alloc) {
		w->alloc = w->alloc ? 2 * w->alloc : 8;
		w->v = xrealloc(w->v, w->alloc * sizeof(char *));
	}
	w->v[w->n++] = s;
	w->v[w->n] = NULL;
}

char **split_words(const char *s, const char **err)
{
	struct words w = { 0 };
	char *buf = xmalloc(strlen(s) + 1), *o = NULL;
	char quote = 0;

	words_push(&w, NULL);
	w.n = 0;
	for (;; s++) {
		char c = *s;

		if (!c)
			break;
		if (quote == '\'') {
			if (c == '\'')
				quote = 0;
			else
				*o++ = c;
			continue;
		}
		if (c == '\\' && (!quote || s[1] == '"' || s[1] == '\\' || s[1] == '$' || s[1] == '`')) {
			if (!s[1]) {
				*err = "trailing backslash";
				goto fail;
			}
			if (!o)
				o = buf;
			*o++ = *++s;
			continue;
		}
		if (quote == '"') {
			if (c == '"')
				quote = 0;
			else
				*o++ = c;
			continue;
		}
		if (isspace((unsigned char)c)) {
			if (o) {
				*o = '\0';
				words_push(&w, xstrdup(buf));
				o = NULL;
			}
			continue;
		}
		if (!o)
			o = buf;
		if (c == '\'' || c == '"')
			quote = c;
		else
			*o++ = c;
	}
	if (quote) {
		*err = "unterminated quote";
		goto fail;
	}
	if (o) {
		*o = '\0';
		words_push(&w, xstrdup(buf));
	}
	free(buf);
	return w.v;
fail:
	free(buf);
	argv_free(w.v);
	return NULL;
}

void argv_free(char **argv)
{
	if (!argv)
		return;
	for (size_t i = 0; argv[i]; i++)
		free(argv[i]);
	free(argv);
}

char **split_list(const char *s)
{
	return split_at(s, " \t,");
}

char **split_at(const char *s, const char *seps)
{
	struct words w = { 0 };
	const char *p = s;

	words_push(&w, NULL);
	w.n = 0;
	while (*p) {
		size_t len = strcspn(p, seps);

		if (len) {
			char *word = xmalloc(len + 1);

			memcpy(word, p, len);
			word[len] = '\0';
			words_push(&w, word);
		}
		p += len;
		p += strspn(p, seps);
	}
	return w.v;
}
