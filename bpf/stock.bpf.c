// SPDX-License-Identifier: GPL-2.0-only
/*
 * stock.bpf.c: the "stock-fentry" source, for kernels without the series'
 * tracepoints (Debian's linux-image-6.1.0-*-amd64 and the like).
 *
 * fentry/fexit on the reclaim functions that survive inlining rebuild what
 * the series' events report, into the same maps (lru_common.bpf.h):
 *
 *  shrink_lruvec       entry: get_scan_count()'s anon/file decision,
 *                      recomputed from the scan_control prepare_scan_count()
 *                      filled and the lruvec's list sizes (RECONSTRUCTED)
 *  isolate_lru_folios  exit: scanned (*nr_scanned) and taken (the return)
 *                      per list: on an inactive list exactly what
 *                      shrink_inactive_list() then adds to pgscan_*
 *  shrink_folio_list   exit: reclaimed (pgsteal_*) and the reclaim_stat of
 *                      the inactive shrink, or of an MGLRU eviction
 *  move_folios_to_lru  exit: inside shrink_active_list(), the first call
 *                      puts back the active folios, the second deactivates
 *  shrink_active_list  exit: the active list's shrink is complete
 *  *_fn of mm/swap.c   entry: list moves outside reclaim, with the reason
 *
 * and, under MGLRU (any kernel), evict_folios, isolate_folios and
 * try_to_inc_max_seq: per-type evictions and aging (mglru_counts,
 * mglru_aging).
 *
 * Each program has a kprobe twin for kernels built without
 * FUNCTION_TRACER (no fentry); the loader autoloads one set.  What a
 * program needs at exit comes either from its fexit arguments or from
 * what its kprobe twin stashed at entry, in the thread's reclaim_ctx.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "lru_events.h"
#include "lrutrace_kernel.h"
#include "lru_common.bpf.h"
#include "stock_kernel.h"

/* ---- MGLRU aggregates (this object's own maps) ---- */

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 4096);
	__type(key, struct lru_mglru_key);
	__type(value, struct lru_mglru_counts);
} mglru_counts SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 4096);
	__type(key, struct lru_balance_key);
	__type(value, struct lru_mglru_aging);
} mglru_aging SEC(".maps");

/* ---- one reclaiming thread's state between entry and exit ---- */

enum pending_kind {
	PENDING_NONE,
	PENDING_INACTIVE,	/* isolated: waits for shrink_folio_list */
	PENDING_ACTIVE,		/* isolated: waits for moves, then the exit */
};

struct reclaim_ctx {
	struct lru_shrink_event shrink;	/* the classic shrink being built */
	__u64 sc;			/* its scan_control */
	__u32 pending;			/* enum pending_kind */
	__u32 moves;			/* move_folios_to_lru calls so far */
	/* MGLRU eviction in progress (evict_folios entry .. exit) */
	struct lru_mglru_key mg;
	__u32 in_evict;
	__u32 mg_typed;			/* isolate_folios set mg.type */
	/* the series' mm_vmscan_lru_gen_scan, until its _type event */
	__u64 gen_isolated;
	__u64 gen_visited;
	/* kprobe twins: arguments stashed at entry for the return probe */
	__u64 arg[6];
	__u64 stat;			/* shrink_folio_list's reclaim_stat */
};

/*
 * Keyed by thread id and never deleted (a delete per shrink costs more
 * than the lookup): an LRU hash lets threads that stopped reclaiming age
 * out; 8192 reclaiming at once is far beyond any machine's.
 */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, struct reclaim_ctx);
} reclaim_ctxs SEC(".maps");

/* libbpf 1.1 has no PT_REGS_PARM6: the sixth argument is r9 on x86-64 */
#ifdef PT_REGS_PARM6
#define KPROBE_PARM6(ctx) PT_REGS_PARM6(ctx)
#else
#define KPROBE_PARM6(ctx) ((ctx)->r9)
#endif

static __always_inline struct reclaim_ctx *ctx_get(bool create)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct reclaim_ctx *c = bpf_map_lookup_elem(&reclaim_ctxs, &tid);
	static const struct reclaim_ctx zero;

	if (c || !create)
		return c;
	bpf_map_update_elem(&reclaim_ctxs, &tid, &zero, BPF_NOEXIST);
	return bpf_map_lookup_elem(&reclaim_ctxs, &tid);
}

