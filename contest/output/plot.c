/* plot.c - gnuplot charts of a report and of its monitor logs, see plot.h */
#include "output/plot.h"
#include "results/metric.h"
#include "results/monitor-logs.h"
#include "loads/load.h"
#include "lib/owner.h"
#include "lib/proc.h"
#include "lib/util.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *plot_extension(enum plot_format format)
{
	return format == PLOT_SVG ? "svg" : "png";
}

/* a name as part of a file name: letters, digits, . _ - kept, others '_' */
static char *file_part(const char *name)
{
	char *s = xstrdup(name);

	for (char *p = s; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-", *p))
			*p = '_';
	if (s[0] == '.')
		s[0] = '_';
	return s;
}

/* a chart's file name: "KIND-LOAD", the load as file_part makes it */
static char *chart_name(const char *kind, const char *load)
{
	char *part = file_part(load), *name = xasprintf("%s-%s", kind, part);

	free(part);
	return name;
}

/* gnuplot single-quoted string: a quote is doubled, control bytes go */
static void gp_string(FILE *out, const char *s)
{
	fputc('\'', out);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', out);
		fputc((unsigned char)*s < 0x20 ? '?' : *s, out);
	}
	fputc('\'', out);
}

/* a double-quoted field of a .dat file: no quote or control byte can end it early */
static void dat_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++)
		fputc(*s == '"' ? '\'' : (unsigned char)*s < 0x20 ? '?' : *s, out);
	fputc('"', out);
}

static void terminal(FILE *gp, enum plot_format format, int w, int h, const char *name)
{
	/* noenhanced: an underscore in io_load is a character, not a subscript */
	if (format == PLOT_SVG)
		fprintf(gp, "set terminal svg noenhanced size %d,%d font 'sans,11' background '#ffffff'\n",
			w, h);
	else
		fprintf(gp, "set terminal pngcairo noenhanced size %d,%d font 'sans,10'\n", w, h);
	fprintf(gp, "set output '%s.%s'\n", name, plot_extension(format));
}

/*
 * Where the charts are made: a directory of our own (0700) inside the output
 * directory, which only we can write, so no file in it is one another user
 * planted or replaced (a symlink to write through, a script for gnuplot to
 * run); gnuplot runs in it. Its files are then renamed into the output
 * directory, over whatever is there (a symlink is replaced, never followed).
 */
struct plot_dir {
	int out_fd;		/* the output directory, checked (open_own_dir) */
	const char *out;	/* its path, for messages and the images' paths */
	int fd;			/* the private directory in it */
	char name[64];		/* its name in out */
	char **files;		/* what was made in it, to rename into out */
	size_t nfiles;
};

/* file is made in the private directory: it goes into out at the end */
static void private_made(struct plot_dir *d, const char *file)
{
	d->files = xrealloc(d->files, (d->nfiles + 1) * sizeof(*d->files));
	d->files[d->nfiles++] = xstrdup(file);
}

/* the private directory NAME.EXT opened for writing, its path in out in
 * *path; NULL (said, *path freed and NULL) */
