// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_kernel_btf.c: the minimal BTF's key and lookup, and the probe's
 * streamed name lookup (bpf/kernel_btf.c, bpf/min_btf.c), on real files.
 * cmocka, as TAP (tests/unit/bpf-kernel-btf.t, which makes the files).
 *
 *   test_kernel_btf KERNEL_BTF ELF_BTF MIN_DIR SCRATCH
 *
 * KERNEL_BTF: a raw kernel BTF (the host's /sys/kernel/btf/vmlinux, read
 * as a file); ELF_BTF: an ELF object carrying the same bytes as its .BTF
 * section, as a vmlinux does; MIN_DIR: where bpf/min-btf wrote its
 * minimal BTF; SCRATCH: an empty directory to make bad input in.
 * Nothing is loaded into the kernel.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include <linux/btf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "kernel_btf.h"
#include "lru_loader.h"

static const char *kernel_btf, *elf_btf, *min_dir, *scratch;

static void path_in(char *buf, size_t len, const char *dir, const char *name)
{
	assert_true((size_t)snprintf(buf, len, "%s/%s", dir, name) < len);
}

/* Copy the first len bytes of from into to (len 0: all of it). */
static void copy_head(const char *from, const char *to, off_t len)
{
	char buf[65536];
	int in = open(from, O_RDONLY), out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	off_t done = 0;
	ssize_t n;

	assert_true(in >= 0 && out >= 0);
	while ((n = read(in, buf, sizeof(buf))) > 0 && (!len || done < len)) {
		if (len && done + n > len)
			n = (ssize_t)(len - done);
		assert_int_equal(write(out, buf, (size_t)n), n);
		done += n;
	}
	close(in);
	close(out);
}

static void test_key(void **unused)
{
	char key[KERNEL_BTF_KEY_LEN];

	kernel_btf_key(key, 0x0123456789abcdefull, 42);
	assert_string_equal(key, "0123456789abcdef-000000000000002a");
	assert_int_equal(strlen(key), KERNEL_BTF_KEY_LEN - 1);
	/* FNV-1a 64 of "a", the published test vector */
	assert_true(kernel_btf_hash(KERNEL_BTF_HASH_INIT, "a", 1) == 0xaf63dc4c8601ec8cull);
	assert_int_equal(lru_min_btf_key(kernel_btf, key, 8), LRU_ERR_INVAL);
}

/* The stream (run time) and libbpf's parse (an ELF vmlinux at build time) hash the same bytes. */
static void test_hash_raw_elf_libbpf(void **unused)
{
	uint64_t raw, elf, parsed;
	struct btf *btf = btf__parse(kernel_btf, NULL);
	const void *data;
	__u32 size;

	assert_int_equal(kernel_btf_hash_file(kernel_btf, &raw), 0);
	assert_int_equal(kernel_btf_hash_file(elf_btf, &elf), 0);
	assert_non_null(btf);
	data = btf__raw_data(btf, &size);
	parsed = kernel_btf_hash(KERNEL_BTF_HASH_INIT, data, size);
	btf__free(btf);
	assert_true(raw == elf);
	assert_true(raw == parsed);
}

static void test_hash_bad_input(void **unused)
{
	char path[4096];
	uint64_t h, whole;
	int fd;

	assert_int_equal(kernel_btf_hash_file("/nonexistent/vmlinux", &h), -ENOENT);
	/* a directory: read fails */
	assert_true(kernel_btf_hash_file(scratch, &h) < 0);
	/* neither BTF nor ELF */
	path_in(path, sizeof(path), scratch, "not-btf");
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_int_equal(write(fd, "hello\n", 6), 6);
	close(fd);
	assert_true(kernel_btf_hash_file(path, &h) < 0);
	/* a truncated BTF still hashes (it is bytes), but to another key */
	path_in(path, sizeof(path), scratch, "truncated-kernel.btf");
	copy_head(kernel_btf, path, 1 << 20);
	assert_int_equal(kernel_btf_hash_file(path, &h), 0);
	assert_int_equal(kernel_btf_hash_file(kernel_btf, &whole), 0);
	assert_true(h != whole);
}

