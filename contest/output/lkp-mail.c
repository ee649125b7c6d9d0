/* lkp-mail.c - two kernels compared as the kernel test robot mails it, see lkp-mail.h */
#include "output/lkp-mail.h"
#include "output/compare-write.h"
#include "output/mail.h"
#include "lib/membuf.h"
#include "results/machine.h"
#include "results/rebuild.h"
#include "results/symbols.h"
#include "record/env.h"
#include "sys/psi.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* one line of the table */
struct lkp_row {
	char *name;			/* contest.LOAD.KEY */
	const char *load;		/* the compare row's load, or the table's */
	int metric;			/* metric.h's id, -1 for a pressure, monitor or symbol */
	double base, base_sd, head, head_sd;	/* base_sd NAN: none */
	size_t nbase, nhead;		/* the runs compared */
	int decimals;
	char mde[24];
	const char *verdict;
	int rank;			/* the verdict's place in the order */
	int main;			/* its table's main metric (compare_row's) */
	int symbol;			/* a profiled symbol's share: in focus only when named */
	int flat;			/* the same value in every run of both: left out */
};

struct lkp_rows {
	struct lkp_row *v;
	size_t n, alloc;
};

/* worse first: what the mail is about; "-" (no verdict) last */
static int verdict_rank(const char *verdict)
{
	static const char *const order[] = { "worse", "better", "changed", "same", "undecided" };

	for (size_t i = 0; i < ARRAY_SIZE(order); i++)
		if (!strcmp(verdict, order[i]))
			return (int)i;
	return (int)ARRAY_SIZE(order);
}

/* 100 * (head / base - 1), NAN where base is 0 and head is not */
static double change_pct(const struct lkp_row *r)
{
	if (r->base == 0)
		return r->head == 0 ? 0 : NAN;
	return 100 * (r->head / r->base - 1);
}

static struct lkp_row *add_row(struct lkp_rows *rows, const char *load, const char *key)
{
	struct lkp_row *r;

	if (rows->n == rows->alloc) {
		rows->alloc = rows->alloc ? 2 * rows->alloc : 32;
		rows->v = xrealloc(rows->v, rows->alloc * sizeof(*rows->v));
	}
	r = &rows->v[rows->n++];
	memset(r, 0, sizeof(*r));
	r->name = xasprintf("contest.%s.%s", load, key);
	r->load = load;
	r->metric = -1;
	return r;
}

static double rel_sd(const struct running_stats *s)
{
	double m = running_stats_mean(s);

	return s->n > 1 && m != 0 ? 100 * running_stats_sd(s) / fabs(m) : 0;
}

static void set_stats(struct lkp_row *r, const struct running_stats *b,
		      const struct running_stats *h)
{
	r->nbase = b->n;
	r->nhead = h->n;
	r->base = running_stats_mean(b);
	r->base_sd = rel_sd(b);
	r->head = running_stats_mean(h);
	r->head_sd = rel_sd(h);
}

/* compare's rows: every metric it compared, with its MDE and verdict */
static void compare_rows(const struct compare *c, struct lkp_rows *rows)
{
	for (size_t i = 1; i < c->nrows; i++) {
		const struct compare_row *h = &c->rows[i], *b = &c->rows[i - 1];
		const struct metric *m = &metrics[h->metric];
		struct lkp_row *r;
		char mde[24];

		/* unlike figures (TEST_UNLIKE) have no change to name: write_tail says why */
		if (h->is_base || !b->is_base || b->metric != h->metric || strcmp(b->load, h->load) ||
		    !b->s->n || !h->s->n || h->test == TEST_UNLIKE)
			continue;
		r = add_row(rows, h->load, m->json ? m->json : m->column);
		r->metric = h->metric;
		set_stats(r, b->s, h->s);
		r->decimals = m->cmp;
		r->main = h->main;
		snprintf(r->mde, sizeof(r->mde), "%s", compare_mde_cell(mde, sizeof(mde), h));
		/* paired rounds can see less than 0.05%, but not nothing where runs vary */
		if (!strcmp(r->mde, "0.0%") && (r->base_sd > 0 || r->head_sd > 0))
			snprintf(r->mde, sizeof(r->mde), "<0.1%%");
		r->verdict = compare_verdict_cell(h);
	}
}