/* sc_reclaimer() of the series, from the scan_control */
static __always_inline __u8 sc_reclaimer(struct scan_control *sc)
{
	struct task_struct *task = (struct task_struct *)bpf_get_current_task_btf();
	struct scan_control___series *ss = (void *)sc;

	if (BPF_CORE_READ_BITFIELD_PROBED(sc, proactive))
		return SL_RECLAIMER_PROACTIVE;
	if (BPF_CORE_READ(sc, target_mem_cgroup))
		return SL_RECLAIMER_MEMCG;
	if (bpf_core_field_exists(ss->node_reclaim) &&
	    BPF_CORE_READ_BITFIELD_PROBED(ss, node_reclaim))
		return SL_RECLAIMER_NODE;
	if (BPF_CORE_READ(task, flags) & PF_KSWAPD)
		return SL_RECLAIMER_KSWAPD;
	return SL_RECLAIMER_DIRECT;
}

/* ================================================= the balance decision */

/* can_reclaim_anon_pages(), with can_demote() when demotion is on */
static __always_inline bool can_reclaim_anon(struct mem_cgroup *memcg,
					     struct scan_control *sc, __u32 *flags)
{
	long nr = memcg ? memcg_nr_swap_pages(memcg) : read_long(&nr_swap_pages);

	if (nr > 0)
		return true;
	/*
	 * can_demote() also needs next_demotion_node(), which this side cannot
	 * follow: with demotion on, assume the node has a target, and say so.
	 */
	if (&numa_demotion_enabled && (read_int(&numa_demotion_enabled) & 0xff) &&
	    !BPF_CORE_READ_BITFIELD_PROBED(sc, no_demotion)) {
		*flags |= LRU_BALANCE_DEMOTION;
		return true;
	}
	return false;
}

/*
 * The series' scan_decided_anon_permille(), in plain u64; equal mode
 * weighs the eligible list sizes, in b->anon_pages and b->file_pages.
 */
static __always_inline __u32 decided_anon_permille(const struct lru_balance *b)
{
	switch (b->mode) {
	case SL_MODE_FRACT:
		if (!b->denominator)
			return 500;
		return permille_of(b->fraction_anon, b->denominator);
	case SL_MODE_ANON:
		return 1000;
	case SL_MODE_FILE:
		return 0;
	default:
		if (!b->anon_pages && !b->file_pages)
			return 500;
		return permille_of(b->anon_pages, b->anon_pages + b->file_pages);
	}
}

#define ROTATION_SCAN_SCALE (1ULL << 20)

/*
 * get_scan_count(), recomputed at shrink_lruvec() entry: it is the first
 * thing shrink_lruvec() does, and prepare_scan_count() has already filled
 * sc->anon_cost, file_cost, may_deactivate, cache_trim_mode and
 * file_is_tiny.  The arithmetic is the kernel's, integer for integer.
 */
