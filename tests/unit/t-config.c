/* t-config.c - config files, -s, sizes, durations, word splitting */
#include "record/config-keys.h"
#include "lib/config.h"
#include "loads/loads.h"
#include "lib/util.h"
#include "load-key.h"
#include "tap.h"

#include <fcntl.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>

static char dir[] = "/tmp/t-config.XXXXXX";
static char errbuf[4096];

static char *write_conf(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);

	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
	return path;
}

/* stderr of one call into errbuf */
static int err_fd = -1, saved_fd = -1;

static void capture_start(void)
{
	char *path = xasprintf("%s/stderr", dir);

	fflush(stderr);
	err_fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	saved_fd = dup(2);
	dup2(err_fd, 2);
	free(path);
}

static const char *capture_end(void)
{
	ssize_t n;

	fflush(stderr);
	dup2(saved_fd, 2);
	close(saved_fd);
	lseek(err_fd, 0, SEEK_SET);
	n = read(err_fd, errbuf, sizeof(errbuf) - 1);
	errbuf[n > 0 ? n : 0] = '\0';
	close(err_fd);
	return errbuf;
}

/* a file whose line `line` is bad must fail with "error: PATH:LINE: ...want..." */
static void bad_file(const char *name, const char *text, int line, const char *want)
{
	char *path = write_conf(name, text);
	char *prefix = xasprintf("error: %s:%d: ", path, line);
	struct config *cfg = contest_config_new();
	int ret;

	capture_start();
	ret = config_load_file(cfg, path, 0);
	capture_end();
	ok(ret < 0, "%s: rejected", name);
	ok(!strncmp(errbuf, prefix, strlen(prefix)) && strstr(errbuf, want),
	   "%s: message names %s:%d and says '%s'", name, name, line, want);
	if (strncmp(errbuf, prefix, strlen(prefix)) || !strstr(errbuf, want))
		printf("#   got: %s", errbuf);
	config_free(cfg);
	free(prefix);
	free(path);
}

static void bad_arg(const char *arg, const char *want)
{
	struct config *cfg = contest_config_new();
	char *prefix = xasprintf("error: -s '%s': ", arg);
	int ret;

	capture_start();
	ret = config_set_arg(cfg, arg);
	capture_end();
	ok(ret < 0 && !strncmp(errbuf, prefix, strlen(prefix)) && strstr(errbuf, want),
	   "-s %s: rejected, naming the option, '%s'", arg, want);
	if (strncmp(errbuf, prefix, strlen(prefix)) || !strstr(errbuf, want))
		printf("#   got: %s", errbuf);
	free(prefix);
	config_free(cfg);
}

static void file_errors(void)
{
	bad_file("unknown.conf", "runs = 2\n# comment\n\nbogus = 1\n", 4, "unknown key 'bogus'");
	bad_file("noequals.conf", "runs = 2\njust words\n", 2, "expected 'key = value'");
	bad_file("nokey.conf", " = 3\n", 1, "missing key");
	bad_file("header.conf", "[io_load\nsize = 1M\n", 1, "malformed section header");
	bad_file("section.conf", "runs = 1\n[warp_load]\n", 2, "unknown load 'warp_load'");
	bad_file("loadkey.conf", "[io_load]\nsize = 1M\nspeed = 9\n", 3, "unknown key 'speed' for load 'io_load'");
	bad_file("size.conf", "[io_load]\nsize = 12 parsecs\n", 2, "expected a size");
	bad_file("duration.conf", "load_lead = soon\n", 1, "expected a duration");
	bad_file("bool.conf", "flush = perhaps\n", 1, "expected yes or no");
	bad_file("int.conf", "\nruns = -3\n", 2, "non-negative integer");
	bad_file("enum.conf", "workload = bake\n", 1, "synthetic|kernel|command");
	bad_file("list.conf", "loads = noload warp_load\n", 1, "names a load that does not exist");
	bad_file("double.conf", "cpu_limit = lots\n", 1, "non-negative number");
	bad_file("toplevel-in-section.conf", "[io_load]\nruns = 3\n", 2, "unknown key 'runs' for load 'io_load'");
}

