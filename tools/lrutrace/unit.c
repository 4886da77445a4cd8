// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * unit.c: host-side driver for tests/unit/lrutrace*.t.  Runs lrutrace's
 * argument parser and report writers on made-up snapshots and events and
 * prints what they produce; the .t files assert on that.  It links no
 * libbpf and cannot load anything into the kernel.
 *
 *   lrutrace-unit args ARG...      parse ARGs as lrutrace would, print env
 *   lrutrace-unit stat-text [--per-memcg] | stat-json | prometheus
 *   lrutrace-unit hist-text | hist-json | events-text | events-json | delta
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lrutrace.h"
#include "lru_format.h"

static void print_env(const struct lrutrace_env *e)
{
	static const char *const modes[] = { "events", "stat", "hist" };

	printf("mode=%s\ninterval=%g\ncount=%ld\nduration=%g\njson=%d\n",
	       modes[e->mode], e->interval_s, e->count, e->duration_s, e->json);
	printf("fallback=%d\nper_memcg=%d\nself=%d\nnid=%d\nmemcg=%s\n",
	       e->fallback, e->per_memcg, e->self, e->nid,
	       e->memcg_path ? e->memcg_path : "");
	printf("lru_mask=0x%x\nreason_mask=0x%x\nmove_mask=0x%x\nreclaimer_mask=0x%x\n",
	       e->lru_mask, e->reason_mask, e->move_mask, e->reclaimer_mask);
	printf("ringbuf=%zu\nprometheus=%s\nlisten=%s\n", e->ringbuf_bytes,
	       e->prometheus_path ? e->prometheus_path : "",
	       e->listen ? e->listen : "");
}

static void add_list(struct lru_snapshot *s, uint32_t nid, uint64_t memcg,
		     int lru, int reclaimer, uint64_t scanned, uint64_t reclaimed)
{
	struct lru_list_stat *l = &s->lists[s->nr_lists++];

	memset(l, 0, sizeof(*l));
	l->key.nid = nid;
	l->key.memcg_id = memcg;
	l->key.lru = (uint8_t)lru;
	l->key.reclaimer = (uint8_t)reclaimer;
	l->counts.shrinks = 1;
	l->counts.scanned = scanned;
	l->counts.taken = scanned;
	l->counts.reclaimed = reclaimed;
	l->counts.activated = scanned - reclaimed;
	l->counts.rotated = lru & 1 ? scanned / 4 : 0;
	l->counts.deactivated = lru & 1 ? scanned / 2 : 0;
}

/*
 * A fixed snapshot: node 0 with the root memcg (1) and memcg 42, node 1
 * with the root only; big numbers to test column widths.
 */
