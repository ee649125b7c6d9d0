/* machine.c - see machine.h */
#include "results/machine.h"
#include "sys/fingerprint.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* the host line, else the node name in uname's (an older contest's env); NULL unknown */
static char *host_of(const char *env)
{
	char *host = fingerprint_value(env, "host"), *uname, *node;
	size_t len;

	if (host || !(uname = fingerprint_value(env, "uname")))
		return host;
	node = strchr(uname, ' ');
	if (node) {
		node++;
		len = strcspn(node, " ");
		host = len ? xasprintf("%.*s", (int)len, node) : NULL;
	}
	free(uname);
	return host;
}

char *machine_label(const char *env)
{
	char *host = host_of(env), *cpu = fingerprint_value(env, "cpu_model");
	char *cpus = fingerprint_value(env, "cpus"), *mem = fingerprint_value(env, "memtotal");
	/* memtotal is "BYTES (HUMAN)": the human part reads better */
	const char *human = mem && strchr(mem, '(') ? strchr(mem, '(') + 1 : mem;
	char *label = xasprintf("%s (%s, %s CPUs, %.*s)", host ? host : "unknown host",
				cpu ? cpu : "unknown CPU", cpus ? cpus : "?",
				human ? (int)strcspn(human, ")") : 7, human ? human : "unknown");

	free(host);
	free(cpu);
	free(cpus);
	free(mem);
	return label;
}

/* a run --boot guest: its memory is the guest's mem=, a candidate, not a machine */
static int in_guest(const char *env)
{
	char *guest = fingerprint_value(env, "guest");
	int yes = guest && strcmp(guest, "none");

	free(guest);
	return yes;
}

/*
 * Memory tells machines apart only where no host is known: on one host a
 * different memtotal is a boot with mem= (MEMORY DIFFERS says so), and a
 * guest's is its mem=.
 */
int machine_differs(const char *env_a, const char *env_b)
{
	char *ha = host_of(env_a), *hb = host_of(env_b), **keys = NULL;
	int differs = ha && hb && strcmp(ha, hb);
	int by_memory = !(ha && hb) && !in_guest(env_a) && !in_guest(env_b);

	if (!differs && fingerprint_differences(env_a, env_b, &keys) > 0)
		for (char **k = keys; *k && !differs; k++)
			differs = !strcmp(*k, "cpu_model") || (by_memory && !strcmp(*k, "memtotal"));
	fingerprint_keys_free(keys);
	free(ha);
	free(hb);
	return differs;
}

char **machine_groups(char *const *envs, char *const *kernels, size_t n)
{
	size_t *first = xcalloc(n + 1, sizeof(*first)), nm = 0;	/* each machine's first kernel */
	char **lines = xcalloc(n + 1, sizeof(*lines));

	for (size_t k = 0; envs && k < n; k++) {
		char *label;
		size_t m;

		if (!envs[k])
			continue;
		for (m = 0; m < nm && machine_differs(envs[first[m]], envs[k]); m++)
			;
		if (m == nm) {
			first[nm++] = k;
			label = machine_label(envs[k]);
			lines[m] = xasprintf("%s:", label);
			free(label);
		}
		label = lines[m];
		lines[m] = xasprintf("%s %s", label, kernels[k]);
		free(label);
	}
	free(first);
	if (nm < 2) {
		machine_groups_free(lines);
		return NULL;
	}
	return lines;
}

void machine_groups_free(char **groups)
{
	for (char **g = groups; g && *g; g++)
		free(*g);
	free(groups);
}
