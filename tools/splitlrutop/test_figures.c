// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_figures: one recorded pair of BPF snapshots through both tools'
 * figure paths, lrutrace's report (tools/lrutrace/report.c) and
 * splitlrutop's frame (sample_bpf.c, derive.c, the batch text and JSON),
 * which must print the same decided and scanned shares (docs/figures.md).
 * cmocka, as TAP (tests/unit/splitlrutop-figures.t).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "canvas.h"
#include "derive.h"
#include "json.h"
#include "lrutrace.h"
#include "sampler.h"
#include "sl_snapshot.h"
#include "ui.h"

#define FIXTURE "tests/fixtures/figures/pair.snap"
#define NR_NODES 2

/* What one tool printed for one node, in permille; -1: "-". */
struct shares {
	int decided, scanned;
};

struct pair {
	struct lru_snapshot then, now;
};

static int setup(void **state)
{
	struct pair *p = calloc(1, sizeof(*p));
	char err[256];
	unsigned line = 0;
	FILE *f = fopen(FIXTURE, "re");

	if (!p || !f)
		return -1;
	lru_snapshot_init(&p->then);
	lru_snapshot_init(&p->now);
	if (lru_snapshot_read(f, &p->then, &line, err, sizeof(err)) ||
	    lru_snapshot_read(f, &p->now, &line, err, sizeof(err))) {
		fprintf(stderr, "%s:%s\n", FIXTURE, err);
		fclose(f);
		return -1;
	}
	fclose(f);
	*state = p;
	return 0;
}

static int teardown(void **state)
{
	struct pair *p = *state;

	lru_snapshot_free(&p->then);
	lru_snapshot_free(&p->now);
	free(p);
	return 0;
}

/* "12.3" (a percentage with one decimal) in permille, or -1 for "-". */
static int pct_pm(const char *s)
{
	double v;

	return sscanf(s, "%lf", &v) == 1 ? (int)(v * 10 + 0.5) : -1;
}

/* lrutrace stat's table of the interval, and the shares it printed per node. */
static void lrutrace_shares(const struct pair *p, struct shares out[NR_NODES])
{
	struct lrutrace_env env = { .nid = -1 };
	struct report_ctx rc = { .env = &env, .source = LRU_SOURCE_SERIES,
				 .wall_ts = 1700000000.0, .interval_s = 1.0 };
	struct lru_snapshot delta;
	char *text = NULL, *line, *save = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int node = -1;

	lru_snapshot_init(&delta);
	assert_int_equal(lru_snapshot_delta(&p->now, &p->then, &delta), 0);
	assert_int_equal(report_stat_text(f, &rc, &delta), 0);
	fclose(f);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char dec[32], scan[32];
		unsigned nid;

		if (sscanf(line, "node %u", &nid) == 1)
			node = (int)nid;
		else if (sscanf(line, "share anon/file: decided %31s scanned %31s", dec, scan) == 2) {
			assert_in_range(node, 0, NR_NODES - 1);
			out[node].decided = pct_pm(dec);
			out[node].scanned = pct_pm(scan);
		}
	}
	free(text);
	lru_snapshot_free(&delta);
}

/* Two splitlrutop samples with the snapshots' counters, as the sampler fills them. */
static struct sl_sample *samples(const struct pair *p)
{
	struct sl_sample *s = sl_sample_pair_new();

	assert_non_null(s);
	for (int i = 0; i < 2; i++) {
		const struct lru_snapshot *snap = i ? &p->now : &p->then;

		s[i].seq = (uint64_t)i;
		s[i].mono_ns = snap->ts_ns;
		s[i].interval_ms = 1000;
		s[i].nr_nodes = NR_NODES;
		for (int n = 0; n < NR_NODES; n++)
			s[i].nodes[n].nid = n;
		s[i].bpf_reason = SL_BPF_ON;
		sl_sample_add_snapshot(&s[i], snap, false);
	}
	return s;
}

