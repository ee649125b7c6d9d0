/* compare-mail.c - compare's verdicts in a mail to a list, see compare-mail.h */
#include "output/compare-mail.h"
#include "output/compare-write.h"
#include "output/mail-names.h"
#include "lib/membuf.h"
#include "output/report-env.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* "NAME: N ok runs of L loads" for kernel k, from the rows of each table's
 * main metric (Time; an interactive task's Latency; a measured load's Work) */
static char *runs_line(const struct compare *c, size_t k)
{
	const char *kernel = c->report.kernels[k];
	size_t runs = 0, loads = 0;

	for (size_t i = 0; i < c->nrows; i++)
		if (c->rows[i].main && c->rows[i].kernel == kernel && c->rows[i].s->n) {
			runs += c->rows[i].s->n;
			loads++;
		}
	return xasprintf("%s: %zu ok run%s of %zu load%s%s", kernel, runs, runs == 1 ? "" : "s",
			 loads, loads == 1 ? "" : "s", k ? "" : " (the base)");
}

static void write_head(const struct compare *c, char *const *confounds, FILE *out)
{
	char *line;

	fputs("Kernels compared:\n", out);
	for (size_t k = 0; k < c->report.nkernels; k++) {
		line = runs_line(c, k);
		mail_wrap(out, line, MAIL_WIDTH, "  ");
		free(line);
	}
	for (char *const *s = confounds; s && *s; s++) {
		line = xasprintf("Warning: %s.", *s);
		mail_wrap(out, line, MAIL_WIDTH, "");
		free(line);
	}
	fputc('\n', out);
}

/* compare's text of c without skip_load's rows (NULL: all), their counts
 * of verdicts, malloc'd */
static char *text_without(const struct compare *c, const char *skip_load)
{
	struct compare body = *c;
	char *text;

	body.rows = xcalloc(c->nrows + 1, sizeof(*body.rows));
	body.nrows = 0;
	/* the verdicts counted are the rows shown (Holm's tests stay all of them) */
	body.nverdicts = body.ndecided = body.nseparate = body.npaired = 0;
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *row = &c->rows[i];

		if (skip_load && !strcmp(row->load, skip_load))
			continue;
		body.rows[body.nrows++] = *row;
		if (!compare_has_verdict(row))
			continue;
		body.nverdicts++;
		body.ndecided += row->verdict.kind != VERDICT_UNDECIDED;
		body.nseparate += row->metric != COMPARE_RATIO && !row->interleaved;
		body.npaired += row->paired != 0;
	}
	text = compare_text(&body, 1);
	free(body.rows);
	return text;
}

int compare_write_mail_section(const struct compare *c, char *const *confounds,
			       const char *skip_load, FILE *out)
{
	struct compare shown;
	char **names = mail_names(c->report.kernels, c->report.nkernels, 0), *text;
	int ret;

	compare_alias(c, &shown, names);	/* the tables laid out with the names shown */
	text = text_without(&shown, skip_load);
	if (text) {
		write_head(&shown, confounds, out);
		mail_fold(out, text);
	}
	compare_alias_release(&shown);
	mail_names_free(names);
	ret = text ? 0 : -1;
	free(text);
	return ret;
}

int compare_write_mail(const struct compare *c, struct env *const *envs, char *const *confounds,
		       const char *from, const char *to, FILE *out)
{
	char *const *kernels = c->report.kernels;
	size_t n = c->report.nkernels;
	char *subject = mail_subject("[BENCHMARK] contest compare:", kernels, n);
	char *env = report_env_summary(envs, kernels, n, &c->report), *body;
	struct mail_headers h = { .from = from, .to = to, .subject = subject };
	struct membuf m;
	FILE *mem = membuf_open(&m);
	int ret;

	mail_names_free(mail_names(kernels, n, 1));	/* say which names the body rewrites */
	mail_wrap(mem, env, MAIL_PARA_WIDTH, "");
	fputc('\n', mem);
	ret = compare_write_mail_section(c, confounds, NULL, mem);
	body = membuf_close(&m, ret == 0);
	if (body)
		ret = mail_write(out, &h, body);
	free(body);
	free(env);
	free(subject);
	return ret;
}
