// SPDX-License-Identifier: GPL-2.0-only
/*
 * ui_gen.c: the MGLRU generations view, drawn instead of the balance
 * panel and the per-list table while lru_gen/enabled is on (the classic
 * lists then mean nothing).  Per node: the node's own lruvec's
 * generations, oldest first, with one bar per type scaled to the largest
 * generation of the lruvec, so bars compare across rows and types; then
 * per type the interval's scan, reclaim and eviction rates and aging.
 * Below the nodes, one row per lruvec (memcg and node).  Bars are '#', so
 * the view reads without colour.
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "ui.h"

#define GEN_FIXED 35	/* columns around the two bars: see gen_bar_width */
#define RATE_W 8

/* Each bar: what is left of the row after gen, age and two page counts. */
static int gen_bar_width(int cols)
{
	int w = (cols - GEN_FIXED) / 2;

	return w < 4 ? 4 : w;
}

/* A generation's age: "850ms", "28.8s", "12.5m", "3.0h". */
static char *fmt_age(char *buf, size_t len, uint64_t ms)
{
	if (ms == SL_MISSING)
		snprintf(buf, len, "-");
	else if (ms < 1000)
		snprintf(buf, len, "%" PRIu64 "ms", ms);
	else if (ms < 100000)
		snprintf(buf, len, "%.1fs", (double)ms / 1000);
	else if (ms < 6000000)
		snprintf(buf, len, "%.1fm", (double)ms / 60000);
	else
		snprintf(buf, len, "%.1fh", (double)ms / 3600000);
	return buf;
}

int sl_gen_rows(const struct sl_node_frame *n)
{
	const struct sl_gen_frame *g = &n->gen;
	int gens = g->state == SL_LRU_GEN_OK && g->nr_lruvecs ? 1 + g->lruvecs[0]->nr_gens : 1;

	return 1 + gens + 3;
}

static void draw_bar(struct sl_canvas *c, int row, int col, int width, uint64_t v,
		     uint64_t max, int attr)
{
	int fill = max && v != SL_MISSING ? (int)((v * (uint64_t)width + max - 1) / max) : 0;

	sl_canvas_putwc(c, row, col, SL_A_NORMAL, L'[');
	for (int i = 0; i < fill && i < width; i++)
		sl_canvas_putwc(c, row, col + 1 + i, attr, L'#');
	sl_canvas_putwc(c, row, col + width + 1, SL_A_NORMAL, L']');
}

/*
 * Title: "MGLRU node 0  evicting file, swappiness 60  2 lruvecs anon 0 file 3.4k":
 * what is evicted first, so that 80 columns keep it; the pages of all the
 * node's lruvecs (the rows below are its own lruvec's).
 */
static void draw_title(struct sl_canvas *c, int row, const struct sl_node_frame *n)
{
	const struct sl_gen_frame *g = &n->gen;
	char a[16], b[16];
	int col;

	col = sl_canvas_printf(c, row, 0, SL_A_TITLE | SL_A_BOLD, "MGLRU node %d", n->nid);
	if (g->evicting >= 0) {
		col = sl_canvas_printf(c, row, col, SL_A_NORMAL, "  evicting ");
		col = sl_canvas_puts(c, row, col, SL_A_BOLD, sl_gen_type_names[g->evicting]);
		if (g->evicting_swappiness >= 0)
			col = sl_canvas_printf(c, row, col, SL_A_NORMAL, ", swappiness %d",
					       g->evicting_swappiness);
	} else {
		col = sl_canvas_puts(c, row, col, SL_A_NORMAL, g->rates_src == SL_SRC_BPF
				     ? "  evicting -" : "  evicting - (no BPF)");
	}
	if (g->state == SL_LRU_GEN_OK)
		sl_canvas_printf(c, row, col, SL_A_NORMAL, "  %d lruvec%s anon %s file %s",
				 g->nr_lruvecs, g->nr_lruvecs == 1 ? "" : "s",
				 sl_fmt_count(a, sizeof(a), g->pages[SL_GEN_ANON]),
				 sl_fmt_count(b, sizeof(b), g->pages[SL_GEN_FILE]));
}

