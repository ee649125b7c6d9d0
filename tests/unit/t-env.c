/* t-env.c - the env file read back as a typed record (record/env.h) */
#include "record/env.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

static const char text[] =
	"knobs: /sys/block/sda/queue/scheduler=none\n"
	"host: box\n"
	"# a comment\n"
	"cpu_model:  Some CPU @ 2GHz  \n"
	"memtotal: 1000000000 (953 MiB)\n"
	"io_scheduler: none\n"
	"config:\n"
	"workload = command\n"
	"command = sleep 1\n"
	"[swap]\n"
	"size = 1G\n"
	"host: not a line above config\n";

int main(void)
{
	struct env *e = env_parse(text, 1), *m = env_parse(text, 0), *none = env_parse(NULL, 1);
	struct env *plain = env_parse("knobs: none\nio_scheduler: mq-deadline\n", 1);
	const struct env_record *r = env_record(e);
	int names_ok = 1;

	is_str(r->host, "box", "a line's value by its field");
	is_str(r->cpu_model, "Some CPU @ 2GHz", "values are trimmed; a ':' in a value stays");
	ok(!r->cpus && !r->guest, "a key the file lacks is NULL");
	is_str(r->config.workload, "command", "the config's top-level keys by field");
	is_str(r->config.command, "sleep 1", "a config value with spaces");
	is_str(env_value(e, ENV_ID_config_workload), "command", "env_value by id");
	is_str(env_get(e, "config.swap.size"), "1G", "a config section's key by its dotted name");
	ok(!env_get(e, "config.size"), "a section's key is not a top-level one");
	ok(env_record(m)->host && !env_record(m)->config.workload && !env_get(m, "config.swap.size"),
	   "with_config 0 stops at \"config:\"");
	ok(env_record(none) && !env_record(none)->host && !env_record(NULL)->host,
	   "a NULL text and a NULL env give a record with nothing");
	/* the table: each key found by its own name, config keys under config. */
	for (int i = 0; i < ENV_NKEYS; i++)
		if (env_key_named(env_keys[i].name) != &env_keys[i] ||
		    (env_keys[i].config != !strncmp(env_keys[i].name, ENV_CONFIG_PREFIX,
						    strlen(ENV_CONFIG_PREFIX))))
			names_ok = 0;
	ok(names_ok && !env_key_named("no_such_key"), "every key is found by its name, none else");
	is_str(ENV_CONFIG_KEY(workload), "config.workload", "a config key's name");
	ok((env_key_named("uname")->flags & ENV_IGNORED) &&
	   !(env_key_named("cpu_model")->flags & ENV_IGNORED) &&
	   (env_key_named("memtotal")->flags & ENV_BYTES), "the flags machine comparisons use");
	/* what variants vary is no confound: the knobs line, and a fact a knob set */
	ok(env_key_from_knobs(e, plain, "knobs") && env_key_from_knobs(e, plain, "io_scheduler"),
	   "io_scheduler differs by a knob on its sysfs file");
	ok(!env_key_from_knobs(plain, plain, "io_scheduler") && !env_key_from_knobs(e, plain, "thp") &&
	   !env_key_from_knobs(e, plain, "host"), "not where no knob set it, nor a key no knob sets");
	env_free(e);
	env_free(m);
	env_free(none);
	env_free(plain);
	return tap_done();
}
