/* report-write.c - the report in the format asked for, see report-write.h */
#include "output/report-write.h"
#include "lib/util.h"

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
