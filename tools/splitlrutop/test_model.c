// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_model: host unit tests of the model, the derivation, the recording
 * format and the canvas.  cmocka, as TAP (tests/unit/splitlrutop-model.t).
 */
#include <locale.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "canvas.h"
#include "derive.h"
#include "sl_fields.h"
#include "record.h"
#include "test_tmpdir.h"
#include "ui.h"

/* Assert cond; the message says what was expected. */
#define ok(cond, ...)                                                          \
	do {                                                                   \
		if (!(cond))                                                   \
			fail_msg(__VA_ARGS__);                                 \
	} while (0)

#define is_u64(got, want, what)                                                \
	do {                                                                   \
		uint64_t got_ = (got), want_ = (want);                         \
		if (got_ != want_)                                             \
			fail_msg("%s: got %llu, expected %llu", what,          \
				 (unsigned long long)got_, (unsigned long long)want_); \
	} while (0)

static struct sl_sample *new_sample(uint64_t seq, uint64_t t_s)
{
	struct sl_sample *s = malloc(sizeof(*s));

	sl_sample_init(s);
	s->seq = seq;
	s->mono_ns = t_s * 1000000000ull;
	s->interval_ms = 1000;
	s->nr_nodes = 1;
	s->nodes[0].nid = 0;
	for (int k = 0; k < SL_VM_NR; k++)
		s->vm[k] = 1000 * seq;
	return s;
}

static void sample_free(struct sl_sample *s)
{
	if (s)
		sl_sample_release(s);
	free(s);
}

static void test_shares(void **state)
{
	(void)state;
	struct sl_node_sample n;
	enum sl_source src;

	ok(sl_share_pm(1, 2) == 333, "1:2 is 333 permille anon");
	ok(sl_share_pm(2, 1) == 667, "2:1 rounds to 667");
	ok(sl_share_pm(0, 0) == -1, "nothing scanned is unknown, not 0");
	ok(sl_share_pm(SL_MISSING, 5) == -1, "a missing side is unknown");

	memset(&n, 0, sizeof(n));
	for (int i = 0; i < SL_ZBAL_NR; i++)
		n.zbal[i] = SL_MISSING;
	ok(sl_node_decided_anon_pm(&n, &src) == -1 && src == SL_SRC_NONE, "no source: unknown");
	n.zbal[SL_ZBAL_ANON_PERMILLE] = 0;
	n.zbal[SL_ZBAL_FILE_PERMILLE] = 0;
	ok(sl_node_decided_anon_pm(&n, &src) == -1, "zoneinfo 0/0 (no decision yet) is unknown");
	n.zbal[SL_ZBAL_ANON_PERMILLE] = 250;
	n.zbal[SL_ZBAL_FILE_PERMILLE] = 750;
	ok(sl_node_decided_anon_pm(&n, &src) == 250 && src == SL_SRC_ZONEINFO, "zoneinfo 250/750");
	ok(sl_node_target_anon_pm(&n, &src) == -1 && src == SL_SRC_NONE,
	   "series v1 zoneinfo: no target share");
	/* series v2: the decided pair by its own name, and the target pair */
	n.zbal[SL_ZBAL_DECIDED_ANON_PERMILLE] = 312;
	n.zbal[SL_ZBAL_DECIDED_FILE_PERMILLE] = 688;
	n.zbal[SL_ZBAL_TARGET_ANON_PERMILLE] = 871;
	n.zbal[SL_ZBAL_TARGET_FILE_PERMILLE] = 129;
	ok(sl_node_decided_anon_pm(&n, &src) == 312 && src == SL_SRC_ZONEINFO,
	   "v2 zoneinfo: lru_decided_* before lru_scan_*");
	ok(sl_node_target_anon_pm(&n, &src) == 871 && src == SL_SRC_ZONEINFO, "v2 zoneinfo: target 871/129");
	n.decision.present = true;
	n.decision.b.decided_anon_permille = 600;
	n.decision.b.decided_file_permille = 400;
	n.decision.b.target_anon_permille = 909;
	n.decision.b.target_file_permille = 91;
	ok(sl_node_decided_anon_pm(&n, &src) == 600 && src == SL_SRC_BPF, "a decision event wins over zoneinfo");
	ok(sl_node_target_anon_pm(&n, &src) == 909 && src == SL_SRC_BPF, "and its target share too");
}