/* The key of this kernel and these programs names the file bpf/min-btf wrote. */
static void test_find_matching(void **unused)
{
	char key[KERNEL_BTF_KEY_LEN], path[4096], want[4096], why[512] = "x";

	assert_int_equal(lru_min_btf_key(kernel_btf, key, sizeof(key)), LRU_OK);
	assert_int_equal(kernel_btf_find(min_dir, key, path, sizeof(path), why, sizeof(why)), 0);
	snprintf(want, sizeof(want), "%s/%s.btf", min_dir, key);
	assert_string_equal(path, want);
	assert_string_equal(why, "");
	/* the ELF carrying the same BTF has the same key */
	assert_int_equal(lru_min_btf_key(elf_btf, want, sizeof(want)), LRU_OK);
	assert_string_equal(want, key);
}

static void test_find_missing_dir(void **unused)
{
	char path[4096], why[512];

	assert_int_equal(kernel_btf_find("/nonexistent/min-btf", "k", path, sizeof(path),
					 why, sizeof(why)), -ENOENT);
	assert_non_null(strstr(why, "/nonexistent/min-btf"));
	/* a file where the directory should be */
	assert_int_equal(kernel_btf_find(kernel_btf, "k", path, sizeof(path), why, sizeof(why)),
			 -ENOTDIR);
}

static void test_find_other_kernel(void **unused)
{
	char path[4096], why[512];

	/* the same programs, another kernel: no file */
	assert_int_equal(kernel_btf_find(min_dir, "0000000000000000-0000000000000000", path,
					 sizeof(path), why, sizeof(why)), -ENOENT);
	assert_non_null(strstr(why, "no minimal BTF for this kernel"));
	assert_non_null(strstr(why, "0000000000000000-0000000000000000"));
	assert_null(strchr(why, '\n'));
}

static void test_find_unreadable(void **unused)
{
	char dir[4096], path[4096], why[512];

	/* a directory by the file's name */
	path_in(dir, sizeof(dir), scratch, "unreadable");
	assert_int_equal(mkdir(dir, 0755), 0);
	path_in(path, sizeof(path), dir, "k1.btf");
	assert_int_equal(mkdir(path, 0755), 0);
	assert_int_equal(kernel_btf_find(dir, "k1", path, sizeof(path), why, sizeof(why)), -EISDIR);
	assert_non_null(strstr(why, "k1.btf: not a file"));
	/* a file without read permission (root reads it anyway) */
	path_in(path, sizeof(path), dir, "k2.btf");
	copy_head(kernel_btf, path, 64);
	assert_int_equal(chmod(path, 0), 0);
	if (geteuid() != 0) {
		assert_int_equal(kernel_btf_find(dir, "k2", path, sizeof(path), why, sizeof(why)),
				 -EACCES);
		assert_non_null(strstr(why, "Permission denied"));
	}
}

static void test_find_truncated(void **unused)
{
	char key[KERNEL_BTF_KEY_LEN], from[4096], dir[4096], path[4096], why[512];
	struct stat st;

	assert_int_equal(lru_min_btf_key(kernel_btf, key, sizeof(key)), LRU_OK);
	snprintf(from, sizeof(from), "%s/%s.btf", min_dir, key);
	assert_int_equal(stat(from, &st), 0);
	path_in(dir, sizeof(dir), scratch, "truncated");
	assert_int_equal(mkdir(dir, 0755), 0);
	assert_true((size_t)snprintf(path, sizeof(path), "%s/%s.btf", dir, key) < sizeof(path));
	copy_head(from, path, st.st_size / 2);
	assert_true(kernel_btf_find(dir, key, path, sizeof(path), why, sizeof(why)) < 0);
	assert_non_null(strstr(why, "not a valid BTF"));
	/* empty */
	copy_head(from, path, 1);
	assert_true(kernel_btf_find(dir, key, path, sizeof(path), why, sizeof(why)) < 0);
}

