// SPDX-License-Identifier: GPL-2.0-only
/*
 * lrutrace.bpf.c: the kernel side of splitlru's tracer.
 *
 * Two sets of programs; the loader autoloads one of them:
 *
 *  full      tp_btf on the series' events: mm_vmscan_lru_shrink (one per
 *            shrink of one list), mm_vmscan_scan_balance (get_scan_count()'s
 *            decision) and mm_lru_move (moves outside the shrink path);
 *            each has a raw_tp twin (SERIES_EVENT), loaded instead where
 *            the loader must not parse the kernel's BTF (opts.low_memory).
 *  fallback  tp_btf on stock 6.1 events: mm_vmscan_lru_isolate and
 *            mm_vmscan_lru_shrink_inactive/_active.  No memcg, no decision,
 *            no moves; the reclaimer comes from PF_KSWAPD and the
 *            direct/memcg reclaim begin/end events.
 *
 * Both use the reclaim begin/end events for the latency histograms.
 * Aggregation happens here, in per-CPU maps; the ring buffer carries
 * individual events only when user space asked for the stream.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "lru_events.h"
#include "lrutrace_kernel.h"

#include "lru_common.bpf.h"

/* Fallback: what mm_vmscan_lru_isolate saw, until the shrink event. */
struct pending_isolate {
	__u64 nr_scanned;
	__u64 nr_taken;
	__u32 lru;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, struct pending_isolate);
} isolated SEC(".maps");

/* ---------------------------------------------------------------- full */

SERIES_EVENT(lru_shrink, "mm_vmscan_lru_shrink", struct lru_shrink_info___sl)
{
	struct lru_shrink_event s = {};

	s.nid = info->nid;
	s.memcg_id = info->memcg_id;
	s.lru = xlate_lru(info->lru);
	s.reclaimer = xlate_reclaimer(info->reclaimer);
	s.reason = xlate_shrink_reason(info->reason);
	s.priority = info->priority;
	s.nr_to_scan = info->nr_to_scan;
	s.nr_scanned = info->nr_scanned;
	s.nr_taken = info->nr_taken;
	s.nr_reclaimed = info->nr_reclaimed;
	s.nr_activated = info->nr_activated;
	s.nr_deactivated = info->nr_deactivated;
	s.nr_rotated = info->nr_rotated;
	s.nr_unmap_fail = info->nr_unmap_fail;
	s.nr_writeback_io = info->nr_writeback_io;
	account_shrink(&s);
	return 0;
}

/*
 * The decided and target shares: series v2 reports both; v1 has only
 * anon_permille, the decided share (in equal mode, the targets' share),
 * and the target share is computed from the targets as v2 does.
 */
static __always_inline void balance_shares(struct lru_balance *b,
					   const struct scan_balance_info___sl *info)
{
	if (bpf_core_field_exists(info->decided_anon_permille)) {
		b->decided_anon_permille = info->decided_anon_permille;
		b->decided_file_permille = info->decided_file_permille;
		b->target_anon_permille = info->target_anon_permille;
		b->target_file_permille = info->target_file_permille;
		return;
	}
	b->decided_anon_permille = info->decided_anon_permille;
	b->decided_file_permille = info->decided_file_permille;
	balance_set_target(b);
}

SERIES_EVENT(scan_balance, "mm_vmscan_scan_balance", struct scan_balance_info___sl)
{
	struct lru_balance b = {};

	b.ts_ns = bpf_ktime_get_ns();
	b.nid = info->nid;
	b.memcg_id = info->memcg_id;
	if (!node_memcg_pass(b.nid, b.memcg_id))
		return 0;
	b.priority = info->priority;
	b.policy = xlate_policy(info->policy);
	b.mode = xlate_mode(info->mode);
	b.forced_by = xlate_forced_by(info->forced_by);
	b.swappiness = info->swappiness;
	b.anon_cost = info->anon_cost;
	b.file_cost = info->file_cost;
	b.rotated_anon = info->rotated_anon;
	b.rotated_file = info->rotated_file;
	b.anon_pages = info->anon_pages;
	b.file_pages = info->file_pages;
	b.fraction_anon = info->fraction_anon;
	b.fraction_file = info->fraction_file;
	b.denominator = info->denominator;
	b.scan[SL_LRU_INACTIVE_ANON] = info->scan_inactive_anon;
	b.scan[SL_LRU_ACTIVE_ANON] = info->scan_active_anon;
	b.scan[SL_LRU_INACTIVE_FILE] = info->scan_inactive_file;
	b.scan[SL_LRU_ACTIVE_FILE] = info->scan_active_file;
	balance_shares(&b, info);
	account_balance(&b);
	return 0;
}

SERIES_EVENT(lru_move, "mm_lru_move", struct lru_move_info___sl)
{
	struct lru_move_key key = {};

	key.nid = info->nid;
	key.memcg_id = info->memcg_id;
	key.from_lru = xlate_lru(info->from_lru);
	key.to_lru = xlate_lru(info->to_lru);
	key.reason = xlate_move_reason(info->reason);
	account_move(&key, info->nr_pages, info->pfn);
	return 0;
}

/* ------------------------------------------------------------ fallback */

static __always_inline bool lru_is_inactive(__u32 lru)
{
	return lru == SL_LRU_INACTIVE_ANON || lru == SL_LRU_INACTIVE_FILE;
}

