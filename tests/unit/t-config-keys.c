/* t-config-keys.c - the key tables (record/config-keys.c, each load's) and
 * the structs a config fills from them: every key typed, its field inside
 * the struct, of its type's size and no other key's; every field a key's;
 * a config with every key set round-trips through its dump, byte for byte
 * and field for field; each config (a variant's) has structs of its own;
 * a duration is read as a duration */
#include "record/config-keys.h"
#include "lib/config.h"
#include "lib/util.h"
#include "loads/loads.h"
#include "session/workload.h"
#include "tap.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* the size and alignment of an opt_type's field (config.h's CONFIG_CTYPE_*); 0: no type */
static size_t type_size(int type, size_t *align)
{
	switch (type) {
	case OPT_STR:
	case OPT_PATH:
	case OPT_LIST:
	case OPT_ENUM:
		*align = alignof(const char *);
		return sizeof(const char *);
	case OPT_INT:
		*align = alignof(long long);
		return sizeof(long long);
	case OPT_BOOL:
		*align = alignof(bool);
		return sizeof(bool);
	case OPT_DURATION:
		*align = alignof(double);
		return sizeof(double);
	case OPT_SIZE:
		*align = alignof(struct config_size);
		return sizeof(struct config_size);
	case OPT_DOUBLE:
		*align = alignof(struct config_real);
		return sizeof(struct config_real);
	case OPT_METRIC:
		*align = alignof(struct config_metrics);
		return sizeof(struct config_metrics);
	}
	return 0;
}

/* one table against its struct of size bytes */
static void check_table(const char *what, const struct config_option *table, size_t size)
{
	unsigned char covered[4096] = { 0 };
	size_t n = 0, gap = 0, widest_gap = 0;
	int typed = 1, inside = 1, alone = 1, named = 1;

	if (!table) {
		ok(size == 0, "%s: no keys, no struct (%zu bytes)", what, size);
		return;
	}
	ok(size > 0 && size <= sizeof(covered), "%s: a struct of %zu bytes", what, size);
	for (const struct config_option *o = table; o->name && size <= sizeof(covered); o++, n++) {
		size_t align = 1, sz = type_size(o->type, &align);

		if (!sz) {
			typed = 0;
			printf("# %s.%s: type %d is no opt_type\n", what, o->name, (int)o->type);
			continue;
		}
		if (o->off % align || o->off + sz > size) {
			inside = 0;
			printf("# %s.%s: offset %zu, %zu bytes: not a field of the struct\n", what,
			       o->name, o->off, sz);
			continue;
		}
		for (size_t b = o->off; b < o->off + sz; b++)
			if (covered[b]++) {
				alone = 0;
				printf("# %s.%s: byte %zu is another key's too\n", what, o->name, b);
				break;
			}
		if (!*o->name || strspn(o->name, "abcdefghijklmnopqrstuvwxyz0123456789_") !=
				 strlen(o->name) || !o->def || !o->help || !*o->help || o->min > o->max)
			named = 0;
		for (const struct config_option *p = table; p < o; p++)
			if (!strcmp(p->name, o->name))
				named = 0;
	}
	/* what no key covers is padding, shorter than the widest alignment: a
	 * field of 8 bytes that no key names would show as a gap of 8 */
	for (size_t b = 0; b <= size; b++) {
		gap = b < size && !covered[b] ? gap + 1 : 0;
		if (gap > widest_gap)
			widest_gap = gap;
	}
	ok(n > 0 && typed, "%s: each of its %zu keys has a type", what, n);
	ok(inside, "%s: each key's offset is an aligned field inside the struct", what);
	ok(alone, "%s: no two keys share a byte of it", what);
	ok(named, "%s: keys named once in lower case, with a default, help and min <= max", what);
	ok(widest_gap < alignof(max_align_t) && widest_gap < 8,
	   "%s: every field is a key's (widest gap %zu bytes, padding)", what, widest_gap);
}

