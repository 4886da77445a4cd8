// SPDX-License-Identifier: GPL-2.0-or-later
/* test_lruload.c: unit tests of lruload's parts (cmocka, TAP with
 * CMOCKA_MESSAGE_OUTPUT=TAP): the generator, the access plan, the
 * histogram and the JSON report.  The number parsers are the core's
 * (lib/tests/test_num.c). */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "access.h"
#include "histogram.h"
#include "lruload.h"
#include "rng.h"

/* The published first outputs of splitmix64 from state 0: our seeding is
 * the reference algorithm, not something merely similar. */
static void test_splitmix64_reference(void **state)
{
	uint64_t x = 0;

	assert_int_equal(splitmix64(&x), 0xe220a8397b1dcdafULL);
	assert_int_equal(splitmix64(&x), 0x6e789e6aa1b965f4ULL);
	assert_int_equal(splitmix64(&x), 0x06c45d188009454fULL);
}

static void test_rng_below_in_range(void **state)
{
	struct rng rng;

	rng_seed(&rng, 42);
	for (int i = 0; i < 100000; i++)
		assert_true(rng_below(&rng, 7) < 7);
	assert_int_equal(rng_below(&rng, 1), 0);
}

static void fill_sequence(uint64_t *out, size_t n, enum component_kind kind,
			  uint64_t pages, enum access_pattern pattern, uint64_t seed)
{
	struct access_stream stream;

	access_stream_init(&stream, kind, pages, pattern, 20, 80, seed);
	for (size_t i = 0; i < n; i++)
		out[i] = access_stream_next(&stream);
}

static void test_same_seed_same_sequence(void **state)
{
	enum { PAGES = 1000, N = 5 * PAGES };
	uint64_t *a = malloc(N * sizeof(*a)), *b = malloc(N * sizeof(*b));

	fill_sequence(a, N, COMPONENT_ANON, PAGES, PATTERN_HOTCOLD, 7);
	fill_sequence(b, N, COMPONENT_ANON, PAGES, PATTERN_HOTCOLD, 7);
	assert_memory_equal(a, b, N * sizeof(*a));
	free(a);
	free(b);
}

static void test_other_seed_other_sequence(void **state)
{
	enum { PAGES = 1000, N = 3 * PAGES };
	uint64_t a[N], b[N], c[N];
	size_t differ_ab = 0, differ_ac = 0;

	fill_sequence(a, N, COMPONENT_ANON, PAGES, PATTERN_HOTCOLD, 7);
	fill_sequence(b, N, COMPONENT_ANON, PAGES, PATTERN_HOTCOLD, 8);
	fill_sequence(c, N, COMPONENT_FILESET, PAGES, PATTERN_HOTCOLD, 7);
	/* Pass 0 is the same sequential fill for every seed... */
	assert_memory_equal(a, b, PAGES * sizeof(*a));
	/* ...after it, nearly every position differs. */
	for (size_t i = PAGES; i < N; i++) {
		differ_ab += a[i] != b[i];
		differ_ac += a[i] != c[i];
	}
	assert_true(differ_ab > 9 * (N - PAGES) / 10);
	assert_true(differ_ac > 9 * (N - PAGES) / 10);
}

static void test_first_pass_in_order(void **state)
{
	struct access_stream stream;

	access_stream_init(&stream, COMPONENT_ANON, 500, PATTERN_HOTCOLD, 20, 80, 3);
	for (uint64_t i = 0; i < 500; i++)
		assert_int_equal(access_stream_next(&stream), i);
	assert_int_equal(stream.pass, 1);
	assert_int_equal(stream.pos, 0);
}