/* The streamed lookup answers as libbpf's parse does, for names there and not. */
static void test_names_match_libbpf(void **unused)
{
	struct kernel_btf_name names[] = {
		{ "btf_trace_sched_switch", BTF_KIND_TYPEDEF, false },
		{ "btf_trace_mm_vmscan_lru_isolate", BTF_KIND_TYPEDEF, false },
		{ "btf_trace_mm_vmscan_direct_reclaim_begin", BTF_KIND_TYPEDEF, false },
		{ "btf_trace_mm_vmscan_lru_shrink", BTF_KIND_TYPEDEF, false },	/* the series' */
		{ "btf_trace_mm_lru_move", BTF_KIND_TYPEDEF, false },
		{ "shrink_lruvec", BTF_KIND_FUNC, false },
		{ "schedule", BTF_KIND_FUNC, false },
		{ "get_scan_count", BTF_KIND_FUNC, false },	/* inlined in most builds */
		{ "task_struct", BTF_KIND_STRUCT, false },
		{ "task_struct", BTF_KIND_TYPEDEF, false },	/* the name, another kind */
		{ "no_such_name_in_any_kernel", BTF_KIND_FUNC, false },
		{ NULL, BTF_KIND_FUNC, false },
	};
	size_t n = sizeof(names) / sizeof(names[0]), i;
	struct btf *btf = btf__parse(kernel_btf, NULL);
	int present = 0;

	assert_non_null(btf);
	assert_int_equal(kernel_btf_find_names(kernel_btf, names, n), 0);
	for (i = 0; i < n; i++) {
		bool want = names[i].name &&
			    btf__find_by_name_kind(btf, names[i].name, names[i].kind) > 0;

		if (names[i].found != want)
			fail_msg("%s (kind %d): streamed %d, libbpf %d", names[i].name,
				 names[i].kind, names[i].found, want);
		present += want;
	}
	btf__free(btf);
	/* sched_switch, schedule and task_struct are in every kernel's BTF */
	assert_true(names[0].found && names[6].found && names[8].found);
	assert_false(names[9].found || names[10].found || names[11].found);
	assert_true(present >= 3);
}

static void test_names_bad_input(void **unused)
{
	struct kernel_btf_name names[] = { { "btf_trace_sched_switch", BTF_KIND_TYPEDEF, false } };
	char path[4096];

	assert_int_equal(kernel_btf_find_names("/nonexistent/vmlinux", names, 1), -ENOENT);
	assert_false(names[0].found);
	/* cut in the type section, or before the header ends */
	path_in(path, sizeof(path), scratch, "truncated-names.btf");
	copy_head(kernel_btf, path, 1 << 20);
	assert_int_equal(kernel_btf_find_names(path, names, 1), -EINVAL);
	assert_false(names[0].found);
	copy_head(kernel_btf, path, 10);
	assert_int_equal(kernel_btf_find_names(path, names, 1), -EINVAL);
	/* an ELF file is not raw BTF: the loader then asks libbpf */
	assert_int_equal(kernel_btf_find_names(elf_btf, names, 1), -EINVAL);
	assert_true(kernel_btf_find_names(scratch, names, 1) < 0);
}

static void test_dir_from_environment(void **unused)
{
	const char *built = lru_min_btf_dir();

	assert_non_null(strstr(built, "min-btf"));
	setenv("SPLITLRU_MIN_BTF_DIR", "/elsewhere", 1);
	assert_string_equal(lru_min_btf_dir(), "/elsewhere");
	setenv("SPLITLRU_MIN_BTF_DIR", "", 1);
	assert_string_equal(lru_min_btf_dir(), built);
	unsetenv("SPLITLRU_MIN_BTF_DIR");
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key),
		cmocka_unit_test(test_hash_raw_elf_libbpf),
		cmocka_unit_test(test_hash_bad_input),
		cmocka_unit_test(test_find_matching),
		cmocka_unit_test(test_find_missing_dir),
		cmocka_unit_test(test_find_other_kernel),
		cmocka_unit_test(test_find_unreadable),
		cmocka_unit_test(test_find_truncated),
		cmocka_unit_test(test_names_match_libbpf),
		cmocka_unit_test(test_names_bad_input),
		cmocka_unit_test(test_dir_from_environment),
	};

	if (argc != 5) {
		fprintf(stderr, "usage: test_kernel_btf KERNEL_BTF ELF_BTF MIN_DIR SCRATCH\n");
		return 2;
	}
	libbpf_set_print(NULL);	/* bad input is the point: no libbpf chatter */
	kernel_btf = argv[1];
	elf_btf = argv[2];
	min_dir = argv[3];
	scratch = argv[4];
	return cmocka_run_group_tests(tests, NULL, NULL);
}
