// SPDX-License-Identifier: GPL-2.0-or-later
/* vmstat, PSI, memory cgroups, the delta helper, and reading the file. */
#include <errno.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <linux/magic.h>

#include <sys/stat.h>

#include "fixture.h"
#include "internal.h"

static void test_vmstat_odd(void **state)
{
	struct mmstat_vmstat *v = mmstat_vmstat_new(fixture_root("odd-formats"), NULL);
	const struct mmstat_table *t;
	uint64_t x;

	assert_int_equal(mmstat_vmstat_read(v), 0);	/* CRLF and a blank line */
	t = mmstat_vmstat_table(v);
	assert_int_equal(t->count, 2);
	assert_int_equal(mmstat_table_get(t, MMSTAT_VM_PGSCAN_ANON, &x), 0);
	assert_true(x == UINT64_MAX);
	assert_int_equal(mmstat_table_get(t, MMSTAT_VM_NR_FREE_PAGES, &x), 0);
	assert_int_equal(x, 5);
	assert_int_equal(t->entries[0].unit, MMSTAT_UNIT_PAGES);
	assert_int_equal(t->entries[1].unit, MMSTAT_UNIT_COUNT);
	assert_int_equal(mmstat_vmstat_parse(v, "a 1\nb: 2\n", 9), -1);
	assert_error(mmstat_vmstat_error(v), MMSTAT_ERR_PARSE, 2, "':' where 'name value' is expected");
	assert_int_equal(mmstat_vmstat_parse(v, "a 1 2\n", 6), -1);
	assert_error(mmstat_vmstat_error(v), MMSTAT_ERR_PARSE, 1, "a: unexpected text");
	mmstat_vmstat_free(v);
}

static void test_node_vmstat(void **state)
{
	struct mmstat_vmstat *v = mmstat_node_vmstat_new(fixture_root("linux-5.15"), 1, NULL);
	uint64_t x;

	assert_int_equal(mmstat_vmstat_read(v), 0);
	assert_int_equal(mmstat_table_get(mmstat_vmstat_table(v), MMSTAT_VM_NR_ACTIVE_ANON, &x), 0);
	assert_int_equal(x, 51);
	mmstat_vmstat_free(v);
}

static void test_psi(void **state)
{
	struct mmstat_psi *p = mmstat_psi_new(fixture_root("linux-5.15"), NULL, NULL);
	const struct mmstat_table *t;
	uint64_t x;

	assert_int_equal(mmstat_psi_read(p), 0);
	t = mmstat_psi_table(p);
	assert_int_equal(t->count, 8);
	assert_int_equal(mmstat_table_get(t, MMSTAT_PSI_SOME_AVG10, &x), 0);
	assert_int_equal(x, 125);
	assert_int_equal(mmstat_table_get(t, MMSTAT_PSI_FULL_TOTAL, &x), 0);
	assert_int_equal(x, 65432);
	assert_int_equal(mmstat_table_find(t, "full_total")->unit, MMSTAT_UNIT_USEC);
	assert_int_equal(mmstat_psi_parse(p, "some avg10=1.2 total=5\n", 23), -1);
	assert_error(mmstat_psi_error(p), MMSTAT_ERR_PARSE, 1, "expected a number with two decimals");
	assert_int_equal(mmstat_psi_parse(p, "some total=5.00\n", 16), -1);
	assert_error(mmstat_psi_error(p), MMSTAT_ERR_PARSE, 1, "some total: expected an integer");
	assert_int_equal(mmstat_psi_parse(p, "some avg10\n", 11), -1);
	assert_error(mmstat_psi_error(p), MMSTAT_ERR_PARSE, 1, "expected name=value");
	mmstat_psi_free(p);
}

