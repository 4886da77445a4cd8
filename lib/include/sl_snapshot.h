/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sl_snapshot.h: what the BPF side aggregated at one moment, and the
 * arithmetic on it.  The loader (bpf/, lru_tracer_snapshot) fills a
 * snapshot; everything else here needs no kernel and no libbpf, so the
 * tools' unit tests and replays use it as is.
 */
#ifndef SL_SNAPSHOT_H
#define SL_SNAPSHOT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "lru_events.h"

#ifdef __cplusplus
extern "C" {
#endif

struct lru_list_stat {
	struct lru_list_key key;
	struct lru_list_counts counts;	/* summed over CPUs */
};

struct lru_move_stat {
	struct lru_move_key key;
	struct lru_move_counts counts;	/* summed over CPUs */
};

/*
 * Everything the kernel side aggregated, at one moment.  The counters grow
 * monotonically from attach; lru_snapshot_delta turns two snapshots into an
 * interval.  Arrays are sorted by key (nid, memcg_id, lru or list pair,
 * reclaimer/reason) and owned by the snapshot.
 */
struct lru_snapshot {
	uint64_t ts_ns;			/* CLOCK_MONOTONIC when taken */
	struct lru_list_stat *lists;
	size_t nr_lists;
	struct lru_balance *balance;	/* latest decision per (nid, memcg_id) */
	size_t nr_balance;
	struct lru_move_stat *moves;
	size_t nr_moves;
	struct lru_hist hists[LRU_HIST_NR];
	uint64_t counters[LRU_CNT_NR];	/* enum lru_counter_id */
	size_t cap_lists, cap_balance, cap_moves; /* private */
};

void lru_snapshot_init(struct lru_snapshot *s);
void lru_snapshot_free(struct lru_snapshot *s);
/*
 * *out = now - then for counts, histograms and counters (keys missing in
 * then count from zero); out's balance is now's.  out must be initialised
 * and differ from now and then.  0, or a negative enum lru_error.
 */
int lru_snapshot_delta(const struct lru_snapshot *now,
		       const struct lru_snapshot *then,
		       struct lru_snapshot *out);

/* Append one entry (the arrays grow as needed); -1 when out of memory. */
int lru_snapshot_add_list(struct lru_snapshot *s, const struct lru_list_stat *l);
int lru_snapshot_add_move(struct lru_snapshot *s, const struct lru_move_stat *m);
int lru_snapshot_add_balance(struct lru_snapshot *s, const struct lru_balance *b);
/* Sort the arrays into their documented order (after adding). */
void lru_snapshot_sort(struct lru_snapshot *s);

/*
 * A snapshot as text, for fixtures and captures: one record a line, its
 * keys those of the field tables (sl_fields.h), between "snapshot" and
 * "end" lines:
 *
 *	snapshot ts_ns=12000000000
 *	list nid=0 memcg_id=1 lru=inactive_file reclaimer=kswapd scanned=...
 *	balance nid=0 memcg_id=1 priority=12 policy=cost ...
 *	move nid=0 memcg_id=1 from_lru=... moves=... pages=...
 *	counters shrink=... balance=... move=... rb_drops=...
 *	end
 *
 * Histograms are not written.  Keys a reader does not know are skipped.
 */
int lru_snapshot_write(FILE *out, const struct lru_snapshot *s);
/*
 * Read the next snapshot into *s (initialised; its arrays are reused).
 * 0, 1 at the end of the file, or -1 with err set ("LINE: why").
 */
int lru_snapshot_read(FILE *in, struct lru_snapshot *s, unsigned *line,
		      char *err, size_t errlen);

struct json_object;
/*
 * One array of the snapshot ("list", "balance" or "move", as in the text
 * form) as a json-c array of objects, their keys those of the field
 * tables; NULL for another tag.  The caller owns it.
 */
struct json_object *lru_snapshot_to_json(const struct lru_snapshot *s, const char *tag);

/* Grow *arr (of elem-sized items, capacity *cap) to hold need items. */
int lru_snapshot_grow(void **arr, size_t *cap, size_t need, size_t elem);
/*
 * An interval of two arrays sorted by cmp: out (n items, a copy of now's)
 * gets sub(out item, then's item of the same key, ctx) for every key that
 * then (m items) has too; a key new since then keeps now's counts.
 */
void lru_sorted_delta(void *out, size_t n, const void *then, size_t m, size_t size,
		      int (*cmp)(const void *, const void *),
		      void (*sub)(void *to, const void *from, const void *ctx),
		      const void *ctx);
/* Sort orders of the snapshot arrays: nid, memcg_id, then the rest. */
int lru_snapshot_cmp_list_key(const void *a, const void *b);
int lru_snapshot_cmp_balance(const void *a, const void *b);
int lru_snapshot_cmp_move_key(const void *a, const void *b);

#ifdef __cplusplus
}
#endif

#endif /* SL_SNAPSHOT_H */
