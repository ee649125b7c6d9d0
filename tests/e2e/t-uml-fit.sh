#!/usr/bin/env bash
# long: make uml-kernel builds work/uml-6.1.uml (10 CPU-minutes the first time, 36 minutes on a busy 2-CPU host; under a minute after)
# timeout: 5400
# `make uml-kernel` builds a user-mode-linux 6.1 whose guest processes run
# on this CPU: where its XSAVE area is larger than the 2696 bytes UML 6.1
# restores (AMX: 11008; Debian's linux.uml then runs no process), the
# build directory gets a copy of arch/x86/um/user-offsets.c with this
# CPU's size, the tree keeps its own, and in the guest gcc compiles a
# program whose 16 MiB copies into fresh pages and floating point across
# page faults come out right. The kernel stays in work/uml-6.1.uml, which
# the tests that boot a guest take where Debian's cannot run (uml_pick).
. "$(dirname "$0")/lib.sh"
[ -f /usr/src/linux-source-6.1.tar.xz ] ||
	{ skip "no /usr/src/linux-source-6.1.tar.xz (apt-get install linux-source-6.1)"; done_testing; exit; }
BOOT_OWN_KERNELS=1
. "$(dirname "$0")/lib-boot.sh"
boot_before

t0=$(date +%s)
img=$(cd "$TOP" && nice "$TOP/scripts/uml-kernel.sh" work uml-6.1 2> "$T/build.err")
ok $? "make uml-kernel builds in $(( $(date +%s) - t0 )) s ($(tail -n 1 "$T/build.err"))"
is "$img" "$TOP/work/uml-6.1.uml" "the image is work/uml-6.1.uml"
b=$TOP/work/uml-build-uml-6.1
f=arch/x86/um/user-offsets.c
xs=$("$CONTEST" env | sed -n 's/^xsave_bytes: //p')
grep -q 'DEFINE_LONGS(HOST_FP_SIZE, 2696);' "$TOP/work/uml-src/linux-source-6.1/$f"
ok $? "the tree's $f keeps UML 6.1's 2696 bytes"
if [ "${xs:-0}" -gt 2696 ] 2> /dev/null; then
	grep -q "DEFINE_LONGS(HOST_FP_SIZE, $xs);" "$b/$f"
	ok $? "the build directory's copy has this CPU's $xs bytes"
	grep -q "^#define HOST_FP_SIZE $((xs / 8)) " "$b/include/generated/user_constants.h"
	ok $? "and the kernel was built from it (HOST_FP_SIZE $((xs / 8)) longs)"
else
	[ ! -e "$b/$f" ]
	ok $? "this CPU's XSAVE area (${xs:-unknown}) fits 2696 bytes: no copy"
	skip "HOST_FP_SIZE stays 2696 here"
fi
grep -qx 'CONFIG_KERNEL_STACK_ORDER=3' "$b/.config"
ok $? "32 KiB kernel stacks, for the larger register copies"

# in the guest: gcc, then copies into fresh pages and doubles across faults
cat > "$T/fp.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#define SZ (16u << 20)
int main(void)
{
	unsigned char *src = malloc(SZ);
	volatile double acc = 0;
	for (unsigned i = 0; i < SZ; i++)
		src[i] = (unsigned char)(i * 2654435761u >> 13);
	for (int round = 0; round < 4; round++) {
		unsigned char *dst = mmap(NULL, SZ, PROT_READ | PROT_WRITE,
					  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (dst == MAP_FAILED)
			return 2;
		memcpy(dst, src, SZ);	/* a page fault every 4 KiB mid-copy */
		if (memcmp(dst, src, SZ)) {
			printf("round %d: the copy differs\n", round);
			return 1;
		}
		for (unsigned i = 0; i < SZ; i += 4096)
			acc += dst[i] * 0.5;
		munmap(dst, SZ);
	}
	printf("fp-ok %.1f\n", acc);
	return 0;
}
C
want=$(cc -O2 -o "$T/fp-host" "$T/fp.c" && "$T/fp-host")
cmd="sh -c 'gcc -O2 -o $T/fp $T/fp.c && $T/fp > $T/fp.out'"
"$CONTEST" run --boot "$img" -k fit "${BOOT[@]}" -s "command=$cmd" noload > "$T/out" 2> "$T/err"
ok $? "run --boot work/uml-6.1.uml exits 0 ($(grep -m1 '^error\|^warning' "$T/err"))"
is "$(rows_with "$R/fit/runs.tsv" ok)" 1 "an ok row: gcc compiled the program in the guest and it ran"
is "$(cat "$T/fp.out" 2> /dev/null)" "$want" "its copies and sums are the host's ($want)"
boot_nothing_left
ok $? "nothing left behind"
done_testing
