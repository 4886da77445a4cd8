/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lru_common.bpf.h: the maps, filters and accounting every splitlru BPF
 * object shares: lrutrace.bpf.c (the series and the stock tracepoints) and
 * stock.bpf.c (fentry/fexit on stock reclaim functions).  Each object
 * declares the maps alike; the loader creates them once, in lrutrace's
 * object, and hands their fds to the others (bpf_map__reuse_fd), so every
 * source fills the same list_counts, balance, move_counts, hists, counters
 * and events, and every consumer reads them unchanged.
 */
#ifndef LRU_COMMON_BPF_H
#define LRU_COMMON_BPF_H

/* Set by the loader before load (read-only after). */
/* Event types to put in the ring buffer: bits (1 << LRU_EV_*); 0: none. */
const volatile __u32 stream_types = 0;
const volatile bool shrink_hists = true;	/* lrutrace hist only: see opts.no_hists */
const volatile int filter_nid = -1;		/* -1: every node */
const volatile bool filter_memcg_on = false;
const volatile __u64 filter_memcg_id = 0;
const volatile __u32 filter_lru_mask = ~0U;	/* bit per enum sl_lru */
const volatile __u32 filter_reason_mask = ~0U;	/* bit per enum sl_shrink_reason */
const volatile __u32 filter_move_mask = ~0U;	/* bit per enum sl_move_reason */
const volatile __u32 filter_reclaimer_mask = ~0U; /* bit per enum sl_reclaimer */
/* list_cache slots in use, less one (SPLITLRU_LIST_CACHE_SLOTS, for tests) */
const volatile __u32 list_cache_mask = LRU_LIST_CACHE_SLOTS - 1;

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 16384);
	__type(key, struct lru_list_key);
	__type(value, struct lru_list_counts);
} list_counts SEC(".maps");

/*
 * A per-CPU cache in front of list_counts: a few direct-mapped slots, each
 * one list's counts on this CPU.  An array lookup costs a fraction of the
 * hash's (no jhash, no bucket walk), and a machine reclaims from a handful
 * of lists, so nearly every shrink lands here (issue 17: ns per event
 * against bpftrace).  A slot is taken for good by the first list that maps
 * to it (shrinks > 0 marks it taken); a list that finds its slot taken
 * counts in list_counts.  The loader adds both up per key.
 */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, LRU_LIST_CACHE_SLOTS);
	__type(key, __u32);
	__type(value, struct lru_list_cache_slot);
} list_cache SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, struct lru_balance_key);
	__type(value, struct lru_balance);
} balance SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 16384);
	__type(key, struct lru_move_key);
	__type(value, struct lru_move_counts);
} move_counts SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, LRU_HIST_NR);
	__type(key, __u32);
	__type(value, struct lru_hist);
} hists SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, LRU_CNT_NR);
	__type(key, __u32);
	__type(value, __u64);
} counters SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1 << 20);	/* the loader resizes it */
} events SEC(".maps");

/* A thread inside direct or memcg reclaim: when it entered, and which. */
struct reclaim_entry {
	__u64 start_ns;
	__u32 reclaimer;	/* enum sl_reclaimer */
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, struct reclaim_entry);
} in_reclaim SEC(".maps");

static __always_inline void count(__u32 id, __u64 n)
{
	__u64 *v = bpf_map_lookup_elem(&counters, &id);

	if (v)
		*v += n;
}

static __always_inline __u32 log2_slot(__u64 v)
{
	__u32 r = 0;

	/* floor(log2(v)) + 1 for v > 0; slot 0 holds zero */
	while (v && r < LRU_HIST_SLOTS - 1) {
		v >>= 1;
		r++;
	}
	return r;
}

static __always_inline void hist_add(__u32 id, __u32 slot)
{
	struct lru_hist *h = bpf_map_lookup_elem(&hists, &id);

	if (!h)
		return;
	if (slot >= LRU_HIST_SLOTS)
		slot = LRU_HIST_SLOTS - 1;
	/*
	 * clang proves the clamp and drops a plain mask, then indexes with a
	 * copy the verifier never saw bounded: hide slot from it, then mask.
	 */
	asm volatile("" : "+r"(slot));
	h->slots[slot & (LRU_HIST_SLOTS - 1)]++;
}

static __always_inline bool node_memcg_pass(__u32 nid, __u64 memcg_id)
{
	if (filter_nid >= 0 && nid != (__u32)filter_nid)
		return false;
	if (filter_memcg_on && memcg_id != filter_memcg_id)
		return false;
	return true;
}

static __always_inline bool bit_pass(__u32 mask, __u32 bit)
{
	return bit < 32 && (mask & (1U << bit));
}

