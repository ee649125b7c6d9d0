/* xsave.h - how large this CPU's XSAVE area is, as ptrace hands it out
 *
 * PTRACE_GETREGSET NT_X86_XSTATE gives a tracer the whole XSAVE area the
 * host kernel knows (standard format), and PTRACE_SETREGSET takes back
 * only that whole size: a user-mode-linux up to 6.1 restores a fixed 2696
 * bytes, which fails where the area is larger (AMX: 11008 bytes), so
 * every guest process dies (kernel/uml-fp.h builds one that fits).
 * Self-contained (system headers only): scripts/xsave-bytes.c links it.
 */
#ifndef CONTEST_XSAVE_H
#define CONTEST_XSAVE_H

/* the UML 6.1 sources' fixed size (arch/x86/um/user-offsets.c) */
#define XSAVE_UML61_BYTES 2696

/*
 * The size in bytes, from a stopped child of ours traced once (the
 * answer kept for the process's life); 0 when there is no XSAVE regset
 * (not x86, a CPU without XSAVE, a kernel that offers none); -1 when the
 * probe could not run (fork failed, ptrace refused: seccomp, Yama).
 */
long xsave_bytes(void);

#endif