static void test_seq_and_stream_every_pass_in_order(void **state)
{
	struct access_stream seq, stream;

	access_stream_init(&seq, COMPONENT_FILESET, 100, PATTERN_SEQ, 20, 80, 3);
	/* A stream is sequential even when asked for hotcold. */
	access_stream_init(&stream, COMPONENT_STREAM, 100, PATTERN_HOTCOLD, 20, 80, 3);
	for (uint64_t i = 0; i < 400; i++) {
		assert_int_equal(access_stream_next(&seq), i % 100);
		assert_int_equal(access_stream_next(&stream), i % 100);
	}
	assert_int_equal(seq.pass, 4);
	assert_int_equal(stream.pass, 4);
}

static void test_hotcold_shares(void **state)
{
	enum { PAGES = 10000, PASSES = 20 };
	struct access_stream stream;
	uint64_t hot = 0, total = 0, hot_seen_max = 0;

	access_stream_init(&stream, COMPONENT_ANON, PAGES, PATTERN_HOTCOLD, 20, 80, 11);
	assert_int_equal(stream.hot_pages, 2000);
	for (uint64_t i = 0; i < PAGES; i++)
		access_stream_next(&stream);
	for (uint64_t i = 0; i < (PASSES - 1) * (uint64_t)PAGES; i++) {
		uint64_t page = access_stream_next(&stream);

		assert_true(page < PAGES);
		if (page < 2000) {
			hot++;
			if (page > hot_seen_max)
				hot_seen_max = page;
		}
		total++;
	}
	/* 190000 draws at p = 0.8: the standard deviation is under 0.001. */
	assert_true(hot * 1000 > total * 795 && hot * 1000 < total * 805);
	assert_int_equal(hot_seen_max, 1999);
	assert_int_equal(stream.pass, PASSES);
}

static void test_hot_pages(void **state)
{
	assert_int_equal(access_hot_pages(10000, 20), 2000);
	assert_int_equal(access_hot_pages(3, 20), 1);	/* never empty */
	assert_int_equal(access_hot_pages(7, 100), 7);
	assert_int_equal(access_hot_pages(UINT64_MAX, 100), UINT64_MAX);
}

static void test_plan_counts_exact(void **state)
{
	const uint64_t pages[3] = { 300, 200, 700 };
	uint64_t seen[3] = { 0 };
	struct access_plan plan;
	uint64_t page;

	access_plan_init(&plan);
	for (int k = 0; k < 3; k++)
		assert_int_equal(access_plan_add(&plan, k, pages[k], PATTERN_HOTCOLD, 20, 80, 5), 0);
	assert_int_equal(plan.pass_length, 1200);
	for (int pass = 1; pass <= 3; pass++) {
		for (int i = 0; i < 1200; i++) {
			unsigned c = access_plan_next(&plan, &page);

			assert_true(page < pages[c]);
			seen[c]++;
		}
		/* Every plan pass is exactly one pass of every component. */
		for (int k = 0; k < 3; k++) {
			assert_int_equal(seen[k], pass * pages[k]);
			assert_int_equal(plan.stream[k].pass, pass);
			assert_int_equal(plan.credit[k], 0);
		}
	}
	assert_int_equal(plan.steps, 3600);
}

/* A component limited to one pass leaves at the end of the first plan
 * pass: the first pass is the unlimited plan's, later passes are the
 * others' alone, one pass each, and the left component is never touched. */
