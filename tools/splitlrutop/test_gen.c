// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_gen: host unit tests of the MGLRU generations view: the samples
 * libmmstat fills from the real capture tests/fixtures/mmstat/
 * mglru-6.1-guest-numa2, the rates two samples give, the recording round
 * trip, and the view at 80..140 columns.  cmocka, as TAP
 * (tests/unit/splitlrutop-gen.t, run from the top of the tree).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <json-c/json.h>
#include <cmocka.h>

#include "canvas.h"
#include "derive.h"
#include "json.h"
#include "mmstat.h"
#include "record.h"
#include "test_tmpdir.h"
#include "ui.h"

#define CAPTURE "tests/fixtures/mmstat/mglru-6.1-guest-numa2"

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

/*
 * A sample of the captured two-node guest at t_s seconds: MGLRU on, node
 * sizes from its node meminfo, generations from its lru_gen, through
 * libmmstat exactly as source_proc.c reads them.
 */
static struct sl_sample *capture_sample(uint64_t seq, uint64_t t_s)
{
	static const int keys[SL_MEM_NR] = {
		MMSTAT_MI_MEM_TOTAL, MMSTAT_MI_MEM_FREE, MMSTAT_MI_ACTIVE_ANON,
		MMSTAT_MI_INACTIVE_ANON, MMSTAT_MI_ACTIVE_FILE, MMSTAT_MI_INACTIVE_FILE,
		MMSTAT_MI_UNEVICTABLE,
	};
	struct sl_sample *s = malloc(sizeof(*s));
	struct mmstat_lru_gen *g;
	struct mmstat_error e;

	sl_sample_init(s);
	s->seq = seq;
	s->mono_ns = t_s * 1000000000ull;
	s->interval_ms = 1000;
	s->swappiness = 60;
	snprintf(s->mglru, sizeof(s->mglru), "0x0007");
	s->source = LRU_SOURCE_SERIES;
	s->cannot = 1u << SL_LIMIT_CLASSIC_LISTS;
	s->have_lists = s->have_memcg_lists = true;	/* BPF on, nothing counted yet */
	s->nr_nodes = 2;
	for (int n = 0; n < 2; n++) {
		struct mmstat_meminfo *mi = mmstat_node_meminfo_new(CAPTURE, n, &e);

		assert_non_null(mi);
		assert_int_equal(mmstat_meminfo_read(mi), 0);
		s->nodes[n].nid = n;
		for (int k = 0; k < SL_MEM_NR; k++)
			assert_int_equal(mmstat_table_get(mmstat_meminfo_table(mi), keys[k],
							  &s->nodes[n].mem[k]), 0);
		mmstat_meminfo_free(mi);
	}
	g = mmstat_lru_gen_new(CAPTURE, NULL, &e);
	assert_non_null(g);
	assert_int_equal(mmstat_lru_gen_read(g), 0);
	sl_sample_set_lru_gen(s, g);
	mmstat_lru_gen_free(g);
	return s;
}

static void sample_free(struct sl_sample *s)
{
	if (s)
		sl_sample_release(s);
	free(s);
}

static void count(struct sl_sample *s, int node, int type, int swp, uint64_t ev,
		  uint64_t scanned, uint64_t reclaimed)
{
	struct sl_gen_count c = {
		.type = (uint8_t)type, .swappiness = (uint8_t)swp,
		.evictions = ev, .scanned = scanned, .reclaimed = reclaimed,
	};

	s->have_gen_counts = true;
	assert_int_equal(sl_node_add_gen_count(&s->nodes[node], &c), 0);
}

/* The generations of each node add up to its LRU lists (within 1 %). */
static void test_capture_sums(void **state)
{
	struct sl_sample *s = capture_sample(0, 10);
	struct sl_frame fr;

	(void)state;
	is_u64(s->lru_gen, SL_LRU_GEN_OK, "the capture's lru_gen is read");
	is_u64((uint64_t)s->nr_lruvecs, 4, "two memcgs on two nodes");
	sl_derive(&fr, NULL, s, NULL, NULL);
	for (int n = 0; n < 2; n++) {
		const struct sl_gen_frame *g = &fr.nodes[n].gen;
		const uint64_t *mem = s->nodes[n].mem;
		uint64_t lists = (mem[SL_MEM_ACTIVE_ANON] + mem[SL_MEM_INACTIVE_ANON] +
				  mem[SL_MEM_ACTIVE_FILE] + mem[SL_MEM_INACTIVE_FILE]) / 4;
		uint64_t gens = g->pages[SL_GEN_ANON] + g->pages[SL_GEN_FILE];
		uint64_t d = gens > lists ? gens - lists : lists - gens;

		ok(g->on && g->has_root, "node %d: MGLRU on, the root lruvec first", n);
		ok(!strcmp(g->lruvecs[0]->memcg, "/"), "node %d: root first, got %s", n,
		   g->lruvecs[0]->memcg);
		ok(g->nr_lruvecs == 2 && !strcmp(g->lruvecs[1]->memcg, "/cap-batch"),
		   "node %d: /cap-batch second", n);
		ok(100 * d <= lists, "node %d: generations %llu pages, lists %llu pages: more than 1 %% apart",
		   n, (unsigned long long)gens, (unsigned long long)lists);
	}
	/* the capture's own figures, summed by hand from its lru_gen */
	is_u64(fr.nodes[0].gen.pages[SL_GEN_FILE], 298 + 503 + 162 + 2414, "node 0 file pages");
	is_u64(fr.nodes[1].gen.pages[SL_GEN_ANON], 51284 + 41, "node 1 anon pages");
	is_u64(fr.nodes[1].gen.lruvecs[0]->max_seq, 3, "node 1 root max_seq");
	ok(fr.nodes[0].gen.evicting == -1 && isnan(fr.nodes[0].gen.aging_per_s),
	   "one sample: no rates, no evicting type");
	sample_free(s);
}

