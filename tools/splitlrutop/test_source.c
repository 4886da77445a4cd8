// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_source.c: the files the /proc source keeps open between samples
 * (issue 17) still give each sample what the file holds now: one-word
 * files and memory.stat rewritten in place, replaced by a rename, removed
 * and made again, read through word_file.c and through sl_proc_sample on
 * a --root tree in a scratch directory.  cmocka, as TAP
 * (tests/unit/splitlrutop-source.t).  Loads nothing into the kernel.
 *
 * source_proc.c is included, not linked, so a test can reach its state:
 * the memcg contexts a rescan keeps are kept only on cgroupfs, which a
 * scratch directory is not, and the test says it is.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "source_proc.c"
#include "test_tmpdir.h"

#define ok(cond, ...)                                                          \
	do {                                                                   \
		if (!(cond))                                                   \
			fail_msg(__VA_ARGS__);                                 \
	} while (0)

#define CAPTURE "tests/fixtures/mmstat/guest-6.1-numa2-patched"

/* Rewrite in place: the same inode, new bytes (what a sysctl write does). */
static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ok(f && fputs(text, f) >= 0 && fclose(f) == 0, "cannot write %s", path);
}

/* Replace by a rename: the path names a new inode; the old one lives on. */
static void replace_file(const char *path, const char *text)
{
	char tmp[600];

	snprintf(tmp, sizeof(tmp), "%s.new", path);
	write_file(tmp, text);
	ok(rename(tmp, path) == 0, "cannot rename onto %s", path);
}

static void copy_file(const char *from, const char *to)
{
	char buf[65536];
	FILE *in = fopen(from, "r");
	size_t n;

	ok(in != NULL, "cannot read %s", from);
	n = fread(buf, 1, sizeof(buf) - 1, in);
	fclose(in);
	buf[n] = '\0';
	write_file(to, buf);
}

static void make_dirs(const char *root, const char *const *dirs)
{
	char path[600];

	for (; *dirs; dirs++) {
		snprintf(path, sizeof(path), "%s%s", root, *dirs);
		ok(mkdir(path, 0755) == 0 || errno == EEXIST, "cannot make %s", path);
	}
}

static const char *at(const char *root, const char *rel)
{
	static char path[4][600];
	static int i;

	i = (i + 1) % 4;
	snprintf(path[i], sizeof(path[i]), "%s%s", root, rel);
	return path[i];
}

/* ---- word_file.c ---- */

static void test_word_file_fresh(void **state)
{
	(void)state;
	struct sl_word_file w;
	char word[SL_WORD];
	char path[300];

	snprintf(path, sizeof(path), "%s", test_tmpdir_path("swappiness"));
	write_file(path, "60\n");
	sl_word_file_init(&w, "", path);
	sl_word_file_read(&w, false, word, sizeof(word));
	ok(!strcmp(word, "60"), "first read: '%s'", word);
	int fd = w.fd;
	ok(fd >= 0 && !w.kernel_fs, "kept open, and known not to be procfs");

	write_file(path, "100\n");
	sl_word_file_read(&w, false, word, sizeof(word));
	ok(!strcmp(word, "100"), "rewritten in place: '%s', not the old value", word);
	write_file(path, "7");
	sl_word_file_read(&w, false, word, sizeof(word));
	ok(!strcmp(word, "7"), "rewritten shorter: '%s', no tail of the old text", word);
	ok(w.fd == fd, "the same open file throughout");

	replace_file(path, "rotation\n");
	sl_word_file_read(&w, false, word, sizeof(word));
	ok(!strcmp(word, "rotation"), "replaced by a rename: '%s', not the old inode's", word);
	replace_file(path, "cost\n");
	sl_word_file_read(&w, false, word, sizeof(word));
	ok(!strcmp(word, "cost"), "and again: '%s'", word);

	unlink(path);
	sl_word_file_read(&w, false, word, sizeof(word));
	ok(!strcmp(word, "") && w.fd < 0, "removed: nothing, and the old file let go");
	write_file(path, "20\n");
	sl_word_file_read(&w, false, word, sizeof(word));
	ok(!strcmp(word, ""), "made again: not looked for until a retry");
	sl_word_file_read(&w, true, word, sizeof(word));
	ok(!strcmp(word, "20"), "a retry finds it: '%s'", word);
	sl_word_file_close(&w);

	sl_word_file_init(&w, "", test_tmpdir_path("missing"));
	sl_word_file_read(&w, false, word, sizeof(word));
	ok(!strcmp(word, "") && w.fd < 0 && w.open_failed, "a missing file: tried once, nothing");
	sl_word_file_init(&w, "", test_tmpdir_path(""));
	sl_word_file_read(&w, true, word, sizeof(word));
	ok(!strcmp(word, "") && w.fd < 0, "a directory is not a word file");
}

