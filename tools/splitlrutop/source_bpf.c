// SPDX-License-Identifier: GPL-2.0-only
/*
 * source_bpf.c: the BPF half of the sampler, and the only file of
 * splitlrutop that knows the loader library (bpf/include/lru_loader.h).
 * It holds no BPF code: the loader attaches the programs, and this file
 * turns its snapshots into the model.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sampler.h"

#include "lru_loader.h"
#include "sl_fields.h"

struct sl_bpf_source {
	struct lru_tracer *tracer;
	struct lru_snapshot snap;
	bool fallback;
};

static enum sl_who who_of(unsigned reclaimer)
{
	switch (reclaimer) {
	case SL_RECLAIMER_KSWAPD: return SL_WHO_KSWAPD;
	case SL_RECLAIMER_DIRECT:
	case SL_RECLAIMER_MEMCG: return SL_WHO_DIRECT;
	default: return SL_WHO_OTHER;
	}
}

struct sl_bpf_source *sl_bpf_open(bool force_fallback, enum sl_bpf_reason *reason,
				  char *detail, size_t detaillen)
{
	struct lru_tracer_opts opts;
	struct lru_features feat;
	struct sl_bpf_source *b;
	int err = 0;

	detail[0] = '\0';
	if (lru_probe(&feat) == LRU_ERR_NO_BTF) {
		*reason = SL_BPF_NO_BTF;
		snprintf(detail, detaillen, "%s", lru_strerror(LRU_ERR_NO_BTF));
		return NULL;
	}
	if (!(feat.flags & LRU_FEAT_PRIVILEGED)) {
		*reason = SL_BPF_NOT_ROOT;
		snprintf(detail, detaillen, "%s", lru_strerror(LRU_ERR_PERM));
		return NULL;
	}
	b = calloc(1, sizeof(*b));
	if (!b) {
		*reason = SL_BPF_LOAD_FAILED;
		snprintf(detail, detaillen, "out of memory");
		return NULL;
	}
	lru_tracer_opts_init(&opts);
	opts.force_fallback = force_fallback;
	b->tracer = lru_tracer_open(&opts, &err);
	if (b->tracer) {
		err = lru_tracer_load(b->tracer);
		if (!err)
			err = lru_tracer_attach(b->tracer);
	}
	if (!b->tracer || err) {
		*reason = err == LRU_ERR_PERM ? SL_BPF_NOT_ROOT
			: err == LRU_ERR_NO_BTF ? SL_BPF_NO_BTF : SL_BPF_LOAD_FAILED;
		snprintf(detail, detaillen, "%s", lru_strerror(err));
		lru_tracer_destroy(b->tracer);
		free(b);
		return NULL;
	}
	lru_snapshot_init(&b->snap);
	b->fallback = lru_tracer_mode(b->tracer) == LRU_MODE_FALLBACK;
	snprintf(detail, detaillen, "%s", lru_tracer_limits(b->tracer));
	*reason = SL_BPF_ON;
	return b;
}

/* c += k, every field of the list counts; a missing slot starts at zero. */
static void counts_add(sl_counts *c, const struct lru_list_counts *k)
{
	const struct sl_record *r = &sl_list_counts_record;

	for (size_t i = 0; i < r->nr_fields; i++) {
		uint64_t v = sl_field_get(&r->fields[i], c, 0);

		sl_field_set(&r->fields[i], c, 0,
			     (v == SL_MISSING ? 0 : v) + sl_field_get(&r->fields[i], k, 0));
	}
}

static void counts_zero(sl_counts lists[SL_NR_LISTS][SL_WHO_NR])
{
	memset(lists, 0, sizeof(sl_counts) * SL_NR_LISTS * SL_WHO_NR);
}

int sl_bpf_sample(struct sl_bpf_source *b, struct sl_sample *s)
{
	if (lru_tracer_snapshot(b->tracer, &b->snap))
		return -1;

	/* Counters start at zero on attach: every node and memcg has lists. */
	for (int i = 0; i < s->nr_nodes; i++) {
		s->nodes[i].have_lists = true;
		counts_zero(s->nodes[i].lists);
	}
	for (int i = 0; i < s->nr_memcgs && !b->fallback; i++) {
		s->memcgs[i].have_lists = true;
		counts_zero(s->memcgs[i].lists);
	}

	for (size_t i = 0; i < b->snap.nr_lists; i++) {
		const struct lru_list_stat *ls = &b->snap.lists[i];
		unsigned lru = ls->key.lru;
		enum sl_who who = who_of(ls->key.reclaimer);

		if (lru >= SL_NR_LISTS)
			continue;	/* unevictable: not a reclaim list */
		for (int n = 0; n < s->nr_nodes; n++)
			if (s->nodes[n].nid == (int)ls->key.nid)
				counts_add(&s->nodes[n].lists[lru][who], &ls->counts);
		for (int m = 0; m < s->nr_memcgs && !b->fallback; m++)
			if (s->memcgs[m].id == ls->key.memcg_id)
				counts_add(&s->memcgs[m].lists[lru][who], &ls->counts);
	}

	/* Per node: the decision that stands for it (sl_node_decision). */
	for (int n = 0; n < s->nr_nodes; n++) {
		const struct lru_balance *bal = sl_node_decision(b->snap.balance,
			b->snap.nr_balance, (uint32_t)s->nodes[n].nid);
		s->nodes[n].decision.present = bal != NULL;
		if (bal)
			s->nodes[n].decision.b = *bal;
	}

	s->bpf_events = b->snap.counters[LRU_CNT_SHRINK] +
		b->snap.counters[LRU_CNT_BALANCE] + b->snap.counters[LRU_CNT_MOVE];
	s->bpf_drops = b->snap.counters[LRU_CNT_RB_DROPS];
	if (b->fallback)
		s->missing |= SL_LACK_DECISION;
	return 0;
}

void sl_bpf_close(struct sl_bpf_source *b)
{
	if (!b)
		return;
	lru_tracer_destroy(b->tracer);
	lru_snapshot_free(&b->snap);
	free(b);
}

