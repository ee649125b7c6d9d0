/* swap.h - a swap file for the session (swapfile = SIZE) */
#ifndef CONTEST_SWAP_H
#define CONTEST_SWAP_H

#include <stdint.h>

/* Create path of size bytes, mkswap, swapon. 0, or -1 with the reason printed. */
int swap_on(const char *path, uint64_t size);
/* swapoff and unlink; safe when nothing is on. Only acts on the file
 * swap_on made (an existing file swap_on refused is never removed).
 * From its creation to its removal the file is in the cleanup registry
 * (cleanup.h) and on record, as "swap PATH", absolute. */
int swap_off(const char *path);

/* the volume label swap_on gives its files (mkswap -L), so that a leftover
 * can be told from anyone else's swap (lock-record.c) */
#define SWAP_LABEL "contest"

/* Read the swap header of the regular file path (no symlink followed):
 * 1 when it is a swap area, its label (up to 16 bytes) into label[17];
 * 0 when it is not a swap area; -1 when it cannot be read (errno set). */
int swap_read_label(const char *path, char label[17]);
/* 1 when /proc/swaps lists path (as given: absolute and resolved) */
int swap_listed(const char *path);

#endif
