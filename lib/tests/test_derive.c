// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * test_derive: the one definition of every figure (lib/derive.c,
 * docs/figures.md): efficiency, decided and scanned shares, the node's
 * decision, the source names.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>
#include "sl_derive.h"

static void test_efficiency(void **state)
{
	(void)state;
	assert_true(fabs(sl_efficiency(30, 40) - 0.75) < 1e-12);
	assert_true(isnan(sl_efficiency(0, 0)));		/* nothing scanned */
	assert_true(isnan(sl_efficiency(SL_MISSING, 5)));
	assert_true(isnan(sl_efficiency(5, SL_MISSING)));
	assert_true(sl_efficiency(0, 7) == 0.0);		/* an active list */
}

static void test_share_pm(void **state)
{
	(void)state;
	assert_int_equal(sl_share_pm(1, 2), 333);
	assert_int_equal(sl_share_pm(2, 1), 667);		/* rounded, not truncated */
	assert_int_equal(sl_share_pm(0, 5), 0);
	assert_int_equal(sl_share_pm(5, 0), 1000);
	assert_int_equal(sl_share_pm(0, 0), -1);		/* unknown, not 0 */
	assert_int_equal(sl_share_pm(SL_MISSING, 5), -1);
	assert_int_equal(sl_share_pm(5, SL_MISSING), -1);
	/* no overflow near the top of the range */
	assert_int_equal(sl_share_pm(UINT64_MAX / 2, UINT64_MAX / 2), 500);
}

static void test_scanned_by_type(void **state)
{
	uint64_t scanned[4] = { 100, 30, 400, 70 }, anon, file;

	(void)state;
	/* both lists of each type: the decided share sets both targets */
	sl_scanned_by_type(scanned, &anon, &file);
	assert_int_equal(anon, 130);
	assert_int_equal(file, 470);
	assert_int_equal(sl_share_pm(anon, file), 217);
	scanned[SL_LRU_ACTIVE_FILE] = SL_MISSING;
	sl_scanned_by_type(scanned, &anon, &file);
	assert_int_equal(anon, 130);
	assert_true(file == SL_MISSING);
}

static void test_decided(void **state)
{
	struct lru_balance b;
	enum sl_source src;

	(void)state;
	memset(&b, 0, sizeof(b));
	assert_int_equal(sl_decision_anon_pm(NULL), -1);
	assert_int_equal(sl_decision_anon_pm(&b), -1);	/* 0/0: no decision */
	b.decided_anon_permille = 250;
	b.decided_file_permille = 750;
	assert_int_equal(sl_decision_anon_pm(&b), 250);
	b.decided_anon_permille = 1001;
	assert_int_equal(sl_decision_anon_pm(&b), -1);	/* out of range */

	assert_int_equal(sl_decided_anon_pm(NULL, SL_MISSING, SL_MISSING, &src), -1);
	assert_int_equal(src, SL_SRC_NONE);
	assert_int_equal(sl_decided_anon_pm(NULL, 0, 0, &src), -1);	/* before the first */
	assert_int_equal(src, SL_SRC_NONE);
	assert_int_equal(sl_decided_anon_pm(NULL, 250, 750, &src), 250);
	assert_int_equal(src, SL_SRC_ZONEINFO);
	b.decided_anon_permille = 600;
	b.decided_file_permille = 400;
	assert_int_equal(sl_decided_anon_pm(&b, 250, 750, &src), 600);	/* BPF wins */
	assert_int_equal(src, SL_SRC_BPF);
	b.flags = LRU_BALANCE_RECONSTRUCTED;	/* stock-fentry recomputed it */
	assert_int_equal(sl_decided_anon_pm(&b, 250, 750, &src), 600);
	assert_int_equal(src, SL_SRC_RECONSTRUCTED);
}

