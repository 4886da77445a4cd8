/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * lru_format.h: names of splitlru's enums and the one place events are
 * turned into text.  Part of libsplitlru-core.a (lib/format.c); no libbpf inside.
 */
#ifndef LRU_FORMAT_H
#define LRU_FORMAT_H

#include <stddef.h>
#include <stdint.h>
#include "lru_events.h"

#ifdef __cplusplus
extern "C" {
#endif

enum lru_name_kind {
	LRU_NAMES_LRU,		/* inactive_anon, active_anon, ... */
	LRU_NAMES_RECLAIMER,	/* kswapd, direct, memcg, proactive, node, other */
	LRU_NAMES_REASON,	/* balance, age_anon, kswapd_age, skipped, unknown */
	LRU_NAMES_MOVE,		/* rotate_writeback, activate_access, ... */
	LRU_NAMES_POLICY,	/* cost, rotation */
	LRU_NAMES_MODE,		/* equal, fract, anon, file */
	LRU_NAMES_FORCED_BY,	/* none, no_swap, ... */
	LRU_NAMES_NR,
};

/* The kernel's word for value, or "?" when out of range. */
const char *lru_name(enum lru_name_kind kind, unsigned value);
/* The value named word, or -1. */
int lru_name_parse(enum lru_name_kind kind, const char *word);
/* How many values kind has (for listing them). */
unsigned lru_name_count(enum lru_name_kind kind);

/*
 * One event as one line, without a newline.  rel_s is the event's time in
 * seconds since the caller's start.  Text: "TIME COMM PID EVENT key=value
 * ...".  JSON: one object, keys as the kernel's field names.  Returns the
 * length it needed (like snprintf).
 */
int lru_event_format_text(const struct lru_event *e, double rel_s,
			  char *buf, size_t len);
int lru_event_format_json(const struct lru_event *e, double rel_s,
			  char *buf, size_t len);
/*
 * The line that stands for events the ring buffer lost: lost this time,
 * total so far.  Text: "LOST N events ...".  JSON: {"event":"lost",...}.
 */
int lru_lost_format_text(uint64_t lost, uint64_t total, char *buf, size_t len);
int lru_lost_format_json(uint64_t lost, uint64_t total, char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* LRU_FORMAT_H */