/* Two samples 2 s apart: per-type rates, evictions, aging, the evicted type. */
static void test_rates(void **state)
{
	struct sl_sample *a = capture_sample(0, 10), *b = capture_sample(1, 12);
	const struct sl_gen_frame *g;
	struct sl_frame fr;

	(void)state;
	count(a, 0, SL_GEN_FILE, 60, 10, 1000, 900);
	count(a, 0, SL_GEN_ANON, 60, 2, 100, 50);
	a->nodes[0].aging_steps = 4;
	a->nodes[0].aging_attempts = 9;
	count(b, 0, SL_GEN_FILE, 60, 30, 5000, 4500);
	count(b, 0, SL_GEN_ANON, 60, 4, 300, 150);
	count(b, 0, SL_GEN_FILE, 100, 3, 200, 200);	/* new pair: counts from 0 */
	b->nodes[0].aging_steps = 10;
	b->nodes[0].aging_attempts = 20;
	for (int n = 1; n < 2; n++) {
		a->nodes[n].aging_steps = b->nodes[n].aging_steps = 0;
	}
	sl_derive(&fr, a, b, NULL, NULL);
	g = &fr.nodes[0].gen;
	is_u64(g->rates_src, SL_SRC_BPF, "rates from BPF");
	is_u64(g->scanned[SL_GEN_FILE], 4000 + 200, "file scanned");
	is_u64(g->reclaimed[SL_GEN_FILE], 3600 + 200, "file reclaimed");
	is_u64(g->evictions[SL_GEN_FILE], 23, "file evictions");
	is_u64(g->scanned[SL_GEN_ANON], 200, "anon scanned");
	ok(g->scanned_per_s[SL_GEN_FILE] == 2100.0, "file scan/s %f", g->scanned_per_s[SL_GEN_FILE]);
	ok(g->reclaimed_per_s[SL_GEN_ANON] == 50.0, "anon recl/s %f", g->reclaimed_per_s[SL_GEN_ANON]);
	ok(g->evictions_per_s[SL_GEN_ANON] == 1.0, "anon evict/s %f", g->evictions_per_s[SL_GEN_ANON]);
	ok(g->aging_per_s == 3.0, "aging/s %f", g->aging_per_s);
	ok(fabs(g->efficiency[SL_GEN_FILE] - 3800.0 / 4200.0) < 1e-12, "file efficiency");
	ok(g->evicting == SL_GEN_FILE && g->evicting_swappiness == 60,
	   "evicting file at swappiness 60 (20 of 23), got %d/%d", g->evicting, g->evicting_swappiness);
	g = &fr.nodes[1].gen;
	ok(g->evicting == -1 && g->scanned[SL_GEN_FILE] == 0 && g->scanned_per_s[SL_GEN_FILE] == 0.0,
	   "node 1 evicted nothing: 0/s, and no evicting type");

	/* without BPF: /proc/vmstat, system-wide on two nodes, no evictions */
	a->have_gen_counts = b->have_gen_counts = false;
	a->vm[SL_VM_PGSCAN_FILE] = 100;
	b->vm[SL_VM_PGSCAN_FILE] = 700;
	a->vm[SL_VM_PGSCAN_ANON] = b->vm[SL_VM_PGSCAN_ANON] = 5;
	sl_derive(&fr, a, b, NULL, NULL);
	g = &fr.nodes[0].gen;
	is_u64(g->rates_src, SL_SRC_VMSTAT_SYSTEM, "vmstat, system-wide");
	ok(g->scanned_per_s[SL_GEN_FILE] == 300.0 && isnan(g->evictions_per_s[SL_GEN_FILE]) &&
	   g->evicting == -1 && isnan(g->aging_per_s), "vmstat gives scans, not evictions");
	ok(isnan(g->reclaimed_per_s[SL_GEN_FILE]), "a pgsteal missing from both samples is unknown, not 0");
	sample_free(a);
	sample_free(b);
}

