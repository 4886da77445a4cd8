// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * snapshot.c: struct lru_snapshot's memory and arithmetic (sl_snapshot.h).
 * The loader fills snapshots; nothing here needs a kernel, so the unit
 * tests and both tools' figure paths use it alone.
 *
 * The snapshot's three arrays (lists, balance, moves) are described once,
 * in arrays[] below: their entries' field tables, sort order and text tag.
 * Growing, sorting, the delta and the text form walk that table.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
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

/* ---- the arrays ---- */

/*
 * One array of the snapshot: each entry is a key (at its start) and,
 * for counters, the counts at counts_off, which a delta subtracts; an
 * entry without counts (a decision) is a state, which a delta keeps.
 */
struct array {
	const char *tag;			/* its lines in the text form */
	const struct sl_record *key, *counts;	/* counts NULL: a state */
	size_t size, counts_off;
	size_t arr_off, nr_off, cap_off;	/* in struct lru_snapshot */
	int (*cmp)(const void *, const void *);
};

static const struct array arrays[] = {
	{ "list", &sl_list_key_record, &sl_list_counts_record,
	  sizeof(struct lru_list_stat), offsetof(struct lru_list_stat, counts),
	  offsetof(struct lru_snapshot, lists), offsetof(struct lru_snapshot, nr_lists),
	  offsetof(struct lru_snapshot, cap_lists), lru_snapshot_cmp_list_key },
	{ "balance", &sl_balance_record, NULL, sizeof(struct lru_balance), 0,
	  offsetof(struct lru_snapshot, balance), offsetof(struct lru_snapshot, nr_balance),
	  offsetof(struct lru_snapshot, cap_balance), lru_snapshot_cmp_balance },
	{ "move", &sl_move_key_record, &sl_move_counts_record,
	  sizeof(struct lru_move_stat), offsetof(struct lru_move_stat, counts),
	  offsetof(struct lru_snapshot, moves), offsetof(struct lru_snapshot, nr_moves),
	  offsetof(struct lru_snapshot, cap_moves), lru_snapshot_cmp_move_key },
};
#define NR_ARRAYS (sizeof(arrays) / sizeof(arrays[0]))

static void **items(const struct array *a, const struct lru_snapshot *s)
{
	return (void **)((char *)s + a->arr_off);
}

static size_t *nr_of(const struct array *a, const struct lru_snapshot *s)
{
	return (size_t *)((char *)s + a->nr_off);
}

static size_t *cap_of(const struct array *a, const struct lru_snapshot *s)
{
	return (size_t *)((char *)s + a->cap_off);
}

static char *item(const struct array *a, const struct lru_snapshot *s, size_t i)
{
	return (char *)*items(a, s) + i * a->size;
}

static int append(const struct array *a, struct lru_snapshot *s, const void *elem)
{
	size_t *nr = nr_of(a, s);

	if (lru_snapshot_grow(items(a, s), cap_of(a, s), *nr + 1, a->size))
		return -1;
	memcpy(item(a, s, *nr), elem, a->size);
	(*nr)++;
	return 0;
}

int lru_snapshot_add_list(struct lru_snapshot *s, const struct lru_list_stat *l)
{
	return append(&arrays[0], s, l);
}

int lru_snapshot_add_balance(struct lru_snapshot *s, const struct lru_balance *b)
{
	return append(&arrays[1], s, b);
}

int lru_snapshot_add_move(struct lru_snapshot *s, const struct lru_move_stat *m)
{
	return append(&arrays[2], s, m);
}

void lru_snapshot_sort(struct lru_snapshot *s)
{
	for (size_t a = 0; a < NR_ARRAYS; a++)
		if (*nr_of(&arrays[a], s))
			qsort(*items(&arrays[a], s), *nr_of(&arrays[a], s),
			      arrays[a].size, arrays[a].cmp);
}

/* to -= from, every counter of record r (ctx) */
static void sub_counts(void *to, const void *from, const void *ctx)
{
	const struct sl_record *r = ctx;

	for (size_t i = 0; i < r->nr_fields; i++) {
		const struct sl_field *f = &r->fields[i];

		for (unsigned k = 0; k < sl_field_keys(f); k++)
			sl_field_set(f, to, k, sl_field_get(f, to, k) - sl_field_get(f, from, k));
	}
}

void lru_sorted_delta(void *out, size_t n, const void *then, size_t m, size_t size,
		      int (*cmp)(const void *, const void *),
		      void (*sub)(void *to, const void *from, const void *ctx),
		      const void *ctx)
{
	char *o = out;
	const char *t = then;
	size_t i, j;

	/* both sorted by key: walk them together */
	for (i = j = 0; i < n; i++) {
		while (j < m && cmp(t + j * size, o + i * size) < 0)
			j++;
		if (j < m && cmp(t + j * size, o + i * size) == 0)
			sub(o + i * size, t + j * size, ctx);
	}
}

/* an entry's counts lie at counts_off (ctx: the array) */
static void sub_entry_counts(void *to, const void *from, const void *ctx)
{
	const struct array *a = ctx;

	sub_counts((char *)to + a->counts_off, (const char *)from + a->counts_off,
		   a->counts);
}

/* out's array a = now's, less then's counts of the same key (both sorted). */
static int delta_array(const struct array *a, const struct lru_snapshot *now,
		       const struct lru_snapshot *then, struct lru_snapshot *out)
{
	size_t n = *nr_of(a, now);

	if (lru_snapshot_grow(items(a, out), cap_of(a, out), n, a->size))
		return -1;
	if (n)
		memcpy(*items(a, out), *items(a, now), n * a->size);
	*nr_of(a, out) = n;
	if (a->counts)
		lru_sorted_delta(*items(a, out), n, *items(a, then), *nr_of(a, then),
				 a->size, a->cmp, sub_entry_counts, a);
	return 0;
}

