// SPDX-License-Identifier: GPL-2.0-only
/* word_file.c: one-word files kept open between samples; see word_file.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <linux/magic.h>

#include "word_file.h"

void sl_word_file_init(struct sl_word_file *w, const char *root, const char *path)
{
	memset(w, 0, sizeof(*w));
	w->fd = -1;
	snprintf(w->path, sizeof(w->path), "%s%s", root, path);
}

void sl_word_file_close(struct sl_word_file *w)
{
	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
}

static bool kernel_fs(int fd)
{
	struct statfs sfs;

	if (fstatfs(fd, &sfs))
		return false;
	return (unsigned long)sfs.f_type == PROC_SUPER_MAGIC ||
	       (unsigned long)sfs.f_type == SYSFS_MAGIC;
}

static int word_open(struct sl_word_file *w)
{
	struct stat st;

	/* O_NONBLOCK: a FIFO in a capture must not hang the sampler */
	w->fd = open(w->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	w->open_failed = w->fd < 0;
	if (w->fd < 0)
		return -1;
	if (fstat(w->fd, &st) || !S_ISREG(st.st_mode)) {
		sl_word_file_close(w);
		w->open_failed = true;
		return -1;
	}
	w->dev = st.st_dev;
	w->ino = st.st_ino;
	w->kernel_fs = kernel_fs(w->fd);
	return 0;
}

/* Off the kernel's file systems: is the path still the file we hold? */
static bool still_there(const struct sl_word_file *w)
{
	struct stat st;

	return stat(w->path, &st) == 0 && st.st_dev == w->dev && st.st_ino == w->ino;
}

void sl_word_file_read(struct sl_word_file *w, bool retry, char *buf, size_t len)
{
	char tmp[64];
	ssize_t n;

	buf[0] = '\0';
	if (w->fd >= 0 && !w->kernel_fs && !still_there(w)) {
		sl_word_file_close(w);
		retry = true;		/* replaced or removed: open what is there now */
	}
	if (w->fd < 0 && ((w->open_failed && !retry) || word_open(w)))
		return;
	do
		n = pread(w->fd, tmp, sizeof(tmp) - 1, 0);
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		/* e.g. ENODEV: the attribute went away; open afresh next time */
		sl_word_file_close(w);
		return;
	}
	tmp[n] = '\0';
	tmp[strcspn(tmp, " \t\n")] = '\0';
	snprintf(buf, len, "%s", tmp);
}
