// SPDX-License-Identifier: GPL-2.0-only
/*
 * json.c: one frame as one JSON object (--json), with json-c.  Sizes are
 * in kB under the kernel's own meminfo names; shares in permille; counts
 * both as the interval's delta and per second.  A value the sources did
 * not have is null.
 */
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>

#include "json.h"
#include "ui.h"

static json_object *u64_or_null(uint64_t v)
{
	return v == SL_MISSING ? NULL : json_object_new_uint64(v);
}

static json_object *pm_or_null(int pm)
{
	return pm < 0 ? NULL : json_object_new_int(pm);
}

static json_object *dbl_or_null(double v)
{
	return isnan(v) ? NULL : json_object_new_double(v);
}

static json_object *row_json(const struct sl_row *r, const char *name_key)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, name_key, json_object_new_string(r->name));
	for (int k = 0; k < SL_COL_NR_COUNTS; k++) {
		char key[32];
		json_object_object_add(o, sl_col_names[k], u64_or_null(r->delta[k]));
		snprintf(key, sizeof(key), "%s_per_s", sl_col_names[k]);
		json_object_object_add(o, key, dbl_or_null(r->per_s[k]));
	}
	json_object_object_add(o, "efficiency", dbl_or_null(r->efficiency));
	json_object_object_add(o, "kswapd_share", dbl_or_null(r->kswapd_share));
	if (r->anon_kb != SL_MISSING || r->file_kb != SL_MISSING) {
		json_object_object_add(o, "anon_kB", u64_or_null(r->anon_kb));
		json_object_object_add(o, "file_kB", u64_or_null(r->file_kb));
	}
	return o;
}

/* {"anon_permille":..,"file_permille":..}: a share, both sides. */
static json_object *share_json(int anon_pm)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "anon_permille", pm_or_null(anon_pm));
	json_object_object_add(o, "file_permille", pm_or_null(anon_pm < 0 ? -1 : 1000 - anon_pm));
	return o;
}

/* [{"seq":..,"age_ms":..,"anon":..,"file":..}, ...]: pages per generation */
static json_object *gens_json(const struct sl_lruvec_gens *v)
{
	json_object *arr = json_object_new_array();

	for (int k = 0; k < v->nr_gens; k++) {
		json_object *g = json_object_new_object();
		json_object_object_add(g, "seq", json_object_new_uint64(v->gens[k].seq));
		json_object_object_add(g, "age_ms", json_object_new_uint64(v->gens[k].age_ms));
		for (int t = 0; t < SL_GEN_TYPES; t++)
			json_object_object_add(g, sl_gen_type_names[t],
					       json_object_new_uint64(v->gens[k].pages[t]));
		json_object_array_add(arr, g);
	}
	return arr;
}

static void lruvec_fields(json_object *o, const struct sl_lruvec_gens *v)
{
	json_object_object_add(o, "memcg", json_object_new_string(v->memcg));
	json_object_object_add(o, "memcg_id", json_object_new_uint64(v->memcg_id));
	json_object_object_add(o, "min_seq", json_object_new_uint64(v->min_seq));
	json_object_object_add(o, "max_seq", json_object_new_uint64(v->max_seq));
	json_object_object_add(o, "gens", gens_json(v));
}

/*
 * "lru_gen": the node's own lruvec's generations at the top, every page
 * of the node's lruvecs in "pages", the memcgs' lruvecs in "memcgs".
 */
static json_object *lru_gen_json(const struct sl_gen_frame *g)
{
	json_object *o = json_object_new_object(), *pages, *memcgs;

	if (g->has_root) {
		lruvec_fields(o, g->lruvecs[0]);
	} else {
		json_object_object_add(o, "memcg", NULL);
		json_object_object_add(o, "memcg_id", NULL);
		json_object_object_add(o, "min_seq", NULL);
		json_object_object_add(o, "max_seq", NULL);
		json_object_object_add(o, "gens", json_object_new_array());
	}
	pages = json_object_new_object();
	for (int t = 0; t < SL_GEN_TYPES; t++)
		json_object_object_add(pages, sl_gen_type_names[t], u64_or_null(g->pages[t]));
	json_object_object_add(o, "pages", pages);
	memcgs = json_object_new_array();
	for (int k = g->has_root ? 1 : 0; k < g->nr_lruvecs; k++) {
		json_object *m = json_object_new_object();
		lruvec_fields(m, g->lruvecs[k]);
		json_object_array_add(memcgs, m);
	}
	json_object_object_add(o, "memcgs", memcgs);
	return o;
}

