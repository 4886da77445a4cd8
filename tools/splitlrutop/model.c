// SPDX-License-Identifier: GPL-2.0-only
/* model.c: names of the model's fields and small helpers; see model.h. */
#include "model.h"

#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#define SL__NAME(id, name, ...) name,
const char *const sl_mem_names[SL_MEM_NR] = { SL_MEM_FIELDS(SL__NAME) };
const char *const sl_zbal_names[SL_ZBAL_NR] = { SL_ZBAL_FIELDS(SL__NAME) };
const char *const sl_vm_names[SL_VM_NR] = { SL_VM_FIELDS(SL__NAME) };
const char *const sl_cg_names[SL_CG_NR] = { SL_CG_FIELDS(SL__NAME) };
#undef SL__NAME

/* The model's lists are the first four of enum sl_lru. */
_Static_assert(SL_NR_LISTS == SL_LRU_UNEVICTABLE && SL_LRU_INACTIVE_ANON == 0,
	       "the model's lists are enum sl_lru's evictable ones");

const char *const sl_who_names[] = { "kswapd", "direct", "other" };
_Static_assert(sizeof(sl_who_names) / sizeof(sl_who_names[0]) == SL_WHO_NR,
	       "sl_who_names needs one name per enum sl_who");

const char *const sl_bpf_reason_names[SL_BPF_REASON_NR] = {
	[SL_BPF_ON] = "on",
	[SL_BPF_NOT_BUILT] = "not-built",
	[SL_BPF_NOT_ROOT] = "not-root",
	[SL_BPF_NO_BTF] = "no-btf",
	[SL_BPF_LOAD_FAILED] = "load-failed",
	[SL_BPF_DISABLED] = "disabled",
};

const char *const sl_gen_type_names[SL_GEN_TYPES] = { "anon", "file" };

const char *const sl_lru_gen_state_names[SL_LRU_GEN_STATE_NR] = {
	[SL_LRU_GEN_OFF] = "off",
	[SL_LRU_GEN_OK] = "ok",
	[SL_LRU_GEN_NO_DEBUGFS] = "no-debugfs",
	[SL_LRU_GEN_NOT_ROOT] = "not-root",
	[SL_LRU_GEN_NO_KERNEL] = "no-lru-gen",
	[SL_LRU_GEN_BAD] = "unreadable",
};

const char *sl_lru_gen_reason(enum sl_lru_gen_state st)
{
	switch (st) {
	case SL_LRU_GEN_NO_DEBUGFS:
		return "no generations: /sys/kernel/debug/lru_gen missing (debugfs not mounted)";
	case SL_LRU_GEN_NOT_ROOT:
		return "no generations: /sys/kernel/debug/lru_gen needs root";
	case SL_LRU_GEN_NO_KERNEL:
		return "no generations: kernel without CONFIG_LRU_GEN";
	case SL_LRU_GEN_BAD:
		return "no generations: /sys/kernel/debug/lru_gen did not parse or fit";
	default:
		return NULL;
	}
}

int sl_node_add_gen_count(struct sl_node_sample *n, const struct sl_gen_count *c)
{
	struct sl_gen_count *e = NULL;

	for (int i = 0; i < n->nr_gen_counts && !e; i++)
		if (n->gen_counts[i].type == c->type && n->gen_counts[i].swappiness == c->swappiness)
			e = &n->gen_counts[i];
	if (!e) {
		if (n->nr_gen_counts == SL_MAX_GEN_COUNTS)
			return -1;
		e = &n->gen_counts[n->nr_gen_counts++];
		*e = (struct sl_gen_count){ .type = c->type, .swappiness = c->swappiness };
	}
	e->evictions += c->evictions;
	e->scanned += c->scanned;
	e->reclaimed += c->reclaimed;
	return 0;
}

static void node_init(struct sl_node_sample *n)
{
	memset(n, 0, sizeof(*n));
	n->nid = -1;
	n->aging_steps = n->aging_attempts = SL_MISSING;
	for (int i = 0; i < SL_MEM_NR; i++)
		n->mem[i] = SL_MISSING;
	for (int i = 0; i < SL_ZBAL_NR; i++)
		n->zbal[i] = SL_MISSING;
}

