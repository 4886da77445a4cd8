// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * format.c: enum names, and records and events as text and JSON, all
 * written from the field tables (fields.c).  The words are the kernel's
 * own (the series' TP_printk), so an event reads the same in trace_pipe,
 * lrutrace's lines and its JSON.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <json-c/json.h>
#include "lru_format.h"
#include "sl_format.h"

static const char *const lru_names[] = {
	"inactive_anon", "active_anon", "inactive_file", "active_file",
	"unevictable", "none",
};
static const char *const reclaimer_names[] = {
	"kswapd", "direct", "memcg", "proactive", "node", "other",
};
static const char *const reason_names[] = {
	"balance", "age_anon", "kswapd_age", "skipped", "unknown",
};
static const char *const move_names[] = {
	"rotate_writeback", "activate_access", "deactivate",
	"deactivate_file", "lazyfree", "refault_activate", "mlock", "munlock",
	"rescue", "activate_batched", "unknown",
};
static const char *const policy_names[] = {
	"cost", "rotation", "unknown",
};
static const char *const mode_names[] = {
	"equal", "fract", "anon", "file", "unknown",
};
static const char *const forced_names[] = {
	"none", "no_swap", "memcg_swappiness0", "priority0", "file_tiny",
	"cache_trim", "unknown",
};

/* One word per enum value: an enum that grows without its word fails here. */
#define WORDS(names, nr) _Static_assert(sizeof(names) / sizeof(names[0]) == nr, \
					#names " needs one word per value")
WORDS(lru_names, SL_LRU_NR);
WORDS(reclaimer_names, SL_RECLAIMER_NR);
WORDS(reason_names, SL_REASON_NR);
WORDS(move_names, SL_MOVE_NR);
WORDS(policy_names, SL_POLICY_NR);
WORDS(mode_names, SL_MODE_NR);
WORDS(forced_names, SL_FORCED_NR);

static const struct {
	const char *const *names;
	unsigned count;
} tables[LRU_NAMES_NR] = {
	[LRU_NAMES_LRU] = { lru_names, SL_LRU_NR },
	[LRU_NAMES_RECLAIMER] = { reclaimer_names, SL_RECLAIMER_NR },
	[LRU_NAMES_REASON] = { reason_names, SL_REASON_NR },
	[LRU_NAMES_MOVE] = { move_names, SL_MOVE_NR },
	[LRU_NAMES_POLICY] = { policy_names, SL_POLICY_NR },
	[LRU_NAMES_MODE] = { mode_names, SL_MODE_NR },
	[LRU_NAMES_FORCED_BY] = { forced_names, SL_FORCED_NR },
};

const char *lru_name(enum lru_name_kind kind, unsigned value)
{
	if ((unsigned)kind >= LRU_NAMES_NR || value >= tables[kind].count)
		return "?";
	return tables[kind].names[value];
}

int lru_name_parse(enum lru_name_kind kind, const char *word)
{
	unsigned i;

	if ((unsigned)kind >= LRU_NAMES_NR || !word)
		return -1;
	for (i = 0; i < tables[kind].count; i++)
		if (strcmp(tables[kind].names[i], word) == 0)
			return (int)i;
	return -1;
}

unsigned lru_name_count(enum lru_name_kind kind)
{
	return (unsigned)kind < LRU_NAMES_NR ? tables[kind].count : 0;
}

/* ---- the bounded line ---- */

void sl_buf_init(struct sl_buf *b, char *p, size_t len)
{
	b->p = p;
	b->len = len;
	b->need = 0;
	if (len)
		p[0] = '\0';
}

void sl_buf_printf(struct sl_buf *b, const char *fmt, ...)
{
	size_t room = b->need < b->len ? b->len - b->need : 0;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(room ? b->p + b->need : NULL, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->need += (size_t)n;
}

void sl_buf_json_string(struct sl_buf *b, const char *s)
{
	sl_buf_printf(b, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			sl_buf_printf(b, "\\%c", c);
		else if (c < 0x20)
			sl_buf_printf(b, "\\u%04x", c);
		else
			sl_buf_printf(b, "%c", c);
	}
	sl_buf_printf(b, "\"");
}

/* ---- records from their tables ---- */

static void text_field(void *b, const char *key, const struct sl_field *f, uint64_t v)
{
	if (f->kind == SL_FIELD_NAME)
		sl_buf_printf(b, " %s=%s", key, lru_name(f->names, (unsigned)v));
	else if (f->kind == SL_FIELD_HEX)
		sl_buf_printf(b, " %s=0x%llx", key, (unsigned long long)v);
	else
		sl_buf_printf(b, " %s=%llu", key, (unsigned long long)v);
}

void sl_fields_text(struct sl_buf *b, const struct sl_record *r, const void *rec)
{
	sl_record_each(r, rec, text_field, b);
}

static void json_field(void *b, const char *key, const struct sl_field *f, uint64_t v)
{
	if (f->kind == SL_FIELD_NAME)
		sl_buf_printf(b, ",\"%s\":\"%s\"", key, lru_name(f->names, (unsigned)v));
	else if (f->kind == SL_FIELD_BOOL)
		sl_buf_printf(b, ",\"%s\":%s", key, v ? "true" : "false");
	else
		sl_buf_printf(b, ",\"%s\":%llu", key, (unsigned long long)v);
}

void sl_fields_json(struct sl_buf *b, const struct sl_record *r, const void *rec)
{
	sl_record_each(r, rec, json_field, b);
}

static void json_c_field(void *o, const char *key, const struct sl_field *f, uint64_t v)
{
	json_object *val;

	if (f->kind == SL_FIELD_NAME)
		val = json_object_new_string(lru_name(f->names, (unsigned)v));
	else if (f->kind == SL_FIELD_BOOL)
		val = json_object_new_boolean(v != 0);
	else
		val = json_object_new_uint64(v);
	json_object_object_add(o, key, val);
}

void sl_fields_to_json(struct json_object *o, const struct sl_record *r,
		       const void *rec)
{
	sl_record_each(r, rec, json_c_field, o);
}

/* ---- events ---- */

/* comm with anything but printable ASCII replaced, safe in JSON and text */
static void clean_comm(const char *comm, char out[LRU_COMM_LEN])
{
	int i;

	for (i = 0; i < LRU_COMM_LEN - 1 && comm[i]; i++) {
		unsigned char c = (unsigned char)comm[i];

		out[i] = (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') ? '?' : (char)c;
	}
	out[i] = '\0';
}

/* The event's name and its record's table; NULL for an unknown type. */
static const struct sl_record *event_record(const struct lru_event *e,
					    const char **name, const void **rec)
{
	switch (e->type) {
	case LRU_EV_SHRINK:
		*name = "shrink";
		*rec = &e->shrink;
		return &sl_shrink_record;
	case LRU_EV_BALANCE:
		*name = "balance";
		*rec = &e->balance;
		return &sl_balance_record;
	case LRU_EV_MOVE:
		*name = "move";
		*rec = &e->move;
		return &sl_move_record;
	}
	return NULL;
}

/* One event as one line, text or JSON, with the same fields in both. */
static int format_event(const struct lru_event *e, double rel_s, char *buf,
			size_t len, bool json)
{
	char comm[LRU_COMM_LEN];
	const char *name = "unknown";
	const void *rec = NULL;
	const struct sl_record *r = event_record(e, &name, &rec);
	struct sl_buf b;

	sl_buf_init(&b, buf, len);
	clean_comm(e->comm, comm);
	if (json)
		sl_buf_printf(&b, "{\"ts\":%.6f,\"event\":\"%s\",\"comm\":\"%s\",\"pid\":%u,\"cpu\":%u",
			      rel_s, name, comm, e->pid, e->cpu);
	else
		sl_buf_printf(&b, "%.6f %-15s %7u %-7s", rel_s, comm, e->pid, name);
	if (r)
		(json ? sl_fields_json : sl_fields_text)(&b, r, rec);
	else
		sl_buf_printf(&b, json ? ",\"type\":%u" : " type=%u", e->type);
	if (json)
		sl_buf_printf(&b, "}");
	else
		sl_buf_printf(&b, " cpu=%u", e->cpu);
	return (int)b.need;
}

int lru_event_format_text(const struct lru_event *e, double rel_s,
			  char *buf, size_t len)
{
	return format_event(e, rel_s, buf, len, false);
}

int lru_event_format_json(const struct lru_event *e, double rel_s,
			  char *buf, size_t len)
{
	return format_event(e, rel_s, buf, len, true);
}

int lru_lost_format_text(uint64_t lost, uint64_t total, char *buf, size_t len)
{
	return snprintf(buf, len, "LOST %llu events (ring buffer full; %llu so far): the reader is too slow, try a larger --ringbuf-size or a filter",
			(unsigned long long)lost, (unsigned long long)total);
}

int lru_lost_format_json(uint64_t lost, uint64_t total, char *buf, size_t len)
{
	return snprintf(buf, len, "{\"event\":\"lost\",\"count\":%llu,\"total\":%llu}",
			(unsigned long long)lost, (unsigned long long)total);
}
