/* machine.c - see machine.h */
#include "results/machine.h"
#include "results/store.h"
#include "record/env.h"
#include "lib/membuf.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* the host line, else the node name in uname's (an older contest's env); NULL unknown */
static char *host_of(const struct env *e)
{
	const char *host = env_record(e)->host, *uname, *node;
	size_t len;

	if (host || !(uname = env_record(e)->uname) || !(node = strchr(uname, ' ')))
		return xstrdup_or_null(host);
	node++;
	len = strcspn(node, " ");
	return len ? xasprintf("%.*s", (int)len, node) : NULL;
}

void machine_of(struct machine *m, const struct env *e)
{
	const struct env_record *r = env_record(e);
	const char *guest = r->guest;

	memset(m, 0, sizeof(*m));
	if (!e)
		return;
	m->known = 1;
	m->host = host_of(e);
	m->cpu_model = xstrdup_or_null(r->cpu_model);
	m->cpus = xstrdup_or_null(r->cpus);
	m->memtotal = xstrdup_or_null(r->memtotal);
	m->guest_mem = xstrdup_or_null(r->guest_mem);
	m->guest = guest && strcmp(guest, "none");
	if (!m->guest)
		return;
	m->guest_kind = xstrdup(guest);
	m->accel = xstrdup_or_null(r->guest_accel);
	if (!m->accel)	/* an env from before guest_accel: only KVM or UML then */
		m->accel = xstrdup(!strcmp(guest, "qemu-tcg") ? "tcg" :
				   !strcmp(guest, "qemu-kvm") ? "kvm" : "none");
	m->guest_cpus = xstrdup_or_null(r->guest_cpus);
	m->guest_qemu = xstrdup_or_null(r->guest_qemu);
}

void machine_release(struct machine *m)
{
	free(m->host);
	free(m->cpu_model);
	free(m->cpus);
	free(m->memtotal);
	free(m->guest_mem);
	free(m->guest_kind);
	free(m->accel);
	free(m->guest_cpus);
	free(m->guest_qemu);
	memset(m, 0, sizeof(*m));
}

struct machine *results_read_machines(const char *dir, char *const *kernels, size_t n)
{
	struct machine *ms = xcalloc(n + 1, sizeof(*ms));

	for (size_t k = 0; k < n; k++) {
		struct env *e = results_read_env(dir, kernels[k]);

		machine_of(&ms[k], e);
		env_free(e);
	}
	return ms;
}

struct machine *machines_of_envs(struct env *const *envs, size_t n)
{
	struct machine *ms = xcalloc(n + 1, sizeof(*ms));

	for (size_t k = 0; envs && k < n; k++)
		machine_of(&ms[k], envs[k]);
	return ms;
}

void machine_release_all(struct machine *ms, size_t n)
{
	for (size_t k = 0; ms && k < n; k++)
		machine_release(&ms[k]);
	free(ms);
}

char *machine_label(const struct machine *m)
{
	/* memtotal is "BYTES (HUMAN)": the human part reads better */
	const char *mem = m->memtotal, *human = mem && strchr(mem, '(') ? strchr(mem, '(') + 1 : mem;
	const char *cpus = m->cpus ? m->cpus : "?";
	char *guest = machine_guest_text(m), *label;

	label = xasprintf("%s (%s, %s CPU%s, %.*s%s%s)", m->host ? m->host : "unknown host",
			  m->cpu_model ? m->cpu_model : "unknown CPU", cpus, strcmp(cpus, "1") ? "s" : "",
			  human ? (int)strcspn(human, ")") : 7, human ? human : "unknown",
			  guest ? "; " : "", guest ? guest : "");
	free(guest);
	return label;
}

char *machine_guest_text(const struct machine *m)
{
	const char *q = m->guest_qemu;
	int qemu = m->guest_kind && !strncmp(m->guest_kind, "qemu", 4);
	int tcg = m->accel && !strcmp(m->accel, "tcg");

	if (!m->guest)
		return NULL;
	if (!qemu)
		return xasprintf("a %s guest, %s", m->guest_kind && !strcmp(m->guest_kind, "uml") ?
				 "user-mode-linux" : m->guest_kind ? m->guest_kind : "unknown",
				 m->guest_mem ? m->guest_mem : "memory unknown");
	/* the version's first word: "7.2.22", not the distribution's build */
	return xasprintf("a QEMU/%s guest%s, %s vCPUs, %s, QEMU %.*s", tcg ? "TCG" : "KVM",
			 tcg ? " (an emulated CPU)" : "", m->guest_cpus ? m->guest_cpus : "?",
			 m->guest_mem ? m->guest_mem : "memory unknown",
			 q ? (int)strcspn(q, " ") : 7, q ? q : "unknown");
}

int machine_across_emulation(const struct machine *a, const struct machine *b)
{
	int ta = a->accel && !strcmp(a->accel, "tcg"), tb = b->accel && !strcmp(b->accel, "tcg");

	return a->known && b->known && ta != tb;
}

/*
 * Memory tells machines apart only where no host is known: on one host a
 * different memtotal is a boot with mem= (MEMORY DIFFERS says so), and a
 * guest's is its mem=.
 */
int machine_differs(const struct machine *a, const struct machine *b)
{
	int by_memory = !(a->host && b->host) && !a->guest && !b->guest;

	if (a->host && b->host && strcmp(a->host, b->host))
		return 1;
	if (a->cpu_model && b->cpu_model && strcmp(a->cpu_model, b->cpu_model))
		return 1;
	return by_memory && a->memtotal && b->memtotal &&
	       !fingerprint_same_memory(a->memtotal, a->guest_mem, b->memtotal, b->guest_mem);
}

char **machine_groups(const struct machine *ms, char *const *kernels, size_t n)
{
	size_t *first = xcalloc(n + 1, sizeof(*first)), nm = 0;	/* each machine's first kernel */
	struct membuf *lines = xcalloc(n + 1, sizeof(*lines));
	FILE **out = xcalloc(n + 1, sizeof(*out));
	char **groups;

	for (size_t k = 0; ms && k < n; k++) {
		size_t m;

		if (!ms[k].known)
			continue;
		for (m = 0; m < nm && machine_differs(&ms[first[m]], &ms[k]); m++)
			;
		if (m == nm) {
			char *label = machine_label(&ms[k]);

			first[nm++] = k;
			out[m] = membuf_open(&lines[m]);
			fprintf(out[m], "%s:", label);
			free(label);
		}
		fprintf(out[m], " %s", kernels[k]);
	}
	free(first);
	groups = xcalloc(nm + 1, sizeof(*groups));
	for (size_t m = 0; m < nm; m++)
		if (!(groups[m] = membuf_close(&lines[m], 1)))
			die(EXIT_NO_MEMORY, "out of memory");
	free(lines);
	free(out);
	if (nm < 2) {
		machine_groups_free(groups);
		return NULL;
	}
	return groups;
}

void machine_groups_free(char **groups)
{
	for (char **g = groups; g && *g; g++)
		free(*g);
	free(groups);
}
