/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * word_file.h: a one-word file read every sample (vm.swappiness,
 * vm.lru_scan_balance, lru_gen/enabled), kept open between samples.
 *
 * procfs and sysfs print such a file afresh at every read from offset 0,
 * so on them one pread() is the whole sample.  Anywhere else (a capture
 * under --root) the path may have been replaced, by a rename, while the
 * old inode is held open: there the path is stat()ed each sample and the
 * file reopened when it names another file.  A file that cannot be
 * opened is tried again only when the caller says so (the sampler does
 * every few samples): a sysctl missing from a running kernel stays
 * missing, and asking every second costs a system call each time.
 */
#ifndef SPLITLRUTOP_WORD_FILE_H
#define SPLITLRUTOP_WORD_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct sl_word_file {
	char path[700];
	int fd;			/* -1: not open */
	bool open_failed;	/* the last open failed: wait for a retry */
	bool kernel_fs;		/* procfs or sysfs: the fd reads the current value */
	dev_t dev;		/* the file the fd holds, for the check elsewhere */
	ino_t ino;
};

/* ROOT is "" for the live files. */
void sl_word_file_init(struct sl_word_file *w, const char *root, const char *path);
/*
 * The file's first word into buf; "" when it cannot be read.  retry: open
 * it even if the last open failed.
 */
void sl_word_file_read(struct sl_word_file *w, bool retry, char *buf, size_t len);
void sl_word_file_close(struct sl_word_file *w);

#endif /* SPLITLRUTOP_WORD_FILE_H */
