/* xsave-bytes.c - print this CPU's XSAVE area size in bytes (contest/sys/xsave.c's
 * probe; 0: none), for uml-kernel.sh, which compiles it with that file */
#include "sys/xsave.h"

#include <stdio.h>

int main(void)
{
	long n = xsave_bytes();

	if (n < 0) {
		fprintf(stderr, "error: cannot trace a child to read its XSAVE area\n");
		return 1;
	}
	printf("%ld\n", n);
	return 0;
}