static void test_plan_limit_leaves_cold(void **state)
{
	struct access_plan limited, full;
	uint64_t page, want, seen[2] = { 0 };

	access_plan_init(&limited);
	access_plan_init(&full);
	access_plan_add(&limited, COMPONENT_ANON, 300, PATTERN_HOTCOLD, 20, 80, 5);
	access_plan_add(&limited, COMPONENT_FILESET, 200, PATTERN_HOTCOLD, 20, 80, 5);
	access_plan_add(&full, COMPONENT_ANON, 300, PATTERN_HOTCOLD, 20, 80, 5);
	access_plan_add(&full, COMPONENT_FILESET, 200, PATTERN_HOTCOLD, 20, 80, 5);
	access_plan_limit(&limited, 0, 1);
	for (int i = 0; i < 500; i++) {
		unsigned c = access_plan_next(&limited, &page);

		assert_int_equal(c, access_plan_next(&full, &want));
		assert_int_equal(page, want);
	}
	assert_int_equal(limited.passes, 1);
	for (int pass = 2; pass <= 4; pass++) {
		for (int i = 0; i < 200; i++)
			seen[access_plan_next(&limited, &page)]++;
		assert_int_equal(limited.passes, pass);
		assert_int_equal(limited.stream[1].pass, pass);
	}
	assert_int_equal(seen[0], 0);
	assert_int_equal(seen[1], 600);
	assert_int_equal(limited.stream[0].pass, 1);
	assert_int_equal(limited.pass_length, 200);
	assert_int_equal(limited.steps, 1100);
}

static void test_plan_interleaves_evenly(void **state)
{
	struct access_plan plan;
	unsigned last_anon = 0;
	uint64_t page;

	/* anon:stream = 1:3, so anon comes once in every 4 steps. */
	access_plan_init(&plan);
	access_plan_add(&plan, COMPONENT_ANON, 100, PATTERN_HOTCOLD, 20, 80, 5);
	access_plan_add(&plan, COMPONENT_STREAM, 300, PATTERN_HOTCOLD, 20, 80, 5);
	for (unsigned step = 1; step <= 400; step++) {
		if (access_plan_next(&plan, &page) == 0) {
			if (last_anon)
				assert_int_equal(step - last_anon, 4);
			last_anon = step;
		}
	}
}

static void test_plan_component_same_alone_or_mixed(void **state)
{
	struct access_plan alone, mixed;
	uint64_t want, page;

	access_plan_init(&alone);
	access_plan_init(&mixed);
	access_plan_add(&alone, COMPONENT_ANON, 64, PATTERN_HOTCOLD, 20, 80, 9);
	access_plan_add(&mixed, COMPONENT_ANON, 64, PATTERN_HOTCOLD, 20, 80, 9);
	access_plan_add(&mixed, COMPONENT_FILESET, 32, PATTERN_HOTCOLD, 20, 80, 9);
	for (int i = 0; i < 64 * 4; i++) {
		access_plan_next(&alone, &want);
		while (access_plan_next(&mixed, &page) != 0)
			;
		assert_int_equal(page, want);
	}
}

static void test_plan_rejects_overflow(void **state)
{
	struct access_plan plan;

	access_plan_init(&plan);
	assert_int_equal(access_plan_add(&plan, COMPONENT_ANON, 0, PATTERN_SEQ, 20, 80, 1), -ERANGE);
	assert_int_equal(access_plan_add(&plan, COMPONENT_ANON, INT64_MAX, PATTERN_SEQ, 20, 80, 1), 0);
	assert_int_equal(access_plan_add(&plan, COMPONENT_STREAM, 1, PATTERN_SEQ, 20, 80, 1), -ERANGE);
}


static void test_size_pages_rounds_up(void **state)
{
	assert_int_equal(size_pages(0, 4096), 0);
	assert_int_equal(size_pages(1, 4096), 1);
	assert_int_equal(size_pages(4096, 4096), 1);
	assert_int_equal(size_pages(4097, 4096), 2);
	assert_int_equal(size_pages(200ull << 20, 4096), 51200);
	assert_int_equal(size_pages(UINT64_MAX, 4096), (UINT64_MAX >> 12) + 1);
}

