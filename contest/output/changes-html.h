/* changes-html.h - history charts: a series' kernels and its change points
 *
 * An inline <svg> per series (no ids, so any number share a page): a
 * point per kernel (class "point"), its spread, mean +- sample SD, as a
 * band ("band") along the points; at more than CHANGES_HTML_COLUMNS
 * kernels a column per pixel group, its kernels' mean and their mean
 * band, so 12000 kernels stay a readable chart; each segment's mean as a
 * line ("segment", a ramp's sloped), each change point a dashed line
 * ("change") labelled with its change and its first kernel
 * ("change-label"; labels that would overprint others, the smaller
 * changes', are left out, their <title> kept); y ticks at round values,
 * x ticks at kernels spread evenly; every mark with a <title> for the
 * pointer.
 */
#ifndef CONTEST_CHANGES_HTML_H
#define CONTEST_CHANGES_HTML_H

#include <stdio.h>

#include "results/history.h"

#define CHANGES_HTML_COLUMNS 1500
/* the charts' style sheet, for any page that has them */
#define CHANGES_HTML_CHART_STYLE \
	"svg.history{display:block;margin:.5em 0;font-family:sans-serif}\n" \
	".frame{fill:none;stroke:#ccc}.point{fill:#1f5fa8}.band{fill:#8fb0d8;opacity:.45}\n" \
	".grid{stroke:#eee}.tick{stroke:#999}\n" \
	".segment{stroke:#e08a00;stroke-width:2}.change line{stroke:#c00;stroke-dasharray:4 3}\n" \
	".change-label{font-size:11px;fill:#c00}.axis{font-size:11px;fill:#555}" \
	".axis.end{text-anchor:end}.axis.mid{text-anchor:middle}.axis.ytick{text-anchor:end}\n"

/* one series' chart */
void changes_html_chart(FILE *out, const struct history *h, const struct history_series *hs);
/* the page of every series' chart and change points in dir/index.html:
 * 0, or -1 (said); its path on stdout */
int changes_write_html(const struct history *h, const char *dir);

#endif