/* The sizes as printf's floats printed them: the oracle for sl_fmt_kb. */
static void fmt_kb_printf(char *buf, size_t len, uint64_t kb)
{
	static const char units[] = "KMGTP";
	double v = (double)kb;
	int u = 0;

	while (v >= 1024 && u < 4) {
		v /= 1024;
		u++;
	}
	snprintf(buf, len, v < 10 && u > 0 ? "%.1f%c" : "%.0f%c", v, units[u]);
}

/*
 * Sizes are formatted with integers (issue 17): every kB value up to 4 GB
 * in steps, every one near a unit's edge and its ties, and huge ones, as
 * printf printed them.
 */
static void test_fmt_kb(void **state)
{
	(void)state;
	char got[32], want[32];
	uint64_t v;

	for (v = 0; v < (4ull << 20); v += v < 200000 ? 1 : 37) {
		fmt_kb_printf(want, sizeof(want), v);
		ok(!strcmp(sl_fmt_kb(got, sizeof(got), v), want), "%llu: '%s', not '%s'",
		   (unsigned long long)v, got, want);
	}
	for (int u = 1; u <= 5; u++) {
		uint64_t unit = 1ull << (10 * u);
		static const uint64_t at[] = { 1, 10, 1024 };
		for (size_t k = 0; k < sizeof(at) / sizeof(at[0]); k++)
			for (uint64_t d = 0; d < 2048; d++) {
				uint64_t base = at[k] * unit;
				uint64_t cand[] = { base - 1024 + d, base + d * (unit / 2048), base + unit / 20 };
				for (size_t c = 0; c < 3; c++) {
					fmt_kb_printf(want, sizeof(want), cand[c]);
					ok(!strcmp(sl_fmt_kb(got, sizeof(got), cand[c]), want),
					   "%llu: '%s', not '%s'", (unsigned long long)cand[c], got, want);
				}
			}
	}
	ok(!strcmp(sl_fmt_kb(got, sizeof(got), 1280), "1.2M"), "a tie goes to even: 1.25M is '%s'", got);
	ok(!strcmp(sl_fmt_kb(got, sizeof(got), 1536), "1.5M"), "1536 kB: '%s'", got);
	ok(!strcmp(sl_fmt_kb(got, sizeof(got), SL_MISSING), "-"), "missing: '%s'", got);
	ok(!strcmp(sl_fmt_kb(got, 3, 1023), "10"), "cut to the buffer like snprintf: '%s'", got);
}

/*
 * Rates below 1000 are formatted without printf (issue 17): the same text
 * as "%.0f", halves (rounded to even) and the edge at 999.5 included.
 */
static void test_fmt_rate_whole(void **state)
{
	(void)state;
	char got[16], want[16];

	for (int i = 0; i <= 2000000; i += 7) {
		double v = i / 2000.0;
		if (v >= 1000)
			break;
		snprintf(want, sizeof(want), "%.0f", v);
		ok(!strcmp(sl_fmt_rate(got, sizeof(got), v), want), "%.4f: '%s', not '%s'", v, got, want);
	}
	static const double edges[] = { 0, 0.5, 1.5, 2.5, 0.49999999999999994, 999.4999, 999.5, 999.9 };
	for (size_t i = 0; i < sizeof(edges) / sizeof(edges[0]); i++) {
		snprintf(want, sizeof(want), "%.0f", edges[i]);
		ok(!strcmp(sl_fmt_rate(got, sizeof(got), edges[i]), want), "%.17g: '%s', not '%s'",
		   edges[i], got, want);
	}
	ok(!strcmp(sl_fmt_rate(got, 3, 999.0), "99"), "cut to the buffer like snprintf: '%s'", got);
	ok(!strcmp(sl_fmt_rate(got, sizeof(got), 1500), "1.5k"), "1500: '%s'", got);
}

/* Every count column is a field of the list counts' table. */
static void test_columns(void **state)
{
	(void)state;
	for (int c = 0; c < SL_COL_NR_COUNTS; c++)
		ok(sl_record_field(&sl_list_counts_record, sl_col_names[c]) != NULL,
		   "column %s is a list counts field", sl_col_names[c]);
}

