/* bisect-state.c - contest bisect's state file: its lines, its checks on --resume, reading and appending (see bisect-state.h) */
#include "guest/bisect-state.h"
#include "lib/owner.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *bisect_state_header(const struct bisect_state_opts *o)
{
	char *head = xasprintf(BISECT_STATE_MAGIC "\ntree %s\nload %s\nmetric %s\nalpha %.17g\n"
			       "max-rounds %zu\n", o->tree, o->load, o->metric ? o->metric : "-",
			       o->alpha, o->max_rounds);
	size_t len = strlen(head), cap = len + 1;
	char *text;

	for (size_t i = 0; i < o->n; i++)
		cap += strlen("commit \n") + strlen(o->shas[i]);
	text = xrealloc(head, cap);
	for (size_t i = 0; i < o->n; i++)
		len += (size_t)snprintf(text + len, cap - len, "commit %s\n", o->shas[i]);
	return text;
}

static size_t commit_index(const struct bisect_state_opts *o, const char *sha)
{
	for (size_t i = 0; i < o->n; i++)
		if (!strcmp(o->shas[i], sha))
			return i;
	return (size_t)-1;
}

/* one tree spelled two ways (a relative path, a symlink) is the same tree */
static int same_tree(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];

	return !strcmp(a, b) || (realpath(a, ra) && realpath(b, rb) && !strcmp(ra, rb));
}

/* "round K IDX... VALUE...", nothing after: 0, or -1 */
static int parse_round(const char *line, struct bisect_rec *r)
{
	int end = -1;

	if (sscanf(line, "round %zu", &r->k) != 1 || (r->k != 2 && r->k != 3))
		return -1;
	if (r->k == 2)
		sscanf(line, "round 2 %zu %zu %lg %lg %n", &r->idx[0], &r->idx[1], &r->t[0],
		       &r->t[1], &end);
	else
		sscanf(line, "round 3 %zu %zu %zu %lg %lg %lg %n", &r->idx[0], &r->idx[1],
		       &r->idx[2], &r->t[0], &r->t[1], &r->t[2], &end);
	return end >= 0 && !line[end] ? 0 : -1;
}

/* "build SHA ok [SIZE SEC NSEC]" or "build SHA skip WHY": 0, or -1 */
static int parse_build(struct bisect_state *st, const char *line,
		       const struct bisect_state_opts *o)
{
	char sha[64], how[8];
	struct bisect_stamp s = { 0 };
	int at = -1, end = -1;
	size_t i;

	if (sscanf(line, "build %63s %7s%n", sha, how, &at) != 2 ||
	    (i = commit_index(o, sha)) == (size_t)-1)
		return -1;
	if (!strcmp(how, "skip")) {
		st->built[i] = BUILT_SKIP;
		return 0;
	}
	if (strcmp(how, "ok"))
		return -1;
	/* a line this version did not write has no stamp: its image is built again */
	if (line[at] && (sscanf(line + at, " %lld %lld %ld %n", &s.size, &s.sec, &s.nsec,
				&end) != 3 || line[at + end]))
		return -1;
	s.known = !!line[at];
	st->built[i] = BUILT_OK;
	st->stamps[i] = s;
	return 0;
}

/* an option line against the one given: 0 alike; -1 said */
static int same_option(const char *path, size_t lineno, const char *word, const char *was,
		       const struct bisect_state_opts *o)
{
	char now[64], then[64];
	const char *is = now;

	if (!strcmp(word, "tree")) {
		if (same_tree(was, o->tree))
			return 0;
		is = o->tree;
	} else if (!strcmp(word, "load")) {
		is = o->load;
	} else if (!strcmp(word, "metric")) {
		is = o->metric ? o->metric : "-";
	} else if (!strcmp(word, "alpha")) {
		char *end;
		double a = strtod(was, &end);

		if (!*end && a == o->alpha)
			return 0;
		/* as given, unless that hides the difference */
		snprintf(now, sizeof(now), "%g", o->alpha);
		snprintf(then, sizeof(then), "%g", a);
		if (!*end && strcmp(now, then))
			was = then;
		else
			snprintf(now, sizeof(now), "%.17g", o->alpha);
	} else {	/* max-rounds */
		snprintf(now, sizeof(now), "%zu", o->max_rounds);
	}
	if (!strcmp(was, is))
		return 0;
	return error("%s:%zu: the bisection was started with --%s %s, not %s: resume it with "
		     "the same options, or remove the state to start again", path, lineno, word,
		     strcmp(was, "-") ? was : "(none)", strcmp(is, "-") ? is : "(none)");
}

/* the option lines, the first three in every state a version wrote */
static const char *const options[] = { "tree", "load", "metric", "alpha", "max-rounds" };
#define OPTIONS_ALWAYS 7u

