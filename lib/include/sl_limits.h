/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sl_limits.h: where the tools' figures come from (enum lru_source) and
 * what each source cannot give.  The one table of source -> limitations
 * lives in limits.c; the loader (lru_tracer_cannot) adds what the running
 * kernel takes away, and both tools print and record those bits through
 * the functions here, so a limitation has one key and one wording.
 */
#ifndef SL_LIMITS_H
#define SL_LIMITS_H

#include <argp.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where a tracer's figures come from; the names are fixed (--source). */
enum lru_source {
	LRU_SOURCE_AUTO = 0,		/* opts.force_source: the richest */
	LRU_SOURCE_SERIES,
	LRU_SOURCE_STOCK_FENTRY,
	LRU_SOURCE_STOCK_TRACEPOINTS,
	LRU_SOURCE_PROC_ONLY,
	LRU_SOURCE_NR,
};

/* "series", "stock-fentry", "stock-tracepoints", "proc-only" ("auto") */
const char *lru_source_name(enum lru_source s);
/* The source named name ("auto" too); LRU_ERR_INVAL for an unknown name. */
int lru_source_from_name(const char *name, enum lru_source *s);
/*
 * What the kernel must have for source s, for the error when it has not:
 * "the splitlru series' tracepoints (vmscan:mm_vmscan_lru_shrink)".
 */
const char *lru_source_needs(enum lru_source s);

/* One thing a source cannot give; a limit's key is its JSON word. */
enum sl_limit {
	SL_LIMIT_EXACT_DECISION,	/* the decision is reconstructed */
	SL_LIMIT_LIST_SCANS,		/* per-list scan counts */
	SL_LIMIT_DECISION,		/* no decision events at all */
	SL_LIMIT_MEMCG,
	SL_LIMIT_MOVES,
	SL_LIMIT_SHRINK_REASON,
	SL_LIMIT_ACTIVE_REASON,		/* none on the active lists */
	SL_LIMIT_SKIPPED,		/* shrinks that isolate nothing */
	SL_LIMIT_REFAULT,		/* refault activations */
	SL_LIMIT_FENTRY,		/* kprobes stand in for fentry */
	SL_LIMIT_CLASSIC_LISTS,		/* MGLRU on: the lists are bypassed */
	SL_LIMIT_MGLRU,			/* MGLRU on, and its functions unprobed */
	SL_LIMIT_NR,
};

/* The limits of source s, as bits (1 << enum sl_limit): the table. */
uint32_t lru_source_cannot(enum lru_source s);
/* "exact_decision", "memcg", ...; NULL out of range. */
const char *sl_limit_key(enum sl_limit l);
/* "no memcg", ...; NULL out of range. */
const char *sl_limit_text(enum sl_limit l);
/*
 * The texts of bits, in enum order, joined by "; " ("" for none).
 * Returns what snprintf would (the length wanted).
 */
int sl_limits_text(char *buf, size_t len, uint32_t bits);
/* Their keys joined by "," (recordings); "" for none. */
int sl_limits_keys(char *buf, size_t len, uint32_t bits);
/* Bits from keys joined by ","; a key this build lacks is skipped. */
uint32_t sl_limits_parse(const char *keys);

struct json_object;
/* A json-c array of the keys of bits (the tools' "cannot"). */
struct json_object *sl_limits_json(uint32_t bits);

/*
 * --source NAME for parse_arg: the source, or argp_error (exit 2) naming
 * the valid ones, which are those with a bit in allowed (1 << source;
 * only a BPF tool leaves one out, so one that is not allowed is refused
 * as "TOOL traces with BPF only");
 * "auto" asks for none.  *cur is the source already asked for (AUTO:
 * none); a different one (--fallback with --source series) is a usage
 * error too.
 */
void sl_arg_source(struct argp_state *state, const char *opt, const char *arg,
		   uint32_t allowed, enum lru_source *cur);
/*
 * The one line both tools print: "source series", or "source
 * stock-tracepoints: no balance decision events; no memcg; ...".
 */
int sl_source_line(char *buf, size_t len, enum lru_source s, uint32_t cannot);
/*
 * "--source NAME: this kernel cannot give it: it needs ..." for a source
 * forced with --source that lru_tracer_open refused (LRU_ERR_NO_SOURCE).
 */
int sl_source_missing_text(char *buf, size_t len, enum lru_source s);

#ifdef __cplusplus
}
#endif

#endif /* SL_LIMITS_H */
