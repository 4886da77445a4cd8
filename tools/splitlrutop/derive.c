// SPDX-License-Identifier: GPL-2.0-only
/*
 * derive.c: two samples into a frame (rates, shares, sorted tables).
 *
 * Nothing here reads a file or the clock: the frame depends only on its
 * inputs, which is what makes replay give the live run's frames.
 */
#include "derive.h"
#include "lru_format.h"
#include "sl_fields.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The counts' names are list-counts fields (count_field looks them up). */
const char *const sl_col_names[] = {
	"scanned", "reclaimed", "rotated", "activated", "deactivated",
	"efficiency",
};
_Static_assert(sizeof(sl_col_names) / sizeof(sl_col_names[0]) == SL_COL_NR,
	       "sl_col_names needs one name per column");

#define delta_of sl_delta
#define add_known sl_add_known

_Static_assert(SL_ZBAL_FILE_PERMILLE == SL_ZBAL_ANON_PERMILLE + 1 &&
	       SL_ZBAL_DECIDED_FILE_PERMILLE == SL_ZBAL_DECIDED_ANON_PERMILLE + 1,
	       "a zoneinfo pair's file line follows its anon line");

/* The node's decision, NULL without one. */
static const struct lru_balance *node_decision(const struct sl_node_sample *n)
{
	return n->decision.present ? &n->decision.b : NULL;
}

int sl_node_decided_anon_pm(const struct sl_node_sample *n, enum sl_source *src)
{
	/* zoneinfo: v2's decided pair, else v1's lru_scan_* (the same share) */
	int anon = n->zbal[SL_ZBAL_DECIDED_ANON_PERMILLE] != SL_MISSING ?
		   SL_ZBAL_DECIDED_ANON_PERMILLE : SL_ZBAL_ANON_PERMILLE;

	return sl_decided_anon_pm(node_decision(n), n->zbal[anon],
				  n->zbal[anon + 1], src);
}

int sl_node_target_anon_pm(const struct sl_node_sample *n, enum sl_source *src)
{
	return sl_target_anon_pm(node_decision(n),
				 n->zbal[SL_ZBAL_TARGET_ANON_PERMILLE],
				 n->zbal[SL_ZBAL_TARGET_FILE_PERMILLE], src);
}

static void row_clear(struct sl_row *r, const char *name)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->name, sizeof(r->name), "%s", name);
	for (int c = 0; c < SL_COL_NR_COUNTS; c++) {
		r->delta[c] = SL_MISSING;
		r->per_s[c] = NAN;
	}
	r->efficiency = NAN;
	r->kswapd_share = NAN;
	r->anon_kb = r->file_kb = SL_MISSING;
}

/* Fill per_s, efficiency from delta[]; kswapd_scanned may be SL_MISSING. */
static void row_finish(struct sl_row *r, double seconds, uint64_t kswapd_scanned)
{
	for (int c = 0; c < SL_COL_NR_COUNTS; c++)
		r->per_s[c] = (r->delta[c] == SL_MISSING || seconds <= 0)
			? NAN : (double)r->delta[c] / seconds;
	uint64_t scanned = r->delta[SL_COL_SCANNED];
	r->efficiency = sl_efficiency(r->delta[SL_COL_RECLAIMED], scanned);
	if (scanned != SL_MISSING && kswapd_scanned != SL_MISSING && scanned > 0)
		r->kswapd_share = (double)kswapd_scanned / (double)scanned;
}

/* The counter of a column: the list-counts field of the column's name. */
static uint64_t count_field(const struct lru_list_counts *c, int col)
{
	static const struct sl_field *fields[SL_COL_NR_COUNTS];

	if (!fields[col])
		fields[col] = sl_record_field(&sl_list_counts_record, sl_col_names[col]);
	return sl_field_get(fields[col], c, 0);
}

