/* load-list.c - contest list's table: a line a load, whether it can run here and why not (see load-list.h) */
#include "output/load-list.h"

void load_list_header(FILE *out)
{
	fprintf(out, "%-13s %-3s %-22s %s\n", "LOAD", "OK", "UNIT", "WHAT IT DOES");
}

#include <string.h>

enum { LIST_WIDTH = 80, HELP_COL = 41, WHY_COL = 23 };

/* text from column at (where the line is) to LIST_WIDTH, broken at
 * blanks, each further line indented to col: the list fits a terminal of 80 */
static void wrapped(FILE *out, const char *text, int at, int col)
{
	for (int first = 1; *text; first = 0) {
		size_t len = strlen(text), cut = len;
		size_t room = (size_t)(LIST_WIDTH - (first && at > col ? at : col));

		if (len > room) {
			for (cut = room; cut > 0 && text[cut] != ' '; cut--)
				;
			if (!cut)
				cut = strcspn(text, " ");
		}
		fprintf(out, "%*s%.*s\n", first ? 0 : col, "", (int)cut, text);
		text += cut;
		text += strspn(text, " ");
	}
}

void load_list_line(FILE *out, const struct load *l, int ok, const char *why)
{
	int at = fprintf(out, "%-13s %-3s %-22s ", l->name, ok ? "yes" : "no", l->unit);

	wrapped(out, l->help, at, HELP_COL);
	if (!ok) {
		fprintf(out, "%-13s     why: ", "");
		wrapped(out, why, WHY_COL, WHY_COL);
	}
}
