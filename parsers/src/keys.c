// SPDX-License-Identifier: LGPL-2.1-or-later
/* Known keys, the entry tables every parser fills, lookups and deltas. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define MM_NAME(id, name, unit) name,
#define MM_UNIT(id, name, unit) MMSTAT_UNIT_##unit,

static const char *const meminfo_names[] = { MMSTAT_MEMINFO_KEYS(MM_NAME) };
static const enum mmstat_unit meminfo_units[] = { MMSTAT_MEMINFO_KEYS(MM_UNIT) };
static const char *const vmstat_names[] = { MMSTAT_VMSTAT_KEYS(MM_NAME) };
static const enum mmstat_unit vmstat_units[] = { MMSTAT_VMSTAT_KEYS(MM_UNIT) };
static const char *const zone_names[] = { MMSTAT_ZONE_KEYS(MM_NAME) };
static const enum mmstat_unit zone_units[] = { MMSTAT_ZONE_KEYS(MM_UNIT) };
static const char *const pcp_names[] = { MMSTAT_PCP_KEYS(MM_NAME) };
static const enum mmstat_unit pcp_units[] = { MMSTAT_PCP_KEYS(MM_UNIT) };
static const char *const psi_names[] = { MMSTAT_PSI_KEYS(MM_NAME) };
static const enum mmstat_unit psi_units[] = { MMSTAT_PSI_KEYS(MM_UNIT) };

static enum mmstat_unit unit_count(const char *name)
{
	return MMSTAT_UNIT_COUNT;
}

static enum mmstat_unit unit_kb(const char *name)
{
	return MMSTAT_UNIT_KB;
}

/*
 * vmstat prints gauges of pages as nr_*, everything else counts events.
 * The nr_* that are not pages and not in the key list: the TLB flush
 * events of CONFIG_DEBUG_TLBFLUSH, and the shadow call stack in kB.
 */
static enum mmstat_unit unit_vmstat(const char *name)
{
	if (strncmp(name, "nr_", 3) || !strncmp(name, "nr_tlb_", 7))
		return MMSTAT_UNIT_COUNT;
	if (!strcmp(name, "nr_shadow_call_stack"))
		return MMSTAT_UNIT_KB;
	return MMSTAT_UNIT_PAGES;
}

static bool in_list(const char *name, size_t len, const char *const *list)
{
	for (; *list; list++)
		if (strlen(*list) == len && !strncmp(name, *list, len))
			return true;
	return false;
}

/* cgroup v2 memory.stat and numa_stat ("anon.N0"): sizes in bytes. */
static enum mmstat_unit unit_memcg_v2(const char *name)
{
	static const char *const bytes[] = {
		"anon", "file", "kernel", "kernel_stack", "pagetables",
		"sec_pagetables", "percpu", "sock", "vmalloc", "shmem", "zswap",
		"zswapped", "file_mapped", "file_dirty", "file_writeback",
		"swapcached", "anon_thp", "file_thp", "shmem_thp",
		"inactive_anon", "active_anon", "inactive_file", "active_file",
		"unevictable", "slab_reclaimable", "slab_unreclaimable", "slab",
		"hugetlb", NULL
	};
	const char *dot = strchr(name, '.');

	return in_list(name, dot ? (size_t)(dot - name) : strlen(name), bytes) ?
		MMSTAT_UNIT_BYTES : MMSTAT_UNIT_COUNT;
}

/* cgroup v1 memory.numa_stat: every value is pages (total, file, anon, unevictable). */
static enum mmstat_unit unit_memcg_v1_numa(const char *name)
{
	return MMSTAT_UNIT_PAGES;
}

/* cgroup v1 memory.stat: sizes in bytes except the event counters. */
static enum mmstat_unit unit_memcg_v1(const char *name)
{
	static const char *const counts[] = {
		"pgpgin", "pgpgout", "pgfault", "pgmajfault", NULL
	};