static __always_inline void fill_header(struct lru_event *e, __u32 type)
{
	e->ts_ns = bpf_ktime_get_ns();
	e->type = type;
	e->pid = (__u32)bpf_get_current_pid_tgid();
	e->cpu = bpf_get_smp_processor_id();
	e->pad = 0;
	bpf_get_current_comm(e->comm, sizeof(e->comm));
}

static __always_inline struct lru_event *reserve_event(void)
{
	struct lru_event *e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);

	if (!e)
		count(LRU_CNT_RB_DROPS, 1);
	return e;
}

/* The key's two 64-bit words: the cache compares and hashes them. */
union list_key_words {
	struct lru_list_key key;
	__u64 w[2];
};
_Static_assert(sizeof(struct lru_list_key) == 2 * sizeof(__u64), "two words");

static __always_inline __u32 list_cache_index(const union list_key_words *k)
{
	/* Fibonacci hashing: the top bits of a golden-ratio product */
	return (__u32)(((k->w[0] ^ (k->w[1] * 31)) * 0x9e3779b97f4a7c15ULL) >> 58) &
	       list_cache_mask;
}

/* The counts of one list on this CPU: its cache slot, else list_counts. */
static __always_inline struct lru_list_counts *list_counts_of(const struct lru_list_key *key)
{
	const union list_key_words *k = (const void *)key;
	struct lru_list_counts *c;
	__u32 index = list_cache_index(k);
	struct lru_list_cache_slot *slot = bpf_map_lookup_elem(&list_cache, &index);

	if (slot) {
		union list_key_words *in = (void *)&slot->key;

		if (!slot->counts.shrinks)	/* free: take it */
			slot->key = *key;
		if (in->w[0] == k->w[0] && in->w[1] == k->w[1])
			return &slot->counts;
	}
	c = bpf_map_lookup_elem(&list_counts, key);
	if (!c) {
		/* zeroed here, not on the cache's path: 72 bytes a shrink */
		struct lru_list_counts zero = {};

		bpf_map_update_elem(&list_counts, key, &zero, BPF_NOEXIST);
		c = bpf_map_lookup_elem(&list_counts, key);
	}
	return c;
}

/* Account one shrink of one list, and stream it when asked. */
static __always_inline void account_shrink(const struct lru_shrink_event *s)
{
	struct lru_list_key key = {
		.memcg_id = s->memcg_id,
		.nid = s->nid,
		.lru = s->lru,
		.reclaimer = s->reclaimer,
	};
	struct lru_list_counts *c;

	if (!node_memcg_pass(s->nid, s->memcg_id) ||
	    !bit_pass(filter_lru_mask, s->lru) ||
	    !bit_pass(filter_reason_mask, s->reason) ||
	    !bit_pass(filter_reclaimer_mask, s->reclaimer))
		return;

	c = list_counts_of(&key);
	if (!c)
		return;
	c->shrinks++;
	c->scanned += s->nr_scanned;
	c->taken += s->nr_taken;
	c->reclaimed += s->nr_reclaimed;
	c->activated += s->nr_activated;
	c->deactivated += s->nr_deactivated;
	c->rotated += s->nr_rotated;
	c->unmap_fail += s->nr_unmap_fail;
	c->writeback_io += s->nr_writeback_io;
	/*
	 * No count(LRU_CNT_SHRINK): it is the sum of c->shrinks, which the
	 * loader adds up at snapshot time; one map lookup fewer per event
	 * (issue 17: ns per event against bpftrace).
	 */
	if (shrink_hists) {
		if (s->lru == SL_LRU_INACTIVE_ANON || s->lru == SL_LRU_INACTIVE_FILE)
			hist_add(LRU_HIST_RECLAIMED, log2_slot(s->nr_reclaimed));
		hist_add(LRU_HIST_PRIORITY, s->priority);
	}

	if (stream_types & (1u << LRU_EV_SHRINK)) {
		struct lru_event *e = reserve_event();

		if (!e)
			return;
		fill_header(e, LRU_EV_SHRINK);
		__builtin_memcpy(&e->shrink, s, sizeof(*s));
		bpf_ringbuf_submit(e, 0);
	}
}

/* The reclaimer of the current thread, for events that do not carry one. */
static __always_inline __u8 current_reclaimer(void)
{
	struct task_struct *task = (struct task_struct *)bpf_get_current_task_btf();
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct reclaim_entry *r;

	if (BPF_CORE_READ(task, flags) & PF_KSWAPD)
		return SL_RECLAIMER_KSWAPD;
	r = bpf_map_lookup_elem(&in_reclaim, &tid);
	if (r)
		return r->reclaimer;
	return SL_RECLAIMER_OTHER;
}

/* @part of @whole in per mille, rounded to nearest: the series' permille_of() */
static __always_inline __u32 permille_of(__u64 part, __u64 whole)
{
	return (part * 2000 / whole + 1) / 2;
}