/*
 * The BPF per-list counters of the interval prev..cur, lru_snapshot_delta
 * of the two samples' counters; NULL when either has none.  The result is
 * only good until the next call.
 */
static const struct lru_snapshot *lists_delta(const struct sl_sample *prev,
					      const struct sl_sample *cur)
{
	static struct lru_snapshot delta;	/* reused: one interval at a time */

	if (!prev || !prev->have_lists || !cur->have_lists)
		return NULL;
	if (lru_snapshot_delta(&cur->bpf, &prev->bpf, &delta))
		return NULL;
	return &delta;
}

/* Which of the delta's counters a row sums. */
struct lists_match {
	int lru;		/* -1: the four evictable lists */
	int nid;		/* -1: every node of the sample */
	uint64_t memcg_id;	/* 0: every memcg, on the sample's nodes */
};

/*
 * Sum the matching counters into row->delta[]; *kswapd gets the part of
 * scanned done by kswapd.
 */
static void sum_lists(struct sl_row *row, uint64_t *kswapd, const struct lru_snapshot *d,
		      const struct sl_sample *cur, const struct lists_match *m)
{
	struct lru_list_counts sum;

	memset(&sum, 0, sizeof(sum));
	*kswapd = 0;
	for (size_t i = 0; i < d->nr_lists; i++) {
		const struct lru_list_key *k = &d->lists[i].key;
		const struct lru_list_counts *c = &d->lists[i].counts;

		if (k->lru >= SL_NR_LISTS || (m->lru >= 0 && k->lru != m->lru))
			continue;
		if (m->memcg_id ? k->memcg_id != m->memcg_id
				: (!sl_sample_node(cur, (int)k->nid) ||
				   (m->nid >= 0 && k->nid != (uint32_t)m->nid)))
			continue;
		for (size_t f = 0; f < sl_list_counts_record.nr_fields; f++) {
			const struct sl_field *fd = &sl_list_counts_record.fields[f];

			sl_field_set(fd, &sum, 0, sl_field_get(fd, &sum, 0) + sl_field_get(fd, c, 0));
		}
		if (k->reclaimer == SL_RECLAIMER_KSWAPD)
			*kswapd += c->scanned;
	}
	for (int c = 0; c < SL_COL_NR_COUNTS; c++)
		row->delta[c] = count_field(&sum, c);
}

static void history_push(struct sl_history *h, int nid, int decided, int scanned)
{
	int i;

	for (i = 0; i < h->nr_nodes; i++)
		if (h->nids[i] == nid)
			break;
	if (i == h->nr_nodes) {
		if (h->nr_nodes == SL_MAX_NODES)
			return;
		h->nids[h->nr_nodes++] = nid;
		h->len[i] = 0;
	}
	if (h->len[i] == SL_HISTORY) {
		memmove(h->decided[i], h->decided[i] + 1, (SL_HISTORY - 1) * sizeof(short));
		memmove(h->scanned[i], h->scanned[i] + 1, (SL_HISTORY - 1) * sizeof(short));
		h->len[i]--;
	}
	h->decided[i][h->len[i]] = (short)decided;
	h->scanned[i][h->len[i]] = (short)scanned;
	h->len[i]++;
}

void sl_history_init(struct sl_history *h)
{
	memset(h, 0, sizeof(*h));
}

