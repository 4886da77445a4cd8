// SPDX-License-Identifier: GPL-2.0-or-later
/* zoneinfo: structure of every layout, balance lines, bad input. */
#include "fixture.h"

static struct mmstat_zoneinfo *read_fixture(const char *name)
{
	struct mmstat_zoneinfo *z = mmstat_zoneinfo_new(fixture_root(name), NULL);

	assert_non_null(z);
	if (mmstat_zoneinfo_read(z))
		fail_msg("%s", error_text(mmstat_zoneinfo_error(z)));
	return z;
}

static uint64_t zone_field(const struct mmstat_zone *z, int key)
{
	uint64_t v;

	assert_int_equal(mmstat_table_get(&z->fields, key, &v), 0);
	return v;
}

static void test_2618(void **state)
{
	struct mmstat_zoneinfo *z = read_fixture("linux-2.6.18");
	const struct mmstat_node *n;
	const struct mmstat_zone *dma;

	assert_int_equal(mmstat_zoneinfo_nr_nodes(z), 1);
	n = mmstat_zoneinfo_node(z, 0);
	assert_int_equal(n->nr_zones, 3);
	assert_int_equal(n->stats.count, 0);	/* no per-node block before 4.8 */
	dma = &n->zones[0];
	assert_string_equal(dma->name, "DMA");
	assert_int_equal(zone_field(dma, MMSTAT_ZONE_FREE), 2970);
	assert_int_equal(zone_field(dma, MMSTAT_ZONE_SCANNED), 5);	/* "(a: 17 i: 18)" */
	assert_int_equal(zone_field(dma, MMSTAT_ZONE_PREV_PRIORITY), 12);
	assert_int_equal(zone_field(&n->zones[2], MMSTAT_ZONE_START_PFN), 229376);
	assert_int_equal(dma->nr_protection, 3);
	assert_int_equal(dma->protection[1], 874);
	assert_int_equal(dma->stats.count, 15);
	assert_int_equal(table_value(&dma->stats, "nr_slab"), 2971 + 3 * 7);
	/* two CPUs, hot and cold lists each */
	assert_int_equal(dma->nr_pagesets, 4);
	assert_int_equal(dma->pagesets[3].cpu, 1);
	assert_int_equal(table_value(&dma->pagesets[3].fields, "pcp"), 1);
	assert_int_equal(table_value(&dma->pagesets[3].fields, "count"), 13);
	assert_int_equal(table_value(&dma->pagesets[3].fields, "vm stats threshold"), 16);
	mmstat_zoneinfo_free(z);
}

static void test_48_node_block(void **state)
{
	struct mmstat_zoneinfo *z = read_fixture("linux-4.8");
	const struct mmstat_node *n1 = mmstat_zoneinfo_find_node(z, 1);
	uint64_t v;

	assert_non_null(n1);
	assert_int_equal(mmstat_zoneinfo_nr_nodes(z), 2);
	assert_int_equal(n1->nr_zones, 1);
	assert_int_equal(n1->stats.count, 26);
	assert_int_equal(mmstat_table_get(&n1->stats, MMSTAT_VM_NR_INACTIVE_ANON, &v), 0);
	assert_int_equal(v, 200000);
	assert_int_equal(zone_field(&n1->zones[0], MMSTAT_ZONE_NODE_SCANNED), 0);
	assert_int_equal(zone_field(&n1->zones[0], MMSTAT_ZONE_MANAGED), 990000 * 7);
	assert_int_equal(mmstat_zoneinfo_node(z, 0)->nr_zones, 3);
	assert_int_equal(mmstat_zoneinfo_node(z, 0)->zones[1].stats.count, 21);
	mmstat_zoneinfo_free(z);
}