/* the compare row of load's main metric in the head: how its runs were made */
static const struct compare_row *main_row(const struct compare *c, const char *load)
{
	for (size_t i = 0; i < c->nrows; i++)
		if (c->rows[i].main && !c->rows[i].is_base && !strcmp(c->rows[i].load, load))
			return &c->rows[i];
	return NULL;
}

/* a pressure's or a monitor's row, judged as compare judges its main
 * metric's runs: Welch within a session, with the drift across sessions */
static void add_extra(const struct compare *c, struct lkp_rows *rows, const char *load,
		      const char *key, const struct running_stats *b,
		      const struct running_stats *h, enum verdict_direction dir)
{
	const struct compare_row *how = main_row(c, load);
	struct verdict_opts o = { c->opts.alpha, VERDICT_POWER, c->opts.margin_pct, dir };
	struct log_diff d;
	struct verdict v;
	struct lkp_row *r;

	if (!b->n || !h->n)
		return;
	r = add_row(rows, load, key);
	set_stats(r, b, h);
	r->decimals = 1;
	if (how && how->interleaved)
		log_diff_welch(&d, b, h);
	else
		log_diff_drift(&d, b, h, c->opts.tau2, c->opts.tau_df);
	verdict_decide(&v, &d, &o);
	r->verdict = verdict_name(v.kind);
	if (isfinite(v.mde_pct))
		snprintf(r->mde, sizeof(r->mde), "%.1f%%", v.mde_pct);
	else
		snprintf(r->mde, sizeof(r->mde), "-");
}

/* the pressure and the monitors' figures of each table both kernels ran */
static void extra_rows(const struct compare *c, struct lkp_rows *rows)
{
	for (size_t t = 0; t < c->report.ntables; t++) {
		const struct report_table *tab = &c->report.tables[t];
		const struct load_summary *b, *h;
		char key[64];

		if (tab->nrows < 2 || !tab->rows[0].s || !tab->rows[1].s)
			continue;
		b = tab->rows[0].s;
		h = tab->rows[1].s;
		for (int j = 0; j < 2 * PSI_NCOL; j++) {
			snprintf(key, sizeof(key), "%spsi_%s_us", j < PSI_NCOL ? "" : "cg_",
				 psi_names[j % PSI_NCOL]);
			add_extra(c, rows, tab->name, key, &b->psi[j], &h->psi[j], LOWER_IS_BETTER);
		}
		add_extra(c, rows, tab->name, "pgmajfault", &b->majflt, &h->majflt, LOWER_IS_BETTER);
		add_extra(c, rows, tab->name, "steal_s", &b->steal, &h->steal, NO_DIRECTION);
		add_extra(c, rows, tab->name, "others_cpu_s", &b->others, &h->others, NO_DIRECTION);
	}
}

/* a profiled symbol's row (symbols.h), as the robot's perf-profile.self rows */
static void symbol_row(struct lkp_rows *rows, const struct symbol_row *s)
{
	char *key = xasprintf("perf-profile.self.%s", s->symbol);
	struct lkp_row *r = add_row(rows, s->load, key);

	free(key);
	r->base = s->base_pct;
	r->head = s->new_pct;
	r->base_sd = s->base_pct > 0 ? 100 * s->base_sd / s->base_pct : NAN;
	r->head_sd = s->new_pct > 0 ? 100 * s->new_sd / s->new_pct : NAN;
	r->nbase = s->base_runs;
	r->nhead = s->new_runs;
	r->decimals = 2;
	r->symbol = 1;
	if (isfinite(s->verdict.mde_pct))
		snprintf(r->mde, sizeof(r->mde), "%.1f%%", s->verdict.mde_pct);
	else
		snprintf(r->mde, sizeof(r->mde), "-");
	r->verdict = verdict_name(s->verdict.kind);
}