/* a config file is bounded text: lines of at most 4096 bytes, no NUL, a BOM skipped */
static void file_form(void)
{
	char *text = xasprintf("runs = 2\n#%04100d\nruns = 3\n", 0), *path, *where;
	struct config *cfg;
	int fd;

	bad_file("long.conf", text, 2, "line longer than 4096 bytes");
	free(text);
	text = xasprintf("runs = 2\n#%04094d\nruns = 3\n", 0);	/* 4096 bytes exactly */
	path = write_conf("longest.conf", text);
	cfg = contest_config_new();
	ok(config_load_file(cfg, path, 0) == 0 && contest_config(cfg)->main.runs == 3,
	   "a line of 4096 bytes is fine");
	config_free(cfg);
	free(text);
	free(path);
	path = xasprintf("%s/nul.conf", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, "runs = 2\n# a\0b\n", 15) != 15 || close(fd) < 0)
		perror(path);
	cfg = contest_config_new();
	capture_start();
	ok(config_load_file(cfg, path, 0) < 0, "a NUL byte is rejected");
	capture_end();
	where = xasprintf("%s:2: ", path);
	ok(strstr(errbuf, where) != NULL, "naming FILE:LINE");
	config_free(cfg);
	free(where);
	free(path);
	path = write_conf("bom.conf", "\xef\xbb\xbfruns = 5\n");
	cfg = contest_config_new();
	ok(config_load_file(cfg, path, 0) == 0 && contest_config(cfg)->main.runs == 5,
	   "a UTF-8 byte-order mark is skipped");
	config_free(cfg);
	free(path);
	cfg = contest_config_new();
	capture_start();
	ok(config_load_file(cfg, "/dev/null", 0) < 0, "/dev/null is not a config file");
	capture_end();
	ok(strstr(errbuf, "'/dev/null': not a regular file") != NULL, "and says so");
	config_free(cfg);
}

/* ranges live in the options table: out of range is FILE:LINE (or -s) before anything runs */
static void range_errors(void)
{
	bad_file("runs0.conf", "# no runs\nruns = 0\n", 2, "'runs' must be between 1 and 1000");
	bad_file("dirs.conf", "synthetic_dirs = 1000\n", 1, "'synthetic_dirs' must be between 1 and 999");
	bad_file("idle.conf", "\n\nquiet_idle = 150\n", 3, "'quiet_idle' must be between 0 and 100");
	bad_file("chunks.conf", "[process_load]\nchunks = 0\n", 2, "'chunks' must be between 1 and 1024");
	bad_file("procs.conf", "[process_load]\nprocs = 5000\n", 2, "'procs' must be between 0 and 4096");
	bad_file("regions.conf", "[shm_load]\nregions = 0\n", 2, "'regions' must be between 1 and");
	bad_arg("runs=0", "'runs' must be between 1 and 1000");
	bad_arg("synthetic_funcs=0", "'synthetic_funcs' must be between 1 and 999");
	bad_arg("process_load.chunks=2000", "'chunks' must be between 1 and 1024");
	bad_arg("shm_load.per_region=0", "'per_region' must be between 1 and");
}

static void missing_file(void)
{
	struct config *cfg = contest_config_new();
	char *path = xasprintf("%s/absent.conf", dir);

	capture_start();
	ok(config_load_file(cfg, path, 0) < 0, "a missing -c file is an error");
	capture_end();
	ok(strstr(errbuf, path) != NULL, "the message names the file");
	ok(config_load_file(cfg, path, 1) == 0, "a missing default file is fine");
	config_free(cfg);
	free(path);
}

static void good_file(void)
{
	char *path = write_conf("good.conf",
		"# a comment\n; another\nruns = 2\nruns = 4\n  load_lead =  500ms  \n"
		"[io_load]\nsize = 50%\n[dbench_load]\ntime = 3s\n");
	struct config *cfg = contest_config_new();
	char *where = xasprintf("%s:4", path);

	ok(config_load_file(cfg, path, 0) == 0, "a good file loads");
	ok(contest_config(cfg)->main.runs == 4, "the last value in a file wins");
	is_str(config_origin(cfg, &contest_config(cfg)->main.runs), where, "origin names FILE:LINE");
	ok(contest_config(cfg)->main.load_lead == 0.5, "500ms with blanks around it is 0.5 s");
	ok(config_bytes(*(const struct config_size *)load_key(cfg, "io_load", "size"), 1ULL << 30) == 512ULL << 20,
	   "a load's %% size resolves against the RAM given when read");
	ok(*(const double *)load_key(cfg, "dbench_load", "time") == 3, "[dbench_load] time = 3s");
	ok(config_set_arg(cfg, "runs=7") == 0 && contest_config(cfg)->main.runs == 7, "-s beats the file");
	ok(config_set_arg(cfg, "io_load.size=64M") == 0 &&
	   config_bytes(*(const struct config_size *)load_key(cfg, "io_load", "size"), 1ULL << 30) == 64ULL << 20, "-s LOAD.KEY=VALUE");
	is_str(config_origin(cfg, load_key(cfg, "io_load", "size")), "-s 'io_load.size=64M'", "origin of -s names it");
	is_str(contest_config(cfg)->main.workload, "synthetic", "an unset key has the table's default");
	is_str(config_origin(cfg, &contest_config(cfg)->main.workload), "default", "and says so");
	ok(contest_config(cfg)->main.make_jobs == 0, "make_jobs defaults to 0 (4 x CPUs)");
	ok(contest_config(cfg)->main.load_lead == 0.5, "untouched keys keep their file value");
	config_free(cfg);
	free(where);
	free(path);
}

