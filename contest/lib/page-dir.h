/* page-dir.h - may a generated page go into a directory?
 *
 * A page (DIR/index.html, with its files beside it) is written over only
 * where nothing else would be lost: DIR is new, empty, or holds an
 * index.html whose first 4 KiB carry generator, the tag the page's writer
 * puts in every page it makes. Never '/', nor a directory another user
 * may write (check_own_dir(), owner.h).
 */
#ifndef CONTEST_PAGE_DIR_H
#define CONTEST_PAGE_DIR_H

/* 0, or -1 (error printed naming dir): bad usage */
int page_dir_check(const char *dir, const char *generator);

#endif
