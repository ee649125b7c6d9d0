/* json.c - see json.h */
#include "lib/json.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

json_t *json_number(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/* a name is written many times (a row per load and metric): warn once for each */
static int first_warning(const char *name)
{
	static char *warned[32];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(warned) && warned[i]; i++)
		if (!strcmp(warned[i], name))
			return 0;
	if (i < ARRAY_SIZE(warned))
		warned[i] = xstrdup(name);
	return 1;
}

json_t *json_name(const char *s, const char *what)
{
	const unsigned char *p = (const unsigned char *)s;
	char *buf = xmalloc(4 * strlen(s) + 1), *q = buf;
	int bad = 0;
	json_t *j;

	while (*p) {
		size_t n = utf8_seq_len((const char *)p);

		if (n) {
			memcpy(q, p, n);
			q += n;
			p += n;
		} else {
			q += sprintf(q, "\\x%02x", *p++);
			bad = 1;
		}
	}
	*q = '\0';
	if (bad && first_warning(buf))
		warning("%s '%s' is not valid UTF-8: its bad bytes are written as \\xNN in JSON",
			what, buf);
	j = json_string(buf);
	free(buf);
	if (!j)
		die(EXIT_NO_MEMORY, "out of memory");
	return j;
}

void json_put(json_t *obj, const char *key, json_t *value)
{
	if (!value || json_object_set_new(obj, key, value) < 0)
		die(EXIT_NO_MEMORY, "out of memory");
}

void json_push(json_t *array, json_t *value)
{
	if (!value || json_array_append_new(array, value) < 0)
		die(EXIT_NO_MEMORY, "out of memory");
}

#define JSON_INDENT_BY 2
#define JSON_FLAGS (JSON_INDENT(JSON_INDENT_BY) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10))

int json_write_nested(json_t *value, int depth, FILE *out)
{
	char *text = json_dumps(value, JSON_FLAGS), *p, *nl;

	json_decref(value);
	if (!text)
		die(EXIT_NO_MEMORY, "out of memory");
	/* a line at a time, each after the first indented: a lab's table is
	 * millions of lines, too many for a printf each */
	for (p = text; (nl = strchr(p, '\n')); p = nl + 1) {
		fwrite(p, 1, (size_t)(nl - p) + 1, out);
		for (int i = 0; i < depth * JSON_INDENT_BY; i++)
			putc(' ', out);
	}
	fputs(p, out);
	free(text);
	if (ferror(out))
		return error("cannot write the JSON document: %s", strerror(errno));
	return 0;
}

int json_write_doc(json_t *doc, FILE *out)
{
	int ret = json_dumpf(doc, out, JSON_FLAGS);

	json_decref(doc);
	if (ret < 0 || fputc('\n', out) == EOF || fflush(out) == EOF || ferror(out))
		return error("cannot write the JSON document: %s", strerror(errno));
	return 0;
}
