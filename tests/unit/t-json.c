/* t-json.c - names with any bytes come out as valid JSON; NaN and inf as null */
#include "json.h"
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

static void test_names(void)
{
	char *s;

	s = round_trip("2.5.47-\"mm3\"\\x");
	is_str(s, "2.5.47-\"mm3\"\\x", "a quote and a backslash survive");
	free(s);
	s = round_trip("linux-\xc3\xa9t\xc3\xa9-\xe2\x9c\x93");
	is_str(s, "linux-\xc3\xa9t\xc3\xa9-\xe2\x9c\x93", "valid UTF-8 is kept as it is");
	free(s);
	s = round_trip("bad-\xff-end");
	is_str(s, "bad-\\xff-end", "an invalid byte becomes the text \\xff");
	free(s);
	s = round_trip("cut-\xc3");
	is_str(s, "cut-\\xc3", "a sequence cut short at the end");
	free(s);
	s = round_trip("over-\xc0\xaf");
	is_str(s, "over-\\xc0\\xaf", "an overlong '/' is not let through");
	free(s);
	s = round_trip("surr-\xed\xa0\x80");
	is_str(s, "surr-\\xed\\xa0\\x80", "a UTF-16 surrogate is not UTF-8");
	free(s);
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