/* per load the symbols tested: those decided worse or better, and the
 * LKP_MORE_SYMBOLS others that moved most (a profile tests a hundred) */
static void symbol_rows(const struct compare *c, struct lkp_rows *rows)
{
	enum { LKP_MORE_SYMBOLS = 5 };

	for (size_t t = 0; t < c->report.ntables; t++) {
		const struct symbol_row **syms;
		size_t n = symbols_of(c, c->report.tables[t].name, 1, &syms), more = 0;

		for (size_t i = 0; i < n && syms[i]->tested; i++) {
			int decided = syms[i]->verdict.kind == VERDICT_WORSE ||
				      syms[i]->verdict.kind == VERDICT_BETTER;

			if (decided || more++ < LKP_MORE_SYMBOLS)
				symbol_row(rows, syms[i]);
		}
		free(syms);
	}
}

static int row_cmp(const void *a, const void *b)
{
	const struct lkp_row *x = a, *y = b;
	double cx = fabs(change_pct(x)), cy = fabs(change_pct(y));

	if (x->rank != y->rank)
		return x->rank - y->rank;
	if (fabs(cx - cy) < 0.05 && x->main != y->main)	/* as printed, the same change */
		return y->main - x->main;
	if (isnan(cx) != isnan(cy))
		return isnan(cx) ? -1 : 1;	/* from nothing to something: the largest */
	if (cx != cy)
		return cx > cy ? -1 : 1;
	return strcmp(x->name, y->name);
}

static void collect(const struct compare *c, struct lkp_rows *rows)
{
	memset(rows, 0, sizeof(*rows));
	compare_rows(c, rows);
	extra_rows(c, rows);
	symbol_rows(c, rows);
	for (size_t i = 0; i < rows->n; i++) {
		if (!*rows->v[i].verdict)
			rows->v[i].verdict = "-";
		rows->v[i].rank = verdict_rank(rows->v[i].verdict);
	}
	if (rows->n > 1)	/* none: v is NULL, which qsort may not take */
		qsort(rows->v, rows->n, sizeof(*rows->v), row_cmp);
}

static void rows_release(struct lkp_rows *rows)
{
	for (size_t i = 0; i < rows->n; i++)
		free(rows->v[i].name);
	free(rows->v);
}

/* does the row's metric answer to name (label, JSON key or column)? */
static int metric_named(const struct lkp_row *r, const char *name)
{
	const struct metric *m;

	if (r->metric < 0)
		return !strcmp(strrchr(r->name, '.') + 1, name) ||
		       !strcmp(r->name + strlen("contest.") + strlen(r->load) + 1, name);
	m = &metrics[r->metric];
	return !strcasecmp(m->label, name) || (m->json && !strcmp(m->json, name)) ||
	       (m->column && !strcmp(m->column, name));
}

/* the row in focus: m's load and metric, else the first (the worst), its
 * table's main metric (Time) before others of its verdict (Ratio) */
static const struct lkp_row *focus_row(const struct lkp_rows *rows, const struct lkp_mail *m)
{
	for (size_t i = 0; !m->metric && i < rows->n && rows->v[i].rank == rows->v[0].rank; i++)
		if (rows->v[i].main && (!m->load || !strcmp(rows->v[i].load, m->load)))
			return &rows->v[i];
	for (size_t i = 0; i < rows->n; i++) {
		const struct lkp_row *r = &rows->v[i];

		/* a share of the profile explains a regression; it is none itself */
		if ((!m->load || !strcmp(r->load, m->load)) &&
		    (m->metric ? metric_named(r, m->metric) : !r->symbol))
			return r;
	}
	return NULL;
}