static void derive_node(struct sl_node_frame *nf, const struct sl_node_sample *n,
			const struct sl_sample *prev, const struct sl_sample *cur,
			const struct lru_snapshot *lists)
{
	const struct sl_node_sample *pn = prev ? sl_sample_node(prev, n->nid) : NULL;

	memset(nf, 0, sizeof(*nf));
	nf->nid = n->nid;
	nf->sample = n;
	nf->decided_anon_pm = sl_node_decided_anon_pm(n, &nf->decided_src);
	nf->target_anon_pm = sl_node_target_anon_pm(n, &nf->target_src);
	nf->decision_age_ms = SL_MISSING;
	if (n->decision.present && cur->mono_ns >= n->decision.b.ts_ns)
		nf->decision_age_ms = (cur->mono_ns - n->decision.b.ts_ns) / 1000000;

	if (nf->decided_src == SL_SRC_BPF || nf->decided_src == SL_SRC_RECONSTRUCTED) {
		const struct lru_balance *b = &n->decision.b;

		nf->anon_cost = b->anon_cost;
		nf->file_cost = b->file_cost;
		nf->rotated_anon = b->rotated_anon;
		nf->rotated_file = b->rotated_file;
		nf->anon_pages = b->anon_pages;
		nf->file_pages = b->file_pages;
	} else {
		nf->anon_cost = n->zbal[SL_ZBAL_ANON_COST];
		nf->file_cost = n->zbal[SL_ZBAL_FILE_COST];
		nf->rotated_anon = n->zbal[SL_ZBAL_ROTATED_ANON];
		nf->rotated_file = n->zbal[SL_ZBAL_ROTATED_FILE];
		nf->anon_pages = nf->file_pages = SL_MISSING;
	}

	/*
	 * Scanned share (sl_scanned_by_type): both lists of each type, from
	 * the per-list counters.  /proc/vmstat splits only the inactive lists'
	 * scans by type (pgscan_anon/file; pgrefill has no split), so without
	 * BPF the share is the inactive lists', and its source says vmstat.
	 */
	nf->scanned_anon = nf->scanned_file = SL_MISSING;
	nf->scanned_src = SL_SRC_NONE;
	if (pn && lists) {
		uint64_t scanned[SL_NR_LISTS], kswapd;
		struct sl_row row;
		for (int l = 0; l < SL_NR_LISTS; l++) {
			struct lists_match m = { .lru = l, .nid = n->nid };
			sum_lists(&row, &kswapd, lists, cur, &m);
			scanned[l] = row.delta[SL_COL_SCANNED];
		}
		sl_scanned_by_type(scanned, &nf->scanned_anon, &nf->scanned_file);
		nf->scanned_src = SL_SRC_BPF;
	} else if (prev) {
		nf->scanned_anon = delta_of(prev->vm[SL_VM_PGSCAN_ANON], cur->vm[SL_VM_PGSCAN_ANON]);
		nf->scanned_file = delta_of(prev->vm[SL_VM_PGSCAN_FILE], cur->vm[SL_VM_PGSCAN_FILE]);
		if (nf->scanned_anon != SL_MISSING && nf->scanned_file != SL_MISSING)
			nf->scanned_src = cur->nr_nodes == 1 ? SL_SRC_VMSTAT : SL_SRC_VMSTAT_SYSTEM;
	}
	nf->scanned_anon_pm = sl_share_pm(nf->scanned_anon, nf->scanned_file);
	sl_derive_gen(&nf->gen, n->nid, prev, cur);
}

