/* t-json.c - names with any bytes come out as valid JSON; NaN and inf as null */
#include "lib/json.h"
#include "lib/membuf.h"
#include "lib/util.h"
#include "tap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the string a name becomes, after a round trip through jansson's writer and parser */
static char *round_trip(const char *name)
{
	json_t *doc = json_pack("{s:o}", "name", json_name(name, "kernel")), *back;
	char *text = json_dumps(doc, 0), *ret = NULL;

	back = text ? json_loads(text, 0, NULL) : NULL;
	if (back)
		ret = strdup(json_string_value(json_object_get(back, "name")));
	json_decref(back);
	json_decref(doc);
	free(text);
	return ret;
}

static const struct {
	const char *name, *want, *what;
} names[] = {
	{ "2.5.47-\"mm3\"\\x", "2.5.47-\"mm3\"\\x", "a quote and a backslash survive" },
	{ "linux-\xc3\xa9t\xc3\xa9-\xe2\x9c\x93", "linux-\xc3\xa9t\xc3\xa9-\xe2\x9c\x93",
	  "valid UTF-8 is kept as it is" },
	{ "bad-\xff-end", "bad-\\xff-end", "an invalid byte becomes the text \\xff" },
	{ "cut-\xc3", "cut-\\xc3", "a sequence cut short at the end" },
	{ "over-\xc0\xaf", "over-\\xc0\\xaf", "an overlong '/' is not let through" },
	{ "surr-\xed\xa0\x80", "surr-\\xed\\xa0\\x80", "a UTF-16 surrogate is not UTF-8" },
};

static void test_names(void)
{
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char *s = round_trip(names[i].name);

		is_str(s, names[i].want, "%s", names[i].what);
		free(s);
	}
}

static void test_numbers(void)
{
	json_t *a = json_array();
	char *text;

	json_push(a, json_number(NAN));
	json_push(a, json_number(INFINITY));
	json_push(a, json_number(-INFINITY));
	json_push(a, json_number(1.25));
	text = json_dumps(a, JSON_COMPACT);
	is_str(text, "[null,null,null,1.25]", "NaN and infinities are null, never inf");
	free(text);
	json_decref(a);
}

/* the stream's text and jansson's for the same values: both into memory */
struct both {
	struct membuf ms, mj;
	FILE *stream_out, *doc_out;
	struct json_stream js;
	json_t *doc;
};

static void both_begin(struct both *b)
{
	b->stream_out = membuf_open(&b->ms);
	b->doc_out = membuf_open(&b->mj);
	json_stream_init(&b->js, b->stream_out);
	json_stream_begin(&b->js, NULL, 1);
	b->doc = json_array();
}

/* 0 when the two texts are the same; else the first place they differ, in why */
static int both_differ(struct both *b, char *why, size_t size)
{
	char *ts, *tj;
	size_t i = 0;
	int differ;

	json_stream_end(&b->js, 1);
	putc('\n', b->stream_out);
	json_write_doc(b->doc, b->doc_out);
	ts = membuf_close(&b->ms, 1);
	tj = membuf_close(&b->mj, 1);
	while (ts[i] && ts[i] == tj[i])
		i++;
	differ = ts[i] != tj[i];
	snprintf(why, size, "at byte %zu: '%.40s' against jansson's '%.40s'", i, ts + i, tj + i);
	free(ts);
	free(tj);
	return differ;
}

/*
 * The stream writes what jansson writes: reals of every size (its own
 * path for ten significant digits, printf's for the rest), ties at the
 * tenth digit and their neighbours one ulp away, powers of ten and their
 * neighbours, a carry into the next power (9.9999999999), zeros of both
 * signs, NaN and infinities; integers; nested objects and arrays, empty
 * and not; names plain, escaped, and not UTF-8.
 */
static void test_stream(void)
{
	const double special[] = {
		0.0, -0.0, 1.0, -1.0, 0.5, 1e-4, 9.99999999995e-5, 0.0001000000000049,
		9999999999.5, 9999999999.4, 1e10, 9.9999999999, 9.99999999995, 1.00000000005,
		123456789.25, 0.1, 0.3, 2.5e-7, 1e15, 1e300, 4.9e-324, NAN, INFINITY, -INFINITY,
		69.75266667, 1.004112264, 97.05666667,
	};
	unsigned seed = 5;
	size_t n = 0;
	struct both b;
	char why[160];

	both_begin(&b);
	for (size_t i = 0; i < ARRAY_SIZE(special) + 200000; i++) {
		double v;

		if (i < ARRAY_SIZE(special)) {
			v = special[i];
		} else {
			double u = (double)rand_r(&seed) / RAND_MAX;
			int e = rand_r(&seed) % 22 - 8, kind = rand_r(&seed) % 4;

			v = (rand_r(&seed) % 2 ? -1 : 1) * (1 + 9 * u) * pow(10, e);
			if (kind) {	/* a tie at the tenth digit, or one ulp from it */
				double scale = pow(10, 9 - e);

				v = (floor(v * scale) + 0.5) / scale;
				v = kind == 2 ? nextafter(v, 0) : kind == 3 ? nextafter(v, INFINITY) : v;
			}
		}
		json_stream_number(&b.js, NULL, v);
		json_push(b.doc, json_number(v));
		n++;
	}
	ok(!both_differ(&b, why, sizeof(why)), "%zu reals as jansson writes them (%s)", n, why);

	both_begin(&b);
	json_stream_integer(&b.js, NULL, -42);
	json_push(b.doc, json_integer(-42));
	json_stream_begin(&b.js, NULL, 0);
	json_stream_end(&b.js, 0);
	json_push(b.doc, json_object());
	json_stream_begin(&b.js, NULL, 1);
	json_stream_end(&b.js, 1);
	json_push(b.doc, json_array());
	{
		json_t *o = json_object(), *inner = json_array();
		const char *const kernels[] = { "k0001", "tab\there", "quote\"back\\slash",
						"caf\xc3\xa9", "bad\xff\xfe" "bytes", "\x01" "ctl", "" };

		json_stream_begin(&b.js, NULL, 0);
		for (size_t i = 0; i < ARRAY_SIZE(kernels); i++) {
			const char *key = !kernels[i][0] ? "empty" : kernels[i][0] == 'b' ? "bad" :
					  kernels[i];

			json_stream_name(&b.js, key, kernels[i], "kernel");
			json_put(o, key, json_name(kernels[i], "kernel"));
		}
		json_stream_name(&b.js, "none", NULL, "kernel");
		json_put(o, "none", json_null());
		json_stream_string(&b.js, "ratio", "self");
		json_put(o, "ratio", json_string("self"));
		json_stream_begin(&b.js, "inner", 1);
		json_stream_begin(&b.js, NULL, 0);
		json_stream_integer(&b.js, "n", 3);
		json_stream_end(&b.js, 0);
		json_stream_end(&b.js, 1);
		json_push(inner, json_pack("{s:i}", "n", 3));
		json_put(o, "inner", inner);
		json_stream_end(&b.js, 0);
		json_push(b.doc, o);
	}
	ok(!both_differ(&b, why, sizeof(why)), "integers, empty and nested containers, names (%s)",
	   why);
}

int main(void)
{
	test_names();
	test_numbers();
	test_stream();
	return tap_done();
}