static __always_inline int on_shrink_lruvec(struct lruvec *lruvec, struct scan_control *sc)
{
	struct scan_control___series *ss = (void *)sc;
	struct pglist_data *pgdat;
	struct mem_cgroup *memcg, *target;
	struct lru_balance b = {};
	__u64 fraction[2] = {}, denominator = 0;
	__u64 min = 0, low = 0, cgroup_size = 0;
	bool online = true, protected;
	int swappiness, priority, reclaim_idx;
	__u32 lru;

	if (mglru_on())		/* shrink_lruvec() goes to lru_gen_shrink_lruvec() */
		return 0;
	pgdat = lruvec_node(lruvec);
	memcg = lruvec_owner(lruvec, pgdat);
	b.ts_ns = bpf_ktime_get_ns();
	b.nid = BPF_CORE_READ(pgdat, node_id);
	b.memcg_id = memcg_cgroup_id(memcg);
	if (!node_memcg_pass(b.nid, b.memcg_id))
		return 0;

	target = BPF_CORE_READ(sc, target_mem_cgroup);
	swappiness = memcg_swappiness(memcg);
	priority = BPF_CORE_READ(sc, priority);
	reclaim_idx = BPF_CORE_READ(sc, reclaim_idx);
	b.flags = LRU_BALANCE_RECONSTRUCTED;
	b.priority = priority;
	b.swappiness = swappiness;
	b.policy = SL_POLICY_COST;
	b.anon_cost = BPF_CORE_READ(sc, anon_cost);
	b.file_cost = BPF_CORE_READ(sc, file_cost);
	if (bpf_core_field_exists(ss->scan_policy)) {
		b.policy = xlate_policy(BPF_CORE_READ(ss, scan_policy));
		b.rotated_anon = BPF_CORE_READ(ss, rotated_anon);
		b.rotated_file = BPF_CORE_READ(ss, rotated_file);
	}

	if (!BPF_CORE_READ_BITFIELD_PROBED(sc, may_swap) ||
	    !can_reclaim_anon(memcg, sc, &b.flags)) {
		b.mode = SL_MODE_FILE;
		b.forced_by = SL_FORCED_NO_SWAP;
	} else if (target && !swappiness) {
		b.mode = SL_MODE_FILE;
		b.forced_by = SL_FORCED_MEMCG_SWAPPINESS0;
	} else if (!priority && swappiness) {
		b.mode = SL_MODE_EQUAL;
		b.forced_by = SL_FORCED_PRIORITY0;
	} else if (BPF_CORE_READ_BITFIELD_PROBED(sc, file_is_tiny)) {
		b.mode = SL_MODE_ANON;
		b.forced_by = SL_FORCED_FILE_TINY;
	} else if (BPF_CORE_READ_BITFIELD_PROBED(sc, cache_trim_mode)) {
		b.mode = SL_MODE_FILE;
		b.forced_by = SL_FORCED_CACHE_TRIM;
	} else if (b.policy == SL_POLICY_ROTATION) {
		/* the series' rotation_scan_fractions() */
		__u64 ap, fp, anon_pages, file_pages;

		anon_pages = BPF_CORE_READ(ss, anon_pages);
		file_pages = BPF_CORE_READ(ss, file_pages);
		b.mode = SL_MODE_FRACT;
		ap = (__u64)swappiness * anon_pages / (b.rotated_anon + 1);
		fp = (__u64)(200 - swappiness) * file_pages / (b.rotated_file + 1);
		if (!ap && !fp) {
			ap = swappiness;
			fp = 200 - swappiness;
		}
		/* exact while ap < 2^44 (mul_u64_u64_div_u64 in the kernel) */
		fraction[0] = ap * ROTATION_SCAN_SCALE / (ap + fp);
		fraction[1] = ROTATION_SCAN_SCALE - fraction[0];
		denominator = ROTATION_SCAN_SCALE;
	} else {
		unsigned long anon_cost, file_cost, total_cost, ap, fp;

		b.mode = SL_MODE_FRACT;
		total_cost = b.anon_cost + b.file_cost;
		anon_cost = total_cost + b.anon_cost;
		file_cost = total_cost + b.file_cost;
		total_cost = anon_cost + file_cost;

		ap = swappiness * (total_cost + 1);
		ap /= anon_cost + 1;

		fp = (200 - swappiness) * (total_cost + 1);
		fp /= file_cost + 1;

		fraction[0] = ap;
		fraction[1] = fp;
		denominator = ap + fp;
	}

	/* mem_cgroup_protection(), mem_cgroup_size(), mem_cgroup_online() */
	if (memcg && target != memcg) {
		min = BPF_CORE_READ(memcg, memory.emin);
		low = BPF_CORE_READ(memcg, memory.elow);
		cgroup_size = BPF_CORE_READ(memcg, memory.usage.counter);
	}
	if (memcg)
		online = BPF_CORE_READ(memcg, css.flags) & CSS_ONLINE;
	protected = min || low;
	if (protected)
		b.flags |= LRU_BALANCE_PROTECTED;

	for (lru = 0; lru < SL_LRU_UNEVICTABLE; lru++) {
		bool file = lru >= SL_LRU_INACTIVE_FILE;
		__u64 size = lruvec_list_size(lruvec, pgdat, memcg, lru, reclaim_idx);
		__u64 scan = size;

		if (file)
			b.file_pages += size;
		else
			b.anon_pages += size;
		if (protected) {
			__u64 protection, csize = cgroup_size;

			if (!BPF_CORE_READ_BITFIELD_PROBED(sc, memcg_low_reclaim) && low > min)
				protection = low;
			else
				protection = min;
			if (csize < protection)
				csize = protection;
			scan = size - size * protection / (csize + 1);
			if (scan < 32)	/* SWAP_CLUSTER_MAX */
				scan = 32;
		}
		scan >>= priority & 63;
		if (!scan && !online)
			scan = size < 32 ? size : 32;

		switch (b.mode) {
		case SL_MODE_FRACT:
			if (!denominator)
				break;
			if (online)
				scan = scan * fraction[file] / denominator;
			else
				scan = (scan * fraction[file] + denominator - 1) / denominator;
			break;
		case SL_MODE_FILE:
		case SL_MODE_ANON:
			if ((b.mode == SL_MODE_FILE) != file)
				scan = 0;
			break;
		default:
			break;
		}
		b.scan[lru & 3] = scan;
	}
	if (b.mode == SL_MODE_FRACT) {
		b.fraction_anon = fraction[0];
		b.fraction_file = fraction[1];
		b.denominator = denominator;
	}
	/* the shares, while anon_pages and file_pages are the eligible sizes */
	b.decided_anon_permille = decided_anon_permille(&b);
	b.decided_file_permille = 1000 - b.decided_anon_permille;
	balance_set_target(&b);
	if (bpf_core_field_exists(ss->anon_pages) && b.policy == SL_POLICY_ROTATION) {
		/* the inputs the rotation policy used: the target lruvec's */
		b.anon_pages = BPF_CORE_READ(ss, anon_pages);
		b.file_pages = BPF_CORE_READ(ss, file_pages);
	}
	account_balance(&b);
	return 0;
}

