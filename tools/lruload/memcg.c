// SPDX-License-Identifier: GPL-2.0-or-later
/* memcg.c: create, limit and join a cgroup v2 memory cgroup; see memcg.h. */
#include "memcg.h"
#include "sl_cgroup.h"

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#ifndef CGROUP2_SUPER_MAGIC
#define CGROUP2_SUPER_MAGIC 0x63677270
#endif

static int write_control(const char *cgroup, const char *file, const char *value)
{
	char path[PATH_MAX + 32];	/* a cgroup directory and a control file */
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", cgroup, file);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = write(fd, value, strlen(value));
	if (n < 0) {
		int saved = errno;

		close(fd);
		errno = saved;
		return -1;
	}
	return close(fd);
}

static int control_exists(const char *cgroup, const char *file)
{
	char path[PATH_MAX + 32];	/* a cgroup directory and a control file */

	snprintf(path, sizeof(path), "%s/%s", cgroup, file);
	return access(path, F_OK) == 0;
}

static int write_limit(const char *cgroup, const char *file,
		       const struct memcg_limit *limit)
{
	char value[32];

	if (!limit->set)
		return 0;
	if (limit->unlimited)
		snprintf(value, sizeof(value), "max\n");
	else
		snprintf(value, sizeof(value), "%" PRIu64 "\n", limit->bytes);
	if (write_control(cgroup, file, value)) {
		warn("cannot write %s/%s", cgroup, file);
		return -1;
	}
	return 0;
}

static int memcg_enter(const char *cgroup, const struct memcg_limit *memory_max,
		       const struct memcg_limit *swap_max)
{
	char *parent_copy = strdup(cgroup);
	char *parent = parent_copy ? dirname(parent_copy) : NULL;
	struct statfs fs;
	char pid[32];
	int rc = -1;

	if (!parent) {
		warnx("out of memory");
		goto out;
	}
	if (statfs(parent, &fs) || fs.f_type != CGROUP2_SUPER_MAGIC) {
		warnx("%s is not inside a cgroup2 hierarchy", cgroup);
		goto out;
	}
	if (mkdir(cgroup, 0755) && errno != EEXIST) {
		warn("cannot create cgroup %s%s", cgroup,
		     errno == EACCES || errno == EPERM || errno == EROFS ?
		     " (not writable: run as root or in a delegated cgroup)" : "");
		goto out;
	}
	if (!control_exists(cgroup, "memory.max") &&
	    write_control(parent, "cgroup.subtree_control", "+memory\n")) {
		warn("the memory controller is not enabled for %s, and writing "
		     "+memory to %s/cgroup.subtree_control failed", cgroup, parent);
		goto out;
	}
	if (write_limit(cgroup, "memory.max", memory_max) ||
	    write_limit(cgroup, "memory.swap.max", swap_max))
		goto out;
	snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
	if (write_control(cgroup, "cgroup.procs", pid)) {
		warn("cannot move into cgroup %s (%s/cgroup.procs)", cgroup, cgroup);
		goto out;
	}
	rc = 0;
out:
	free(parent_copy);
	return rc;
}

int memcg_join(const char *path, const struct memcg_limit *memory_max,
	       const struct memcg_limit *swap_max, char **resolved)
{
	struct sl_cgroup cg;
	int rc = sl_cgroup_resolve(NULL, path, SL_CGROUP_NEW, &cg);

	*resolved = NULL;
	if (rc) {
		warnx("--memcg %s: %s", path, strerror(-rc));
		return -1;
	}
	if (!cg.mounted) {
		warnx("--memcg: cgroup2 is not mounted "
		      "(mount -t cgroup2 none /sys/fs/cgroup)");
		return -1;
	}
	sl_cgroup_note("--memcg", path, &cg);
	if (memcg_enter(cg.path, memory_max, swap_max))
		return -1;
	*resolved = strdup(cg.path);
	if (!*resolved) {
		warnx("out of memory");
		return -1;
	}
	return 0;
}
