// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Memory cgroups: memory.stat ("name value", v1 and v2) and
 * memory.numa_stat (v2 "anon N0=1 N1=2", v1 "total=3 N0=1 N1=2").
 * The version is read from the text, not from the mount, so a capture
 * parses without knowing where it came from.
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"

struct mmstat_memcg {
	struct mm_flat fl;
};

/* v1 memory.stat has had hierarchical_memory_limit since 2.6.29; v2 never. */
static int memcg_stat_version(const struct mm_file *f)
{
	static const char mark[] = "hierarchical_memory_limit ";

	/* memmem: parsing has already cut the first line with a NUL */
	return memmem(f->buf, f->len, mark, sizeof(mark) - 1) ? MMSTAT_MEMCG_V1 :
		MMSTAT_MEMCG_V2;
}

static const struct mm_keyset *memcg_keys(const struct mm_flat *fl)
{
	if (fl->version == MMSTAT_MEMCG_V2)
		return &mm_memcg_v2_keys;	/* bytes in both files */
	return fl->which == MMSTAT_MEMCG_NUMA_STAT ? &mm_memcg_v1_numa_keys :
		&mm_memcg_v1_keys;
}

static int memcg_stat_line(struct mm_flat *fl, unsigned line, char *text)
{
	if (!fl->ent.len)	/* the first line of a sample */
		fl->version = memcg_stat_version(&fl->file);
	return mm_flat_word_line(fl, line, text, memcg_keys(fl));
}

/* "anon N0=1 N1=2" (v2) or "total=3 N0=1 N1=2" (v1): name.N0, ... */
static int memcg_numa_line(struct mm_flat *fl, unsigned line, char *text)
{
	char *p = text + strcspn(text, " \t="), *name, composed[128];
	uint64_t value;
	bool centi, v1 = *p == '=';
	int len;
	const char *why = NULL;

	if (!*p)
		return mm_fail(&fl->file, line, "expected 'name N0=value ...'");
	fl->version = v1 ? MMSTAT_MEMCG_V1 : MMSTAT_MEMCG_V2;
	if (v1) {
		p = text;
		why = mm_next_assign(&p, &name, &value, &centi);
		if (!why && mm_flat_add(fl, line, memcg_keys(fl), name, strlen(name),
					value, -1))
			return -1;
	} else {
		*p++ = '\0';
	}
	while (!why && !(why = mm_next_assign(&p, &name, &value, &centi)) && name) {
		if (name[0] != 'N' || centi)
			return mm_fail(&fl->file, line, "%s: expected N<node>=<integer>", text);
		len = snprintf(composed, sizeof(composed), "%s.%s", text, name);
		if (mm_flat_add(fl, line, memcg_keys(fl), composed,
				MM_SNPRINTF_LEN(len, composed), value, -1))
			return -1;
	}
	return why ? mm_fail(&fl->file, line, "%s: %s", text, why) : 0;
}

void mm_cgroup_file(char *path, size_t len, const char *cgroup, const char *file)
{
	snprintf(path, len, "%s%s/%s", cgroup[0] == '/' ? "" : "/sys/fs/cgroup/",
		 cgroup, file);
}

struct mmstat_memcg *mmstat_memcg_new(const char *root, const char *cgroup,
				      enum mmstat_memcg_file which,
				      struct mmstat_error *err)
{
	char path[sizeof(err->path)];
	const char *file = which == MMSTAT_MEMCG_NUMA_STAT ? "memory.numa_stat" :
		"memory.stat";
	struct mm_flat *fl;

	mm_cgroup_file(path, sizeof(path), cgroup, file);
	fl = mm_flat_new(root, path, MMSTAT_TABLE_MEMCG, 0, which == MMSTAT_MEMCG_NUMA_STAT ?
			 memcg_numa_line : memcg_stat_line, err);
	if (fl) {
		fl->which = which;
		mm_file_single_record(&fl->file);	/* no cft->seq_start */
	}
	return (struct mmstat_memcg *)fl;
}

enum mmstat_memcg_version mmstat_memcg_version(const struct mmstat_memcg *c)
{
	return (enum mmstat_memcg_version)c->fl.version;
}

MM_FLAT_API(memcg)
