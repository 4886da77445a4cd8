/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sl_format.h: records as text and JSON, written from their field tables
 * (sl_fields.h).  The event lines of lrutrace (lru_event_format_text/_json
 * in lru_format.h) are built from these; so are the per-record objects of
 * lrutrace's stat JSON (with json-c, sl_fields_to_json).
 */
#ifndef SL_FORMAT_H
#define SL_FORMAT_H

#include <stddef.h>
#include "sl_fields.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A bounded line: appends never overrun; need is the length it wanted. */
struct sl_buf {
	char *p;
	size_t len;	/* size of p */
	size_t need;	/* length written or wanted, without the NUL */
};

void sl_buf_init(struct sl_buf *b, char *p, size_t len);
void sl_buf_printf(struct sl_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* s as a JSON string, quotes, backslashes and control bytes escaped. */
void sl_buf_json_string(struct sl_buf *b, const char *s);

/* " key=value" for every field of rec: enums by name, pfn-like in hex. */
void sl_fields_text(struct sl_buf *b, const struct sl_record *r, const void *rec);
/* ",\"key\":value" for every field of rec (enums as strings). */
void sl_fields_json(struct sl_buf *b, const struct sl_record *r, const void *rec);

struct json_object;
/* Add every field of rec to the json-c object o, as sl_fields_json does. */
void sl_fields_to_json(struct json_object *o, const struct sl_record *r,
		       const void *rec);

#ifdef __cplusplus
}
#endif

#endif /* SL_FORMAT_H */
