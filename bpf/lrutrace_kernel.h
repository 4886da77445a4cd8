/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * lrutrace_kernel.h: what lrutrace.bpf.c expects of the kernel series
 * (kernel-patch/), as CO-RE "flavor" types.
 *
 * The ___sl suffix makes these local views of the kernel's struct
 * lru_shrink_info, scan_balance_info and lru_move_info: libbpf matches them
 * by name against the running kernel's BTF at load time and fixes up every
 * field's offset and size, so a reordered or resized field costs nothing.
 * They exist whether or not vmlinux.h (generated from a given kernel) has
 * the series' types, so the programs build against any 6.1 BTF; the loader
 * autoloads them only where the tracepoints exist.
 *
 * The kernel's enums are translated into splitlru's own (lru_events.h) by
 * name, with bpf_core_enum_value(), never by assuming the kernel's numbers.
 */
#ifndef LRUTRACE_KERNEL_H
#define LRUTRACE_KERNEL_H

#ifndef PF_KSWAPD
#define PF_KSWAPD 0x00020000	/* include/linux/sched.h, 6.1 */
#endif

/* ---- the series' enums (include/linux/lru_trace.h) ---- */

enum lru_reclaimer___sl {
	LRU_RECLAIMER_KSWAPD___sl,
	LRU_RECLAIMER_DIRECT___sl,
	LRU_RECLAIMER_MEMCG___sl,
	LRU_RECLAIMER_PROACTIVE___sl,
	LRU_RECLAIMER_NODE___sl,
};

enum lru_shrink_reason___sl {
	LRU_SHRINK_BALANCE___sl,
	LRU_SHRINK_AGE_ANON___sl,
	LRU_SHRINK_KSWAPD_AGE___sl,
	LRU_SHRINK_SKIPPED___sl,
};

enum lru_scan_policy___sl {
	LRU_SCAN_POLICY_COST___sl,
	LRU_SCAN_POLICY_ROTATION___sl,
};

enum lru_scan_mode___sl {
	LRU_SCAN_MODE_EQUAL___sl,
	LRU_SCAN_MODE_FRACT___sl,
	LRU_SCAN_MODE_ANON___sl,
	LRU_SCAN_MODE_FILE___sl,
};

enum lru_scan_forced_by___sl {
	LRU_SCAN_FORCED_NONE___sl,
	LRU_SCAN_FORCED_NO_SWAP___sl,
	LRU_SCAN_FORCED_MEMCG_SWAPPINESS0___sl,
	LRU_SCAN_FORCED_PRIORITY0___sl,
	LRU_SCAN_FORCED_FILE_TINY___sl,
	LRU_SCAN_FORCED_CACHE_TRIM___sl,
};

enum lru_move_reason___sl {
	LRU_MOVE_ROTATE_WRITEBACK___sl,
	LRU_MOVE_ACTIVATE_ACCESS___sl,
	LRU_MOVE_DEACTIVATE___sl,
	LRU_MOVE_DEACTIVATE_FILE___sl,
	LRU_MOVE_LAZYFREE___sl,
	LRU_MOVE_REFAULT_ACTIVATE___sl,
};

/* ---- the series' tracepoint arguments ---- */

struct lru_shrink_info___sl {
	int nid;
	unsigned long long memcg_id;
	enum lru_list lru;
	enum lru_reclaimer___sl reclaimer;
	enum lru_shrink_reason___sl reason;
	int priority;
	unsigned long nr_to_scan;
	unsigned long nr_scanned;
	unsigned long nr_taken;
	unsigned long nr_reclaimed;
	unsigned long nr_activated;
	unsigned long nr_deactivated;
	unsigned long nr_rotated;
	unsigned long nr_unmap_fail;
	unsigned long nr_writeback_io;
} __attribute__((preserve_access_index));