static void sample(struct lru_snapshot *s, uint64_t scale)
{
	static struct lru_list_stat lists[16];
	static struct lru_balance balance[3];
	static struct lru_move_stat moves[2];
	int i;

	lru_snapshot_init(s);
	s->lists = lists;
	add_list(s, 0, 1, SL_LRU_INACTIVE_ANON, SL_RECLAIMER_KSWAPD, 100 * scale, 60 * scale);
	add_list(s, 0, 1, SL_LRU_INACTIVE_ANON, SL_RECLAIMER_DIRECT, 50 * scale, 20 * scale);
	add_list(s, 0, 1, SL_LRU_ACTIVE_ANON, SL_RECLAIMER_KSWAPD, 80 * scale, 0);
	add_list(s, 0, 1, SL_LRU_INACTIVE_FILE, SL_RECLAIMER_KSWAPD, 4000 * scale, 3900 * scale);
	add_list(s, 0, 1, SL_LRU_ACTIVE_FILE, SL_RECLAIMER_KSWAPD, 1000 * scale, 0);
	add_list(s, 0, 42, SL_LRU_INACTIVE_FILE, SL_RECLAIMER_MEMCG, 320 * scale, 300 * scale);
	add_list(s, 1, 1, SL_LRU_INACTIVE_FILE, SL_RECLAIMER_KSWAPD, 999999999 * scale, 999999998 * scale);
	s->balance = balance;
	for (i = 0; i < 3; i++) {
		memset(&balance[i], 0, sizeof(balance[i]));
		balance[i].nid = i == 2;
		balance[i].memcg_id = i == 1 ? 42 : 1;
		balance[i].policy = i == 1 ? SL_POLICY_ROTATION : SL_POLICY_COST;
		balance[i].mode = i == 2 ? SL_MODE_FILE : SL_MODE_FRACT;
		balance[i].forced_by = i == 2 ? SL_FORCED_NO_SWAP : SL_FORCED_NONE;
		balance[i].swappiness = 60;
		balance[i].priority = 12;
		balance[i].anon_permille = i == 2 ? 0 : 37 * (i + 1);
		balance[i].file_permille = 1000 - balance[i].anon_permille;
	}
	s->nr_balance = 3;
	s->moves = moves;
	memset(moves, 0, sizeof(moves));
	moves[0].key.nid = 0;
	moves[0].key.memcg_id = 1;
	moves[0].key.from_lru = SL_LRU_INACTIVE_FILE;
	moves[0].key.to_lru = SL_LRU_ACTIVE_FILE;
	moves[0].key.reason = SL_MOVE_ACTIVATE_ACCESS;
	moves[0].counts.moves = 7 * scale;
	moves[0].counts.pages = 7 * scale;
	s->nr_moves = 1;
	for (i = 0; i < LRU_HIST_SLOTS; i++)
		s->hists[LRU_HIST_DIRECT_LAT_US].slots[i] = i > 3 && i < 12 ? (uint64_t)(i * scale) : 0;
	s->hists[LRU_HIST_PRIORITY].slots[12] = 5 * scale;
	s->hists[LRU_HIST_PRIORITY].slots[10] = 1 * scale;
	s->counters[LRU_CNT_SHRINK] = 7 * scale;
	s->ts_ns = 1000000000ull * scale;
}

static void sample_events(bool json)
{
	struct lru_event e;
	char buf[1024];

	memset(&e, 0, sizeof(e));
	e.ts_ns = 1500000000;
	e.type = LRU_EV_SHRINK;
	e.pid = 42;
	strcpy(e.comm, "kswapd0");
	e.shrink.nid = 0;
	e.shrink.memcg_id = 1;
	e.shrink.lru = SL_LRU_INACTIVE_FILE;
	e.shrink.reclaimer = SL_RECLAIMER_KSWAPD;
	e.shrink.reason = SL_REASON_BALANCE;
	e.shrink.priority = 12;
	e.shrink.nr_to_scan = 32;
	e.shrink.nr_scanned = 32;
	e.shrink.nr_taken = 32;
	e.shrink.nr_reclaimed = 30;
	(json ? lru_event_format_json : lru_event_format_text)(&e, 1.5, buf, sizeof(buf));
	puts(buf);

	memset(&e.balance, 0, sizeof(e.balance));
	e.type = LRU_EV_BALANCE;
	strcpy(e.comm, "a\"b\\c\x01");	/* hostile comm */
	e.balance.policy = SL_POLICY_ROTATION;
	e.balance.mode = SL_MODE_FRACT;
	e.balance.swappiness = 60;
	e.balance.anon_permille = 123;
	e.balance.file_permille = 877;
	(json ? lru_event_format_json : lru_event_format_text)(&e, 1.6, buf, sizeof(buf));
	puts(buf);

	memset(&e.move, 0, sizeof(e.move));
	e.type = LRU_EV_MOVE;
	e.move.from_lru = SL_LRU_INACTIVE_ANON;
	e.move.to_lru = SL_LRU_ACTIVE_ANON;
	e.move.reason = SL_MOVE_REFAULT_ACTIVATE;
	e.move.nr_pages = 512;
	e.move.pfn = 0x1234;
	(json ? lru_event_format_json : lru_event_format_text)(&e, 1.7, buf, sizeof(buf));
	puts(buf);
}