static char *text_of(void (*fn)(FILE *, const void *), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	fn(f, arg);
	fclose(f);
	return buf;
}

static void put_sample(FILE *f, const void *s)
{
	sl_record_write_sample(f, s);
}

static void put_json(FILE *f, const void *fr)
{
	sl_json_print(fr, NULL, f);
}

static bool same_lruvec(const struct sl_lruvec_gens *x, const struct sl_lruvec_gens *y)
{
	if (x->nid != y->nid || x->memcg_id != y->memcg_id || strcmp(x->memcg, y->memcg) ||
	    x->min_seq != y->min_seq || x->max_seq != y->max_seq || x->nr_gens != y->nr_gens)
		return false;
	return !memcmp(x->gens, y->gens, (size_t)x->nr_gens * sizeof(x->gens[0]));
}

/* Written and read back: the same sample, so the same frame and JSON. */
static void test_record_round_trip(void **state)
{
	struct sl_sample *a = capture_sample(0, 10), *b = capture_sample(1, 12);
	struct sl_sample *ra = malloc(sizeof(*ra)), *rb = malloc(sizeof(*rb));
	struct sl_frame fr, rfr;
	char path[300], err[600];
	struct sl_replay *r;
	FILE *f;

	(void)state;
	count(a, 0, SL_GEN_FILE, 60, 10, 1000, 900);
	count(b, 0, SL_GEN_FILE, 60, 30, 5000, 4500);
	count(b, 1, SL_GEN_ANON, 201, 1, 32, 0);
	a->nodes[0].aging_steps = 4;
	b->nodes[0].aging_steps = 10;
	b->nodes[0].aging_attempts = 11;
	/* a path that needs escaping */
	snprintf(b->lruvecs[3].memcg, sizeof(b->lruvecs[3].memcg), "/a b%%c=d");
	snprintf(path, sizeof(path), "%s", test_tmpdir_path("gen.rec"));
	f = fopen(path, "w");
	sl_record_write_header(f);
	sl_record_write_sample(f, a);
	sl_record_write_sample(f, b);
	fclose(f);

	r = sl_replay_open(path, err, sizeof(err));
	ok(r != NULL, "%s", err);
	is_u64(sl_replay_count(r), 2, "two samples");
	sl_sample_init(ra);
	sl_sample_init(rb);
	ok(!sl_replay_load(r, 0, ra, err, sizeof(err)) && !sl_replay_load(r, 1, rb, err, sizeof(err)),
	   "%s", err);
	sl_replay_close(r);

	ok(rb->lru_gen == SL_LRU_GEN_OK && rb->have_gen_counts, "lru_gen=ok, gen_counts=bpf read back");
	is_u64((uint64_t)rb->nr_lruvecs, 4, "lruvecs read back");
	ok(!strcmp(rb->lruvecs[3].memcg, "/a b%c=d"), "escaped path back: %s", rb->lruvecs[3].memcg);
	is_u64(rb->nodes[0].aging_attempts, 11, "aging attempts");
	is_u64(rb->nodes[1].gen_counts[0].swappiness, 201, "swappiness 201 (anon only)");
	for (int i = 0; i < 4; i++)
		ok(same_lruvec(&rb->lruvecs[i], &b->lruvecs[i]),
		   "lruvec %d is the same after the round trip", i);
	{
		char *wa = text_of(put_sample, b), *wb = text_of(put_sample, rb);
		ok(!strcmp(wa, wb), "written again, byte for byte:\n%s\n---\n%s", wa, wb);
		free(wa);
		free(wb);
	}
	sl_derive(&fr, a, b, NULL, NULL);
	sl_derive(&rfr, ra, rb, NULL, NULL);
	{
		char *ja = text_of(put_json, &fr), *jb = text_of(put_json, &rfr);
		if (strcmp(ja, jb)) {
			size_t at = 0;
			while (ja[at] == jb[at])
				at++;
			fail_msg("replay's JSON differs at byte %zu: ...%.60s vs ...%.60s", at,
				 ja + (at > 20 ? at - 20 : 0), jb + (at > 20 ? at - 20 : 0));
		}
		ok(strstr(ja, "\"evicting\":{\"type\":\"file\",\"swappiness\":60}") != NULL,
		   "evicting in the JSON: %s", ja);
		ok(strstr(ja, "\"lru_gen\":{\"memcg\":\"\\/\",\"memcg_id\":1,\"min_seq\":0,\"max_seq\":3,"
			      "\"gens\":[{\"seq\":0,\"age_ms\":28788,\"anon\":0,\"file\":0}") != NULL,
		   "node 0's root generations in the JSON: %s", ja);
		free(ja);
		free(jb);
	}
	/* an older reader's view: a recording without MGLRU lines has none */
	sample_free(a);
	sample_free(b);
	sample_free(ra);
	sample_free(rb);
}

