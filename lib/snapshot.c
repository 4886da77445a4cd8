// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * snapshot.c: struct lru_snapshot's memory and arithmetic.  Kept apart
 * from loader.c because it needs no kernel: the unit tests link it alone.
 */
#include <stdlib.h>
#include <string.h>
#include "lru_loader.h"
#include "snapshot.h"

void lru_snapshot_init(struct lru_snapshot *s)
{
	memset(s, 0, sizeof(*s));
}

void lru_snapshot_free(struct lru_snapshot *s)
{
	free(s->lists);
	free(s->balance);
	free(s->moves);
	lru_snapshot_init(s);
}

int snapshot_grow(void **arr, size_t *cap, size_t need, size_t elem)
{
	size_t n = *cap ? *cap : 64;
	void *p;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	p = realloc(*arr, n * elem);
	if (!p)
		return -1;
	*arr = p;
	*cap = n;
	return 0;
}

int snapshot_cmp_list_key(const void *a, const void *b)
{
	const struct lru_list_key *x = a, *y = b;

	if (x->nid != y->nid)
		return x->nid < y->nid ? -1 : 1;
	if (x->memcg_id != y->memcg_id)
		return x->memcg_id < y->memcg_id ? -1 : 1;
	if (x->lru != y->lru)
		return x->lru - y->lru;
	return x->reclaimer - y->reclaimer;
}

int snapshot_cmp_balance(const void *a, const void *b)
{
	const struct lru_balance *x = a, *y = b;

	if (x->nid != y->nid)
		return x->nid < y->nid ? -1 : 1;
	if (x->memcg_id != y->memcg_id)
		return x->memcg_id < y->memcg_id ? -1 : 1;
	return 0;
}

int snapshot_cmp_move_key(const void *a, const void *b)
{
	const struct lru_move_key *x = a, *y = b;

	if (x->nid != y->nid)
		return x->nid < y->nid ? -1 : 1;
	if (x->memcg_id != y->memcg_id)
		return x->memcg_id < y->memcg_id ? -1 : 1;
	if (x->from_lru != y->from_lru)
		return x->from_lru - y->from_lru;
	if (x->to_lru != y->to_lru)
		return x->to_lru - y->to_lru;
	return x->reason - y->reason;
}

int lru_snapshot_delta(const struct lru_snapshot *now,
		       const struct lru_snapshot *then,
		       struct lru_snapshot *out)
{
	size_t i, j, k;

	if (!now || !then || !out || out == now || out == then)
		return LRU_ERR_INVAL;
	out->ts_ns = now->ts_ns;
	if (snapshot_grow((void **)&out->lists, &out->cap_lists, now->nr_lists,
		 sizeof(*out->lists)) ||
	    snapshot_grow((void **)&out->moves, &out->cap_moves, now->nr_moves,
		 sizeof(*out->moves)) ||
	    snapshot_grow((void **)&out->balance, &out->cap_balance, now->nr_balance,
		 sizeof(*out->balance)))
		return LRU_ERR_NOMEM;

	/* both arrays are sorted: walk them together */
	for (i = j = 0; i < now->nr_lists; i++) {
		__u64 *o = (__u64 *)&out->lists[i].counts;
		const __u64 *a = (const __u64 *)&now->lists[i].counts;

		out->lists[i] = now->lists[i];
		while (j < then->nr_lists &&
		       snapshot_cmp_list_key(&then->lists[j].key, &now->lists[i].key) < 0)
			j++;
		if (j < then->nr_lists &&
		    snapshot_cmp_list_key(&then->lists[j].key, &now->lists[i].key) == 0) {
			const __u64 *b = (const __u64 *)&then->lists[j].counts;

			for (k = 0; k < sizeof(struct lru_list_counts) / sizeof(__u64); k++)
				o[k] = a[k] - b[k];
		}
	}
	out->nr_lists = now->nr_lists;

	for (i = j = 0; i < now->nr_moves; i++) {
		out->moves[i] = now->moves[i];
		while (j < then->nr_moves &&
		       snapshot_cmp_move_key(&then->moves[j].key, &now->moves[i].key) < 0)
			j++;
		if (j < then->nr_moves &&
		    snapshot_cmp_move_key(&then->moves[j].key, &now->moves[i].key) == 0) {
			out->moves[i].counts.moves -= then->moves[j].counts.moves;
			out->moves[i].counts.pages -= then->moves[j].counts.pages;
		}
	}
	out->nr_moves = now->nr_moves;

	memcpy(out->balance, now->balance, now->nr_balance * sizeof(*now->balance));
	out->nr_balance = now->nr_balance;

	for (i = 0; i < LRU_HIST_NR; i++)
		for (k = 0; k < LRU_HIST_SLOTS; k++)
			out->hists[i].slots[k] = now->hists[i].slots[k] -
						 then->hists[i].slots[k];
	for (i = 0; i < LRU_CNT_NR; i++)
		out->counters[i] = now->counters[i] - then->counters[i];
	return LRU_OK;
}