/* Our patch's balance lines, and every zone of 6.1, populated or not. */
static void test_61_patched(void **state)
{
	struct mmstat_zoneinfo *z = read_fixture("linux-6.1-numa2-patched");
	const struct mmstat_node *n0 = mmstat_zoneinfo_node(z, 0);
	const struct mmstat_node *n1 = mmstat_zoneinfo_node(z, 1);
	uint64_t v;

	assert_int_equal(n0->nr_zones, 4);
	assert_int_equal(n1->nr_zones, 4);
	assert_int_equal(mmstat_table_get(&n0->stats, MMSTAT_VM_LRU_ROTATED_FILE, &v), 0);
	assert_int_equal(v, 56789);
	assert_int_equal(mmstat_table_get(&n0->stats, MMSTAT_VM_LRU_SCAN_ANON_PERMILLE, &v), 0);
	assert_int_equal(v, 52);
	assert_int_equal(mmstat_table_get(&n1->stats, MMSTAT_VM_LRU_SCAN_FILE_PERMILLE, &v), 0);
	assert_int_equal(v, 1000);
	/* Movable is empty: its lines up to protection, nothing after */
	assert_string_equal(n1->zones[3].name, "Movable");
	assert_int_equal(zone_field(&n1->zones[3], MMSTAT_ZONE_PRESENT), 0);
	assert_int_equal(n1->zones[3].nr_protection, 5);
	assert_int_equal(n1->zones[3].nr_pagesets, 0);
	assert_int_equal(n1->zones[3].stats.count, 0);
	assert_int_equal(zone_field(&n1->zones[1], MMSTAT_ZONE_BOOST), 640);
	mmstat_zoneinfo_free(z);

	/* the unpatched kernel has no balance lines: missing, not 0 */
	z = read_fixture("linux-6.1-numa2");
	assert_int_equal(mmstat_table_get(&mmstat_zoneinfo_node(z, 0)->stats,
					  MMSTAT_VM_LRU_ROTATED_ANON, &v), -1);
	mmstat_zoneinfo_free(z);
}

/*
 * The same lines as the real patched guest kernel printed them after
 * reclaim on two nodes (see the fixture's README): what the kernel
 * decided per node, and shares that always sum to 1000.
 */
static void test_61_patched_guest(void **state)
{
	struct mmstat_zoneinfo *z = read_fixture("guest-6.1-numa2-patched");
	static const uint64_t want[2][3] = {	/* anon permille, file permille, anon cost */
		{ 175, 825, 20517 },
		{ 1000, 0, 16021 },
	};
	uint64_t anon, file, cost;

	assert_int_equal(mmstat_zoneinfo_nr_nodes(z), 2);
	for (int nid = 0; nid < 2; nid++) {
		const struct mmstat_table *t = &mmstat_zoneinfo_node(z, nid)->stats;

		assert_int_equal(mmstat_table_get(t, MMSTAT_VM_LRU_SCAN_ANON_PERMILLE, &anon), 0);
		assert_int_equal(mmstat_table_get(t, MMSTAT_VM_LRU_SCAN_FILE_PERMILLE, &file), 0);
		assert_int_equal(mmstat_table_get(t, MMSTAT_VM_LRU_ANON_COST, &cost), 0);
		assert_int_equal(anon + file, 1000);
		assert_int_equal(anon, want[nid][0]);
		assert_int_equal(file, want[nid][1]);
		assert_int_equal(cost, want[nid][2]);
	}
	mmstat_zoneinfo_free(z);
}

/*
 * Series v2 prints two shares per node, each pair summing to 1000: the
 * decided pressure and the share of the scan targets, which differ when
 * the lists' sizes do (node 0: 312/688 decided, 871/129 targeted), and
 * repeats the decided pair under v1's lru_scan_* names.
 */
static void test_61_patched_v2(void **state)
{
	struct mmstat_zoneinfo *z = read_fixture("linux-6.1-numa2-patched-v2");
	static const uint64_t want[2][2] = {	/* decided anon, target anon */
		{ 312, 871 },
		{ 200, 250 },
	};
	uint64_t da, df, ta, tf, sa, sf;

	assert_int_equal(mmstat_zoneinfo_nr_nodes(z), 2);
	for (int nid = 0; nid < 2; nid++) {
		const struct mmstat_table *t = &mmstat_zoneinfo_node(z, nid)->stats;

		assert_int_equal(mmstat_table_get(t, MMSTAT_VM_LRU_DECIDED_ANON_PERMILLE, &da), 0);
		assert_int_equal(mmstat_table_get(t, MMSTAT_VM_LRU_DECIDED_FILE_PERMILLE, &df), 0);
		assert_int_equal(mmstat_table_get(t, MMSTAT_VM_LRU_TARGET_ANON_PERMILLE, &ta), 0);
		assert_int_equal(mmstat_table_get(t, MMSTAT_VM_LRU_TARGET_FILE_PERMILLE, &tf), 0);
		assert_int_equal(mmstat_table_get(t, MMSTAT_VM_LRU_SCAN_ANON_PERMILLE, &sa), 0);
		assert_int_equal(mmstat_table_get(t, MMSTAT_VM_LRU_SCAN_FILE_PERMILLE, &sf), 0);
		assert_int_equal(da, want[nid][0]);
		assert_int_equal(ta, want[nid][1]);
		assert_int_equal(da + df, 1000);
		assert_int_equal(ta + tf, 1000);
		assert_int_equal(sa, da);
		assert_int_equal(sf, df);
	}
	mmstat_zoneinfo_free(z);

	/* a v1 kernel has no decided or target lines: missing, not 0 */
	z = read_fixture("linux-6.1-numa2-patched");
	assert_int_equal(mmstat_table_get(&mmstat_zoneinfo_node(z, 0)->stats,
					  MMSTAT_VM_LRU_TARGET_ANON_PERMILLE, &ta), -1);
	mmstat_zoneinfo_free(z);
}

