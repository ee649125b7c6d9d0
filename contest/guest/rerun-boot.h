/* rerun-boot.h - contest rerun of a run --boot guest's session: its image booted again
 *
 * A guest's session (a bisection's candidate) ran on the guest's kernel:
 * rerun boots the image its env recorded (session/rerun.h's r->guest),
 * with the recorded memory, vCPUs, scratch disk, timeout, boot arguments
 * and accelerator, and runs in it the recorded config (written to a file
 * the guest reads, then removed) and loads, into DIR/NAME as run --boot
 * would: the new env records the kernel's build lines again.
 */
#ifndef CONTEST_RERUN_BOOT_H
#define CONTEST_RERUN_BOOT_H

#include "guest/boot.h"
#include "session/rerun.h"

/* boot r's guest once, rows into its results; run's exit status (boot_run's) */
int rerun_boot(const struct rerun *r, struct boot_ran *ran);

#endif