	if (!strncmp(name, "total_", 6))
		name += 6;
	if (!strncmp(name, "workingset_", 11) || in_list(name, strlen(name), counts))
		return MMSTAT_UNIT_COUNT;
	return MMSTAT_UNIT_BYTES;
}

#define MM_KEYSET(names, units, unknown, kind) \
	{ names, units, (int)(sizeof(names) / sizeof(names[0])), unknown, \
	  MMSTAT_TABLE_##kind << MMSTAT_KEY_KIND_SHIFT }

const struct mm_keyset mm_meminfo_keys = MM_KEYSET(meminfo_names, meminfo_units, unit_kb, MEMINFO);
const struct mm_keyset mm_vmstat_keys = MM_KEYSET(vmstat_names, vmstat_units, unit_vmstat, VMSTAT);
const struct mm_keyset mm_zone_keys = MM_KEYSET(zone_names, zone_units, unit_count, ZONE);
const struct mm_keyset mm_pcp_keys = MM_KEYSET(pcp_names, pcp_units, unit_count, PCP);
const struct mm_keyset mm_psi_keys = MM_KEYSET(psi_names, psi_units, unit_count, PSI);
const struct mm_keyset mm_memcg_v1_keys = { .unknown_unit = unit_memcg_v1 };
const struct mm_keyset mm_memcg_v2_keys = { .unknown_unit = unit_memcg_v2 };
const struct mm_keyset mm_memcg_v1_numa_keys = { .unknown_unit = unit_memcg_v1_numa };

const char *mmstat_unit_name(enum mmstat_unit unit)
{
	static const char *const names[] = {
		[MMSTAT_UNIT_COUNT] = "count", [MMSTAT_UNIT_KB] = "kB",
		[MMSTAT_UNIT_PAGES] = "pages", [MMSTAT_UNIT_BYTES] = "bytes",
		[MMSTAT_UNIT_CENTIPERCENT] = "centipercent",
		[MMSTAT_UNIT_USEC] = "us", [MMSTAT_UNIT_HUGEPAGES] = "hugepages",
		[MMSTAT_UNIT_MSEC] = "ms",
	};

	return (unsigned)unit < sizeof(names) / sizeof(names[0]) ? names[unit] : "?";
}

/*
 * The kernel's keys are printable ASCII; anything else would reach JSON
 * keys and shell variable names as is.
 */
bool mm_printable(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e)
			return false;
	return true;
}

static int keyset_lookup(const struct mm_keyset *ks, const char *name)
{
	for (int k = 0; k < ks->count; k++)
		if (!strcmp(ks->names[k], name))
			return k;
	return MMSTAT_KEY_UNKNOWN;
}

void mm_entries_reset(struct mm_entries *e)
{
	e->len = 0;
	e->layout_changed = false;
	if (e->dup_upto || e->dup_names)
		memset(e->dup, 0, e->dup_cap * sizeof(*e->dup));
	e->dup_upto = e->dup_names = 0;
}

void mm_entries_free(struct mm_entries *e)
{
	for (size_t i = 0; i < e->layout_len; i++)
		free(e->layout[i].name);
	free(e->layout);
	free(e->v);
	free(e->dup);
	memset(e, 0, sizeof(*e));
}

/* Same name, same key set, same table as this position had last sample. */
static bool layout_matches(const struct mm_entries *e, size_t i,
			   const struct mm_keyset *ks, size_t table_start,
			   const char *name, size_t name_len)
{
	const struct mm_layout_slot *s;

	if (e->layout_changed || i >= e->layout_len)
		return false;
	s = &e->layout[i];
	return s->ks == ks && s->table_start == table_start &&
		s->name_len == name_len && !memcmp(s->name, name, name_len);
}

static uint32_t name_hash(const char *name)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 16777619u;
	return h;
}

/* The slot of name in the set: where it is, or the empty one it would take. */
static uint32_t *dup_slot(const struct mm_entries *e, const char *name)
{
	size_t mask = e->dup_cap - 1, i = name_hash(name) & mask;

	while (e->dup[i] && strcmp(e->v[e->dup[i] - 1].name, name))
		i = (i + 1) & mask;
	return &e->dup[i];
}

