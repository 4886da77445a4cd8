/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * lru_loader.h: splitlru's BPF loader library (libsplitlru-bpf.a).
 *
 * Attaches splitlru's BPF programs to the kernel's reclaim tracepoints and
 * hands back what they aggregated, without exposing libbpf.  Link with
 * libsplitlru-bpf.a libsplitlru-core.a -lbpf -lelf -lz.
 *
 * Lifecycle (one tracer per process is the intended use):
 *
 *	struct lru_features f;
 *	lru_probe(&f);                       // no privileges needed
 *	t = lru_tracer_open(&opts, &err);    // choose programs, set filters
 *	lru_tracer_load(t);                  // verifier; needs CAP_BPF+PERFMON
 *	lru_tracer_attach(t);
 *	loop: lru_tracer_snapshot(t, &snap) and/or lru_tracer_poll(t, ms)
 *	lru_tracer_destroy(t);               // detaches, frees; always safe
 *
 * Sources (enum lru_source), richest first; lru_tracer_open picks the
 * richest the kernel has, opts.force_source forces one:
 *
 *  series             the splitlru kernel series' tracepoints
 *                     (vmscan:mm_vmscan_lru_shrink, mm_vmscan_scan_balance,
 *                     pagemap:mm_lru_move): everything.
 *  stock-fentry       fentry/fexit (kprobes where the kernel has no fentry)
 *                     on stock reclaim functions (stock.bpf.c): per-list
 *                     counts with memcg and reclaimer, the balance decision
 *                     *reconstructed* from get_scan_count()'s inputs
 *                     (lru_balance.flags & LRU_BALANCE_RECONSTRUCTED), list
 *                     moves; no shrink reason on the active lists.
 *  stock-tracepoints  the stock events every kernel >= 5.8 with BTF has
 *                     (mm_vmscan_lru_isolate, _lru_shrink_inactive/_active):
 *                     per-node per-list counts only, no memcg, no decision,
 *                     no moves, no shrink reason.  opts.force_fallback.
 *  proc-only          no BPF: /proc and /sys through libmmstat (the tools'
 *                     business; lru_tracer_open refuses it).
 *
 * Under MGLRU (/sys/kernel/mm/lru_gen/enabled), on any source, fentry on
 * evict_folios, isolate_folios and try_to_inc_max_seq fills the snapshot's
 * mglru and aging arrays; the series source reads the series' own
 * mm_vmscan_lru_gen_* events instead where the kernel has them.  The
 * modes: series and stock-fentry are LRU_MODE_FULL, stock-tracepoints
 * LRU_MODE_FALLBACK.  What each source cannot give is one table,
 * lru_source_cannot() in sl_limits.h; the tools print it through
 * lru_tracer_cannot() and lru_tracer_limits().
 *
 * Errors are negative enum lru_error values; lru_strerror() describes them.
 * All functions are safe to call on a NULL tracer (they return
 * LRU_ERR_INVAL or do nothing).
 */
#ifndef LRU_LOADER_H
#define LRU_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lru_events.h"
#include "sl_limits.h"
#include "sl_mglru.h"
#include "sl_snapshot.h"

