// SPDX-License-Identifier: GPL-2.0-or-later
/* target.c: anonymous memory and files that accesses touch; see target.h. */
#include "target.h"

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static void target_clear(struct target *target, enum component_kind kind,
			 uint64_t pages, size_t page_size)
{
	memset(target, 0, sizeof(*target));
	target->kind = kind;
	target->pages = pages;
	target->page_size = page_size;
	target->fd = -1;
}

int target_open_anon(struct target *target, uint64_t pages, size_t page_size,
		     bool thp)
{
	size_t length;

	target_clear(target, COMPONENT_ANON, pages, page_size);
	if (pages > SIZE_MAX / page_size) {
		warnx("anon: %" PRIu64 " pages do not fit the address space", pages);
		return -1;
	}
	length = pages * page_size;
	target->memory = mmap(NULL, length, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (target->memory == MAP_FAILED) {
		target->memory = NULL;
		warn("anon: cannot map %zu bytes", length);
		return -1;
	}
	if (!thp && madvise(target->memory, length, MADV_NOHUGEPAGE) && errno != EINVAL)
		warn("anon: madvise(MADV_NOHUGEPAGE)");
	return 0;
}

/* mkdir -p: the file directory may be new on a fresh guest. */
static int make_dirs(const char *dir)
{
	char *copy = strdup(dir);
	int rc = 0;

	if (!copy)
		return -1;
	for (char *p = copy + 1; ; p++) {
		char saved = *p;

		if (saved != '/' && saved != '\0')
			continue;
		*p = '\0';
		if (mkdir(copy, 0755) && errno != EEXIST) {
			warn("cannot create directory %s", copy);
			rc = -1;
			break;
		}
		*p = saved;
		if (!saved)
			break;
	}
	free(copy);
	return rc;
}

/* Write the file under a temporary name and rename it into place, so a run
 * that dies half-way, or a second lruload at the same time, never leaves a
 * short file under the real name.  Every page is written (no holes), each
 * starting with its index, so reads are real reads of distinct data. */
static int write_file(const struct target *target, const volatile sig_atomic_t *cancel)
{
	size_t chunk_pages = (1u << 20) / target->page_size;
	size_t tmp_len = strlen(target->path) + 16;
	char *tmp = malloc(tmp_len);
	unsigned char *chunk = malloc(chunk_pages * target->page_size);
	int fd = -1, rc = -1;

	if (!tmp || !chunk) {
		warnx("%s: out of memory", target->path);
		goto out;
	}
	snprintf(tmp, tmp_len, "%s.tmp%ld", target->path, (long)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		warn("cannot create %s", tmp);
		goto out;
	}
	memset(chunk, 0xa5, chunk_pages * target->page_size);
	for (uint64_t page = 0; page < target->pages; page += chunk_pages) {
		uint64_t count = target->pages - page;
		size_t length;

		if (*cancel)
			goto out;
		if (count > chunk_pages)
			count = chunk_pages;
		for (uint64_t i = 0; i < count; i++) {
			uint64_t index = page + i;

			memcpy(chunk + i * target->page_size, &index, sizeof(index));
		}
		length = count * target->page_size;
		for (size_t done = 0; done < length; ) {
			ssize_t n = write(fd, chunk + done, length - done);

			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0) {
				warn("cannot write %s", tmp);
				goto out;
			}
			done += (size_t)n;
		}
	}
	if (fdatasync(fd)) {
		warn("cannot sync %s", tmp);
		goto out;
	}
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	if (rename(tmp, target->path)) {
		warn("cannot rename %s to %s", tmp, target->path);
		goto out;
	}
	rc = 0;
out:
	if (fd >= 0) {
		close(fd);
		if (rc)
			unlink(tmp);
	}
	free(tmp);
	free(chunk);
	return rc;
}

int target_open_file(struct target *target, enum component_kind kind,
		     const char *dir, uint64_t pages, size_t page_size,
		     const volatile sig_atomic_t *cancel)
{
	uint64_t bytes;
	struct stat st;

	target_clear(target, kind, pages, page_size);
	if (pages > UINT64_MAX / page_size || pages * page_size > (uint64_t)INT64_MAX) {
		warnx("%s: %" PRIu64 " pages is too large for a file",
		      component_name(kind), pages);
		return -1;
	}
	bytes = pages * page_size;
	target->buffer = malloc(page_size);
	if (!target->buffer ||
	    asprintf(&target->path, "%s/lruload-%s-%" PRIu64 ".dat", dir,
		     component_name(kind), bytes) < 0) {
		target->path = NULL;
		warnx("%s: out of memory", component_name(kind));
		return -1;
	}
	if (make_dirs(dir))
		return -1;
	if (stat(target->path, &st) || !S_ISREG(st.st_mode) ||
	    (uint64_t)st.st_size != bytes) {
		if (write_file(target, cancel))
			return -1;
		target->created = true;
	}
	target->fd = open(target->path, O_RDONLY | O_CLOEXEC);
	if (target->fd < 0) {
		warn("cannot open %s", target->path);
		return -1;
	}
	return 0;
}

int target_drop_cache(struct target *target)
{
	if (target->fd < 0)
		return 0;
	/* Only clean pages go; the file was synced when it was written. */
	errno = posix_fadvise(target->fd, 0, 0, POSIX_FADV_DONTNEED);
	if (errno) {
		warn("%s: posix_fadvise(DONTNEED)", target->path);
		return -1;
	}
	return 0;
}

int target_access(struct target *target, uint64_t page)
{
	off_t offset;
	size_t done = 0;

	if (target->memory) {
		/* A write, not a read: a read of a never-written anon page maps
		 * the shared zero page and puts nothing on the LRU. */
		volatile uint64_t *word =
			(volatile uint64_t *)(target->memory + page * target->page_size);

		*word += 1;
		return 0;
	}
	offset = (off_t)(page * target->page_size);
	while (done < target->page_size) {
		ssize_t n = pread(target->fd, target->buffer + done,
				  target->page_size - done, offset + (off_t)done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			warn("cannot read %s at page %" PRIu64, target->path, page);
			return -1;
		}
		if (n == 0) {
			warnx("%s: shorter than expected at page %" PRIu64
			      " (changed while running?)", target->path, page);
			return -1;
		}
		done += (size_t)n;
	}
	return 0;
}

void target_close(struct target *target)
{
	if (target->memory)
		munmap(target->memory, target->pages * target->page_size);
	if (target->fd >= 0)
		close(target->fd);
	free(target->buffer);
	free(target->path);
	target_clear(target, target->kind, 0, target->page_size);
}
