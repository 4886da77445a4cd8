// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * zoneinfo's fast path: each sample remembers what the general path did
 * with every line, and the next sample replays the lines that are the
 * same, until the first that is not.  The kernel prints the same lines in
 * the same order every time; only the values change.
 */
#include <limits.h>
#include <string.h>

#include "zoneinfo.h"

/* The general path for one line [p, nl): what mm_next_line does, then zi_line. */
static int zi_general(struct mmstat_zoneinfo *z, unsigned lineno, char *p, char *nl)
{
	char *start = mm_skip_blanks(p), *stop = nl;

	while (stop > start && (mm_is_blank(stop[-1]) || stop[-1] == '\r'))
		stop--;
	if (stop == start)
		return 0;
	*stop = '\0';
	return zi_line(z, lineno, start, (unsigned)(start - p));
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* The entries an ADD memo appends to, and where its current table starts. */
static struct mm_entries *zi_memo_table(struct mmstat_zoneinfo *z,
					enum zi_memo_kind kind, size_t *start)
{
	if (!z->zrec_len)
		return NULL;
	switch (kind) {
	case ZM_NSTATS:
		*start = zi_node(z)->s0;
		return &z->nstats;
	case ZM_ZFIELDS:
	case ZM_FREE:
		*start = zi_zone(z)->f0;
		return &z->zfields;
	case ZM_ZSTATS:
		*start = zi_zone(z)->s0;
		return &z->zstats;
	case ZM_PCP:
		if (z->prec_len == zi_zone(z)->ps0)
			return NULL;
		*start = z->prec[z->prec_len - 1].e0;
		return &z->pcp;
	default:
		return NULL;
	}
}

/*
 * Line k of this sample against line k of the last: -1, not the same
 * line; 0, the same, for the general path to parse (a header, pagesets,
 * protection); 1, the same "name value" line, taken here: its entry is
 * appended as the general path would (same name, key, unit, table), with
 * the new value, or its pageset record pushed.  Every line before it was
 * the same too, so the parser is in the same state as it was at this line
 * last time, and the general path would decide the same; 1 to 19 digits
 * then the end of the line is a value it accepts as is.  Whatever the
 * general path would reject (a cpu number past UINT_MAX, ...) is left to
 * it, to report.
 */
static int zi_replay(struct mmstat_zoneinfo *z, const struct zi_memo *m,
		     const char *p, const char *end, char **nl)
{
	const char *id = z->memo_text + m->off, *q = p + m->len;
	struct mm_entries *e;
	const struct mm_layout_slot *s;
	size_t start = 0;
	uint64_t v;
	int digits;

	/* the text ends in a newline: a line within it has one after it */
	if ((size_t)(end - p) <= m->len || !mm_fast_same(p, end, id, m->len))
		return -1;
	if (m->kind != ZM_EXACT) {
		digits = mm_fast_digits(&q, &v);
		if (digits < 1 || digits > 19)
			return -1;
	}
	if (*q != '\n')
		return -1;
	*nl = (char *)q;
	if (m->kind == ZM_EXACT)
		return 0;
	if (m->kind == ZM_CPU) {
		struct zi_pset_rec *r;

		if (z->sect != ZI_PAGESETS || v > UINT_MAX || !zi_pset_in_order(z, v, -1) ||
		    !(r = mm_push((void **)&z->prec, &z->prec_len, &z->prec_cap,
				  sizeof(*r))))
			return -1;
		*r = (struct zi_pset_rec){ (unsigned)v, z->pcp.len, -1 };
		return 1;
	}
	e = zi_memo_table(z, m->kind, &start);
	if (!e || e->layout_changed || e->len >= e->layout_len)
		return -1;
	s = &e->layout[e->len];
	if (s->table_start != start ||
	    (e->len == e->cap && mm_grow((void **)&e->v, &e->cap, e->len + 1, sizeof(*e->v))))
		return -1;	/* the general path reports ENOMEM */
	e->v[e->len++] = (struct mmstat_entry){ s->name, v, s->pub_key, s->unit };
	if (m->kind == ZM_NSTATS)
		zi_node(z)->s1 = z->nstats.len;
	if (m->kind == ZM_FREE)
		z->sect = ZI_ZONE;
	return 1;
}

/* Keeps line k's text [p, nl) while the general path parses it in place. */
static int zi_memo_begin(struct mmstat_zoneinfo *z, size_t k, const char *p,
			 const char *nl)
{
	size_t len = (size_t)(nl - p);
	struct zi_memo *m;

	if (k < z->memo_len)	/* lines from k on are learnt again */
		z->memo_text_len = z->memo[k].off;
	z->memo_len = k;
	/* 8 bytes of slack for mm_fast_same (and never a NULL memo_text) */
	if (mm_grow((void **)&z->memo_text, &z->memo_text_cap,
		    z->memo_text_len + len + 8, 1) ||
	    !(m = mm_push((void **)&z->memo, &z->memo_len, &z->memo_cap, sizeof(*m))))
		return mm_nomem(&z->file);
	memcpy(z->memo_text + z->memo_text_len, p, len);
	*m = (struct zi_memo){ z->memo_text_len, len, ZM_EXACT };
	z->memo_len--;		/* counts once the line has parsed */
	z->line_kind = ZM_UNSET;
	return 0;
}

/* Line k parsed: what it was, and how much of it identifies it. */
static void zi_memo_end(struct mmstat_zoneinfo *z, size_t k)
{
	struct zi_memo *m = &z->memo[k];
	const char *text = z->memo_text + m->off;
	size_t digits = 0;

	m->kind = z->line_kind == ZM_UNSET ? ZM_EXACT : z->line_kind;
	while (digits < m->len && is_digit(text[m->len - 1 - digits]))
		digits++;
	if (m->kind != ZM_EXACT && digits && digits <= 19 && digits < m->len)
		m->len -= digits;
	else
		m->kind = ZM_EXACT;
	z->memo_text_len = m->off + m->len;
	z->memo_len = k + 1;
}

int zi_lines(struct mmstat_zoneinfo *z)
{
	struct mm_cursor c;
	bool replay = true;

	if (mm_cursor_init(&c, &z->file))
		return -1;
	for (size_t k = 0; c.p < c.end; k++) {
		char *p = c.p, *nl = NULL;
		int same = -1;

		c.lineno++;
		if (replay && k < z->memo_len)
			same = zi_replay(z, &z->memo[k], p, c.end, &nl);
		if (same < 0)	/* mm_cursor_init: the sample ends in a newline */
			nl = memchr(p, '\n', (size_t)(c.end - p));
		c.p = nl + 1;
		if (same > 0)
			continue;
		if (same == 0) {
			if (zi_general(z, c.lineno, p, nl))
				return -1;
			continue;
		}
		replay = false;
		if (zi_memo_begin(z, k, p, nl) || zi_general(z, c.lineno, p, nl))
			return -1;
		zi_memo_end(z, k);
	}
	return 0;
}