static void derive_lists(struct sl_frame *f, const struct sl_view *view,
			 const struct lru_snapshot *lists)
{
	const struct sl_sample *prev = f->prev, *cur = f->cur;
	bool bpf = lists != NULL && cur->nr_nodes > 0;

	f->nr_lists = SL_NR_LISTS + 1;
	for (int l = 0; l < SL_NR_LISTS; l++)
		row_clear(&f->lists[l], lru_name(LRU_NAMES_LRU, (unsigned)l));
	row_clear(&f->lists[SL_NR_LISTS], "all");
	if (!prev) {
		f->lists_src = SL_SRC_NONE;
		return;
	}

	if (bpf) {
		uint64_t kswapd_all = 0;
		f->lists_src = SL_SRC_BPF;
		struct sl_row *all = &f->lists[SL_NR_LISTS];
		for (int l = 0; l < SL_NR_LISTS; l++) {
			struct sl_row *row = &f->lists[l];
			struct lists_match m = { .lru = l, .nid = view ? view->node : -1 };
			uint64_t kswapd;
			sum_lists(row, &kswapd, lists, cur, &m);
			row_finish(row, f->interval_s, kswapd);
			for (int c = 0; c < SL_COL_NR_COUNTS; c++)
				all->delta[c] = l == 0 ? row->delta[c]
					: add_known(all->delta[c], row->delta[c]);
			kswapd_all = add_known(kswapd_all, kswapd);
		}
		row_finish(all, f->interval_s, kswapd_all);
		return;
	}

	/* /proc/vmstat: by type on the inactive lists, the rest only in total. */
	f->lists_src = SL_SRC_VMSTAT;
#define VD(field) delta_of(prev->vm[field], cur->vm[field])
	struct sl_row *ia = &f->lists[0], *ifile = &f->lists[2], *all = &f->lists[SL_NR_LISTS];
	ia->delta[SL_COL_SCANNED] = VD(SL_VM_PGSCAN_ANON);
	ia->delta[SL_COL_RECLAIMED] = VD(SL_VM_PGSTEAL_ANON);
	ifile->delta[SL_COL_SCANNED] = VD(SL_VM_PGSCAN_FILE);
	ifile->delta[SL_COL_RECLAIMED] = VD(SL_VM_PGSTEAL_FILE);
	all->delta[SL_COL_SCANNED] = add_known(VD(SL_VM_PGSCAN_ANON), VD(SL_VM_PGSCAN_FILE));
	all->delta[SL_COL_RECLAIMED] = add_known(VD(SL_VM_PGSTEAL_ANON), VD(SL_VM_PGSTEAL_FILE));
	all->delta[SL_COL_ACTIVATED] = VD(SL_VM_PGACTIVATE);
	all->delta[SL_COL_DEACTIVATED] = VD(SL_VM_PGDEACTIVATE);
	uint64_t kswapd = VD(SL_VM_PGSCAN_KSWAPD);
#undef VD
	for (int l = 0; l < SL_NR_LISTS; l++)
		row_finish(&f->lists[l], f->interval_s, SL_MISSING);
	row_finish(all, f->interval_s, kswapd);
}

static const struct sl_view *sort_view;

static double sort_value(const struct sl_row *r)
{
	if (sort_view->sort == SL_COL_EFFICIENCY)
		return r->efficiency;
	return r->per_s[sort_view->sort];
}

static int row_cmp(const void *a, const void *b)
{
	const struct sl_row *ra = a, *rb = b;
	double va = sort_value(ra), vb = sort_value(rb);

	/* Highest first; unknown last; ties by name so the order is stable. */
	if (isnan(va) != isnan(vb))
		return isnan(va) ? 1 : -1;
	if (!isnan(va) && va != vb)
		return va > vb ? -1 : 1;
	return strcmp(ra->name, rb->name);
}

static void derive_memcgs(struct sl_frame *f, const struct sl_view *view,
			  const struct lru_snapshot *lists)
{
	const struct sl_sample *prev = f->prev, *cur = f->cur;

	f->nr_memcgs = 0;
	for (int i = 0; i < cur->nr_memcgs; i++) {
		const struct sl_memcg_sample *m = &cur->memcgs[i];
		const struct sl_memcg_sample *pm = prev ? sl_sample_memcg(prev, m->id) : NULL;
		struct sl_row *row = &f->memcgs[f->nr_memcgs++];

		row_clear(row, m->path);
		if (m->stat[SL_CG_ANON] != SL_MISSING)
			row->anon_kb = m->stat[SL_CG_ANON] / 1024;
		if (m->stat[SL_CG_FILE] != SL_MISSING)
			row->file_kb = m->stat[SL_CG_FILE] / 1024;
		if (!pm)
			continue;
		if (lists) {
			struct lists_match match = { .lru = -1, .memcg_id = m->id };
			uint64_t kswapd;
			sum_lists(row, &kswapd, lists, cur, &match);
			row_finish(row, f->interval_s, kswapd);
			continue;
		}
#define CD(field) delta_of(pm->stat[field], m->stat[field])
		row->delta[SL_COL_SCANNED] = CD(SL_CG_PGSCAN);
		row->delta[SL_COL_RECLAIMED] = CD(SL_CG_PGSTEAL);
		row->delta[SL_COL_ACTIVATED] = CD(SL_CG_PGACTIVATE);
		row->delta[SL_COL_DEACTIVATED] = CD(SL_CG_PGDEACTIVATE);
		row_finish(row, f->interval_s, CD(SL_CG_PGSCAN_KSWAPD));
#undef CD
	}
	static const struct sl_view by_scanned = { .node = -1, .sort = SL_COL_SCANNED };
	sort_view = view ? view : &by_scanned;
	qsort(f->memcgs, (size_t)f->nr_memcgs, sizeof(f->memcgs[0]), row_cmp);
}