struct scan_balance_info___sl {
	int nid;
	unsigned long long memcg_id;
	int priority;
	enum lru_scan_policy___sl policy;
	enum lru_scan_mode___sl mode;
	enum lru_scan_forced_by___sl forced_by;
	int swappiness;
	unsigned long anon_cost;
	unsigned long file_cost;
	unsigned long rotated_anon;
	unsigned long rotated_file;
	unsigned long anon_pages;
	unsigned long file_pages;
	unsigned long long fraction_anon;
	unsigned long long fraction_file;
	unsigned long long denominator;
	unsigned int anon_permille;
	unsigned int file_permille;
	unsigned long scan_inactive_anon;
	unsigned long scan_active_anon;
	unsigned long scan_inactive_file;
	unsigned long scan_active_file;
} __attribute__((preserve_access_index));

struct lru_move_info___sl {
	unsigned long pfn;
	int nid;
	unsigned long long memcg_id;
	enum lru_list from_lru;
	enum lru_list to_lru;
	long nr_pages;
	enum lru_move_reason___sl reason;
} __attribute__((preserve_access_index));

/*
 * MGLRU's events (kernel-patch/0006, under CONFIG_LRU_GEN); type is 0 for
 * anon, 1 for file, as LRU_GEN_ANON/LRU_GEN_FILE.
 */
struct lru_gen_scan_info___sl {
	int nid;
	unsigned long long memcg_id;
	enum lru_reclaimer___sl reclaimer;
	int type;
	int tier;
	unsigned long long seq;
	unsigned long nr_scanned;
	unsigned long nr_sorted;
	unsigned long nr_isolated;
	unsigned long nr_skipped;
};

struct lru_gen_type_info___sl {
	int nid;
	unsigned long long memcg_id;
	enum lru_reclaimer___sl reclaimer;
	int swappiness;
	int type;
	int type_scanned;
	int reason;
	int tier;
};

struct lru_gen_evict_info___sl {
	int nid;
	unsigned long long memcg_id;
	enum lru_reclaimer___sl reclaimer;
	int type;
	int swappiness;
	bool retry;
	unsigned long nr_reclaimed;
};

struct lru_gen_age_info___sl {
	int nid;
	unsigned long long memcg_id;
	bool kswapd;
	bool can_swap;
	bool force_scan;
	unsigned long long max_seq;
	unsigned long long min_seq[2];
};

/* ---- kernel enum value -> splitlru enum ---- */

/* One arm of a translation: kernel enumerator K maps to ours, S. */
#define XLATE(v, E, K, S)                                              \
	if (bpf_core_enum_value_exists(enum E, K) &&                   \
	    (v) == bpf_core_enum_value(enum E, K))                     \
		return S

static __always_inline __u8 xlate_lru(__u32 v)
{
	/* enum lru_list is in every kernel's BTF, vmlinux.h has it */
	XLATE(v, lru_list, LRU_INACTIVE_ANON, SL_LRU_INACTIVE_ANON);
	XLATE(v, lru_list, LRU_ACTIVE_ANON, SL_LRU_ACTIVE_ANON);
	XLATE(v, lru_list, LRU_INACTIVE_FILE, SL_LRU_INACTIVE_FILE);
	XLATE(v, lru_list, LRU_ACTIVE_FILE, SL_LRU_ACTIVE_FILE);
	return SL_LRU_UNEVICTABLE;
}

static __always_inline __u8 xlate_reclaimer(__u32 v)
{
	XLATE(v, lru_reclaimer___sl, LRU_RECLAIMER_KSWAPD___sl, SL_RECLAIMER_KSWAPD);
	XLATE(v, lru_reclaimer___sl, LRU_RECLAIMER_DIRECT___sl, SL_RECLAIMER_DIRECT);
	XLATE(v, lru_reclaimer___sl, LRU_RECLAIMER_MEMCG___sl, SL_RECLAIMER_MEMCG);
	XLATE(v, lru_reclaimer___sl, LRU_RECLAIMER_PROACTIVE___sl, SL_RECLAIMER_PROACTIVE);
	XLATE(v, lru_reclaimer___sl, LRU_RECLAIMER_NODE___sl, SL_RECLAIMER_NODE);
	return SL_RECLAIMER_OTHER;
}