/* On procfs the open file is the value: one pread, no stat. */
static void test_word_file_procfs(void **state)
{
	(void)state;
	struct sl_word_file w;
	char word[SL_WORD], want[SL_WORD] = "";
	FILE *f = fopen("/proc/sys/vm/swappiness", "r");

	if (!f)
		skip();
	ok(fscanf(f, "%15s", want) == 1, "/proc/sys/vm/swappiness reads");
	fclose(f);
	sl_word_file_init(&w, "", "/proc/sys/vm/swappiness");
	for (int i = 0; i < 3; i++) {
		sl_word_file_read(&w, false, word, sizeof(word));
		ok(!strcmp(word, want), "read %d: '%s', cat says '%s'", i, word, want);
	}
	ok(w.kernel_fs, "procfs is known as such");
	sl_word_file_close(&w);
}

/* ---- sl_proc_sample on a --root tree ---- */

static const char *const tree[] = {
	"/proc", "/proc/sys", "/proc/sys/vm", "/sys", "/sys/kernel", "/sys/kernel/mm",
	"/sys/kernel/mm/lru_gen", "/sys/fs", "/sys/fs/cgroup", "/sys/fs/cgroup/a", NULL,
};

static char *make_root(void)
{
	char *root = strdup(test_tmpdir_path("root"));

	ok(mkdir(root, 0755) == 0 || errno == EEXIST, "cannot make %s", root);
	make_dirs(root, tree);
	copy_file(CAPTURE "/proc/meminfo", at(root, "/proc/meminfo"));
	copy_file(CAPTURE "/proc/vmstat", at(root, "/proc/vmstat"));
	copy_file(CAPTURE "/proc/zoneinfo", at(root, "/proc/zoneinfo"));
	write_file(at(root, "/proc/sys/vm/lru_scan_balance"), "cost\n");
	write_file(at(root, "/proc/sys/vm/swappiness"), "60\n");
	write_file(at(root, "/sys/kernel/mm/lru_gen/enabled"), "0x0000\n");
	write_file(at(root, "/sys/fs/cgroup/cgroup.controllers"), "cpu io memory pids\n");
	write_file(at(root, "/sys/fs/cgroup/memory.stat"), "anon 4096\nfile 8192\n");
	write_file(at(root, "/sys/fs/cgroup/a/memory.stat"), "anon 100\nfile 1\n");
	return root;
}

static uint64_t memcg_anon(const struct sl_sample *s, const char *path, uint64_t *id)
{
	for (int i = 0; i < s->nr_memcgs; i++)
		if (!strcmp(s->memcgs[i].path, path)) {
			if (id)
				*id = s->memcgs[i].id;
			return s->memcgs[i].stat[SL_CG_ANON];
		}
	return SL_MISSING;
}

static void sample(struct sl_proc_source *p, struct sl_sample *s)
{
	char err[600];

	sl_sample_reset(s);
	ok(sl_proc_sample(p, s, err, sizeof(err)) == 0, "sample: %s", err);
}

static void test_proc_source_fresh(void **state)
{
	(void)state;
	struct sl_sample *s = sl_sample_pair_new();
	char *root = make_root(), err[600];
	struct sl_proc_source *p = sl_proc_open(root, err, sizeof(err));

	ok(p != NULL, "sl_proc_open: %s", err);
	ok(!p->cgroup_fs, "a scratch directory is not cgroupfs");
	sample(p, s);
	ok(!strcmp(s->policy, "cost") && s->swappiness == 60 && !strcmp(s->mglru, "0x0000"),
	   "the words: '%s' %llu '%s'", s->policy, (unsigned long long)s->swappiness, s->mglru);
	ok(s->nr_memcgs == 0 && p->nr_memcgs == 0,
	   "memcgs not asked for: none read, none scanned (%d)", s->nr_memcgs);
	sl_proc_want_memcgs(p, true);
	sample(p, s);
	ok(s->nr_memcgs == 2 && memcg_anon(s, "/a", NULL) == 100, "two memcgs, /a's anon 100");

	/* Every sample sees what the files hold now. */
	write_file(at(root, "/proc/sys/vm/swappiness"), "10\n");
	replace_file(at(root, "/proc/sys/vm/lru_scan_balance"), "rotation\n");
	write_file(at(root, "/sys/fs/cgroup/a/memory.stat"), "anon 200\nfile 1\n");
	sample(p, s);
	ok(s->swappiness == 10, "swappiness rewritten: %llu", (unsigned long long)s->swappiness);
	ok(!strcmp(s->policy, "rotation"), "the policy replaced by a rename: '%s'", s->policy);
	ok(memcg_anon(s, "/a", NULL) == 200, "memory.stat rewritten: %llu",
	   (unsigned long long)memcg_anon(s, "/a", NULL));

	/*
	 * A capture's memory.stat replaced by a rename: its context is made
	 * afresh at the next rescan (libmmstat holds the old inode till then).
	 */
	replace_file(at(root, "/sys/fs/cgroup/a/memory.stat"), "anon 300\nfile 1\n");
	for (int i = 0; i < MEMCG_RESCAN_SAMPLES; i++)
		sample(p, s);
	ok(memcg_anon(s, "/a", NULL) == 300, "a replaced memory.stat is read by the rescan: %llu",
	   (unsigned long long)memcg_anon(s, "/a", NULL));
	sl_proc_close(p);
	sl_sample_pair_free(s);
	free(root);
}