static void memcg_init(struct sl_memcg_sample *m)
{
	memset(m, 0, sizeof(*m));
	for (int i = 0; i < SL_CG_NR; i++)
		m->stat[i] = SL_MISSING;
}

/* Zero the bytes of *s from member a up to member b. */
#define CLEAR_SPAN(s, a, b) \
	memset((char *)(s) + offsetof(struct sl_sample, a), 0, \
	       offsetof(struct sl_sample, b) - offsetof(struct sl_sample, a))

void sl_sample_reset(struct sl_sample *s)
{
	struct lru_snapshot bpf = s->bpf;
	int nr_nodes = s->nr_nodes, nr_memcgs = s->nr_memcgs;

	/*
	 * This runs every sample: it clears what the last one used and no
	 * more.  The node and memcg slots past nr_* are still as
	 * sl_sample_init left them (slots are taken in order, nr_*++), so
	 * only the used ones are made fresh; lruvecs[], two thirds of the
	 * sample, is cleared by whoever takes a slot (copy_lruvec,
	 * parse_lruvec), and no one reads past nr_lruvecs.
	 */
	CLEAR_SPAN(s, seq, nodes);
	for (int i = 0; i < nr_nodes && i < SL_MAX_NODES; i++)
		node_init(&s->nodes[i]);
	s->nr_memcgs = 0;
	for (int i = 0; i < nr_memcgs && i < SL_MAX_MEMCGS; i++)
		memcg_init(&s->memcgs[i]);
	CLEAR_SPAN(s, bpf, lruvecs);
	s->have_gen_counts = false;
	s->swappiness = SL_MISSING;
	s->psi_some10 = s->psi_full10 = SL_MISSING;
	s->swap_total = s->swap_free = SL_MISSING;
	for (int i = 0; i < SL_VM_NR; i++)
		s->vm[i] = SL_MISSING;
	s->self_cpu_ns = s->self_rss_kb = SL_MISSING;
	s->bpf_events = s->bpf_drops = SL_MISSING;
	/* keep the arrays, drop their entries */
	s->bpf = bpf;
	s->bpf.nr_lists = s->bpf.nr_balance = s->bpf.nr_moves = 0;
	s->bpf.ts_ns = 0;
	memset(s->bpf.hists, 0, sizeof(s->bpf.hists));
	memset(s->bpf.counters, 0, sizeof(s->bpf.counters));
}

void sl_sample_init(struct sl_sample *s)
{
	memset(s, 0, offsetof(struct sl_sample, lruvecs));
	s->nr_nodes = SL_MAX_NODES;	/* so the reset makes every slot fresh */
	s->nr_memcgs = SL_MAX_MEMCGS;
	lru_snapshot_init(&s->bpf);
	sl_sample_reset(s);
}

void sl_sample_release(struct sl_sample *s)
{
	lru_snapshot_free(&s->bpf);
}

struct sl_sample *sl_sample_pair_new(void)
{
	struct sl_sample *pair = malloc(2 * sizeof(*pair));

	if (pair) {
		sl_sample_init(&pair[0]);
		sl_sample_init(&pair[1]);
	}
	return pair;
}

void sl_sample_pair_free(struct sl_sample *pair)
{
	if (!pair)
		return;
	sl_sample_release(&pair[0]);
	sl_sample_release(&pair[1]);
	free(pair);
}

const struct sl_node_sample *sl_sample_node(const struct sl_sample *s, int nid)
{
	for (int i = 0; i < s->nr_nodes; i++)
		if (s->nodes[i].nid == nid)
			return &s->nodes[i];
	return NULL;
}

const struct sl_memcg_sample *sl_sample_memcg(const struct sl_sample *s, uint64_t id)
{
	for (int i = 0; i < s->nr_memcgs; i++)
		if (s->memcgs[i].id == id)
			return &s->memcgs[i];
	return NULL;
}

bool sl_mglru_on(const char *word)
{
	/* lru_gen/enabled is a hex mask: 0x0000 is off. */
	return word[0] && strspn(word, "0x") != strlen(word);
}