/* one line: 0, or -1 said; *seen gets the bit of an option line */
static int state_line(struct bisect_state *st, const char *path, size_t lineno, char *line,
		      const struct bisect_state_opts *o, size_t *ncommits, unsigned *seen)
{
	size_t len = strcspn(line, " ");
	const char *arg = line[len] ? line + len + 1 : "";
	struct bisect_rec r = { 0 };

	for (size_t i = 0; i < ARRAY_SIZE(options); i++)
		if (len == strlen(options[i]) && !strncmp(line, options[i], len)) {
			*seen |= 1u << i;
			return same_option(path, lineno, options[i], arg, o);
		}
	if (!strncmp(line, "commit ", 7)) {
		if (*ncommits >= o->n || strcmp(o->shas[*ncommits], arg))
			goto other;
		(*ncommits)++;
	} else if (!strncmp(line, "build ", 6)) {
		if (parse_build(st, line, o) < 0)
			goto other;
	} else if (!strncmp(line, "round ", 6)) {
		if (parse_round(line, &r) < 0)
			goto other;
		for (size_t i = 0; i < r.k; i++) {
			if (r.idx[i] >= o->n)
				goto other;
			if (!isfinite(r.t[i]) || r.t[i] < 0)
				return error("%s:%zu: a round's value is not a finite number >= 0: "
					     "'%s'", path, lineno, line);
		}
		st->recs = xrealloc(st->recs, (st->nrecs + 1) * sizeof(*st->recs));
		st->recs[st->nrecs++] = r;
	} else if (!strncmp(line, "session ", 8)) {
		char *end;
		double s = strtod(arg, &end);

		if (end == arg || *end || !isfinite(s) || s < 0)
			return error("%s:%zu: a session's seconds are not a finite number >= 0: "
				     "'%s'", path, lineno, line);
		st->before_s += s;
		st->sessions++;
	}
	return 0;
other:
	return error("%s:%zu: not this bisection's (another --good, --bad or tree?): '%s'", path,
		     lineno, line);
}

int bisect_state_parse(struct bisect_state *st, const char *path, char *text,
		       const struct bisect_state_opts *o)
{
	size_t ncommits = 0, lineno = 1;
	char *line, *save = NULL;
	unsigned seen = 0;

	if (strncmp(text, BISECT_STATE_MAGIC "\n", strlen(BISECT_STATE_MAGIC) + 1))
		return error("%s:1: not a contest bisect state file", path);
	for (line = strtok_r(text + strlen(BISECT_STATE_MAGIC) + 1, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		lineno++;
		if (state_line(st, path, lineno, line, o, &ncommits, &seen) < 0)
			return -1;
	}
	if ((seen & OPTIONS_ALWAYS) != OPTIONS_ALWAYS)
		return error("%s: its tree, load or metric line is missing", path);
	if (ncommits != o->n)
		return error("%s: its commits are not those from --good to --bad", path);
	return 0;
}

int bisect_state_append(const char *path, const char *fmt, ...)
{
	va_list ap;
	char *line;
	int fd = open_write_file(path, O_APPEND, 0644), ret = 0;

	va_start(ap, fmt);
	if (vasprintf(&line, fmt, ap) < 0)
		line = NULL;
	va_end(ap);
	if (fd < 0 || !line || write_all(fd, line, strlen(line)) < 0 || fsync(fd) < 0)
		ret = error("cannot write '%s': %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
	free(line);
	return ret;
}

/* the recorded state, when it is ours alone and this bisection's */
static int state_read(struct bisect_state *st, const char *path,
		      const struct bisect_state_opts *o)
{
	struct stat ls;
	size_t len;
	char *text;
	int ret;

	if (lstat(path, &ls) == 0 && (!S_ISREG(ls.st_mode) || !owned_alone(&ls)))
		return error("--resume: refusing '%s': %s", path, !S_ISREG(ls.st_mode) ?
			     "not a regular file" : "another user owns it or may write it");
	if (!(text = read_regular_file(path, &len)))
		return error("--resume: cannot read '%s': %s", path, file_strerror(errno));
	ret = bisect_state_parse(st, path, text, o);
	free(text);
	return ret;
}

int bisect_state_open(struct bisect_state *st, const char *path, int resume,
		      const struct bisect_state_opts *o)
{
	char *header;
	int ret;

	if (resume)
		return state_read(st, path, o);
	if (access(path, F_OK) == 0)
		return error("a bisection is recorded in '%s': go on with --resume, or "
			     "remove it to start again", path);
	header = bisect_state_header(o);
	ret = bisect_state_append(path, "%s", header);
	free(header);
	return ret;
}

void bisect_stamp_of(struct bisect_stamp *s, const struct stat *st)
{
	s->known = 1;
	s->size = (long long)st->st_size;
	s->sec = (long long)st->st_mtim.tv_sec;
	s->nsec = st->st_mtim.tv_nsec;
}

const char *bisect_image_changed(const char *path, const struct bisect_stamp *s)
{
	struct stat st;
	struct bisect_stamp now;

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? "it is gone" : "it cannot be read";
	if (!S_ISREG(st.st_mode) || !(st.st_mode & S_IXUSR))
		return "not an executable regular file";
	if (!owned_alone(&st))
		return "another user owns it or may write it";
	if (!s->known)
		return "the state does not record it";
	bisect_stamp_of(&now, &st);
	if (now.size != s->size || now.sec != s->sec || now.nsec != s->nsec)
		return "its size or time is not the one recorded";
	return NULL;
}