static __always_inline __u8 xlate_shrink_reason(__u32 v)
{
	XLATE(v, lru_shrink_reason___sl, LRU_SHRINK_BALANCE___sl, SL_REASON_BALANCE);
	XLATE(v, lru_shrink_reason___sl, LRU_SHRINK_AGE_ANON___sl, SL_REASON_AGE_ANON);
	XLATE(v, lru_shrink_reason___sl, LRU_SHRINK_KSWAPD_AGE___sl, SL_REASON_KSWAPD_AGE);
	XLATE(v, lru_shrink_reason___sl, LRU_SHRINK_SKIPPED___sl, SL_REASON_SKIPPED);
	return SL_REASON_UNKNOWN;
}

static __always_inline __u8 xlate_policy(__u32 v)
{
	XLATE(v, lru_scan_policy___sl, LRU_SCAN_POLICY_COST___sl, SL_POLICY_COST);
	XLATE(v, lru_scan_policy___sl, LRU_SCAN_POLICY_ROTATION___sl, SL_POLICY_ROTATION);
	return SL_POLICY_UNKNOWN;
}

static __always_inline __u8 xlate_mode(__u32 v)
{
	XLATE(v, lru_scan_mode___sl, LRU_SCAN_MODE_EQUAL___sl, SL_MODE_EQUAL);
	XLATE(v, lru_scan_mode___sl, LRU_SCAN_MODE_FRACT___sl, SL_MODE_FRACT);
	XLATE(v, lru_scan_mode___sl, LRU_SCAN_MODE_ANON___sl, SL_MODE_ANON);
	XLATE(v, lru_scan_mode___sl, LRU_SCAN_MODE_FILE___sl, SL_MODE_FILE);
	return SL_MODE_UNKNOWN;
}

static __always_inline __u8 xlate_forced_by(__u32 v)
{
	XLATE(v, lru_scan_forced_by___sl, LRU_SCAN_FORCED_NONE___sl, SL_FORCED_NONE);
	XLATE(v, lru_scan_forced_by___sl, LRU_SCAN_FORCED_NO_SWAP___sl, SL_FORCED_NO_SWAP);
	XLATE(v, lru_scan_forced_by___sl, LRU_SCAN_FORCED_MEMCG_SWAPPINESS0___sl, SL_FORCED_MEMCG_SWAPPINESS0);
	XLATE(v, lru_scan_forced_by___sl, LRU_SCAN_FORCED_PRIORITY0___sl, SL_FORCED_PRIORITY0);
	XLATE(v, lru_scan_forced_by___sl, LRU_SCAN_FORCED_FILE_TINY___sl, SL_FORCED_FILE_TINY);
	XLATE(v, lru_scan_forced_by___sl, LRU_SCAN_FORCED_CACHE_TRIM___sl, SL_FORCED_CACHE_TRIM);
	return SL_FORCED_UNKNOWN;
}

static __always_inline __u8 xlate_move_reason(__u32 v)
{
	XLATE(v, lru_move_reason___sl, LRU_MOVE_ROTATE_WRITEBACK___sl, SL_MOVE_ROTATE_WRITEBACK);
	XLATE(v, lru_move_reason___sl, LRU_MOVE_ACTIVATE_ACCESS___sl, SL_MOVE_ACTIVATE_ACCESS);
	XLATE(v, lru_move_reason___sl, LRU_MOVE_DEACTIVATE___sl, SL_MOVE_DEACTIVATE);
	XLATE(v, lru_move_reason___sl, LRU_MOVE_DEACTIVATE_FILE___sl, SL_MOVE_DEACTIVATE_FILE);
	XLATE(v, lru_move_reason___sl, LRU_MOVE_LAZYFREE___sl, SL_MOVE_LAZYFREE);
	XLATE(v, lru_move_reason___sl, LRU_MOVE_REFAULT_ACTIVATE___sl, SL_MOVE_REFAULT_ACTIVATE);
	return SL_MOVE_UNKNOWN;
}

#endif /* LRUTRACE_KERNEL_H */
