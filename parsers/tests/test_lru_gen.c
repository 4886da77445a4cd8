// SPDX-License-Identifier: GPL-2.0-or-later
/* lru_gen: the MGLRU generations of every memcg and node, and bad input. */
#include "fixture.h"

static struct mmstat_lru_gen *read_fixture(const char *name, const char *path)
{
	struct mmstat_error err;
	struct mmstat_lru_gen *g = mmstat_lru_gen_new(fixture_root(name), path, &err);

	if (!g)
		fail_msg("%s", error_text(&err));
	if (mmstat_lru_gen_read(g))
		fail_msg("%s", error_text(mmstat_lru_gen_error(g)));
	return g;
}

static void test_fixture(void **state)
{
	struct mmstat_lru_gen *g = read_fixture("mglru-6.1-numa2", NULL);
	const struct mmstat_lru_gen_lruvec *v;

	assert_int_equal(mmstat_lru_gen_nr_lruvecs(g), 6);
	v = mmstat_lru_gen_lruvec(g, 0);
	assert_int_equal(v->memcg_id, 1);
	assert_string_equal(v->memcg_path, "/");
	assert_int_equal(v->node, 0);
	assert_int_equal(v->min_seq, 4);
	assert_int_equal(v->max_seq, 7);
	assert_int_equal(v->nr_gens, 4);
	assert_int_equal(v->gens[0].seq, 4);
	assert_int_equal(v->gens[0].age_ms, 52210);
	assert_int_equal(v->gens[0].pages[MMSTAT_LRU_GEN_ANON], 1024);
	assert_int_equal(v->gens[0].pages[MMSTAT_LRU_GEN_FILE], 3811);
	assert_false(v->gens[0].evicted[0]);
	/* the second node of a memcg has no memcg line of its own */
	v = mmstat_lru_gen_lruvec(g, 1);
	assert_int_equal(v->memcg_id, 1);
	assert_int_equal(v->node, 1);
	v = mmstat_lru_gen_find(g, 7, 0);
	assert_non_null(v);
	assert_string_equal(v->memcg_path, "/mmstat lrugen");	/* a blank in a path */
	assert_int_equal(v->gens[1].pages[MMSTAT_LRU_GEN_ANON], 12288);
	assert_null(mmstat_lru_gen_find(g, 7, 2));
	assert_null(mmstat_lru_gen_lruvec(g, 6));
	mmstat_lru_gen_free(g);
}

/* lru_gen_full: the same generations, older ones marked, extra lines skipped. */
static void test_full(void **state)
{
	struct mmstat_lru_gen *g = read_fixture("mglru-6.1-numa2", NULL);
	struct mmstat_lru_gen *f = read_fixture("mglru-6.1-numa2", "/sys/kernel/debug/lru_gen_full");

	assert_int_equal(mmstat_lru_gen_nr_lruvecs(f), mmstat_lru_gen_nr_lruvecs(g));
	for (size_t i = 0; i < mmstat_lru_gen_nr_lruvecs(g); i++) {
		const struct mmstat_lru_gen_lruvec *a = mmstat_lru_gen_lruvec(g, i);
		const struct mmstat_lru_gen_lruvec *b = mmstat_lru_gen_lruvec(f, i);
		size_t skip = 0;

		assert_int_equal(a->min_seq, b->min_seq);
		assert_int_equal(a->max_seq, b->max_seq);
		while (skip < b->nr_gens && b->gens[skip].evicted[0])
			skip++;
		assert_int_equal(b->nr_gens - skip, a->nr_gens);
		for (size_t k = 0; k < a->nr_gens; k++)
			assert_memory_equal(&a->gens[k], &b->gens[skip + k], sizeof(a->gens[k]));
	}
	/* memcg 2 node 1 starts at 0: nothing to mark; memcg 1 node 0 has none older */
	assert_int_equal(mmstat_lru_gen_find(f, 2, 1)->nr_gens, 4);
	mmstat_lru_gen_free(g);
	mmstat_lru_gen_free(f);
}

