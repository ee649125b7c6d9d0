/* plan-steps.h - a plan's steps as text, for the unit tests that read plans
 * (static: each test links its own) */
#ifndef CONTEST_TEST_PLAN_STEPS_H
#define CONTEST_TEST_PLAN_STEPS_H

#include <stdio.h>

#include "session/plan.h"

/* the plan's steps as "name name ...", into buf */
static const char *steps(const struct plan *p, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < p->nsteps && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "",
					 p->steps[i]->load->name);
	return buf;
}

#endif