/*
 * The share of the scan targets, as the series v2 computes it: anon's part
 * of scan[], the decided share when all four targets are 0.  For sources
 * that do not report it (series v1, stock-fentry).
 */
static __always_inline void balance_set_target(struct lru_balance *b)
{
	__u64 anon = b->scan[SL_LRU_INACTIVE_ANON] + b->scan[SL_LRU_ACTIVE_ANON];
	__u64 total = anon + b->scan[SL_LRU_INACTIVE_FILE] + b->scan[SL_LRU_ACTIVE_FILE];

	b->target_anon_permille = total ? permille_of(anon, total)
					: b->decided_anon_permille;
	b->target_file_permille = 1000 - b->target_anon_permille;
}

/* Keep one balance decision as the latest of its (nid, memcg); stream it. */
static __always_inline void account_balance(const struct lru_balance *b)
{
	struct lru_balance_key key = {
		.memcg_id = b->memcg_id,
		.nid = b->nid,
	};

	bpf_map_update_elem(&balance, &key, b, BPF_ANY);
	count(LRU_CNT_BALANCE, 1);

	if (stream_types & (1u << LRU_EV_BALANCE)) {
		struct lru_event *e = reserve_event();

		if (!e)
			return;
		fill_header(e, LRU_EV_BALANCE);
		__builtin_memcpy(&e->balance, b, sizeof(*b));
		bpf_ringbuf_submit(e, 0);
	}
}

/* Count one move of nr_pages pages (one folio at pfn); stream it. */
static __always_inline void account_move(const struct lru_move_key *key,
					 __u64 nr_pages, __u64 pfn)
{
	struct lru_move_counts *c, zero = {};

	if (!node_memcg_pass(key->nid, key->memcg_id) ||
	    !(bit_pass(filter_lru_mask, key->from_lru) ||
	      bit_pass(filter_lru_mask, key->to_lru)) ||
	    !bit_pass(filter_move_mask, key->reason))
		return;

	c = bpf_map_lookup_elem(&move_counts, key);
	if (!c) {
		bpf_map_update_elem(&move_counts, key, &zero, BPF_NOEXIST);
		c = bpf_map_lookup_elem(&move_counts, key);
		if (!c)
			return;
	}
	c->moves++;
	c->pages += nr_pages;
	/* LRU_CNT_MOVE: the sum of c->moves, added up by the loader */

	if (stream_types & (1u << LRU_EV_MOVE)) {
		struct lru_event *e = reserve_event();

		if (!e)
			return;
		fill_header(e, LRU_EV_MOVE);
		e->move.memcg_id = key->memcg_id;
		e->move.pfn = pfn;
		e->move.nr_pages = nr_pages;
		e->move.nid = key->nid;
		e->move.from_lru = key->from_lru;
		e->move.to_lru = key->to_lru;
		e->move.reason = key->reason;
		e->move.pad = 0;
		bpf_ringbuf_submit(e, 0);
	}
}

/*
 * SERIES_EVENT(name, event, type): the handler of one of the series'
 * events, each of which passes its fields as one struct pointer, written
 * once and attached two ways:
 *
 *  tp_btf/event   program `name`: reads *info in place, through its BTF
 *                 type.  To attach it, libbpf looks up the event's BTF id
 *                 in the kernel's whole BTF, whatever btf_custom_path says.
 *  raw_tp/event   program `name##_raw`, off unless the loader turns it on
 *                 (opts.low_memory): a raw tracepoint attaches by name and
 *                 needs no kernel BTF, so CO-RE against a minimal BTF is
 *                 all the load parses.  Its argument is untyped, so the
 *                 struct is copied to the stack first (the kernel's size
 *                 of it, from CO-RE; zeroed beyond), and the same CO-RE
 *                 field offsets then apply to the copy.
 *
 * The handler's body follows the macro, as the body of a function taking
 * `const type *info`.
 */
#define SERIES_EVENT_SLACK 64	/* room for fields a newer series adds */
#define SERIES_EVENT(name, event, type)						\
static __always_inline int name##_body(const type *info);			\
SEC("tp_btf/" event)								\
int BPF_PROG(name, const type *info)						\
{										\
	return name##_body(info);						\
}										\
SEC("?raw_tp/" event)								\
int BPF_PROG(name##_raw, const type *info)					\
{										\
	union {									\
		type v;								\
		char bytes[sizeof(type) + SERIES_EVENT_SLACK];			\
	} copy = {};								\
	__u32 size = bpf_core_type_size(type);					\
										\
	if (size > sizeof(copy))						\
		size = sizeof(copy);						\
	bpf_probe_read_kernel(&copy, size, info);				\
	return name##_body(&copy.v);						\
}										\
static __always_inline int name##_body(const type *info)

#endif /* LRU_COMMON_BPF_H */