/* A real capture (see its README): lru_gen_full has lru_gen's lruvecs. */
static void test_guest_capture(void **state)
{
	struct mmstat_lru_gen *g = read_fixture("mglru-6.1-guest-numa2", NULL);
	struct mmstat_lru_gen *f = read_fixture("mglru-6.1-guest-numa2",
						"/sys/kernel/debug/lru_gen_full");

	(void)state;
	assert_int_equal(mmstat_lru_gen_nr_lruvecs(g), 4);
	assert_int_equal(mmstat_lru_gen_nr_lruvecs(f), 4);
	for (size_t i = 0; i < mmstat_lru_gen_nr_lruvecs(g); i++) {
		const struct mmstat_lru_gen_lruvec *a = mmstat_lru_gen_lruvec(g, i);
		const struct mmstat_lru_gen_lruvec *b = mmstat_lru_gen_lruvec(f, i);

		assert_int_equal(a->memcg_id, b->memcg_id);
		assert_int_equal(a->node, b->node);
		assert_string_equal(a->memcg_path, b->memcg_path);
		assert_int_equal(a->nr_gens, b->nr_gens);
	}
	assert_string_equal(mmstat_lru_gen_find(g, 2, 0)->memcg_path, "/cap-batch");
	mmstat_lru_gen_free(g);
	mmstat_lru_gen_free(f);
}

static void test_malformed(void **state)
{
	static const struct bad_case cases[] = {
		{ "", 0, "empty file" },
		{ " node     0\n", 1, "before any 'memcg' line" },
		{ "memcg 1 /\n          4 1 2 3\n", 2, "generation before any 'node' line" },
		{ "memcg 70000 /\n node 0\n 1 2 3 4\n", 1, "memcg id above 65535" },
		{ "memcg x /\n", 1, "memcg: expected a decimal number" },
		{ "memcg 1 /\n node 0\n 1 2 3 4\n node 0\n 1 2 3 4\n", 4, "node 0 after node 0" },
		{ "memcg 1 /\n node 0\n 1 2 3 4\n 3 2 3 4\n", 4, "generation 3 after 1" },
		{ "memcg 1 /\n node 0\n 1 2 3 -4\n", 3, "negative value" },
		{ "memcg 1 /\n node 0\n 1 2 3 4y\n", 3, "unexpected text right after the number" },
		{ "memcg 1 /\n node 0\n 1 4294967296 3 4\n", 3, "age above 2^32 ms" },
		{ "memcg 1 /\n node 0\n 1 2 3\n", 3, "expected 'memcg', 'node'" },
		{ "memcg 1 /\n node 0\n 1 2 3x 4x\n 2 2 3 4x\n 3 2 3x 4\n", 5, "evicted after a live one" },
		{ "memcg 1 /\n node 0\n 1 2 3 4\n 0 1r 2e 3p 4r 5e 6p\n 0 1q 2e 3p 4r 5e 6p\n", 5,
		  "tier: unexpected text" },
		{ "memcg 1 /\n node 0\n 0 1r 2e 3p 4r 5e 6p\n", 3, "before any generation" },
		{ "memcg 1 /\nmemcg 2 /a\n node 0\n 1 2 3 4\n", 2, "memcg 1 has no node" },
		{ "memcg 1 /\n node 0\n", 0, "memcg 1 node 0 has no generation" },
		{ "memcg 1 /\x01\n node 0\n 1 2 3 4\n", 1, "control byte in the path" },
		{ "memcg 1 /\n node 0\n 1 2 3 4", 3, "truncated" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct mmstat_lru_gen *g = mmstat_lru_gen_new(MMSTAT_NO_FILE, NULL, NULL);

		assert_int_equal(mmstat_lru_gen_parse(g, cases[i].text, strlen(cases[i].text)), -1);
		assert_int_equal(mmstat_lru_gen_nr_lruvecs(g), 0);
		assert_error(mmstat_lru_gen_error(g), MMSTAT_ERR_PARSE, cases[i].line, cases[i].why);
		mmstat_lru_gen_free(g);
	}
}

/* A kernel without memcg prints id 0 and an empty path. */
static void test_no_memcg(void **state)
{
	static const char text[] = "memcg     0 \n node     0\n          0       1000"
		"          5           7 \n          1         10          0           1 \n";
	struct mmstat_lru_gen *g = mmstat_lru_gen_new(MMSTAT_NO_FILE, NULL, NULL);

	assert_int_equal(mmstat_lru_gen_parse(g, text, strlen(text)), 0);
	assert_string_equal(mmstat_lru_gen_lruvec(g, 0)->memcg_path, "");
	assert_int_equal(mmstat_lru_gen_lruvec(g, 0)->max_seq, 1);
	mmstat_lru_gen_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixture),
		cmocka_unit_test(test_full),
		cmocka_unit_test(test_guest_capture),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_no_memcg),
	};

	return cmocka_run_group_tests_name("lru_gen", tests, NULL, NULL);
}
