/* json.h - what every JSON writer shares, on top of libjansson
 *
 * JSON has no NaN or infinity and its strings are Unicode: a number that
 * does not exist becomes null, and a name (a kernel's folder name may hold
 * any byte) is kept as it is when it is valid UTF-8, else each byte that
 * is not part of a valid sequence is written as the four characters
 * "\xNN" (so the JSON text holds "\\xff") and a warning names it.
 */
#ifndef CONTEST_JSON_H
#define CONTEST_JSON_H

#include <stdio.h>
#include <jansson.h>

/* a number, or null when v is NaN or infinite */
json_t *json_number(double v);
/* a string from any bytes, as above; what says what it is, for the warning */
json_t *json_name(const char *s, const char *what);
/*
 * Add value to obj under key, taking the reference (jansson's _new),
 * aborting on an allocation failure as xmalloc does.
 */
void json_put(json_t *obj, const char *key, json_t *value);
void json_push(json_t *array, json_t *value);
/* doc, indented, and a newline to out; releases doc. 0 or -1 (error printed) */
int json_write_doc(json_t *doc, FILE *out);

/*
 * A document written as it is made, for one too large to build as a tree
 * first (a lab's report: 120000 rows of 15 members, where building and
 * freeing the objects cost more than writing them). The text is byte for
 * byte what json_write_doc writes for the same values: jansson's indent,
 * its real precision, its escapes (strings that are not plain printable
 * ASCII are dumped by jansson itself); t-json holds the two together.
 * A member's key is NULL for an array's element. Write errors show in
 * ferror(out), as for any stdio writer.
 */
enum { JSON_STREAM_DEPTH = 16 };
struct json_stream {
	FILE *out;
	int depth;				/* containers open */
	size_t members[JSON_STREAM_DEPTH];	/* written in each */
};

void json_stream_init(struct json_stream *js, FILE *out);
/* open an object (array 0) or an array as the next member; close the innermost */
void json_stream_begin(struct json_stream *js, const char *key, int array);
void json_stream_end(struct json_stream *js, int array);
/* a number as json_number() makes it: null when not finite */
void json_stream_number(struct json_stream *js, const char *key, double v);
void json_stream_integer(struct json_stream *js, const char *key, long long v);
/* a string as json_name() makes it (warning as it does); NULL: null */
void json_stream_name(struct json_stream *js, const char *key, const char *s, const char *what);
/* a string as json_string() makes it */
void json_stream_string(struct json_stream *js, const char *key, const char *s);

#endif
