/* sh-quote.h - words of a command printed for the user to paste
 *
 * A command contest prints (changes' bisect line, an lkp mail's "To
 * reproduce", rerun's run --boot line) names paths and names it read:
 * a results directory or kernel tree with a space, a quote or a '$' in
 * it must come back as the same word when the line is pasted into a
 * POSIX shell. A word of only safe characters is printed as it is (so
 * the usual command reads as before); any other in single quotes, each
 * ' as '\'' (git's sq_quote), the empty word as ''. split_words
 * (config.h) reads such a line back into the same words.
 */
#ifndef CONTEST_SH_QUOTE_H
#define CONTEST_SH_QUOTE_H

/* word as one shell word (free it) */
char *sh_quote(const char *word);
/* the NULL-terminated words, each sh_quote'd, joined by spaces (free it) */
char *sh_command(const char *const *words);

#endif