static void test_memcg_v1(void **state)
{
	struct mmstat_memcg *c = mmstat_memcg_new(fixture_root("linux-3.10"), "memory/user.slice",
						  MMSTAT_MEMCG_STAT, NULL);
	const struct mmstat_table *t;

	assert_non_null(c);
	assert_int_equal(mmstat_memcg_read(c), 0);
	assert_int_equal(mmstat_memcg_version(c), MMSTAT_MEMCG_V1);
	t = mmstat_memcg_table(c);
	assert_int_equal(t->count, 30);
	assert_int_equal(table_value(t, "hierarchical_memory_limit"), 9223372036854775807ULL);
	assert_int_equal(mmstat_table_find(t, "cache")->unit, MMSTAT_UNIT_BYTES);
	assert_int_equal(mmstat_table_find(t, "total_pgfault")->unit, MMSTAT_UNIT_COUNT);
	assert_int_equal(table_value(t, "total_active_file"), 8192 * 13);
	mmstat_memcg_free(c);

	/* the host's v1 numa_stat: "total=N N0=N" */
	c = mmstat_memcg_new(fixture_root("host-6.18"), "/sys/fs/cgroup/memory",
			     MMSTAT_MEMCG_NUMA_STAT, NULL);
	assert_int_equal(mmstat_memcg_read(c), 0);
	t = mmstat_memcg_table(c);
	assert_int_equal(t->count, 16);
	assert_int_equal(table_value(t, "total"), table_value(t, "total.N0"));
	assert_int_equal(mmstat_table_find(t, "anon.N0")->unit, MMSTAT_UNIT_PAGES);
	mmstat_memcg_free(c);
}

static void test_memcg_v2(void **state)
{
	struct mmstat_memcg *c = mmstat_memcg_new(fixture_root("linux-5.15"), "workload.slice",
						  MMSTAT_MEMCG_NUMA_STAT, NULL);
	const struct mmstat_table *t;

	assert_int_equal(mmstat_memcg_read(c), 0);
	assert_int_equal(mmstat_memcg_version(c), MMSTAT_MEMCG_V2);
	t = mmstat_memcg_table(c);
	assert_int_equal(t->count, 58);
	assert_int_equal(table_value(t, "file.N1"), 8192);
	assert_int_equal(mmstat_table_find(t, "file.N1")->unit, MMSTAT_UNIT_BYTES);
	assert_int_equal(mmstat_table_find(t, "workingset_refault_anon.N0")->unit, MMSTAT_UNIT_COUNT);
	assert_int_equal(mmstat_memcg_parse(c, "anon N0=1 X1=2\n", 15), -1);
	assert_error(mmstat_memcg_error(c), MMSTAT_ERR_PARSE, 1, "expected N<node>=<integer>");
	mmstat_memcg_free(c);

	c = mmstat_memcg_new(fixture_root("linux-5.15"), "workload.slice", MMSTAT_MEMCG_STAT, NULL);
	assert_int_equal(mmstat_memcg_read(c), 0);
	t = mmstat_memcg_table(c);
	assert_int_equal(table_value(t, "anon"), 4096 * 3);
	assert_int_equal(mmstat_table_find(t, "anon")->unit, MMSTAT_UNIT_BYTES);
	assert_int_equal(mmstat_table_find(t, "pgscan")->unit, MMSTAT_UNIT_COUNT);
	mmstat_memcg_free(c);
}

static void test_delta(void **state)
{
	struct mmstat_vmstat *a = mmstat_vmstat_new(MMSTAT_NO_FILE, NULL);
	struct mmstat_vmstat *b = mmstat_vmstat_new(MMSTAT_NO_FILE, NULL);
	struct mmstat_rate r[4];
	size_t n;

	assert_int_equal(mmstat_vmstat_parse(a, "nr_free_pages 100\npgscan_anon 10\nold 1\n", 39), 0);
	assert_int_equal(mmstat_vmstat_parse(b, "pgscan_anon 30\nnr_free_pages 40\nnew 5\n", 38), 0);
	n = mmstat_delta(mmstat_vmstat_table(a), mmstat_vmstat_table(b), 2.0, r, 4);
	assert_int_equal(n, 2);		/* "old" and "new" are in one sample only */
	assert_string_equal(r[0].name, "pgscan_anon");
	assert_true(r[0].delta == 20.0 && r[0].per_second == 10.0);
	assert_string_equal(r[1].name, "nr_free_pages");
	assert_true(r[1].delta == -60.0 && r[1].per_second == -30.0);
	assert_int_equal(r[1].unit, MMSTAT_UNIT_PAGES);
	assert_int_equal(mmstat_delta(mmstat_vmstat_table(a), mmstat_vmstat_table(b), 2.0, r, 1), 1);
	/* a key added at the top shifts every position: still all matched */
	assert_int_equal(mmstat_vmstat_parse(a, "a 1\nb 2\nc 3\n", 12), 0);
	assert_int_equal(mmstat_vmstat_parse(b, "x 0\na 2\nb 4\nc 6\n", 16), 0);
	n = mmstat_delta(mmstat_vmstat_table(a), mmstat_vmstat_table(b), 1.0, r, 4);
	assert_int_equal(n, 3);
	assert_string_equal(r[0].name, "a");
	assert_string_equal(r[2].name, "c");
	assert_true(r[2].delta == 3.0);
	/* and one gone */
	n = mmstat_delta(mmstat_vmstat_table(b), mmstat_vmstat_table(a), 1.0, r, 4);
	assert_int_equal(n, 3);
	assert_true(r[1].delta == -2.0);
	mmstat_vmstat_free(a);
	mmstat_vmstat_free(b);
}