static void test_derive_vmstat(void **state)
{
	(void)state;
	struct sl_sample *a = new_sample(1, 10), *b = new_sample(2, 12);
	struct sl_view v = { .node = -1, .sort = SL_COL_SCANNED };
	struct sl_frame f;

	a->vm[SL_VM_PGSCAN_ANON] = 100;
	b->vm[SL_VM_PGSCAN_ANON] = 300;	/* 200 in 2 s */
	a->vm[SL_VM_PGSCAN_FILE] = 1000;
	b->vm[SL_VM_PGSCAN_FILE] = 1600;	/* 600 */
	a->vm[SL_VM_PGSCAN_KSWAPD] = 0;
	b->vm[SL_VM_PGSCAN_KSWAPD] = 200;
	b->vm[SL_VM_PGACTIVATE] = SL_MISSING;
	sl_derive(&f, a, b, &v, NULL);
	ok(fabs(f.interval_s - 2.0) < 1e-9, "interval from the monotonic clocks");
	ok(f.lists_src == SL_SRC_VMSTAT, "without BPF the table comes from vmstat");
	is_u64(f.lists[0].delta[SL_COL_SCANNED], 200, "inactive_anon scanned = pgscan_anon delta");
	ok(fabs(f.lists[0].per_s[SL_COL_SCANNED] - 100) < 1e-9, "... 100/s");
	is_u64(f.lists[2].delta[SL_COL_SCANNED], 600, "inactive_file scanned = pgscan_file delta");
	is_u64(f.lists[1].delta[SL_COL_SCANNED], SL_MISSING, "active_anon: vmstat has no per-list figure");
	is_u64(f.lists[4].delta[SL_COL_SCANNED], 800, "all = anon + file, never kswapd + direct + type");
	ok(fabs(f.lists[4].kswapd_share - 0.25) < 1e-9, "kswapd share of all scanning");
	is_u64(f.lists[4].delta[SL_COL_ACTIVATED], SL_MISSING, "a counter missing in one sample is missing");
	ok(f.nodes[0].scanned_anon_pm == 250 && f.nodes[0].scanned_src == SL_SRC_VMSTAT,
	   "one node: scanned share 250 from vmstat");

	b->nr_nodes = 2;
	b->nodes[1].nid = 1;
	a->nr_nodes = 2;
	a->nodes[1].nid = 1;
	sl_derive(&f, a, b, &v, NULL);
	ok(f.nodes[1].scanned_src == SL_SRC_VMSTAT_SYSTEM, "two nodes: vmstat share is system-wide, and says so");

	b->vm[SL_VM_PGSCAN_ANON] = 50;	/* went backwards: a reset, not a huge rate */
	sl_derive(&f, a, b, &v, NULL);
	is_u64(f.lists[0].delta[SL_COL_SCANNED], SL_MISSING, "a counter that went back is missing");
	sl_derive(&f, NULL, b, &v, NULL);
	ok(f.prev == NULL && f.lists_src == SL_SRC_NONE && isnan(f.lists[0].per_s[0]),
	   "first sample: sizes only, no rates");
	sample_free(a);
	sample_free(b);
}

/* Set the BPF counters of (node, root memcg, list, who), adding the key. */
static void set_counts_of(struct sl_sample *s, int node, uint64_t memcg, int list, int who,
			  uint64_t base)
{
	static const uint8_t reclaimer[SL_WHO_NR] = {
		SL_RECLAIMER_KSWAPD, SL_RECLAIMER_DIRECT, SL_RECLAIMER_OTHER,
	};
	struct lru_list_stat l, *c = NULL;

	memset(&l, 0, sizeof(l));
	l.key.nid = (uint32_t)node;
	l.key.memcg_id = memcg;
	l.key.lru = (uint8_t)list;
	l.key.reclaimer = reclaimer[who];
	for (size_t i = 0; i < s->bpf.nr_lists; i++)
		if (!lru_snapshot_cmp_list_key(&s->bpf.lists[i].key, &l.key))
			c = &s->bpf.lists[i];
	if (!c) {
		assert_int_equal(lru_snapshot_add_list(&s->bpf, &l), 0);
		c = &s->bpf.lists[s->bpf.nr_lists - 1];
	}
	s->have_lists = s->have_memcg_lists = true;
	c->counts.scanned = base;
	c->counts.reclaimed = base / 2;
	c->counts.rotated = base / 4;
	c->counts.activated = base / 8;
	c->counts.deactivated = base / 16;
	lru_snapshot_sort(&s->bpf);
}

static void set_counts(struct sl_sample *s, int node, int list, int who, uint64_t base)
{
	set_counts_of(s, node, SL_ROOT_MEMCG_ID, list, who, base);
}