static void test_histogram_buckets(void **state)
{
	static const uint64_t values[] = {
		0, 1, 15, 16, 17, 31, 32, 33, 100, 1000, 4095, 4096, 123456789,
		1ull << 40, (1ull << 63) + 12345, UINT64_MAX,
	};

	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		uint64_t v = values[i];
		unsigned index = hist_index(v);
		uint64_t low = hist_bucket_low(index);

		assert_true(index < HIST_BUCKETS);
		assert_true(low <= v);
		if (index + 1 < HIST_BUCKETS)
			assert_true(v < hist_bucket_low(index + 1));
		/* A bucket is at most 1/16 of its values wide. */
		assert_true(v - low <= v / 16);
	}
	assert_int_equal(hist_index(UINT64_MAX), HIST_BUCKETS - 1);
	/* Consecutive buckets tile the line with no gap. */
	for (unsigned i = 0; i + 1 < HIST_BUCKETS; i++)
		assert_int_equal(hist_index(hist_bucket_low(i + 1) - 1), i);
}

static void test_histogram_quantiles(void **state)
{
	struct histogram *hist = malloc(sizeof(*hist));
	struct histogram *other = malloc(sizeof(*other));

	hist_reset(hist);
	assert_int_equal(hist_quantile(hist, 0.5), 0);
	for (uint64_t v = 1; v <= 1000; v++)
		hist_add(hist, v * 1000);
	assert_int_equal(hist->count, 1000);
	assert_int_equal(hist->max, 1000000);
	/* Never below the true quantile, at most 1/16 above it. */
	assert_true(hist_quantile(hist, 0.50) >= 500000);
	assert_true(hist_quantile(hist, 0.50) <= 500000 + 500000 / 16);
	assert_true(hist_quantile(hist, 0.99) >= 990000);
	assert_true(hist_quantile(hist, 0.99) <= 990000 + 990000 / 16);
	assert_int_equal(hist_quantile(hist, 1.0), 1000000);

	/* Small values are exact. */
	hist_reset(other);
	for (int i = 0; i < 99; i++)
		hist_add(other, 7);
	hist_add(other, 12);
	assert_int_equal(hist_quantile(other, 0.50), 7);
	assert_int_equal(hist_quantile(other, 0.99), 7);
	assert_int_equal(hist_quantile(other, 0.999), 12);

	hist_merge(hist, other);
	assert_int_equal(hist->count, 1100);
	assert_int_equal(hist->max, 1000000);
	free(hist);
	free(other);
}

static struct json_object *get(struct json_object *obj, const char *key)
{
	struct json_object *value = NULL;

	assert_true(json_object_object_get_ex(obj, key, &value));
	return value;
}

