/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memcg.h: put the workload into a cgroup v2 memory cgroup. */
#ifndef LRULOAD_MEMCG_H
#define LRULOAD_MEMCG_H

#include <stdbool.h>
#include <stdint.h>

/* A memory.max or memory.swap.max setting: unset, "max", or bytes. */
struct memcg_limit {
	bool set;
	bool unlimited;
	uint64_t bytes;
};

/* Create (or reuse) the cgroup PATH, set its limits, and move this process
 * into it.  PATH is resolved as every tool does (sl_cgroup.h): an absolute
 * path whose parent is on a cgroup filesystem as given, anything else below
 * the cgroup2 mount point.  On
 * success *resolved holds the absolute path (free it).  Errors are reported
 * on stderr, with a hint, and return -1. */
int memcg_join(const char *path, const struct memcg_limit *memory_max,
	       const struct memcg_limit *swap_max, char **resolved);

#endif