/* "mglru": the interval's figures per type, aging and their source. */
static json_object *mglru_json(const struct sl_gen_frame *g)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "source", json_object_new_string(sl_source_name(g->rates_src)));
	for (int t = 0; t < SL_GEN_TYPES; t++) {
		json_object *ty = json_object_new_object();
		json_object_object_add(ty, "scanned", u64_or_null(g->scanned[t]));
		json_object_object_add(ty, "scanned_per_s", dbl_or_null(g->scanned_per_s[t]));
		json_object_object_add(ty, "reclaimed", u64_or_null(g->reclaimed[t]));
		json_object_object_add(ty, "reclaimed_per_s", dbl_or_null(g->reclaimed_per_s[t]));
		json_object_object_add(ty, "evictions", u64_or_null(g->evictions[t]));
		json_object_object_add(ty, "evictions_per_s", dbl_or_null(g->evictions_per_s[t]));
		json_object_object_add(ty, "efficiency", dbl_or_null(g->efficiency[t]));
		json_object_object_add(o, sl_gen_type_names[t], ty);
	}
	json_object_object_add(o, "aging_per_s", dbl_or_null(g->aging_per_s));
	return o;
}

/* The MGLRU keys of a node, only while MGLRU is on (classic JSON unchanged). */
static void node_gen_json(json_object *o, const struct sl_gen_frame *g)
{
	const char *why = sl_lru_gen_reason(g->state);
	json_object *ev = NULL;

	json_object_object_add(o, "lru_gen", g->state == SL_LRU_GEN_OK ? lru_gen_json(g) : NULL);
	json_object_object_add(o, "lru_gen_reason", why ? json_object_new_string(why) : NULL);
	json_object_object_add(o, "mglru", mglru_json(g));
	if (g->evicting >= 0) {
		ev = json_object_new_object();
		json_object_object_add(ev, "type", json_object_new_string(sl_gen_type_names[g->evicting]));
		json_object_object_add(ev, "swappiness", g->evicting_swappiness >= 0
				       ? json_object_new_int(g->evicting_swappiness) : NULL);
	}
	json_object_object_add(o, "evicting", ev);
}

static json_object *node_json(const struct sl_node_frame *n)
{
	json_object *o = json_object_new_object(), *dec, *tgt, *scan, *in;

	json_object_object_add(o, "node", json_object_new_int(n->nid));
	for (int k = 0; k < SL_MEM_NR; k++)
		json_object_object_add(o, sl_mem_names[k], u64_or_null(n->sample->mem[k]));

	dec = share_json(n->decided_anon_pm);
	json_object_object_add(dec, "source", json_object_new_string(sl_source_name(n->decided_src)));
	json_object_object_add(dec, "age_ms", u64_or_null(n->decision_age_ms));
	/* whose decision stands for the node: its root's, else a memcg's */
	json_object_object_add(dec, "memcg_id", n->sample->decision.present
			       ? json_object_new_uint64(n->sample->decision.b.memcg_id) : NULL);
	json_object_object_add(o, "decided", dec);

	tgt = share_json(n->target_anon_pm);
	json_object_object_add(tgt, "source", json_object_new_string(sl_source_name(n->target_src)));
	json_object_object_add(o, "target", tgt);

	scan = share_json(n->scanned_anon_pm);
	json_object_object_add(scan, "anon", u64_or_null(n->scanned_anon));
	json_object_object_add(scan, "file", u64_or_null(n->scanned_file));
	json_object_object_add(scan, "source", json_object_new_string(sl_source_name(n->scanned_src)));
	json_object_object_add(o, "scanned", scan);

	in = json_object_new_object();
	json_object_object_add(in, "anon_cost", u64_or_null(n->anon_cost));
	json_object_object_add(in, "file_cost", u64_or_null(n->file_cost));
	json_object_object_add(in, "rotated_anon", u64_or_null(n->rotated_anon));
	json_object_object_add(in, "rotated_file", u64_or_null(n->rotated_file));
	json_object_object_add(in, "anon_pages", u64_or_null(n->anon_pages));
	json_object_object_add(in, "file_pages", u64_or_null(n->file_pages));
	json_object_object_add(o, "inputs", in);
	if (n->gen.on)
		node_gen_json(o, &n->gen);
	return o;
}

