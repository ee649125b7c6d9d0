/* compare-hooks.c - compare's sections in the mail and on the results page
 *
 * Both read the kernels as `contest compare BASE NEW...` would (BASE is
 * kernels[0]) and print compare's own text: the mail shows it as is, the
 * page inside <pre>, escaped.
 */
#include "compare-hooks.h"
#include "compare.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* compare's text for kernels[0..n) in a malloc'd string; NULL on error (printed) */
static char *compare_text(const char *dir, char *const *kernels, size_t n)
{
	struct kernel_results *krs = xcalloc(n, sizeof(*krs));
	struct compare c;
	char *text = NULL;
	size_t len = 0, nread = 0;
	FILE *mem;

	for (; nread < n; nread++)
		if (results_read_kernel(dir, kernels[nread], &krs[nread]) < 0)
			goto out;
	mem = open_memstream(&text, &len);
	if (!mem)
		goto out;
	compare_build(&c, krs, n, 0.05);
	if (compare_write_text(&c, mem) < 0) {
		fclose(mem);
		free(text);
		text = NULL;
	} else {
		fclose(mem);
	}
	compare_release(&c);
out:
	results_release_all(krs, nread);
	return text;
}

/*
 * A mail keeps within 80 columns: a line longer than that (long kernel
 * names) is broken at its last blank before column 80 and goes on
 * indented by four.
 */
static void fold_lines(const char *text, FILE *out)
{
	enum { WIDTH = 80, INDENT = 4 };

	while (*text) {
		size_t len = strcspn(text, "\n"), room = WIDTH, first = 1;
		const char *line = text;

		text += len + (text[len] == '\n');
		while (len > room) {
			size_t cut = room;

			while (cut > 0 && line[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = room;	/* one word longer than the line: cut it */
			fprintf(out, "%*s%.*s\n", first ? 0 : INDENT, "", (int)cut, line);
			while (line[cut] == ' ')
				cut++;
			line += cut;
			len -= cut;
			room = WIDTH - INDENT;
			first = 0;
		}
		fprintf(out, "%*s%.*s\n", first ? 0 : INDENT, "", (int)len, line);
	}
}

int compare_write_mail_section(const char *dir, char *const *kernels, size_t n, FILE *out)
{
	char *text = compare_text(dir, kernels, n), *head;

	if (!text)
		return -1;
	head = xasprintf("Compared with %s (Welch's t-test; * p < 0.05, ** after Holm):\n\n",
			 kernels[0]);
	fold_lines(head, out);
	free(head);
	fold_lines(text, out);
	free(text);
	return 0;
}

int compare_write_html_section(const char *dir, char *const *kernels, size_t n, FILE *out)
{
	char *text = compare_text(dir, kernels, n);

	if (!text)
		return -1;
	fputs("<h2>Is a difference real?</h2>\n<pre class=\"compare\">", out);
	for (const char *p = text; *p; p++) {
		switch (*p) {
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '&': fputs("&amp;", out); break;
		case '"': fputs("&quot;", out); break;
		default: fputc(*p, out);
		}
	}
	fputs("</pre>\n", out);
	free(text);
	return 0;
}
