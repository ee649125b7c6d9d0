/* load-list.c - contest list's table: a line a load, whether it can run here and why not (see load-list.h) */
#include "output/load-list.h"

void load_list_header(FILE *out)
{
	fprintf(out, "%-13s %-3s %-22s %s\n", "LOAD", "OK", "UNIT", "WHAT IT DOES");
}

void load_list_line(FILE *out, const struct load *l, int ok, const char *why)
{
	fprintf(out, "%-13s %-3s %-22s %s\n", l->name, ok ? "yes" : "no", l->unit, l->help);
	if (!ok)
		fprintf(out, "%-13s     why: %s\n", "", why);
}
