// SPDX-License-Identifier: GPL-2.0-only
/*
 * ui_node.c: the per-node panel: sizes from nodeN/meminfo under their
 * meminfo names, and one stacked bar of the node's memory, lists first,
 * then free.  The bar
 * uses letters, so it reads without colour:
 *   A active anon, a inactive anon, F active file, f inactive file,
 *   U unevictable, . free, blank: the rest (kernel, slab, page tables...).
 */
#include "ui.h"

struct segment {
	int mem;		/* enum sl_mem_field */
	char letter;
	int attr;
};

static const struct segment segments[] = {
	{ SL_MEM_ACTIVE_ANON, 'A', SL_A_ACTIVE_ANON },
	{ SL_MEM_INACTIVE_ANON, 'a', SL_A_INACTIVE_ANON },
	{ SL_MEM_ACTIVE_FILE, 'F', SL_A_ACTIVE_FILE },
	{ SL_MEM_INACTIVE_FILE, 'f', SL_A_INACTIVE_FILE },
	{ SL_MEM_UNEVICTABLE, 'U', SL_A_UNEVICTABLE },
	{ SL_MEM_FREE, '.', SL_A_FREE },
};

static void draw_bar(struct sl_canvas *c, int row, int col, int width,
		     const uint64_t *mem)
{
	uint64_t total = mem[SL_MEM_TOTAL], acc = 0;
	int drawn = 0;

	sl_canvas_putwc(c, row, col, SL_A_NORMAL, L'[');
	sl_canvas_putwc(c, row, col + width + 1, SL_A_NORMAL, L']');
	if (total == SL_MISSING || total == 0)
		return;
	for (size_t i = 0; i < sizeof(segments) / sizeof(segments[0]); i++) {
		uint64_t v = mem[segments[i].mem];
		if (v == SL_MISSING)
			continue;
		acc += v;
		/* Cumulative rounding, so the segments add up to the bar. */
		int end = (int)((acc > total ? total : acc) * (uint64_t)width / total);
		for (; drawn < end; drawn++)
			sl_canvas_putwc(c, row, col + 1 + drawn, segments[i].attr,
					(wchar_t)segments[i].letter);
	}
}

int sl_draw_node(struct sl_canvas *c, int row, int max_row,
		 const struct sl_node_frame *n)
{
	const uint64_t *mem = n->sample->mem;
	char a[16], b[16], d[16], e[16];
	int col;

	if (row >= max_row)
		return row;
	/* The kernel's own meminfo names, so a reader can check them. */
	col = sl_canvas_printf(c, row, 0, SL_A_TITLE | SL_A_BOLD, "node %d", n->nid);
	col = sl_canvas_printf(c, row, col, SL_A_NORMAL, "  MemTotal %-5s MemFree %-5s Unevictable %-5s",
			       sl_fmt_kb(a, sizeof(a), mem[SL_MEM_TOTAL]),
			       sl_fmt_kb(b, sizeof(b), mem[SL_MEM_FREE]),
			       sl_fmt_kb(d, sizeof(d), mem[SL_MEM_UNEVICTABLE]));
	draw_bar(c, row, col + 1, c->cols - col - 3, mem);
	row++;
	if (row >= max_row)
		return row;
	sl_canvas_printf(c, row, 0, SL_A_NORMAL,
			 "  Active(anon) %-5s Inactive(anon) %-5s Active(file) %-5s Inactive(file) %s",
			 sl_fmt_kb(a, sizeof(a), mem[SL_MEM_ACTIVE_ANON]),
			 sl_fmt_kb(b, sizeof(b), mem[SL_MEM_INACTIVE_ANON]),
			 sl_fmt_kb(d, sizeof(d), mem[SL_MEM_ACTIVE_FILE]),
			 sl_fmt_kb(e, sizeof(e), mem[SL_MEM_INACTIVE_FILE]));
	return row + 1;
}
