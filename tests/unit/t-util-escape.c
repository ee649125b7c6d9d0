/* t-util-escape.c - escape_text: what a terminal or a mail is shown of text
 * contest did not write holds no control character */
#include "lib/util.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void esc_is(const char *in, unsigned keep, const char *want, const char *what)
{
	char *got = escape_text(in, keep);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	is_str(got, want, "%s", what);
	fput_escaped(f, in, keep);
	fclose(f);
	is_str(buf, want, "%s (fput_escaped)", what);
	free(got);
	free(buf);
}

int main(void)
{
	const unsigned term = ESCAPE_KEEP_NEWLINE | ESCAPE_KEEP_UTF8;

	esc_is("6.1.0-13-amd64", term, "6.1.0-13-amd64", "printable ASCII as it is");
	esc_is("evil\033]0;owned\007!", term, "evil\\x1b]0;owned\\x07!", "an OSC title: ESC and BEL");
	esc_is("a\nb\tc\rd\x7f", term, "a\nb\\x09c\\x0dd\\x7f", "newline kept; tab, CR, DEL escaped");
	esc_is("a\nb\tc", ESCAPE_KEEP_NEWLINE | ESCAPE_KEEP_TAB, "a\nb\tc", "tab kept when asked");
	esc_is("a\nb", 0, "a\\x0ab", "newline escaped when not kept");
	esc_is("caf\xc3\xa9 \xe2\x82\xac", term, "caf\xc3\xa9 \xe2\x82\xac", "valid UTF-8 kept");
	esc_is("\xc2\x9b" "31m", term, "\\xc2\\x9b31m", "a C1 control (U+009B, CSI) escaped");
	esc_is("\xc2\xa0", term, "\xc2\xa0", "U+00A0, just past C1, kept");
	esc_is("\x9b" "31m\xff", term, "\\x9b31m\\xff", "bytes that are not UTF-8 escaped");
	esc_is("caf\xc3\xa9", ESCAPE_KEEP_NEWLINE, "caf\\xc3\\xa9", "without KEEP_UTF8: ASCII only");
	esc_is("", term, "", "empty");
	return tap_done();
}