/* "11.7% regression", "3.0% improvement", "2.1% change" */
static char *focus_words(const struct lkp_row *r)
{
	double ch = change_pct(r);
	const char *what = !strcmp(r->verdict, "worse") ? "regression" :
			   !strcmp(r->verdict, "better") ? "improvement" : "change";

	if (isnan(ch))
		return xasprintf("new %s", what);
	return xasprintf("%.1f%% %s", fabs(ch), what);
}

/* an env value, or dflt when absent or empty */
static const char *or(const char *v, const char *dflt)
{
	return v && *v ? v : dflt;
}

/* what the timed thing was: the kernel compile, the command, the load measured */
static char *testcase_config(const struct env *e)
{
	const struct env_record_config *c = &env_record(e)->config;
	const char *wl = or(c->workload, "kernel");

	if (!strcmp(wl, "command"))
		return xasprintf("command '%s'", or(c->command, "?"));
	if (!strcmp(wl, "load"))
		return xasprintf("measure %s for %s", or(c->measure, "?"), or(c->duration, "?"));
	if (strcmp(wl, "kernel"))
		return xstrdup(wl);
	return xasprintf("make %s %s -j%s (the timed compile)", or(c->kconfig, "?"),
			 or(c->make_target, "?"), or(c->make_jobs, "?"));
}

static void write_parameters(FILE *out, const struct env *e, const struct lkp_row *focus)
{
	static const enum env_id keys[] = {
		ENV_ID_config_mem_limit, ENV_ID_config_cpu_limit, ENV_ID_config_monitors,
		ENV_ID_knobs, ENV_ID_guest, ENV_ID_guest_accel, ENV_ID_guest_cpus, ENV_ID_guest_mem,
		ENV_ID_guest_qemu, ENV_ID_io_scheduler, ENV_ID_governor, ENV_ID_thp,
	};
	char *wl = testcase_config(e), *line;

	fprintf(out, "parameters:\n\n");
	line = xasprintf("load: %s\nworkload: %s\nworkload's compiler: %s\nruns: %zu and %zu "
			 "compared", focus->load, wl, or(env_record(e)->compiler, "not recorded"),
			 focus->nbase, focus->nhead);
	for (char *p = strtok(line, "\n"); p; p = strtok(NULL, "\n"))
		mail_wrap(out, p, MAIL_WIDTH, "        ");
	free(line);
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++) {
		/* a config key by its own name, as the config has it */
		line = xasprintf("%s: %s", env_keys[keys[i]].key, or(env_value(e, keys[i]), "-"));
		mail_wrap(out, line, MAIL_WIDTH, "        ");
		free(line);
	}
	fputc('\n', out);
	free(wl);
}

/* word n (0 first) of text, in buf */
static const char *word_of(const char *text, int n, char *buf, size_t size)
{
	for (; text && n >= 0; n--) {
		size_t len;

		text += strspn(text, " ");
		len = strcspn(text, " ");
		if (!n && len) {
			snprintf(buf, size, "%.*s", (int)len, text);
			return buf;
		}
		text += len;
	}
	return NULL;
}

/* "s" after a count that is not one */
static const char *plural(const char *count)
{
	return strcmp(count, "1") ? "s" : "";
}

/*
 * The machine measured: the host; for a run --boot guest the host it ran
 * on (its uname, CPUs, memory: the guest's own hostname is "(none)") and
 * what the guest was given and saw
 */
