// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * derive.c: efficiency, the decided and scanned shares and the node's
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

int sl_decision_anon_pm(const struct lru_balance *b)
{
	if (!b || b->anon_permille > 1000 || b->file_permille > 1000 ||
	    b->anon_permille + b->file_permille == 0)
		return -1;
	return (int)b->anon_permille;
}

int sl_decided_anon_pm(const struct lru_balance *decision,
		       uint64_t zone_anon_pm, uint64_t zone_file_pm,
		       enum sl_source *src)
{
	int pm = sl_decision_anon_pm(decision);

	if (pm >= 0) {
		*src = sl_decision_source(decision);
		return pm;
	}
	/* 0/0 is what the kernel prints before its first decision. */
	if (zone_anon_pm != SL_MISSING && zone_file_pm != SL_MISSING &&
	    zone_anon_pm + zone_file_pm > 0 && zone_anon_pm <= 1000 &&
	    zone_file_pm <= 1000) {
		*src = SL_SRC_ZONEINFO;
		return (int)zone_anon_pm;
	}
	*src = SL_SRC_NONE;
	return -1;
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
