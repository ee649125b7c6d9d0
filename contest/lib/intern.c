/* intern.c - see intern.h: an open-addressing hash set of strings */
#include "lib/intern.h"
#include "lib/util.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char **slots;	/* a power of two of them, NULL free */
static size_t nslots, used;

static const char **slot_of(const char **table, size_t size, const char *s)
{
	size_t i = (size_t)hash_bytes(HASH_START, s, strlen(s)) & (size - 1);

	while (table[i] && strcmp(table[i], s))
		i = (i + 1) & (size - 1);
	return &table[i];
}

/* twice the room, every string moved over: kept at most half full */
static void grow(void)
{
	size_t size = nslots ? 2 * nslots : 64;
	const char **table = xcalloc(size, sizeof(*table));

	for (size_t i = 0; i < nslots; i++)
		if (slots[i])
			*slot_of(table, size, slots[i]) = slots[i];
	free(slots);
	slots = table;
	nslots = size;
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/* this thread's last two answers: each of a file's rows names its load
 * and its sweep point, the same as the row before's */
static __thread const char *last[2];
static __thread unsigned next_last;

const char *intern(const char *s)
{
	const char **slot, *found;

	for (int i = 0; i < 2; i++)
		if (last[i] && !strcmp(last[i], s))
			return last[i];
	pthread_mutex_lock(&lock);
	if (2 * (used + 1) > nslots)
		grow();
	slot = slot_of(slots, nslots, s);
	if (!*slot) {
		*slot = xstrdup(s);
		used++;
	}
	found = *slot;
	pthread_mutex_unlock(&lock);
	return last[next_last++ % 2] = found;
}