/* The share of the scan targets: its own pair, in the decision or zoneinfo. */
static void test_target(void **state)
{
	struct lru_balance b;
	enum sl_source src;

	(void)state;
	memset(&b, 0, sizeof(b));
	b.decided_anon_permille = 500;
	b.decided_file_permille = 500;
	assert_int_equal(sl_decision_target_anon_pm(NULL), -1);
	assert_int_equal(sl_decision_target_anon_pm(&b), -1);	/* a v1 recording: none */
	assert_int_equal(sl_target_anon_pm(&b, 871, 129, &src), 871);
	assert_int_equal(src, SL_SRC_ZONEINFO);
	assert_int_equal(sl_target_anon_pm(&b, SL_MISSING, SL_MISSING, &src), -1);
	assert_int_equal(src, SL_SRC_NONE);
	/* 50/50 pressure on a lruvec with ten times as much anon */
	b.target_anon_permille = 909;
	b.target_file_permille = 91;
	assert_int_equal(sl_target_anon_pm(&b, 871, 129, &src), 909);
	assert_int_equal(src, SL_SRC_BPF);
	assert_int_equal(sl_decided_anon_pm(&b, 312, 688, &src), 500);
	b.target_anon_permille = 1001;
	assert_int_equal(sl_decision_target_anon_pm(&b), -1);
}

static struct lru_balance decision(uint32_t nid, uint64_t memcg, uint64_t ts)
{
	struct lru_balance b;

	memset(&b, 0, sizeof(b));
	b.nid = nid;
	b.memcg_id = memcg;
	b.ts_ns = ts;
	b.decided_anon_permille = (uint32_t)memcg;
	b.decided_file_permille = 1000 - (uint32_t)memcg;
	return b;
}

static void test_node_decision(void **state)
{
	/* sorted by (nid, memcg_id), as a snapshot is */
	struct lru_balance b[] = {
		decision(0, 1, 100),	/* node 0's root: old */
		decision(0, 42, 900),	/* a memcg: newer */
		decision(1, 7, 500),	/* node 1: memcgs only */
		decision(1, 9, 800),
		decision(1, 12, 300),
		decision(2, 0, 50),	/* a kernel without memcg */
	};
	const struct lru_balance *d;

	(void)state;
	d = sl_node_decision(b, 6, 0);
	assert_non_null(d);
	assert_int_equal(d->memcg_id, 1);	/* root wins though older */
	assert_true(sl_decision_is_root(d));
	d = sl_node_decision(b, 6, 1);
	assert_non_null(d);
	assert_int_equal(d->memcg_id, 9);	/* no root: the newest memcg */
	assert_false(sl_decision_is_root(d));
	d = sl_node_decision(b, 6, 2);
	assert_non_null(d);
	assert_int_equal(d->memcg_id, 0);
	assert_true(sl_decision_is_root(d));
	assert_null(sl_node_decision(b, 6, 3));
	assert_null(sl_node_decision(NULL, 0, 0));
}

static void test_sources(void **state)
{
	(void)state;
	/* one name per source, the same on screen and in JSON */
	assert_string_equal(sl_source_name(SL_SRC_NONE), "none");
	assert_string_equal(sl_source_name(SL_SRC_BPF), "bpf");
	assert_string_equal(sl_source_name(SL_SRC_ZONEINFO), "zoneinfo");
	assert_string_equal(sl_source_name(SL_SRC_VMSTAT), "vmstat");
	assert_string_equal(sl_source_name(SL_SRC_VMSTAT_SYSTEM), "vmstat-system");
	assert_string_equal(sl_source_name(SL_SRC_RECONSTRUCTED), "reconstructed");
	assert_string_equal(sl_source_name(SL_SRC_NR), "?");
}

static void test_delta(void **state)
{
	(void)state;
	assert_int_equal(sl_delta(10, 25), 15);
	assert_true(sl_delta(25, 10) == SL_MISSING);	/* went back: a reset */
	assert_true(sl_delta(SL_MISSING, 10) == SL_MISSING);
	assert_int_equal(sl_add_known(2, 3), 5);
	assert_true(sl_add_known(2, SL_MISSING) == SL_MISSING);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_efficiency),
		cmocka_unit_test(test_share_pm),
		cmocka_unit_test(test_scanned_by_type),
		cmocka_unit_test(test_decided),
		cmocka_unit_test(test_target),
		cmocka_unit_test(test_node_decision),
		cmocka_unit_test(test_sources),
		cmocka_unit_test(test_delta),
	};

	return cmocka_run_group_tests_name("core-derive", tests, NULL, NULL);
}
