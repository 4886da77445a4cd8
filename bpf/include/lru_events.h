/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * lru_events.h: the structs and enums the BPF programs (lrutrace.bpf.c) and
 * user space (the loader, lrutrace, splitlrutop) share.  One definition for
 * both sides, so a field added here is added everywhere.
 *
 * Every enum is splitlru's own (SL_ prefix), stable across kernels: the BPF
 * side translates the kernel's enum values into these, so user space never
 * depends on how a particular kernel numbered them.
 */
#ifndef LRU_EVENTS_H
#define LRU_EVENTS_H

#ifndef __VMLINUX_H__
#include <linux/types.h>
#endif

/*
 * The four evictable lists, in the kernel's enum lru_list order, the
 * unevictable list, and none: mm_lru_move's from_lru of a folio that was
 * on no list yet (a refault, a folio in a CPU's add batch).
 */
enum sl_lru {
	SL_LRU_INACTIVE_ANON,
	SL_LRU_ACTIVE_ANON,
	SL_LRU_INACTIVE_FILE,
	SL_LRU_ACTIVE_FILE,
	SL_LRU_UNEVICTABLE,
	SL_LRU_NONE,
	SL_LRU_NR,
};

/* Who reclaims. */
enum sl_reclaimer {
	SL_RECLAIMER_KSWAPD,
	SL_RECLAIMER_DIRECT,
	SL_RECLAIMER_MEMCG,
	SL_RECLAIMER_PROACTIVE,
	SL_RECLAIMER_NODE,
	SL_RECLAIMER_OTHER,	/* fallback mode: none of the above was seen */
	SL_RECLAIMER_NR,
};

/* Why a list was shrunk (mm_vmscan_lru_shrink's reason). */
enum sl_shrink_reason {
	SL_REASON_BALANCE,
	SL_REASON_AGE_ANON,
	SL_REASON_KSWAPD_AGE,
	SL_REASON_SKIPPED,
	SL_REASON_UNKNOWN,	/* fallback mode, or a value this build lacks */
	SL_REASON_NR,
};

/* Why a folio moved between lists (mm_lru_move's reason). */
enum sl_move_reason {
	SL_MOVE_ROTATE_WRITEBACK,
	SL_MOVE_ACTIVATE_ACCESS,
	SL_MOVE_DEACTIVATE,
	SL_MOVE_DEACTIVATE_FILE,
	SL_MOVE_LAZYFREE,
	SL_MOVE_REFAULT_ACTIVATE,
	SL_MOVE_MLOCK,			/* to the unevictable list */
	SL_MOVE_MUNLOCK,		/* off the unevictable list */
	SL_MOVE_RESCUE,			/* check_move_unevictable_folios() */
	SL_MOVE_ACTIVATE_BATCHED,	/* accessed while in a CPU's add batch */
	SL_MOVE_UNKNOWN,
	SL_MOVE_NR,
};

enum sl_policy {
	SL_POLICY_COST,
	SL_POLICY_ROTATION,
	SL_POLICY_UNKNOWN,
	SL_POLICY_NR,
};

/* get_scan_count()'s scan_balance. */
enum sl_balance_mode {
	SL_MODE_EQUAL,
	SL_MODE_FRACT,
	SL_MODE_ANON,
	SL_MODE_FILE,
	SL_MODE_UNKNOWN,
	SL_MODE_NR,
};

enum sl_forced_by {
	SL_FORCED_NONE,
	SL_FORCED_NO_SWAP,
	SL_FORCED_MEMCG_SWAPPINESS0,
	SL_FORCED_PRIORITY0,
	SL_FORCED_FILE_TINY,
	SL_FORCED_CACHE_TRIM,
	SL_FORCED_UNKNOWN,
	SL_FORCED_NR,
};

/* ---- in-kernel aggregates ---- */

/* Key of the per-list counters (per-CPU hash "list_counts"). */
struct lru_list_key {
	__u64 memcg_id;		/* cgroup id of the lruvec's memcg; 0: none/unknown */
	__u32 nid;
	__u8 lru;		/* enum sl_lru */
	__u8 reclaimer;		/* enum sl_reclaimer */
	__u16 pad;
};

struct lru_list_counts {
	__u64 shrinks;		/* events counted */
	__u64 scanned;
	__u64 taken;
	__u64 reclaimed;
	__u64 activated;
	__u64 deactivated;
	__u64 rotated;
	__u64 unmap_fail;
	__u64 writeback_io;
};

/*
 * One slot of the per-CPU array "list_cache" (lru_common.bpf.h): a list's
 * counts on one CPU, in front of list_counts; counts.shrinks 0: free.
 */
#define LRU_LIST_CACHE_SLOTS 64
struct lru_list_cache_slot {
	struct lru_list_key key;
	struct lru_list_counts counts;
};

/* Key of the latest balance decision (hash "balance"). */
struct lru_balance_key {
	__u64 memcg_id;
	__u32 nid;
	__u32 pad;
};

/* One get_scan_count() decision, with its inputs. */
struct lru_balance {
	__u64 ts_ns;		/* bpf_ktime_get_ns() when it was taken */
	__u64 memcg_id;
	__u32 nid;
	__u32 priority;
	__u8 policy;		/* enum sl_policy */
	__u8 mode;		/* enum sl_balance_mode */
	__u8 forced_by;		/* enum sl_forced_by */
	__u8 pad;
	__u32 swappiness;
	__u64 anon_cost;
	__u64 file_cost;
	__u64 rotated_anon;
	__u64 rotated_file;
	__u64 anon_pages;
	__u64 file_pages;
	__u64 fraction_anon;
	__u64 fraction_file;
	__u64 denominator;
	/*
	 * Two shares, each pair summing to 1000: the pressure the mode
	 * decided, and the share of the four scan targets (scan[]).  A
	 * series v1 kernel reports only the first (its anon_permille); the
	 * BPF side then computes the second from scan[].
	 */
	__u32 decided_anon_permille;
	__u32 decided_file_permille;
	__u32 target_anon_permille;
	__u32 target_file_permille;
	__u64 scan[4];		/* per-list targets, indexed by enum sl_lru */
	__u32 flags;		/* enum lru_balance_flag bits */
	__u32 pad2;
};

