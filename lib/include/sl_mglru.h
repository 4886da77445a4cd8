/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sl_mglru.h: MGLRU's aggregates at one moment (stock.bpf.c's per-type
 * evictions and aging; the loader's lru_tracer_mglru_snapshot fills them)
 * and the arithmetic on them.  Needs no kernel and no libbpf, like
 * sl_snapshot.h, so the tools' reports and their unit tests use it as is.
 */
#ifndef SL_MGLRU_H
#define SL_MGLRU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lru_events.h"

#ifdef __cplusplus
extern "C" {
#endif

struct lru_mglru_stat {
	struct lru_mglru_key key;
	struct lru_mglru_counts counts;	/* summed over CPUs */
};

struct lru_mglru_aging_stat {
	struct lru_balance_key key;	/* nid, memcg_id */
	struct lru_mglru_aging aging;	/* counts summed, seqs the largest */
};

/*
 * MGLRU's per-type evictions (scanned == pgscan_*, reclaimed ==
 * pgsteal_* of that type) and aging, at one moment.  Arrays sorted by
 * (nid, memcg_id, type, reclaimer, swappiness) and (nid, memcg_id).
 */
struct lru_mglru_snapshot {
	uint64_t ts_ns;			/* CLOCK_MONOTONIC when taken */
	struct lru_mglru_stat *mglru;
	size_t nr_mglru;
	struct lru_mglru_aging_stat *aging;
	size_t nr_aging;
	size_t cap_mglru, cap_aging;	/* private */
};

void lru_mglru_snapshot_init(struct lru_mglru_snapshot *s);
void lru_mglru_snapshot_free(struct lru_mglru_snapshot *s);
/* *out = now - then (aging's max_seq/min_seq: now's); as lru_snapshot_delta. */
int lru_mglru_snapshot_delta(const struct lru_mglru_snapshot *now,
			     const struct lru_mglru_snapshot *then,
			     struct lru_mglru_snapshot *out);
/*
 * *s's counts per (nid, memcg_id, type), summed over reclaimers and
 * swappiness, and over memcgs (memcg_id 0) unless per_memcg; sorted.
 * *out is malloc'd (NULL when *nr is 0): free() it.  LRU_OK or
 * LRU_ERR_NOMEM.
 */
int lru_mglru_by_type(const struct lru_mglru_snapshot *s, bool per_memcg,
		      struct lru_mglru_stat **out, size_t *nr);

/* The arrays' sort orders (qsort comparators), for the loader. */
int lru_mglru_cmp_key(const void *a, const void *b);
int lru_mglru_cmp_aging(const void *a, const void *b);

#ifdef __cplusplus
}
#endif

#endif /* SL_MGLRU_H */
