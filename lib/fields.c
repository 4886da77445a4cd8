// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fields.c: the field table of every record in lru_events.h (sl_fields.h).
 * Adding a kernel field: add it to lru_events.h, then one F() line here.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lru_format.h"
#include "sl_fields.h"

#define F(type, field, kind, names)                                            \
	{ #field, offsetof(struct type, field),                                \
	  sizeof(((struct type *)0)->field), SL_FIELD_##kind, names, NULL, NULL }
/* A counter of struct lru_list_counts, exported as splitlru_lru_METRIC. */
#define P(field, metric, help)                                                 \
	{ #field, offsetof(struct lru_list_counts, field),                     \
	  sizeof(((struct lru_list_counts *)0)->field), SL_FIELD_NUM, 0,       \
	  metric, help }
#define A(type, field)                                                         \
	{ #field, offsetof(struct type, field),                                \
	  sizeof(((struct type *)0)->field[0]), SL_FIELD_PER_LRU, 0, NULL, NULL }
#define RECORD(var, type, table)                                               \
	const struct sl_record var = { #type, table,                           \
		sizeof(table) / sizeof(table[0]), sizeof(struct type) }

/*
 * A field added to a struct without a line below fails here: the sizes
 * are the sums of the table's fields (sl_fields' unit test checks that the
 * tables cover every byte).
 */
_Static_assert(sizeof(struct lru_list_key) == 16, "new lru_list_key field: add it to list_key_fields");
_Static_assert(sizeof(struct lru_list_counts) == 72, "new lru_list_counts field: add it to list_counts_fields");
_Static_assert(sizeof(struct lru_balance) == 160, "new lru_balance field: add it to balance_fields");
_Static_assert(sizeof(struct lru_move_key) == 16, "new lru_move_key field: add it to move_key_fields");
_Static_assert(sizeof(struct lru_move_counts) == 16, "new lru_move_counts field: add it to move_counts_fields");
_Static_assert(sizeof(struct lru_shrink_event) == 96, "new lru_shrink_event field: add it to shrink_fields");
_Static_assert(sizeof(struct lru_move_event) == 32, "new lru_move_event field: add it to move_fields");

static const struct sl_field list_key_fields[] = {
	F(lru_list_key, nid, NUM, 0),
	F(lru_list_key, memcg_id, NUM, 0),
	F(lru_list_key, lru, NAME, LRU_NAMES_LRU),
	F(lru_list_key, reclaimer, NAME, LRU_NAMES_RECLAIMER),
	F(lru_list_key, pad, PAD, 0),
};
RECORD(sl_list_key_record, lru_list_key, list_key_fields);

static const struct sl_field list_counts_fields[] = {
	P(scanned, "scanned_pages_total", "Pages scanned on an LRU list by reclaim."),
	P(taken, "taken_pages_total", "Pages isolated from an LRU list by reclaim."),
	P(reclaimed, "reclaimed_pages_total", "Pages reclaimed from an LRU list."),
	P(rotated, "rotated_pages_total", "Referenced pages kept on or returned to the active list."),
	P(activated, "activated_pages_total", "Pages moved to the active list by a shrink."),
	P(deactivated, "deactivated_pages_total", "Pages moved to the inactive list by a shrink."),
	P(shrinks, "shrinks_total", "Shrinks of one LRU list."),
	P(unmap_fail, "unmap_fail_pages_total", "Pages reclaim could not unmap."),
	P(writeback_io, "writeback_io_pages_total", "Pages reclaim started writeback on."),
};
RECORD(sl_list_counts_record, lru_list_counts, list_counts_fields);

/*
 * mm_vmscan_scan_balance's TP_printk order, then what the BPF side adds.
 * The series v1 names of the decided pair, anon_permille/file_permille,
 * are kept by v2 only for old readers: left out here, read as aliases.
 */
static const struct sl_field balance_fields[] = {
	F(lru_balance, nid, NUM, 0),
	F(lru_balance, memcg_id, NUM, 0),
	F(lru_balance, priority, NUM, 0),
	F(lru_balance, policy, NAME, LRU_NAMES_POLICY),
	F(lru_balance, mode, NAME, LRU_NAMES_MODE),
	F(lru_balance, forced_by, NAME, LRU_NAMES_FORCED_BY),
	F(lru_balance, swappiness, NUM, 0),
	F(lru_balance, anon_cost, NUM, 0),
	F(lru_balance, file_cost, NUM, 0),
	F(lru_balance, rotated_anon, NUM, 0),
	F(lru_balance, rotated_file, NUM, 0),
	F(lru_balance, anon_pages, NUM, 0),
	F(lru_balance, file_pages, NUM, 0),
	F(lru_balance, fraction_anon, NUM, 0),
	F(lru_balance, fraction_file, NUM, 0),
	F(lru_balance, denominator, NUM, 0),
	F(lru_balance, decided_anon_permille, NUM, 0),
	F(lru_balance, decided_file_permille, NUM, 0),
	F(lru_balance, target_anon_permille, NUM, 0),
	F(lru_balance, target_file_permille, NUM, 0),
	A(lru_balance, scan),
	F(lru_balance, ts_ns, NUM, 0),
	F(lru_balance, flags, NUM, 0),		/* enum lru_balance_flag bits */
	F(lru_balance, pad, PAD, 0),
	F(lru_balance, pad2, PAD, 0),
};
RECORD(sl_balance_record, lru_balance, balance_fields);

static const struct sl_field move_key_fields[] = {
	F(lru_move_key, nid, NUM, 0),
	F(lru_move_key, memcg_id, NUM, 0),
	F(lru_move_key, from_lru, NAME, LRU_NAMES_LRU),
	F(lru_move_key, to_lru, NAME, LRU_NAMES_LRU),
	F(lru_move_key, reason, NAME, LRU_NAMES_MOVE),
	F(lru_move_key, pad, PAD, 0),
};
RECORD(sl_move_key_record, lru_move_key, move_key_fields);

static const struct sl_field move_counts_fields[] = {
	F(lru_move_counts, moves, NUM, 0),
	F(lru_move_counts, pages, NUM, 0),
};
RECORD(sl_move_counts_record, lru_move_counts, move_counts_fields);

/* mm_vmscan_lru_shrink's TP_printk order, then what the BPF side adds. */
static const struct sl_field shrink_fields[] = {
	F(lru_shrink_event, nid, NUM, 0),
	F(lru_shrink_event, memcg_id, NUM, 0),
	F(lru_shrink_event, lru, NAME, LRU_NAMES_LRU),
	F(lru_shrink_event, reclaimer, NAME, LRU_NAMES_RECLAIMER),
	F(lru_shrink_event, reason, NAME, LRU_NAMES_REASON),
	F(lru_shrink_event, priority, NUM, 0),
	F(lru_shrink_event, nr_to_scan, NUM, 0),
	F(lru_shrink_event, nr_scanned, NUM, 0),
	F(lru_shrink_event, nr_taken, NUM, 0),
	F(lru_shrink_event, nr_reclaimed, NUM, 0),
	F(lru_shrink_event, nr_activated, NUM, 0),
	F(lru_shrink_event, nr_deactivated, NUM, 0),
	F(lru_shrink_event, nr_rotated, NUM, 0),
	F(lru_shrink_event, nr_unmap_fail, NUM, 0),
	F(lru_shrink_event, nr_writeback_io, NUM, 0),
	F(lru_shrink_event, fallback, BOOL, 0),
	F(lru_shrink_event, pad, PAD, 0),
};
RECORD(sl_shrink_record, lru_shrink_event, shrink_fields);

/* mm_lru_move's TP_printk order. */
static const struct sl_field move_fields[] = {
	F(lru_move_event, pfn, HEX, 0),
	F(lru_move_event, nid, NUM, 0),
	F(lru_move_event, memcg_id, NUM, 0),
	F(lru_move_event, from_lru, NAME, LRU_NAMES_LRU),
	F(lru_move_event, to_lru, NAME, LRU_NAMES_LRU),
	F(lru_move_event, nr_pages, NUM, 0),
	F(lru_move_event, reason, NAME, LRU_NAMES_MOVE),
	F(lru_move_event, pad, PAD, 0),
};
RECORD(sl_move_record, lru_move_event, move_fields);

unsigned sl_field_keys(const struct sl_field *f)
{
	switch (f->kind) {
	case SL_FIELD_PAD: return 0;
	case SL_FIELD_PER_LRU: return 4;
	default: return 1;
	}
}

int sl_field_key(const struct sl_field *f, unsigned i, char *buf, size_t len)
{
	if (f->kind == SL_FIELD_PER_LRU)
		return snprintf(buf, len, "%s_%s", f->name, lru_name(LRU_NAMES_LRU, i));
	return snprintf(buf, len, "%s", f->name);
}

uint64_t sl_field_get(const struct sl_field *f, const void *rec, unsigned i)
{
	const char *p = (const char *)rec + f->offset + (size_t)i * f->size;

	switch (f->size) {
	case 1: return *(const uint8_t *)p;
	case 2: return *(const uint16_t *)p;
	case 4: return *(const uint32_t *)p;
	default: return *(const uint64_t *)p;
	}
}

int sl_field_set(const struct sl_field *f, void *rec, unsigned i, uint64_t v)
{
	char *p = (char *)rec + f->offset + (size_t)i * f->size;

	if (f->size < 8 && v >> (f->size * 8))
		return -1;
	switch (f->size) {
	case 1: *(uint8_t *)p = (uint8_t)v; break;
	case 2: *(uint16_t *)p = (uint16_t)v; break;
	case 4: *(uint32_t *)p = (uint32_t)v; break;
	default: *(uint64_t *)p = v; break;
	}
	return 0;
}

void sl_record_each(const struct sl_record *r, const void *rec, sl_field_fn fn,
		    void *ctx)
{
	for (size_t i = 0; i < r->nr_fields; i++) {
		const struct sl_field *f = &r->fields[i];

		for (unsigned k = 0; k < sl_field_keys(f); k++) {
			char key[64];

			sl_field_key(f, k, key, sizeof(key));
			fn(ctx, key, f, sl_field_get(f, rec, k));
		}
	}
}

const struct sl_field *sl_record_field(const struct sl_record *r, const char *name)
{
	for (size_t i = 0; i < r->nr_fields; i++)
		if (r->fields[i].kind != SL_FIELD_PAD && !strcmp(r->fields[i].name, name))
			return &r->fields[i];
	return NULL;
}

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return errno || *end ? -1 : 0;
}

