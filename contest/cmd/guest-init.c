/* guest-init.c - `contest guest-init DIR`: the first process of a --boot
 * guest; guest_init (guest/guest-init.c) does the guest's work */
#include "cmd/cli.h"
#include "cmd/cmds.h"
#include "guest/boot.h"
#include "lib/util.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

int cmd_guest_init(int argc, char **argv)
{
	static const struct option_spec none[] = { OPTION_END };

	if (argc == 2 && !strcmp(argv[1], "--help")) {
		cli_help(stdout, "usage: contest guest-init DIR\n", "\nThe first process of a "
			 "'contest run --boot' guest;\nthe guest kernel runs it, not you.\n", none,
			 NULL);
		return 0;
	}
	/* argv[2...] may hold what the kernel adds after "--" (console=) */
	if (argc < 2 || getpid() != 1)
		return error("guest-init is the first process of a 'contest run --boot' guest"), 2;
	guest_init(argv[1]);
}