/* a value of o's type, inside its range, other than its default */
static const char *other_value(const struct config_option *o, char *buf, size_t len)
{
	const char *bar;
	int b = 0;

	switch (o->type) {
	case OPT_INT: {
		long long lo = o->min > 0 ? (long long)o->min : 0;

		snprintf(buf, len, "%lld", o->min == o->max ? 7 : lo + 1 <= o->max ? lo + 1 : lo);
		return buf;
	}
	case OPT_BOOL:
		parse_bool(o->def, &b);
		return b ? "no" : "yes";
	case OPT_DURATION:
		return "1500ms";
	case OPT_SIZE:
		return "12%";
	case OPT_DOUBLE:
		return "1.50";
	case OPT_STR:
		snprintf(buf, len, "a %s", o->name);
		return buf;
	case OPT_PATH:
		snprintf(buf, len, "/t/%s", o->name);
		return buf;
	case OPT_LIST:
	case OPT_ENUM:
		if (!o->choices)
			return "noload io_load";
		bar = strchr(o->choices, '|');	/* the second word: the first is the default */
		snprintf(buf, len, "%.*s", (int)strcspn(bar + 1, "|"), bar + 1);
		return buf;
	case OPT_METRIC:
		return "lat:us:lower:lat ([0-9.]+)";
	}
	return "";
}

/* do the fields of o in two structs hold the same value? */
static int same_field(const struct config_option *o, const void *a, const void *b)
{
	const char *pa = (const char *)a + o->off, *pb = (const char *)b + o->off;
	const struct config_size *sa = (const void *)pa, *sb = (const void *)pb;
	const struct config_real *ra = (const void *)pa, *rb = (const void *)pb;

	switch (o->type) {
	case OPT_STR:
	case OPT_PATH:
	case OPT_LIST:
	case OPT_ENUM:
		return !strcmp(*(const char *const *)(const void *)pa,
			       *(const char *const *)(const void *)pb);
	case OPT_INT:
		return *(const long long *)(const void *)pa == *(const long long *)(const void *)pb;
	case OPT_BOOL:
		return *(const bool *)(const void *)pa == *(const bool *)(const void *)pb;
	case OPT_DURATION:
		return *(const double *)(const void *)pa == *(const double *)(const void *)pb;
	case OPT_SIZE:
		return !strcmp(sa->text, sb->text);
	case OPT_DOUBLE:
		return !strcmp(ra->text, rb->text) && ra->value == rb->value;
	case OPT_METRIC: {
		const struct config_metrics *ma = (const void *)pa, *mb = (const void *)pb;

		if (ma->n != mb->n)
			return 0;
		for (size_t i = 0; i < ma->n; i++)
			if (strcmp(ma->v[i], mb->v[i]))
				return 0;
		return 1;
	}
	}
	return 0;
}

/* set every key of section (NULL: the top level) to another value; the
 * keys that did not take it, or whose field does not hold it */
static int set_all(struct config *cfg, const char *section, const struct config_option *table)
{
	const char *values = config_values(cfg, section);
	int bad = 0;

	for (const struct config_option *o = table; o && o->name; o++) {
		char buf[128];
		const char *v = other_value(o, buf, sizeof(buf));
		const void *field = values + o->off;

		if (config_set_field(cfg, field, v, "test") < 0 ||
		    strcmp(config_text(cfg, section, o), v) || strcmp(config_origin(cfg, field), "test")) {
			bad++;
			printf("# %s.%s = %s: not taken\n", section ? section : "", o->name, v);
		}
	}
	return bad;
}

static int differing(const struct config *a, const struct config *b, const char *section,
		     const struct config_option *table)
{
	int n = 0;

	for (const struct config_option *o = table; o && o->name; o++)
		if (!same_field(o, config_values(a, section), config_values(b, section))) {
			n++;
			printf("# %s.%s differs after the round trip\n", section ? section : "", o->name);
		}
	return n;
}