int sl_json_print(const struct sl_frame *f, const struct sl_view *v, FILE *out)
{
	const struct sl_sample *s = f->cur;
	json_object *o = json_object_new_object(), *arr, *psi, *swap, *self;
	char line[640];

	json_object_object_add(o, "seq", json_object_new_uint64(s->seq));
	json_object_object_add(o, "time", json_object_new_uint64(s->real_s));
	json_object_object_add(o, "uptime_s", json_object_new_uint64(s->boot_s));
	json_object_object_add(o, "interval_s", json_object_new_double(f->interval_s));
	json_object_object_add(o, "policy", s->policy[0] ? json_object_new_string(s->policy) : NULL);
	json_object_object_add(o, "swappiness", u64_or_null(s->swappiness));
	json_object_object_add(o, "mglru", s->mglru[0] ? json_object_new_string(s->mglru) : NULL);
	psi = json_object_new_object();
	json_object_object_add(psi, "some_avg10", s->psi_some10 == SL_MISSING ? NULL
			       : json_object_new_double((double)s->psi_some10 / 100));
	json_object_object_add(psi, "full_avg10", s->psi_full10 == SL_MISSING ? NULL
			       : json_object_new_double((double)s->psi_full10 / 100));
	json_object_object_add(o, "psi_memory", psi);
	swap = json_object_new_object();
	json_object_object_add(swap, "SwapTotal", u64_or_null(s->swap_total));
	json_object_object_add(swap, "SwapFree", u64_or_null(s->swap_free));
	json_object_object_add(o, "swap", swap);
	self = json_object_new_object();
	json_object_object_add(self, "cpu_percent", dbl_or_null(f->self_cpu_pct));
	json_object_object_add(self, "events_per_s", dbl_or_null(f->events_per_s));
	json_object_object_add(self, "peak_rss_kB", u64_or_null(s->self_rss_kb));
	json_object_object_add(self, "bpf_drops", u64_or_null(s->bpf_drops));
	json_object_object_add(o, "self", self);
	json_object_object_add(o, "bpf", json_object_new_string(
		s->bpf_reason < SL_BPF_REASON_NR ? sl_bpf_reason_names[s->bpf_reason] : "?"));
	json_object_object_add(o, "source", json_object_new_string(lru_source_name(s->source)));
	json_object_object_add(o, "cannot", sl_limits_json(s->cannot));
	sl_source_text(line, sizeof(line), s);
	json_object_object_add(o, "source_line", json_object_new_string(line));

	arr = json_object_new_array();
	for (int i = 0; i < f->nr_nodes; i++)
		if (!v || v->node < 0 || v->node == f->nodes[i].nid)
			json_object_array_add(arr, node_json(&f->nodes[i]));
	json_object_object_add(o, "nodes", arr);

	json_object_object_add(o, "lists_source", json_object_new_string(sl_source_name(f->lists_src)));
	arr = json_object_new_array();
	for (int i = 0; i < f->nr_lists; i++)
		json_object_array_add(arr, row_json(&f->lists[i], "lru"));
	json_object_object_add(o, "lists", arr);

	arr = json_object_new_array();
	for (int i = 0; i < f->nr_memcgs; i++)
		json_object_array_add(arr, row_json(&f->memcgs[i], "cgroup"));
	json_object_object_add(o, "memcgs", arr);

	int rc = fprintf(out, "%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN)) < 0;
	json_object_put(o);
	return rc ? -1 : 0;
}
