/* t-sh-quote.c - sh_quote and sh_command: a word as one shell word, and
 * split_words (the shell's reading, without expansion) giving it back */
#include "lib/sh-quote.h"
#include "lib/config.h"
#include "lib/util.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static void quote_is(const char *word, const char *want, const char *what)
{
	char *got = sh_quote(word);

	is_str(got, want, "%s", what);
	free(got);
}

/* word quoted, then read back by split_words: the one word itself */
static int round_trip(const char *word)
{
	const char *err = NULL;
	char *q = sh_quote(word), **back = split_words(q, &err);
	int same = back && back[0] && !strcmp(back[0], word) && !back[1];

	argv_free(back);
	free(q);
	return same;
}

int main(void)
{
	const char *words[] = { "contest", "rerun", "-r", "/r/it's here", "k1", NULL };
	char word[4], *cmd;
	int all = 1;

	quote_is("/src/linux-6.1_rc1.x,y:z+@%", "/src/linux-6.1_rc1.x,y:z+@%",
		 "a word of safe characters as it is");
	quote_is("a=b", "a=b", "'=' inside a word as it is");
	quote_is("=cmd", "'=cmd'", "'=' first quoted (zsh's =cmd)");
	quote_is("~", "'~'", "'~' quoted (a home)");
	quote_is("", "''", "the empty word as ''");
	quote_is("it's", "'it'\\''s'", "a quote as '\\'' (git's sq_quote)");
	quote_is("my dir", "'my dir'", "a space in quotes");
	quote_is("$HOME `x` \"y\" \\ ; & | * ? [a] {b} (c) <d> !e #f",
		 "'$HOME `x` \"y\" \\ ; & | * ? [a] {b} (c) <d> !e #f'",
		 "every other character of the shell's in single quotes, as it is");
	quote_is("''", "''\\'''\\'''", "two quotes");

	for (int c = 1; c < 256; c++) {	/* every byte, alone and between others */
		snprintf(word, sizeof(word), "%c", c);
		all &= round_trip(word);
		snprintf(word, sizeof(word), "a%cb", c);
		all &= round_trip(word);
	}
	ok(all, "every byte, alone and in a word, read back by split_words as the word");
	ok(round_trip("it's a '$x' \"y\" \\n"), "a word of quotes read back as it is");

	cmd = sh_command(words);
	is_str(cmd, "contest rerun -r '/r/it'\\''s here' k1", "sh_command: the words, quoted, by spaces");
	free(cmd);
	return tap_done();
}