SEC("fentry/shrink_lruvec")
int BPF_PROG(f_shrink_lruvec, struct lruvec *lruvec, struct scan_control *sc)
{
	return on_shrink_lruvec(lruvec, sc);
}

SEC("kprobe/shrink_lruvec")
int BPF_KPROBE(k_shrink_lruvec, struct lruvec *lruvec, struct scan_control *sc)
{
	return on_shrink_lruvec(lruvec, sc);
}

/* ============================================ the shrink of one list */

static __always_inline bool is_inactive(__u32 lru)
{
	return lru == SL_LRU_INACTIVE_ANON || lru == SL_LRU_INACTIVE_FILE;
}

/*
 * isolate_lru_folios() returned: shrink_inactive_list() adds *nr_scanned
 * to pgscan_anon/file right after; shrink_active_list() to pgrefill.
 */
static __always_inline void on_isolated(struct reclaim_ctx *c, __u64 nr_to_scan,
					struct lruvec *lruvec, unsigned long *nr_scanned_p,
					struct scan_control *sc, __u32 kernel_lru,
					__u64 nr_taken)
{
	struct lru_shrink_event *s = &c->shrink;
	struct pglist_data *pgdat = lruvec_node(lruvec);
	unsigned long nr_scanned = 0;

	bpf_probe_read_kernel(&nr_scanned, sizeof(nr_scanned), nr_scanned_p);
	__builtin_memset(s, 0, sizeof(*s));
	s->nid = BPF_CORE_READ(pgdat, node_id);
	s->memcg_id = memcg_cgroup_id(lruvec_owner(lruvec, pgdat));
	s->lru = xlate_lru(kernel_lru);
	s->reclaimer = sc_reclaimer(sc);
	s->reason = is_inactive(s->lru) ? SL_REASON_BALANCE : SL_REASON_UNKNOWN;
	s->priority = BPF_CORE_READ(sc, priority);
	s->nr_to_scan = nr_to_scan;
	s->nr_scanned = nr_scanned;
	s->nr_taken = nr_taken;
	c->sc = (__u64)sc;
	c->moves = 0;
	if (!is_inactive(s->lru)) {
		c->pending = PENDING_ACTIVE;
	} else if (nr_taken) {
		c->pending = PENDING_INACTIVE;
	} else {
		/* shrink_inactive_list() returns at once: one empty shrink */
		c->pending = PENDING_NONE;
		account_shrink(s);
	}
}

SEC("fexit/isolate_lru_folios")
int BPF_PROG(x_isolate_lru_folios, unsigned long nr_to_scan, struct lruvec *lruvec,
	     struct list_head *dst, unsigned long *nr_scanned, struct scan_control *sc,
	     enum lru_list lru, unsigned long ret)
{
	struct reclaim_ctx *c = ctx_get(true);

	if (c)
		on_isolated(c, nr_to_scan, lruvec, nr_scanned, sc, lru, ret);
	return 0;
}

SEC("kprobe/isolate_lru_folios")
int BPF_KPROBE(k_isolate_lru_folios, unsigned long nr_to_scan, struct lruvec *lruvec,
	       struct list_head *dst, unsigned long *nr_scanned, struct scan_control *sc)
{
	struct reclaim_ctx *c = ctx_get(true);

	if (!c)
		return 0;
	c->arg[0] = nr_to_scan;
	c->arg[1] = (__u64)lruvec;
	c->arg[2] = (__u64)nr_scanned;
	c->arg[3] = (__u64)sc;
	c->arg[4] = KPROBE_PARM6(ctx);	/* lru */
	return 0;
}

