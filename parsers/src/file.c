// SPDX-License-Identifier: LGPL-2.1-or-later
/* Opening a statistics file under a root, reading it whole, and errors. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <linux/magic.h>

#include "internal.h"

/* Most of these files are small; zoneinfo on a big machine is not. */
#define MM_FIRST_BUF 4096

void mm_error_set(struct mmstat_error *e, enum mmstat_error_kind kind,
		  int sys_errno, const char *path, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return;
	e->kind = kind;
	e->sys_errno = sys_errno;
	e->line = 0;
	if (path != e->path)	/* callers re-raising on their own file */
		snprintf(e->path, sizeof(e->path), "%s", path ? path : "");
	va_start(ap, fmt);
	vsnprintf(e->reason, sizeof(e->reason), fmt, ap);
	va_end(ap);
}

int mm_fail(struct mm_file *f, unsigned line, const char *fmt, ...)
{
	va_list ap;

	f->err.kind = MMSTAT_ERR_PARSE;
	f->err.sys_errno = 0;
	f->err.line = line;
	va_start(ap, fmt);
	vsnprintf(f->err.reason, sizeof(f->err.reason), fmt, ap);
	va_end(ap);
	return -1;
}

char *mmstat_error_string(const struct mmstat_error *e, char *buf, size_t len)
{
	const char *path = e->path[0] ? e->path : "(buffer)";

	if (e->line)
		snprintf(buf, len, "%s:%u: %s", path, e->line, e->reason);
	else
		snprintf(buf, len, "%s: %s", path, e->reason);
	return buf;
}

int mm_grow(void **v, size_t *cap, size_t need, size_t elem)
{
	size_t ncap = *cap ? *cap : 16;
	void *nv;

	if (need <= *cap)
		return 0;
	while (ncap < need)
		ncap *= 2;
	nv = realloc(*v, ncap * elem);
	if (!nv)
		return -1;
	*v = nv;
	*cap = ncap;
	return 0;
}

int mm_nomem(struct mm_file *f)
{
	mm_error_set(&f->err, MMSTAT_ERR_NOMEM, ENOMEM, f->err.path,
		     "out of memory");
	return -1;
}

void *mm_push(void **v, size_t *len, size_t *cap, size_t elem)
{
	char *slot;

	if (mm_grow(v, cap, *len + 1, elem))
		return NULL;
	slot = (char *)*v + *len * elem;
	memset(slot, 0, elem);
	(*len)++;
	return slot;
}

/* Room for len bytes plus the NUL the line core relies on. */
static int mm_file_reserve(struct mm_file *f, size_t len)
{
	return mm_grow((void **)&f->buf, &f->cap, len + 1, 1) ? mm_nomem(f) : 0;
}

const char mmstat_no_file[] = "(buffer)";

int mm_file_open(struct mm_file *f, const char *root, const char *path,
		 struct mmstat_error *err)
{
	char full[sizeof(f->err.path)];
	bool no_file = root == mmstat_no_file;
	struct stat st;

