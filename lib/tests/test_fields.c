// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * test_fields: the field tables (lib/fields.c), the text and JSON written
 * from them (lib/format.c) and the snapshot arithmetic (lib/snapshot.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <json-c/json.h>
#include "lru_format.h"
#include "sl_fields.h"
#include "sl_format.h"
#include "sl_mglru.h"
#include "sl_snapshot.h"

static const struct sl_record *const records[] = {
	&sl_list_key_record, &sl_list_counts_record, &sl_balance_record,
	&sl_move_key_record, &sl_move_counts_record, &sl_shrink_record,
	&sl_move_record,
};
#define NR_RECORDS (sizeof(records) / sizeof(records[0]))

/* Every byte of each struct belongs to exactly one field: none forgotten. */
static void test_tables_cover_structs(void **state)
{
	(void)state;
	for (size_t r = 0; r < NR_RECORDS; r++) {
		unsigned char owner[256];
		const struct sl_record *rec = records[r];

		assert_true(rec->size <= sizeof(owner));
		memset(owner, 0, sizeof(owner));
		for (size_t i = 0; i < rec->nr_fields; i++) {
			const struct sl_field *f = &rec->fields[i];
			size_t n = f->kind == SL_FIELD_PER_LRU ? 4 : 1;

			for (size_t b = 0; b < f->size * n; b++) {
				assert_true(f->offset + b < rec->size);
				assert_int_equal(owner[f->offset + b], 0);
				owner[f->offset + b] = 1;
			}
		}
		for (size_t b = 0; b < rec->size; b++)
			if (!owner[b])
				fail_msg("%s: byte %zu is in no field", rec->name, b);
	}
}

static struct lru_event sample_event(unsigned type)
{
	struct lru_event e;

	memset(&e, 0, sizeof(e));
	e.type = type;
	e.pid = 42;
	e.cpu = 3;
	strcpy(e.comm, "a\"b\\c\x01");	/* hostile comm */
	switch (type) {
	case LRU_EV_SHRINK:
		e.shrink.nid = 1;
		e.shrink.memcg_id = 7;
		e.shrink.lru = SL_LRU_INACTIVE_FILE;
		e.shrink.reclaimer = SL_RECLAIMER_KSWAPD;
		e.shrink.nr_scanned = 32;
		e.shrink.nr_reclaimed = 30;
		e.shrink.fallback = 1;
		break;
	case LRU_EV_BALANCE:
		e.balance.policy = SL_POLICY_ROTATION;
		e.balance.mode = SL_MODE_FRACT;
		e.balance.fraction_anon = 11;
		e.balance.denominator = 99;
		e.balance.decided_anon_permille = 123;
		e.balance.decided_file_permille = 877;
		e.balance.target_anon_permille = 1000;
		e.balance.target_file_permille = 0;
		e.balance.scan[SL_LRU_ACTIVE_FILE] = 5;
		break;
	case LRU_EV_MOVE:
		e.move.from_lru = SL_LRU_INACTIVE_FILE;
		e.move.to_lru = SL_LRU_UNEVICTABLE;
		e.move.reason = SL_MOVE_MLOCK;
		e.move.nr_pages = 512;
		e.move.pfn = 0x1234;
		break;
	}
	return e;
}

/* Text and JSON carry the same fields, with the same values. */
static void test_text_and_json_agree(void **state)
{
	(void)state;
	for (unsigned type = LRU_EV_SHRINK; type <= LRU_EV_MOVE; type++) {
		struct lru_event e = sample_event(type);
		char text[2048], json[2048];
		json_object *o;
		int n;

		n = lru_event_format_text(&e, 1.5, text, sizeof(text));
		assert_int_equal((size_t)n, strlen(text));
		lru_event_format_json(&e, 1.5, json, sizeof(json));
		o = json_tokener_parse(json);
		assert_non_null(o);
		assert_string_equal(json_object_get_string(json_object_object_get(o, "comm")), "a?b?c?");
		assert_int_equal(json_object_get_int(json_object_object_get(o, "cpu")), 3);
		assert_non_null(strstr(text, " cpu=3"));
		json_object_object_foreach(o, key, val) {
			char want[128];
			const char *v;

			if (!strcmp(key, "ts") || !strcmp(key, "event") ||
			    !strcmp(key, "comm") || !strcmp(key, "pid"))
				continue;	/* the line's leading columns */
			if (json_object_is_type(val, json_type_boolean))
				v = json_object_get_boolean(val) ? "1" : "0";
			else if (!strcmp(key, "pfn"))
				v = "0x1234";
			else
				v = json_object_get_string(val);
			snprintf(want, sizeof(want), " %s=%s", key, v);
			if (!strstr(text, want))
				fail_msg("text lacks '%s': %s", want, text);
		}
		json_object_put(o);
	}
}

static void test_event_lines(void **state)
{
	struct lru_event e = sample_event(LRU_EV_SHRINK);
	char buf[2048];

	(void)state;
	strcpy(e.comm, "kswapd0");
	lru_event_format_text(&e, 1.5, buf, sizeof(buf));
	assert_non_null(strstr(buf, "1.500000 kswapd0              42 shrink  nid=1 memcg_id=7 lru=inactive_file reclaimer=kswapd reason=balance"));
	e = sample_event(LRU_EV_MOVE);
	lru_event_format_text(&e, 1.7, buf, sizeof(buf));
	assert_non_null(strstr(buf, " move    pfn=0x1234 nid=0 memcg_id=0 from_lru=inactive_file to_lru=unevictable nr_pages=512 reason=mlock"));
	/* a folio on no list yet (series v2): from "none" */
	e.move.from_lru = SL_LRU_NONE;
	e.move.to_lru = SL_LRU_ACTIVE_FILE;
	e.move.reason = SL_MOVE_ACTIVATE_BATCHED;
	lru_event_format_json(&e, 1.7, buf, sizeof(buf));
	assert_non_null(strstr(buf, "\"from_lru\":\"none\",\"to_lru\":\"active_file\",\"nr_pages\":512,\"reason\":\"activate_batched\""));
	e = sample_event(LRU_EV_BALANCE);
	lru_event_format_text(&e, 1.6, buf, sizeof(buf));
	assert_non_null(strstr(buf, " fraction_anon=11 fraction_file=0 denominator=99 decided_anon_permille=123 decided_file_permille=877 target_anon_permille=1000 target_file_permille=0 scan_inactive_anon=0 scan_active_anon=0 scan_inactive_file=0 scan_active_file=5"));
	/* a short buffer: cut, terminated, and the length it needed */
	int need = lru_event_format_text(&e, 1.6, buf, 16);
	assert_int_equal(strlen(buf), 15);
	assert_true(need > 100);
	e.type = 99;
	lru_event_format_json(&e, 1.6, buf, sizeof(buf));
	assert_non_null(strstr(buf, "\"event\":\"unknown\""));
	assert_non_null(strstr(buf, "\"type\":99"));
}

static void test_parse_kv(void **state)
{
	struct lru_balance b;

	(void)state;
	memset(&b, 0, sizeof(b));
	assert_int_equal(sl_record_parse_kv(&sl_balance_record, &b, "anon_cost", "77"), 0);
	assert_int_equal(b.anon_cost, 77);
	assert_int_equal(sl_record_parse_kv(&sl_balance_record, &b, "scan_active_file", "9"), 0);
	assert_int_equal(b.scan[SL_LRU_ACTIVE_FILE], 9);
	assert_int_equal(sl_record_parse_kv(&sl_balance_record, &b, "policy", "1"), 0);
	assert_int_equal(b.policy, 1);
	assert_int_equal(sl_record_parse_kv(&sl_balance_record, &b, "policy", "256"), -1); /* u8 */
	assert_int_equal(sl_record_parse_kv(&sl_balance_record, &b, "anon_cost", "x"), -1);
	assert_int_equal(sl_record_parse_kv(&sl_balance_record, &b, "anon_cost", "-1"), -1);
	assert_int_equal(sl_record_parse_kv(&sl_balance_record, &b, "later_field", "1"), 1);
	assert_int_equal(sl_record_parse_kv(&sl_balance_record, &b, "pad", "1"), 1);	/* not a key */
	/* a series v1 recording's pair is the decided share */
	assert_int_equal(sl_record_parse_kv(&sl_balance_record, &b, "anon_permille", "250"), 0);
	assert_int_equal(sl_record_parse_kv(&sl_balance_record, &b, "file_permille", "750"), 0);
	assert_int_equal(b.decided_anon_permille, 250);
	assert_int_equal(b.decided_file_permille, 750);
	assert_int_equal(sl_record_parse_kv(&sl_balance_record, &b, "target_anon_permille", "400"), 0);
	assert_int_equal(b.target_anon_permille, 400);
	assert_int_equal(sl_record_parse_kv(&sl_move_record, &b, "anon_permille", "1"), 1);
}

static void add_list(struct lru_snapshot *s, uint32_t nid, uint64_t memcg,
		     int lru, int reclaimer, uint64_t scanned, uint64_t reclaimed)
{
	struct lru_list_stat l;

	memset(&l, 0, sizeof(l));
	l.key.nid = nid;
	l.key.memcg_id = memcg;
	l.key.lru = (uint8_t)lru;
	l.key.reclaimer = (uint8_t)reclaimer;
	l.counts.shrinks = 1;
	l.counts.scanned = scanned;
	l.counts.reclaimed = reclaimed;
	assert_int_equal(lru_snapshot_add_list(s, &l), 0);
}

static void fill(struct lru_snapshot *s, uint64_t scale, bool last)
{
	struct lru_move_stat m;

	lru_snapshot_init(s);
	/* added out of order: lru_snapshot_sort puts them in key order */
	if (last)
		add_list(s, 1, 1, SL_LRU_INACTIVE_FILE, SL_RECLAIMER_KSWAPD,
			 999999999 * scale, 999999998 * scale);
	add_list(s, 0, 1, SL_LRU_INACTIVE_FILE, SL_RECLAIMER_KSWAPD, 4000 * scale, 3900 * scale);
	add_list(s, 0, 1, SL_LRU_INACTIVE_ANON, SL_RECLAIMER_KSWAPD, 100 * scale, 60 * scale);
	memset(&m, 0, sizeof(m));
	m.key.from_lru = SL_LRU_INACTIVE_FILE;
	m.key.to_lru = SL_LRU_ACTIVE_FILE;
	m.counts.moves = m.counts.pages = 7 * scale;
	assert_int_equal(lru_snapshot_add_move(s, &m), 0);
	s->hists[LRU_HIST_PRIORITY].slots[12] = 5 * scale;
	s->counters[LRU_CNT_SHRINK] = 7 * scale;
	s->ts_ns = 1000000000ull * scale;
	lru_snapshot_sort(s);
}

static void test_snapshot_delta(void **state)
{
	struct lru_snapshot then, now, out;

	(void)state;
	fill(&then, 1, false);	/* the node 1 key is new in "now" */
	fill(&now, 3, true);
	assert_int_equal(now.lists[0].key.lru, SL_LRU_INACTIVE_ANON);	/* sorted */
	assert_int_equal(now.lists[2].key.nid, 1);
	lru_snapshot_init(&out);
	assert_int_equal(lru_snapshot_delta(&now, &then, &out), 0);
	assert_int_equal(out.nr_lists, 3);
	assert_int_equal(out.lists[1].counts.scanned, 8000);	/* subtracts per key */
	assert_int_equal(out.lists[1].counts.reclaimed, 7800);
	assert_int_equal(out.lists[1].counts.shrinks, 0);
	assert_int_equal(out.lists[2].counts.scanned, 2999999997ull);	/* new: from zero */
	assert_int_equal(out.moves[0].counts.pages, 14);
	assert_int_equal(out.hists[LRU_HIST_PRIORITY].slots[12], 10);
	assert_int_equal(out.counters[LRU_CNT_SHRINK], 14);
	assert_int_equal(out.ts_ns, now.ts_ns);
	assert_true(lru_snapshot_delta(&now, &then, &now) < 0);	/* out == now */
	lru_snapshot_free(&out);
	lru_snapshot_free(&now);
	lru_snapshot_free(&then);
}

/* A snapshot written as text reads back the same (the fixtures' format). */
static void add_eviction(struct lru_mglru_snapshot *s, uint32_t nid, uint8_t type,
			 uint64_t scanned, uint64_t max_seq)
{
	struct lru_mglru_stat *g;
	struct lru_mglru_aging_stat *a;

	assert_int_equal(lru_snapshot_grow((void **)&s->mglru, &s->cap_mglru,
					   s->nr_mglru + 1, sizeof(*g)), 0);
	g = &s->mglru[s->nr_mglru++];
	memset(g, 0, sizeof(*g));
	g->key = (struct lru_mglru_key){ .nid = nid, .memcg_id = 1, .type = type };
	g->counts = (struct lru_mglru_counts){ .evictions = 1, .scanned = scanned,
					       .reclaimed = scanned / 2, .visited = scanned };
	assert_int_equal(lru_snapshot_grow((void **)&s->aging, &s->cap_aging,
					   s->nr_aging + 1, sizeof(*a)), 0);
	a = &s->aging[s->nr_aging++];
	memset(a, 0, sizeof(*a));
	a->key = (struct lru_balance_key){ .nid = nid, .memcg_id = 1 + type };
	a->aging = (struct lru_mglru_aging){ .attempts = scanned, .increments = 1,
					     .max_seq = max_seq };
}

/* The MGLRU interval walks both sorted arrays as the classic one does. */
static void test_mglru_delta(void **state)
{
	struct lru_mglru_snapshot then, now, out;

	(void)state;
	lru_mglru_snapshot_init(&then);
	lru_mglru_snapshot_init(&now);
	lru_mglru_snapshot_init(&out);
	add_eviction(&then, 0, 1, 100, 4);	/* a key gone by now */
	add_eviction(&then, 1, 0, 1000, 5);
	add_eviction(&now, 1, 0, 1600, 7);
	add_eviction(&now, 1, 1, 50, 7);	/* new since then */
	assert_int_equal(lru_mglru_snapshot_delta(&now, &then, &out), 0);
	assert_int_equal(out.nr_mglru, 2);
	assert_int_equal(out.mglru[0].counts.scanned, 600);
	assert_int_equal(out.mglru[0].counts.reclaimed, 300);
	assert_int_equal(out.mglru[0].counts.evictions, 0);
	assert_int_equal(out.mglru[1].counts.scanned, 50);
	assert_int_equal(out.nr_aging, 2);
	assert_int_equal(out.aging[0].aging.attempts, 600);
	assert_int_equal(out.aging[0].aging.max_seq, 7);	/* a state: now's */
	assert_int_equal(out.aging[1].aging.attempts, 50);
	assert_true(lru_mglru_snapshot_delta(&now, &then, &now) < 0);
	lru_mglru_snapshot_free(&then);
	lru_mglru_snapshot_free(&now);
	lru_mglru_snapshot_free(&out);
}

static void test_snapshot_text(void **state)
{
	struct lru_snapshot a, b;
	struct lru_balance bal;
	char *text = NULL, err[128];
	size_t len = 0;
	unsigned line = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	fill(&a, 2, true);
	memset(&bal, 0, sizeof(bal));
	bal.nid = 1;
	bal.memcg_id = 42;
	bal.policy = SL_POLICY_ROTATION;
	bal.decided_anon_permille = 333;
	bal.scan[SL_LRU_ACTIVE_ANON] = 17;
	assert_int_equal(lru_snapshot_add_balance(&a, &bal), 0);
	a.counters[LRU_CNT_RB_DROPS] = 5;
	assert_int_equal(lru_snapshot_write(f, &a), 0);
	fclose(f);
	assert_non_null(strstr(text, "list nid=0 memcg_id=1 lru=inactive_anon reclaimer=kswapd scanned=200"));
	assert_non_null(strstr(text, "policy=rotation"));

	f = fmemopen(text, len, "r");
	lru_snapshot_init(&b);
	assert_int_equal(lru_snapshot_read(f, &b, &line, err, sizeof(err)), 0);
	assert_int_equal(b.ts_ns, a.ts_ns);
	assert_int_equal(b.nr_lists, a.nr_lists);
	assert_memory_equal(b.lists, a.lists, a.nr_lists * sizeof(*a.lists));
	assert_int_equal(b.nr_balance, 1);
	assert_memory_equal(b.balance, a.balance, sizeof(*a.balance));
	assert_int_equal(b.nr_moves, a.nr_moves);
	assert_memory_equal(b.moves, a.moves, a.nr_moves * sizeof(*a.moves));
	assert_memory_equal(b.counters, a.counters, sizeof(a.counters));
	assert_int_equal(lru_snapshot_read(f, &b, &line, err, sizeof(err)), 1);	/* EOF */
	fclose(f);

	f = fmemopen((char *)"snapshot\nlist nid=x\nend\n", 23, "r");
	line = 0;
	assert_int_equal(lru_snapshot_read(f, &b, &line, err, sizeof(err)), -1);
	assert_string_equal(err, "2: malformed 'list' line");
	fclose(f);
	lru_snapshot_free(&a);
	lru_snapshot_free(&b);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tables_cover_structs),
		cmocka_unit_test(test_text_and_json_agree),
		cmocka_unit_test(test_event_lines),
		cmocka_unit_test(test_parse_kv),
		cmocka_unit_test(test_snapshot_delta),
		cmocka_unit_test(test_mglru_delta),
		cmocka_unit_test(test_snapshot_text),
	};

	return cmocka_run_group_tests_name("core-fields", tests, NULL, NULL);
}