SEC("kretprobe/isolate_lru_folios")
int BPF_KRETPROBE(r_isolate_lru_folios, unsigned long ret)
{
	struct reclaim_ctx *c = ctx_get(false);

	if (c)
		on_isolated(c, c->arg[0], (void *)c->arg[1], (void *)c->arg[2],
			    (void *)c->arg[3], c->arg[4], ret);
	return 0;
}

/*
 * shrink_folio_list() returned nr_reclaimed: what shrink_inactive_list()
 * adds to pgsteal_anon/file, or evict_folios() to pgsteal of its type.
 */
static __always_inline void on_folio_list_done(struct reclaim_ctx *c, struct scan_control *sc,
					       struct reclaim_stat *stat, __u64 nr_reclaimed)
{
	if (c->pending == PENDING_INACTIVE && c->sc == (__u64)sc) {
		struct lru_shrink_event *s = &c->shrink;
		__u32 a0 = BPF_CORE_READ(stat, nr_activate[0]);
		__u32 a1 = BPF_CORE_READ(stat, nr_activate[1]);

		s->nr_reclaimed = nr_reclaimed;
		s->nr_activated = a0 + a1;
		s->nr_rotated = a0 + a1;	/* referenced: back to the active list */
		s->nr_unmap_fail = BPF_CORE_READ(stat, nr_unmap_fail);
		s->nr_writeback_io = BPF_CORE_READ(stat, nr_pageout);
		c->pending = PENDING_NONE;
		account_shrink(s);
		return;
	}
	if (c->in_evict && c->mg_typed &&
	    node_memcg_pass(c->mg.nid, c->mg.memcg_id)) {
		struct lru_mglru_counts *m = bpf_map_lookup_elem(&mglru_counts, &c->mg);

		if (m)
			m->reclaimed += nr_reclaimed;
	}
}

SEC("fexit/shrink_folio_list")
int BPF_PROG(x_shrink_folio_list, struct list_head *folio_list, struct pglist_data *pgdat,
	     struct scan_control *sc, struct reclaim_stat *stat, bool ignore_references,
	     unsigned int ret)
{
	struct reclaim_ctx *c = ctx_get(false);

	if (c)
		on_folio_list_done(c, sc, stat, ret);
	return 0;
}

SEC("kprobe/shrink_folio_list")
int BPF_KPROBE(k_shrink_folio_list, struct list_head *folio_list, struct pglist_data *pgdat,
	       struct scan_control *sc, struct reclaim_stat *stat)
{
	struct reclaim_ctx *c = ctx_get(false);

	if (c) {
		c->arg[5] = (__u64)sc;
		c->stat = (__u64)stat;
	}
	return 0;
}

SEC("kretprobe/shrink_folio_list")
int BPF_KRETPROBE(r_shrink_folio_list, unsigned int ret)
{
	struct reclaim_ctx *c = ctx_get(false);

	if (c)
		on_folio_list_done(c, (void *)c->arg[5], (void *)c->stat, ret);
	return 0;
}

/* Inside shrink_active_list(): l_active goes back first, then l_inactive. */
static __always_inline void on_moved(struct reclaim_ctx *c, __u64 nr_moved)
{
	if (c->pending != PENDING_ACTIVE)
		return;
	if (c->moves == 0) {
		c->shrink.nr_activated = nr_moved;
		/* the referenced executable file folios kept active */
		c->shrink.nr_rotated = nr_moved;
	} else if (c->moves == 1) {
		c->shrink.nr_deactivated = nr_moved;
	}
	c->moves++;
}

SEC("fexit/move_folios_to_lru")
int BPF_PROG(x_move_folios_to_lru, struct lruvec *lruvec, struct list_head *list,
	     unsigned int ret)
{
	struct reclaim_ctx *c = ctx_get(false);

	if (c)
		on_moved(c, ret);
	return 0;
}

SEC("kretprobe/move_folios_to_lru")
int BPF_KRETPROBE(r_move_folios_to_lru, unsigned int ret)
{
	struct reclaim_ctx *c = ctx_get(false);

	if (c)
		on_moved(c, ret);
	return 0;
}

static __always_inline void on_active_done(void)
{
	struct reclaim_ctx *c = ctx_get(false);

	if (!c || c->pending != PENDING_ACTIVE)
		return;
	c->pending = PENDING_NONE;
	account_shrink(&c->shrink);
}

SEC("fexit/shrink_active_list")
int BPF_PROG(x_shrink_active_list)
{
	on_active_done();
	return 0;
}

SEC("kretprobe/shrink_active_list")
int BPF_KRETPROBE(r_shrink_active_list)
{
	on_active_done();
	return 0;
}