/*
 * On cgroupfs a rescan keeps the contexts of the memcgs it finds again,
 * and only those: a cgroup removed and made again under the same name is
 * another directory (another inode, another id) and gets a context of its
 * own.  Told here that the scratch tree is cgroupfs.
 */
static void test_proc_source_memcg_rescan(void **state)
{
	(void)state;
	struct sl_sample *s = sl_sample_pair_new();
	char *root = make_root(), err[600];
	struct sl_proc_source *p = sl_proc_open(root, err, sizeof(err));
	uint64_t id = 0, id2 = 0;

	ok(p != NULL, "sl_proc_open: %s", err);
	p->cgroup_fs = true;
	sl_proc_want_memcgs(p, true);
	sample(p, s);
	ok(memcg_anon(s, "/a", &id) == 100, "/a's anon 100");
	struct mmstat_memcg *ctx_root = p->memcgs[0].stat, *ctx_a = p->memcgs[1].stat;

	for (int i = 0; i < MEMCG_RESCAN_SAMPLES; i++)
		sample(p, s);
	ok(p->nr_memcgs == 2 && p->memcgs[0].stat == ctx_root && p->memcgs[1].stat == ctx_a,
	   "a rescan keeps the contexts of the memcgs it finds again");

	/* /a removed and made again, and a new /b, between two rescans */
	ok(unlink(at(root, "/sys/fs/cgroup/a/memory.stat")) == 0 &&
	   rmdir(at(root, "/sys/fs/cgroup/a")) == 0, "cannot remove /a");
	make_dirs(root, (const char *const[]){ "/sys/fs/cgroup/x", "/sys/fs/cgroup/a",
					       "/sys/fs/cgroup/b", NULL });
	rmdir(at(root, "/sys/fs/cgroup/x"));	/* so /a cannot get its old inode back */
	write_file(at(root, "/sys/fs/cgroup/a/memory.stat"), "anon 400\nfile 1\n");
	write_file(at(root, "/sys/fs/cgroup/b/memory.stat"), "anon 500\nfile 1\n");
	for (int i = 0; i < MEMCG_RESCAN_SAMPLES; i++)
		sample(p, s);
	ok(memcg_anon(s, "/a", &id2) == 400, "the new /a is read, not the removed one: %llu",
	   (unsigned long long)memcg_anon(s, "/a", NULL));
	ok(id2 != id, "under its new id");
	ok(memcg_anon(s, "/b", NULL) == 500, "the new /b is found");
	ok(p->nr_memcgs == 3 && p->memcgs[0].stat == ctx_root, "the root's context is kept");
	sl_proc_close(p);
	sl_sample_pair_free(s);
	free(root);
}

/*
 * Asked for again after a while off, the memcgs come at the next sample,
 * not at the next rescan: the view that wants them is on the screen now.
 */
static void test_proc_source_memcgs_on_demand(void **state)
{
	(void)state;
	struct sl_sample *s = sl_sample_pair_new();
	char *root = make_root(), err[600];
	struct sl_proc_source *p = sl_proc_open(root, err, sizeof(err));

	ok(p != NULL, "sl_proc_open: %s", err);
	sample(p, s);
	sample(p, s);
	ok(s->nr_memcgs == 0, "off: no memcgs");
	sl_proc_want_memcgs(p, true);
	sample(p, s);
	ok(s->nr_memcgs >= 2 && memcg_anon(s, "/a", NULL) != SL_MISSING,
	   "on between rescans: read at once (%d)", s->nr_memcgs);
	sl_proc_want_memcgs(p, false);
	write_file(at(root, "/sys/fs/cgroup/a/memory.stat"), "anon 700\nfile 1\n");
	sample(p, s);
	ok(s->nr_memcgs == 0, "off again: none (%d)", s->nr_memcgs);
	sl_proc_want_memcgs(p, true);
	sample(p, s);
	ok(memcg_anon(s, "/a", NULL) == 700, "on again: what the file holds now: %llu",
	   (unsigned long long)memcg_anon(s, "/a", NULL));
	sl_proc_close(p);
	sl_sample_pair_free(s);
	free(root);
}

