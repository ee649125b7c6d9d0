/* t-profile.c - a profile's summary (session/profile.h) of perf script's text: this machine's kernel, or a UML guest's binary */
#include "session/profile.h"
#include "results/monitor-logs.h"
#include "lib/util.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* perf script -F comm,ip,sym,dso of the host sampling a UML kernel's
 * process: its binary's code, the host's kernel working for it, libc */
static const char script[] =
	"     uml-6.1.uml         60035ca0 ksys_read (/w/work/uml-6.1.uml)\n"
	"     uml-6.1.uml         60035ca0 ksys_read (/w/work/uml-6.1.uml)\n"
	"     uml-6.1.uml         60035ca0 ksys_read (/w/work/uml-6.1.uml)\n"
	"     uml-6.1.uml         600fadf5 sys_read (/w/work/uml-6.1.uml)\n"
	"     uml-6.1.uml ffffffff8110a2b0 ptrace_request ([kernel.kallsyms])\n"
	"     uml-6.1.uml ffffffff8110a2b0 ptrace_request ([kernel.kallsyms])\n"
	"     uml-6.1.uml     7f0012345678 __memcpy_avx (/usr/lib/x86_64-linux-gnu/libc.so.6)\n";

static double sym_count(const struct monitor_profile *p, const char *name)
{
	for (size_t i = 0; i < p->nsyms; i++)
		if (!strcmp(p->syms[i].name, name))
			return p->syms[i].n;
	return 0;
}

int main(void)
{
	struct monitor_profile p;
	char *text;

	text = profile_summarise_dso(script, "cpu-clock", "/w/work/uml-6.1.uml");
	ok(monitor_parse_profile(text, &p) == 0, "the UML summary reads back");
	ok(p.samples == 7 && p.kernel == 4, "the kernel's samples are the UML binary's (%g of %g)",
	   p.kernel, p.samples);
	ok(sym_count(&p, "ksys_read") == 3 && sym_count(&p, "sys_read") == 1 &&
	   sym_count(&p, "ptrace_request") == 0,
	   "its symbols are the guest kernel's, not the host's working for it");
	ok(strstr(text, "UML guest") != NULL, "the summary says whose kernel it sampled");
	monitor_profile_release(&p);
	free(text);

	text = profile_summarise(script, "cycles");
	ok(monitor_parse_profile(text, &p) == 0 && p.kernel == 2 &&
	   sym_count(&p, "ptrace_request") == 2 && sym_count(&p, "ksys_read") == 0,
	   "on a host the kernel is the host's ([kernel.kallsyms]): %g samples", p.kernel);
	monitor_profile_release(&p);
	free(text);
	return tap_done();
}
