// SPDX-License-Identifier: LGPL-2.1-or-later
/* The NUMA nodes of a machine (or a capture): its nodeN directories. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* N of "nodeN", or -1 for any other name (has_cpu, online, power, ...). */
static int node_number(const char *name)
{
	char *end;
	long n;

	if (strncmp(name, "node", 4) || name[4] < '0' || name[4] > '9')
		return -1;
	n = strtol(name + 4, &end, 10);
	return *end || n > 1 << 20 ? -1 : (int)n;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

int mmstat_nodes(const char *root, int *nodes, size_t max, struct mmstat_error *err)
{
	char path[sizeof(err->path)];
	struct mmstat_error scratch;
	struct dirent *d;
	int *all = NULL, n;
	size_t len = 0, cap = 0;
	DIR *dir;

	if (!err)
		err = &scratch;
	if (!root || !strcmp(root, "/"))
		root = "";
	snprintf(path, sizeof(path), "%s/sys/devices/system/node", root);
	dir = opendir(path);
	if (!dir) {
		mm_error_set(err, MMSTAT_ERR_IO, errno, path, "cannot open: %s",
			     strerror(errno));
		return -1;
	}
	while ((d = readdir(dir)))
		if ((n = node_number(d->d_name)) >= 0) {
			if (mm_grow((void **)&all, &cap, len + 1, sizeof(*all))) {
				closedir(dir);
				free(all);
				mm_error_set(err, MMSTAT_ERR_NOMEM, ENOMEM, path, "out of memory");
				return -1;
			}
			all[len++] = n;
		}
	closedir(dir);
	if (len)
		qsort(all, len, sizeof(*all), cmp_int);
	for (size_t i = 0; i < len && i < max; i++)
		nodes[i] = all[i];
	free(all);
	return (int)len;
}
