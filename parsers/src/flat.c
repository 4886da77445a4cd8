// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The context of every "one key per line" file (meminfo, vmstat, memcg,
 * PSI): the kinds differ only in how they split a line, which each passes
 * in as parse_line.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct mm_flat *mm_flat_new(const char *root, const char *path,
			    enum mmstat_table_kind kind, size_t index_len,
			    int (*parse_line)(struct mm_flat *fl, unsigned line,
					      char *text),
			    struct mmstat_error *err)
{
	struct mmstat_error scratch;
	struct mm_flat *fl = calloc(1, sizeof(*fl));

	if (!err)
		err = &scratch;
	if (fl && index_len)
		fl->index = malloc(index_len * sizeof(*fl->index));
	if (!fl || (index_len && !fl->index)) {
		mm_error_set(err, MMSTAT_ERR_NOMEM, ENOMEM, path, "out of memory");
		free(fl);
		return NULL;
	}
	if (mm_file_open(&fl->file, root, path, err)) {
		free(fl->index);
		free(fl);
		return NULL;
	}
	fl->index_len = index_len;
	fl->ent.kind = kind;
	fl->parse_line = parse_line;
	fl->node = -1;
	mm_flat_begin(fl);
	mm_table_view(&fl->table, &fl->ent, 0, fl->ent.len, fl->index,
		      fl->index_len);
	return fl;
}

void mm_flat_begin(struct mm_flat *fl)
{
	mm_entries_reset(&fl->ent);
	if (fl->index_len)	/* every entry -1: all bytes 0xff */
		memset(fl->index, 0xff, fl->index_len * sizeof(*fl->index));
}

int mm_flat_add(struct mm_flat *fl, unsigned line, const struct mm_keyset *ks,
		const char *name, size_t name_len, uint64_t value, int unit)
{
	size_t pos = fl->ent.len;

	if (mm_entries_add(&fl->ent, &fl->file, line, ks, 0, name, name_len, value,
			   unit))
		return -1;
	if (fl->ent.layout[pos].key >= 0 && (size_t)fl->ent.layout[pos].key < fl->index_len)
		fl->index[fl->ent.layout[pos].key] = (int32_t)pos;
	return 0;
}

int mm_flat_word_line(struct mm_flat *fl, unsigned line, char *text,
		      const struct mm_keyset *ks)
{
	struct mm_field f;
	const char *why = mm_split_field(text, &f);

	if (!why && f.had_colon)
		why = "':' where 'name value' is expected";
	if (!why && *f.tail)
		why = "unexpected text after the value";
	if (why)
		return mm_fail_field(&fl->file, line, &f, why);
	return mm_flat_add(fl, line, ks, f.name, f.name_len, f.value, -1);
}

/*
 * The kernel prints the same keys in the same order, in the same spacing,
 * sample after sample.  A line that is exactly what the cached layout
 * expects at its position -- [prefix] name, separator, (for meminfo)
 * spaces, up to 19 digits, and "\n" or (meminfo) " kB\n" -- is taken here
 * straight from the buffer: one memcmp of the expected name at the line
 * start, the digits, no split, no search, no strlen, and no duplicate
 * check (the layout was checked when it was learnt).  The first line that
 * is anything else (blank, CRLF, tabs, another key, 20 digits, a unit
 * that is not the key's) stops this loop at its start, and the general
 * path parses it and the rest.  So this path accepts only lines the
 * general one accepts, with the same result, and reports no errors.
 */
