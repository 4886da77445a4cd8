// SPDX-License-Identifier: GPL-2.0-only
/*
 * ui_layout.c: composes the units into a screen.  Top to bottom: header,
 * per-node panel and balance panel for each node shown, then the per-list
 * table or the memcg view, and the status line at the bottom.  Under
 * MGLRU the generations replace the balance panel, and the lruvec table
 * the per-list one.  Nodes that do not fit are counted in a line that
 * points at the n key.
 */
#include <string.h>

#include "ui.h"

int sl_draw_too_small(struct sl_canvas *c)
{
	char msg[96];
	int row = c->rows / 2 - 1;

	sl_canvas_clear(c);
	if (row < 0)
		row = 0;
	snprintf(msg, sizeof(msg), "terminal too small: %dx%d", c->cols, c->rows);
	if ((int)strlen(msg) <= c->cols) {
		sl_canvas_puts(c, row, 0, SL_A_WARN | SL_A_BOLD, msg);
		snprintf(msg, sizeof(msg), "need %dx%d; q quits", SL_MIN_COLS, SL_MIN_ROWS);
		sl_canvas_puts(c, row + 1, 0, SL_A_NORMAL, msg);
		return c->rows;
	}
	/* Too narrow for the sentence: short words, one per line, still say it. */
	sl_canvas_puts(c, row, 0, SL_A_WARN | SL_A_BOLD, "too small");
	snprintf(msg, sizeof(msg), "%dx%d", c->cols, c->rows);
	sl_canvas_puts(c, row + 1, 0, SL_A_NORMAL, msg);
	sl_canvas_puts(c, row + 2, 0, SL_A_NORMAL, "q quits");
	return c->rows;
}

static bool node_shown(const struct sl_view *v, int nid)
{
	return !v || v->node < 0 || v->node == nid;
}

/* The rows the table below the nodes wants at least. */
#define TABLE_MIN_ROWS (2 + SL_NR_LISTS + 1)

/*
 * Under MGLRU the classic lists are bypassed: the generations replace the
 * balance panel, and the lruvec table the per-list one.
 */
static bool gens_view(const struct sl_frame *f)
{
	return sl_mglru_on(f->cur->mglru);
}

static int panel_rows(const struct sl_node_frame *n)
{
	return n->gen.on ? sl_gen_rows(n) : SL_BALANCE_ROWS;
}

static int draw_panel(struct sl_canvas *c, int row, int max_row,
		      const struct sl_node_frame *n, const struct sl_frame *f)
{
	return n->gen.on ? sl_draw_gens(c, row, max_row, n)
			 : sl_draw_balance(c, row, max_row, n, f);
}

static int draw_table(struct sl_canvas *c, int row, int max_row,
		      const struct sl_frame *f, const struct sl_view *v)
{
	return gens_view(f) ? sl_draw_lruvecs(c, row, max_row, f, v)
			    : sl_draw_lists(c, row, max_row, f, v);
}

int sl_draw_screen(struct sl_canvas *c, const struct sl_frame *f,
		   const struct sl_view *v, const char *status, bool replay)
{
	int row = 0, last = c->rows - 1;	/* the last row is the status line */

	sl_canvas_clear(c);
	if (c->rows < SL_MIN_ROWS || c->cols < SL_MIN_COLS)
		return sl_draw_too_small(c);
	if (v->help) {
		sl_draw_help(c, 0, last, replay);
	} else {
		row = sl_draw_header(c, row, last, f, v);
		int shown = 0, hidden = 0;
		for (int i = 0; i < f->nr_nodes; i++) {
			const struct sl_node_frame *n = &f->nodes[i];
			if (!node_shown(v, n->nid))
				continue;
			/* Keep room for the table and a "more nodes" line. */
			if (row + SL_NODE_ROWS + panel_rows(n) + TABLE_MIN_ROWS + 1 > last) {
				hidden++;
				continue;
			}
			row = sl_draw_node(c, row, last, n);
			row = draw_panel(c, row, last, n, f);
			shown++;
		}
		if (hidden)
			sl_canvas_printf(c, row++, 0, SL_A_WARN,
					 "+%d more node%s: n shows one node at a time", hidden,
					 hidden > 1 ? "s" : "");
		if (v->memcg)
			sl_draw_memcgs(c, row, last, f, v);
		else
			draw_table(c, row, last, f, v);
	}
	if (status) {
		sl_canvas_puts(c, last, 0, SL_A_REVERSE, status);
		sl_canvas_attr(c, last, 0, c->cols, SL_A_REVERSE);
	}
	return c->rows;
}

int sl_draw_batch(struct sl_canvas *c, const struct sl_frame *f,
		  const struct sl_view *v)
{
	int row;

	sl_canvas_clear(c);
	row = sl_draw_header(c, 0, c->rows, f, v);
	for (int i = 0; i < f->nr_nodes; i++) {
		if (!node_shown(v, f->nodes[i].nid))
			continue;
		row = sl_draw_node(c, row, c->rows, &f->nodes[i]);
		row = draw_panel(c, row, c->rows, &f->nodes[i], f);
	}
	row = draw_table(c, row, c->rows, f, v);
	if (v && v->memcg)
		row = sl_draw_memcgs(c, row, c->rows, f, v);
	return row;
}