int main(int argc, char **argv)
{
	struct lrutrace_env env;
	struct report_ctx rc = { .env = &env, .mode = LRU_MODE_FULL,
				 .wall_ts = 1700000000.0, .interval_s = 1.0 };
	struct lru_snapshot s;
	const char *what = argc > 1 ? argv[1] : "";

	if (strcmp(what, "args") == 0) {
		argv[1] = "lrutrace";
		if (lrutrace_parse_args(argc - 1, argv + 1, &env))
			return EXIT_USAGE;
		print_env(&env);
		return 0;
	}
	memset(&env, 0, sizeof(env));
	env.nid = -1;
	env.per_memcg = argc > 2 && strcmp(argv[2], "--per-memcg") == 0;
	sample(&s, 1);
	if (strcmp(what, "stat-text") == 0) {
		rc.has_self = true;
		rc.self.run_cnt = 1000;
		rc.self.run_time_ns = 250000;
		return report_stat_text(stdout, &rc, &s) ? 1 : 0;
	}
	if (strcmp(what, "stat-json") == 0) {
		rc.drops = 3;
		rc.limits = "fallback mode (stock vmscan events): no \"memcg\"";
		return report_stat_json(stdout, &rc, &s) ? 1 : 0;
	}
	if (strcmp(what, "prometheus") == 0)
		return report_prometheus(stdout, &rc, &s) ? 1 : 0;
	if (strcmp(what, "hist-text") == 0)
		return report_hist_text(stdout, &rc, &s) ? 1 : 0;
	if (strcmp(what, "hist-json") == 0)
		return report_hist_json(stdout, &rc, &s) ? 1 : 0;
	if (strcmp(what, "events-text") == 0 || strcmp(what, "events-json") == 0) {
		sample_events(strcmp(what, "events-json") == 0);
		return 0;
	}
	if (strcmp(what, "delta") == 0) {
		/* (scale 3) - (scale 1): every count doubles the scale-1 one */
		struct lru_snapshot then, now, out;
		struct lru_list_stat tl[16], nl[16];
		struct lru_move_stat tm[2], nm[2];
		size_t i;

		sample(&then, 1);
		memcpy(tl, then.lists, sizeof(tl));
		memcpy(tm, then.moves, sizeof(tm));
		then.lists = tl;
		then.moves = tm;
		then.nr_lists--;	/* a key new in "now" counts from zero */
		sample(&now, 3);
		memcpy(nl, now.lists, sizeof(nl));
		memcpy(nm, now.moves, sizeof(nm));
		now.lists = nl;
		now.moves = nm;
		lru_snapshot_init(&out);
		if (lru_snapshot_delta(&now, &then, &out))
			return 1;
		for (i = 0; i < out.nr_lists; i++)
			printf("list %u %llu %s scanned=%llu reclaimed=%llu\n",
			       out.lists[i].key.nid,
			       (unsigned long long)out.lists[i].key.memcg_id,
			       lru_name(LRU_NAMES_LRU, out.lists[i].key.lru),
			       (unsigned long long)out.lists[i].counts.scanned,
			       (unsigned long long)out.lists[i].counts.reclaimed);
		printf("moves %llu\n", (unsigned long long)out.moves[0].counts.pages);
		printf("hist12 %llu\n", (unsigned long long)out.hists[LRU_HIST_PRIORITY].slots[12]);
		printf("shrink %llu\n", (unsigned long long)out.counters[LRU_CNT_SHRINK]);
		printf("self %d\n", lru_snapshot_delta(&now, &then, &now));
		lru_snapshot_free(&out);
		return 0;
	}
	fprintf(stderr, "usage: lrutrace-unit args|stat-text|stat-json|prometheus|hist-text|hist-json|events-text|events-json|delta\n");
	return 2;
}
