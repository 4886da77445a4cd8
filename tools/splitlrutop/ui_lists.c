// SPDX-License-Identifier: GPL-2.0-only
/*
 * ui_lists.c: the per-list table, one row per evictable list and one for
 * their sum: scanned/s, reclaimed/s, rotated/s, activated/s,
 * deactivated/s, efficiency (reclaimed/scanned) and the kswapd share of
 * the scanning (the rest is direct reclaim).
 */
#include <string.h>

#include "ui.h"

/* Column headers, in enum sl_col order; shared with the memcg table. */
const char *const sl_col_heads[SL_COL_NR] = {
	"scan/s", "recl/s", "rot/s", "act/s", "deact/s", "eff",
};

/* The same in six characters at most, for narrower columns. */
static const char *const col_heads_short[SL_COL_NR] = {
	"scan/s", "recl/s", "rot/s", "act/s", "deac/s", "eff",
};

void sl_draw_table_head(struct sl_canvas *c, int row, int col, int width,
			const struct sl_view *v);
void sl_draw_table_cells(struct sl_canvas *c, int row, int col, int width,
			 const struct sl_row *r);

/* Counters right-aligned in `width` columns each, then eff and kswapd%. */
void sl_draw_table_head(struct sl_canvas *c, int row, int col, int width,
			const struct sl_view *v)
{
	for (int k = 0; k < SL_COL_NR; k++) {
		int w = k == SL_COL_EFFICIENCY ? 5 : width;
		int attr = SL_A_TITLE | SL_A_BOLD;
		if (v && (int)v->sort == k)
			attr |= SL_A_REVERSE;
		const char *head = (int)strlen(sl_col_heads[k]) < w ? sl_col_heads[k]
								      : col_heads_short[k];

		/* a space before each: no two heads run together at any width */
		sl_canvas_printf(c, row, col, attr, " %*s", w - 1, head);
		col += w;
	}
	sl_canvas_printf(c, row, col, SL_A_TITLE | SL_A_BOLD, " %7s", "kswapd");
}

void sl_draw_table_cells(struct sl_canvas *c, int row, int col, int width,
			 const struct sl_row *r)
{
	char buf[16];

	for (int k = 0; k < SL_COL_NR_COUNTS; k++) {
		sl_canvas_right(c, row, col, width, SL_A_NORMAL,
				sl_fmt_rate(buf, sizeof(buf), r->per_s[k]));
		col += width;
	}
	sl_canvas_right(c, row, col, 5, SL_A_NORMAL, sl_fmt_pct(buf, sizeof(buf), r->efficiency));
	col += 5;
	col = sl_canvas_putwc(c, row, col, SL_A_NORMAL, L' ');
	sl_canvas_right(c, row, col, 7, SL_A_NORMAL, sl_fmt_pct(buf, sizeof(buf), r->kswapd_share));
}

int sl_draw_lists(struct sl_canvas *c, int row, int max_row,
		  const struct sl_frame *f, const struct sl_view *v)
{
	char where[32];

	if (row >= max_row)
		return row;
	if (v && v->node >= 0 && f->lists_src == SL_SRC_BPF)
		snprintf(where, sizeof(where), "node %d", v->node);
	else
		snprintf(where, sizeof(where), "all nodes");
	sl_canvas_printf(c, row, 0, SL_A_TITLE | SL_A_BOLD, "LISTS %s", where);
	sl_canvas_printf(c, row, 24, SL_A_NORMAL, "%s  sort %s",
			 f->lists_src == SL_SRC_BPF ? "from BPF"
			 : f->lists_src == SL_SRC_VMSTAT ? "from /proc/vmstat, by type only"
			 : "first interval pending",
			 sl_col_names[v ? v->sort : SL_COL_SCANNED]);
	row++;
	if (row >= max_row)
		return row;
	sl_canvas_printf(c, row, 0, SL_A_TITLE | SL_A_BOLD, "%-14s", "list");
	sl_draw_table_head(c, row, 14, 8, v);
	row++;
	for (int i = 0; i < f->nr_lists && row < max_row; i++, row++) {
		const struct sl_row *r = &f->lists[i];
		static const int list_attr[SL_NR_LISTS] = {
			SL_A_INACTIVE_ANON, SL_A_ACTIVE_ANON, SL_A_INACTIVE_FILE, SL_A_ACTIVE_FILE,
		};
		int attr = i < SL_NR_LISTS ? list_attr[i] : SL_A_BOLD;
		sl_canvas_printf(c, row, 0, attr, "%-14s", r->name);
		sl_draw_table_cells(c, row, 14, 8, r);
	}
	return row;
}