/* The node's own lruvec, one row per generation; or why there is none. */
static int draw_gens(struct sl_canvas *c, int row, int max_row, const struct sl_gen_frame *g)
{
	static const int attr[SL_GEN_TYPES] = { SL_A_INACTIVE_ANON, SL_A_INACTIVE_FILE };
	int w = gen_bar_width(c->cols), col;
	char a[16], b[16];
	uint64_t max = 0;

	if (g->state != SL_LRU_GEN_OK || !g->nr_lruvecs) {
		const char *why = sl_lru_gen_reason(g->state);
		sl_canvas_printf(c, row, 2, SL_A_WARN, "%s",
				 why ? why : "no generations on this node");
		return row + 1;
	}
	const struct sl_lruvec_gens *v = g->lruvecs[0];
	for (int k = 0; k < v->nr_gens; k++)
		for (int t = 0; t < SL_GEN_TYPES; t++)
			if (v->gens[k].pages[t] > max)
				max = v->gens[k].pages[t];
	/* a space before each head: no two run together at any width */
	col = sl_canvas_printf(c, row, 0, SL_A_TITLE | SL_A_BOLD, "  %5s %6s", "gen", "age");
	for (int t = 0; t < SL_GEN_TYPES; t++)
		col = sl_canvas_printf(c, row, col, SL_A_TITLE | SL_A_BOLD, " %-*s %6s",
				       w + 1, sl_gen_type_names[t], "pages");
	row++;
	for (int k = 0; k < v->nr_gens && row < max_row; k++, row++) {
		const struct sl_gen *gen = &v->gens[k];
		col = sl_canvas_printf(c, row, 0, SL_A_NORMAL, "  %5" PRIu64 " %6s", gen->seq,
				       fmt_age(a, sizeof(a), gen->age_ms));
		for (int t = 0; t < SL_GEN_TYPES; t++) {
			draw_bar(c, row, col + 1, w, gen->pages[t], max, attr[t]);
			col += 1 + w + 2;
			col = sl_canvas_printf(c, row, col, SL_A_NORMAL, " %6s",
					       sl_fmt_count(b, sizeof(b), gen->pages[t]));
		}
	}
	return row;
}

/* Per type: scan/s recl/s evict/s eff; aging/s and the source on the head row. */
static int draw_rates(struct sl_canvas *c, int row, int max_row, const struct sl_gen_frame *g)
{
	static const char *const heads[] = { "scan/s", "recl/s", "evict/s", "eff" };
	char a[16];
	int col;

	if (row >= max_row)
		return row;
	col = sl_canvas_printf(c, row, 0, SL_A_TITLE | SL_A_BOLD, "  %-5s", "type");
	for (size_t h = 0; h < sizeof(heads) / sizeof(heads[0]); h++)
		col = sl_canvas_printf(c, row, col, SL_A_TITLE | SL_A_BOLD, " %*s", RATE_W - 1, heads[h]);
	col = sl_canvas_printf(c, row, col, SL_A_TITLE | SL_A_BOLD, "  aging/s");
	col = sl_canvas_printf(c, row, col, SL_A_NORMAL, " %s",
			       sl_fmt_rate(a, sizeof(a), g->aging_per_s));
	sl_canvas_printf(c, row, col, SL_A_NORMAL, "  from %s", g->rates_src == SL_SRC_NONE
			 ? "-" : sl_source_name(g->rates_src));
	row++;
	for (int t = 0; t < SL_GEN_TYPES && row < max_row; t++, row++) {
		col = sl_canvas_printf(c, row, 0, t == g->evicting ? SL_A_BOLD : SL_A_NORMAL,
				       "  %-5s", sl_gen_type_names[t]);
		col = sl_canvas_printf(c, row, col, SL_A_NORMAL, "%*s", RATE_W,
				       sl_fmt_rate(a, sizeof(a), g->scanned_per_s[t]));
		col = sl_canvas_printf(c, row, col, SL_A_NORMAL, "%*s", RATE_W,
				       sl_fmt_rate(a, sizeof(a), g->reclaimed_per_s[t]));
		col = sl_canvas_printf(c, row, col, SL_A_NORMAL, "%*s", RATE_W,
				       sl_fmt_rate(a, sizeof(a), g->evictions_per_s[t]));
		sl_canvas_printf(c, row, col, SL_A_NORMAL, "%*s", RATE_W,
				 sl_fmt_pct(a, sizeof(a), g->efficiency[t]));
	}
	return row;
}