/* Adds entries [dup_upto, len) to the set, growing it to stay half empty. */
static int dup_catch_up(struct mm_entries *e)
{
	if (2 * (e->dup_names + e->len - e->dup_upto) + 2 > e->dup_cap) {
		size_t cap = 64;

		while (cap < 4 * (e->len + 1))
			cap *= 2;
		free(e->dup);
		e->dup = calloc(cap, sizeof(*e->dup));
		if (!e->dup) {
			e->dup_cap = e->dup_upto = e->dup_names = 0;
			return -1;
		}
		e->dup_cap = cap;
		e->dup_upto = e->dup_names = 0;
	}
	for (; e->dup_upto < e->len; e->dup_upto++) {
		uint32_t *slot = dup_slot(e, e->v[e->dup_upto].name);

		e->dup_names += !*slot;
		*slot = (uint32_t)e->dup_upto + 1;	/* the latest position */
	}
	return 0;
}

/*
 * Whether name is already in the table that starts at table_start.  A
 * short table is scanned; a long one (a hostile or broken file can have
 * hundreds of thousands of lines) goes through the set, so the check
 * stays linear in the file: names of earlier tables (each zone has its
 * own nr_free_pages) keep only their latest position, which is before
 * table_start unless the name is in this table already.
 */
static int duplicate_check(struct mm_entries *e, struct mm_file *f,
			   unsigned line, size_t table_start, const char *name)
{
	uint32_t *slot;

	if (e->len - table_start <= 32) {
		for (size_t j = table_start; j < e->len; j++)
			if (!strcmp(e->v[j].name, name))
				return mm_fail(f, line, "duplicate key '%s'", name);
		return 0;
	}
	if (e->len > UINT32_MAX - 1 || dup_catch_up(e))
		return mm_nomem(f);
	slot = dup_slot(e, name);
	if (*slot && *slot - 1 >= table_start)
		return mm_fail(f, line, "duplicate key '%s'", name);
	return 0;
}

/*
 * A new layout from position i on: look the key up, remember it, and
 * forget the slots after it.  They belong to an older sample: left in
 * place, a later sample that matched slots 0..i and then a stale slot
 * would skip the duplicate check against a name that was never checked
 * together with it ("a b", then "b", then "b b" passed as two b's).  So
 * the layout is always one sample's prefix, checked for duplicates.
 */
static int layout_learn(struct mm_entries *e, struct mm_file *f, size_t i,
			const struct mm_keyset *ks, size_t table_start,
			const char *name, size_t name_len, unsigned line)
{
	struct mm_layout_slot *s;
	char *copy;

	if (!mm_printable(name, name_len))
		return mm_fail(f, line, "key with a control or non-ASCII byte");
	copy = calloc(1, name_len + 8);	/* padded for mm_fast_same */

	if (!copy || mm_grow((void **)&e->layout, &e->layout_cap, i + 1,
			     sizeof(*e->layout))) {
		free(copy);
		return mm_nomem(f);
	}
	memcpy(copy, name, name_len);
	while (e->layout_len > i + 1)
		free(e->layout[--e->layout_len].name);
	while (e->layout_len <= i)
		e->layout[e->layout_len++] = (struct mm_layout_slot){ 0 };
	s = &e->layout[i];
	free(s->name);
	*s = (struct mm_layout_slot){ copy, name_len, ks, keyset_lookup(ks, name), -1,
				      MMSTAT_UNIT_COUNT, table_start };
	s->unit = s->key >= 0 ? ks->units[s->key] : ks->unknown_unit(name);
	s->pub_key = s->key >= 0 ? ks->base + s->key : MMSTAT_KEY_UNKNOWN;
	e->layout_changed = true;
	return 0;
}

