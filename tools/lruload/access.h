/* SPDX-License-Identifier: GPL-2.0-or-later */
/* access.h: the deterministic access sequence.
 *
 * A run is a plan of up to three components (anon, fileset, stream), each a
 * sequence of page indices with its own generator seeded from the run's seed
 * and the component's kind, never from its position: the anon component of
 * "mix --anon 200M --seed 7" is the same sequence as "anon --size 200M
 * --seed 7".  The plan interleaves the components by smooth weighted round
 * robin, weighted by their page counts, so in one plan pass of W = sum of
 * pages accesses each component does exactly its own pass.  Nothing here
 * touches memory; that is target.c.
 */
#ifndef LRULOAD_ACCESS_H
#define LRULOAD_ACCESS_H

#include <stdbool.h>
#include <stdint.h>

#include "rng.h"

enum component_kind {
	COMPONENT_ANON,		/* anonymous memory, written */
	COMPONENT_FILESET,	/* a file read again every pass */
	COMPONENT_STREAM,	/* a file read sequentially, once per pass */
	COMPONENT_KINDS
};

enum access_pattern {
	PATTERN_HOTCOLD,	/* hot_share% of touches go to the first hot_pct% */
	PATTERN_SEQ,		/* every pass in page order */
};

const char *component_name(enum component_kind kind);
const char *pattern_name(enum access_pattern pattern);

/* One component's sequence.  Pass 0 always visits every page in order, so
 * the whole set is faulted in or read once; later anon and fileset passes
 * follow the pattern; a stream is sequential in every pass. */
struct access_stream {
	enum component_kind kind;
	enum access_pattern pattern;
	uint64_t pages;
	uint64_t hot_pages;	/* the first hot_pages pages are the hot set */
	unsigned hot_share;	/* percent of touches that go to the hot set */
	struct rng rng;
	uint64_t pass;		/* passes completed */
	uint64_t pos;		/* accesses done in the current pass */
	uint64_t pass_limit;	/* 0: every plan pass; else only the first N */
	bool done;		/* reached pass_limit: out of the plan, untouched */
};

void access_stream_init(struct access_stream *stream, enum component_kind kind,
			uint64_t pages, enum access_pattern pattern,
			unsigned hot_pct, unsigned hot_share, uint64_t seed);
uint64_t access_stream_next(struct access_stream *stream);

/* The hot set of pages pages at hot_pct percent: at least one page. */
uint64_t access_hot_pages(uint64_t pages, unsigned hot_pct);

struct access_plan {
	unsigned count;				/* components in use */
	struct access_stream stream[COMPONENT_KINDS];
	int64_t credit[COMPONENT_KINDS];	/* round-robin state */
	uint64_t pass_length;			/* W: sum of the active components' pages */
	uint64_t pass_pos;			/* accesses done in the current plan pass */
	uint64_t passes;			/* plan passes completed */
	uint64_t steps;				/* accesses handed out */
	uint64_t hash;				/* of every (component, page) so far */
};

/* Empty plan; add components with access_plan_add, which fails with -ERANGE
 * if the pass length would overflow. */
void access_plan_init(struct access_plan *plan);
int access_plan_add(struct access_plan *plan, enum component_kind kind,
		    uint64_t pages, enum access_pattern pattern,
		    unsigned hot_pct, unsigned hot_share, uint64_t seed);

/* Let component index i take part in the first passes plan passes only
 * (0: all), then leave it out, untouched: a set used once and then cold.
 * It leaves at a plan pass boundary, where every credit is zero, so the
 * remaining components keep their exact one pass per plan pass.  The
 * caller must keep at least one component without a limit. */
void access_plan_limit(struct access_plan *plan, unsigned i, uint64_t passes);

/* The next access: returns the index into plan->stream, sets *page. */
unsigned access_plan_next(struct access_plan *plan, uint64_t *page);

#endif