static FILE *open_in(struct plot_dir *d, const char *name, const char *ext, char **path)
{
	char *file = xasprintf("%s.%s", name, ext);
	int fd = openat(d->fd, file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	*path = xasprintf("%s/%s", d->out, file);
	if (fd >= 0)
		private_made(d, file);
	free(file);
	if (!f) {
		error("cannot write '%s': %s", *path, strerror(errno));
		if (fd >= 0)
			close(fd);
		free(*path);
		*path = NULL;
	}
	return f;
}

/*
 * NAME.gp begun as each chart of one load's is: a comment saying what it
 * is (about, a printf format, and its arguments), the terminal at 800x480
 * and the load as the title, its line ended; NULL (said)
 */
static FILE *gp_begin(struct plot_dir *d, const char *name, char **path, enum plot_format format,
		      const char *title, const char *about, ...)
	__attribute__((format(printf, 6, 7)));

static FILE *gp_begin(struct plot_dir *d, const char *name, char **path, enum plot_format format,
		      const char *title, const char *about, ...)
{
	FILE *gp = open_in(d, name, "gp", path);
	va_list ap;

	if (!gp)
		return NULL;
	va_start(ap, about);
	vfprintf(gp, about, ap);
	va_end(ap);
	terminal(gp, format, 800, 480, name);
	fputs("set title ", gp);
	gp_string(gp, title);
	fputc('\n', gp);
	return gp;
}

static int close_file(FILE *f, const char *path)
{
	if (fclose(f) == EOF)
		return error("cannot write '%s': %s", path, strerror(errno));
	return 0;
}

/* the bytes of the private directory's file, malloc'd, NULL (said) */
static char *read_private(const struct plot_dir *d, const char *file, size_t *len)
{
	char *data = NULL;
	struct stat st;
	int fd;

	errno = 0;
	fd = openat(d->fd, file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		data = xmalloc((size_t)st.st_size + 1);
		if (pread(fd, data, (size_t)st.st_size, 0) != st.st_size) {
			free(data);
			data = NULL;
		} else {
			data[st.st_size] = '\0';
			*len = (size_t)st.st_size;
		}
	}
	if (!data)
		error("cannot read '%s/%s': %s", d->out, file, errno ? strerror(errno) : "short read");
	if (fd >= 0)
		close(fd);
	return data;
}

/* the image's path as it will be in out; its bytes too when with_data */
static void add_image(struct plot_set *set, struct plot_dir *d, const char *name,
		      enum plot_format format, const char *load, const char *kernel,
		      int with_data)
{
	char *file = xasprintf("%s.%s", name, plot_extension(format));
	struct plot_image *img;

	set->images = xrealloc(set->images, (set->n + 1) * sizeof(*set->images));
	img = &set->images[set->n++];
	img->path = xasprintf("%s/%s", d->out, file);
	img->load = xstrdup(load);
	img->kernel = kernel ? xstrdup(kernel) : NULL;
	img->data = NULL;
	img->len = 0;
	if (with_data)
		img->data = read_private(d, file, &img->len);
	free(file);
}

/* ---- time-LOAD: bars ---- */

static int write_time_dat(const struct report_table *t, struct plot_dir *d, const char *name,
			  double *top)
{
	char *path;
	FILE *f = open_in(d, name, "dat", &path);
	size_t i, x = 0;
	int ret;

	if (!f)
		return -1;
	fprintf(f, "# %s: x kernel mean_time_s sd_time_s ratio ok_runs\n", t->load);
	*top = 0;
	for (i = 0; i < t->nrows; i++) {
		const struct report_row *row = &t->rows[i];
		double mean = running_stats_mean(&row->s->time), sd = running_stats_sd(&row->s->time);

		if (!row->s->time.n)
			continue;
		if (isnan(sd))
			sd = 0;
		fprintf(f, "%zu ", ++x);
		dat_string(f, row->kernel);
		fprintf(f, " %.3f %.3f", mean, sd);
		if (isnan(row->ratio))
			fprintf(f, " \"-\"");
		else
			fprintf(f, " \"%.2f\"", row->ratio);
		fprintf(f, " %zu\n", row->s->time.n);
		if (mean + sd > *top)
			*top = mean + sd;
	}
	ret = close_file(f, path);
	free(path);
	return ret < 0 ? -1 : (int)x;
}

static int write_time_gp(const struct report_table *t, struct plot_dir *d, const char *name,
			 enum plot_format format, int bars, double top)
{
	char *path;
	FILE *gp = gp_begin(d, name, &path, format, t->load,
			    "# contest plot: Time per kernel under one load; the numbers are in %s.dat\n"
			    "# (x, kernel, mean Time, sample SD, Ratio, ok runs); run: gnuplot %s.gp\n",
			    name, name);
	int ret;

	if (!gp)
		return -1;
	fputs("set ylabel 'Time (s), mean with sample SD; label: Ratio'\n"
	      "set style fill solid 0.6 border -1\nset boxwidth 0.6\nset key off\n"
	      "set grid ytics\nset xtics nomirror rotate by -20\n", gp);
	fprintf(gp, "set xrange [0.4:%d.6]\nset yrange [0:%.3f]\n", bars, top > 0 ? top * 1.15 : 1);
	fprintf(gp, "plot '%s.dat' using 1:3:xtic(2) with boxes lc rgb '#4a7ab5', \\\n"
		"     '' using 1:3:4 with yerrorbars lc rgb '#000000' pt -1, \\\n"
		"     '' using 1:($3+$4):(stringcolumn(5)) with labels offset 0,0.8\n", name);
	ret = close_file(gp, path);
	free(path);
	return ret;
}

/* 1 when written, 0 when the table has no ok rows, -1 */
static int time_chart(const struct report_table *t, struct plot_dir *d,
		      enum plot_format format, char **name)
{
	double top;
	int bars;

	*name = chart_name("time", t->load);
	bars = write_time_dat(t, d, *name, &top);
	if (bars <= 0)
		return bars;
	return write_time_gp(t, d, *name, format, bars, top) < 0 ? -1 : 1;
}

/* ---- disk-LOAD: the disks' rates and await over the timed window ---- */

static const enum metric_id disk_metrics[] = { METRIC_DISK_READ, METRIC_DISK_WRITE, METRIC_DISK_AWAIT };

/* the kernels' mean disk read and write rates and await as "x kernel
 * read write await" lines ('-' where a kernel has none); the bars written,
 * 0 when no kernel measured them; has[m] says whether any kernel has
 * disk_metrics[m] (a quiet disk has rates but no await) */
static int write_disk_dat(const struct report_table *t, struct plot_dir *d, const char *name,
			  bool has[ARRAY_SIZE(disk_metrics)])
{
	char *path;
	FILE *f;
	size_t x = 0, any = 0;
	int ret;

	for (size_t m = 0; m < ARRAY_SIZE(disk_metrics); m++) {
		has[m] = false;
		for (size_t i = 0; i < t->nrows; i++)
			has[m] |= t->rows[i].s->time.n && metric_stats(t->rows[i].s, disk_metrics[m])->n;
		any += has[m];
	}
	if (!any)
		return 0;	/* no file for a chart not made */
	if (!(f = open_in(d, name, "dat", &path)))
		return -1;
	fprintf(f, "# %s: x kernel %s %s %s (means over the ok runs' timed windows)\n", t->load,
		metrics[disk_metrics[0]].json, metrics[disk_metrics[1]].json,
		metrics[disk_metrics[2]].json);
	for (size_t i = 0; i < t->nrows; i++) {
		const struct report_row *row = &t->rows[i];

		if (!row->s->time.n)
			continue;
		fprintf(f, "%zu ", ++x);
		dat_string(f, row->kernel);
		for (size_t m = 0; m < ARRAY_SIZE(disk_metrics); m++) {
			const struct running_stats *st = metric_stats(row->s, disk_metrics[m]);

			if (st->n)
				fprintf(f, " %.3f", running_stats_mean(st));
			else
				fputs(" -", f);
		}
		fputc('\n', f);
	}
	ret = close_file(f, path);
	free(path);
	return ret < 0 ? -1 : (int)x;
}

/* gnuplot fails a plot whose every point is undefined ("all points y2
 * value undefined!"), so only the series some kernel has are drawn */
static int write_disk_gp(const struct report_table *t, struct plot_dir *d, const char *name,
			 enum plot_format format, int bars, const bool has[ARRAY_SIZE(disk_metrics)])
{
	static const char *const using[ARRAY_SIZE(disk_metrics)] = {
		"($1-0.15):3%s with boxes lc rgb '#4a7ab5'",
		"($1+0.15):4%s with boxes lc rgb '#b5884a'",
		"1:5%s axes x1y2 with points pt 7 ps 1.5 lc rgb '#000000'",
	};
	bool first = true;
	char *path, titles[3][48];
	FILE *gp = gp_begin(d, name, &path, format, t->load,
			    "# contest plot: the disks over the timed window, per kernel under one "
			    "load;\n# the numbers are in %s.dat; run: gnuplot %s.gp\n", name, name);
	int ret;

	if (!gp)
		return -1;
	for (size_t m = 0; m < ARRAY_SIZE(disk_metrics); m++)
		metric_title(NULL, disk_metrics[m], titles[m], sizeof(titles[m]));
	fputs("set ylabel 'MB/s'\nset y2label 'ms'\nset ytics nomirror\nset y2tics\n"
	      "set datafile missing '-'\nset style fill solid 0.6 border -1\nset boxwidth 0.3\n"
	      "set key below\nset grid ytics\nset xtics nomirror rotate by -20\n"
	      "set yrange [0:*]\nset y2range [0:*]\n", gp);
	fprintf(gp, "set xrange [0.4:%d.6]\n", bars);
	for (size_t m = 0; m < ARRAY_SIZE(disk_metrics); m++) {
		if (!has[m])
			continue;
		if (first)
			fprintf(gp, "plot '%s.dat' using ", name);
		else
			fputs(", \\\n     '' using ", gp);
		fprintf(gp, using[m], first ? ":xtic(2)" : "");
		fputs(" title ", gp);
		gp_string(gp, titles[m]);
		first = false;
	}
	fputc('\n', gp);
	ret = close_file(gp, path);
	free(path);
	return ret;
}

/* 1 when written, 0 when no kernel measured its disks (nothing kept), -1 */
static int disk_chart(const struct report_table *t, struct plot_dir *d,
		      enum plot_format format, char **name)
{
	bool has[ARRAY_SIZE(disk_metrics)];
	int bars;

	*name = chart_name("disk", t->load);
	bars = write_disk_dat(t, d, *name, has);
	if (bars <= 0)
		return bars;
	return write_disk_gp(t, d, *name, format, bars, has) < 0 ? -1 : 1;
}

/* ---- latency-TASK+LOAD: an interactive task's latency distribution ---- */

enum { CDF_POINTS = 400 };	/* per kernel: quantiles enough for a smooth line */

/* one block per kernel with latencies: "ms fraction", at most CDF_POINTS lines */
static int write_latency_dat(const struct report_table *t, const struct monitor_logs *logs,
			     struct plot_dir *d, const char *name, const char **kernels)
{
	char *path;
	FILE *f = open_in(d, name, "dat", &path);
	int blocks = 0;

	if (!f)
		return -1;
	fprintf(f, "# %s: wake-up latency (ms) and the fraction of wake-ups at or below it,"
		" one block per kernel\n", t->load);
	for (size_t i = 0; i < t->nrows; i++) {
		const struct monitor_log *log = monitor_logs_find(logs, t->rows[i].kernel, t->load);
		size_t n = log ? log->nlatency : 0, step = n / CDF_POINTS + 1;

		if (!n)
			continue;
		fprintf(f, "%s# ", blocks ? "\n\n" : "");
		dat_string(f, t->rows[i].kernel);
		fputc('\n', f);
		for (size_t k = 0; k < n; k += step)
			fprintf(f, "%.4f %.5f\n", log->latency_us[k] / 1000, (double)(k + 1) / (double)n);
		fprintf(f, "%.4f 1\n", log->latency_us[n - 1] / 1000);
		kernels[blocks++] = t->rows[i].kernel;
	}
	if (close_file(f, path) < 0)
		blocks = -1;
	free(path);
	return blocks;
}

static int write_latency_gp(const struct report_table *t, struct plot_dir *d, const char *name,
			    enum plot_format format, const char **kernels, int blocks)
{
	char *path;
	FILE *gp = gp_begin(d, name, &path, format, t->load,
			    "# contest plot: an interactive task's wake-up latency, the fraction of\n"
			    "# wake-ups at or below each latency (a CDF), one line per kernel;\n"
			    "# the numbers are in %s.dat; run: gnuplot %s.gp\n", name, name);
	int ret;

	if (!gp)
		return -1;
	fputs("set xlabel 'wake-up latency (ms, less the timer floor), log scale'\n"
	      "set ylabel 'fraction of wake-ups at or below'\nset logscale x\n"
	      "set yrange [0:1.02]\nset grid\nset key bottom right\nplot ", gp);
	for (int b = 0; b < blocks; b++) {
		fprintf(gp, "%s'%s.dat' index %d using ($1 > 0.001 ? $1 : 0.001):2 with steps lw 2 title ",
			b ? ", \\\n     " : "", name, b);
		gp_string(gp, kernels[b]);
	}
	fputc('\n', gp);
	ret = close_file(gp, path);
	free(path);
	return ret;
}

/* 1 when written, 0 when no kernel has latencies, -1 */
static int latency_chart(const struct report_table *t, const struct monitor_logs *logs,
			 struct plot_dir *d, enum plot_format format, char **name)
{
	const char **kernels = xcalloc(t->nrows + 1, sizeof(*kernels));
	int blocks;

	*name = chart_name("latency", t->load);
	blocks = write_latency_dat(t, logs, d, *name, kernels);
	if (blocks > 0)
		blocks = write_latency_gp(t, d, *name, format, kernels, blocks) < 0 ? -1 : 1;
	free(kernels);
	return blocks;
}

/* ---- vmstat-KERNEL-LOAD: time series ---- */

/* one run's vmstat samples as a data block "t free_mib si so wa" */
static void vmstat_block(const struct monitor_run *run, FILE *dat)
{
	for (size_t i = 0; i < run->nvmstat; i++) {
		const struct vmstat_sample *v = &run->vmstat[i];

		fprintf(dat, "%zu %.1f %.0f %.0f %.0f\n", i + 1, v->free_kib / 1024, v->si, v->so,
			v->wa);
	}
}

/* one run's psi intervals as a data block "t cpu% memory% io%" */
static void psi_block(const struct monitor_run *run, FILE *dat)
{
	for (size_t i = 0; i < run->npsi; i++) {
		const struct psi_sample *p = &run->psi[i];

		fprintf(dat, "%.2f %.1f %.1f %.1f\n", p->t, p->cpu, p->memory, p->io);
	}
}

/* one line per run of column col ("1:2"), and of col2 dashed when not NULL */
static void vmstat_plot_line(FILE *gp, const char *name, int nblocks, const int *runs,
			     const char *col, const char *col2)
{
	fputs("plot ", gp);
	for (int b = 0; b < nblocks; b++) {
		fprintf(gp, "%s'%s.dat' index %d using %s with lines lw 1.5 lc %d title 'run %d%s'",
			b ? ", \\\n     " : "", name, b, col, b + 1, runs[b], col2 ? " in" : "");
		if (col2)
			fprintf(gp, ", \\\n     '%s.dat' index %d using %s with lines lw 1.5 lc %d "
				"dt 2 title 'run %d out'", name, b, col2, b + 1, runs[b]);
	}
	fputc('\n', gp);
}

/* the pressure panel: cpu, memory and io "some" of each run, from NAME.psi.dat */
static void psi_panel(FILE *gp, const char *name, int nblocks, const int *runs)
{
	static const char *const what[] = { "cpu", "memory", "io" };

	fputs("set ylabel 'stalled (% of each second)'\nset yrange [0:100]\nplot ", gp);
	for (int b = 0; b < nblocks; b++)
		for (int r = 0; r < 3; r++)
			fprintf(gp, "%s'%s.psi.dat' index %d using 1:%d with lines lw 1.5 lc %d dt %d "
				"title 'run %d %s'", b || r ? ", \\\n     " : "", name, b, r + 2,
				b + 1, r + 1, runs[b], what[r]);
	fputc('\n', gp);
}

static int write_vmstat_gp(struct plot_dir *d, const char *name, const char *kernel,
			   const char *load, enum plot_format format, const int *runs, int nblocks,
			   int with_swap, int with_psi)
{
	int panels = 2 + with_swap + with_psi;
	char *path, *title = xasprintf("%s under %s: what the machine was doing", kernel, load);
	FILE *gp = open_in(d, name, "gp", &path);
	int ret;

	if (!gp) {
		free(title);
		free(path);
		return -1;
	}
	fprintf(gp, "# contest plot: vmstat 1 during each run; the numbers are in %s.dat, one\n"
		"# block per run (seconds, free MiB, swap in KiB/s, swap out KiB/s, I/O wait %%)\n",
		name);
	if (with_psi)
		fprintf(gp, "# pressure: %s.psi.dat, one block per run (seconds, %% of the interval\n"
			"# in which some task stalled on cpu, memory, io; from the psi log)\n", name);
	terminal(gp, format, 800, 240 * panels, name);
	fprintf(gp, "set multiplot layout %d,1 title ", panels);
	gp_string(gp, title);
	/* the same margins in every panel, so their time axes line up */
	fputs("\nset grid\nset key outside right\nset xlabel 'seconds'\n"
	      "set lmargin at screen 0.1\nset rmargin at screen 0.78\n"
	      "set ylabel 'free memory (MiB)'\n"
	      /* from 0: a run of one second or a flat line still has a range */
	      "set xrange [0:*]\nset yrange [0:*]\n", gp);
	vmstat_plot_line(gp, name, nblocks, runs, "1:2", NULL);
	/* no panel when no run swapped: a flat line says nothing (the page says so) */
	if (with_swap) {
		fputs("set ylabel 'swap (KiB/s)'\nset yrange [0:1<*]\n", gp);
		vmstat_plot_line(gp, name, nblocks, runs, "1:3", "1:4");
		fputs("set autoscale y\n", gp);
	}
	/* percentages: a fixed range, so a flat or one-second line is never an empty one */
	fputs("set ylabel 'I/O wait (%)'\nset yrange [0:100]\n", gp);
	vmstat_plot_line(gp, name, nblocks, runs, "1:5", NULL);
	if (with_psi)
		psi_panel(gp, name, nblocks, runs);
	fputs("unset multiplot\n", gp);
	ret = close_file(gp, path);
	free(title);
	free(path);
	return ret;
}

/* NAME.psi.dat with a block per run of runs[] (empty where a run has no psi
 * log): 1 when some run had one, 0 when none did (no file), -1 */
static int psi_data(const struct monitor_run *const *runs, int n, struct plot_dir *d,
		    const char *name)
{
	char *stem = xasprintf("%s.psi", name), *path;
	FILE *dat = open_in(d, stem, "dat", &path);
	int any = 0, ret;

	if (!dat) {
		free(stem);
		free(path);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		fprintf(dat, "%s# run %d\n", i ? "\n\n" : "", runs[i]->run);
		psi_block(runs[i], dat);
		if (runs[i]->npsi > 0)
			any = 1;
	}
	ret = close_file(dat, path);
	if (!any) {
		char *file = xasprintf("%s.dat", stem);

		unlinkat(d->fd, file, 0);
		free(file);
	}
	free(stem);
	free(path);
	return ret < 0 ? -1 : any;
}

/* 1 when log has vmstat samples and the chart's files are written, 0 none, -1 */
static int vmstat_chart(const struct monitor_log *log, const char *kernel, const char *load,
			struct plot_dir *d, enum plot_format format, char **name)
{
	char *kpart = file_part(kernel), *lpart = file_part(load), *path = NULL;
	const struct monitor_run *charted[MONITOR_MAX_RUNS];
	int runs[MONITOR_MAX_RUNS], blocks = 0, ret = 0, with_psi;
	size_t nruns = log ? log->nruns : 0;
	FILE *dat = NULL;

	*name = xasprintf("vmstat-%s-%s", kpart, lpart);
	if (nruns && !(dat = open_in(d, *name, "dat", &path)))
		ret = -1;
	for (size_t i = 0; dat && i < nruns && blocks < MONITOR_MAX_RUNS; i++) {
		const struct monitor_run *run = &log->runs[i];

		if (blocks)
			fputs("\n\n", dat);	/* gnuplot's next index */
		fprintf(dat, "# run %d\n", run->run);
		vmstat_block(run, dat);
		if (run->nvmstat > 0) {
			charted[blocks] = run;
			runs[blocks++] = run->run;
		} else {
			fputs("\n", dat);
		}
	}
	if (dat && close_file(dat, path) < 0)
		ret = -1;
	if (ret == 0 && blocks && (with_psi = psi_data(charted, blocks, d, *name)) < 0)
		ret = -1;
	if (ret == 0 && blocks)
		ret = write_vmstat_gp(d, *name, kernel, load, format, runs, blocks,
				      log->swap.si_max > 0 || log->swap.so_max > 0,
				      with_psi) < 0 ? -1 : 1;
	free(kpart);
	free(lpart);
	free(path);
	return ret;
}

/* ---- running gnuplot ---- */

/* gnuplot's working directory is the private one, by its descriptor */
static int enter_private(void *arg)
{
	return fchdir(*(const int *)arg);
}

static int run_gnuplot(struct plot_dir *d, const char *name, enum plot_format format)
{
	char *script = xasprintf("%s.gp", name), *log = xasprintf("%s/gnuplot.log", d->out);
	char *image = xasprintf("%s.%s", name, plot_extension(format));
	char *argv[] = { "gnuplot", script, NULL };
	struct spawn_opts o = { .out = "gnuplot.log", .child_hook = enter_private,
				.hook_arg = (void *)&d->fd };
	struct stat st;
	char how[PROC_STATUS_LEN];
	int rc, ret = 0;

	private_made(d, image);
	rc = run_cmd(argv, &o);

	if (rc != 0)
		ret = error("gnuplot on '%s/%s' %s: see '%s'", d->out, script,
			    proc_status_text(rc, how, sizeof(how)), log);
	else if (fstatat(d->fd, image, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode) ||
		 st.st_size == 0)
		ret = error("gnuplot on '%s/%s' made no image: see '%s'", d->out, script, log);
	free(script);
	free(log);
	free(image);
	return ret;
}

/* ---- sweep-LOAD: a line per kernel over a sweep's points ---- */

/* kernel k's row at table t, NULL when it has no ok run there */
static const struct report_row *ok_row(const struct report_table *t, size_t k)
{
	const struct report_row *row = report_kernel_row(t, k);

	return row && row->s->time.n ? row : NULL;
}

/* x, the point's values as given, then each kernel's mean ("-": no ok run) */
static int write_sweep_dat(const struct report *r, size_t first, size_t n, struct plot_dir *d,
			   const char *name)
{
	char *path, values[128], title[64];
	FILE *f = open_in(d, name, "dat", &path);
	int ret;

	if (!f)
		return -1;
	fprintf(f, "# %s at each point of its sweep: x, point, then each kernel's mean %s\n",
		r->tables[first].load,
		metric_title(&r->own, row_kind_main[r->tables[first].kind], title, sizeof(title)));
	fputs("x point", f);
	for (size_t k = 0; k < r->nkernels; k++) {
		fputc(' ', f);
		dat_string(f, r->kernels[k]);
	}
	fputc('\n', f);
	for (size_t i = 0; i < n; i++) {
		const struct report_table *t = &r->tables[first + i];

		fprintf(f, "%zu ", i + 1);
		dat_string(f, report_sweep_part(t->sweep, 1, values, sizeof(values)));
		for (size_t k = 0; k < r->nkernels; k++) {
			const struct report_row *row = ok_row(t, k);

			if (row)
				fprintf(f, " %.3f", running_stats_mean(report_main_stats(t, row)));
			else
				fputs(" -", f);
		}
		fputc('\n', f);
	}
	ret = close_file(f, path);
	free(path);
	return ret;
}

static int write_sweep_gp(const struct report *r, size_t first, size_t n, struct plot_dir *d,
			  const char *name, enum plot_format format)
{
	const struct report_table *t = &r->tables[first];
	char *path, keys[128], title[64];
	FILE *gp = gp_begin(d, name, &path, format, t->load,
			    "# contest plot: a line per kernel over a sweep's points; the numbers are\n"
			    "# in %s.dat; run: gnuplot %s.gp\n", name, name);
	int ret;

	if (!gp)
		return -1;
	fputs("set xlabel ", gp);
	gp_string(gp, report_sweep_part(t->sweep, 0, keys, sizeof(keys)));
	fputs("\nset ylabel ", gp);
	gp_string(gp, metric_title(&r->own, row_kind_main[t->kind], title, sizeof(title)));
	fprintf(gp, "\nset datafile missing '-'\nset key outside right autotitle columnhead\n"
		"set grid ytics\nset xrange [0.5:%zu.5]\nset yrange [0:*]\n"
		"plot for [i=3:%zu] '%s.dat' using 1:i:xtic(2) with linespoints lw 2\n",
		n, r->nkernels + 2, name);
	ret = close_file(gp, path);
	free(path);
	return ret;
}

/* the sweep of tables first..first+n: 1 when written, -1 */
static int sweep_chart(const struct report *r, size_t first, size_t n, struct plot_dir *d,
		       enum plot_format format, char **name)
{
	*name = chart_name("sweep", r->tables[first].load);
	if (write_sweep_dat(r, first, n, d, *name) < 0 ||
	    write_sweep_gp(r, first, n, d, *name, format) < 0)
		return -1;
	return 1;
}

struct chart {
	char *name, *load, *kernel;
};

/* whether an earlier table of table i's load has kernel's row: a monitor
 * log is a kernel's and a load's, so a sweep's points share one (its runs
 * numbered on across the points), and it is charted once */
static int charted_before(const struct report *r, size_t i, const char *kernel)
{
	for (size_t p = 0; p < i; p++) {
		if (strcmp(r->tables[p].load, r->tables[i].load))
			continue;
		for (size_t j = 0; j < r->tables[p].nrows; j++)
			if (!strcmp(r->tables[p].rows[j].kernel, kernel))
				return 1;
	}
	return 0;
}

/* the .dat and .gp files of every chart; charts that have them into *charts */
static int write_charts(const struct report *r, const struct monitor_logs *logs,
			struct plot_dir *d,
			enum plot_format format, struct chart **charts, size_t *n)
{
	size_t cap = r->ntables * (r->nkernels + 2);
	int ret = 0;

	*charts = xcalloc(cap + 1, sizeof(**charts));
	*n = 0;
	for (size_t i = 0; i < r->ntables; i++) {
		char *name = NULL;
		/* a timed task's Time is its duration: an interactive task's chart
		 * is its latency, a measured load's only its sweep's */
		enum row_kind kind = r->tables[i].kind;
		size_t swept = report_sweep_len(r, i);
		int got = r->tables[i].sweep[0] ?
			  sweep_chart(r, i, swept, d, format, &name) :
			  kind == ROW_INTERACTIVE ?
			  latency_chart(&r->tables[i], logs, d, format, &name) :
			  kind == ROW_COMPILE ? time_chart(&r->tables[i], d, format, &name) : 0;

		if (got < 0)
			ret = -1;
		if (got > 0)
			(*charts)[(*n)++] = (struct chart){ name, r->tables[i].load, NULL };
		else
			free(name);
		name = NULL;
		got = kind == ROW_COMPILE && !r->tables[i].sweep[0] ?
		      disk_chart(&r->tables[i], d, format, &name) : 0;
		if (got < 0)
			ret = -1;
		if (got > 0)
			(*charts)[(*n)++] = (struct chart){ name, r->tables[i].load, NULL };
		else
			free(name);
		i += swept - 1;	/* a sweep's points are one chart */
	}
	for (size_t i = 0; i < r->ntables; i++) {
		for (size_t j = 0; j < r->tables[i].nrows; j++) {
			const char *kernel = r->tables[i].rows[j].kernel;
			char *name;
			int got;

			if (charted_before(r, i, kernel))
				continue;
			got = vmstat_chart(monitor_logs_find(logs, kernel, r->tables[i].load),
					       kernel, r->tables[i].load, d, format, &name);
			if (got < 0)
				ret = -1;
			if (got > 0)
				(*charts)[(*n)++] = (struct chart){ name, r->tables[i].load,
								    (char *)kernel };
			else
				free(name);
		}
	}
	return ret;
}

/* the private directory made in out_dir, d filled: 0, or -1 (said) */
static int private_open(struct plot_dir *d, const char *out_dir)
{
	struct stat st;

	memset(d, 0, sizeof(*d));
	d->out = out_dir;
	d->fd = -1;
	if ((d->out_fd = open_own_dir(out_dir)) < 0)
		return -1;
	/* out is ours: another's name here is one of ours left by a killed run */
	for (int i = 0; d->fd < 0 && i < 100; i++) {
		snprintf(d->name, sizeof(d->name), ".contest-plot.%ld.%d", (long)getpid(), i);
		if (mkdirat(d->out_fd, d->name, 0700) < 0) {
			if (errno == EEXIST)
				continue;
			break;
		}
		d->fd = openat(d->out_fd, d->name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (d->fd >= 0 && (fstat(d->fd, &st) < 0 || st.st_uid != geteuid() ||
				   (st.st_mode & 0077))) {
			close(d->fd);
			d->fd = -1;
			errno = EPERM;
			break;
		}
	}
	if (d->fd < 0) {
		error("cannot make a directory in '%s': %s", out_dir, strerror(errno));
		close(d->out_fd);
		return -1;
	}
	private_made(d, "gnuplot.log");	/* when gnuplot ran */
	return 0;
}

/* every file made in the private directory renamed into out, over what is
 * there; the private directory removed: 0, or -1 (said) */
static int private_close(struct plot_dir *d)
{
	int ret = 0;

	for (size_t i = 0; i < d->nfiles; i++) {
		const char *file = d->files[i];

		/* ENOENT: removed (an empty psi.dat) or never made (an image) */
		if (renameat(d->fd, file, d->out_fd, file) < 0 && errno != ENOENT) {
			ret = error("cannot rename '%s/%s/%s' to '%s/%s': %s", d->out, d->name,
				    file, d->out, file, strerror(errno));
			unlinkat(d->fd, file, 0);
		}
	}
	if (unlinkat(d->out_fd, d->name, AT_REMOVEDIR) < 0)
		ret = error("cannot remove '%s/%s': %s", d->out, d->name, strerror(errno));
	for (size_t i = 0; i < d->nfiles; i++)
		free(d->files[i]);
	free(d->files);
	close(d->fd);
	close(d->out_fd);
	return ret;
}

int plot_report(const struct report *r, const struct monitor_logs *logs, const char *out_dir,
		enum plot_format format, int with_data, struct plot_set *set)
{
	struct plot_dir d;
	struct chart *charts;
	size_t n, i;
	int ret, have_gnuplot;

	memset(set, 0, sizeof(*set));
	if (private_open(&d, out_dir) < 0)
		return -1;
	ret = write_charts(r, logs, &d, format, &charts, &n);
	have_gnuplot = load_find_program("gnuplot") == 0;
	if (!have_gnuplot && n)
		ret = error("gnuplot not found: the charts' .dat and .gp files are in '%s', "
			    "but no images (apt-get install gnuplot-nox)", out_dir);
	for (i = 0; i < n; i++) {
		if (have_gnuplot && run_gnuplot(&d, charts[i].name, format) == 0)
			add_image(set, &d, charts[i].name, format, charts[i].load,
				  charts[i].kernel, with_data);
		else if (have_gnuplot)
			ret = -1;
		free(charts[i].name);
	}
	free(charts);
	if (private_close(&d) < 0)
		ret = -1;
	return ret;
}

void plot_set_release(struct plot_set *set)
{
	for (size_t i = 0; i < set->n; i++) {
		free(set->images[i].path);
		free(set->images[i].load);
		free(set->images[i].kernel);
		free(set->images[i].data);
	}
	free(set->images);
	memset(set, 0, sizeof(*set));
}

void plot_set_write_paths(FILE *out, const struct plot_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		fprintf(out, "%s\n", set->images[i].path);
}
