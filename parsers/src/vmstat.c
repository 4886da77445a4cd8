// SPDX-License-Identifier: LGPL-2.1-or-later
/* /proc/vmstat and /sys/devices/system/node/nodeN/vmstat: "name value". */
#include <stdio.h>

#include "internal.h"

struct mmstat_vmstat {
	struct mm_flat fl;
};

static int vmstat_line(struct mm_flat *fl, unsigned line, char *text)
{
	return mm_flat_word_line(fl, line, text, &mm_vmstat_keys);
}

/* The fast path for "name value" lines (flat.c). */
static struct mm_flat *vmstat_fast(struct mm_flat *fl)
{
	if (fl) {
		fl->fast_ks = &mm_vmstat_keys;
		fl->fast_sep = ' ';
	}
	return fl;
}

struct mmstat_vmstat *mmstat_vmstat_new(const char *root, struct mmstat_error *err)
{
	return (struct mmstat_vmstat *)vmstat_fast(mm_flat_new(root, "/proc/vmstat",
		MMSTAT_TABLE_VMSTAT, MMSTAT_VM_NR, vmstat_line, err));
}

struct mmstat_vmstat *mmstat_node_vmstat_new(const char *root, int node,
					     struct mmstat_error *err)
{
	char path[64];
	struct mm_flat *fl;

	snprintf(path, sizeof(path), "/sys/devices/system/node/node%d/vmstat", node);
	fl = mm_flat_new(root, path, MMSTAT_TABLE_VMSTAT, MMSTAT_VM_NR, vmstat_line, err);
	/* Unlike /proc/vmstat (one record per counter), a sysfs attribute. */
	if (fl)
		mm_file_single_record(&fl->file);
	return (struct mmstat_vmstat *)vmstat_fast(fl);
}

MM_FLAT_API(vmstat)
