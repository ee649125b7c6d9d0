/* changes-mail.c - contest changes --format mail: one digest of every
 * change point, in the kernel test robot's layout (its greeting, "noticed
 * a +N% regression of METRIC", the two kernels' columns, %change)
 *
 * A simple writer of its own: compare's lkp mail (another writer, for
 * two kernels) has the robot's whole layout, and this digest should
 * become a caller of it, one section per change point, when both are in.
 */
#include "output/changes-mail.h"
#include "output/mail.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static size_t count_points(const struct history *h)
{
	size_t n = 0;

	for (size_t s = 0; s < h->nseries; s++)
		n += h->series[s].ch.n;
	return n;
}

static void mail_summary_line(FILE *b, const struct history *h, const struct history_series *hs,
			      const struct change_point *cp)
{
	char title[64];

	fprintf(b, "  %+.1f%% %s of %s.%s %s %s and %s\n", cp->pct, changes_word(cp, hs->metric),
		hs->name, metric_title(&h->r->own, hs->metric, title, sizeof(title)),
		cp->kind == CHANGE_RAMP ? "ramping from" : "between",
		history_kernel(h, cp->before), history_kernel(h, cp->after));
}

static void mail_detail(FILE *b, const struct history *h, const struct history_series *hs,
			const struct change_point *cp)
{
	char title[64], cmd[600], p[32];
	int dec = metrics[hs->metric].text > 0 ? metrics[hs->metric].text : 0;

	fprintf(b, "\n%s %s\n%s %s\n", cp->kind == CHANGE_RAMP ? "first:" : "before:",
		history_kernel(h, cp->before), cp->kind == CHANGE_RAMP ? "last: " : "after: ",
		history_kernel(h, cp->after));
	if (cp->kind == CHANGE_STEP)
		fprintf(b, "where:  between %s and %s (95%%: %zu position%s)\n",
			history_kernel(h, cp->set_before), history_kernel(h, cp->set_after),
			cp->set_width, cp->set_width == 1 ? "" : "s");
	if (changes_bisect_command(h, cp, cmd, sizeof(cmd)))
		fprintf(b, "bisect: %s\n", cmd);
	fprintf(b, "\n%16s %27s\n", "segment before", "segment after");
	fprintf(b, "---------------- ---------------------------\n");
	fprintf(b, "         %%stddev     %%change         %%stddev\n");
	fprintf(b, "             \\          |                \\\n");
	fprintf(b, "%13.*f %+13.1f%% %12.*f        %s.%s\n", dec, cp->mean_before, cp->pct, dec,
		cp->mean_after, hs->name, metric_title(&h->r->own, hs->metric, title, sizeof(title)));
	fprintf(b, "               [%+.1f%%, %+.1f%%] %s%s\n", cp->pct_low, cp->pct_high,
		changes_p_text(cp->p, p, sizeof(p)), cp->drift ? ", by kernels: separate sessions" : "");
}

int changes_write_mail(const struct history *h, const struct changes_write_opts *o, FILE *out)
{
	struct mail_headers hd = { .from = o->from, .to = o->to };
	size_t n = count_points(h), len = 0;
	char *body = NULL, *subject, kernels[40];
	FILE *b = open_memstream(&body, &len);
	int ret;

	if (!b)
		return error("cannot make the mail: %s", strerror(errno));
	fprintf(b, "Hello,\n\ncontest noticed %zu change point%s in the history of %s\n"
		"in %s:\n\n", n, n == 1 ? "" : "s", changes_plural(h->n, "kernel", kernels,
		sizeof(kernels)), o->dir ? o->dir : "the results");
	for (size_t s = 0; s < h->nseries; s++)
		for (size_t i = 0; i < h->series[s].ch.n; i++)
			mail_summary_line(b, h, &h->series[s], &h->series[s].ch.points[i]);
	if (n)
		fprintf(b, "\nDetails are as below:\n-----------------------------------------"
			"------------------------------>\n");
	for (size_t s = 0; s < h->nseries; s++)
		for (size_t i = 0; i < h->series[s].ch.n; i++)
			mail_detail(b, h, &h->series[s], &h->series[s].ch.points[i]);
	fprintf(b, "\nEach change point: E-divisive means over every run, p corrected for the\n"
		"search (contest.1, CHANGES).\n");
	if (fclose(b))
		return error("cannot make the mail: %s", strerror(errno));
	subject = xasprintf("[contest] %zu change point%s in %s", n, n == 1 ? "" : "s", kernels);
	hd.subject = subject;
	ret = mail_write(out, &hd, body);
	free(subject);
	free(body);
	return ret;
}
