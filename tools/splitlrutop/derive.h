/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * derive.h: one interval's frame, computed from two samples.
 *
 * A frame is all the display units, batch text and JSON read.  It is a pure
 * function of (previous sample, current sample, view, history), so a
 * replayed recording derives the same frames as the live run did.
 */
#ifndef SPLITLRUTOP_DERIVE_H
#define SPLITLRUTOP_DERIVE_H

#include "model.h"

/* Table columns, in display order; also the sort keys. */
enum sl_col {
	SL_COL_SCANNED,
	SL_COL_RECLAIMED,
	SL_COL_ROTATED,
	SL_COL_ACTIVATED,
	SL_COL_DEACTIVATED,
	SL_COL_NR_COUNTS,
	SL_COL_EFFICIENCY = SL_COL_NR_COUNTS,	/* reclaimed / scanned */
	SL_COL_NR,
};
extern const char *const sl_col_names[SL_COL_NR];

/* One row of the per-list or memcg table. */
struct sl_row {
	char name[SL_MEMCG_PATH];
	uint64_t delta[SL_COL_NR_COUNTS];	/* SL_MISSING: unknown */
	double per_s[SL_COL_NR_COUNTS];		/* NAN: unknown */
	double efficiency;			/* NAN: unknown or nothing scanned */
	double kswapd_share;			/* of scanned; NAN: unknown */
	uint64_t anon_kb, file_kb;		/* memcg rows; SL_MISSING */
};

/*
 * A node under MGLRU: its generations (from the sample's lru_gen lruvecs)
 * and the interval's per-type eviction figures.  on is false while MGLRU
 * is off, and nothing else is then set.
 */
struct sl_gen_frame {
	bool on;
	enum sl_lru_gen_state state;	/* OK: lruvecs below; else why not */
	/* The node's lruvecs, its own (root memcg, or no memcg) first. */
	int nr_lruvecs;
	const struct sl_lruvec_gens *lruvecs[SL_MAX_LRUVECS];
	bool has_root;			/* lruvecs[0] is the node's own */
	uint64_t pages[SL_GEN_TYPES];	/* over all its lruvecs; SL_MISSING */
	/* The interval, per type: BPF's counts, else /proc/vmstat's. */
	enum sl_source rates_src;	/* BPF, VMSTAT(_SYSTEM) or NONE */
	uint64_t scanned[SL_GEN_TYPES], reclaimed[SL_GEN_TYPES];	/* SL_MISSING */
	uint64_t evictions[SL_GEN_TYPES];	/* evict_folios() runs; BPF only */
	double scanned_per_s[SL_GEN_TYPES], reclaimed_per_s[SL_GEN_TYPES];
	double evictions_per_s[SL_GEN_TYPES];	/* NAN: unknown */
	double efficiency[SL_GEN_TYPES];	/* sl_efficiency; NAN */
	double aging_per_s;		/* new generations per second; NAN */
	/*
	 * The type isolate_folios() chose for most of the interval's
	 * evictions, and the swappiness most of them ran with; -1: none in
	 * the interval, or no BPF.
	 */
	int evicting;			/* enum sl_gen_type */
	int evicting_swappiness;
};

struct sl_node_frame {
	int nid;
	const struct sl_node_sample *sample;	/* sizes (mem[]) and inputs */
	int decided_anon_pm;		/* -1: unknown */
	enum sl_source decided_src;
	int target_anon_pm;		/* of the scan targets; -1: unknown */
	enum sl_source target_src;
	int scanned_anon_pm;		/* -1: unknown or nothing scanned */
	enum sl_source scanned_src;
	uint64_t scanned_anon, scanned_file;	/* this interval; SL_MISSING */
	uint64_t decision_age_ms;	/* SL_MISSING without a decision */
	/* The inputs behind the decision, from the event or zoneinfo. */
	uint64_t anon_cost, file_cost, rotated_anon, rotated_file;
	uint64_t anon_pages, file_pages;	/* from the event; SL_MISSING */
	/* History of the anon share, oldest first; -1 for a gap. */
	int nr_history;
	short decided_history[SL_HISTORY];
	short scanned_history[SL_HISTORY];
	struct sl_gen_frame gen;	/* MGLRU */
};

/* What the user chose to look at; the units and derive read it. */
struct sl_view {
	int node;		/* -1: all nodes */
	enum sl_col sort;
	bool memcg;		/* memcg table instead of the per-list one */
	bool help;
	bool paused;
	bool tight;		/* the terminal is too small to draw */
};

struct sl_history {
	int nr_nodes;
	int nids[SL_MAX_NODES];
	int len[SL_MAX_NODES];
	short decided[SL_MAX_NODES][SL_HISTORY];
	short scanned[SL_MAX_NODES][SL_HISTORY];
};

struct sl_frame {
	const struct sl_sample *cur, *prev;	/* prev NULL: no interval yet */
	double interval_s;		/* 0 without prev */
	double self_cpu_pct;		/* NAN: unknown */
	double events_per_s;		/* NAN: unknown */
	int nr_nodes;
	struct sl_node_frame nodes[SL_MAX_NODES];
	/* Per-list table for the viewed node(s): four lists, then "all". */
	enum sl_source lists_src;		/* BPF or VMSTAT */
	int nr_lists;
	struct sl_row lists[SL_NR_LISTS + 1];
	int nr_memcgs;
	struct sl_row memcgs[SL_MAX_MEMCGS];	/* sorted by view->sort */
};

void sl_history_init(struct sl_history *h);
/* Append cur's shares (interval prev..cur): once per new sample. */
void sl_history_add(struct sl_history *h, const struct sl_sample *prev,
		    const struct sl_sample *cur);
/*
 * Derive the frame of the interval prev..cur (prev NULL: sizes only).  The
 * frame points into cur and prev, which must outlive it; hist may be NULL.
 * Deriving again after a key press changes nothing but the frame.
 */
void sl_derive(struct sl_frame *f, const struct sl_sample *prev,
	       const struct sl_sample *cur, const struct sl_view *view,
	       const struct sl_history *hist);

/*
 * The MGLRU part of node nid's frame over prev..cur (prev NULL: the
 * generations only) (derive_gen.c).
 */
void sl_derive_gen(struct sl_gen_frame *g, int nid, const struct sl_sample *prev,
		   const struct sl_sample *cur);

/* The decided anon share of one node (sl_decided_anon_pm on its sample). */
int sl_node_decided_anon_pm(const struct sl_node_sample *n, enum sl_source *src);
/* The anon share of its scan targets (sl_target_anon_pm on its sample). */
int sl_node_target_anon_pm(const struct sl_node_sample *n, enum sl_source *src);

#endif /* SPLITLRUTOP_DERIVE_H */
