/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stock_kernel.h: what stock.bpf.c reads of a kernel without the series'
 * tracepoints: CO-RE helpers that walk from a lruvec to its node and memcg,
 * folio flags, the lruvec's per-zone list sizes, and the globals
 * get_scan_count() consults (through untyped ksyms, from kallsyms).
 *
 * Every helper reads with BPF_CORE_READ / bpf_probe_read_kernel, never by
 * dereferencing, so the same code serves fentry programs (typed
 * arguments) and their kprobe twins (raw pointers).
 */
#ifndef STOCK_KERNEL_H
#define STOCK_KERNEL_H

/* The series' scan_control members, absent from a stock kernel. */
struct scan_control___series {
	enum lru_scan_policy___sl scan_policy;
	unsigned long rotated_anon;
	unsigned long rotated_file;
	unsigned long anon_pages;
	unsigned long file_pages;
	unsigned int node_reclaim:1;
} __attribute__((preserve_access_index));

/* Globals, resolved from /proc/kallsyms at load (KALLSYMS_ALL). */
extern const void nr_swap_pages __ksym;			/* atomic_long_t */
extern const void vm_swappiness __ksym;			/* int */
extern const void root_mem_cgroup __ksym;		/* struct mem_cgroup * */
extern const void memory_cgrp_subsys_on_dfl_key __ksym __weak;	/* static key */
extern const void memory_cgrp_subsys_enabled_key __ksym __weak;
extern const void numa_demotion_enabled __ksym __weak;	/* bool */
extern const void lru_gen_caps __ksym __weak;		/* static keys, [0]: core */
extern const void vmemmap_base __ksym __weak;		/* unsigned long */

static __always_inline long read_long(const void *addr)
{
	long v = 0;

	if (addr)
		bpf_probe_read_kernel(&v, sizeof(v), addr);
	return v;
}

static __always_inline int read_int(const void *addr)
{
	int v = 0;

	if (addr)
		bpf_probe_read_kernel(&v, sizeof(v), addr);
	return v;
}

/* A static key's state: struct static_key begins with atomic_t enabled. */
static __always_inline bool static_key_on(const void *key, bool missing)
{
	if (!key)
		return missing;
	return read_int(key) > 0;
}

/* mem_cgroup_disabled(): the memory controller's "enabled" key is off. */
static __always_inline bool memcg_disabled(void)
{
	return !static_key_on(&memory_cgrp_subsys_enabled_key, true);
}

/* cgroup_subsys_on_dfl(memory_cgrp_subsys): cgroup v2 */
static __always_inline bool memcg_on_dfl(void)
{
	return static_key_on(&memory_cgrp_subsys_on_dfl_key, true);
}

/* lru_gen_enabled(): MGLRU's core cap */
static __always_inline bool mglru_on(void)
{
	return static_key_on(&lru_gen_caps, false);
}

/* lruvec_pgdat() */
static __always_inline struct pglist_data *lruvec_node(struct lruvec *lruvec)
{
	return BPF_CORE_READ(lruvec, pgdat);
}

/*
 * lruvec_memcg(): the memcg whose mem_cgroup_per_node embeds the lruvec;
 * NULL when the memory controller is off (the lruvec is the node's own).
 */
static __always_inline struct mem_cgroup *lruvec_owner(struct lruvec *lruvec,
						      struct pglist_data *pgdat)
{
	struct mem_cgroup_per_node *mz;

	if ((void *)lruvec == (void *)pgdat + bpf_core_field_offset(struct pglist_data, __lruvec))
		return NULL;
	mz = (void *)lruvec - bpf_core_field_offset(struct mem_cgroup_per_node, lruvec);
	return BPF_CORE_READ(mz, memcg);
}

/* lru_trace_memcg_id(): the cgroup id user space sees, 0 without one */
static __always_inline __u64 memcg_cgroup_id(struct mem_cgroup *memcg)
{
	if (!memcg)
		return 0;
	return BPF_CORE_READ(memcg, css.cgroup, kn, id);
}

/* ---- folios ---- */

static __always_inline bool flag_set(unsigned long flags, int bit)
{
	return (flags >> bit) & 1;
}

#define FOLIO_FLAG(flags, name) \
	flag_set(flags, bpf_core_enum_value(enum pageflags, name))

static __always_inline __u64 folio_pages(struct folio *folio, unsigned long flags)
{
	if (!FOLIO_FLAG(flags, PG_head))
		return 1;
	return 1ULL << (BPF_CORE_READ(folio, _folio_order) & 31);
}

/* folio_lru_list(), from the flags */
static __always_inline __u8 flags_lru(unsigned long flags)
{
	__u8 lru;

	if (FOLIO_FLAG(flags, PG_unevictable))
		return SL_LRU_UNEVICTABLE;
	lru = FOLIO_FLAG(flags, PG_swapbacked) ? SL_LRU_INACTIVE_ANON
					       : SL_LRU_INACTIVE_FILE;
	if (FOLIO_FLAG(flags, PG_active))
		lru += 1;
	return lru;
}

