/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * canvas.h: the grid the display units draw on.
 *
 * Units never call curses: they write cells (a wide character and an
 * attribute) into a canvas.  term.c copies a canvas to the terminal; batch
 * mode prints it as plain text.  So the interactive screen, the batch
 * frames and the replayed frames are one drawing, and tests can compare
 * them byte for byte.
 *
 * Writes past the edge are clipped, never wrapped.
 */
#ifndef SPLITLRUTOP_CANVAS_H
#define SPLITLRUTOP_CANVAS_H

#include <stdbool.h>
#include <stdio.h>
#include <wchar.h>

/* Attributes: a colour role in the low bits, emphasis above. */
enum sl_attr {
	SL_A_NORMAL,
	SL_A_ACTIVE_ANON,
	SL_A_INACTIVE_ANON,
	SL_A_ACTIVE_FILE,
	SL_A_INACTIVE_FILE,
	SL_A_UNEVICTABLE,
	SL_A_FREE,
	SL_A_WARN,		/* degraded banner, MGLRU warning */
	SL_A_TITLE,		/* panel titles, table headers */
	SL_A_COLOR_MASK = 0x0f,
	SL_A_BOLD = 0x10,
	SL_A_REVERSE = 0x20,
};

struct sl_cell {
	wchar_t ch;
	unsigned char attr;
	/*
	 * Always zero (a compound literal zeroes it), so rows compare with
	 * memcmp: term.c finds the rows a frame changed that way.
	 */
	unsigned char zero[sizeof(wchar_t) - 1];
};

/* The glyphs a canvas may use: ASCII everywhere, blocks in UTF-8 locales. */
struct sl_glyphs {
	bool utf8;
	const wchar_t *spark;	/* levels, lowest first */
	int nr_spark;
	wchar_t permille;	/* "‰" or 0 to spell it "pm" */
};

extern const struct sl_glyphs sl_glyphs_ascii, sl_glyphs_utf8;

struct sl_canvas {
	int rows, cols;
	struct sl_cell *cells;
	const struct sl_glyphs *glyphs;
	/*
	 * Rows [used_rows, rows) are blank: nothing was written there since
	 * the last clear, so the next clear stops at used_rows.  A batch
	 * frame fills 30 of its 200 rows.
	 */
	int used_rows;
};

int sl_canvas_init(struct sl_canvas *c, int rows, int cols,
		   const struct sl_glyphs *g);
void sl_canvas_free(struct sl_canvas *c);
/* Blank every cell (only the rows written since the last clear). */
void sl_canvas_clear(struct sl_canvas *c);

/* Write ASCII text at (row, col); returns the column after it. */
int sl_canvas_puts(struct sl_canvas *c, int row, int col, int attr,
		   const char *s);
int sl_canvas_printf(struct sl_canvas *c, int row, int col, int attr,
		     const char *fmt, ...) __attribute__((format(printf, 5, 6)));
int sl_canvas_putwc(struct sl_canvas *c, int row, int col, int attr, wchar_t ch);
/*
 * ASCII text right-aligned in width columns (printf's "%*s", without a
 * format to parse: the tables' cells); returns the column after it.
 */
int sl_canvas_right(struct sl_canvas *c, int row, int col, int width, int attr,
		    const char *s);
/*
 * Write text from (row, col), breaking lines at spaces and going on at col
 * on the next row, up to max_row.  Returns the row after the last used.
 */
int sl_canvas_wrap(struct sl_canvas *c, int row, int max_row, int col, int attr,
		   const char *text);
/* Set the attribute of n cells without changing their characters. */
void sl_canvas_attr(struct sl_canvas *c, int row, int col, int n, int attr);

/* Print rows [0, nrows) as text, trailing blanks trimmed. */
void sl_canvas_print(const struct sl_canvas *c, int nrows, FILE *out);

#endif /* SPLITLRUTOP_CANVAS_H */