/* ===================================================== list moves */

/*
 * The mm/swap.c batch functions move one folio each, under the lru_lock:
 * at entry the folio's flags say whether it moves and from where; where to
 * follows from what the function does.
 */
static __always_inline int on_move_fn(struct lruvec *lruvec, struct folio *folio, __u8 reason)
{
	unsigned long flags = BPF_CORE_READ(folio, flags);
	struct pglist_data *pgdat;
	struct lru_move_key key = {};
	__u8 from = flags_lru(flags);
	bool file = !FOLIO_FLAG(flags, PG_swapbacked);
	bool active = FOLIO_FLAG(flags, PG_active);

	if (from == SL_LRU_UNEVICTABLE)
		return 0;
	switch (reason) {
	case SL_MOVE_ROTATE_WRITEBACK:		/* lru_move_tail_fn */
	case SL_MOVE_DEACTIVATE_FILE:		/* lru_deactivate_file_fn */
		if (reason == SL_MOVE_DEACTIVATE_FILE) {
			/* folio_mapped(): _mapcount (or the total) >= 0 */
			int mapcount = FOLIO_FLAG(flags, PG_head) ?
				BPF_CORE_READ(folio, _total_mapcount.counter) :
				BPF_CORE_READ(folio, _mapcount.counter);

			if (mapcount >= 0)
				return 0;
		}
		key.to_lru = file ? SL_LRU_INACTIVE_FILE : SL_LRU_INACTIVE_ANON;
		break;
	case SL_MOVE_ACTIVATE_ACCESS:		/* folio_activate_fn */
		if (active)
			return 0;
		key.to_lru = from + 1;
		break;
	case SL_MOVE_DEACTIVATE:		/* lru_deactivate_fn */
		if (!active && !mglru_on())
			return 0;
		key.to_lru = file ? SL_LRU_INACTIVE_FILE : SL_LRU_INACTIVE_ANON;
		break;
	case SL_MOVE_LAZYFREE: {		/* lru_lazyfree_fn */
		unsigned long mapping = (unsigned long)BPF_CORE_READ(folio, mapping);

		if (!(mapping & 1) || file || FOLIO_FLAG(flags, PG_swapcache))
			return 0;
		key.to_lru = SL_LRU_INACTIVE_FILE;	/* swapbacked cleared */
		break;
	}
	default:
		return 0;
	}
	pgdat = lruvec_node(lruvec);
	key.nid = BPF_CORE_READ(pgdat, node_id);
	key.memcg_id = memcg_cgroup_id(lruvec_owner(lruvec, pgdat));
	key.from_lru = from;
	key.reason = reason;
	account_move(&key, folio_pages(folio, flags), folio_pfn_of(folio));
	return 0;
}

