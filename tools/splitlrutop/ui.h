/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ui.h: the display units.  Each draws one part of a frame onto a canvas
 * from row `row` on, never past `max_row`, and returns the first row it
 * did not use.  None of them reads a file, a map or the clock: everything
 * comes from the frame and the view.
 */
#ifndef SPLITLRUTOP_UI_H
#define SPLITLRUTOP_UI_H

#include "canvas.h"
#include "derive.h"

/* Smallest terminal the layout draws on; below it, a message says so. */
#define SL_MIN_COLS 80
#define SL_MIN_ROWS 16

/* Units (one file each). */
int sl_draw_header(struct sl_canvas *c, int row, int max_row,
		   const struct sl_frame *f, const struct sl_view *v);
int sl_draw_node(struct sl_canvas *c, int row, int max_row,
		 const struct sl_node_frame *n);
int sl_draw_balance(struct sl_canvas *c, int row, int max_row,
		    const struct sl_node_frame *n, const struct sl_frame *f);
int sl_draw_lists(struct sl_canvas *c, int row, int max_row,
		  const struct sl_frame *f, const struct sl_view *v);
int sl_draw_memcgs(struct sl_canvas *c, int row, int max_row,
		   const struct sl_frame *f, const struct sl_view *v);
/* MGLRU (ui_gen.c): a node's generations and rates; the lruvec table. */
int sl_draw_gens(struct sl_canvas *c, int row, int max_row,
		 const struct sl_node_frame *n);
int sl_gen_rows(const struct sl_node_frame *n);
int sl_draw_lruvecs(struct sl_canvas *c, int row, int max_row,
		    const struct sl_frame *f, const struct sl_view *v);
int sl_draw_help(struct sl_canvas *c, int row, int max_row, bool replay);
int sl_draw_too_small(struct sl_canvas *c);

/* Rows the node and balance units take for one node. */
#define SL_NODE_ROWS 2
#define SL_BALANCE_ROWS 4

/*
 * The whole screen.  status is the bottom line (keys, a confirmation, the
 * replay position); batch draws everything, top to bottom, with no status
 * line, and returns the number of rows used.
 */
int sl_draw_screen(struct sl_canvas *c, const struct sl_frame *f,
		   const struct sl_view *v, const char *status, bool replay);
int sl_draw_batch(struct sl_canvas *c, const struct sl_frame *f,
		  const struct sl_view *v);

/* ---- formatting shared by the units (ui_format.c) ---- */

/* kB as "512M", "1.5G", "12K"; "-" when missing. */
char *sl_fmt_kb(char *buf, size_t len, uint64_t kb);
/* A count or rate as "123", "12.3k", "1.2M"; "-" when NAN or missing. */
char *sl_fmt_rate(char *buf, size_t len, double v);
char *sl_fmt_count(char *buf, size_t len, uint64_t v);
/* A share in permille as "123"; "-" when negative (unknown). */
char *sl_fmt_pm(char *buf, size_t len, int pm);
/* A fraction 0..1 as "12%"; "-" when NAN. */
char *sl_fmt_pct(char *buf, size_t len, double frac);
/*
 * The source line: which source the figures come from, what it cannot
 * give and what else the sample lacks ("source series" when nothing).
 */
void sl_source_text(char *buf, size_t len, const struct sl_sample *s);
/* The sample lacks nothing: its source line is just "source NAME". */
bool sl_source_complete(const struct sl_sample *s);

#endif /* SPLITLRUTOP_UI_H */
