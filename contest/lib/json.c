/* json.c - see json.h */
#include "lib/json.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
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

int json_write_doc(json_t *doc, FILE *out)
{
	int ret = json_dumpf(doc, out, JSON_FLAGS);

	json_decref(doc);
	if (ret < 0 || fputc('\n', out) == EOF || fflush(out) == EOF || ferror(out))
		return error("cannot write the JSON document: %s", strerror(errno));
	return 0;
}

/* ---- the stream ---- */

void json_stream_init(struct json_stream *js, FILE *out)
{
	memset(js, 0, sizeof(*js));
	js->out = out;
}

/* does jansson write s as it is between quotes? printable ASCII but the two it escapes */
static int plain_string(const char *s)
{
	for (; *s; s++)
		if (*s < 0x20 || *s > 0x7e || *s == '"' || *s == '\\')
			return 0;
	return 1;
}

/* a string value j (released) as jansson dumps it */
static void put_dumped(FILE *out, json_t *j)
{
	char *text = json_dumps(j, JSON_ENCODE_ANY);

	json_decref(j);
	if (!text)
		die(EXIT_NO_MEMORY, "out of memory");
	fputs(text, out);
	free(text);
}

static void put_string(FILE *out, const char *s)
{
	json_t *j;

	if (plain_string(s)) {
		putc('"', out);
		fputs(s, out);
		putc('"', out);
		return;
	}
	if (!(j = json_string(s)))
		die(EXIT_NO_MEMORY, "out of memory");
	put_dumped(out, j);
}

static void put_indent(FILE *out, int depth)
{
	static const char blanks[JSON_STREAM_DEPTH * JSON_INDENT_BY] = { [0 ... JSON_STREAM_DEPTH * JSON_INDENT_BY - 1] = ' ' };

	fwrite(blanks, 1, (size_t)depth * JSON_INDENT_BY, out);
}

/* what comes before a member: its separator, its line, its key */
static void member(struct json_stream *js, const char *key)
{
	if (js->depth > 0 && js->members[js->depth - 1]++)
		putc(',', js->out);
	if (js->depth > 0) {
		putc('\n', js->out);
		put_indent(js->out, js->depth);
	}
	if (key) {
		put_string(js->out, key);
		fputs(": ", js->out);
	}
}

void json_stream_begin(struct json_stream *js, const char *key, int array)
{
	member(js, key);
	putc(array ? '[' : '{', js->out);
	if (js->depth == JSON_STREAM_DEPTH)
		die(EXIT_NO_MEMORY, "a JSON document nested deeper than %d", JSON_STREAM_DEPTH);
	js->members[js->depth++] = 0;
}

void json_stream_end(struct json_stream *js, int array)
{
	if (js->members[--js->depth]) {
		putc('\n', js->out);
		put_indent(js->out, js->depth);
	}
	putc(array ? ']' : '}', js->out);
}

/*
 * "%.10g" of v into buf, without printf where that is exact: for
 * 1e-4 <= |v| < 1e10, the ten significant digits are |v| * 10^(9-X)
 * rounded (X its decimal exponent), a product of v and an exact power of
 * ten that is exact to half an ulp, so a fraction further than that from
 * a tie rounds as printf rounds it. Then "%g"'s fixed form, trailing zeros
 * off. Anything else (ties, a carry into the next power, the exponent
 * form) goes to snprintf. A lab's JSON report holds a million reals.
 */
static void g10(char *buf, size_t size, double v)
{
	double a = fabs(v);
	int x = 9;
	uint64_t r;
	char digits[16];
	size_t at = 0, last;

	if (!(a >= 1e-4 && a < 1e10)) {
		snprintf(buf, size, "%.10g", v);
		return;
	}
	/* the exponent: down from 9 until 10^9 <= |v| 10^(9-x), the products
	 * exact to half an ulp and growing with each step */
	while (a * pow10_exact[9 - x] < 1e9 && x > -4)
		x--;
	/* ten digits, unless a near-tie or a carry into the next power */
	if (round_scaled(a, 9 - x, &r) || r < 1000000000ULL || r >= 10000000000ULL) {
		snprintf(buf, size, "%.10g", v);
		return;
	}
	for (int i = 9; i >= 0; i--, r /= 10)
		digits[i] = (char)('0' + r % 10);
	for (last = 9; last > 0 && digits[last] == '0' && (int)last > x; last--)
		;	/* trailing zeros of the fraction */
	if (signbit(v))
		buf[at++] = '-';
	if (x < 0) {
		buf[at++] = '0';
		buf[at++] = '.';
		for (int i = -1; i > x; i--)
			buf[at++] = '0';
	}
	for (size_t i = 0; i <= last; i++) {
		if (x >= 0 && (int)i == x + 1)
			buf[at++] = '.';
		buf[at++] = digits[i];
	}
	buf[at] = '\0';
}

/*
 * v as jansson writes a real at JSON_REAL_PRECISION(10): "%.10g", then a
 * ".0" where that has neither a point nor an exponent (so it reads back as
 * a real), and an exponent without its '+' or leading zeros ("1e5").
 */
static void put_real(FILE *out, double v)
{
	char buf[64], *e;

	g10(buf, sizeof(buf) - 2, v);
	if (!strchr(buf, '.') && !strchr(buf, 'e'))
		strcat(buf, ".0");
	if ((e = strchr(buf, 'e'))) {
		char *from = ++e, *to = e;

		if (*from == '-')
			to = ++from;
		else if (*from == '+')
			from++;
		while (*from == '0')
			from++;
		memmove(to, from, strlen(from) + 1);
	}
	fputs(buf, out);
}

void json_stream_number(struct json_stream *js, const char *key, double v)
{
	member(js, key);
	if (isfinite(v))
		put_real(js->out, v);
	else
		fputs("null", js->out);
}

void json_stream_integer(struct json_stream *js, const char *key, long long v)
{
	member(js, key);
	fprintf(js->out, "%lld", v);
}

void json_stream_name(struct json_stream *js, const char *key, const char *s, const char *what)
{
	member(js, key);
	if (!s)
		fputs("null", js->out);
	else if (plain_string(s))	/* what json_name would keep as it is, unsaid */
		put_string(js->out, s);
	else
		put_dumped(js->out, json_name(s, what));
}

void json_stream_string(struct json_stream *js, const char *key, const char *s)
{
	member(js, key);
	put_string(js->out, s);
}