	memset(f, 0, sizeof(*f));
	f->fd = -1;
	if (!root || !strcmp(root, "/") || no_file)
		root = "";
	snprintf(full, sizeof(full), "%s%s", root, no_file ? mmstat_no_file : path);
	snprintf(f->err.path, sizeof(f->err.path), "%s", full);
	if (mm_file_reserve(f, MM_FIRST_BUF)) {
		*err = f->err;
		return -1;
	}
	if (no_file)
		return 0;
	/*
	 * O_NONBLOCK: a FIFO under --root must not hang the open.  Every
	 * statistics file is a regular file (procfs, sysfs, cgroupfs and
	 * debugfs say so too); a FIFO, a device such as /dev/zero behind a
	 * symlink, or a directory is refused before anything is read.
	 */
	f->fd = open(full, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (f->fd < 0) {
		mm_error_set(err, MMSTAT_ERR_IO, errno, full, "cannot open: %s",
			     strerror(errno));
		free(f->buf);
		return -1;
	}
	if (fstat(f->fd, &st) || !S_ISREG(st.st_mode)) {
		mm_error_set(err, MMSTAT_ERR_IO, EINVAL, full, "cannot open: %s",
			     "not a regular file");
		mm_file_close(f);
		return -1;
	}
	return 0;
}

/*
 * Which files end at a short read.  Every kind but /proc/vmstat and
 * /proc/zoneinfo is one record of a seq_file: single_open() for
 * /proc/meminfo and /proc/pressure/memory, kernfs without ->seq_start for sysfs
 * attributes (nodeN/meminfo, nodeN/vmstat) and cgroup files without
 * cft->seq_start (memory.stat, memory.numa_stat, memory.pressure), whose
 * start is single_start(): "return *pos ? NULL : SEQ_START_TOKEN"
 * (linux-6.1 fs/seq_file.c, fs/kernfs/file.c kernfs_seq_start(),
 * kernel/cgroup/cgroup.c cgroup_kf_single_ops).  seq_read_iter() runs
 * ->show() once into its own buffer and copies out as much as the caller
 * asked for; so a read that returns less than asked has copied the whole
 * record, and the read after it could only return 0.  That read costs no
 * second ->show() (m->index is 1 by then, so start() returns NULL), but it
 * is a system call: 1.5 us of a 5 us /proc/meminfo sample on the 2-core
 * VM the benchmark ran on.
 *
 * Only on the kernel's own file systems: a capture under --root on NFS,
 * 9p or FUSE may come back short in the middle, and loops to 0 as before.
 */
void mm_file_single_record(struct mm_file *f)
{
	struct statfs sfs;

	if (f->fd < 0 || fstatfs(f->fd, &sfs))
		return;
	switch ((unsigned long)sfs.f_type) {
	case PROC_SUPER_MAGIC:
	case SYSFS_MAGIC:
	case CGROUP_SUPER_MAGIC:
	case CGROUP2_SUPER_MAGIC:
		f->short_read_ends = true;
		break;
	}
}

/*
 * seq_file hands out /proc/vmstat and /proc/zoneinfo one record (or one
 * page of records) per read(), so one read() of a fixed size (what procps
 * does) silently loses the rest.  Loop until read returns 0, from offset 0
 * each sample; for a single-record file (above) stop at the first read
 * that does not fill the room it was given.  A read that fills it exactly
 * says nothing, so the buffer grows and the loop reads on.
 */
int mm_file_read(struct mm_file *f)
{
	size_t len = 0, room;
	ssize_t n;

	f->nr_preads = 0;
	if (f->fd < 0) {
		mm_error_set(&f->err, MMSTAT_ERR_IO, EBADF, f->err.path,
			     "context has no file (made for _parse only)");
		return -1;
	}
	for (;;) {
		if (len >= MMSTAT_MAX_FILE) {
			mm_error_set(&f->err, MMSTAT_ERR_IO, EFBIG, f->err.path,
				     "read failed: more than %u MiB, not a statistics file",
				     MMSTAT_MAX_FILE >> 20);
			return -1;
		}
		if (f->cap - len < 2 && mm_file_reserve(f, f->cap * 2))
			return -1;
		room = f->cap - 1 - len;
		n = pread(f->fd, f->buf + len, room, (off_t)len);
		f->nr_preads++;
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			mm_error_set(&f->err, MMSTAT_ERR_IO, errno, f->err.path,
				     "read failed: %s", strerror(errno));
			return -1;
		}
		len += (size_t)n;
		if (n == 0 || (f->short_read_ends && (size_t)n < room))
			break;
	}
	f->len = len;
	f->buf[len] = '\0';
	return 0;
}

int mm_file_load(struct mm_file *f, const char *buf, size_t len)
{
	if (mm_file_reserve(f, len))
		return -1;
	if (len)	/* (NULL, 0) is an empty sample, and memcpy(NULL) is UB */
		memcpy(f->buf, buf, len);
	f->len = len;
	f->buf[len] = '\0';
	return 0;
}

void mm_file_close(struct mm_file *f)
{
	if (f->fd >= 0)
		close(f->fd);
	f->fd = -1;
	free(f->buf);
	f->buf = NULL;
}