int lru_snapshot_delta(const struct lru_snapshot *now,
		       const struct lru_snapshot *then,
		       struct lru_snapshot *out)
{
	if (!now || !then || !out || out == now || out == then)
		return LRU_ERR_INVAL;
	out->ts_ns = now->ts_ns;
	for (size_t a = 0; a < NR_ARRAYS; a++)
		if (delta_array(&arrays[a], now, then, out))
			return LRU_ERR_NOMEM;
	for (size_t h = 0; h < LRU_HIST_NR; h++)
		for (size_t k = 0; k < LRU_HIST_SLOTS; k++)
			out->hists[h].slots[k] = now->hists[h].slots[k] -
						 then->hists[h].slots[k];
	for (size_t c = 0; c < LRU_CNT_NR; c++)
		out->counters[c] = now->counters[c] - then->counters[c];
	return LRU_OK;
}

/* ---- as text ---- */

static const char *const counter_keys[] = {
	[LRU_CNT_SHRINK] = "shrink",
	[LRU_CNT_BALANCE] = "balance",
	[LRU_CNT_MOVE] = "move",
	[LRU_CNT_RB_DROPS] = "rb_drops",
};
_Static_assert(sizeof(counter_keys) / sizeof(counter_keys[0]) == LRU_CNT_NR,
	       "counter_keys needs one key per enum lru_counter_id");

int lru_snapshot_write(FILE *out, const struct lru_snapshot *s)
{
	fprintf(out, "snapshot ts_ns=%llu\n", (unsigned long long)s->ts_ns);
	for (size_t a = 0; a < NR_ARRAYS; a++) {
		const struct array *ar = &arrays[a];

		for (size_t i = 0; i < *nr_of(ar, s); i++) {
			const char *e = item(ar, s, i);
			char buf[2048];
			struct sl_buf b;

			sl_buf_init(&b, buf, sizeof(buf));
			sl_fields_text(&b, ar->key, e);
			if (ar->counts)
				sl_fields_text(&b, ar->counts, e + ar->counts_off);
			fprintf(out, "%s%s\n", ar->tag, buf);
		}
	}
	fputs("counters", out);
	for (size_t i = 0; i < LRU_CNT_NR; i++)
		fprintf(out, " %s=%llu", counter_keys[i], (unsigned long long)s->counters[i]);
	fputs("\nend\n", out);
	return ferror(out) ? -1 : 0;
}

struct json_object *lru_snapshot_to_json(const struct lru_snapshot *s, const char *tag)
{
	for (size_t a = 0; a < NR_ARRAYS; a++) {
		const struct array *ar = &arrays[a];
		json_object *arr;

		if (strcmp(ar->tag, tag))
			continue;
		arr = json_object_new_array();
		for (size_t i = 0; i < *nr_of(ar, s); i++) {
			const char *e = item(ar, s, i);
			json_object *o = json_object_new_object();

			sl_fields_to_json(o, ar->key, e);
			if (ar->counts)
				sl_fields_to_json(o, ar->counts, e + ar->counts_off);
			json_object_array_add(arr, o);
		}
		return arr;
	}
	return NULL;
}

/* The rest of an array's line ("key=value"...) into a new entry of s. */
static int read_entry(const struct array *a, struct lru_snapshot *s, char *save)
{
	_Alignas(8) char e[256];
	char *tok;

	if (a->size > sizeof(e))
		return -1;
	memset(e, 0, a->size);
	while ((tok = strtok_r(NULL, " \t", &save))) {
		char *eq = strchr(tok, '=');
		int rc;

		if (!eq)
			return -1;
		*eq = '\0';
		rc = sl_record_parse_kv(a->key, e, tok, eq + 1);
		if (rc == 1 && a->counts)
			rc = sl_record_parse_kv(a->counts, e + a->counts_off, tok, eq + 1);
		if (rc < 0)
			return -1;
	}
	return append(a, s, e);
}

/* "name=value"... into v[] by names[] (n of them); other keys are skipped. */
static void read_named(char *save, const char *const *names, size_t n, uint64_t *v)
{
	for (char *tok; (tok = strtok_r(NULL, " \t", &save));)
		for (size_t i = 0; i < n; i++) {
			size_t len = strlen(names[i]);

			if (!strncmp(tok, names[i], len) && tok[len] == '=')
				v[i] = strtoull(tok + len + 1, NULL, 10);
		}
}

int lru_snapshot_read(FILE *in, struct lru_snapshot *s, unsigned *line,
		      char *err, size_t errlen)
{
	static const char *const ts_key[] = { "ts_ns" };
	char buf[4096];
	bool started = false;

	for (size_t a = 0; a < NR_ARRAYS; a++)
		*nr_of(&arrays[a], s) = 0;
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
			read_named(save, ts_key, 1, &s->ts_ns);
			continue;
		}
		if (!strcmp(tag, "end")) {
			lru_snapshot_sort(s);
			return 0;
		}
		if (!strcmp(tag, "counters"))
			read_named(save, counter_keys, LRU_CNT_NR, s->counters);
		for (size_t a = 0; a < NR_ARRAYS; a++)
			if (!strcmp(tag, arrays[a].tag))
				rc = read_entry(&arrays[a], s, save);
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
