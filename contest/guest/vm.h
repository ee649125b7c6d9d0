/* vm.h - one boot of a guest that runs one contest session
 *
 * The host side of `run --boot` for one kernel and one round: a private
 * directory (the guest's instructions, its status, UML's umid directory
 * and memory file), a sparse ext4 scratch disk in work_dir, the monitor
 * (user-mode-linux itself, or QEMU/KVM) in its own process group with the
 * guest's console on a pipe, watched until the guest powers off, stops
 * adding rows for timeout_s, or run is interrupted; then killed, reaped
 * and every trace of it removed.
 *
 * A UML guest sees / read-write through hostfs; a QEMU guest sees / read-
 * only through 9p, and only the results directory, work_dir and the
 * private directory writable, each a 9p share of its own (as virtme-ng).
 */
#ifndef CONTEST_VM_H
#define CONTEST_VM_H

#include "guest/vm-spec.h"

struct vm_result {
	int finished;		/* the session inside ended and said how */
	int inner_status;	/* its exit status, when finished */
	int timed_out, interrupted;
	char detail[200];	/* what went wrong, for status_detail; "" when finished */
};

/*
 * Boot once and wait. 0 when the guest ran (see r for how it ended), -1
 * when it could not be started (error printed; nothing left behind).
 */
int vm_boot(const struct vm_spec *s, struct vm_result *r);

#endif
