// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * snapshot.c: struct lru_snapshot's memory and arithmetic (sl_snapshot.h).
 * The loader fills snapshots; nothing here needs a kernel, so the unit
 * tests and both tools' figure paths use it alone.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lru_loader.h"
#include "sl_fields.h"
#include "sl_format.h"
#include "sl_snapshot.h"

void lru_snapshot_init(struct lru_snapshot *s)
{
	memset(s, 0, sizeof(*s));
}

void lru_snapshot_free(struct lru_snapshot *s)
{
	free(s->lists);
	free(s->balance);
	free(s->moves);
	lru_snapshot_init(s);
}

int lru_snapshot_grow(void **arr, size_t *cap, size_t need, size_t elem)
{
	size_t n = *cap ? *cap : 64;
	void *p;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	p = realloc(*arr, n * elem);
	if (!p)
		return -1;
	*arr = p;
	*cap = n;
	return 0;
}

#define CMP(x, y) do { if ((x) != (y)) return (x) < (y) ? -1 : 1; } while (0)

int lru_snapshot_cmp_list_key(const void *a, const void *b)
{
	const struct lru_list_key *x = a, *y = b;

	CMP(x->nid, y->nid);
	CMP(x->memcg_id, y->memcg_id);
	CMP(x->lru, y->lru);
	CMP(x->reclaimer, y->reclaimer);
	return 0;
}

int lru_snapshot_cmp_balance(const void *a, const void *b)
{
	const struct lru_balance *x = a, *y = b;

	CMP(x->nid, y->nid);
	CMP(x->memcg_id, y->memcg_id);
	return 0;
}

int lru_snapshot_cmp_move_key(const void *a, const void *b)
{
	const struct lru_move_key *x = a, *y = b;

	CMP(x->nid, y->nid);
	CMP(x->memcg_id, y->memcg_id);
	CMP(x->from_lru, y->from_lru);
	CMP(x->to_lru, y->to_lru);
	CMP(x->reason, y->reason);
	return 0;
}

/* Append elem (size bytes) to *arr of *nr items, capacity *cap. */
static int append(void **arr, size_t *nr, size_t *cap, const void *elem, size_t size)
{
	if (lru_snapshot_grow(arr, cap, *nr + 1, size))
		return -1;
	memcpy((char *)*arr + *nr * size, elem, size);
	(*nr)++;
	return 0;
}

int lru_snapshot_add_list(struct lru_snapshot *s, const struct lru_list_stat *l)
{
	return append((void **)&s->lists, &s->nr_lists, &s->cap_lists, l, sizeof(*l));
}

int lru_snapshot_add_move(struct lru_snapshot *s, const struct lru_move_stat *m)
{
	return append((void **)&s->moves, &s->nr_moves, &s->cap_moves, m, sizeof(*m));
}

int lru_snapshot_add_balance(struct lru_snapshot *s, const struct lru_balance *b)
{
	return append((void **)&s->balance, &s->nr_balance, &s->cap_balance, b, sizeof(*b));
}

void lru_snapshot_sort(struct lru_snapshot *s)
{
	if (s->nr_lists)
		qsort(s->lists, s->nr_lists, sizeof(*s->lists), lru_snapshot_cmp_list_key);
	if (s->nr_moves)
		qsort(s->moves, s->nr_moves, sizeof(*s->moves), lru_snapshot_cmp_move_key);
	if (s->nr_balance)
		qsort(s->balance, s->nr_balance, sizeof(*s->balance), lru_snapshot_cmp_balance);
}

/* to -= from, every counter of record r */
static void sub_counts(const struct sl_record *r, void *to, const void *from)
{
	for (size_t i = 0; i < r->nr_fields; i++) {
		const struct sl_field *f = &r->fields[i];

		for (unsigned k = 0; k < sl_field_keys(f); k++)
			sl_field_set(f, to, k, sl_field_get(f, to, k) - sl_field_get(f, from, k));
	}
}

