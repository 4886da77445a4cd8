/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sl_derive.h: the one definition of every figure both tools show.
 *
 * lrutrace's report and splitlrutop's frame call these and nothing else,
 * so the two tools print the same efficiency, decided share, scanned share
 * and node decision for the same interval.  docs/figures.md is the
 * reference; the comments here are its short form.
 *
 * Missing is not zero: a count the source did not have is SL_MISSING, and
 * a figure that cannot be computed is -1 (permille) or NAN (ratios).
 */
#ifndef SL_DERIVE_H
#define SL_DERIVE_H

#include <stddef.h>
#include <stdint.h>
#include "lru_events.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A value the source did not provide. */
#define SL_MISSING UINT64_MAX

/* The root cgroup's id on cgroup v2; 0 is a lruvec without a memcg. */
#define SL_ROOT_MEMCG_ID 1

/* Where a figure came from.  One name per source, on screen and in JSON. */
enum sl_source {
	SL_SRC_NONE,
	SL_SRC_BPF,		/* the BPF programs: decisions, per-list counters */
	SL_SRC_ZONEINFO,	/* our series' lru_decided/target_*_permille lines */
	SL_SRC_VMSTAT,		/* pgscan_anon/pgscan_file deltas of /proc/vmstat */
	SL_SRC_VMSTAT_SYSTEM,	/* the same on a multi-node machine: system-wide */
	SL_SRC_RECONSTRUCTED,	/* a decision stock-fentry recomputed from its inputs */
	SL_SRC_NR,
};

/*
 * "none", "bpf", "zoneinfo", "vmstat", "vmstat-system", "reconstructed";
 * "?" out of range.
 */
const char *sl_source_name(enum sl_source src);

/* a + b, SL_MISSING when either is. */
uint64_t sl_add_known(uint64_t a, uint64_t b);
/* after - before; SL_MISSING when either is missing or the counter went back. */
uint64_t sl_delta(uint64_t before, uint64_t after);

/* Efficiency: reclaimed / scanned, NAN when either is missing or scanned is 0. */
double sl_efficiency(uint64_t reclaimed, uint64_t scanned);

/*
 * Anon's share of anon + file in permille, rounded to the nearest (1:2 is
 * 333, 2:1 is 667); -1 when a side is missing or both are zero.  File's
 * share is 1000 minus it.
 */
int sl_share_pm(uint64_t anon, uint64_t file);

/*
 * Scanned pages per type: scanned[] is per list (enum sl_lru, the four
 * evictable lists), and each type counts BOTH its lists, inactive and
 * active, because the decided share sets the scan target of both.  A
 * missing list makes its type missing.
 */
void sl_scanned_by_type(const uint64_t scanned[4], uint64_t *anon, uint64_t *file);

/*
 * The decided anon share of one decision in permille (the pressure the
 * mode decided), or -1 when it holds none (0/0 before the first decision,
 * or out of range).
 */
int sl_decision_anon_pm(const struct lru_balance *b);

/*
 * The anon share of one decision's scan targets in permille (what the
 * decided pressure comes to once list sizes, protection and the priority
 * shift apply), or -1 when it holds none.
 */
int sl_decision_target_anon_pm(const struct lru_balance *b);

/*
 * The decided anon share of a node: its decision (sl_node_decision) when
 * there is one, source SL_SRC_BPF (SL_SRC_RECONSTRUCTED when the decision
 * was recomputed, lru_balance.flags & LRU_BALANCE_RECONSTRUCTED); else the kernel's own
 * lru_decided_anon/file_permille of /proc/zoneinfo (lru_scan_* on a series
 * v1 kernel; SL_MISSING when absent), source SL_SRC_ZONEINFO; else -1,
 * source SL_SRC_NONE.
 */
int sl_decided_anon_pm(const struct lru_balance *decision,
		       uint64_t zone_anon_pm, uint64_t zone_file_pm,
		       enum sl_source *src);

/*
 * The same for the share of the scan targets: the decision's target pair,
 * else zoneinfo's lru_target_anon/file_permille, else -1.
 */
int sl_target_anon_pm(const struct lru_balance *decision,
		      uint64_t zone_anon_pm, uint64_t zone_file_pm,
		      enum sl_source *src);

/*
 * The decision that stands for node nid among the latest decision of each
 * (node, memcg) lruvec: the root lruvec's (memcg id 1, or 0 on a kernel
 * without memcg) when it has one, because that is what global reclaim
 * (kswapd, direct reclaim) last decided for the node's own pages; else the
 * newest decision of any memcg on the node (a limit reclaim's, or global
 * reclaim walking that memcg), which the caller labels with its memcg id.
 * NULL when the node has none.
 */
const struct lru_balance *sl_node_decision(const struct lru_balance *b,
					   size_t nr, uint32_t nid);

/* The source of a decision: SL_SRC_BPF, or SL_SRC_RECONSTRUCTED. */
enum sl_source sl_decision_source(const struct lru_balance *b);

/* True when b is a root lruvec's decision (memcg id 0 or 1). */
int sl_decision_is_root(const struct lru_balance *b);

#ifdef __cplusplus
}
#endif

#endif /* SL_DERIVE_H */