/* 6.18: promo watermark, high_min/high_max in the pagesets. */
static void test_host(void **state)
{
	struct mmstat_zoneinfo *z = read_fixture("host-6.18");
	const struct mmstat_zone *dma = &mmstat_zoneinfo_node(z, 0)->zones[0];
	uint64_t v;

	assert_int_equal(mmstat_table_get(&dma->fields, MMSTAT_ZONE_PROMO, &v), 0);
	assert_true(v > zone_field(dma, MMSTAT_ZONE_HIGH));
	assert_true(dma->nr_pagesets >= 1);
	assert_int_equal(mmstat_table_get(&dma->pagesets[0].fields, MMSTAT_PCP_HIGH_MAX, &v), 0);
	assert_int_equal(mmstat_table_get(&dma->pagesets[0].fields, MMSTAT_PCP_HIGH_MIN, &v), 0);
	mmstat_zoneinfo_free(z);
}

/* 256 CPUs: big, many records per read; and the buffer must grow. */
static void test_256_cpus(void **state)
{
	size_t cap = 1 << 20, len = 0;
	char *buf = malloc(cap);
	struct mmstat_zoneinfo *z = mmstat_zoneinfo_new(MMSTAT_NO_FILE, NULL);
	const struct mmstat_zone *zone;

	len += (size_t)sprintf(buf + len, "Node 0, zone   Normal\n  pages free     5\n"
			       "        min      1\n        protection: (0, 0)\n  pagesets\n");
	for (int cpu = 0; cpu < 256; cpu++)
		len += (size_t)sprintf(buf + len, "    cpu: %d\n              count: %d\n"
				       "              high:  9\n              batch: 3\n"
				       "  vm stats threshold: 8\n", cpu, cpu * 2);
	len += (size_t)sprintf(buf + len, "  node_unreclaimable:  1\n  start_pfn:           4096\n");
	assert_int_equal(mmstat_zoneinfo_parse(z, buf, len), 0);
	zone = &mmstat_zoneinfo_node(z, 0)->zones[0];
	assert_int_equal(zone->nr_pagesets, 256);
	assert_int_equal(zone->pagesets[255].cpu, 255);
	assert_int_equal(table_value(&zone->pagesets[255].fields, "count"), 510);
	assert_int_equal(zone_field(zone, MMSTAT_ZONE_NODE_UNRECLAIMABLE), 1);
	assert_int_equal(zone_field(zone, MMSTAT_ZONE_START_PFN), 4096);
	free(buf);
	mmstat_zoneinfo_free(z);
}