static char *test_machine(const struct env *e)
{
	const struct env_record *er = env_record(e);
	const char *hcpus = or(er->host_cpus, "?"), *gcpus = or(er->guest_cpus, "?");
	char node[256], hrel[256], grel[256], *label;
	struct machine mach;
	double gib = er->host_memtotal ? strtod(er->host_memtotal, NULL) / (1 << 30) : NAN;

	char *emulated, *text;

	machine_of(&mach, e);
	label = machine_label(&mach);
	/* no host recorded (an older guest session): the label says what is known */
	if (!er->guest || !strcmp(er->guest, "none") || !er->host_uname) {
		machine_release(&mach);
		return label;
	}
	free(label);
	/* a QEMU guest's accelerator, vCPUs and QEMU: what its times are worth */
	emulated = er->guest_accel ? machine_guest_text(&mach) : NULL;
	machine_release(&mach);
	text = xasprintf("%s (Linux %s, %s CPU%s, %.1f GiB) running a %s guest of %s CPU%s "
			 "and %s memory (%s, kernel %s)%s%s",
			 or(word_of(er->host_uname, 1, node, sizeof(node)), "unknown host"),
			 or(word_of(er->host_uname, 2, hrel, sizeof(hrel)), "?"), hcpus,
			 plural(hcpus), gib, er->guest, gcpus, plural(gcpus),
			 or(er->guest_mem, "?"), or(er->cpu_model, "unknown CPU"),
			 or(word_of(er->uname, 2, grel, sizeof(grel)), "?"),
			 emulated ? ": " : "", emulated ? emulated : "");
	free(emulated);
	return text;
}

/* the kernel's config: the one its build saved, else what is known of it */
static char *kernel_config(const struct env *e)
{
	const struct env_record *er = env_record(e);
	char release[256];

	if (er->kernel_config)
		return xstrdup(er->kernel_config);
	return xasprintf("not recorded (kernel %s)",
			 or(word_of(er->uname, 2, release, sizeof(release)), "unknown"));
}

/* the commit line's "SHA (\"subject\")" and the subject's SHA */
static const char *head_commit(const struct lkp_mail *m, const struct env *e, const char *kernel)
{
	return m->commit ? m->commit : or(env_record(e)->commit, kernel);
}

static void write_intro(FILE *out, const struct compare *c, struct env *const *envs,
			const struct lkp_mail *m, const struct lkp_row *focus)
{
	const struct env *he = envs ? envs[1] : NULL;
	const char *subj = m->subject ? m->subject : or(env_record(he)->subject, NULL);
	char *words = focus_words(focus), *line, *mach = test_machine(he), *cfg = kernel_config(he);

	fprintf(out, "Hello,\n\n");
	line = xasprintf("contest noticed a %s of %s on:", words, focus->name);
	mail_wrap(out, line, MAIL_WIDTH, "");
	free(line);
	fputs("\n\n", out);
	line = subj ? xasprintf("commit: %s (\"%s\")", head_commit(m, he, c->report.kernels[1]), subj) :
		      xasprintf("commit: %s", head_commit(m, he, c->report.kernels[1]));
	mail_wrap(out, line, MAIL_WIDTH, "");
	free(line);
	fputc('\n', out);
	if (m->found) {
		mail_wrap(out, m->found, MAIL_WIDTH, "");
		fputc('\n', out);
	}
	/* the kernel's config and compiler, as the robot's: the workload's cc is a parameter */
	line = xasprintf("testcase: contest/%s\nconfig: %s\ncompiler: %s\ntest machine: %s\n",
			 focus->load, cfg, or(env_record(he)->kernel_compiler, "not recorded"), mach);
	for (char *p = strtok(line, "\n"); p; p = strtok(NULL, "\n"))
		mail_wrap(out, p, MAIL_WIDTH, "");
	fputc('\n', out);
	write_parameters(out, he, focus);
	free(line);
	free(cfg);
	free(mach);
	free(words);
}

/* a mean with its decimals; a symbol's share in percent */
static void put_mean(FILE *out, double v, int decimals)
{
	char buf[48];

	fmt_fixed(buf, sizeof(buf), v, decimals);
	fprintf(out, "%14s", buf);
}

static void put_sd(FILE *out, double sd)
{
	if (isnan(sd))
		fputs(" +-  -", out);
	else
		fprintf(out, " +-%3.0f%%", sd);
}

