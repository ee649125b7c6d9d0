/* plot.h - gnuplot charts of a report and of its runs' monitor logs
 *
 * Every chart is three files side by side in the output directory: NAME.dat
 * (the numbers), NAME.gp (the gnuplot script, readable and restylable, run
 * with the directory as its working directory) and the image NAME.png or
 * NAME.svg. Charts:
 *   time-LOAD        per load: mean Time per kernel as bars, the sample SD
 *                    as error bars, the Ratio written above each bar
 *   disk-LOAD        per load whose runs measured the disks: each kernel's
 *                    mean read and write MB/s over the timed window as bars,
 *                    its await (ms) as a point on the right axis
 *   latency-TASK+LOAD  per interactive task and load, instead of time-: the
 *                    wake-up latency's distribution (a CDF), a line per kernel
 *   vmstat-KERNEL-LOAD  per kernel and load with vmstat logs: free memory,
 *                    swap in/out and I/O wait over each run's seconds
 * gnuplot runs with fork/execvp, one script at a time, in a private
 * directory (plot_report()); its messages end in gnuplot.log in the output
 * directory.
 */
#ifndef CONTEST_PLOT_H
#define CONTEST_PLOT_H

#include <stddef.h>

#include "results/report.h"

enum plot_format { PLOT_PNG, PLOT_SVG };

struct plot_image {
	char *path;		/* out_dir/NAME.png|svg */
	char *load;
	char *kernel;		/* NULL for a time- chart */
	char *data;		/* the image's bytes when the caller read them, else NULL */
	size_t len;
};

struct plot_set {
	struct plot_image *images;	/* in report order: load charts, then monitors */
	size_t n;
};

/* "png" or "svg", for messages and file names */
const char *plot_extension(enum plot_format format);

struct monitor_logs;	/* results/monitor-logs.h */

/*
 * Write every chart of r into out_dir, made if missing: the time charts
 * from r, the monitor charts from logs (monitor_logs_read(); NULL: none).
 * 0, or -1 (error printed): the .dat and .gp files are written even when
 * gnuplot is missing, and the error says so. set gets the images made,
 * with their bytes when with_data. out_dir must be one only we may write
 * (open_own_dir(), owner.h); the charts are made and gnuplot runs in a
 * private directory (0700) in it, whose files are then renamed into it, so
 * no file another user plants there is run, read or written through.
 */
int plot_report(const struct report *r, const struct monitor_logs *logs, const char *out_dir,
		enum plot_format format, int with_data, struct plot_set *set);
void plot_set_release(struct plot_set *set);

/* what contest plot prints: the images' paths, a line each */
void plot_set_write_paths(FILE *out, const struct plot_set *set);

#endif
