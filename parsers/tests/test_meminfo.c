// SPDX-License-Identifier: GPL-2.0-or-later
/* meminfo and node meminfo: values from fixtures, and every bad input. */
#include <sys/stat.h>
#include <unistd.h>

#include "fixture.h"

static struct mmstat_meminfo *parse_ok(const char *text)
{
	struct mmstat_meminfo *m = mmstat_meminfo_new(MMSTAT_NO_FILE, NULL);

	assert_non_null(m);
	if (mmstat_meminfo_parse(m, text, strlen(text)))
		fail_msg("%s", error_text(mmstat_meminfo_error(m)));
	return m;
}

static const struct mmstat_error *parse_bad(struct mmstat_meminfo **m,
					    const char *text, size_t len)
{
	*m = mmstat_meminfo_new(MMSTAT_NO_FILE, NULL);
	assert_int_equal(mmstat_meminfo_parse(*m, text, len), -1);
	/* a failed sample leaves nothing to misread */
	assert_int_equal(mmstat_meminfo_table(*m)->count, 0);
	return mmstat_meminfo_error(*m);
}

/* 2.6.18 has no Active(anon): missing must stay missing, not become 0. */
static void test_2618_missing_is_not_zero(void **state)
{
	struct mmstat_meminfo *m = mmstat_meminfo_new(fixture_root("linux-2.6.18"), NULL);
	const struct mmstat_table *t;
	uint64_t v = 77;

	assert_non_null(m);
	assert_int_equal(mmstat_meminfo_read(m), 0);
	t = mmstat_meminfo_table(m);
	assert_int_equal(t->count, 30);
	assert_int_equal(mmstat_table_get(t, MMSTAT_MI_MEM_TOTAL, &v), 0);
	assert_int_equal(v, 2059516);
	assert_int_equal(mmstat_table_get(t, MMSTAT_MI_ACTIVE_ANON, &v), -1);
	assert_int_equal(v, 2059516);	/* untouched */
	/* unknown keys are kept, in file order */
	assert_string_equal(t->entries[7].name, "HighTotal");
	assert_int_equal(t->entries[7].key, MMSTAT_KEY_UNKNOWN);
	assert_int_equal(t->entries[7].value, 1179584);
	/* unitless HugePages_*, a count; Hugepagesize in kB */
	assert_int_equal(mmstat_table_get(t, MMSTAT_MI_HUGEPAGES_RSVD, &v), 0);
	assert_int_equal(v, 1);
	assert_int_equal(mmstat_table_find(t, "HugePages_Total")->unit, MMSTAT_UNIT_COUNT);
	assert_int_equal(mmstat_table_find(t, "Hugepagesize")->unit, MMSTAT_UNIT_KB);
	mmstat_meminfo_free(m);
}