/*
 * The layout cache of one context across samples: a key the last sample
 * had at a later position is no licence for a duplicate now.
 */
static void test_layout_duplicate(void **state)
{
	struct mmstat_vmstat *v = mmstat_vmstat_new(MMSTAT_NO_FILE, NULL);

	assert_int_equal(mmstat_vmstat_parse(v, "a 1\nb 2\n", 8), 0);
	assert_int_equal(mmstat_vmstat_parse(v, "b 1\n", 4), 0);
	assert_int_equal(mmstat_vmstat_parse(v, "b 1\nb 2\n", 8), -1);
	assert_error(mmstat_vmstat_error(v), MMSTAT_ERR_PARSE, 2, "duplicate key 'b'");
	assert_int_equal(mmstat_vmstat_table(v)->count, 0);
	assert_int_equal(mmstat_vmstat_parse(v, "a 1\nb 2\n", 8), 0);
	assert_int_equal(mmstat_vmstat_parse(v, "a 1\nb 2\nb 3\n", 12), -1);
	assert_error(mmstat_vmstat_error(v), MMSTAT_ERR_PARSE, 3, "duplicate key 'b'");
	assert_int_equal(mmstat_vmstat_parse(v, "a 1\nb 2\n", 8), 0);
	assert_int_equal(mmstat_vmstat_table(v)->entries[1].value, 2);
	mmstat_vmstat_free(v);
}

/*
 * The same-layout fast path (flat.c) must give exactly what the general
 * path gives.  For a capture, each line in turn is changed in one of the
 * ways below, and the changed text is parsed by a context that has just
 * parsed the capture (warm: its layout expects the original) and by a new
 * one (cold: no layout); table or error must be identical.
 */
struct flat_kind {
	void *(*make)(void);
	int (*parse)(void *ctx, const char *buf, size_t len);
	const struct mmstat_table *(*table)(void *ctx);
	const struct mmstat_error *(*error)(void *ctx);
	void (*release)(void *ctx);
};