int lru_snapshot_delta(const struct lru_snapshot *now,
		       const struct lru_snapshot *then,
		       struct lru_snapshot *out)
{
	size_t i, j, k;

	if (!now || !then || !out || out == now || out == then)
		return LRU_ERR_INVAL;
	out->ts_ns = now->ts_ns;
	if (lru_snapshot_grow((void **)&out->lists, &out->cap_lists, now->nr_lists,
			      sizeof(*out->lists)) ||
	    lru_snapshot_grow((void **)&out->moves, &out->cap_moves, now->nr_moves,
			      sizeof(*out->moves)) ||
	    lru_snapshot_grow((void **)&out->balance, &out->cap_balance,
			      now->nr_balance, sizeof(*out->balance)))
		return LRU_ERR_NOMEM;

	/* both arrays are sorted: walk them together */
	for (i = j = 0; i < now->nr_lists; i++) {
		out->lists[i] = now->lists[i];
		while (j < then->nr_lists &&
		       lru_snapshot_cmp_list_key(&then->lists[j].key, &now->lists[i].key) < 0)
			j++;
		if (j < then->nr_lists &&
		    lru_snapshot_cmp_list_key(&then->lists[j].key, &now->lists[i].key) == 0)
			sub_counts(&sl_list_counts_record, &out->lists[i].counts,
				   &then->lists[j].counts);
	}
	out->nr_lists = now->nr_lists;

	for (i = j = 0; i < now->nr_moves; i++) {
		out->moves[i] = now->moves[i];
		while (j < then->nr_moves &&
		       lru_snapshot_cmp_move_key(&then->moves[j].key, &now->moves[i].key) < 0)
			j++;
		if (j < then->nr_moves &&
		    lru_snapshot_cmp_move_key(&then->moves[j].key, &now->moves[i].key) == 0)
			sub_counts(&sl_move_counts_record, &out->moves[i].counts,
				   &then->moves[j].counts);
	}
	out->nr_moves = now->nr_moves;

	if (now->nr_balance)
		memcpy(out->balance, now->balance, now->nr_balance * sizeof(*now->balance));
	out->nr_balance = now->nr_balance;

	for (i = 0; i < LRU_HIST_NR; i++)
		for (k = 0; k < LRU_HIST_SLOTS; k++)
			out->hists[i].slots[k] = now->hists[i].slots[k] -
						 then->hists[i].slots[k];
	for (i = 0; i < LRU_CNT_NR; i++)
		out->counters[i] = now->counters[i] - then->counters[i];
	return LRU_OK;
}

/* ---- as text ---- */

static const char *const counter_keys[LRU_CNT_NR] = {
	[LRU_CNT_SHRINK] = "shrink",
	[LRU_CNT_BALANCE] = "balance",
	[LRU_CNT_MOVE] = "move",
	[LRU_CNT_RB_DROPS] = "rb_drops",
};

static void write_line(FILE *out, const char *tag, const struct sl_record *kr,
		       const void *key, const struct sl_record *cr, const void *counts)
{
	char buf[2048];
	struct sl_buf b;

	sl_buf_init(&b, buf, sizeof(buf));
	sl_fields_text(&b, kr, key);
	if (cr)
		sl_fields_text(&b, cr, counts);
	fprintf(out, "%s%s\n", tag, buf);
}

int lru_snapshot_write(FILE *out, const struct lru_snapshot *s)
{
	size_t i;

	fprintf(out, "snapshot ts_ns=%llu\n", (unsigned long long)s->ts_ns);
	for (i = 0; i < s->nr_lists; i++)
		write_line(out, "list", &sl_list_key_record, &s->lists[i].key,
			   &sl_list_counts_record, &s->lists[i].counts);
	for (i = 0; i < s->nr_balance; i++)
		write_line(out, "balance", &sl_balance_record, &s->balance[i], NULL, NULL);
	for (i = 0; i < s->nr_moves; i++)
		write_line(out, "move", &sl_move_key_record, &s->moves[i].key,
			   &sl_move_counts_record, &s->moves[i].counts);
	fputs("counters", out);
	for (i = 0; i < LRU_CNT_NR; i++)
		fprintf(out, " %s=%llu", counter_keys[i], (unsigned long long)s->counters[i]);
	fputs("\nend\n", out);
	return ferror(out) ? -1 : 0;
}