static void round_trip(void)
{
	struct config *cfg = contest_config_new(), *back = contest_config_new();
	char path[] = "/tmp/t-config-keys.XXXXXX";
	const struct contest_config *cc = contest_config(cfg);
	char *text, *again = NULL;
	int fd, bad = set_all(cfg, NULL, config_keys), diff;
	size_t i;

	for (i = 0; load_table[i]; i++)
		bad += set_all(cfg, load_table[i]->name, load_table[i]->options);
	ok(bad == 0, "every key takes a value other than its default, in its field (%d did not)", bad);
	ok(cc->main.runs == 2 && cc->main.load_lead == 1.5 && !cc->main.flush &&
	   cc->main.cpu_limit.value == 1.5 && !strcmp(cc->main.cpu_limit.text, "1.50") &&
	   !strcmp(cc->main.mem_limit.text, "12%") && !strcmp(cc->main.results, "/t/results") &&
	   config_bytes(cc->main.swapfile, 100 << 20) == 12 << 20,
	   "the fields hold the values as their types read them");
	text = config_dump_text(cfg);
	fd = mkstemp(path);
	if (fd >= 0 && write(fd, text, strlen(text)) == (ssize_t)strlen(text) && close(fd) == 0 &&
	    config_load_file(back, path, 0) == 0)
		again = config_dump_text(back);
	ok(again != NULL, "its dump loads as a config file");
	is_str(again, text, "and dumps again byte for byte");
	diff = differing(cfg, back, NULL, config_keys);
	for (i = 0; load_table[i]; i++)
		diff += differing(cfg, back, load_table[i]->name, load_table[i]->options);
	ok(diff == 0, "every field of the loaded dump is the one set (%d differ)", diff);
	unlink(path);
	free(text);
	free(again);
	config_free(back);
	config_free(cfg);
}

/* run -k a ... -k b: each variant's config fills structs of its own */
static void variants(void)
{
	struct config *a = contest_config_new(), *b = contest_config_new();
	const struct contest_config *ca = contest_config(a), *cb = contest_config(b);

	ok(ca != cb && config_values(a, "io_load") != config_values(b, "io_load"),
	   "two configs, two sets of structs");
	ok(config_set_arg(a, "runs=5") == 0 && config_set_arg(b, "io_load.size=64M") == 0 &&
	   ca->main.runs == 5 && cb->main.runs == 3 &&
	   !strcmp(((const struct config_size *)config_values(b, "io_load"))->text, "64M") &&
	   !strcmp(((const struct config_size *)config_values(a, "io_load"))->text, "100%"),
	   "a key set in one is not set in the other");
	is_str(config_origin(a, &ca->main.runs), "-s 'runs=5'", "the origin is the one config's");
	is_str(config_origin(b, &cb->main.runs), "default", "and the other's its own");
	ok(config_set_arg(a, "runs=6") == 0 && ca->main.runs == 6,
	   "a later set (a sweep's point, a plan's runs) is in the field at once");
	config_free(a);
	config_free(b);
}

/* a duration key is read as one: duration = 500ms times half a second
 * (read with strtod, as the name-based getter did, it was 500) */
static void durations(void)
{
	struct config *cfg = contest_config_new();
	struct workload w;

	ok(config_set_arg(cfg, "workload=audio") == 0 && config_set_arg(cfg, "duration=500ms") == 0 &&
	   workload_init(&w, cfg) == 0 && w.duration_s == 0.5,
	   "an interactive task's duration = 500ms is 0.5 s (%g)", w.duration_s);
	workload_release(&w);
	config_free(cfg);
}

int main(void)
{
	check_table("the top-level keys", config_keys, config_keys_section.size);
	ok(config_keys_section.size == sizeof(struct contest_config) && !config_keys_section.name,
	   "the top level's section is struct contest_config");
	for (size_t i = 0; load_table[i]; i++)
		check_table(load_table[i]->name, load_table[i]->options, load_table[i]->options_size);
	round_trip();
	variants();
	durations();
	return tap_done();
}
