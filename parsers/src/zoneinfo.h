/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The zoneinfo context, shared by its parser and its replay of the last sample. */
#ifndef MMSTAT_ZONEINFO_H
#define MMSTAT_ZONEINFO_H

#include "internal.h"

enum zi_section { ZI_NODE_STATS, ZI_ZONE, ZI_PAGESETS };

/*
 * What the general path did with each line of the last sample, so that
 * the next one can replay it (zi_replay).  ZM_NSTATS..ZM_PCP: appended one
 * entry to that vector and nothing else; ZM_FREE: "pages free", a zone
 * field that also ends the per-node block; ZM_CPU: "cpu: N", a new
 * pageset; ZM_EXACT: anything else, left to the general path.  ZM_UNSET
 * only while the general path runs.
 */
enum zi_memo_kind { ZM_UNSET, ZM_EXACT, ZM_NSTATS, ZM_ZFIELDS, ZM_ZSTATS,
		    ZM_PCP, ZM_FREE, ZM_CPU };

/*
 * The line's identity, at off in memo_text: the whole line (ZM_EXACT), or
 * everything before the value, which then must be 1 to 19 digits and the
 * end of the line.
 */
struct zi_memo { size_t off; size_t len; enum zi_memo_kind kind; };

struct zi_node_rec { int node; bool has_stats; size_t s0, s1, z0; };
struct zi_zone_rec {
	int node;
	const char *name;
	size_t f0, s0, p0, ps0;
	size_t fields_early;		/* zone lines before "pagesets"; SIZE_MAX: all */
	bool prot_after_stats;		/* 2.6.x: protection after the counters */
};
struct zi_pset_rec { unsigned cpu; size_t e0; int pcp; /* 2.6.18; else -1 */ };

/* More zones than any kernel has (MAX_NR_ZONES <= 6) in one node: an error. */
#define ZI_MAX_ZONES 16

struct mmstat_zoneinfo {
	struct mm_file file;
	struct mm_entries nstats, zfields, zstats, pcp;
	uint64_t *prot;
	size_t prot_len, prot_cap;
	struct zi_node_rec *nrec;
	size_t nrec_len, nrec_cap;
	struct zi_zone_rec *zrec;
	size_t zrec_len, zrec_cap;
	struct zi_pset_rec *prec;
	size_t prec_len, prec_cap;
	/* What callers see, rebuilt from the records after each sample. */
	struct mmstat_node *nodes;
	size_t nodes_cap, nr_nodes;
	struct mmstat_zone *zones;
	size_t zones_cap;
	struct mmstat_pageset *psets;
	size_t psets_cap;
	enum zi_section sect;
	struct zi_memo *memo;
	size_t memo_len, memo_cap;
	char *memo_text;
	size_t memo_text_len, memo_text_cap;
	enum zi_memo_kind line_kind;	/* of the line the general path is on */
};

static inline struct zi_zone_rec *zi_zone(struct mmstat_zoneinfo *z)
{
	return &z->zrec[z->zrec_len - 1];
}

static inline struct zi_node_rec *zi_node(struct mmstat_zoneinfo *z)
{
	return &z->nrec[z->nrec_len - 1];
}

/*
 * The kernel prints a zone's pagesets for each online CPU in ascending
 * order; 2.6.18 prints two per CPU, "pcp: 0" then "pcp: 1".  A CPU
 * repeated or going back is damage.
 */
static inline bool zi_pset_in_order(const struct mmstat_zoneinfo *z,
				    uint64_t cpu, int pcp)
{
	const struct zi_pset_rec *prev;

	if (z->prec_len == z->zrec[z->zrec_len - 1].ps0)
		return true;	/* the zone's first */
	prev = &z->prec[z->prec_len - 1];
	if (cpu != prev->cpu)
		return cpu > prev->cpu;
	return pcp >= 0 && prev->pcp >= 0 && pcp > prev->pcp;
}

/* The general path: one line, blanks trimmed (zoneinfo.c). */
int zi_line(void *ctx, unsigned line, char *text, unsigned indent);
/* Every line of the sample: replayed where it is the same (zoneinfo-replay.c). */
int zi_lines(struct mmstat_zoneinfo *z);

#endif
