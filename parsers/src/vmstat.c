// SPDX-License-Identifier: LGPL-2.1-or-later
/* /proc/vmstat and /sys/devices/system/node/nodeN/vmstat: "name value". */
#include <stdio.h>

#include "internal.h"

struct mmstat_vmstat {
	struct mm_flat fl;
};

static int vmstat_lines(struct mm_flat *fl)
{
	struct mm_cursor c;
	struct mm_field f;
	char *text;
	size_t len;
	const char *why;

	if (mm_cursor_init(&c, &fl->file))
		return -1;
	while (mm_next_line(&c, &text, &len)) {
		why = mm_split_field(text, &f);
		if (!why && f.had_colon)
			why = "':' in a vmstat line";
		if (!why && *f.tail)
			why = "unexpected text after the value";
		if (why)
			return mm_fail_field(&fl->file, c.lineno, &f, why);
		if (mm_flat_add(fl, c.lineno, &mm_vmstat_keys, f.name, f.name_len, f.value,
				-1))
			return -1;
	}
	return 0;
}

struct mmstat_vmstat *mmstat_vmstat_new(const char *root, struct mmstat_error *err)
{
	return (struct mmstat_vmstat *)mm_flat_new(root, "/proc/vmstat",
		MMSTAT_VM_NR, vmstat_lines, err);
}

struct mmstat_vmstat *mmstat_node_vmstat_new(const char *root, int node,
					     struct mmstat_error *err)
{
	char path[64];

	snprintf(path, sizeof(path), "/sys/devices/system/node/node%d/vmstat", node);
	return (struct mmstat_vmstat *)mm_flat_new(root, path, MMSTAT_VM_NR,
						   vmstat_lines, err);
}

MM_FLAT_API(vmstat)
