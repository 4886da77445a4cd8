// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * mglru.c: memory and arithmetic of struct lru_mglru_snapshot (per-type
 * evictions and aging, from stock.bpf.c; sl_mglru.h).  Needs no kernel.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "lru_loader.h"	/* enum lru_error */
#include "sl_mglru.h"
#include "sl_snapshot.h"

void lru_mglru_snapshot_init(struct lru_mglru_snapshot *s)
{
	memset(s, 0, sizeof(*s));
}

int lru_mglru_cmp_key(const void *a, const void *b)
{
	const struct lru_mglru_key *x = a, *y = b;

	if (x->nid != y->nid)
		return x->nid < y->nid ? -1 : 1;
	if (x->memcg_id != y->memcg_id)
		return x->memcg_id < y->memcg_id ? -1 : 1;
	if (x->type != y->type)
		return x->type - y->type;
	if (x->reclaimer != y->reclaimer)
		return x->reclaimer - y->reclaimer;
	return x->swappiness - y->swappiness;
}

int lru_mglru_cmp_aging(const void *a, const void *b)
{
	const struct lru_balance_key *x = a, *y = b;

	if (x->nid != y->nid)
		return x->nid < y->nid ? -1 : 1;
	if (x->memcg_id != y->memcg_id)
		return x->memcg_id < y->memcg_id ? -1 : 1;
	return 0;
}

void lru_mglru_snapshot_free(struct lru_mglru_snapshot *s)
{
	free(s->mglru);
	free(s->aging);
	lru_mglru_snapshot_init(s);
}

/* the keys lead their structs: the sorted-delta compares whole entries */
_Static_assert(offsetof(struct lru_mglru_stat, key) == 0, "key first");
_Static_assert(offsetof(struct lru_mglru_aging_stat, key) == 0, "key first");

static void sub_evictions(void *to, const void *from, const void *ctx)
{
	struct lru_mglru_counts *o = &((struct lru_mglru_stat *)to)->counts;
	const struct lru_mglru_counts *b = &((const struct lru_mglru_stat *)from)->counts;

	(void)ctx;
	o->evictions -= b->evictions;
	o->scanned -= b->scanned;
	o->reclaimed -= b->reclaimed;
	o->visited -= b->visited;
}

static void sub_aging(void *to, const void *from, const void *ctx)
{
	struct lru_mglru_aging *o = &((struct lru_mglru_aging_stat *)to)->aging;
	const struct lru_mglru_aging *b = &((const struct lru_mglru_aging_stat *)from)->aging;

	(void)ctx;
	o->attempts -= b->attempts;
	o->increments -= b->increments;
	o->forced -= b->forced;
	/* max_seq and min_seq are states: now's */
}

int lru_mglru_snapshot_delta(const struct lru_mglru_snapshot *now,
			     const struct lru_mglru_snapshot *then,
			     struct lru_mglru_snapshot *out)
{
	if (!now || !then || !out || out == now || out == then)
		return LRU_ERR_INVAL;
	out->ts_ns = now->ts_ns;
	if (lru_snapshot_grow((void **)&out->mglru, &out->cap_mglru, now->nr_mglru,
				sizeof(*out->mglru)) ||
	    lru_snapshot_grow((void **)&out->aging, &out->cap_aging, now->nr_aging,
				sizeof(*out->aging)))
		return LRU_ERR_NOMEM;
	if (now->nr_mglru)
		memcpy(out->mglru, now->mglru, now->nr_mglru * sizeof(*out->mglru));
	if (now->nr_aging)
		memcpy(out->aging, now->aging, now->nr_aging * sizeof(*out->aging));
	out->nr_mglru = now->nr_mglru;
	out->nr_aging = now->nr_aging;
	lru_sorted_delta(out->mglru, out->nr_mglru, then->mglru, then->nr_mglru,
			 sizeof(*out->mglru), lru_mglru_cmp_key, sub_evictions, NULL);
	lru_sorted_delta(out->aging, out->nr_aging, then->aging, then->nr_aging,
			 sizeof(*out->aging), lru_mglru_cmp_aging, sub_aging, NULL);
	return LRU_OK;
}

/*
 * Sums over reclaimers and swappiness (and memcgs unless per_memcg): the
 * array is sorted by (nid, memcg_id, type, ...), so each group is a run,
 * except across memcgs, which a search for the (nid, 0, type) entry joins.
 */
static struct lru_mglru_stat *type_total(struct lru_mglru_stat *out, size_t n,
					 const struct lru_mglru_key *k)
{
	for (size_t i = n; i-- > 0;)
		if (out[i].key.nid == k->nid && out[i].key.memcg_id == k->memcg_id &&
		    out[i].key.type == k->type)
			return &out[i];
	return NULL;
}

int lru_mglru_by_type(const struct lru_mglru_snapshot *s, bool per_memcg,
		      struct lru_mglru_stat **out, size_t *nr)
{
	struct lru_mglru_stat *t = NULL;
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < s->nr_mglru; i++) {
		struct lru_mglru_key k = {
			.nid = s->mglru[i].key.nid,
			.memcg_id = per_memcg ? s->mglru[i].key.memcg_id : 0,
			.type = s->mglru[i].key.type,
		};
		const struct lru_mglru_counts *c = &s->mglru[i].counts;
		struct lru_mglru_stat *to = type_total(t, n, &k);

		if (!to) {
			if (lru_snapshot_grow((void **)&t, &cap, n + 1, sizeof(*t))) {
				free(t);
				return LRU_ERR_NOMEM;
			}
			to = &t[n++];
			memset(to, 0, sizeof(*to));
			to->key = k;
		}
		to->counts.evictions += c->evictions;
		to->counts.scanned += c->scanned;
		to->counts.reclaimed += c->reclaimed;
		to->counts.visited += c->visited;
	}
	if (n)
		qsort(t, n, sizeof(*t), lru_mglru_cmp_key);
	*out = t;
	*nr = n;
	return LRU_OK;
}