static void test_derive_bpf(void **state)
{
	(void)state;
	struct sl_sample *a = new_sample(1, 10), *b = new_sample(2, 11);
	struct sl_view v = { .node = -1, .sort = SL_COL_SCANNED };
	struct sl_frame f;

	a->nr_nodes = b->nr_nodes = 2;
	a->nodes[1].nid = b->nodes[1].nid = 1;
	for (int n = 0; n < 2; n++)
		for (int l = 0; l < SL_NR_LISTS; l++)
			for (int w = 0; w < SL_WHO_NR; w++) {
				set_counts(a, n, l, w, 0);
				set_counts(b, n, l, w, 0);
			}
	set_counts(b, 0, 0, SL_WHO_KSWAPD, 160);	/* node 0 inactive_anon */
	set_counts(b, 0, 0, SL_WHO_DIRECT, 160);
	set_counts(b, 1, 2, SL_WHO_KSWAPD, 640);	/* node 1 inactive_file */
	sl_derive(&f, a, b, &v, NULL);
	ok(f.lists_src == SL_SRC_BPF, "every node has lists: table from BPF");
	is_u64(f.lists[0].delta[SL_COL_SCANNED], 320, "inactive_anon: kswapd + direct");
	is_u64(f.lists[0].delta[SL_COL_RECLAIMED], 160, "reclaimed summed");
	ok(fabs(f.lists[0].kswapd_share - 0.5) < 1e-9, "kswapd did half");
	ok(fabs(f.lists[0].efficiency - 0.5) < 1e-9, "efficiency reclaimed/scanned");
	is_u64(f.lists[4].delta[SL_COL_SCANNED], 960, "all lists, all nodes");
	ok(f.nodes[0].scanned_anon_pm == 1000 && f.nodes[1].scanned_anon_pm == 0,
	   "per-node scanned shares from the per-node lists");
	v.node = 1;
	sl_derive(&f, a, b, &v, NULL);
	is_u64(f.lists[4].delta[SL_COL_SCANNED], 640, "n: node 1 alone");
	sample_free(a);
	sample_free(b);
}

static void test_memcg_sort(void **state)
{
	(void)state;
	struct sl_sample *a = new_sample(1, 10), *b = new_sample(2, 11);
	struct sl_view v = { .node = -1, .sort = SL_COL_SCANNED };
	struct sl_frame f;
	static const char *const names[] = { "/quiet", "/busy", "/medium" };
	static const uint64_t scanned[] = { 0, 900, 50 };

	a->nr_memcgs = b->nr_memcgs = 3;
	for (int i = 0; i < 3; i++) {
		struct sl_memcg_sample *ma = &a->memcgs[i], *mb = &b->memcgs[i];
		ma->id = mb->id = 100 + (uint64_t)i;
		snprintf(ma->path, sizeof(ma->path), "%s", names[i]);
		snprintf(mb->path, sizeof(mb->path), "%s", names[i]);
		ma->stat[SL_CG_PGSCAN] = 10;
		mb->stat[SL_CG_PGSCAN] = 10 + scanned[i];
		ma->stat[SL_CG_PGSTEAL] = 0;
		mb->stat[SL_CG_PGSTEAL] = scanned[i] / 3;
		mb->stat[SL_CG_ANON] = 4096 * 1024;
	}
	sl_derive(&f, a, b, &v, NULL);
	ok(f.nr_memcgs == 3 && !strcmp(f.memcgs[0].name, "/busy") &&
	   !strcmp(f.memcgs[1].name, "/medium") && !strcmp(f.memcgs[2].name, "/quiet"),
	   "memcgs ordered by scanned, most first");
	is_u64(f.memcgs[0].anon_kb, 4096, "memory.stat bytes shown in kB");
	v.sort = SL_COL_EFFICIENCY;
	sl_derive(&f, a, b, &v, NULL);
	ok(!strcmp(f.memcgs[2].name, "/quiet"), "by efficiency: nothing scanned sorts last");
	sample_free(a);
	sample_free(b);
}

static void test_history(void **state)
{
	(void)state;
	struct sl_history h;
	struct sl_sample *a = new_sample(0, 1), *b = new_sample(1, 2);
	struct sl_frame f;

	sl_history_init(&h);
	a->nodes[0].zbal[SL_ZBAL_ANON_PERMILLE] = 100;
	a->nodes[0].zbal[SL_ZBAL_FILE_PERMILLE] = 900;
	for (int i = 0; i < SL_HISTORY + 5; i++)
		sl_history_add(&h, i ? b : NULL, a);
	sl_derive(&f, b, a, NULL, &h);
	ok(f.nodes[0].nr_history == SL_HISTORY, "history keeps the last %d", SL_HISTORY);
	ok(f.nodes[0].decided_history[SL_HISTORY - 1] == 100, "newest decided share last");
	sample_free(a);
	sample_free(b);
}

