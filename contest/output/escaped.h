/* escaped.h - text shown to a terminal, its control bytes escaped
 *
 * The text writers of report and compare write through it: what a
 * terminal is shown of env values, process names and folder names holds
 * no escape sequence (fput_escaped, lib/util.h).
 */
#ifndef CONTEST_ESCAPED_H
#define CONTEST_ESCAPED_H

#include <stdio.h>

/*
 * A stream whose text reaches out a line at a time with its control bytes
 * escaped, lines and UTF-8 kept (fput_escaped): what a terminal is shown
 * of env values, process names and folder names holds no escape sequence.
 * It keeps no more than a line. escaped_close() closes it and
 * flushes out: 0, or -1 when out reports a write error (printed, "cannot
 * write WHAT").
 */
FILE *escaped_open(FILE *out);
int escaped_close(FILE *f, FILE *out, const char *what);

#endif