int sl_draw_gens(struct sl_canvas *c, int row, int max_row, const struct sl_node_frame *n)
{
	if (row >= max_row)
		return row;
	draw_title(c, row++, n);
	if (row >= max_row)
		return row;
	row = draw_gens(c, row, max_row, &n->gen);
	return draw_rates(c, row, max_row, &n->gen);
}

/* Every lruvec of the nodes shown: the memcgs' generations, one row each. */
int sl_draw_lruvecs(struct sl_canvas *c, int row, int max_row,
		    const struct sl_frame *f, const struct sl_view *v)
{
	char a[16], b[16], d[16];
	int name_w = c->cols - 48 < 20 ? 20 : c->cols - 48;
	int shown = 0;

	if (row >= max_row)
		return row;
	sl_canvas_puts(c, row, 0, SL_A_TITLE | SL_A_BOLD, "LRUVECS");
	sl_canvas_puts(c, row, 24, SL_A_NORMAL, "MGLRU generations per memcg and node (pages)");
	row++;
	if (row >= max_row)
		return row;
	sl_canvas_printf(c, row, 0, SL_A_TITLE | SL_A_BOLD, "%-*s %4s %13s %7s %7s %7s",
			 name_w, "memcg", "node", "gens", "anon", "file", "oldest");
	row++;
	for (int i = 0; i < f->nr_nodes; i++) {
		const struct sl_gen_frame *g = &f->nodes[i].gen;
		if (v && v->node >= 0 && v->node != f->nodes[i].nid)
			continue;
		for (int k = 0; k < g->nr_lruvecs && row < max_row; k++, row++, shown++) {
			const struct sl_lruvec_gens *lv = g->lruvecs[k];
			uint64_t pages[SL_GEN_TYPES] = { 0, 0 };
			char seqs[32];
			size_t len = strlen(lv->memcg);
			const char *name = (int)len > name_w ? lv->memcg + len - (name_w - 1) : lv->memcg;

			for (int j = 0; j < lv->nr_gens; j++)
				for (int t = 0; t < SL_GEN_TYPES; t++)
					pages[t] += lv->gens[j].pages[t];
			snprintf(seqs, sizeof(seqs), "%" PRIu64 "..%" PRIu64, lv->min_seq, lv->max_seq);
			sl_canvas_printf(c, row, 0, SL_A_NORMAL, "%s%-*s %4d %13s %7s %7s %7s",
					 (int)len > name_w ? "<" : "", (int)len > name_w ? name_w - 1 : name_w,
					 name[0] ? name : "(none)", lv->nid, seqs,
					 sl_fmt_count(a, sizeof(a), pages[SL_GEN_ANON]),
					 sl_fmt_count(b, sizeof(b), pages[SL_GEN_FILE]),
					 fmt_age(d, sizeof(d), lv->nr_gens ? lv->gens[0].age_ms : SL_MISSING));
		}
	}
	if (!shown && row < max_row)
		sl_canvas_puts(c, row++, 0, SL_A_NORMAL, "  (no generations)");
	return row;
}