void sl_history_add(struct sl_history *h, const struct sl_sample *prev,
		    const struct sl_sample *cur)
{
	struct sl_node_frame nf;
	const struct lru_snapshot *lists;

	if (prev && cur->mono_ns <= prev->mono_ns)
		prev = NULL;
	lists = lists_delta(prev, cur);
	for (int i = 0; i < cur->nr_nodes; i++) {
		derive_node(&nf, &cur->nodes[i], prev, cur, lists);
		history_push(h, nf.nid, nf.decided_anon_pm, nf.scanned_anon_pm);
	}
}

void sl_derive(struct sl_frame *f, const struct sl_sample *prev,
	       const struct sl_sample *cur, const struct sl_view *view,
	       const struct sl_history *hist)
{
	/*
	 * Only the head: derive_node, derive_lists and derive_memcgs clear
	 * each slot they fill, and no one reads past the counts.  The whole
	 * frame is 16 kB, cleared on every key and every sample.
	 */
	memset(f, 0, offsetof(struct sl_frame, nodes));
	f->lists_src = SL_SRC_NONE;
	f->nr_lists = f->nr_memcgs = 0;
	f->cur = cur;
	f->prev = prev;
	f->self_cpu_pct = NAN;
	f->events_per_s = NAN;
	if (prev && cur->mono_ns > prev->mono_ns)
		f->interval_s = (double)(cur->mono_ns - prev->mono_ns) / 1e9;
	else
		f->prev = prev = NULL;

	if (prev) {
		uint64_t cpu = delta_of(prev->self_cpu_ns, cur->self_cpu_ns);
		uint64_t ev = delta_of(prev->bpf_events, cur->bpf_events);
		if (cpu != SL_MISSING)
			f->self_cpu_pct = (double)cpu / 1e9 / f->interval_s * 100.0;
		if (ev != SL_MISSING)
			f->events_per_s = (double)ev / f->interval_s;
	}

	/* the BPF counters' interval; the memcg rows need memcgs in them */
	const struct lru_snapshot *lists = lists_delta(prev, cur);
	const struct lru_snapshot *memcg_lists = lists && prev->have_memcg_lists &&
		cur->have_memcg_lists ? lists : NULL;

	f->nr_nodes = cur->nr_nodes;
	for (int i = 0; i < cur->nr_nodes; i++) {
		struct sl_node_frame *nf = &f->nodes[i];
		derive_node(nf, &cur->nodes[i], prev, cur, lists);
		for (int h = 0; hist && h < hist->nr_nodes; h++) {
			if (hist->nids[h] != nf->nid)
				continue;
			nf->nr_history = hist->len[h];
			memcpy(nf->decided_history, hist->decided[h], sizeof(nf->decided_history));
			memcpy(nf->scanned_history, hist->scanned[h], sizeof(nf->scanned_history));
		}
	}
	derive_lists(f, view, lists);
	derive_memcgs(f, view, memcg_lists);
}
