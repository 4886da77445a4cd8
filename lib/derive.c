// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * derive.c: efficiency, the decided, target and scanned shares and the node's
 * decision, defined once for both tools (docs/figures.md).
 */
#include <math.h>
#include "sl_derive.h"

static const char *const source_names[] = {
	[SL_SRC_NONE] = "none",
	[SL_SRC_BPF] = "bpf",
	[SL_SRC_ZONEINFO] = "zoneinfo",
	[SL_SRC_VMSTAT] = "vmstat",
	[SL_SRC_VMSTAT_SYSTEM] = "vmstat-system",
	[SL_SRC_RECONSTRUCTED] = "reconstructed",
};

_Static_assert(sizeof(source_names) / sizeof(source_names[0]) == SL_SRC_NR,
	       "source_names needs one name per enum sl_source");

const char *sl_source_name(enum sl_source src)
{
	return (unsigned)src < SL_SRC_NR ? source_names[src] : "?";
}

uint64_t sl_add_known(uint64_t a, uint64_t b)
{
	if (a == SL_MISSING || b == SL_MISSING)
		return SL_MISSING;
	return a + b;
}

uint64_t sl_delta(uint64_t before, uint64_t after)
{
	if (before == SL_MISSING || after == SL_MISSING || after < before)
		return SL_MISSING;
	return after - before;
}

double sl_efficiency(uint64_t reclaimed, uint64_t scanned)
{
	if (reclaimed == SL_MISSING || scanned == SL_MISSING || scanned == 0)
		return NAN;
	return (double)reclaimed / (double)scanned;
}

int sl_share_pm(uint64_t anon, uint64_t file)
{
	uint64_t sum;

	if (anon == SL_MISSING || file == SL_MISSING)
		return -1;
	sum = anon + file;
	if (sum == 0 || sum < anon)
		return -1;
	/* Rounded to the nearest permille, so 1/3 shows 333 and 2/3 667. */
	if (anon > (UINT64_MAX - sum / 2) / 1000)
		return (int)((double)anon * 1000.0 / (double)sum + 0.5);
	return (int)((anon * 1000 + sum / 2) / sum);
}

void sl_scanned_by_type(const uint64_t scanned[4], uint64_t *anon, uint64_t *file)
{
	*anon = sl_add_known(scanned[SL_LRU_INACTIVE_ANON], scanned[SL_LRU_ACTIVE_ANON]);
	*file = sl_add_known(scanned[SL_LRU_INACTIVE_FILE], scanned[SL_LRU_ACTIVE_FILE]);
}

/* An anon/file pair in permille: anon, or -1 for 0/0 or out of range. */
static int pair_pm(uint64_t anon_pm, uint64_t file_pm)
{
	if (anon_pm == SL_MISSING || file_pm == SL_MISSING ||
	    anon_pm > 1000 || file_pm > 1000 || anon_pm + file_pm == 0)
		return -1;
	return (int)anon_pm;
}

int sl_decision_anon_pm(const struct lru_balance *b)
{
	return b ? pair_pm(b->decided_anon_permille, b->decided_file_permille) : -1;
}

int sl_decision_target_anon_pm(const struct lru_balance *b)
{
	return b ? pair_pm(b->target_anon_permille, b->target_file_permille) : -1;
}

/* The decision's share when it has one, else zoneinfo's pair, else -1. */
static int node_share_pm(const struct lru_balance *decision, int decision_pm,
			 uint64_t zone_anon_pm, uint64_t zone_file_pm,
			 enum sl_source *src)
{
	/* 0/0 is what the kernel prints before its first decision. */
	int zone_pm = pair_pm(zone_anon_pm, zone_file_pm);

	if (decision_pm >= 0) {
		*src = sl_decision_source(decision);
		return decision_pm;
	}
	*src = zone_pm >= 0 ? SL_SRC_ZONEINFO : SL_SRC_NONE;
	return zone_pm;
}

int sl_decided_anon_pm(const struct lru_balance *decision,
		       uint64_t zone_anon_pm, uint64_t zone_file_pm,
		       enum sl_source *src)
{
	return node_share_pm(decision, sl_decision_anon_pm(decision),
			     zone_anon_pm, zone_file_pm, src);
}

int sl_target_anon_pm(const struct lru_balance *decision,
		      uint64_t zone_anon_pm, uint64_t zone_file_pm,
		      enum sl_source *src)
{
	return node_share_pm(decision, sl_decision_target_anon_pm(decision),
			     zone_anon_pm, zone_file_pm, src);
}

enum sl_source sl_decision_source(const struct lru_balance *b)
{
	return b->flags & LRU_BALANCE_RECONSTRUCTED ? SL_SRC_RECONSTRUCTED : SL_SRC_BPF;
}

int sl_decision_is_root(const struct lru_balance *b)
{
	return b->memcg_id == SL_ROOT_MEMCG_ID || b->memcg_id == 0;
}

const struct lru_balance *sl_node_decision(const struct lru_balance *b,
					   size_t nr, uint32_t nid)
{
	const struct lru_balance *best = NULL;

	for (size_t i = 0; i < nr; i++) {
		if (b[i].nid != nid)
			continue;
		if (!best) {
			best = &b[i];
		} else if (sl_decision_is_root(&b[i]) != sl_decision_is_root(best)) {
			if (sl_decision_is_root(&b[i]))
				best = &b[i];
		} else if (b[i].ts_ns > best->ts_ns) {
			/* two roots (0 and 1) cannot both exist; newest child wins */
			best = &b[i];
		}
	}
	return best;
}
