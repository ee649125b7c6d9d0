/* intern.h - one copy of each string, for the names a lab's results repeat
 *
 * Every kernel folder names the same few loads and sweep points in each of
 * its rows: kept once each, a name is a pointer, and two names are equal
 * exactly when their pointers are (git's strintern, perf's strlist). The
 * table lives as long as the process; nothing is ever freed from it. Any
 * thread may intern.
 */
#ifndef CONTEST_INTERN_H
#define CONTEST_INTERN_H

/* the one copy of s, made the first time s is seen */
const char *intern(const char *s);

#endif
