/* request.h - what `contest run` asks of its sessions, and what ran
 *
 * cmd/run.c parses the options and makes each kernel's config once, into
 * a struct run_request; session_run() (rounds.h) runs it and says in a
 * struct run_result what cmd/ should print. Nothing in the request is
 * changed to pass state down: the variant and sweep point in hand are
 * arguments of the functions that run them, and each session works on a
 * copy of its config (the request's are const).
 */
#ifndef CONTEST_REQUEST_H
#define CONTEST_REQUEST_H

#include "lib/config.h"
#include "session/sweep.h"
#include "sys/knob.h"

/* a kernel's name in the results, and as a variant its knobs and config
 * overrides (run on this boot); the one session's has neither */
struct variant {
	const char *name;
	struct knob *knobs;
	int nknobs;
	const char **sets;	/* "KEY=VALUE", after the command line's -s */
	int nsets;
};

struct run_request {
	const struct variant *variants;	/* one per kernel name, in order */
	/* per variant: its config, checked; each session runs on a copy
	 * (config_copy), a sweep's point set in it */
	const struct config *const *cfgs;
	int nvariants;
	int in_rounds;			/* variants: one run per load each round, A B / B A */
	long long rounds;		/* their rounds (the config's runs) */
	char **loads;			/* the command line's LOADs (none: the config's) */
	int nloads;
	int resume;			/* finish the saved plan */
	int argc;			/* the command line, for the plan --resume reads */
	char **argv;
	double until_sd;		/* --until-sd PCT, NAN: not given */
	int max_runs;			/* --max-runs, 0: not given */
	int until_decided;		/* rounds until every Time verdict is decided */
	int max_rounds;			/* its cap, 0: UNTIL_DECIDED_ROUNDS */
	double margin;			/* its "same", NAN: compare's default */
	const struct sweep *sweep;	/* a session at each point; NULL or none: one */
	int ktap;			/* each run a KTAP test case on stdout */
	int append;			/* --append: add to runs made with other knobs */
	int first_run;			/* no run numbered below (FIRST_RUN_ENV), 0 none */
};

/*
 * The environment entry a run --boot host sets for the session in its
 * guest: the number the guest's runs take (at least), the one its round
 * shares with the other kernels' guests (results_round_run)
 */
#define FIRST_RUN_ENV "CONTEST_FIRST_RUN"

struct run_result {
	int status;		/* the exit status so far (lib/util.h's; 128+SIG interrupted) */
	int tables;		/* the variants' tables are to be printed (compare for several) */
	int where;		/* and the line that says where their rows went */
	long long rounds;	/* variants: the rounds run */
	int decided;		/* --until-decided: every verdict decided */
	/* --until-decided: its last look's alpha and margin, at which the
	 * table after it compares, so that its MDE is the one the look said;
	 * 0: compare's defaults (no look made) */
	double alpha, margin;
	size_t look, looks;	/* that look, of how many (sequential.h) */
};

#endif