static void arg_errors(void)
{
	bad_arg("runs", "expected KEY=VALUE");
	bad_arg("nope=1", "unknown key 'nope'");
	bad_arg("warp_load.size=1M", "unknown load 'warp_load'");
	bad_arg("io_load.sizee=1M", "unknown key 'sizee' for load 'io_load'");
	bad_arg("io_load.size=lots", "expected a size");
	bad_arg("flush=maybe", "expected yes or no");
}

/* a value is one line of text: it goes into the env file a line each, so a
 * newline would forge a line ("knobs: ...") that compare then reports */
static void control_chars(void)
{
	const char *const args[] = {
		"host=evil\nknobs: /proc/sys/x=1", "io_load.size=1\rM", "work_dir=/tmp/\033[2J",
		"command=make\x7f",
	};
	const char *const keys[] = { "'host'", "'io_load.size'", "'work_dir'", "'command'" };
	struct config *cfg = contest_config_new();
	char *path, *want;
	int ret;

	for (size_t i = 0; i < 4; i++) {
		capture_start();
		ret = config_set_arg(cfg, args[i]);
		capture_end();
		ok(ret < 0 && strstr(errbuf, "bad value for ") && strstr(errbuf, keys[i]) &&
		   strstr(errbuf, "a control character"), "-s with a control character: refused, "
		   "naming %s", keys[i]);
		ok(strchr(errbuf, '\n') == errbuf + strlen(errbuf) - 1 && !strchr(errbuf, '\033') &&
		   !strchr(errbuf, '\r'), "and said on one line, the character not echoed");
	}
	is_str(contest_config(cfg)->main.host, "", "none of them was set");
	capture_start();
	ret = config_set_arg(cfg, "ho\nst=x");
	capture_end();
	ok(ret < 0 && strstr(errbuf, "a control character (0x0a) in a key") &&
	   strchr(errbuf, '\n') == errbuf + strlen(errbuf) - 1, "one in a key too, on one line");
	bad_file("ctl.conf", "runs = 2\nhost = a\033b\n", 2,
		 "bad value for 'host': a control character (0x1b)");
	bad_file("ctlsec.conf", "[io_load]\nsize = 1\vM\n", 2,
		 "bad value for 'io_load.size': a control character (0x0b)");
	path = write_conf("crlf.conf", "runs = 2\r\nloads = noload\tio_load\r\n");
	ok(config_load_file(cfg, path, 0) == 0 && contest_config(cfg)->main.runs == 2 &&
	   !strcmp(contest_config(cfg)->main.loads, "noload\tio_load"),
	   "CRLF line ends and a tab between words are fine");
	want = xasprintf("%s:1", path);
	capture_start();
	ret = config_set_field(cfg, &contest_config(cfg)->main.kconfig, "a\nb", want);
	capture_end();
	ok(ret < 0, "config_set refuses one as well (--set, -n, -r, a plan's runs)");
	config_free(cfg);
	free(want);
	free(path);
}

static void sizes(void)
{
	uint64_t v, ram = 1ULL << 30;

	ok(parse_size("64M", ram, &v) == 0 && v == 64ULL << 20, "64M");
	ok(parse_size("2G", ram, &v) == 0 && v == 2ULL << 30, "2G");
	ok(parse_size("4096", ram, &v) == 0 && v == 4096, "4096 bytes");
	ok(parse_size("512K", ram, &v) == 0 && v == 512ULL << 10, "512K");
	ok(parse_size("110%", ram, &v) == 0 && v == (uint64_t)(1.1 * (double)ram), "110%% of RAM");
	ok(parse_size("100%", ram, &v) == 0 && v == ram, "100%% is RAM");
	ok(parse_size("12 parsecs", ram, &v) < 0, "'12 parsecs' is not a size");
	ok(parse_size("-1M", ram, &v) < 0, "a negative size is refused");
	ok(parse_size("M", ram, &v) < 0, "a unit alone is refused");
	ok(parse_size("%", ram, &v) < 0, "a percent sign alone is refused");
	ok(parse_size("3X", ram, &v) < 0, "an unknown suffix is refused");
}