/* ---- recording ---- */

static struct sl_sample *rich_sample(uint64_t seq)
{
	struct sl_sample *s = new_sample(seq, 100 + seq);

	snprintf(s->policy, sizeof(s->policy), "rotation");
	snprintf(s->mglru, sizeof(s->mglru), "0x0000");
	s->swappiness = 60;
	s->psi_some10 = 123;
	s->missing = SL_LACK_PSI;
	s->bpf_reason = SL_BPF_ON;
	s->source = LRU_SOURCE_STOCK_FENTRY;
	s->cannot = lru_source_cannot(LRU_SOURCE_STOCK_FENTRY) | 1u << SL_LIMIT_FENTRY;
	s->nodes[0].mem[SL_MEM_TOTAL] = 524288;
	s->nodes[0].zbal[SL_ZBAL_ANON_COST] = 77;
	s->nodes[0].decision.present = true;
	s->nodes[0].decision.b.decided_anon_permille = 420;
	s->nodes[0].decision.b.decided_file_permille = 580;
	for (int l = 0; l < SL_NR_LISTS; l++)
		for (int w = 0; w < SL_WHO_NR; w++)
			set_counts(s, 0, l, w, seq * 100 + (uint64_t)(l * 10 + w));
	s->nr_memcgs = 1;
	s->memcgs[0].id = 4242;
	snprintf(s->memcgs[0].path, sizeof(s->memcgs[0].path), "/a b%%c=d");
	s->memcgs[0].stat[SL_CG_PGSCAN] = 5;
	set_counts_of(s, 0, 4242, 3, SL_WHO_DIRECT, 0);
	s->bpf.lists[s->bpf.nr_lists - 1].counts.rotated = 9;	/* memcg keys sort last */
	return s;
}

static char *write_to_string(const struct sl_sample *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	sl_record_write_sample(f, s);
	fclose(f);
	return buf;
}

static const char *write_file(const char *name, const char *text, size_t len)
{
	const char *path = test_tmpdir_path(name);
	FILE *f;

	f = fopen(path, "w");
	fwrite(text, 1, len, f);
	fclose(f);
	return path;
}