#define FLAT_KIND(name, kind, make_expr)                                       \
static void *name##_make(void) { return make_expr; }                          \
static int name##_parse(void *c, const char *b, size_t l) { return mmstat_##kind##_parse(c, b, l); } \
static const struct mmstat_table *name##_table(void *c) { return mmstat_##kind##_table(c); } \
static const struct mmstat_error *name##_error(void *c) { return mmstat_##kind##_error(c); } \
static void name##_release(void *c) { mmstat_##kind##_free(c); }              \
static const struct flat_kind name = { name##_make, name##_parse, name##_table, name##_error, name##_release };

FLAT_KIND(k_meminfo, meminfo, mmstat_meminfo_new(MMSTAT_NO_FILE, NULL))
FLAT_KIND(k_node0_meminfo, meminfo, mmstat_node_meminfo_new(MMSTAT_NO_FILE, 0, NULL))
FLAT_KIND(k_vmstat, vmstat, mmstat_vmstat_new(MMSTAT_NO_FILE, NULL))
FLAT_KIND(k_node0_vmstat, vmstat, mmstat_node_vmstat_new(MMSTAT_NO_FILE, 0, NULL))

static void assert_same_result(const struct flat_kind *k, void *warm, void *cold,
			       int rw, int rc, const char *text)
{
	const struct mmstat_table *a = k->table(warm), *b = k->table(cold);

	if (rw != rc)
		fail_msg("warm %d, cold %d (%s) on:\n%s", rw, rc,
			 error_text(k->error(rw ? warm : cold)), text);
	if (rc) {
		char why[800];

		snprintf(why, sizeof(why), "%s", error_text(k->error(cold)));
		assert_int_equal(k->error(warm)->line, k->error(cold)->line);
		assert_string_equal(error_text(k->error(warm)), why);
	}
	assert_int_equal(a->count, b->count);
	for (size_t i = 0; i < a->count; i++) {
		assert_string_equal(a->entries[i].name, b->entries[i].name);
		assert_true(a->entries[i].value == b->entries[i].value);
		assert_int_equal(a->entries[i].key, b->entries[i].key);
		assert_int_equal(a->entries[i].unit, b->entries[i].unit);
	}
	assert_int_equal(a->index_len, b->index_len);
	for (size_t i = 0; i < a->index_len; i++)
		assert_int_equal(a->index[i], b->index[i]);
}

static void warm_vs_cold(const struct flat_kind *k, const char *path)
{
	static char text[65536];
	static struct variants v;
	FILE *in = fopen(path, "r");
	size_t len, n = 0, lines = 0;
	void *warm = k->make(), *cold = k->make();

	assert_non_null(in);
	len = fread(text, 1, sizeof(text) - 1, in);
	fclose(in);
	text[len] = '\0';
	assert_int_equal(k->parse(warm, text, len), 0);
	assert_int_equal(k->parse(warm, text, len), 0);	/* all fast */
	assert_int_equal(k->parse(cold, text, len), 0);
	assert_same_result(k, warm, cold, 0, 0, text);
	k->release(cold);

	for (char *nl, *line = text; (nl = strchr(line, '\n')); line = nl + 1) {
		vary_line(&v, text, (size_t)(line - text), (size_t)(nl - text));
		for (size_t i = 0; i < v.n; i++) {
			int rw, rc;

			/* warm: the original's layout, then the change */
			assert_int_equal(k->parse(warm, text, len), 0);
			rw = k->parse(warm, v.text[i], v.len[i]);
			cold = k->make();
			rc = k->parse(cold, v.text[i], v.len[i]);
			assert_same_result(k, warm, cold, rw, rc, v.text[i]);
			k->release(cold);
			n++;
		}
		lines++;
	}
	assert_true(lines > 0 && n >= 15 * lines);
	k->release(warm);
}

static void test_fast_path_same_as_slow(void **state)
{
	static const char *const dirs[] = {
		"guest-6.1-numa2-patched", "host-6.18", "linux-2.6.18", "linux-5.15",
		"odd-formats",
	};
	char path[1200];

	for (size_t d = 0; d < sizeof(dirs) / sizeof(*dirs); d++) {
		snprintf(path, sizeof(path), "%s/proc/meminfo", fixture_root(dirs[d]));
		if (!access(path, R_OK))
			warm_vs_cold(&k_meminfo, path);
		snprintf(path, sizeof(path), "%s/proc/vmstat", fixture_root(dirs[d]));
		if (!access(path, R_OK))
			warm_vs_cold(&k_vmstat, path);
		snprintf(path, sizeof(path), "%s/sys/devices/system/node/node0/meminfo",
			 fixture_root(dirs[d]));
		if (!access(path, R_OK))
			warm_vs_cold(&k_node0_meminfo, path);
		snprintf(path, sizeof(path), "%s/sys/devices/system/node/node0/vmstat",
			 fixture_root(dirs[d]));
		if (!access(path, R_OK))
			warm_vs_cold(&k_node0_vmstat, path);
	}
}

static void test_no_file(void **state)
{
	struct mmstat_vmstat *v = mmstat_vmstat_new(MMSTAT_NO_FILE, NULL);
	struct mmstat_error err;

	assert_int_equal(mmstat_vmstat_read(v), -1);
	assert_int_equal(mmstat_vmstat_error(v)->kind, MMSTAT_ERR_IO);
	mmstat_vmstat_free(v);
	assert_null(mmstat_psi_new("/nonexistent", NULL, &err));
	assert_int_equal(err.kind, MMSTAT_ERR_IO);
	assert_string_equal(err.path, "/nonexistent/proc/pressure/memory");
}

/* A regular file of n bytes ('a'..'z' lines), read through mm_file. */
static void write_text(const char *path, size_t n)
{
	FILE *out = fopen(path, "w");

	assert_non_null(out);
	for (size_t i = 0; i < n; i++)
		fputc(i % 27 == 26 ? '\n' : 'a' + (int)(i % 27), out);
	assert_int_equal(fclose(out), 0);
}

static void assert_read_whole(struct mm_file *f, size_t n, unsigned preads)
{
	assert_int_equal(mm_file_read(f), 0);
	assert_int_equal(f->len, n);
	if (f->nr_preads != preads)
		fail_msg("%zu bytes in %u preads, expected %u", n, f->nr_preads, preads);
	for (size_t i = 0; i < n; i++)
		if (f->buf[i] != (i % 27 == 26 ? '\n' : 'a' + (int)(i % 27)))
			fail_msg("byte %zu of %zu differs", i, n);
}

/*
 * A single-record file ends at the first short read; a read that fills the
 * room exactly, or a file larger than the first buffer, reads on.  Forced
 * on a regular file, where the kernel makes no such promise, to count the
 * preads of each case.
 */
/*
 * Issue 15, item 6: under a root, a FIFO must not hang the open, and a
 * symlink to /dev/zero must not be read until memory runs out: a
 * statistics file is a regular file.  Item 8: _parse(NULL, 0) is an
 * empty file, not a memcpy from NULL.
 */
static void test_not_regular_files(void **state)
{
	char root[] = "/tmp/mmstat-test-XXXXXX", path[600];
	struct mmstat_error err;
	struct mmstat_meminfo *m;

	assert_non_null(mkdtemp(root));
	snprintf(path, sizeof(path), "%s/proc", root);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/proc/meminfo", root);
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_null(mmstat_meminfo_new(root, &err));
	assert_int_equal(err.kind, MMSTAT_ERR_IO);
	assert_non_null(strstr(err.reason, "not a regular file"));
	unlink(path);
	assert_int_equal(symlink("/dev/zero", path), 0);
	assert_null(mmstat_meminfo_new(root, &err));
	assert_non_null(strstr(err.reason, "not a regular file"));
	unlink(path);
	snprintf(path, sizeof(path), "%s/proc", root);
	rmdir(path);
	rmdir(root);

	m = mmstat_meminfo_new(MMSTAT_NO_FILE, NULL);
	assert_int_equal(mmstat_meminfo_parse(m, NULL, 0), -1);
	assert_non_null(strstr(mmstat_meminfo_error(m)->reason, "empty file"));
	mmstat_meminfo_free(m);
}

/*
 * Issue 15, item 8: a key of one kind in a table of another fails loudly
 * (EINVAL) instead of returning the entry at the same position; a typed
 * lookup gives the unit; missing is ENOENT.
 */
static void test_typed_lookup(void **state)
{
	struct mmstat_meminfo *m = mmstat_meminfo_new(fixture_root("host-6.18"), NULL);
	const struct mmstat_table *t;
	const struct mmstat_entry *e;
	uint64_t v = 0;

	assert_non_null(m);
	assert_int_equal(mmstat_meminfo_read(m), 0);
	t = mmstat_meminfo_table(m);
	assert_int_equal(t->kind, MMSTAT_TABLE_MEMINFO);
	e = mmstat_get_meminfo(t, MMSTAT_MI_MEM_TOTAL);
	assert_non_null(e);
	assert_string_equal(e->name, "MemTotal");
	assert_int_equal(e->unit, MMSTAT_UNIT_KB);
	assert_int_equal(e->key, MMSTAT_MI_MEM_TOTAL);
	/* MMSTAT_VM_NR_FREE_PAGES is the vmstat enum's first, like MemTotal */
	errno = 0;
	assert_int_equal(mmstat_table_get(t, MMSTAT_VM_NR_FREE_PAGES, &v), -1);
	assert_int_equal(errno, EINVAL);
	assert_null(mmstat_get_meminfo(t, (enum mmstat_meminfo_key)MMSTAT_VM_NR_FREE_PAGES));
	assert_int_equal(errno, EINVAL);
	assert_int_equal(mmstat_table_get(t, MMSTAT_MI_MEM_TOTAL, &v), 0);
	assert_int_equal(v, e->value);
	assert_null(mmstat_get_meminfo(t, MMSTAT_MI_SHADOW_CALL_STACK));
	assert_int_equal(errno, ENOENT);
	assert_int_equal(MMSTAT_KEY_INDEX(MMSTAT_MI_MEM_TOTAL), 0);
	assert_int_equal(MMSTAT_MI_NR, MMSTAT_KEY_INDEX(MMSTAT_MI_DIRECT_MAP_1G) + 1);
	mmstat_meminfo_free(m);
}

static void test_nodes(void **state)
{
	int nodes[4] = { -1, -1, -1, -1 };
	struct mmstat_error err;

	assert_int_equal(mmstat_nodes(fixture_root("linux-6.1-numa2-patched"), nodes, 4, &err), 2);
	assert_int_equal(nodes[0], 0);
	assert_int_equal(nodes[1], 1);
	assert_int_equal(nodes[2], -1);
	/* fewer slots than nodes: the count tells how many to make room for */
	assert_int_equal(mmstat_nodes(fixture_root("linux-6.1-numa2-patched"), nodes, 1, &err), 2);
	assert_int_equal(mmstat_nodes(fixture_root("no-such-capture"), nodes, 4, &err), -1);
	assert_int_equal(err.kind, MMSTAT_ERR_IO);
}

static void test_read_short_is_end(void **state)
{
	char path[] = "/tmp/mmstat-read-XXXXXX";
	struct mmstat_error err;
	struct mm_file f;
	size_t room;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(mm_file_open(&f, NULL, path, &err), 0);
	assert_false(f.short_read_ends);	/* not procfs, sysfs or cgroupfs */
	mm_file_single_record(&f);
	assert_false(f.short_read_ends);
	write_text(path, 100);
	assert_read_whole(&f, 100, 2);		/* loops to 0 */

	f.short_read_ends = true;
	assert_read_whole(&f, 100, 1);
	room = f.cap - 1;
	write_text(path, room);			/* fills the first read exactly */
	assert_read_whole(&f, room, 2);
	assert_true(f.cap > room + 1);		/* grew to ask again */
	room = f.cap - 1;
	write_text(path, room + 100);		/* larger than the buffer */
	assert_read_whole(&f, room + 100, 2);	/* full, grow, short */
	room = f.cap - 1;
	write_text(path, 3 * room);
	assert_read_whole(&f, 3 * room, 2);
	write_text(path, 0);
	assert_read_whole(&f, 0, 1);
	mm_file_close(&f);
	unlink(path);
}

static bool on_procfs(const char *path)
{
	struct statfs sfs;

	return !statfs(path, &sfs) && sfs.f_type == PROC_SUPER_MAGIC;
}

/* The live files: meminfo in one pread, vmstat until pread returns 0. */
static void test_read_live(void **state)
{
	struct mmstat_meminfo *m;
	struct mmstat_vmstat *v;
	struct mm_file *f;

	if (!on_procfs("/proc/meminfo") || !on_procfs("/proc/vmstat"))
		skip();
	m = mmstat_meminfo_new(NULL, NULL);
	assert_non_null(m);
	f = &((struct mm_flat *)m)->file;	/* the context's first member */
	assert_true(f->short_read_ends);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(mmstat_meminfo_read(m), 0);
		assert_int_equal(f->nr_preads, 1);
		assert_non_null(mmstat_table_find(mmstat_meminfo_table(m), "MemTotal"));
	}
	mmstat_meminfo_free(m);

	v = mmstat_vmstat_new(NULL, NULL);
	assert_non_null(v);
	f = &((struct mm_flat *)v)->file;
	assert_false(f->short_read_ends);
	assert_int_equal(mmstat_vmstat_read(v), 0);
	assert_true(f->nr_preads >= 2);
	assert_true(mmstat_vmstat_table(v)->count > 0);
	mmstat_vmstat_free(v);

	/* a capture of meminfo under --root is a regular file: loops to 0 */
	m = mmstat_meminfo_new(fixture_root("linux-5.15"), NULL);
	assert_non_null(m);
	assert_false(((struct mm_flat *)m)->file.short_read_ends);
	mmstat_meminfo_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vmstat_odd),
		cmocka_unit_test(test_node_vmstat),
		cmocka_unit_test(test_psi),
		cmocka_unit_test(test_memcg_v1),
		cmocka_unit_test(test_memcg_v2),
		cmocka_unit_test(test_delta),
		cmocka_unit_test(test_layout_duplicate),
		cmocka_unit_test(test_fast_path_same_as_slow),
		cmocka_unit_test(test_no_file),
		cmocka_unit_test(test_not_regular_files),
		cmocka_unit_test(test_typed_lookup),
		cmocka_unit_test(test_nodes),
		cmocka_unit_test(test_read_short_is_end),
		cmocka_unit_test(test_read_live),
	};

	return cmocka_run_group_tests_name("flat", tests, NULL, NULL);
}
