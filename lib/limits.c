// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * limits.c: the sources and what each cannot give (sl_limits.h).  Both
 * tables below are the only place a source's name, needs and limits are
 * written; the loader, lrutrace and splitlrutop all read them from here.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <json-c/json.h>
#include "lru_loader.h"
#include "sl_limits.h"

static const struct source_info {
	const char *name;
	const char *needs;
	uint32_t cannot;
} sources[LRU_SOURCE_NR] = {
	[LRU_SOURCE_AUTO] = { "auto", "BTF and one of the sources below", 0 },
	[LRU_SOURCE_SERIES] = {
		"series",
		"the splitlru kernel series' tracepoints (vmscan:mm_vmscan_lru_shrink)",
		0,
	},
	[LRU_SOURCE_STOCK_FENTRY] = {
		"stock-fentry",
		"fentry (or kprobes) on shrink_lruvec, isolate_lru_folios, shrink_active_list, move_folios_to_lru and shrink_folio_list",
		1u << SL_LIMIT_EXACT_DECISION | 1u << SL_LIMIT_ACTIVE_REASON |
		1u << SL_LIMIT_SKIPPED | 1u << SL_LIMIT_REFAULT,
	},
	[LRU_SOURCE_STOCK_TRACEPOINTS] = {
		"stock-tracepoints",
		"the stock events vmscan:mm_vmscan_lru_isolate, mm_vmscan_lru_shrink_inactive and mm_vmscan_lru_shrink_active",
		1u << SL_LIMIT_DECISION | 1u << SL_LIMIT_MEMCG |
		1u << SL_LIMIT_MOVES | 1u << SL_LIMIT_SHRINK_REASON,
	},
	[LRU_SOURCE_PROC_ONLY] = {
		"proc-only",
		"/proc and /sys",
		1u << SL_LIMIT_LIST_SCANS | 1u << SL_LIMIT_DECISION |
		1u << SL_LIMIT_MOVES | 1u << SL_LIMIT_SHRINK_REASON,
	},
};

static const struct {
	const char *key;
	const char *text;
} limits[SL_LIMIT_NR] = {
	[SL_LIMIT_EXACT_DECISION] = { "exact_decision",
		"decision reconstructed from get_scan_count()'s inputs" },
	[SL_LIMIT_DECISION] = { "decision", "no balance decision events" },
	[SL_LIMIT_MEMCG] = { "memcg", "no memcg" },
	[SL_LIMIT_MOVES] = { "moves", "no list moves" },
	[SL_LIMIT_SHRINK_REASON] = { "shrink_reason", "no shrink reasons" },
	[SL_LIMIT_ACTIVE_REASON] = { "active_shrink_reason",
		"no shrink reason on active lists" },
	[SL_LIMIT_SKIPPED] = { "skipped_shrinks", "no skipped shrinks" },
	[SL_LIMIT_REFAULT] = { "refault_activations", "no refault activations" },
	[SL_LIMIT_LIST_SCANS] = { "list_scans", "no per-list scan counts" },
	[SL_LIMIT_FENTRY] = { "fentry", "kprobes: this kernel has no fentry" },
	[SL_LIMIT_CLASSIC_LISTS] = { "classic_lists",
		"MGLRU is enabled: reclaim bypasses the classic lists" },
	[SL_LIMIT_MGLRU] = { "mglru",
		"no MGLRU evictions or aging (evict_folios & co. not probed)" },
};

const char *lru_source_name(enum lru_source s)
{
	return (unsigned)s < LRU_SOURCE_NR ? sources[s].name : "unknown";
}

int lru_source_from_name(const char *name, enum lru_source *s)
{
	int i;

	for (i = 0; name && i < LRU_SOURCE_NR; i++)
		if (strcmp(name, sources[i].name) == 0) {
			*s = i;
			return LRU_OK;
		}
	return LRU_ERR_INVAL;
}

const char *lru_source_needs(enum lru_source s)
{
	return (unsigned)s < LRU_SOURCE_NR ? sources[s].needs : "";
}

uint32_t lru_source_cannot(enum lru_source s)
{
	return (unsigned)s < LRU_SOURCE_NR ? sources[s].cannot : 0;
}