static void durations(void)
{
	double d;

	ok(parse_duration("3", &d) == 0 && d == 3, "3 is seconds");
	ok(parse_duration("3s", &d) == 0 && d == 3, "3s");
	ok(parse_duration("500ms", &d) == 0 && d == 0.5, "500ms");
	ok(parse_duration("2m", &d) == 0 && d == 120, "2m");
	ok(parse_duration("0", &d) == 0 && d == 0, "0");
	ok(parse_duration("soon", &d) < 0, "'soon' is refused");
	ok(parse_duration("-1s", &d) < 0, "a negative duration is refused");
	ok(parse_duration("3 parsecs", &d) < 0, "an unknown unit is refused");
}

static void bools(void)
{
	static const char *yes[] = { "yes", "true", "1", "on" }, *no[] = { "no", "false", "0", "off" };
	int b, good = 1;

	for (size_t i = 0; i < 4; i++) {
		good &= parse_bool(yes[i], &b) == 0 && b == 1;
		good &= parse_bool(no[i], &b) == 0 && b == 0;
	}
	ok(good, "yes/no, true/false, 1/0, on/off");
	ok(parse_bool("perhaps", &b) < 0, "'perhaps' is refused");
}

static void words(void)
{
	const char *err = NULL;
	char **w = split_words("awk 'BEGIN { x = \"$HOME\" }' \"a b\" c\\ d *.c", &err);

	ok(w && w[0] && w[1] && w[2] && w[3] && w[4] && !w[5], "five words");
	if (w && w[0] && w[1] && w[2] && w[3] && w[4]) {
		is_str(w[0], "awk", "the program");
		is_str(w[1], "BEGIN { x = \"$HOME\" }", "single quotes keep everything, no expansion");
		is_str(w[2], "a b", "double quotes keep blanks");
		is_str(w[3], "c d", "a backslash escapes a blank");
		is_str(w[4], "*.c", "no globbing");
	}
	argv_free(w);
	w = split_words("echo 'unterminated", &err);
	ok(!w && err, "an unterminated quote is an error (%s)", err ? err : "no message");
	w = split_words("", &err);
	ok(w && !w[0], "an empty line is no words");
	argv_free(w);
}

/* a copy has the values and their origins; what is set in it (a sweep's
 * point) leaves the original as it was */
static void copies(void)
{
	struct config *cfg = contest_config_new(), *c;
	const struct config_main *m = &contest_config(cfg)->main, *cm;
	char *dump, *copy_dump;

	ok(config_set_arg(cfg, "runs=4") == 0 && config_set_arg(cfg, "runs=7") == 0 &&
	   config_set_arg(cfg, "metric=a:s:lower:a ([0-9]+)") == 0 &&
	   config_set_arg(cfg, "metric=b::higher:b ([0-9]+)") == 0 &&
	   config_set_arg(cfg, "tworead_load.size1=100M") == 0, "a config set by -s");
	c = config_copy(cfg);
	cm = &contest_config(c)->main;
	dump = config_dump_text(cfg);
	copy_dump = config_dump_text(c);
	is_str(copy_dump, dump, "the copy dumps as the original does");
	ok(cm->runs == 7 && cm->metric.n == 2 && !strcmp(cm->metric.v[1], "b::higher:b ([0-9]+)"),
	   "its fields are filled: runs %lld, %zu metrics", cm->runs, cm->metric.n);
	is_str(config_origin(c, &cm->runs), config_origin(cfg, &m->runs), "and say where each came from");
	ok(config_set_arg(c, "runs=2") == 0 && config_set_arg(c, "tworead_load.size1=200M") == 0 &&
	   config_set_arg(c, "metric=c:s:lower:c ([0-9]+)") == 0, "keys set in the copy");
	ok(m->runs == 7 && cm->runs == 2 && m->metric.n == 2 && cm->metric.n == 3,
	   "the original keeps its values: runs %lld (copy %lld)", m->runs, cm->runs);
	free(copy_dump);
	copy_dump = config_dump_text(cfg);
	is_str(copy_dump, dump, "and dumps as before");
	free(copy_dump);
	free(dump);
	config_free(c);
	config_free(cfg);
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	file_errors();
	file_form();
	range_errors();
	missing_file();
	good_file();
	arg_errors();
	control_chars();
	sizes();
	durations();
	bools();
	words();
	copies();
	rm_rf(dir);
	return tap_done();
}