static void test_malformed(void **state)
{
	static const struct bad_case cases[] = {
		{ "", 0, "empty file" },
		{ "  pages free 5\n", 1, "expected 'Node N, zone NAME' first" },
		{ "Node x, zone DMA\n", 1, "zone header: expected a decimal number" },
		{ "Node 0 zone DMA\n", 1, "expected 'Node N, zone NAME'" },
		{ "Node 1, zone DMA\nNode 0, zone DMA\n", 2, "node 0 after node 1" },
		{ "Node 0, zone DMA\nNode 0, zone DMA\n", 2, "zone DMA twice in node 0" },
		{ "Node 0, zone DMA\n  pages free -1\n", 2, "free: negative value" },
		{ "Node 0, zone DMA\n  min 1 junk\n", 2, "min: unexpected text after the value" },
		{ "Node 0, zone DMA\n  protection: (0, 1\n", 2, "expected ',' or ')'" },
		{ "Node 0, zone DMA\n  protection: (0)\n  protection: (0)\n", 3, "second protection line" },
		{ "Node 0, zone DMA\n  count: 5\n  cpu: 0\n", 3, "'cpu: 0' outside pagesets" },
		{ "Node 0, zone DMA\n  pagesets\n  high_min: 5\n", 3, "outside a 'cpu: N' pageset" },
		{ "Node 0, zone DMA\n  per-node stats\n  per-node stats\n", 3, "second per-node stats" },
		{ "Node 0, zone DMA\n  per-node stats\n  nr_x 1\n  nr_x 2\n", 4, "duplicate key 'nr_x'" },
		{ "Node 0, zone DMA\n  nr_free_pages 18446744073709551616\n", 2, "does not fit in 64 bits" },
		{ "Node 0, zone DMA\n  min 0x10\n", 2, "hexadecimal" },
		/* issue 15, item 7 */
		{ "Node 0, zone DMA\n  pagesets\n    cpu: 0\n    cpu: 0\n", 4, "cpu 0 after cpu 0" },
		{ "Node 0, zone DMA\n  pagesets\n    cpu: 1\n    cpu: 0\n", 4, "cpu 0 after cpu 1" },
		{ "Node 0, zone DMA\n  pagesets\n    cpu: 0 pcp: 1\n    cpu: 0 pcp: 0\n", 4, "after cpu 0" },
		{ "Node 0, zone DMA extra\n", 1, "zone name 'DMA extra' is not one word" },
		{ "Node 0, zone DM\x01A\n", 1, "is not one word" },
		{ "Node 0, zone DMA\n  mi\x1bn 5\n", 2, "control or non-ASCII" },
		{ "Node 0, zone DMA\n  per-node stats\n  nr_\xc3\xa9 5\n", 3, "control or non-ASCII" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct mmstat_zoneinfo *z = mmstat_zoneinfo_new(MMSTAT_NO_FILE, NULL);

		assert_int_equal(mmstat_zoneinfo_parse(z, cases[i].text, strlen(cases[i].text)), -1);
		assert_int_equal(mmstat_zoneinfo_nr_nodes(z), 0);
		assert_error(mmstat_zoneinfo_error(z), MMSTAT_ERR_PARSE, cases[i].line,
			     cases[i].why);
		mmstat_zoneinfo_free(z);
	}
}

/* Everything a sample holds, as text, to compare two contexts. */
/* 2.6.18's two pagesets per CPU stay accepted, in order. */
static void test_pagesets_2618_order(void **state)
{
	static const char text[] = "Node 0, zone DMA\n  pagesets\n"
		"    cpu: 0 pcp: 0\n    count: 1\n    cpu: 0 pcp: 1\n    count: 2\n"
		"    cpu: 1 pcp: 0\n    count: 3\n";
	struct mmstat_zoneinfo *z = mmstat_zoneinfo_new(MMSTAT_NO_FILE, NULL);

	assert_int_equal(mmstat_zoneinfo_parse(z, text, strlen(text)), 0);
	assert_int_equal(mmstat_zoneinfo_node(z, 0)->zones[0].nr_pagesets, 3);
	mmstat_zoneinfo_free(z);
}

/*
 * A duplicate check that compared each key with every earlier one took
 * over 10 s for 200k lines; with the set it is linear.  1M distinct keys
 * (and a duplicate at the end) in one zone: seconds at worst under ASan,
 * where the quadratic check would run for many minutes (the .t has a
 * timeout that a hang hits, not a time target).
 */
static void test_many_keys_linear(void **state)
{
	size_t n = 1000000, cap = 32 * n, len;
	char *text = malloc(cap);
	struct mmstat_zoneinfo *z = mmstat_zoneinfo_new(MMSTAT_NO_FILE, NULL);

	len = (size_t)sprintf(text, "Node 0, zone DMA\n");
	for (size_t i = 0; i < n; i++)
		len += (size_t)sprintf(text + len, "  nr_k%zu %zu\n", i, i);
	assert_int_equal(mmstat_zoneinfo_parse(z, text, len), 0);
	assert_int_equal(mmstat_zoneinfo_node(z, 0)->zones[0].stats.count, n);
	len += (size_t)sprintf(text + len, "  nr_k17 1\n");
	assert_int_equal(mmstat_zoneinfo_parse(z, text, len), -1);
	assert_error(mmstat_zoneinfo_error(z), MMSTAT_ERR_PARSE, (unsigned)n + 2,
		     "duplicate key 'nr_k17'");
	/* the same names in another zone are no duplicates */
	len = (size_t)sprintf(text, "Node 0, zone DMA\n");
	for (size_t i = 0; i < 100; i++)
		len += (size_t)sprintf(text + len, "  nr_k%zu %zu\n", i, i);
	len += (size_t)sprintf(text + len, "Node 0, zone Normal\n");
	for (size_t i = 0; i < 100; i++)
		len += (size_t)sprintf(text + len, "  nr_k%zu %zu\n", i, i);
	assert_int_equal(mmstat_zoneinfo_parse(z, text, len), 0);
	mmstat_zoneinfo_free(z);
	free(text);
}

/* Zone lines after the pagesets are told apart, for printing in file order. */
static void test_file_order(void **state)
{
	struct mmstat_zoneinfo *z = read_fixture("linux-2.6.32");
	const struct mmstat_zone *dma = &mmstat_zoneinfo_node(z, 0)->zones[0];

	assert_true(dma->protection_after_stats);
	assert_string_equal(dma->fields.entries[dma->nr_fields_before_pagesets].name,
			    "all_unreclaimable");
	mmstat_zoneinfo_free(z);
	z = read_fixture("linux-6.1-numa2");
	dma = &mmstat_zoneinfo_node(z, 0)->zones[0];
	assert_false(dma->protection_after_stats);
	assert_string_equal(dma->fields.entries[dma->nr_fields_before_pagesets].name,
			    "node_unreclaimable");
	mmstat_zoneinfo_free(z);
}

static void dump_table(char **p, char *end, const char *what,
		       const struct mmstat_table *t)
{
	*p += snprintf(*p, (size_t)(end - *p), "%s:", what);
	for (size_t i = 0; i < t->count && *p < end; i++)
		*p += snprintf(*p, (size_t)(end - *p), " %s=%llu/%d/%d",
			       t->entries[i].name,
			       (unsigned long long)t->entries[i].value,
			       t->entries[i].key, (int)t->entries[i].unit);
	if (*p < end)
		*p += snprintf(*p, (size_t)(end - *p), "\n");
}

static const char *dump_zoneinfo(struct mmstat_zoneinfo *z, int rc, char *buf,
				 size_t cap)
{
	char *p = buf, *end = buf + cap;

	if (rc) {
		snprintf(buf, cap, "%s", error_text(mmstat_zoneinfo_error(z)));
		return buf;
	}
	for (size_t n = 0; n < mmstat_zoneinfo_nr_nodes(z) && p < end; n++) {
		const struct mmstat_node *node = mmstat_zoneinfo_node(z, n);

		p += snprintf(p, (size_t)(end - p), "node %d\n", node->node);
		dump_table(&p, end, "stats", &node->stats);
		for (size_t i = 0; i < node->nr_zones && p < end; i++) {
			const struct mmstat_zone *zone = &node->zones[i];

			p += snprintf(p, (size_t)(end - p), "zone %d %s\n", zone->node,
				      zone->name);
			dump_table(&p, end, "fields", &zone->fields);
			dump_table(&p, end, "zstats", &zone->stats);
			for (size_t j = 0; j < zone->nr_protection && p < end; j++)
				p += snprintf(p, (size_t)(end - p), "prot %llu\n",
					      (unsigned long long)zone->protection[j]);
			for (size_t j = 0; j < zone->nr_pagesets && p < end; j++) {
				p += snprintf(p, (size_t)(end - p), "cpu %u ",
					      zone->pagesets[j].cpu);
				dump_table(&p, end, "pcp", &zone->pagesets[j].fields);
			}
		}
	}
	assert_true(p < end);
	return buf;
}

/*
 * The replay of the last sample's lines (zi_replay) must give exactly what
 * the general path gives: each line of each capture changed in turn, parsed
 * by a context that has just parsed the capture and by a new one.
 */
static void test_replay_same_as_general(void **state)
{
	static const char *const dirs[] = {
		"linux-2.6.18", "linux-2.6.32", "linux-3.10", "linux-4.8",
		"linux-4.18", "linux-5.15", "linux-6.1-numa2-patched",
		"guest-6.1-numa2", "host-6.18",
	};
	static char text[65536], a[1 << 20], b[1 << 20];
	static struct variants v;

	for (size_t d = 0; d < sizeof(dirs) / sizeof(*dirs); d++) {
		struct mmstat_zoneinfo *warm = mmstat_zoneinfo_new(MMSTAT_NO_FILE, NULL);
		char path[1200];
		size_t len, n = 0, lines = 0;
		FILE *in;

		snprintf(path, sizeof(path), "%s/proc/zoneinfo", fixture_root(dirs[d]));
		in = fopen(path, "r");
		assert_non_null(in);
		len = fread(text, 1, sizeof(text) - 1, in);
		fclose(in);
		text[len] = '\0';
		for (char *nl, *line = text; (nl = strchr(line, '\n')); line = nl + 1) {
			vary_line(&v, text, (size_t)(line - text), (size_t)(nl - text));
			for (size_t i = 0; i < v.n; i++) {
				struct mmstat_zoneinfo *cold = mmstat_zoneinfo_new(MMSTAT_NO_FILE, NULL);
				int rw, rc;

				assert_int_equal(mmstat_zoneinfo_parse(warm, text, len), 0);
				rw = mmstat_zoneinfo_parse(warm, v.text[i], v.len[i]);
				rc = mmstat_zoneinfo_parse(cold, v.text[i], v.len[i]);
				if (rw != rc || strcmp(dump_zoneinfo(warm, rw, a, sizeof(a)),
						       dump_zoneinfo(cold, rc, b, sizeof(b))))
					fail_msg("%s line %zu change %zu: warm %d, cold %d\n%.300s\n--\n%.300s",
						 dirs[d], lines + 1, i, rw, rc,
						 dump_zoneinfo(warm, rw, a, sizeof(a)),
						 dump_zoneinfo(cold, rc, b, sizeof(b)));
				mmstat_zoneinfo_free(cold);
				n++;
			}
			lines++;
		}
		assert_true(n >= 15 * lines);
		mmstat_zoneinfo_free(warm);
	}
}

/* Found by the fuzzer: "pages free0 5" is a zone counter, not the field. */
static void test_replay_pages_free0(void **state)
{
	static const char text[] = "Node 0, zone      DMA\n  pages free0 5\n"
		"  pages free     7\n        nr_free_pages 7\n";
	static char a[4096], b[4096];
	struct mmstat_zoneinfo *warm = mmstat_zoneinfo_new(MMSTAT_NO_FILE, NULL);
	struct mmstat_zoneinfo *cold = mmstat_zoneinfo_new(MMSTAT_NO_FILE, NULL);

	assert_int_equal(mmstat_zoneinfo_parse(cold, text, sizeof(text) - 1), 0);
	for (int pass = 0; pass < 2; pass++) {
		assert_int_equal(mmstat_zoneinfo_parse(warm, text, sizeof(text) - 1), 0);
		assert_string_equal(dump_zoneinfo(warm, 0, a, sizeof(a)),
				    dump_zoneinfo(cold, 0, b, sizeof(b)));
	}
	assert_int_equal(table_value(&mmstat_zoneinfo_node(warm, 0)->zones[0].stats,
				     "free0"), 5);
	mmstat_zoneinfo_free(warm);
	mmstat_zoneinfo_free(cold);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_2618),
		cmocka_unit_test(test_48_node_block),
		cmocka_unit_test(test_61_patched),
		cmocka_unit_test(test_61_patched_guest),
		cmocka_unit_test(test_61_patched_v2),
		cmocka_unit_test(test_host),
		cmocka_unit_test(test_256_cpus),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_pagesets_2618_order),
		cmocka_unit_test(test_many_keys_linear),
		cmocka_unit_test(test_file_order),
		cmocka_unit_test(test_replay_same_as_general),
		cmocka_unit_test(test_replay_pages_free0),
	};

	return cmocka_run_group_tests_name("zoneinfo", tests, NULL, NULL);
}
