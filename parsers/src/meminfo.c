// SPDX-License-Identifier: LGPL-2.1-or-later
/* /proc/meminfo and /sys/devices/system/node/nodeN/meminfo. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

struct mmstat_meminfo {
	struct mm_flat fl;
};

/*
 * "Node 3 MemTotal: ..." must say the node the file belongs to: a capture
 * tree with node1's file copied into node0/ is a mistake worth reporting.
 */
static int strip_node_prefix(struct mm_flat *fl, unsigned line, char **text)
{
	char *p = *text;
	uint64_t node;
	const char *why;

	if (strncmp(p, "Node ", 5))
		return mm_fail(&fl->file, line, "missing the 'Node %d' prefix",
			       fl->node);
	p += 5;
	why = mm_parse_u64(&p, &node);
	if (why)
		return mm_fail(&fl->file, line, "node number: %s", why);
	if (node != (uint64_t)fl->node)
		return mm_fail(&fl->file, line, "line is for node %llu, file is node%d's",
			       (unsigned long long)node, fl->node);
	*text = mm_skip_blanks(p);
	return 0;
}

/* Only two forms exist: "kB", and no unit for the HugePages_* counts. */
static int meminfo_unit(const char *tail)
{
	if (!*tail)
		return MMSTAT_UNIT_COUNT;
	if (tail[0] == 'k' && tail[1] == 'B' && !tail[2])
		return MMSTAT_UNIT_KB;
	return -1;
}

static int meminfo_line(struct mm_flat *fl, unsigned line, char *text)
{
	struct mm_field f;
	const char *why = mm_split_field(text, &f);
	const struct mmstat_entry *e;
	int unit;

	if (!why && !f.had_colon)
		why = "missing ':' after the key";
	if (why)
		return mm_fail_field(&fl->file, line, &f, why);
	unit = meminfo_unit(f.tail);
	if (unit < 0)
		return mm_fail(&fl->file, line, "%s: unknown unit '%s'", f.name, f.tail);
	if (mm_flat_add(fl, line, &mm_meminfo_keys, f.name, f.name_len, f.value, unit))
		return -1;
	e = &fl->ent.v[fl->ent.len - 1];
	if (e->key >= 0 && mm_meminfo_keys.units[MMSTAT_KEY_INDEX(e->key)] != e->unit)
		return mm_fail(&fl->file, line, "%s: in %s, the kernel prints it in %s",
			       f.name, mmstat_unit_name(e->unit),
			       mmstat_unit_name(mm_meminfo_keys.units[MMSTAT_KEY_INDEX(e->key)]));
	return 0;
}

static int node_meminfo_line(struct mm_flat *fl, unsigned line, char *text)
{
	if (strip_node_prefix(fl, line, &text))
		return -1;
	return meminfo_line(fl, line, text);
}

struct mmstat_meminfo *mmstat_meminfo_new(const char *root,
					  struct mmstat_error *err)
{
	struct mm_flat *fl = mm_flat_new(root, "/proc/meminfo", MMSTAT_TABLE_MEMINFO, MMSTAT_MI_NR,
					 meminfo_line, err);

	if (fl) {
		mm_file_single_record(&fl->file);	/* single_open() */
		fl->fast_ks = &mm_meminfo_keys;
		fl->fast_sep = ':';
	}
	return (struct mmstat_meminfo *)fl;
}

struct mmstat_meminfo *mmstat_node_meminfo_new(const char *root, int node,
					       struct mmstat_error *err)
{
	char path[64];
	struct mm_flat *fl;

	snprintf(path, sizeof(path), "/sys/devices/system/node/node%d/meminfo", node);
	fl = mm_flat_new(root, path, MMSTAT_TABLE_MEMINFO, MMSTAT_MI_NR,
			 node_meminfo_line, err);
	if (fl) {
		fl->node = node;
		mm_file_single_record(&fl->file);	/* a sysfs attribute */
		fl->fast_ks = &mm_meminfo_keys;
		fl->fast_sep = ':';
		/* node_read_meminfo(): "Node %d MemTotal: ..." */
		fl->fast_prefix_len = MM_SNPRINTF_LEN(snprintf(fl->fast_prefix,
			sizeof(fl->fast_prefix), "Node %d ", node), fl->fast_prefix);
	}
	return (struct mmstat_meminfo *)fl;
}

MM_FLAT_API(meminfo)