static void test_report_json(void **state)
{
	struct lruload_config config = {
		.mode = MODE_MIX, .seed = 99, .pattern = PATTERN_HOTCOLD,
		.hot_pct = 20, .hot_share = 80, .passes = 2, .sample_every = 4,
		.page_size = 4096,
		.memory_max = { .set = true, .bytes = 128ull << 20 },
	};
	struct component_stats *stats = calloc(2, sizeof(*stats));
	struct access_plan plan;
	struct report report = {
		.type = "final", .stop_reason = "passes", .elapsed_s = 2.0,
		.window_s = 2.0, .setup_s = 0.5, .memcg = "/sys/fs/cgroup/t",
		.config = &config, .plan = &plan, .stats = stats,
	};
	struct json_object *obj, *parsed, *components, *anon, *latency;
	uint64_t page;

	access_plan_init(&plan);
	access_plan_add(&plan, COMPONENT_ANON, 300, PATTERN_HOTCOLD, 20, 80, 99);
	access_plan_add(&plan, COMPONENT_STREAM, 100, PATTERN_HOTCOLD, 20, 80, 99);
	for (int i = 0; i < 800; i++) {
		unsigned c = access_plan_next(&plan, &page);

		stats[c].accesses++;
		if (i % 4 == 3)
			hist_add(&stats[c].latency, 1000 + (uint64_t)i);
	}

	/* Through the text and back, as a consumer would read it. */
	obj = report_json(&report);
	parsed = json_tokener_parse(json_object_to_json_string_ext(obj, JSON_C_TO_STRING_PLAIN));
	assert_non_null(parsed);
	assert_string_equal(json_object_get_string(get(parsed, "type")), "final");
	assert_string_equal(json_object_get_string(get(parsed, "mode")), "mix");
	assert_int_equal(json_object_get_uint64(get(parsed, "seed")), 99);
	assert_int_equal(json_object_get_uint64(get(parsed, "page_size")), 4096);
	assert_int_equal(json_object_get_uint64(get(parsed, "passes_requested")), 2);
	assert_null(get(parsed, "duration_requested_s"));
	assert_string_equal(json_object_get_string(get(parsed, "memcg")), "/sys/fs/cgroup/t");
	assert_int_equal(json_object_get_uint64(get(parsed, "memory_max")), 128ull << 20);
	assert_null(get(parsed, "swap_max"));
	assert_string_equal(json_object_get_string(get(parsed, "stop_reason")), "passes");
	assert_int_equal(json_object_get_uint64(get(parsed, "passes_completed")), 2);
	assert_int_equal(json_object_get_uint64(get(parsed, "accesses")), 800);
	assert_int_equal(json_object_get_uint64(get(parsed, "pages_touched")), 600);
	assert_int_equal(json_object_get_uint64(get(parsed, "pages_read")), 200);
	assert_true(json_object_get_double(get(parsed, "pages_per_s")) == 400.0);
	assert_true(json_object_get_double(get(parsed, "elapsed_s")) == 2.0);
	assert_int_equal(strlen(json_object_get_string(get(parsed, "sequence_hash"))), 18);
	latency = get(parsed, "latency_ns");
	assert_int_equal(json_object_get_uint64(get(latency, "samples")), 200);
	assert_int_equal(json_object_get_uint64(get(latency, "max")), 1799);
	assert_true(json_object_get_uint64(get(latency, "p50")) >= 1399);
	assert_true(json_object_get_uint64(get(latency, "p99")) <= 1799);

	components = get(parsed, "components");
	assert_int_equal(json_object_array_length(components), 2);
	anon = json_object_array_get_idx(components, 0);
	assert_string_equal(json_object_get_string(get(anon, "kind")), "anon");
	assert_int_equal(json_object_get_uint64(get(anon, "bytes")), 300 * 4096);
	assert_int_equal(json_object_get_uint64(get(anon, "pages")), 300);
	assert_int_equal(json_object_get_uint64(get(anon, "hot_pages")), 60);
	assert_int_equal(json_object_get_uint64(get(anon, "passes_completed")), 2);
	assert_int_equal(json_object_get_uint64(get(anon, "pages_touched")), 600);
	assert_null(get(json_object_array_get_idx(components, 1), "hot_pages"));
	assert_int_equal(json_object_get_uint64(get(json_object_array_get_idx(components, 1),
						    "pages_read")), 200);
	json_object_put(obj);
	json_object_put(parsed);
	free(stats);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_splitmix64_reference),
		cmocka_unit_test(test_rng_below_in_range),
		cmocka_unit_test(test_same_seed_same_sequence),
		cmocka_unit_test(test_other_seed_other_sequence),
		cmocka_unit_test(test_first_pass_in_order),
		cmocka_unit_test(test_seq_and_stream_every_pass_in_order),
		cmocka_unit_test(test_hotcold_shares),
		cmocka_unit_test(test_hot_pages),
		cmocka_unit_test(test_plan_counts_exact),
		cmocka_unit_test(test_plan_interleaves_evenly),
		cmocka_unit_test(test_plan_limit_leaves_cold),
		cmocka_unit_test(test_plan_component_same_alone_or_mixed),
		cmocka_unit_test(test_plan_rejects_overflow),
		cmocka_unit_test(test_size_pages_rounds_up),
		cmocka_unit_test(test_histogram_buckets),
		cmocka_unit_test(test_histogram_quantiles),
		cmocka_unit_test(test_report_json),
	};

	return cmocka_run_group_tests_name("lruload", tests, NULL, NULL);
}