static int parse_kv(const struct sl_record *r, void *rec, const char *key,
		    const char *value)
{
	for (size_t i = 0; i < r->nr_fields; i++) {
		const struct sl_field *f = &r->fields[i];
		unsigned n = sl_field_keys(f);

		for (unsigned k = 0; k < n; k++) {
			char name[64];
			uint64_t v;

			sl_field_key(f, k, name, sizeof(name));
			if (strcmp(name, key))
				continue;
			/* an enum may be given by its name, as the text has it */
			if (f->kind == SL_FIELD_NAME && lru_name_parse(f->names, value) >= 0)
				v = (uint64_t)lru_name_parse(f->names, value);
			else if (parse_u64(value, &v))
				return -1;
			return sl_field_set(f, rec, k, v);
		}
	}
	return 1;
}

/* Keys an older version wrote, read as the field that took their place. */
static const struct {
	const struct sl_record *record;
	const char *old, *now;
} aliases[] = {
	/* series v1: one ambiguous pair, the decided share under v2 */
	{ &sl_balance_record, "anon_permille", "decided_anon_permille" },
	{ &sl_balance_record, "file_permille", "decided_file_permille" },
};

int sl_record_parse_kv(const struct sl_record *r, void *rec,
		       const char *key, const char *value)
{
	int rc = parse_kv(r, rec, key, value);

	for (size_t i = 0; rc == 1 && i < sizeof(aliases) / sizeof(aliases[0]); i++)
		if (aliases[i].record == r && !strcmp(aliases[i].old, key))
			rc = parse_kv(r, rec, aliases[i].now, value);
	return rc;
}

void sl_record_fill_u64(const struct sl_record *r, void *rec, uint64_t v)
{
	for (size_t i = 0; i < r->nr_fields; i++) {
		const struct sl_field *f = &r->fields[i];

		for (unsigned k = 0; k < sl_field_keys(f); k++)
			if (f->size == 8)
				sl_field_set(f, rec, k, v);
	}
}