/*
 * lru_balance.flags.  A stock-fentry decision is RECONSTRUCTED: recomputed
 * at shrink_lruvec() entry from the inputs get_scan_count() reads, not
 * reported by the kernel.
 */
enum lru_balance_flag {
	LRU_BALANCE_RECONSTRUCTED = 1 << 0,
	LRU_BALANCE_PROTECTED = 1 << 1,	/* memcg min/low scaled the targets */
	LRU_BALANCE_DEMOTION = 1 << 2,	/* anon kept: demotion assumed possible */
};

/* Key of the list-move counters (per-CPU hash "move_counts"). */
struct lru_move_key {
	__u64 memcg_id;
	__u32 nid;
	__u8 from_lru;
	__u8 to_lru;
	__u8 reason;		/* enum sl_move_reason */
	__u8 pad;
};

struct lru_move_counts {
	__u64 moves;
	__u64 pages;
};

/* Histograms (per-CPU array "hists", one entry per enum lru_hist_id). */
#define LRU_HIST_SLOTS 32

enum lru_hist_id {
	LRU_HIST_DIRECT_LAT_US,		/* direct reclaim latency, log2 us */
	LRU_HIST_MEMCG_LAT_US,		/* memcg reclaim latency, log2 us */
	LRU_HIST_RECLAIMED,		/* pages reclaimed per inactive shrink, log2 */
	LRU_HIST_PRIORITY,		/* reclaim priority per shrink, linear 0..12 */
	LRU_HIST_NR,
};

struct lru_hist {
	__u64 slots[LRU_HIST_SLOTS];
};

/* Global counters (per-CPU array "counters"). */
enum lru_counter_id {
	LRU_CNT_SHRINK,		/* shrink events seen (after filters); 0 in
				 * the map: the loader sums the lists' shrinks */
	LRU_CNT_BALANCE,	/* balance decisions seen */
	LRU_CNT_MOVE,		/* move events seen; 0 in the map: the
				 * loader sums the moves' counts */
	LRU_CNT_RB_DROPS,	/* events lost: ring buffer full */
	LRU_CNT_NR,
};

/* ---- the event stream (ring buffer "events") ---- */

enum lru_event_type {
	LRU_EV_SHRINK = 1,
	LRU_EV_BALANCE,
	LRU_EV_MOVE,
};

struct lru_shrink_event {
	__u64 memcg_id;
	__u32 nid;
	__u8 lru;		/* enum sl_lru */
	__u8 reclaimer;		/* enum sl_reclaimer */
	__u8 reason;		/* enum sl_shrink_reason */
	__u8 fallback;		/* 1: derived from the stock events */
	__u32 priority;
	__u32 pad;
	__u64 nr_to_scan;
	__u64 nr_scanned;
	__u64 nr_taken;
	__u64 nr_reclaimed;
	__u64 nr_activated;
	__u64 nr_deactivated;
	__u64 nr_rotated;
	__u64 nr_unmap_fail;
	__u64 nr_writeback_io;
};

struct lru_move_event {
	__u64 memcg_id;
	__u64 pfn;
	__u64 nr_pages;
	__u32 nid;
	__u8 from_lru;
	__u8 to_lru;
	__u8 reason;		/* enum sl_move_reason */
	__u8 pad;
};

#define LRU_COMM_LEN 16

struct lru_event {
	__u64 ts_ns;		/* CLOCK_MONOTONIC, from bpf_ktime_get_ns() */
	__u32 type;		/* enum lru_event_type */
	__u32 pid;		/* thread that hit the tracepoint */
	__u32 cpu;
	__u32 pad;
	char comm[LRU_COMM_LEN];
	union {
		struct lru_shrink_event shrink;
		struct lru_balance balance;
		struct lru_move_event move;
	};
};

/* ---- MGLRU (multi-gen LRU), from fentry on its reclaim functions ---- */

/*
 * Key of the per-type MGLRU eviction counters (per-CPU hash "mglru_counts").
 * type is the one isolate_folios() chose (its *type_scanned), swappiness
 * the one evict_folios() was called with (0..200, 201 meaning "anon only").
 */
struct lru_mglru_key {
	__u64 memcg_id;
	__u32 nid;
	__u8 type;		/* 0: anon, 1: file */
	__u8 reclaimer;		/* enum sl_reclaimer */
	__u8 swappiness;
	__u8 pad;
};

struct lru_mglru_counts {
	__u64 evictions;	/* evict_folios() runs that chose this type */
	__u64 scanned;		/* pages isolated: what 6.1 counts as pgscan_* */
	__u64 reclaimed;	/* pages reclaimed: pgsteal_* */
	__u64 visited;		/* isolate_folios()'s return: pages looked at,
				 * including those sorted into younger gens */
};

/* Aging per (nid, memcg) (per-CPU hash "mglru_aging", key lru_balance_key). */
struct lru_mglru_aging {
	__u64 attempts;		/* try_to_inc_max_seq() calls */
	__u64 increments;	/* ... that created a generation */
	__u64 forced;		/* ... with force_scan */
	__u64 max_seq;		/* latest max_seq seen (not a count: the largest) */
	__u64 min_seq[2];	/* latest min_seq per type (the largest seen) */
};

#endif /* LRU_EVENTS_H */