#ifdef __cplusplus
extern "C" {
#endif

enum lru_error {
	LRU_OK = 0,
	LRU_ERR_PERM = -1,		/* not root, or lacks CAP_BPF+CAP_PERFMON */
	LRU_ERR_NO_BTF = -2,		/* kernel has no /sys/kernel/btf/vmlinux */
	LRU_ERR_NO_TRACEPOINT = -3,	/* neither the series' nor the stock events */
	LRU_ERR_NOMEM = -4,
	LRU_ERR_LOAD = -5,		/* the verifier or map creation refused */
	LRU_ERR_ATTACH = -6,
	LRU_ERR_INVAL = -7,		/* bad argument, or call out of order */
	LRU_ERR_IO = -8,		/* reading a map or the ring buffer failed */
	LRU_ERR_NO_CGROUP = -9,		/* memcg path is not a cgroup v2 directory */
	LRU_ERR_DISABLED = -10,		/* SPLITLRU_NO_BPF is set */
	LRU_ERR_NO_SOURCE = -11,	/* the kernel cannot give the forced source */
};

const char *lru_strerror(int err);

/* ---- feature probing (before open; reads BTF and sysfs only) ---- */

enum lru_feature {
	LRU_FEAT_BTF = 1 << 0,		/* /sys/kernel/btf/vmlinux is readable */
	LRU_FEAT_SHRINK = 1 << 1,	/* vmscan:mm_vmscan_lru_shrink */
	LRU_FEAT_BALANCE = 1 << 2,	/* vmscan:mm_vmscan_scan_balance */
	LRU_FEAT_MOVE = 1 << 3,		/* pagemap:mm_lru_move */
	LRU_FEAT_STOCK = 1 << 4,	/* lru_isolate + lru_shrink_inactive/_active */
	LRU_FEAT_DIRECT_LAT = 1 << 5,	/* direct_reclaim_begin/_end */
	LRU_FEAT_MEMCG_LAT = 1 << 6,	/* memcg_reclaim_begin/_end */
	LRU_FEAT_MGLRU_ON = 1 << 7,	/* MGLRU enabled: classic lists bypassed */
	LRU_FEAT_PRIVILEGED = 1 << 8,	/* this process may load BPF programs */
	LRU_FEAT_FENTRY = 1 << 9,	/* fentry/fexit on the stock reclaim functions */
	LRU_FEAT_STOCK_KPROBE = 1 << 10, /* kprobes on them (kallsyms names) */
	LRU_FEAT_MGLRU_FN = 1 << 11,	/* evict_folios & co. can be probed */
	LRU_FEAT_GEN_EVENTS = 1 << 12,	/* the series' mm_vmscan_lru_gen_* (0006) */
};

/*
 * enum lru_source, its names and the table of what each source cannot
 * give: sl_limits.h (lib/), shared with the tools' proc-only mode.
 */

struct lru_features {
	unsigned flags;			/* enum lru_feature bits */
};

/*
 * Fill *f.  Returns LRU_OK, or LRU_ERR_NO_BTF when the kernel's BTF is
 * missing (then only LRU_FEAT_MGLRU_ON and LRU_FEAT_PRIVILEGED are valid).
 */
int lru_probe(struct lru_features *f);
/*
 * The source lru_tracer_open would pick for these features:
 * LRU_SOURCE_PROC_ONLY when no BPF source is usable (no BTF, no privilege,
 * no event or function to attach to).
 */
enum lru_source lru_probe_source(const struct lru_features *f);

/* ---- the tracer ---- */

struct lru_tracer;

/* Called for each streamed event; a nonzero return stops lru_tracer_poll. */
typedef int (*lru_event_fn)(void *ctx, const struct lru_event *event);

struct lru_tracer_opts {
	bool force_fallback;	/* use the stock events even with the series
				 * (the same as force_source stock-tracepoints) */
	bool verbose;		/* let libbpf print to stderr */
	lru_event_fn on_event;	/* non-NULL: stream individual events */
	void *ctx;		/* passed to on_event */
	uint32_t stream_types;	/* bits (1 << LRU_EV_*) to stream; 0: all.
				 * A type left out costs no ring buffer room. */
	size_t ringbuf_bytes;	/* 0: 1 MiB; rounded up to a power of two */
	/*
	 * No histograms: the per-shrink priority and reclaimed histograms
	 * are not kept, and on the series source the reclaim latency
	 * programs (direct/memcg begin and end) are not loaded.  Two map
	 * updates fewer per shrink, and two hash updates fewer per reclaim
	 * entry, for callers that never read snapshot.hists.
	 */
	bool no_hists;
	/* Filters, applied in the kernel to the stream and the aggregates. */
	int nid;		/* -1: every node */
	bool memcg_filter;	/* count only memcg_id below */
	uint64_t memcg_id;	/* cgroup id (lru_memcg_id_from_path) */
	uint32_t lru_mask;	/* bits of enum sl_lru; 0: all */
	uint32_t reason_mask;	/* bits of enum sl_shrink_reason; 0: all */
	uint32_t move_mask;	/* bits of enum sl_move_reason; 0: all */
	uint32_t reclaimer_mask; /* bits of enum sl_reclaimer; 0: all */
	/*
	 * LRU_SOURCE_AUTO: the richest the kernel has.  Another: that one, or
	 * LRU_ERR_NO_SOURCE.  Two tracers in one process may use different
	 * sources at once (each has its own maps): the series and
	 * stock-fentry side by side on the patched kernel.
	 */
	enum lru_source force_source;
	/*
	 * Keep the load's peak RSS low (splitlrutop): CO-RE against the
	 * minimal BTF made for this kernel and these programs by bpf/min-btf
	 * (in lru_min_btf_dir()), and the series' events as raw tracepoints,
	 * which need no kernel BTF to attach, so the kernel's whole BTF is
	 * never parsed.  Where no minimal BTF matches, or a program attaches
	 * by BTF id (fentry: stock-fentry, MGLRU without the series' events),
	 * the kernel's BTF is read after all, and lru_tracer_btf_note() says
	 * why; but in a short-lived loader process (a fork), which loads and
	 * attaches, hands the maps', programs' and links' fds back and exits,
	 * so that this process's peak RSS stays as low.  Then
	 * lru_tracer_load attaches too (events count from there), and
	 * lru_tracer_attach returns what the attach in that process did.
	 * The figures are the same either way.
	 */
	bool low_memory;
};

/* Options with every filter off. */
void lru_tracer_opts_init(struct lru_tracer_opts *opts);

/*
 * Probe, choose the programs for this kernel and open them.  NULL on
 * failure with *err set (LRU_ERR_NO_BTF, LRU_ERR_NO_TRACEPOINT, ...).
 */
struct lru_tracer *lru_tracer_open(const struct lru_tracer_opts *opts, int *err);
int lru_tracer_load(struct lru_tracer *t);
int lru_tracer_attach(struct lru_tracer *t);
/* Detach every program (the maps stay readable).  Idempotent. */
void lru_tracer_detach(struct lru_tracer *t);
/* Detach, unload, free.  NULL is fine. */
void lru_tracer_destroy(struct lru_tracer *t);

enum lru_mode {
	LRU_MODE_FULL,
	LRU_MODE_FALLBACK,
};

enum lru_mode lru_tracer_mode(const struct lru_tracer *t);
/* The tracer's source: series, stock-fentry or stock-tracepoints. */
enum lru_source lru_tracer_source(const struct lru_tracer *t);
/* enum lru_feature bits the tracer found (lru_probe's, at open). */
unsigned lru_tracer_features(const struct lru_tracer *t);
/*
 * What this tracer cannot give, as bits (1 << enum sl_limit): its
 * source's (lru_source_cannot), plus what this kernel takes away (a
 * series without some of its events, kprobes for fentry, MGLRU on).
 */
uint32_t lru_tracer_cannot(const struct lru_tracer *t);
/*
 * The same as one line (sl_limits_text), e.g. stock-fentry: "decision
 * reconstructed from get_scan_count()'s inputs; no shrink reason on
 * active lists; ...", or "" when it gives everything.  Owned by the tracer.
 */
const char *lru_tracer_limits(const struct lru_tracer *t);

/*
 * The minimal BTF the programs were relocated against (opts.low_memory),
 * or NULL: the kernel's own.
 */
const char *lru_tracer_btf(const struct lru_tracer *t);
/*
 * Under opts.low_memory, why the kernel's whole BTF is read after all, in
 * one line for the tool to print ("" when it is not, or without
 * low_memory).  After lru_tracer_load it ends ", in a short-lived loader
 * process (peak RSS N kB)": that process's own peak.  Owned by the tracer.
 */
const char *lru_tracer_btf_note(const struct lru_tracer *t);
/*
 * The name bpf/min-btf gives the minimal BTF of the kernel BTF at
 * kernel_btf (raw, or a vmlinux ELF) for the programs built into this
 * library: "<hash of the BTF>-<hash of the programs>" (kernel_btf.h), in
 * key[len >= 34].  LRU_OK, LRU_ERR_NO_BTF when it cannot be read.
 */
int lru_min_btf_key(const char *kernel_btf, char *key, size_t len);
/* Where minimal BTFs are looked for: $SPLITLRU_MIN_BTF_DIR, else the build's. */
const char *lru_min_btf_dir(void);

/* ---- aggregates ---- */

/* struct lru_snapshot and its arithmetic: sl_snapshot.h (lib/). */
/* Read every map into *s (its arrays are reused). */
int lru_tracer_snapshot(struct lru_tracer *t, struct lru_snapshot *s);

/* ---- MGLRU aggregates (stock.bpf.c; empty unless its programs ran) ---- */

/* struct lru_mglru_snapshot and its arithmetic: sl_mglru.h (lib/). */
/* Read the MGLRU maps into *s (empty when its programs are not loaded). */
int lru_tracer_mglru_snapshot(struct lru_tracer *t, struct lru_mglru_snapshot *s);

/*
 * Map reads: in batches (BPF_MAP_LOOKUP_BATCH, a few bpf() calls per map)
 * where the kernel has them, else entry by entry (two per entry).  On by
 * default (SPLITLRU_MAP_READS=walk in the environment turns it off at
 * open, for make bench's side-by-side figure); off makes every read walk,
 * so that a test can read the same frozen maps both ways.  lru_tracer_batched(): whether every map of the
 * last snapshot (lru_tracer_snapshot or _mglru_snapshot) came in batches.
 */
void lru_tracer_set_batch_reads(struct lru_tracer *t, bool on);
bool lru_tracer_batched(const struct lru_tracer *t);

/* Whether the tracer runs the MGLRU programs. */
bool lru_tracer_has_mglru(const struct lru_tracer *t);

/* ---- the event stream ---- */

/*
 * Wait up to timeout_ms for events and hand each to opts.on_event.  Returns
 * the number handled (0 on timeout or EINTR), or a negative lru_error.
 */
int lru_tracer_poll(struct lru_tracer *t, int timeout_ms);
/* Events lost so far because the ring buffer was full. */
uint64_t lru_tracer_drops(struct lru_tracer *t);

/* ---- self-overhead (bpf_stats) ---- */

struct lru_self_stats {
	uint64_t run_cnt;	/* program runs, all programs */
	uint64_t run_time_ns;	/* time spent in them */
};

/*
 * Turn on the kernel's BPF run-time accounting for as long as the tracer
 * lives (BPF_ENABLE_STATS; the same as kernel.bpf_stats_enabled=1).
 */
int lru_tracer_enable_stats(struct lru_tracer *t);
int lru_tracer_self_stats(struct lru_tracer *t, struct lru_self_stats *s);

/* One loaded program's share (bpf_stats), for per-event costs. */
struct lru_prog_stat {
	char name[64];		/* the program's name, e.g. x_isolate_lru_folios */
	char attach[64];	/* its section: fexit/isolate_lru_folios */
	uint64_t run_cnt;
	uint64_t run_time_ns;
};

/*
 * Fill up to max entries of out, one per loaded program.  Returns how many
 * programs are loaded (may exceed max), or a negative lru_error.
 */
int lru_tracer_prog_stats(struct lru_tracer *t, struct lru_prog_stat *out, size_t max);

/* ---- helpers ---- */

/*
 * The cgroup id of a cgroup v2 directory, PATH resolved as every tool does
 * (sl_cgroup.h: an absolute path on cgroup2 as given, anything else below
 * the cgroup2 mount, so "/work" and "work" both mean /sys/fs/cgroup/work
 * when /work is not a cgroup).  The root cgroup is id 1.
 */
int lru_memcg_id_from_path(const char *path, uint64_t *id);

#ifdef __cplusplus
}
#endif

#endif /* LRU_LOADER_H */
