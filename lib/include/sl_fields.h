/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sl_fields.h: one field table per record of lru_events.h.
 *
 * Every place that lists a record's fields reads its table instead: the
 * event text and JSON formatters (sl_format.h), lrutrace's stat JSON,
 * splitlrutop's recording keys and its display model.  A field the kernel
 * side adds is one line in lib/fields.c; a _Static_assert there on each
 * struct's size fails the build until that line exists.
 *
 * Tables are in the order of the series' TP_printk, and the names are its
 * keys, so an event reads the same in trace_pipe, lrutrace and JSON.
 */
#ifndef SL_FIELDS_H
#define SL_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lru_events.h"

#ifdef __cplusplus
extern "C" {
#endif

enum sl_field_kind {
	SL_FIELD_NUM,		/* unsigned integer of 1, 2, 4 or 8 bytes */
	SL_FIELD_HEX,		/* the same, written 0x... in text */
	SL_FIELD_BOOL,		/* 0 or 1; true/false in JSON */
	SL_FIELD_NAME,		/* an enum, written as its name (lru_name) */
	SL_FIELD_PER_LRU,	/* __u64[4] by enum sl_lru: keys NAME_inactive_anon, ... */
	SL_FIELD_PAD,		/* padding: never written; keeps the table whole */
};

struct sl_field {
	const char *name;
	uint16_t offset;
	uint8_t size;		/* of one element */
	uint8_t kind;		/* enum sl_field_kind */
	uint8_t names;		/* enum lru_name_kind, for SL_FIELD_NAME */
	/* Counters exported to Prometheus: splitlru_lru_METRIC, and its HELP. */
	const char *metric;	/* NULL: not exported */
	const char *help;
};

struct sl_record {
	const char *name;
	const struct sl_field *fields;
	size_t nr_fields;
	size_t size;		/* sizeof the struct */
};

extern const struct sl_record sl_list_key_record;	/* struct lru_list_key */
extern const struct sl_record sl_list_counts_record;	/* struct lru_list_counts */
extern const struct sl_record sl_balance_record;	/* struct lru_balance */
extern const struct sl_record sl_move_key_record;	/* struct lru_move_key */
extern const struct sl_record sl_move_counts_record;	/* struct lru_move_counts */
extern const struct sl_record sl_shrink_record;		/* struct lru_shrink_event */
extern const struct sl_record sl_move_record;		/* struct lru_move_event */

/* How many keys a field writes (4 for SL_FIELD_PER_LRU, 0 for padding). */
unsigned sl_field_keys(const struct sl_field *f);
/* Key i of a field into buf ("nid", "scan_inactive_anon"); buf's length. */
int sl_field_key(const struct sl_field *f, unsigned i, char *buf, size_t len);
/* Element i of a field of rec, widened to 64 bits. */
uint64_t sl_field_get(const struct sl_field *f, const void *rec, unsigned i);
/* Set element i; -1 when v does not fit the field. */
int sl_field_set(const struct sl_field *f, void *rec, unsigned i, uint64_t v);

/*
 * Call fn once per key of rec, in table order (a per-list field gives four
 * keys, padding none): every writer of records is one such callback.
 */
typedef void (*sl_field_fn)(void *ctx, const char *key, const struct sl_field *f,
			    uint64_t value);
void sl_record_each(const struct sl_record *r, const void *rec, sl_field_fn fn,
		    void *ctx);

/*
 * "key=value" from a recording: set the field keyed key in rec.  0 when
 * set, 1 when no field has that key (a later version's: ignore it), -1 when
 * the value is not a number that fits (an enum may also be its name).
 * An earlier version's key is read as the field that replaced it (a v1
 * balance's anon_permille as decided_anon_permille).
 */
int sl_record_parse_kv(const struct sl_record *r, void *rec,
		       const char *key, const char *value);

/* Set every 8-byte number of rec to v (SL_MISSING: nothing known yet). */
void sl_record_fill_u64(const struct sl_record *r, void *rec, uint64_t v);

/* The field keyed name, or NULL. */
const struct sl_field *sl_record_field(const struct sl_record *r, const char *name);

#ifdef __cplusplus
}
#endif

#endif /* SL_FIELDS_H */