static void write_row(FILE *out, const struct lkp_row *r)
{
	double ch = change_pct(r);
	char change[32];

	if (isnan(ch))
		snprintf(change, sizeof(change), "-");
	else
		snprintf(change, sizeof(change), "%+.1f%%", print_zero(ch, 1));
	put_mean(out, r->base, r->decimals);
	put_sd(out, r->base_sd);
	fprintf(out, " %10s  ", change);
	put_mean(out, r->head, r->decimals);
	put_sd(out, r->head_sd);
	fprintf(out, " %8s  %-9s  %s\n", r->mde, r->verdict, r->name);
}

/* id (a commit or a kernel's name) from column col of a line written up to
 * column at, or one space after it; a hex commit id longer than 16 cut to
 * 16. The column it ends at. */
static int put_column_id(FILE *out, const char *id, int col, int at)
{
	size_t len = strlen(id);

	if (len > 16 && strspn(id, "0123456789abcdef") == len)
		len = 16;
	return at + fprintf(out, "%*s%.*s", col > at ? col - at : at ? 1 : 0, "", (int)len, id);
}

#define LKP_DASHES "------------------------------------------------------------"

static void write_table(FILE *out, const struct compare *c, struct env *const *envs,
			const struct lkp_mail *m, const struct lkp_rows *rows)
{
	/* the columns are named by commit, as the robot's are */
	const char *base = or(env_record(envs ? envs[0] : NULL)->commit, c->report.kernels[0]);
	const char *head = head_commit(m, envs ? envs[1] : NULL, c->report.kernels[1]);

	fputs("Details are as below:\n", out);
	fputs("------------------------------------------------------------------------------->\n\n",
	      out);
	fputs("commit:\n", out);
	for (int k = 0; k < 2; k++) {
		const struct env *e = envs ? envs[k] : NULL;
		const char *subj = k && m->subject ? m->subject : or(env_record(e)->subject, NULL);
		const char *id = k ? head : base;

		if (subj)
			fprintf(out, "  %s (\"%s\")\n", id, subj);
		else
			fprintf(out, "  %s\n", id);
	}
	/* over the columns write_row lays out: a mean and its SD in 21, the
	 * change in 13, the head's mean and SD in 21, MDE, verdict, the name;
	 * each commit above its column (a full id cut to 16 digits, as the
	 * robot's: the commit lines above have it whole) */
	fputc('\n', out);
	put_column_id(out, head, 34, put_column_id(out, base, 0, 0));
	fputc('\n', out);
	fprintf(out, "%.21s%13s%.21s\n", LKP_DASHES, "", LKP_DASHES);
	fprintf(out, "%21s %10s  %21s %8s  %s\n", "%stddev", "%change", "%stddev", "MDE",
		"verdict");
	fprintf(out, "%20s%9s%25s\n", "\\", "|", "\\");
	for (size_t i = 0; i < rows->n; i++)
		if (!rows->v[i].flat)
			write_row(out, &rows->v[i]);
	fputc('\n', out);
}

/* the rows left out of the table, in one paragraph: what they were is still said */
static void write_flat(FILE *out, const struct lkp_rows *rows)
{
	struct membuf mb;
	FILE *f = membuf_open(&mb);
	size_t n = 0;
	char *text;

	for (size_t i = 0; i < rows->n; i++)
		if (rows->v[i].flat)
			fprintf(f, "%s %s", n++ ? "," : "", rows->v[i].name);
	if (!(text = membuf_close(&mb, 1)))
		return;
	if (n) {
		char *line = xasprintf("Left out, the same value in every run of both: %zu row%s "
				       "(%s).", n, n == 1 ? "" : "s", text + 1);

		mail_wrap(out, line, MAIL_WIDTH, "");
		fputc('\n', out);
		free(line);
	}
	free(text);
}