static void test_record(void **state)
{
	(void)state;
	struct sl_sample *s[3], *back = new_sample(0, 0);
	char *text = NULL, err[600];
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct sl_replay *r;

	sl_record_write_header(f);
	for (int i = 0; i < 3; i++) {
		s[i] = rich_sample((uint64_t)i);
		sl_record_write_sample(f, s[i]);
	}
	fclose(f);

	const char *path = write_file("full.rec", text, len);
	r = sl_replay_open(path, err, sizeof(err));
	ok(r != NULL, "a recording opens");
	ok(r && sl_replay_count(r) == 3 && !sl_replay_truncated(r), "three complete samples");
	ok(r && sl_replay_load(r, 1, back, err, sizeof(err)) == 0, "sample 1 loads");
	char *again = write_to_string(back), *orig = write_to_string(s[1]);
	ok(!strcmp(again, orig), "a sample survives write, read, write unchanged");
	ok(!strcmp(back->memcgs[0].path, "/a b%c=d"), "a path with spaces, %% and = round-trips");
	ok(back->nodes[0].decision.present && back->nodes[0].decision.b.decided_anon_permille == 420,
	   "the decision round-trips");
	is_u64(back->nodes[0].mem[SL_MEM_FREE], SL_MISSING, "a missing value stays missing");
	ok(back->source == LRU_SOURCE_STOCK_FENTRY && back->cannot == s[1]->cannot,
	   "the source and what it cannot give round-trip");
	ok(strstr(orig, " source=stock-fentry cannot=exact_decision,active_shrink_reason,"
		  "skipped_shrinks,refault_activations,fentry\n"), "as words: %s", orig);
	free(again);
	free(orig);
	sl_replay_close(r);

	/* Cut in the middle of the last sample. */
	char *third = strstr(text, "S 2\n");
	size_t cut = (size_t)(third - text) + 40;
	path = write_file("cut.rec", text, cut);
	r = sl_replay_open(path, err, sizeof(err));
	ok(r && sl_replay_count(r) == 2 && sl_replay_truncated(r) > 0,
	   "a file cut inside a sample replays its complete samples and says it is truncated");
	sl_replay_close(r);

	/* Cut right after an E line: complete. */
	path = write_file("cut-clean.rec", text, (size_t)(third - text));
	r = sl_replay_open(path, err, sizeof(err));
	ok(r && sl_replay_count(r) == 2 && !sl_replay_truncated(r), "a file ending after E is complete");
	sl_replay_close(r);

	/* Cut in the middle of the E line itself. */
	path = write_file("cut-e.rec", text, len - 2);
	r = sl_replay_open(path, err, sizeof(err));
	ok(r && sl_replay_count(r) == 2 && sl_replay_truncated(r) > 0, "a half-written E line does not count");
	sl_replay_close(r);

	path = write_file("bad.rec", "hello\n", 6);
	r = sl_replay_open(path, err, sizeof(err));
	ok(!r && strstr(err, ":1: not a splitlrutop recording"), "not a recording: says so with the line");

	path = write_file("v9.rec", "splitlrutop-record 9\n", 21);
	r = sl_replay_open(path, err, sizeof(err));
	ok(!r && strstr(err, "version 9"), "an unknown version is refused by number");

	/* A malformed value inside a complete sample: an error with its line. */
	char *bad = strdup(text);
	char *g = strstr(bad, "swappiness=60");
	memcpy(g, "swappiness=6x", 13);
	path = write_file("malformed.rec", bad, len);
	r = sl_replay_open(path, err, sizeof(err));
	ok(r && sl_replay_load(r, 0, back, err, sizeof(err)) == -1 && strstr(err, ":3: malformed line"),
	   "a malformed line is reported with its line number");
	sl_replay_close(r);
	free(bad);

	/* Version 1's per-node ("l") and per-memcg ("m") counts still replay. */
	static const char v1[] = "splitlrutop-record 1\n"
		"S 0\ng mono_ns=1000000000 missing=0 bpf=on\nn 0 MemTotal=10\nc 77 /x anon=1\n"
		"l 0 inactive_anon kswapd scanned=100 reclaimed=50 rotated=0 activated=0 deactivated=0\n"
		"l 0 active_file direct scanned=10 reclaimed=0 rotated=1 activated=1 deactivated=9\n"
		"m 77 inactive_anon direct scanned=5 reclaimed=5 rotated=0 activated=0 deactivated=0\nE 0\n"
		"S 1\ng mono_ns=2000000000 missing=0 bpf=on\nn 0 MemTotal=10\nc 77 /x anon=1\n"
		"l 0 inactive_anon kswapd scanned=400 reclaimed=250 rotated=0 activated=0 deactivated=0\n"
		"l 0 active_file direct scanned=110 reclaimed=0 rotated=1 activated=1 deactivated=9\n"
		"m 77 inactive_anon direct scanned=25 reclaimed=20 rotated=0 activated=0 deactivated=0\nE 1\n";
	struct sl_sample *v1a = new_sample(0, 0);
	struct sl_frame *fr = malloc(sizeof(*fr));
	path = write_file("v1.rec", v1, sizeof(v1) - 1);
	r = sl_replay_open(path, err, sizeof(err));
	ok(r && sl_replay_count(r) == 2, "a version 1 recording opens: %s", err);
	ok(sl_replay_load(r, 0, v1a, err, sizeof(err)) == 0 && sl_replay_load(r, 1, back, err, sizeof(err)) == 0,
	   "and loads: %s", err);
	sl_derive(fr, v1a, back, NULL, NULL);
	ok(fr->lists_src == SL_SRC_BPF, "its counts are BPF counts");
	ok(back->source == LRU_SOURCE_SERIES && back->cannot == 0,
	   "a recording without source=, BPF on: the series");
	is_u64(fr->lists[0].delta[SL_COL_SCANNED], 300, "v1 inactive_anon scanned: node lines, not memcg lines");
	is_u64(fr->lists[4].delta[SL_COL_SCANNED], 400, "v1 all lists");
	ok(fabs(fr->lists[0].kswapd_share - 1.0) < 1e-9, "v1 kswapd split");
	ok(fr->nodes[0].scanned_anon_pm == 750, "v1 scanned share over both lists: 300/400");
	ok(fr->nr_memcgs == 1, "one memcg row");
	is_u64(fr->memcgs[0].delta[SL_COL_SCANNED], 20, "v1 memcg lines give the memcg row");
	sl_replay_close(r);
	sample_free(v1a);
	free(fr);

	/* Before source=: the stock events (missing bit 5), /proc alone (bit 0). */
	static const char old_src[] = "splitlrutop-record 2\n"
		"S 0\ng mono_ns=5 missing=32 bpf=on\nn 0 MemTotal=10\nE 0\n"
		"S 1\ng mono_ns=6 missing=1 bpf=not-root mglru=0x0007\nn 0 MemTotal=10\nE 1\n"
		"S 2\ng mono_ns=7 missing=0 bpf=on source=from-the-future cannot=memcg,later\nE 2\n";
	path = write_file("old-src.rec", old_src, sizeof(old_src) - 1);
	r = sl_replay_open(path, err, sizeof(err));
	ok(r && sl_replay_load(r, 0, back, err, sizeof(err)) == 0 &&
	   back->source == LRU_SOURCE_STOCK_TRACEPOINTS &&
	   back->cannot == lru_source_cannot(LRU_SOURCE_STOCK_TRACEPOINTS) && !back->have_memcg_lists,
	   "an old stock-event sample: stock-tracepoints, without memcg lists");
	ok(r && sl_replay_load(r, 1, back, err, sizeof(err)) == 0 &&
	   back->source == LRU_SOURCE_PROC_ONLY &&
	   back->cannot == (lru_source_cannot(LRU_SOURCE_PROC_ONLY) | 1u << SL_LIMIT_CLASSIC_LISTS),
	   "an old /proc-only sample under MGLRU: proc-only, classic lists bypassed");
	ok(r && sl_replay_load(r, 2, back, err, sizeof(err)) == 0 &&
	   back->source == LRU_SOURCE_PROC_ONLY && back->cannot == 1u << SL_LIMIT_MEMCG,
	   "a source of a later version reads as proc-only; unknown limits are skipped");
	sl_replay_close(r);

	/* Unknown keys and tags from a later version are skipped. */
	static const char later[] = "splitlrutop-record 1\nS 0\ng mono_ns=5 future_key=1\n"
		"z something new\nn 0 MemTotal=10 NewThing=3\nE 0\n";
	path = write_file("later.rec", later, sizeof(later) - 1);
	r = sl_replay_open(path, err, sizeof(err));
	ok(r && sl_replay_load(r, 0, back, err, sizeof(err)) == 0 && back->nodes[0].mem[SL_MEM_TOTAL] == 10,
	   "unknown keys and tags are skipped");
	sl_replay_close(r);

	for (int i = 0; i < 3; i++)
		sample_free(s[i]);
	sample_free(back);
	free(text);
}