/* splitlrutop -b's text of the interval, and the shares it printed per node. */
static void splitlrutop_text_shares(struct sl_frame *f, struct shares out[NR_NODES])
{
	struct sl_view v = { .node = -1, .sort = SL_COL_SCANNED };
	struct sl_canvas c;
	char *text = NULL, *line, *save = NULL;
	size_t len = 0;
	FILE *mf = open_memstream(&text, &len);
	int node = -1;

	sl_canvas_init(&c, 200, 80, &sl_glyphs_ascii);
	sl_canvas_print(&c, sl_draw_batch(&c, f, &v), mf);
	fclose(mf);
	sl_canvas_free(&c);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char dec[16], scan[16];
		int nid;

		if (sscanf(line, "node %d", &nid) == 1)
			node = nid;
		else if (sscanf(line, " anon/file decided %15s %*s scanned %15s", dec, scan) == 2) {
			int a = -1, b = -1;

			assert_in_range(node, 0, NR_NODES - 1);
			out[node].decided = sscanf(dec, "%d/%*d", &a) == 1 ? a : -1;
			out[node].scanned = sscanf(scan, "%d/%*d", &b) == 1 ? b : -1;
		}
	}
	free(text);
}

/* splitlrutop -b --json's shares per node. */
static void splitlrutop_json_shares(struct sl_frame *f, struct shares out[NR_NODES])
{
	char *text = NULL;
	size_t len = 0;
	FILE *mf = open_memstream(&text, &len);
	json_object *o, *nodes;

	assert_int_equal(sl_json_print(f, NULL, mf), 0);
	fclose(mf);
	o = json_tokener_parse(text);
	assert_non_null(o);
	nodes = json_object_object_get(o, "nodes");
	assert_int_equal(json_object_array_length(nodes), NR_NODES);
	for (int i = 0; i < NR_NODES; i++) {
		json_object *n = json_object_array_get_idx(nodes, (size_t)i), *d, *s;
		int nid = json_object_get_int(json_object_object_get(n, "node"));

		assert_in_range(nid, 0, NR_NODES - 1);
		d = json_object_object_get(json_object_object_get(n, "decided"), "anon_permille");
		s = json_object_object_get(json_object_object_get(n, "scanned"), "anon_permille");
		out[nid].decided = d ? json_object_get_int(d) : -1;
		out[nid].scanned = s ? json_object_get_int(s) : -1;
	}
	json_object_put(o);
	free(text);
}

static void test_same_shares(void **state)
{
	const struct pair *p = *state;
	struct shares lt[NR_NODES], st[NR_NODES], sj[NR_NODES];
	struct sl_sample *s = samples(p);
	struct sl_frame *f = malloc(sizeof(*f));

	memset(lt, 0xff, sizeof(lt));
	memset(st, 0xff, sizeof(st));
	memset(sj, 0xff, sizeof(sj));
	lrutrace_shares(p, lt);
	sl_derive(f, &s[0], &s[1], NULL, NULL);
	splitlrutop_text_shares(f, st);
	splitlrutop_json_shares(f, sj);
	for (int n = 0; n < NR_NODES; n++) {
		print_message("# node %d: lrutrace %d/%d, splitlrutop %d/%d, JSON %d/%d (decided/scanned anon)\n",
			      n, lt[n].decided, lt[n].scanned, st[n].decided,
			      st[n].scanned, sj[n].decided, sj[n].scanned);
		assert_int_equal(lt[n].decided, st[n].decided);
		assert_int_equal(lt[n].scanned, st[n].scanned);
		assert_int_equal(st[n].decided, sj[n].decided);
		assert_int_equal(st[n].scanned, sj[n].scanned);
	}
	free(f);
	sl_sample_pair_free(s);
}

/* ... and the values docs/figures.md defines, worked out in the fixture. */
static void test_definitions(void **state)
{
	const struct pair *p = *state;
	struct shares lt[NR_NODES];

	lrutrace_shares(p, lt);
	/* node 0: its root lruvec's decision, though a memcg's is newer */
	assert_int_equal(lt[0].decided, 180);
	/* both lists of each type: (300+100+900+300) / 6000 */
	assert_int_equal(lt[0].scanned, 267);
	/* node 1: no root decision; the newest memcg's (9), not the smallest id */
	assert_int_equal(lt[1].decided, 650);
	assert_int_equal(lt[1].scanned, 308);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_shares),
		cmocka_unit_test(test_definitions),
	};

	return cmocka_run_group_tests_name("splitlrutop-figures", tests, setup, teardown);
}
