/* SPDX-License-Identifier: GPL-2.0-or-later */
/* target.h: what an access touches: anonymous memory or a file's pages.
 *
 * Each function reports its own error on stderr, naming the path or size,
 * and returns -1; the caller only decides the exit status.
 */
#ifndef LRULOAD_TARGET_H
#define LRULOAD_TARGET_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "access.h"

struct target {
	enum component_kind kind;
	uint64_t pages;
	size_t page_size;
	unsigned char *memory;	/* anon: the mapping */
	int fd;			/* files: open for reading */
	unsigned char *buffer;	/* files: one page to read into */
	char *path;		/* files: where the file lives */
	bool created;		/* files: this run wrote the file */
};

/* Map pages of anonymous memory; nothing is faulted in yet.  Unless thp is
 * set, huge pages are refused (MADV_NOHUGEPAGE) so the LRU sees 4 KiB pages
 * and page counts mean what they say. */
int target_open_anon(struct target *target, uint64_t pages, size_t page_size,
		     bool thp);

/* Open dir/lruload-KIND-BYTES.dat, first creating dir and writing the file if
 * it is missing or of another size.  A written file is synced and dropped
 * from the page cache, so the first pass reads from disk.  Writing gives up,
 * leaving nothing behind, once *cancel is set (by a signal: writing a large
 * file under emulation takes minutes). */
int target_open_file(struct target *target, enum component_kind kind,
		     const char *dir, uint64_t pages, size_t page_size,
		     const volatile sig_atomic_t *cancel);

/* Drop the file's clean pages from the page cache (--cold). */
int target_drop_cache(struct target *target);

/* Touch one page: anon writes a word into it, files pread it. */
int target_access(struct target *target, uint64_t page);

void target_close(struct target *target);

#endif