/* ---- canvas ---- */

/* The first ROWS rows of a canvas as text (malloc'd). */
static char *canvas_text(const struct sl_canvas *c, int rows)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	sl_canvas_print(c, rows, f);
	fclose(f);
	return out;
}

/* The whole screen for a frame on a ROWS x COLS terminal, as text. */
static char *screen_text(int rows, int cols, const struct sl_frame *fr,
			 const struct sl_view *v)
{
	struct sl_canvas c;
	char *out;

	sl_canvas_init(&c, rows, cols, &sl_glyphs_ascii);
	sl_draw_screen(&c, fr, v, "status", false);
	out = canvas_text(&c, c.rows);
	sl_canvas_free(&c);
	return out;
}

static void test_canvas(void **state)
{
	(void)state;
	struct sl_canvas c;
	char *out;

	sl_canvas_init(&c, 3, 10, &sl_glyphs_ascii);
	sl_canvas_puts(&c, 0, 7, SL_A_NORMAL, "abcdef");
	sl_canvas_puts(&c, 5, 0, SL_A_NORMAL, "off the canvas");
	int row = sl_canvas_wrap(&c, 1, 3, 2, SL_A_NORMAL, "one two three");
	out = canvas_text(&c, 3);
	ok(!strcmp(out, "       abc\n  one two\n  three\n"), "clipping at the edge and word wrap");
	ok(row == 3, "wrap returns the next row");
	free(out);
	sl_canvas_free(&c);

	/* The 80x24 screen: nothing drawn past the edge, status on the last line. */
	struct sl_sample *a = new_sample(1, 1), *b = new_sample(2, 2);
	struct sl_view v = { .node = -1 };
	struct sl_frame fr;
	sl_canvas_init(&c, 24, 80, &sl_glyphs_ascii);
	sl_derive(&fr, a, b, &v, NULL);
	sl_draw_screen(&c, &fr, &v, "status", false);
	ok(c.cells[23 * 80].ch == L's', "status line at the bottom");
	sl_canvas_free(&c);
	out = screen_text(10, 40, &fr, &v);
	ok(strstr(out, "terminal too small: 40x10") != NULL, "40x10 draws the too-small message");
	free(out);
	out = screen_text(5, 10, &fr, &v);
	ok(strstr(out, "too small") && strstr(out, "10x5") && strstr(out, "q quits"),
	   "10x5: the message in short lines that fit");
	free(out);
	sample_free(a);
	sample_free(b);
}