const char *sl_limit_key(enum sl_limit l)
{
	return (unsigned)l < SL_LIMIT_NR ? limits[l].key : NULL;
}

const char *sl_limit_text(enum sl_limit l)
{
	return (unsigned)l < SL_LIMIT_NR ? limits[l].text : NULL;
}

/* The words of bits (keys or texts) joined by sep. */
static int join(char *buf, size_t len, uint32_t bits, bool keys, const char *sep)
{
	size_t n = 0;
	int l, w;

	if (len)
		buf[0] = '\0';
	for (l = 0; l < SL_LIMIT_NR; l++) {
		if (!(bits & (1u << l)))
			continue;
		/* past the end, only the length counts (buf may be NULL) */
		w = snprintf(n < len ? buf + n : NULL, n < len ? len - n : 0, "%s%s",
			     n ? sep : "", keys ? limits[l].key : limits[l].text);
		n += (size_t)w;
	}
	return (int)n;
}

int sl_limits_text(char *buf, size_t len, uint32_t bits)
{
	return join(buf, len, bits, false, "; ");
}

int sl_limits_keys(char *buf, size_t len, uint32_t bits)
{
	return join(buf, len, bits, true, ",");
}

uint32_t sl_limits_parse(const char *keys)
{
	uint32_t bits = 0;
	size_t n;
	int l;

	while (keys && *keys) {
		n = strcspn(keys, ",");
		for (l = 0; l < SL_LIMIT_NR; l++)
			if (strlen(limits[l].key) == n && !strncmp(keys, limits[l].key, n))
				bits |= 1u << l;
		keys += n + (keys[n] == ',');
	}
	return bits;
}

struct json_object *sl_limits_json(uint32_t bits)
{
	json_object *a = json_object_new_array();
	int l;

	for (l = 0; l < SL_LIMIT_NR; l++)
		if (bits & (1u << l))
			json_object_array_add(a, json_object_new_string(limits[l].key));
	return a;
}

/* "series, stock-fentry or proc-only": the names of allowed. */
static void allowed_names(char *buf, size_t len, uint32_t allowed)
{
	size_t n = 0;
	int i, left = __builtin_popcount(allowed & ~1u);

	buf[0] = '\0';
	for (i = LRU_SOURCE_AUTO + 1; i < LRU_SOURCE_NR && n < len; i++) {
		if (!(allowed & (1u << i)))
			continue;
		left--;
		n += (size_t)snprintf(buf + n, len - n, "%s%s", sources[i].name,
				      left > 1 ? ", " : left == 1 ? " or " : "");
	}
}

void sl_arg_source(struct argp_state *state, const char *opt, const char *arg,
		   uint32_t allowed, enum lru_source *cur)
{
	enum lru_source s;
	char names[128];

	allowed_names(names, sizeof(names), allowed);
	if (lru_source_from_name(arg, &s))
		argp_error(state, "%s '%s': unknown source (%s)", opt, arg, names);
	else if (s != LRU_SOURCE_AUTO && !(allowed & (1u << s)))
		argp_error(state, "%s '%s': %s traces with BPF only (%s)", opt, arg,
			   state->name, names);
	else if (s != LRU_SOURCE_AUTO && *cur != LRU_SOURCE_AUTO && *cur != s)
		argp_error(state, "%s '%s': source %s was already asked for", opt, arg,
			   lru_source_name(*cur));
	else if (s != LRU_SOURCE_AUTO)
		*cur = s;
}

int sl_source_line(char *buf, size_t len, enum lru_source s, uint32_t cannot)
{
	size_t n = (size_t)snprintf(buf, len, "source %s%s", lru_source_name(s),
				    cannot ? ": " : "");

	/* cut short: what the whole line would take, as snprintf says */
	if (n >= len)
		return (int)n + sl_limits_text(NULL, 0, cannot);
	return (int)n + sl_limits_text(buf + n, len - n, cannot);
}

int sl_source_missing_text(char *buf, size_t len, enum lru_source s)
{
	return snprintf(buf, len, "--source %s: this kernel cannot give it: it needs %s",
			lru_source_name(s), lru_source_needs(s));
}
