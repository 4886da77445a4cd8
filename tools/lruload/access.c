// SPDX-License-Identifier: GPL-2.0-or-later
/* access.c: the deterministic access sequence; see access.h. */
#include "access.h"

#include <errno.h>
#include <string.h>

const char *component_name(enum component_kind kind)
{
	static const char *const names[COMPONENT_KINDS] = {
		[COMPONENT_ANON] = "anon",
		[COMPONENT_FILESET] = "fileset",
		[COMPONENT_STREAM] = "stream",
	};

	return kind < COMPONENT_KINDS ? names[kind] : "?";
}

const char *pattern_name(enum access_pattern pattern)
{
	return pattern == PATTERN_SEQ ? "seq" : "hotcold";
}

uint64_t access_hot_pages(uint64_t pages, unsigned hot_pct)
{
	uint64_t hot = (uint64_t)((unsigned __int128)pages * hot_pct / 100);

	return hot ? hot : 1;
}

void access_stream_init(struct access_stream *stream, enum component_kind kind,
			uint64_t pages, enum access_pattern pattern,
			unsigned hot_pct, unsigned hot_share, uint64_t seed)
{
	memset(stream, 0, sizeof(*stream));
	stream->kind = kind;
	stream->pattern = kind == COMPONENT_STREAM ? PATTERN_SEQ : pattern;
	stream->pages = pages;
	stream->hot_pages = access_hot_pages(pages, hot_pct);
	stream->hot_share = hot_share;
	/* Seeded by kind, so a component's sequence is the same alone or mixed;
	 * the odd constant keeps the three kinds' seeds apart. */
	rng_seed(&stream->rng, seed ^ ((uint64_t)(kind + 1) * 0xd1b54a32d192ed03ULL));
}

static uint64_t access_stream_pick(struct access_stream *stream)
{
	uint64_t cold_pages = stream->pages - stream->hot_pages;

	if (stream->pass == 0 || stream->pattern == PATTERN_SEQ)
		return stream->pos;
	if (!cold_pages)
		return rng_below(&stream->rng, stream->pages);
	if (rng_below(&stream->rng, 100) < stream->hot_share)
		return rng_below(&stream->rng, stream->hot_pages);
	return stream->hot_pages + rng_below(&stream->rng, cold_pages);
}

uint64_t access_stream_next(struct access_stream *stream)
{
	uint64_t page = access_stream_pick(stream);

	if (++stream->pos == stream->pages) {
		stream->pos = 0;
		stream->pass++;
	}
	return page;
}

void access_plan_init(struct access_plan *plan)
{
	memset(plan, 0, sizeof(*plan));
}

int access_plan_add(struct access_plan *plan, enum component_kind kind,
		    uint64_t pages, enum access_pattern pattern,
		    unsigned hot_pct, unsigned hot_share, uint64_t seed)
{
	/* Credits stay within +-pass_length, which must fit an int64_t. */
	if (!pages || plan->count == COMPONENT_KINDS ||
	    pages > (uint64_t)INT64_MAX - plan->pass_length)
		return -ERANGE;
	access_stream_init(&plan->stream[plan->count], kind, pages, pattern,
			   hot_pct, hot_share, seed);
	plan->pass_length += pages;
	plan->count++;
	return 0;
}

void access_plan_limit(struct access_plan *plan, unsigned i, uint64_t passes)
{
	plan->stream[i].pass_limit = passes;
}

/* At a plan pass boundary (all credits zero): components that made their
 * last pass leave the round robin, and the pass shortens by their pages. */
static void access_plan_retire(struct access_plan *plan)
{
	for (unsigned i = 0; i < plan->count; i++) {
		struct access_stream *stream = &plan->stream[i];

		if (!stream->done && stream->pass_limit && stream->pass >= stream->pass_limit) {
			stream->done = true;
			plan->pass_length -= stream->pages;
		}
	}
}

unsigned access_plan_next(struct access_plan *plan, uint64_t *page)
{
	int pick = -1;

	if (plan->pass_pos == 0)
		access_plan_retire(plan);
	/* Smooth weighted round robin (as in nginx): every component earns its
	 * weight, the richest goes and pays the total.  Over pass_length steps
	 * each goes exactly weight times, evenly spread, and the credits
	 * return to zero. */
	for (unsigned i = 0; i < plan->count; i++) {
		if (plan->stream[i].done)
			continue;
		plan->credit[i] += (int64_t)plan->stream[i].pages;
		if (pick < 0 || plan->credit[i] > plan->credit[pick])
			pick = (int)i;
	}
	plan->credit[pick] -= (int64_t)plan->pass_length;
	*page = access_stream_next(&plan->stream[pick]);
	if (++plan->pass_pos == plan->pass_length) {
		plan->pass_pos = 0;
		plan->passes++;
	}
	plan->steps++;
	plan->hash = (rng_rotl(plan->hash, 5) ^ (*page << 2 ^ plan->stream[pick].kind))
		     * 0x9e3779b97f4a7c15ULL;
	return (unsigned)pick;
}
