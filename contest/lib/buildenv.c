/* buildenv.c - see buildenv.h */
#include "lib/buildenv.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

extern char **environ;

/* make's own variables, the implicit rules' tool and flag variables, kbuild's */
static const char *const scrubbed[] = {
	"MAKEFLAGS", "GNUMAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEFILES", "MAKEOVERRIDES",
	"MAKECMDGOALS", "MAKE_TERMOUT", "MAKE_TERMERR",
	"CFLAGS", "CPPFLAGS", "CXXFLAGS", "LDFLAGS", "LDLIBS", "ASFLAGS", "ARFLAGS",
	"CC", "CXX", "CPP", "LD", "AS", "AR", "NM", "OBJCOPY", "OBJDUMP", "STRIP",
	"HOSTCC", "HOSTCXX", "HOSTCFLAGS", "HOSTCXXFLAGS", "HOSTLDFLAGS", "HOSTLDLIBS",
	"KCFLAGS", "KCPPFLAGS", "KAFLAGS", "KRUSTFLAGS", "KCONFIG_CONFIG", "KCONFIG_ALLCONFIG",
	"ARCH", "SUBARCH", "SRCARCH", "CROSS_COMPILE", "LLVM", "LLVM_IAS", "O",
	"INSTALL_PATH", "INSTALL_MOD_PATH", "INSTALL_HDR_PATH", "LOCALVERSION",
	NULL
};
static const char *const prefixes[] = { "KBUILD_", NULL };

/* set for every build: messages and sorting the same whatever the user's locale */
static const char *const defined[][2] = { { "LC_ALL", "C" } };

static int is_scrubbed(const char *entry)
{
	size_t n = strcspn(entry, "=");

	for (const char *const *v = scrubbed; *v; v++)
		if (strlen(*v) == n && !strncmp(entry, *v, n))
			return 1;
	for (const char *const *p = prefixes; *p; p++)
		if (!strncmp(entry, *p, strlen(*p)))
			return 1;
	return 0;
}

void buildenv_apply(void)
{
	char **e = environ;

	while (*e) {
		if (is_scrubbed(*e)) {
			char *name = xstrdup(*e);

			name[strcspn(name, "=")] = '\0';
			unsetenv(name);	/* shifts environ: look at *e again */
			free(name);
			e = environ;
			continue;
		}
		e++;
	}
	for (size_t i = 0; i < ARRAY_SIZE(defined); i++)
		setenv(defined[i][0], defined[i][1], 1);
}

void buildenv_write(FILE *out, const char *scrubbed_key, const char *set_key)
{
	int n = 0;

	fprintf(out, "%s:", scrubbed_key);
	for (char **e = environ; *e; e++)
		if (is_scrubbed(*e) && ++n)
			fprintf(out, " %s", *e);
	if (!n)
		fputs(" none", out);
	fprintf(out, "\n%s:", set_key);
	for (size_t i = 0; i < ARRAY_SIZE(defined); i++)
		fprintf(out, " %s=%s", defined[i][0], defined[i][1]);
	fputc('\n', out);
}