/*
 * One node: its figures are /proc/meminfo's, and its own meminfo file is
 * neither opened nor read (here it holds other numbers, which must not
 * show).
 */
static void test_proc_source_one_node(void **state)
{
	(void)state;
	struct sl_sample *s = sl_sample_pair_new();
	char *root = make_root(), err[600];
	struct sl_proc_source *p;
	uint64_t total = 0;

	copy_file("tests/fixtures/mmstat/host-6.18/proc/zoneinfo", at(root, "/proc/zoneinfo"));
	make_dirs(root, (const char *const[]){ "/sys/devices", "/sys/devices/system",
					       "/sys/devices/system/node",
					       "/sys/devices/system/node/node0", NULL });
	write_file(at(root, "/sys/devices/system/node/node0/meminfo"),
		   "Node 0 MemTotal:       1 kB\nNode 0 MemFree:        1 kB\n");
	p = sl_proc_open(root, err, sizeof(err));
	ok(p != NULL, "sl_proc_open: %s", err);
	ok(p->nr_nodes == 1 && p->node_meminfo[0] == NULL,
	   "one node, no node meminfo opened (%d nodes)", p->nr_nodes);
	sample(p, s);
	ok(mmstat_table_get(mmstat_meminfo_table(p->meminfo), MMSTAT_MI_MEM_TOTAL, &total) == 0,
	   "/proc/meminfo has MemTotal");
	ok(s->nr_nodes == 1 && s->nodes[0].mem[SL_MEM_TOTAL] == total && total > 1024,
	   "node 0's MemTotal is /proc/meminfo's: %llu against %llu",
	   (unsigned long long)s->nodes[0].mem[SL_MEM_TOTAL], (unsigned long long)total);
	ok(!(s->missing & SL_LACK_NODE_MEMINFO), "and nothing is said to be missing");
	sl_proc_close(p);
	sl_sample_pair_free(s);
	free(root);
}

/*
 * A zoneinfo without lru_* lines (a stock kernel) is read again only at
 * the rescans; one with them, at every sample.
 */
static void test_proc_source_zoneinfo(void **state)
{
	(void)state;
	struct sl_sample *s = sl_sample_pair_new();
	char *root = make_root(), err[600], zi[600];
	struct sl_proc_source *p;

	snprintf(zi, sizeof(zi), "%s/proc/zoneinfo", root);

	copy_file("tests/fixtures/mmstat/guest-6.1-numa2/proc/zoneinfo", zi);
	p = sl_proc_open(root, err, sizeof(err));
	ok(p != NULL, "sl_proc_open: %s", err);
	sample(p, s);
	ok((s->missing & SL_LACK_ZBAL) && p->zbal_absent, "a stock zoneinfo: no balance lines");

	copy_file(CAPTURE "/proc/zoneinfo", zi);
	sample(p, s);
	ok(s->missing & SL_LACK_ZBAL, "not read again before the rescan");
	for (int i = 1; i < MEMCG_RESCAN_SAMPLES; i++)
		sample(p, s);
	ok(!(s->missing & SL_LACK_ZBAL) && s->nodes[0].zbal[SL_ZBAL_ANON_PERMILLE] == 175,
	   "the rescan reads the balance lines: %llu",
	   (unsigned long long)s->nodes[0].zbal[SL_ZBAL_ANON_PERMILLE]);
	ok(!p->zbal_absent, "and every sample reads zoneinfo from then on");
	sl_proc_close(p);
	sl_sample_pair_free(s);
	free(root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_word_file_fresh),
		cmocka_unit_test(test_word_file_procfs),
		cmocka_unit_test(test_proc_source_fresh),
		cmocka_unit_test(test_proc_source_memcg_rescan),
		cmocka_unit_test(test_proc_source_memcgs_on_demand),
		cmocka_unit_test(test_proc_source_one_node),
		cmocka_unit_test(test_proc_source_zoneinfo),
	};

	return cmocka_run_group_tests_name("splitlrutop-source", tests, test_tmpdir_setup,
					   test_tmpdir_teardown);
}