/* Every "key=value" of the rest of a line into rec (two records: key, counts). */
static int read_fields(char *save, const struct sl_record *kr, void *key,
		       const struct sl_record *cr, void *counts)
{
	char *tok;

	while ((tok = strtok_r(NULL, " \t", &save))) {
		char *eq = strchr(tok, '=');
		int rc;

		if (!eq)
			return -1;
		*eq = '\0';
		rc = sl_record_parse_kv(kr, key, tok, eq + 1);
		if (rc == 1 && cr)
			rc = sl_record_parse_kv(cr, counts, tok, eq + 1);
		if (rc < 0)
			return -1;
	}
	return 0;
}

int lru_snapshot_read(FILE *in, struct lru_snapshot *s, unsigned *line,
		      char *err, size_t errlen)
{
	char buf[4096];
	bool started = false;

	s->nr_lists = s->nr_balance = s->nr_moves = 0;
	memset(s->hists, 0, sizeof(s->hists));
	memset(s->counters, 0, sizeof(s->counters));
	s->ts_ns = 0;
	while (fgets(buf, sizeof(buf), in)) {
		char *save = NULL, *tag;
		int rc = 0;

		(*line)++;
		buf[strcspn(buf, "\n")] = '\0';
		tag = strtok_r(buf, " \t", &save);
		if (!tag || tag[0] == '#')
			continue;
		if (!started) {
			if (strcmp(tag, "snapshot")) {
				snprintf(err, errlen, "%u: expected 'snapshot'", *line);
				return -1;
			}
			started = true;
			for (char *tok; (tok = strtok_r(NULL, " \t", &save));)
				if (!strncmp(tok, "ts_ns=", 6))
					s->ts_ns = strtoull(tok + 6, NULL, 10);
			continue;
		}
		if (!strcmp(tag, "end")) {
			lru_snapshot_sort(s);
			return 0;
		} else if (!strcmp(tag, "list")) {
			struct lru_list_stat l;

			memset(&l, 0, sizeof(l));
			rc = read_fields(save, &sl_list_key_record, &l.key,
					 &sl_list_counts_record, &l.counts);
			if (!rc)
				rc = lru_snapshot_add_list(s, &l);
		} else if (!strcmp(tag, "balance")) {
			struct lru_balance b;

			memset(&b, 0, sizeof(b));
			rc = read_fields(save, &sl_balance_record, &b, NULL, NULL);
			if (!rc)
				rc = lru_snapshot_add_balance(s, &b);
		} else if (!strcmp(tag, "move")) {
			struct lru_move_stat m;

			memset(&m, 0, sizeof(m));
			rc = read_fields(save, &sl_move_key_record, &m.key,
					 &sl_move_counts_record, &m.counts);
			if (!rc)
				rc = lru_snapshot_add_move(s, &m);
		} else if (!strcmp(tag, "counters")) {
			for (char *tok; (tok = strtok_r(NULL, " \t", &save));)
				for (int i = 0; i < LRU_CNT_NR; i++) {
					size_t n = strlen(counter_keys[i]);

					if (!strncmp(tok, counter_keys[i], n) && tok[n] == '=')
						s->counters[i] = strtoull(tok + n + 1, NULL, 10);
				}
		}
		if (rc) {
			snprintf(err, errlen, "%u: malformed '%s' line", *line, tag);
			return -1;
		}
	}
	if (started) {
		snprintf(err, errlen, "%u: no 'end' line", *line);
		return -1;
	}
	return 1;
}