/* A missing lru_gen: one line saying why, "lru_gen": null and the reason. */
static void test_missing_reason(void **state)
{
	struct sl_sample *s = capture_sample(0, 10);
	struct sl_frame fr;
	struct sl_canvas c;
	char *out, *json;
	size_t len = 0;
	FILE *f;

	(void)state;
	s->nr_lruvecs = 0;
	s->lru_gen = SL_LRU_GEN_NOT_ROOT;
	sl_derive(&fr, NULL, s, NULL, NULL);
	sl_canvas_init(&c, 40, 80, &sl_glyphs_ascii);
	sl_draw_batch(&c, &fr, NULL);
	f = open_memstream(&out, &len);
	sl_canvas_print(&c, c.rows, f);
	fclose(f);
	sl_canvas_free(&c);
	ok(strstr(out, "no generations: /sys/kernel/debug/lru_gen needs root") != NULL,
	   "the reason is on screen:\n%s", out);
	ok(strstr(out, "LISTS") == NULL, "no classic list table under MGLRU:\n%s", out);
	json = text_of(put_json, &fr);
	ok(strstr(json, "\"lru_gen\":null,\"lru_gen_reason\":\"no generations: "
			"\\/sys\\/kernel\\/debug\\/lru_gen needs root\"") != NULL,
	   "null and the reason in the JSON: %s", json);
	free(out);
	free(json);
	sample_free(s);
}

/* Each head of the view, with a space before it at every width. */
static const char *const heads[] = {
	"gen", "age", "anon", "pages", "file", "type", "scan/s", "recl/s", "evict/s",
	"eff", "aging/s", "memcg", "node", "gens", "oldest",
};

static void test_render_widths(void **state)
{
	struct sl_sample *a = capture_sample(0, 10), *b = capture_sample(1, 12);
	struct sl_frame fr;

	(void)state;
	count(a, 0, SL_GEN_FILE, 60, 10, 1000, 900);
	count(b, 0, SL_GEN_FILE, 60, 123456, 987654321, 98765432);
	count(b, 0, SL_GEN_ANON, 60, 99999, 123456789, 12345678);
	b->nodes[0].aging_steps = 1000000;
	a->nodes[0].aging_steps = 0;
	for (int cols = 80; cols <= 140; cols += 10) {
		struct sl_view v = { .node = 0 };
		struct sl_canvas c;
		char *out = NULL, line[512];
		size_t len = 0;
		FILE *f;

		sl_derive(&fr, a, b, &v, NULL);
		sl_canvas_init(&c, 24, cols, &sl_glyphs_ascii);
		sl_draw_screen(&c, &fr, &v, "status", false);
		f = open_memstream(&out, &len);
		sl_canvas_print(&c, c.rows, f);
		fclose(f);
		sl_canvas_free(&c);
		ok(strstr(out, "MGLRU node 0") && strstr(out, "evicting file, swappiness 60"),
		   "%d columns: the node's title:\n%s", cols, out);
		for (size_t h = 0; h < sizeof(heads) / sizeof(heads[0]); h++) {
			char spaced[32];
			snprintf(spaced, sizeof(spaced), " %s", heads[h]);
			ok(strstr(out, spaced) != NULL, "%d columns: head '%s' has a space before it:\n%s",
			   cols, heads[h], out);
		}
		/* heads that would run together if a column were too narrow */
		ok(!strstr(out, "scan/srecl") && !strstr(out, "recl/sevict") &&
		   !strstr(out, "evict/seff") && !strstr(out, "agepages") && !strstr(out, "anonpages"),
		   "%d columns: two heads run together:\n%s", cols, out);
		/* every generation row has both bars closed within the width */
		for (FILE *in = fmemopen(out, strlen(out), "r"); in && fgets(line, sizeof(line), in);) {
			ok((int)strcspn(line, "\n") <= cols, "%d columns: a row is wider:\n%s", cols, line);
			if (strchr(line, '[') && strstr(line, "node") == NULL)
				ok(strchr(strchr(line, '[') + 1, '[') && strrchr(line, ']') > strchr(line, '['),
				   "%d columns: a generation row lost a bar: %s", cols, line);
			if (feof(in))
				fclose(in);
		}
		free(out);
	}
	sample_free(a);
	sample_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_capture_sums),
		cmocka_unit_test(test_rates),
		cmocka_unit_test(test_record_round_trip),
		cmocka_unit_test(test_missing_reason),
		cmocka_unit_test(test_render_widths),
	};

	return cmocka_run_group_tests_name("splitlrutop-gen", tests, test_tmpdir_setup,
					   test_tmpdir_teardown);
}