static int mm_flat_fast(struct mm_flat *fl, struct mm_cursor *c)
{
	struct mm_entries *e = &fl->ent;
	const char *p = c->p, *end = c->end;
	const size_t plen = fl->fast_prefix_len;
	const bool colon = fl->fast_sep == ':';

	if (!fl->fast_ks || e->layout_changed)
		return 0;
	if (mm_grow((void **)&e->v, &e->cap, e->layout_len, sizeof(*e->v)))
		return mm_nomem(&fl->file);
	while (e->len < e->layout_len) {
		const struct mm_layout_slot *s = &e->layout[e->len];
		const char *q = p;
		enum mmstat_unit unit = s->unit;
		uint64_t v;
		int digits;

		/* room for the name, its separator, a digit and the '\n' */
		if (s->ks != fl->fast_ks || s->table_start ||
		    (size_t)(end - q) < plen + s->name_len + 3 ||
		    (plen && memcmp(q, fl->fast_prefix, plen)) ||
		    !mm_fast_same(q + plen, end, s->name, s->name_len) ||
		    q[plen + s->name_len] != fl->fast_sep)
			break;
		q += plen + s->name_len + 1;
		if (colon)
			q = mm_fast_spaces(q, end);
		/* 19 digits cannot overflow; more go the checked way */
		digits = mm_fast_digits(&q, &v);
		if (digits < 1 || digits > 19)
			break;
		if (colon) {
			unit = MMSTAT_UNIT_COUNT;	/* HugePages_* */
			if (q[0] == ' ' && q[1] == 'k' && q[2] == 'B') {
				unit = MMSTAT_UNIT_KB;
				q += 3;
			}
			if (s->key >= 0 && unit != s->unit)
				break;			/* an error to report */
		}
		if (*q != '\n')
			break;
		e->v[e->len] = (struct mmstat_entry){ s->name, v, s->pub_key, unit };
		if (s->key >= 0 && (size_t)s->key < fl->index_len)
			fl->index[s->key] = (int32_t)e->len;
		e->len++;
		c->lineno++;
		p = q + 1;
	}
	c->p = (char *)p;
	return 0;
}

/* A failed sample leaves an empty table, never half of one. */
static int mm_flat_run(struct mm_flat *fl)
{
	struct mm_cursor c;
	char *text;
	size_t len;
	int ret;

	mm_flat_begin(fl);
	fl->file.err.kind = MMSTAT_ERR_NONE;
	/*
	 * The fast path first: it accepts only whole lines without a NUL, so
	 * when it takes the whole text, the checks of mm_cursor_init (NULs,
	 * a last line without its newline, an empty file) have nothing to
	 * find.  Otherwise they run, and fail the sample as they would have
	 * before any line; a NUL can only be at or past where it stopped.
	 */
	c = (struct mm_cursor){ .p = fl->file.buf, .end = fl->file.buf + fl->file.len };
	ret = mm_flat_fast(fl, &c);
	if (!ret && (c.p == fl->file.buf || c.p < c.end)) {
		char *at = c.p;
		unsigned lineno = c.lineno;

		ret = mm_cursor_init(&c, &fl->file);
		c.p = at;
		c.lineno = lineno;
	}
	while (!ret && mm_next_line(&c, &text, &len))
		ret = fl->parse_line(fl, c.lineno, text);
	if (!ret && !fl->ent.len)
		ret = mm_fail(&fl->file, 0, "no statistics in the file");
	if (ret)
		mm_flat_begin(fl);
	mm_table_view(&fl->table, &fl->ent, 0, fl->ent.len, fl->index,
		      fl->index_len);
	return ret;
}

int mm_flat_read(struct mm_flat *fl)
{
	if (mm_file_read(&fl->file)) {
		mm_flat_begin(fl);
		mm_table_view(&fl->table, &fl->ent, 0, fl->ent.len, fl->index,
		      fl->index_len);
		return -1;
	}
	return mm_flat_run(fl);
}

int mm_flat_parse(struct mm_flat *fl, const char *buf, size_t len)
{
	if (mm_file_load(&fl->file, buf, len))
		return -1;
	return mm_flat_run(fl);
}

void mm_flat_free(struct mm_flat *fl)
{
	if (!fl)
		return;
	mm_file_close(&fl->file);
	mm_entries_free(&fl->ent);
	free(fl->index);
	free(fl);
}
