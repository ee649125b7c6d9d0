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
 * value as json_write_doc would write it depth levels inside a document
 * (each line after the first indented by depth levels more, no newline
 * after), so that a large document is written a part at a time, not held
 * whole; releases value. 0 or -1 (error printed).
 */
int json_write_nested(json_t *value, int depth, FILE *out);

#endif
