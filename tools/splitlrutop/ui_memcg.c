// SPDX-License-Identifier: GPL-2.0-only
/*
 * ui_memcg.c: the memcg view (toggled with m): cgroups ordered by the sort
 * column, most active first, with their anon and file sizes and the
 * per-list table's columns.
 */
#include <string.h>

#include "ui.h"

void sl_draw_table_head(struct sl_canvas *c, int row, int col, int width,
			const struct sl_view *v);
void sl_draw_table_cells(struct sl_canvas *c, int row, int col, int width,
			 const struct sl_row *r);

#define NAME_W 20

int sl_draw_memcgs(struct sl_canvas *c, int row, int max_row,
		   const struct sl_frame *f, const struct sl_view *v)
{
	char a[16], b[16];

	if (row >= max_row)
		return row;
	sl_canvas_puts(c, row, 0, SL_A_TITLE | SL_A_BOLD, "MEMCGS");
	sl_canvas_printf(c, row, 24, SL_A_NORMAL, "%d cgroups, all nodes  sort %s",
			 f->nr_memcgs, sl_col_names[v ? v->sort : SL_COL_SCANNED]);
	row++;
	if (row >= max_row)
		return row;
	sl_canvas_printf(c, row, 0, SL_A_TITLE | SL_A_BOLD, "%-*s %5s %5s", NAME_W, "cgroup", "anon", "file");
	sl_draw_table_head(c, row, NAME_W + 12, 7, v);
	row++;
	if (f->nr_memcgs == 0 && row < max_row)
		sl_canvas_puts(c, row++, 0, SL_A_NORMAL,
			       f->cur->missing & SL_LACK_MEMCG ? "  (no cgroup v2 memory controller)"
			       : "  (no memory cgroups)");
	for (int i = 0; i < f->nr_memcgs && row < max_row; i++, row++) {
		const struct sl_row *r = &f->memcgs[i];
		size_t len = strlen(r->name);
		/* Keep the end of a long path: the leaf is the telling part. */
		const char *name = len > NAME_W ? r->name + len - (NAME_W - 1) : r->name;
		sl_canvas_printf(c, row, 0, SL_A_NORMAL, "%s%-*s %5s %5s", len > NAME_W ? "<" : "",
				 len > NAME_W ? NAME_W - 1 : NAME_W, name,
				 sl_fmt_kb(a, sizeof(a), r->anon_kb), sl_fmt_kb(b, sizeof(b), r->file_kb));
		sl_draw_table_cells(c, row, NAME_W + 12, 7, r);
	}
	return row;
}