/*
 * A pointer's value as a plain number: the verifier refuses division on a
 * typed (fentry) pointer, so read it back from the stack.
 */
static __always_inline unsigned long addr_of(const void *p)
{
	unsigned long v = 0;

	bpf_probe_read_kernel(&v, sizeof(v), &p);
	return v;
}

static __always_inline __u64 folio_pfn_of(struct folio *folio)
{
	unsigned long base = 0xffffea0000000000UL;	/* VMEMMAP_START, no KASLR */

	if (&vmemmap_base)
		base = read_long(&vmemmap_base);
	return (addr_of(folio) - base) / bpf_core_type_size(struct page);
}

/* Pages on a private folio list (isolated: nobody else walks it). */
#define FOLIO_LIST_MAX 256
static __always_inline __u64 folio_list_pages(struct list_head *head)
{
	struct list_head *pos = BPF_CORE_READ(head, next);
	__u64 nr = 0;
	int i;

	for (i = 0; i < FOLIO_LIST_MAX && pos && pos != head; i++) {
		struct folio *folio = (void *)pos - bpf_core_field_offset(struct folio, lru);

		nr += folio_pages(folio, BPF_CORE_READ(folio, flags));
		pos = BPF_CORE_READ(pos, next);
	}
	return nr;
}

/* ---- get_scan_count()'s inputs ---- */

/* mem_cgroup_swappiness() */
static __always_inline int memcg_swappiness(struct mem_cgroup *memcg)
{
	struct mem_cgroup *root = (void *)read_long(&root_mem_cgroup);

	if (memcg_on_dfl() || !memcg || memcg_disabled() || memcg == root)
		return read_int(&vm_swappiness);
	return BPF_CORE_READ(memcg, swappiness);
}

/* mem_cgroup_get_nr_swap_pages(): the tightest swap.max up to the root */
#define MEMCG_DEPTH_MAX 32
static __always_inline long memcg_nr_swap_pages(struct mem_cgroup *memcg)
{
	struct mem_cgroup *root = (void *)read_long(&root_mem_cgroup);
	long nr = read_long(&nr_swap_pages);
	int i;

	if (memcg_disabled() || !memcg_on_dfl())
		return nr;
	for (i = 0; i < MEMCG_DEPTH_MAX && memcg && memcg != root; i++) {
		long room = (long)BPF_CORE_READ(memcg, swap.max) -
			    BPF_CORE_READ(memcg, swap.usage.counter);

		if (room < nr)
			nr = room;
		/* parent_mem_cgroup(): css.parent, css first in mem_cgroup */
		memcg = (void *)BPF_CORE_READ(memcg, css.parent);
	}
	return nr;
}

/*
 * The lruvec's list size over the zones reclaim may take from
 * (lruvec_lru_size()): the memcg's per-zone counts, or the zone's own
 * counters when the memory controller is off.
 */
#define ZONES_MAX 8
static __always_inline __u64 lruvec_list_size(struct lruvec *lruvec,
					      struct pglist_data *pgdat,
					      struct mem_cgroup *memcg,
					      __u32 lru, int reclaim_idx)
{
	int nr_zones = bpf_core_enum_value(enum zone_type, __MAX_NR_ZONES);
	__u32 zone_size = bpf_core_type_size(struct zone);
	__u64 size = 0;
	int zid;

	for (zid = 0; zid < ZONES_MAX; zid++) {
		void *zone;
		long managed;

		if (zid > reclaim_idx || zid >= nr_zones)
			break;
		zone = (void *)pgdat + bpf_core_field_offset(struct pglist_data, node_zones) +
		       zid * zone_size;
		managed = read_long(zone + bpf_core_field_offset(struct zone, managed_pages));
		if (managed <= 0)
			continue;
		if (memcg) {
			void *mz = (void *)lruvec -
				   bpf_core_field_offset(struct mem_cgroup_per_node, lruvec);

			size += read_long(mz + bpf_core_field_offset(struct mem_cgroup_per_node,
								     lru_zone_size) +
					  (zid * NR_LRU_LISTS + lru) * sizeof(long));
		} else {
			/* NR_ZONE_LRU_BASE + lru: the zone stat items start at lru 0 */
			long v = read_long(zone + bpf_core_field_offset(struct zone, vm_stat) +
					   (bpf_core_enum_value(enum zone_stat_item,
								NR_ZONE_INACTIVE_ANON) + lru) *
					   sizeof(long));

			size += v > 0 ? v : 0;
		}
	}
	return size;
}

#endif /* STOCK_KERNEL_H */