#define MOVE_PROGS(fn, reason)							\
SEC("fentry/" #fn)								\
int BPF_PROG(f_##fn, struct lruvec *lruvec, struct folio *folio)		\
{										\
	return on_move_fn(lruvec, folio, reason);				\
}										\
SEC("kprobe/" #fn)								\
int BPF_KPROBE(k_##fn, struct lruvec *lruvec, struct folio *folio)		\
{										\
	return on_move_fn(lruvec, folio, reason);				\
}

MOVE_PROGS(lru_move_tail_fn, SL_MOVE_ROTATE_WRITEBACK)
MOVE_PROGS(folio_activate_fn, SL_MOVE_ACTIVATE_ACCESS)
MOVE_PROGS(lru_deactivate_fn, SL_MOVE_DEACTIVATE)
MOVE_PROGS(lru_deactivate_file_fn, SL_MOVE_DEACTIVATE_FILE)
MOVE_PROGS(lru_lazyfree_fn, SL_MOVE_LAZYFREE)

/* ========================================================== MGLRU */

static __always_inline int on_evict_enter(struct lruvec *lruvec, struct scan_control *sc,
					  int swappiness)
{
	struct reclaim_ctx *c = ctx_get(true);
	struct pglist_data *pgdat = lruvec_node(lruvec);

	if (!c)
		return 0;
	__builtin_memset(&c->mg, 0, sizeof(c->mg));
	c->mg.nid = BPF_CORE_READ(pgdat, node_id);
	c->mg.memcg_id = memcg_cgroup_id(lruvec_owner(lruvec, pgdat));
	c->mg.reclaimer = sc_reclaimer(sc);
	c->mg.swappiness = swappiness;
	c->in_evict = 1;
	c->mg_typed = 0;
	return 0;
}

static __always_inline int on_evict_exit(void)
{
	struct reclaim_ctx *c = ctx_get(false);

	if (c)
		c->in_evict = 0;
	return 0;
}

SEC("fentry/evict_folios")
int BPF_PROG(f_evict_folios, struct lruvec *lruvec, struct scan_control *sc, int swappiness)
{
	return on_evict_enter(lruvec, sc, swappiness);
}

SEC("fexit/evict_folios")
int BPF_PROG(x_evict_folios)
{
	return on_evict_exit();
}

SEC("kprobe/evict_folios")
int BPF_KPROBE(k_evict_folios, struct lruvec *lruvec, struct scan_control *sc, int swappiness)
{
	return on_evict_enter(lruvec, sc, swappiness);
}

SEC("kretprobe/evict_folios")
int BPF_KRETPROBE(r_evict_folios)
{
	return on_evict_exit();
}

/*
 * isolate_folios() returned: *type_scanned is the type it settled on, the
 * folios on list are the ones scan_folios() isolated and counted as
 * pgscan of that type; the return value counts every page it looked at.
 */
/* The counters of KEY, created on first use; NULL when filtered out. */
static __always_inline struct lru_mglru_counts *mglru_counts_of(const struct lru_mglru_key *key)
{
	struct lru_mglru_counts *m, zero = {};

	if (!node_memcg_pass(key->nid, key->memcg_id))
		return NULL;
	m = bpf_map_lookup_elem(&mglru_counts, key);
	if (m)
		return m;
	bpf_map_update_elem(&mglru_counts, key, &zero, BPF_NOEXIST);
	return bpf_map_lookup_elem(&mglru_counts, key);
}

/*
 * One aging step of a lruvec: ATTEMPTED, TAKEN (a generation was made)
 * and FORCED counted, and the sequence numbers kept at their largest.
 */
static __always_inline void mglru_aged(const struct lru_balance_key *key, bool taken,
				       bool forced, __u64 max_seq, __u64 min_anon,
				       __u64 min_file)
{
	struct lru_mglru_aging *a, zero = {};

	if (!node_memcg_pass(key->nid, key->memcg_id))
		return;
	a = bpf_map_lookup_elem(&mglru_aging, key);
	if (!a) {
		bpf_map_update_elem(&mglru_aging, key, &zero, BPF_NOEXIST);
		a = bpf_map_lookup_elem(&mglru_aging, key);
		if (!a)
			return;
	}
	a->attempts++;
	a->increments += taken;
	a->forced += forced;
	if (max_seq > a->max_seq)
		a->max_seq = max_seq;
	if (min_anon > a->min_seq[0])
		a->min_seq[0] = min_anon;
	if (min_file > a->min_seq[1])
		a->min_seq[1] = min_file;
}

static __always_inline void on_isolated_gen(struct reclaim_ctx *c, int *type_scanned,
					    struct list_head *list, int visited)
{
	struct lru_mglru_counts *m;
	int type = 0;

	if (!c->in_evict)
		return;
	bpf_probe_read_kernel(&type, sizeof(type), type_scanned);
	c->mg.type = type & 1;
	c->mg_typed = 1;
	m = mglru_counts_of(&c->mg);
	if (!m)
		return;
	m->evictions++;
	m->scanned += folio_list_pages(list);
	m->visited += visited > 0 ? visited : 0;
}

SEC("fexit/isolate_folios")
int BPF_PROG(x_isolate_folios, struct lruvec *lruvec, struct scan_control *sc, int swappiness,
	     int *type_scanned, struct list_head *list, int ret)
{
	struct reclaim_ctx *c = ctx_get(false);

	if (c)
		on_isolated_gen(c, type_scanned, list, ret);
	return 0;
}

SEC("kprobe/isolate_folios")
int BPF_KPROBE(k_isolate_folios, struct lruvec *lruvec, struct scan_control *sc, int swappiness,
	       int *type_scanned, struct list_head *list)
{
	struct reclaim_ctx *c = ctx_get(false);

	if (c) {
		c->arg[0] = (__u64)type_scanned;
		c->arg[1] = (__u64)list;
	}
	return 0;
}

SEC("kretprobe/isolate_folios")
int BPF_KRETPROBE(r_isolate_folios, int ret)
{
	struct reclaim_ctx *c = ctx_get(false);

	if (c)
		on_isolated_gen(c, (void *)c->arg[0], (void *)c->arg[1], ret);
	return 0;
}

/* try_to_inc_max_seq() returned: one aging step, taken or not. */
static __always_inline void on_aged(struct lruvec *lruvec, bool force_scan, bool ret)
{
	struct pglist_data *pgdat = lruvec_node(lruvec);
	struct lru_balance_key key = {};

	key.nid = BPF_CORE_READ(pgdat, node_id);
	key.memcg_id = memcg_cgroup_id(lruvec_owner(lruvec, pgdat));
	mglru_aged(&key, ret, force_scan, BPF_CORE_READ(lruvec, lrugen.max_seq),
		   BPF_CORE_READ(lruvec, lrugen.min_seq[0]),
		   BPF_CORE_READ(lruvec, lrugen.min_seq[1]));
}

/* A bool in a register: only its low byte is defined. */
#define REG_BOOL(v) (((v) & 0xff) != 0)

SEC("fexit/try_to_inc_max_seq")
int BPF_PROG(x_try_to_inc_max_seq, struct lruvec *lruvec, unsigned long max_seq,
	     struct scan_control *sc, unsigned long can_swap, unsigned long force_scan,
	     unsigned long ret)
{
	on_aged(lruvec, REG_BOOL(force_scan), REG_BOOL(ret));
	return 0;
}

SEC("kprobe/try_to_inc_max_seq")
int BPF_KPROBE(k_try_to_inc_max_seq, struct lruvec *lruvec, unsigned long max_seq,
	       struct scan_control *sc, unsigned long can_swap, unsigned long force_scan)
{
	struct reclaim_ctx *c = ctx_get(true);

	if (c) {
		c->arg[2] = (__u64)lruvec;
		c->arg[3] = REG_BOOL(force_scan);
	}
	return 0;
}

SEC("kretprobe/try_to_inc_max_seq")
int BPF_KRETPROBE(r_try_to_inc_max_seq, unsigned long ret)
{
	struct reclaim_ctx *c = ctx_get(false);

	if (c)
		on_aged((void *)c->arg[2], c->arg[3], REG_BOOL(ret));
	return 0;
}

/* ============================ the series' own MGLRU events (0006) */

/*
 * Where the series has MGLRU events, the series source counts from them
 * into the same maps, and the fentry programs above stay unloaded.  Per
 * isolate_folios(): one or two _scan events (the first type may have
 * nothing), then one _type event naming the type that was scanned, which
 * is when the isolated pages are counted; then one _evict event per
 * shrink_folio_list() pass.  Each has a raw_tp twin (SERIES_EVENT).
 */
static __always_inline struct lru_mglru_counts *
gen_counts(__u32 nid, __u64 memcg_id, __u32 reclaimer, int type, int swappiness)
{
	struct lru_mglru_key key = {};

	key.nid = nid;
	key.memcg_id = memcg_id;
	key.type = type & 1;
	key.reclaimer = xlate_reclaimer(reclaimer);
	key.swappiness = swappiness;
	return mglru_counts_of(&key);
}

SERIES_EVENT(gen_scan, "mm_vmscan_lru_gen_scan", struct lru_gen_scan_info___sl)
{
	struct reclaim_ctx *c = ctx_get(true);

	if (c) {
		c->gen_isolated += info->nr_isolated;
		c->gen_visited += info->nr_scanned;
	}
	return 0;
}

SERIES_EVENT(gen_type, "mm_vmscan_lru_gen_type", struct lru_gen_type_info___sl)
{
	struct reclaim_ctx *c = ctx_get(true);
	struct lru_mglru_counts *m;

	if (!c)
		return 0;
	m = gen_counts(info->nid, info->memcg_id, info->reclaimer,
		       info->type_scanned, info->swappiness);
	if (m) {
		m->evictions++;
		m->scanned += c->gen_isolated;
		m->visited += c->gen_visited;
	}
	c->gen_isolated = 0;
	c->gen_visited = 0;
	return 0;
}

SERIES_EVENT(gen_evict, "mm_vmscan_lru_gen_evict", struct lru_gen_evict_info___sl)
{
	struct lru_mglru_counts *m;

	m = gen_counts(info->nid, info->memcg_id, info->reclaimer, info->type,
		       info->swappiness);
	if (m)
		m->reclaimed += info->nr_reclaimed;
	return 0;
}

SERIES_EVENT(gen_age, "mm_vmscan_lru_gen_age", struct lru_gen_age_info___sl)
{
	struct lru_balance_key key = {};

	key.nid = info->nid;
	key.memcg_id = info->memcg_id;
	/* the event is the increment itself: an attempt that succeeded */
	mglru_aged(&key, true, info->force_scan, info->max_seq, info->min_seq[0],
		   info->min_seq[1]);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
