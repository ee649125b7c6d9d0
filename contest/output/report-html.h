/* report-html.h - report --format html: one self-contained results page
 *
 * The page is made in two steps, so that its writer reads no file:
 * report_html_charts() writes the charts (plot.h, SVG) into
 * opts->out_dir/charts; the command reads the images' bytes into the set
 * (plot_image's data), and report_write_html() writes
 * opts->out_dir/index.html embedding them, with r's inputs
 * (report_read_inputs()). charts_ok 0 says on the page that some charts
 * could not be made. Both 0, or -1 (error printed); the page's path goes
 * to out.
 */
#ifndef CONTEST_REPORT_HTML_H
#define CONTEST_REPORT_HTML_H

#include <stdio.h>

#include "results/report.h"
#include "output/plot.h"
#include "output/html-page.h"

/* what marks a page as contest's, so that -o DIR may write over it (page-dir.h) */
#define REPORT_HTML_GENERATOR HTML_PAGE_GENERATOR

int report_html_charts(const struct report *r, const struct report_opts *opts,
		       struct plot_set *set);
int report_write_html(const struct report *r, const struct report_opts *opts,
		      const struct plot_set *set, int charts_ok, FILE *out);

#endif