static void test_odd_formats(void **state)
{
	struct mmstat_meminfo *m = mmstat_meminfo_new(fixture_root("odd-formats"), NULL);
	const struct mmstat_table *t;
	uint64_t v;

	assert_non_null(m);
	if (mmstat_meminfo_read(m))
		fail_msg("%s", error_text(mmstat_meminfo_error(m)));
	t = mmstat_meminfo_table(m);
	assert_int_equal(mmstat_table_get(t, MMSTAT_MI_SHADOW_CALL_STACK, &v), 0);
	assert_int_equal(v, 12345678);
	assert_int_equal(mmstat_table_get(t, MMSTAT_MI_BALLOON, &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(table_value(t, "HugePages_Total"), 7);
	assert_int_equal(t->count, 33);
	mmstat_meminfo_free(m);
}

static void test_node_prefix(void **state)
{
	struct mmstat_meminfo *m = mmstat_node_meminfo_new(fixture_root("linux-2.6.32"), 1, NULL);
	struct mmstat_error err;
	const struct mmstat_table *t;
	uint64_t v;

	assert_non_null(m);
	assert_int_equal(mmstat_meminfo_read(m), 0);
	t = mmstat_meminfo_table(m);
	assert_int_equal(mmstat_table_get(t, MMSTAT_MI_MEM_USED, &v), 0);
	assert_int_equal(v, 4001000 + 2 * 13);
	mmstat_meminfo_free(m);

	/* node1's lines under node 0's name */
	m = mmstat_node_meminfo_new(MMSTAT_NO_FILE, 0, &err);
	assert_int_equal(mmstat_meminfo_parse(m, "Node 0 MemTotal: 5 kB\nNode 1 MemFree: 4 kB\n", 43), -1);
	assert_error(mmstat_meminfo_error(m), MMSTAT_ERR_PARSE, 2, "line is for node 1, file is node0's");
	assert_int_equal(mmstat_meminfo_parse(m, "MemTotal: 5 kB\n", 15), -1);
	assert_error(mmstat_meminfo_error(m), MMSTAT_ERR_PARSE, 1, "missing the 'Node 0' prefix");
	mmstat_meminfo_free(m);

	assert_null(mmstat_node_meminfo_new(fixture_root("linux-2.6.32"), 7, &err));
	assert_int_equal(err.kind, MMSTAT_ERR_IO);
	assert_non_null(strstr(err.path, "node7/meminfo"));
}

static void test_u64_limits(void **state)
{
	struct mmstat_meminfo *m = parse_ok("MemTotal: 18446744073709551615 kB\n");
	uint64_t v;

	assert_int_equal(mmstat_table_get(mmstat_meminfo_table(m), MMSTAT_MI_MEM_TOTAL, &v), 0);
	assert_true(v == UINT64_MAX);
	mmstat_meminfo_free(m);

	parse_bad(&m, "MemFree: 1 kB\nMemTotal: 18446744073709551616 kB\n", 49);
	assert_error(mmstat_meminfo_error(m), MMSTAT_ERR_PARSE, 2,
		     "MemTotal: value does not fit in 64 bits");
	mmstat_meminfo_free(m);
}

static void test_malformed(void **state)
{
	static const struct bad_case cases[] = {
		{ "", 0, "empty file" },
		{ "\n\n\n", 0, "no statistics in the file" },
		{ "MemTotal: 123", 1, "file ends in the middle of a line" },
		{ "MemTotal: -5 kB\n", 1, "MemTotal: negative value" },
		{ "MemTotal: 0x10 kB\n", 1, "MemTotal: hexadecimal value" },
		{ "MemTotal: 12kB\n", 1, "MemTotal: unexpected text right after the number" },
		{ "MemTotal: 12 MB\n", 1, "MemTotal: unknown unit 'MB'" },
		{ "MemTotal: 12\n", 1, "MemTotal: in count, the kernel prints it in kB" },
		{ "MemTotal 12 kB\n", 1, "missing ':' after the key" },
		{ "MemTotal:\n", 1, "MemTotal: no value after the key" },
		{ "garbage\n", 1, "garbage: no value after the key" },
		{ ": 5 kB\n", 1, "empty key" },
		{ "MemFree: 1 kB\nMemFree: 2 kB\n", 2, "duplicate key 'MemFree'" },
		{ "MemFree: 1 kB\0MemTotal: 2 kB\n", 1, "NUL byte inside the text" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct mmstat_meminfo *m;
		size_t len = strlen(cases[i].text);

		if (strstr(cases[i].why, "NUL"))
			len = 29;
		parse_bad(&m, cases[i].text, len);
		assert_error(mmstat_meminfo_error(m), MMSTAT_ERR_PARSE, cases[i].line,
			     cases[i].why);
		mmstat_meminfo_free(m);
	}
}

/* A capture cut at 4096 bytes (one read() of procps' size) is reported. */
static void test_truncated_at_4096(void **state)
{
	char buf[8192];
	size_t len = 0;
	struct mmstat_meminfo *m;

	for (int i = 0; len < 5000; i++)
		len += (size_t)sprintf(buf + len, "Key%04d:  %10d kB\n", i, i);
	parse_bad(&m, buf, 4096);
	assert_error(mmstat_meminfo_error(m), MMSTAT_ERR_PARSE, 4096 / 24 + 1,
		     "file ends in the middle of a line");
	assert_int_equal(mmstat_meminfo_parse(m, buf, len), 0);
	assert_int_equal(mmstat_meminfo_table(m)->count, len / 24);
	mmstat_meminfo_free(m);
}

/* The layout cache must follow a file whose keys change between samples. */
static void test_layout_changes(void **state)
{
	struct mmstat_meminfo *m = parse_ok("MemTotal: 1 kB\nMemFree: 2 kB\n");
	const struct mmstat_table *t = mmstat_meminfo_table(m);
	uint64_t v;

	assert_int_equal(mmstat_meminfo_parse(m, "MemFree: 3 kB\nMemTotal: 4 kB\nZz: 5 kB\n", 39), 0);
	assert_int_equal(mmstat_table_get(t, MMSTAT_MI_MEM_TOTAL, &v), 0);
	assert_int_equal(v, 4);
	assert_int_equal(mmstat_table_get(t, MMSTAT_MI_MEM_FREE, &v), 0);
	assert_int_equal(v, 3);
	assert_string_equal(t->entries[2].name, "Zz");
	/* same layout again, the duplicate only found by the first check */
	assert_int_equal(mmstat_meminfo_parse(m, "MemFree: 3 kB\nMemFree: 4 kB\n", 28), -1);
	assert_error(mmstat_meminfo_error(m), MMSTAT_ERR_PARSE, 2, "duplicate key 'MemFree'");
	assert_int_equal(mmstat_meminfo_parse(m, "MemTotal: 9 kB\n", 15), 0);
	assert_int_equal(mmstat_table_get(t, MMSTAT_MI_MEM_FREE, &v), -1);
	mmstat_meminfo_free(m);
}

/* Repeated reads of one fd reflect the file as it is now (pread from 0). */
static void test_reread(void **state)
{
	char dir[] = "/tmp/mmstat-test-XXXXXX", path[128];
	struct mmstat_meminfo *m;
	FILE *f;
	uint64_t v;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/proc", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	strcat(path, "/meminfo");
	f = fopen(path, "w");
	fputs("MemTotal: 10 kB\n", f);
	fclose(f);
	m = mmstat_meminfo_new(dir, NULL);
	assert_int_equal(mmstat_meminfo_read(m), 0);
	f = fopen(path, "r+");
	fputs("MemTotal: 20 kB\n", f);
	fclose(f);
	assert_int_equal(mmstat_meminfo_read(m), 0);
	assert_int_equal(mmstat_table_get(mmstat_meminfo_table(m), MMSTAT_MI_MEM_TOTAL, &v), 0);
	assert_int_equal(v, 20);
	mmstat_meminfo_free(m);
	unlink(path);
	*strrchr(path, '/') = '\0';
	rmdir(path);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_2618_missing_is_not_zero),
		cmocka_unit_test(test_odd_formats),
		cmocka_unit_test(test_node_prefix),
		cmocka_unit_test(test_u64_limits),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_truncated_at_4096),
		cmocka_unit_test(test_layout_changes),
		cmocka_unit_test(test_reread),
	};

	return cmocka_run_group_tests_name("meminfo", tests, NULL, NULL);
}
