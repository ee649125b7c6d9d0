/* t-machine.c - which machine a kernel's results come from (results/machine.h) */
#include "results/machine.h"
#include "record/env.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

/* m from an env text */
static void of(struct machine *m, const char *text)
{
	struct env *e = env_parse(text, 0);

	machine_of(m, e);
	env_free(e);
}

int main(void)
{
	struct machine ms[5], none;
	char *kernels[] = { "k1", "k2", "k3", "k4", "k5" };
	char **groups, *label;

	of(&ms[0], "host: a\ncpu_model: X\ncpus: 4\nmemtotal: 1000000000 (953 MiB)\n");
	of(&ms[1], "host: a\ncpu_model: X\ncpus: 4\nmemtotal: 2000000000 (1907 MiB)\n");
	of(&ms[2], "uname: Linux b 6.1 #1 SMP x86_64\ncpu_model: X\nmemtotal: 1000000000 (x)\n");
	of(&ms[3], "cpu_model: X\nmemtotal: 2000000000 (y)\n");
	of(&ms[4], "cpu_model: X\nmemtotal: 1001000000 (z)\n");
	machine_of(&none, NULL);

	ok(ms[0].known && !none.known && !none.host, "an env file makes a known machine, none an unknown");
	ok(ms[2].host && !strcmp(ms[2].host, "b"), "no host line: uname's node name (%s)",
	   ms[2].host ? ms[2].host : "NULL");
	label = machine_label(&ms[0]);
	is_str(label, "a (X, 4 CPUs, 953 MiB)", "the label takes memtotal's human part");
	free(label);
	label = machine_label(&none);
	is_str(label, "unknown host (unknown CPU, ? CPUs, unknown)", "unknown parts are said");
	free(label);
	ok(!machine_differs(&ms[0], &ms[1]), "one host with another memtotal is one machine (a mem= boot)");
	ok(machine_differs(&ms[0], &ms[2]), "another host is another machine");
	ok(machine_differs(&ms[3], &ms[4]) && !machine_differs(&ms[4], &ms[2]),
	   "without hosts, memory tells them apart, within 4 MiB the same");
	ms[4].guest = 1;
	ok(!machine_differs(&ms[3], &ms[4]), "but not a guest's memory, which is a candidate's");
	ms[4].guest = 0;
	groups = machine_groups(ms, kernels, 3);
	ok(groups && groups[0] && groups[1] && !groups[2], "two machines, two groups");
	if (groups && groups[0] && groups[1]) {
		is_str(groups[0], "a (X, 4 CPUs, 953 MiB): k1 k2", "each machine's kernels, in order");
		is_str(groups[1], "b (X, ? CPUs, x): k3", "the second machine");
	}
	machine_groups_free(groups);
	ok(!machine_groups(ms, kernels, 2), "one machine: no groups");
	for (int i = 0; i < 5; i++)
		machine_release(&ms[i]);
	return tap_done();
}
