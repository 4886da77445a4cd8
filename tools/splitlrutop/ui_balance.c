// SPDX-License-Identifier: GPL-2.0-only
/*
 * ui_balance.c: the scan-balance panel of one node.
 *   line 1: the anon/file share the kernel decided beside the share
 *           actually scanned this interval, each with its source;
 *   line 2: the share of the scan targets the decision set (the decided
 *           pressure after list sizes, protection and the priority shift);
 *   line 3: the inputs behind the decision (costs, rotations, sizes);
 *   line 4: sparklines of the decided and the scanned anon share.
 */
#include <inttypes.h>

#include "lru_format.h"
#include "ui.h"

/* The source's name; nothing for none, next to a share that is "-". */
static const char *src_word(enum sl_source src)
{
	return src == SL_SRC_NONE ? "" : sl_source_name(src);
}

static void share_text(char *buf, size_t len, int anon_pm)
{
	if (anon_pm < 0)
		snprintf(buf, len, "   -/-   ");
	else
		snprintf(buf, len, "%4d/%-4d", anon_pm, 1000 - anon_pm);
}

static int spark(struct sl_canvas *c, int row, int col, int width,
		 const short *hist, int nr)
{
	const struct sl_glyphs *g = c->glyphs;
	int start = nr > width ? nr - width : 0;

	/* Right-aligned: the newest value is always at the same place. */
	col += width - (nr - start);
	for (int i = start; i < nr; i++) {
		wchar_t ch = L' ';
		if (hist[i] >= 0)
			ch = g->spark[hist[i] * (g->nr_spark - 1) / 1000 +
				      (hist[i] * (g->nr_spark - 1) % 1000 >= 500)];
		col = sl_canvas_putwc(c, row, col, SL_A_INACTIVE_ANON, ch);
	}
	return col;
}

int sl_draw_balance(struct sl_canvas *c, int row, int max_row,
		    const struct sl_node_frame *n, const struct sl_frame *f)
{
	const struct sl_decision *d = &n->sample->decision;
	char dec[32], scan[32], a[16], b[16], x[16], y[16];
	int col, share_col;

	if (row >= max_row)
		return row;
	share_text(dec, sizeof(dec), n->decided_anon_pm);
	share_text(scan, sizeof(scan), n->scanned_anon_pm);
	col = sl_canvas_puts(c, row, 0, SL_A_TITLE | SL_A_BOLD, "  anon/file");
	if (c->glyphs->permille)
		col = sl_canvas_putwc(c, row, col, SL_A_TITLE | SL_A_BOLD, c->glyphs->permille);
	share_col = col;
	col = sl_canvas_printf(c, row, col, SL_A_NORMAL, " decided %s %-10s", dec,
			       src_word(n->decided_src));
	sl_canvas_printf(c, row, col, SL_A_NORMAL, " scanned %s %s", scan,
			 src_word(n->scanned_src));
	row++;

	if (row >= max_row)
		return row;
	/* under "decided", so that the two shares read as one column */
	share_text(dec, sizeof(dec), n->target_anon_pm);
	sl_canvas_printf(c, row, share_col, SL_A_NORMAL, " target  %s %-10s of the scan targets",
			 dec, src_word(n->target_src));
	row++;

	if (row >= max_row)
		return row;
	/* The inputs behind the decision: from it, or from zoneinfo and meminfo. */
	char tail[64];
	if (n->decided_src == SL_SRC_BPF || n->decided_src == SL_SRC_RECONSTRUCTED) {
		/* The policy is in the header; the mode says if shares were forced. */
		int len = snprintf(tail, sizeof(tail), "pages a/f %s/%s  %s",
				   sl_fmt_count(dec, sizeof(dec), n->anon_pages),
				   sl_fmt_count(scan, sizeof(scan), n->file_pages),
				   lru_name(LRU_NAMES_MODE, d->b.mode));
		/* a node without a root decision shows a memcg's: say whose */
		if (!sl_decision_is_root(&d->b) && len > 0 && (size_t)len < sizeof(tail))
			snprintf(tail + len, sizeof(tail) - (size_t)len, "  memcg %llu",
				 (unsigned long long)d->b.memcg_id);
	} else {
		const uint64_t *mem = n->sample->mem;
		uint64_t anon = sl_add_known(mem[SL_MEM_ACTIVE_ANON], mem[SL_MEM_INACTIVE_ANON]);
		uint64_t file = sl_add_known(mem[SL_MEM_ACTIVE_FILE], mem[SL_MEM_INACTIVE_FILE]);
		snprintf(tail, sizeof(tail), "size a/f %s/%s",
			 sl_fmt_kb(dec, sizeof(dec), anon), sl_fmt_kb(scan, sizeof(scan), file));
	}
	sl_canvas_printf(c, row, 0, SL_A_NORMAL,
			 "  inputs cost a/f %s/%s  rotated a/f %s/%s  %s",
			 sl_fmt_count(a, sizeof(a), n->anon_cost),
			 sl_fmt_count(b, sizeof(b), n->file_cost),
			 sl_fmt_count(x, sizeof(x), n->rotated_anon),
			 sl_fmt_count(y, sizeof(y), n->rotated_file), tail);
	row++;

	if (row >= max_row)
		return row;
	int width = (c->cols - 30) / 2;
	col = sl_canvas_puts(c, row, 0, SL_A_NORMAL, "  anon decided ");
	col = spark(c, row, col, width, n->decided_history, n->nr_history);
	col = sl_canvas_puts(c, row, col, SL_A_NORMAL, "  scanned ");
	spark(c, row, col, width, n->scanned_history, n->nr_history);
	(void)f;
	return row + 1;
}
