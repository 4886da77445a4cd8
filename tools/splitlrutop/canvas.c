// SPDX-License-Identifier: GPL-2.0-only
/* canvas.c: the cell grid the units draw on; see canvas.h. */
#include "canvas.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const struct sl_glyphs sl_glyphs_ascii = {
	.utf8 = false,
	.spark = L"_.-=+*#@",
	.nr_spark = 8,
	.permille = 0,
};

const struct sl_glyphs sl_glyphs_utf8 = {
	.utf8 = true,
	.spark = L"\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588",
	.nr_spark = 8,
	.permille = L'\u2030',
};

int sl_canvas_init(struct sl_canvas *c, int rows, int cols,
		   const struct sl_glyphs *g)
{
	if (rows <= 0 || cols <= 0)
		return -1;
	c->cells = calloc((size_t)rows * cols, sizeof(*c->cells));
	if (!c->cells)
		return -1;
	c->rows = rows;
	c->cols = cols;
	c->glyphs = g ? g : &sl_glyphs_ascii;
	c->used_rows = rows;
	sl_canvas_clear(c);
	return 0;
}

void sl_canvas_free(struct sl_canvas *c)
{
	free(c->cells);
	c->cells = NULL;
	c->rows = c->cols = c->used_rows = 0;
}

/* One blank row, then copies of it: the frame loop calls this each frame. */
void sl_canvas_clear(struct sl_canvas *c)
{
	struct sl_cell *first = c->cells;

	if (c->used_rows <= 0)
		return;
	for (int i = 0; i < c->cols; i++)
		first[i] = (struct sl_cell){ .ch = L' ', .attr = SL_A_NORMAL };
	for (int r = 1; r < c->used_rows; r++)
		memcpy(c->cells + (size_t)r * c->cols, first, (size_t)c->cols * sizeof(*first));
	c->used_rows = 0;
}

static void canvas_used(struct sl_canvas *c, int row)
{
	if (row >= c->used_rows)
		c->used_rows = row + 1;
}

int sl_canvas_putwc(struct sl_canvas *c, int row, int col, int attr, wchar_t ch)
{
	if (row >= 0 && row < c->rows && col >= 0 && col < c->cols) {
		c->cells[row * c->cols + col] = (struct sl_cell){ .ch = ch, .attr = (unsigned char)attr };
		canvas_used(c, row);
	}
	return col + 1;
}

int sl_canvas_puts(struct sl_canvas *c, int row, int col, int attr,
		   const char *s)
{
	for (; *s; s++)
		col = sl_canvas_putwc(c, row, col, attr, (unsigned char)*s);
	return col;
}

int sl_canvas_right(struct sl_canvas *c, int row, int col, int width, int attr,
		    const char *s)
{
	for (int pad = width - (int)strlen(s); pad > 0; pad--)
		col = sl_canvas_putwc(c, row, col, attr, L' ');
	return sl_canvas_puts(c, row, col, attr, s);
}

int sl_canvas_printf(struct sl_canvas *c, int row, int col, int attr,
		     const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return sl_canvas_puts(c, row, col, attr, buf);
}

int sl_canvas_wrap(struct sl_canvas *c, int row, int max_row, int col, int attr,
		   const char *text)
{
	int width = c->cols - col;

	while (*text && row < max_row && width > 0) {
		int len = (int)strlen(text), cut = len;
		if (len > width) {
			for (cut = width; cut > 0 && text[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = width;	/* one word longer than the line */
		}
		for (int i = 0; i < cut; i++)
			sl_canvas_putwc(c, row, col + i, attr, (unsigned char)text[i]);
		text += cut;
		while (*text == ' ')
			text++;
		row++;
	}
	return row;
}

void sl_canvas_attr(struct sl_canvas *c, int row, int col, int n, int attr)
{
	if (row < 0 || row >= c->rows)
		return;
	canvas_used(c, row);
	for (int i = col < 0 ? 0 : col; i < col + n && i < c->cols; i++)
		c->cells[row * c->cols + i].attr = (unsigned char)attr;
}

/* Each row is gathered into one buffer and written at once, not a byte per call. */
void sl_canvas_print(const struct sl_canvas *c, int nrows, FILE *out)
{
	char line[4096];
	size_t len;
	mbstate_t st;

	if (nrows > c->rows)
		nrows = c->rows;
	for (int r = 0; r < nrows; r++) {
		const struct sl_cell *cells = c->cells + r * c->cols;
		int end = c->cols;

		while (end > 0 && cells[end - 1].ch == L' ')
			end--;
		len = 0;
		for (int i = 0; i < end; i++) {
			if (len + MB_LEN_MAX >= sizeof(line)) {	/* room for a character and the newline */
				fwrite(line, 1, len, out);
				len = 0;
			}
			if (cells[i].ch < 0x80) {
				line[len++] = (char)cells[i].ch;
				continue;
			}
			memset(&st, 0, sizeof(st));
			size_t n = wcrtomb(line + len, cells[i].ch, &st);
			if (n == (size_t)-1)
				line[len++] = '?';
			else
				len += n;
		}
		line[len++] = '\n';
		fwrite(line, 1, len, out);
	}
}