SEC("tp_btf/mm_vmscan_lru_isolate")
int BPF_PROG(fb_isolate, int highest_zoneidx, int order,
	     unsigned long nr_requested, unsigned long nr_scanned,
	     unsigned long nr_skipped, unsigned long nr_taken,
	     isolate_mode_t isolate_mode, int lru)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct pending_isolate p = {
		.nr_scanned = nr_scanned,
		.nr_taken = nr_taken,
		.lru = lru,
	};

	/*
	 * shrink_inactive_list() returns before its event when nothing was
	 * taken: account the scan here, on the CPU's node, since the stock
	 * event has no node.
	 */
	if (lru_is_inactive(lru) && nr_taken == 0) {
		struct lru_shrink_event s = {};

		s.nid = bpf_get_numa_node_id();
		s.lru = lru;
		s.reclaimer = current_reclaimer();
		s.reason = SL_REASON_UNKNOWN;
		s.fallback = 1;
		s.nr_to_scan = nr_requested;
		s.nr_scanned = nr_scanned;
		account_shrink(&s);
		return 0;
	}
	bpf_map_update_elem(&isolated, &tid, &p, BPF_ANY);
	return 0;
}

SEC("tp_btf/mm_vmscan_lru_shrink_inactive")
int BPF_PROG(fb_shrink_inactive, int nid, unsigned long nr_scanned,
	     unsigned long nr_reclaimed, struct reclaim_stat *stat,
	     int priority, int file)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct pending_isolate *p = bpf_map_lookup_elem(&isolated, &tid);
	struct lru_shrink_event s = {};

	s.nid = nid;
	s.lru = file ? SL_LRU_INACTIVE_FILE : SL_LRU_INACTIVE_ANON;
	s.reclaimer = current_reclaimer();
	s.reason = SL_REASON_UNKNOWN;
	s.fallback = 1;
	s.priority = priority;
	s.nr_scanned = nr_scanned;
	s.nr_reclaimed = nr_reclaimed;
	if (p) {
		s.nr_to_scan = 0;
		s.nr_taken = p->nr_taken;
		bpf_map_delete_elem(&isolated, &tid);
	}
	s.nr_activated = BPF_CORE_READ(stat, nr_activate[file ? 1 : 0]);
	s.nr_unmap_fail = BPF_CORE_READ(stat, nr_unmap_fail);
	if (bpf_core_field_exists(stat->nr_pageout))
		s.nr_writeback_io = BPF_CORE_READ(stat, nr_pageout);
	account_shrink(&s);
	return 0;
}

SEC("tp_btf/mm_vmscan_lru_shrink_active")
int BPF_PROG(fb_shrink_active, int nid, unsigned long nr_taken,
	     unsigned long nr_active, unsigned long nr_deactivated,
	     unsigned long nr_referenced, int priority, int file)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct pending_isolate *p = bpf_map_lookup_elem(&isolated, &tid);
	struct lru_shrink_event s = {};

	s.nid = nid;
	s.lru = file ? SL_LRU_ACTIVE_FILE : SL_LRU_ACTIVE_ANON;
	s.reclaimer = current_reclaimer();
	s.reason = SL_REASON_UNKNOWN;
	s.fallback = 1;
	s.priority = priority;
	s.nr_taken = nr_taken;
	s.nr_scanned = nr_taken;
	if (p) {
		s.nr_scanned = p->nr_scanned;
		bpf_map_delete_elem(&isolated, &tid);
	}
	s.nr_activated = nr_active;	/* put back on the active list */
	s.nr_deactivated = nr_deactivated;
	s.nr_rotated = nr_referenced;
	account_shrink(&s);
	return 0;
}

/* ------------------------------------------------- reclaim begin / end */

static __always_inline void reclaim_begin(__u32 reclaimer)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct reclaim_entry r = {
		.start_ns = bpf_ktime_get_ns(),
		.reclaimer = reclaimer,
	};

	bpf_map_update_elem(&in_reclaim, &tid, &r, BPF_ANY);
}

static __always_inline void reclaim_end(__u32 hist)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct reclaim_entry *r = bpf_map_lookup_elem(&in_reclaim, &tid);

	if (!r)
		return;
	hist_add(hist, log2_slot((bpf_ktime_get_ns() - r->start_ns) / 1000));
	bpf_map_delete_elem(&in_reclaim, &tid);
}

SEC("tp_btf/mm_vmscan_direct_reclaim_begin")
int BPF_PROG(direct_begin, int order, gfp_t gfp_flags)
{
	reclaim_begin(SL_RECLAIMER_DIRECT);
	return 0;
}

SEC("tp_btf/mm_vmscan_direct_reclaim_end")
int BPF_PROG(direct_end, unsigned long nr_reclaimed)
{
	reclaim_end(LRU_HIST_DIRECT_LAT_US);
	return 0;
}

SEC("tp_btf/mm_vmscan_memcg_reclaim_begin")
int BPF_PROG(memcg_begin, int order, gfp_t gfp_flags)
{
	reclaim_begin(SL_RECLAIMER_MEMCG);
	return 0;
}

SEC("tp_btf/mm_vmscan_memcg_reclaim_end")
int BPF_PROG(memcg_end, unsigned long nr_reclaimed)
{
	reclaim_end(LRU_HIST_MEMCG_LAT_US);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
