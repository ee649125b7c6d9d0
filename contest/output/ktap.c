/* ktap.c - see ktap.h */
#include "output/ktap.h"

#include <string.h>

void ktap_header(FILE *out, size_t planned)
{
	fprintf(out, "KTAP version 1\n");
	if (planned)
		ktap_plan(out, planned);
	fflush(out);
}

void ktap_plan(FILE *out, size_t n)
{
	fprintf(out, "1..%zu\n", n);
	fflush(out);
}

/* a diagnostic line's text may hold anything but a newline */
static void diagnostic(FILE *out, const char *what, const char *text)
{
	fprintf(out, "# %s: ", what);
	for (const char *c = text; *c; c++)
		fputc(*c == '\n' ? ' ' : *c, out);
	fputc('\n', out);
}

void ktap_run(FILE *out, size_t n, const char *kernel, const struct run_record *rec)
{
	int ok = !strcmp(rec->status, "ok");

	fprintf(out, "# %s.%d: kernel %s\n", rec->load, rec->run, kernel);
	if (ok)
		fprintf(out, "# %s.%d: time_s %.3f cpu_pct %.0f loads %.1f lcpu_pct %.0f\n",
			rec->load, rec->run, rec->time_s, rec->cpu_pct, rec->loads, rec->lcpu_pct);
	else
		diagnostic(out, rec->status, rec->status_detail);
	/* the description is LOAD.RUN: no '#', which would start a directive */
	fprintf(out, "%s %zu %s.%d\n", ok ? "ok" : "not ok", n, rec->load, rec->run);
	fflush(out);
}
