// SPDX-License-Identifier: GPL-2.0-only
/*
 * ui_header.c: the header meter.  Line 1: uptime, refresh, policy,
 * swappiness, MGLRU.  Line 2: memory PSI, swap, splitlrutop's own cost.
 * Then the source line: where the figures come from and what is missing.
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "ui.h"

int sl_draw_header(struct sl_canvas *c, int row, int max_row,
		   const struct sl_frame *f, const struct sl_view *v)
{
	const struct sl_sample *s = f->cur;
	char a[32], b[32], text[512];
	int col;

	if (row >= max_row)
		return row;
	uint64_t up = s->boot_s;
	col = sl_canvas_puts(c, row, 0, SL_A_TITLE | SL_A_BOLD, "splitlrutop");
	col = sl_canvas_printf(c, row, col, SL_A_NORMAL, "  up %" PRIu64 "d %02" PRIu64 ":%02" PRIu64 ":%02" PRIu64,
			       up / 86400, up / 3600 % 24, up / 60 % 60, up % 60);
	col = sl_canvas_printf(c, row, col, SL_A_NORMAL, "  every %.1fs", (double)s->interval_ms / 1000);
	col = sl_canvas_printf(c, row, col, SL_A_NORMAL, "  policy %s", s->policy[0] ? s->policy : "-");
	col = sl_canvas_printf(c, row, col, SL_A_NORMAL, "  swappiness %s",
			       sl_fmt_count(a, sizeof(a), s->swappiness));
	/* short enough for 80 columns; the banner below says what it means */
	if (sl_mglru_on(s->mglru))
		sl_canvas_puts(c, row, col, SL_A_WARN | SL_A_BOLD, "  MGLRU ON");
	else
		sl_canvas_printf(c, row, col, SL_A_NORMAL, "  MGLRU %s", s->mglru[0] ? "off" : "-");
	if (v && v->paused)
		sl_canvas_puts(c, row, c->cols - 8, SL_A_REVERSE, " PAUSED ");
	row++;

	if (row >= max_row)
		return row;
	if (s->psi_some10 == SL_MISSING)
		col = sl_canvas_puts(c, row, 0, SL_A_NORMAL, "PSI mem -");
	else
		col = sl_canvas_printf(c, row, 0, SL_A_NORMAL, "PSI mem some %.2f%% full %.2f%%",
				       (double)s->psi_some10 / 100,
				       s->psi_full10 == SL_MISSING ? NAN : (double)s->psi_full10 / 100);
	uint64_t used = s->swap_total != SL_MISSING && s->swap_free != SL_MISSING
		? s->swap_total - s->swap_free : SL_MISSING;
	col = sl_canvas_printf(c, row, col, SL_A_NORMAL, "  swap %s/%s",
			       sl_fmt_kb(a, sizeof(a), used), sl_fmt_kb(b, sizeof(b), s->swap_total));
	if (isnan(f->self_cpu_pct))
		snprintf(a, sizeof(a), "-");
	else
		snprintf(a, sizeof(a), "%.1f%%", f->self_cpu_pct);
	col = sl_canvas_printf(c, row, col, SL_A_NORMAL, "  self cpu %s", a);
	sl_canvas_printf(c, row, col, SL_A_NORMAL, " %s ev/s",
			 sl_fmt_rate(b, sizeof(b), f->events_per_s));
	row++;

	/* Which source, and what it and the files lack: at most three lines. */
	if (row < max_row) {
		bool complete = sl_source_complete(s);
		int limit = row + 3 < max_row ? row + 3 : max_row;

		sl_source_text(text, sizeof(text), s);
		row = sl_canvas_wrap(c, row, limit, 0, complete ? SL_A_NORMAL : SL_A_WARN, text);
	}
	return row;
}