/*
 * A clear blanks only the rows written since the last one (issue 17): what
 * any write left behind must still go, attributes included, and a frame
 * that draws fewer rows than the last must not show the last one's tail.
 */
static void test_canvas_clear_used_rows(void **state)
{
	(void)state;
	struct sl_canvas c;
	char *out;

	sl_canvas_init(&c, 6, 8, &sl_glyphs_ascii);
	ok(c.used_rows == 0, "a new canvas is blank to its last row");
	sl_canvas_puts(&c, 4, 0, SL_A_NORMAL, "frame1");
	sl_canvas_attr(&c, 5, 2, 3, SL_A_REVERSE);
	sl_canvas_putwc(&c, 9, 0, SL_A_NORMAL, L'x');	/* clipped: no row used */
	ok(c.used_rows == 6, "writes and attributes mark their rows");
	sl_canvas_clear(&c);
	sl_canvas_puts(&c, 1, 0, SL_A_NORMAL, "two");
	out = canvas_text(&c, c.rows);
	ok(!strcmp(out, "\n" "two\n" "\n\n\n\n"), "the longer frame's rows are gone");
	free(out);
	bool blank = true;
	for (int i = 0; i < c.rows * c.cols; i++)
		if (i / c.cols != 1 && (c.cells[i].ch != L' ' || c.cells[i].attr != SL_A_NORMAL))
			blank = false;
	ok(blank, "and so are their attributes");
	sl_canvas_free(&c);

	/* A row wider than the print buffer, in a multibyte glyph. */
	char *saved = setlocale(LC_CTYPE, NULL), *locale = saved ? strdup(saved) : NULL;
	if (setlocale(LC_CTYPE, "C.UTF-8")) {
		sl_canvas_init(&c, 1, 3000, &sl_glyphs_utf8);
		for (int i = 0; i < c.cols; i++)
			sl_canvas_putwc(&c, 0, i, SL_A_NORMAL, sl_glyphs_utf8.spark[7]);
		out = canvas_text(&c, 1);
		size_t len = strlen(out);
		ok(len == 3000 * 3 + 1 && out[len - 1] == '\n' &&
		   !memcmp(out + len - 4, "\xe2\x96\x88", 3), "a 9000-byte row is printed whole");
		free(out);
		sl_canvas_free(&c);
	}	/* else: no C.UTF-8 locale to print it in */
	setlocale(LC_CTYPE, locale ? locale : "C");
	free(locale);
}

/* Issue 17: at 100 columns the memcg header ran act/s into deact/s. */
static void test_table_heads_apart(void **state)
{
	struct sl_sample *a = new_sample(1, 1), *b = new_sample(2, 2);
	struct sl_frame fr;
	(void)state;

	for (int memcg = 0; memcg < 2; memcg++)
		for (int cols = 80; cols <= 140; cols += 20) {
			struct sl_view v = { .node = -1, .memcg = memcg };
			char *out;

			sl_derive(&fr, a, b, &v, NULL);
			out = screen_text(30, cols, &fr, &v);
			if (strstr(out, "act/sdea") || strstr(out, "scan/srecl") ||
			    strstr(out, "recl/srot") || strstr(out, "rot/sact"))
				fail_msg("%s view at %d columns: two heads run together:\n%s",
					 memcg ? "memcg" : "list", cols, out);
			ok(strstr(out, " act/s ") != NULL, "the heads keep a space between them");
			free(out);
		}
	sample_free(a);
	sample_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shares),
		cmocka_unit_test(test_columns),
		cmocka_unit_test(test_fmt_rate_whole),
		cmocka_unit_test(test_fmt_kb),
		cmocka_unit_test(test_derive_vmstat),
		cmocka_unit_test(test_derive_bpf),
		cmocka_unit_test(test_memcg_sort),
		cmocka_unit_test(test_history),
		cmocka_unit_test(test_record),
		cmocka_unit_test(test_canvas),
		cmocka_unit_test(test_canvas_clear_used_rows),
		cmocka_unit_test(test_table_heads_apart),
	};

	return cmocka_run_group_tests_name("splitlrutop-model", tests, test_tmpdir_setup,
					   test_tmpdir_teardown);
}