int mm_entries_add(struct mm_entries *e, struct mm_file *f, unsigned line,
		   const struct mm_keyset *ks, size_t table_start,
		   const char *name, size_t name_len, uint64_t value, int unit)
{
	size_t i = e->len;
	int key;

	if (i == e->cap && mm_grow((void **)&e->v, &e->cap, i + 1, sizeof(*e->v)))
		return mm_nomem(f);
	if (!layout_matches(e, i, ks, table_start, name, name_len) &&
	    (duplicate_check(e, f, line, table_start, name) ||
	     layout_learn(e, f, i, ks, table_start, name, name_len, line)))
		return -1;
	key = e->layout[i].pub_key;
	if (unit < 0)
		unit = (int)e->layout[i].unit;
	/*
	 * The layout's copy of the name, not the caller's: it outlives the
	 * line buffer of composed names ("some_avg10", "anon.N0").
	 */
	e->v[i] = (struct mmstat_entry){ e->layout[i].name, value, key,
					 (enum mmstat_unit)unit };
	e->len++;
	return 0;
}

void mm_table_view(struct mmstat_table *t, const struct mm_entries *e,
		   size_t start, size_t end, int32_t *index, size_t index_len)
{
	t->entries = e->v ? e->v + start : NULL;
	t->count = end - start;
	t->index = index;
	t->index_len = index_len;
	t->kind = e->kind;
}

static const struct mmstat_entry *table_key(const struct mmstat_table *t, int key)
{
	if (key < 0 || MMSTAT_KEY_KIND(key) != (int)t->kind) {
		errno = EINVAL;
		return NULL;
	}
	if (t->index && (size_t)MMSTAT_KEY_INDEX(key) < t->index_len) {
		int32_t i = t->index[MMSTAT_KEY_INDEX(key)];

		if (i >= 0)
			return &t->entries[i];
	} else {
		for (size_t i = 0; i < t->count; i++)
			if (t->entries[i].key == key)
				return &t->entries[i];
	}
	errno = ENOENT;
	return NULL;
}

int mmstat_table_get(const struct mmstat_table *t, int key, uint64_t *value)
{
	const struct mmstat_entry *e = table_key(t, key);

	if (!e)
		return -1;
	*value = e->value;
	return 0;
}

#define MM_TYPED_GET(kind)                                                    \
const struct mmstat_entry *mmstat_get_##kind(const struct mmstat_table *t,    \
					     enum mmstat_##kind##_key key)    \
{                                                                             \
	return table_key(t, (int)key);                                        \
}
MM_TYPED_GET(meminfo)
MM_TYPED_GET(vmstat)
MM_TYPED_GET(zone)
MM_TYPED_GET(pcp)
MM_TYPED_GET(psi)

const struct mmstat_entry *mmstat_table_find(const struct mmstat_table *t,
					     const char *name)
{
	for (size_t i = 0; i < t->count; i++)
		if (!strcmp(t->entries[i].name, name))
			return &t->entries[i];
	return NULL;
}

/* after - before without wrapping, as a signed double. */
static double entry_delta(uint64_t before, uint64_t after)
{
	return after >= before ? (double)(after - before) : -(double)(before - after);
}

size_t mmstat_delta(const struct mmstat_table *before,
		    const struct mmstat_table *after, double seconds,
		    struct mmstat_rate *out, size_t max)
{
	size_t n = 0, off = 0;	/* before's position of after's i: i + off */

	for (size_t i = 0; i < after->count && n < max; i++) {
		const struct mmstat_entry *a = &after->entries[i], *b;
		size_t j = i + off;
		double d;

		/*
		 * Same layout in both samples is the rule: try the position
		 * first, shifted by what the last search found, so that a key
		 * added or gone shifts the rest once instead of sending every
		 * later key to a search (quadratic in a long file).
		 */
		if (j < before->count && !strcmp(before->entries[j].name, a->name))
			b = &before->entries[j];
		else if ((b = mmstat_table_find(before, a->name)))
			off = (size_t)(b - before->entries) - i;	/* modulo 2^64 */
		if (!b)
			continue;
		d = entry_delta(b->value, a->value);
		out[n++] = (struct mmstat_rate){ a->name, d,
			seconds > 0 ? d / seconds : 0.0, a->unit };
	}
	return n;
}
