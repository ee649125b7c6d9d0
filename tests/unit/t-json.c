/* t-json.c - names with any bytes come out as valid JSON; NaN and inf as null */
#include "lib/json.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>

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

int main(void)
{
	test_names();
	test_numbers();
	return tap_done();
}
