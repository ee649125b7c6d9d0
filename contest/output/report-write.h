/* report-write.h - the report's writers: text, classic, csv, json, mail
 *
 * Each reads only the struct report it is given (results/report.h), never
 * a file; what one prints besides the tables (r->envs, r->machines,
 * r->compare, r->confounds, r->monitors) it declares in
 * report_write_needs(), and the reader (report_collect,
 * report_read_inputs) reads that. HTML is a page of several files: see
 * output/report-html.h.
 */
#ifndef CONTEST_REPORT_WRITE_H
#define CONTEST_REPORT_WRITE_H

#include <stdio.h>
#include <stddef.h>

#include "results/report.h"

/* The writers: 0, or -1 when out reports a write error (error printed) */
int report_write_text(const struct report *r, const struct report_opts *opts, FILE *out);
int report_write_csv(const struct report *r, const struct report_opts *opts, FILE *out);
int report_write_json(const struct report *r, const struct report_opts *opts, FILE *out);
int report_write_mail(const struct report *r, const struct report_opts *opts, FILE *out);
/* KCIDB submission JSON, schema v5.3 (report-kcidb.c); opts->origin names the CI system */
int report_write_kcidb(const struct report *r, const struct report_opts *opts, FILE *out);
/* what opts' writer needs besides the tables: enum report_need's flags */
unsigned report_write_needs(const struct report_opts *opts);
/* dispatch on opts->format; not html, whose page the report command makes
 * in steps (output/report-html.h) */
int report_write(const struct report *r, const struct report_opts *opts, FILE *out);

/*
 * A CSV text field (a name, a load, a status; never a number), quoted
 * (RFC 4180) when it holds a comma, a quote or a line break, and with a
 * ' before it when it begins with = + - @, a tab or a CR, which a
 * spreadsheet would take for a formula (OWASP's advice), or with a ' of
 * its own: a reader gets the text back by dropping one leading '.
 */
void report_csv_string(FILE *out, const char *s);

/* Text layout helpers, exposed for tests */
/* the first column's width for its longest label (24 at least) */
size_t report_first_width(size_t longest_label);
/* the decimals of a compile table's Time and its SD and CI95: the
 * metric's, or more where a Time is under a second (fmt_decimals_for) */
int report_time_decimals(const struct report_table *t);
/* cells laid out on the tab stops, the first first_width wide; malloc'd, no newline */
char *report_tab_line(const char *const *cells, size_t ncells, size_t first_width);

#endif