/* a candidate's image built again (rebuild.h): a guest's session, which
 * rerun boots, is no more than its image is */
static void write_rebuild(FILE *out, const struct env *e)
{
	struct rebuild rb = { 0 };

	if (e && rebuild_of(&rb, e) == 0) {
		fputc('\n', out);
		mail_wrap(out, rb.prose, MAIL_WIDTH, "");
		if (*rb.cmds)
			fputc('\n', out);
		for (char ***cmd = rb.cmds; *cmd; cmd++)
			mail_command(out, (const char *const *)*cmd, "        ");
	}
	rebuild_release(&rb);
}

static void write_tail(FILE *out, const struct compare *c, struct env *const *envs,
		       const struct lkp_mail *m, char *const *confounds)
{
	for (char *const *s = confounds; s && *s; s++) {
		char *line = xasprintf("Warning: %s.", *s);

		mail_wrap(out, line, MAIL_WIDTH, "");
		free(line);
	}
	for (size_t i = 0; i < c->nrows; i++) {
		char *line;

		if (c->rows[i].test != TEST_UNLIKE)
			continue;
		line = xasprintf("contest.%s.%s: %s.", c->rows[i].load,
				 metrics[c->rows[i].metric].column, c->rows[i].verdict.reason);
		mail_wrap(out, line, MAIL_WIDTH, "");
		free(line);
	}
	if ((confounds && *confounds) || c->nunlike)
		fputc('\n', out);
	fputs("MDE is the smallest change the runs would detect (80% power); the verdict\n"
	      "is compare's (contest compare): worse, better, changed, same, undecided.\n\n", out);
	fputs("To reproduce:\n\n", out);
	for (size_t k = 0; k < 2; k++) {
		const char *with_dir[] = { "contest", "rerun", "-r", m->dir, c->report.kernels[k], NULL };
		const char *without[] = { "contest", "rerun", c->report.kernels[k], NULL };

		mail_command(out, m->dir ? with_dir : without, "        ");
	}
	for (size_t k = 0; envs && k < 2; k++)
		write_rebuild(out, envs[k]);
}

int compare_write_lkp(const struct compare *c, struct env *const *envs, char *const *confounds,
		      const struct lkp_mail *m, FILE *out)
{
	struct lkp_rows rows;
	const struct lkp_row *focus;
	struct membuf mb;
	struct mail_headers h = { .from = m->from, .to = m->to };
	char *subject = NULL, *words, *body;
	FILE *mem;
	int ret = -1;

	if (c->report.nkernels != 2)
		return error("the lkp mail compares two kernels, not %zu", c->report.nkernels);
	collect(c, &rows);
	focus = focus_row(&rows, m);
	if (!focus) {
		error("no row of %s%s%s to report on", m->load ? m->load : "any load",
		      m->metric ? " and metric " : "", m->metric ? m->metric : "");
		goto out;
	}
	for (size_t i = 0; i < rows.n; i++) {
		struct lkp_row *r = &rows.v[i];

		/* no variation, nothing to tell: a pressure 0 on both sides */
		r->flat = r != focus && r->base_sd == 0 && r->head_sd == 0 && r->base == r->head;
	}
	words = focus_words(focus);
	subject = xasprintf("[contest] %s: %s %s",
			    head_commit(m, envs ? envs[1] : NULL, c->report.kernels[1]),
			    focus->name, words);
	free(words);
	h.subject = subject;
	h.wide_table = 1;	/* the table stays one row a line, as the robot's */
	mem = membuf_open(&mb);
	write_intro(mem, c, envs, m, focus);
	write_table(mem, c, envs, m, &rows);
	write_flat(mem, &rows);
	write_tail(mem, c, envs, m, confounds);
	body = membuf_close(&mb, 1);
	if (body)
		ret = mail_write(out, &h, body);
	free(body);
out:
	free(subject);
	rows_release(&rows);
	return ret;
}
