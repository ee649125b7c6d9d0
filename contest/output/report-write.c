/* report-write.c - the report in the format asked for, see report-write.h */
#include "output/report-write.h"
#include "lib/util.h"

/* what each format's writer needs besides the tables, by enum report_format */
static const unsigned format_needs[] = {
	[REPORT_TEXT] = REPORT_NEED_MACHINES,
	[REPORT_CLASSIC] = 0,
	[REPORT_MAIL] = REPORT_NEED_ENVS | REPORT_NEED_COMPARE | REPORT_NEED_CONFOUNDS |
			REPORT_NEED_MONITORS | REPORT_NEED_RUNS,
	/* the history chart's every run */
	[REPORT_HTML] = REPORT_NEED_ENVS | REPORT_NEED_COMPARE | REPORT_NEED_MONITORS |
			REPORT_NEED_RUNS,
	[REPORT_CSV] = 0,
	[REPORT_JSON] = 0,
	[REPORT_KCIDB] = REPORT_NEED_ENVS,
};

unsigned report_write_needs(const struct report_opts *opts)
{
	unsigned needs = (size_t)opts->format < ARRAY_SIZE(format_needs) ?
			 format_needs[opts->format] : 0;

	/* the swap and profile blocks of --stats */
	return opts->stats ? needs | REPORT_NEED_MONITORS : needs;
}

int report_write(const struct report *r, const struct report_opts *opts, FILE *out)
{
	switch (opts->format) {
	case REPORT_CSV:
		return report_write_csv(r, opts, out);
	case REPORT_JSON:
		return report_write_json(r, opts, out);
	case REPORT_MAIL:
		return report_write_mail(r, opts, out);
	case REPORT_KCIDB:
		return report_write_kcidb(r, opts, out);
	case REPORT_HTML:
		return error("--format html is a page in a directory: 'contest report' makes it");
	case REPORT_TEXT:
	case REPORT_CLASSIC:
		break;
	}
	return report_write_text(r, opts, out);
}
