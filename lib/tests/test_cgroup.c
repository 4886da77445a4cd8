// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * test_cgroup.c: the one meaning of a cgroup argument (cgroup.c), on a
 * capture (a folder standing for /, as mmstat --root reads) where the
 * answers do not depend on this machine's mounts, and live for the rule
 * that needs none.
 */
#include <errno.h>
#include <limits.h>
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

#include "sl_cgroup.h"
#include "sl_cli.h"

static char root[PATH_MAX];

static void make_dir(const char *rel)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s%s", root, rel);
	assert_int_equal(mkdir(path, 0755), 0);
}

static int capture_setup(void **unused)
{
	FILE *f;
	char path[PATH_MAX + 64];

	snprintf(root, sizeof(root), "/tmp/sl-cgroup-XXXXXX");
	assert_non_null(mkdtemp(root));
	make_dir("/sys");
	make_dir("/sys/fs");
	make_dir("/sys/fs/cgroup");
	make_dir("/sys/fs/cgroup/batch");
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/cgroup.controllers", root);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("cpu memory io\n", f);
	fclose(f);
	return 0;
}

static int capture_teardown(void **unused)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd);
}

static void resolves(const char *arg, unsigned int flags, const char *want,
		     enum sl_cgroup_taken taken)
{
	struct sl_cgroup cg;

	assert_int_equal(sl_cgroup_resolve(root, arg, flags, &cg), 0);
	if (strcmp(cg.path, want) || cg.taken != taken)
		fail_msg("'%s' gave %s (%s), not %s (%s)", arg, cg.path,
			 cg.taken == SL_CGROUP_AS_GIVEN ? "as given" : "below the mount",
			 want, taken == SL_CGROUP_AS_GIVEN ? "as given" : "below the mount");
	assert_true(cg.mounted);
}

/* A name, a name with a slash, and the absolute directory: one cgroup. */
static void test_every_spelling_is_one_cgroup(void **unused)
{
	resolves("batch", 0, "/sys/fs/cgroup/batch", SL_CGROUP_BELOW_MOUNT);
	resolves("/batch", 0, "/sys/fs/cgroup/batch", SL_CGROUP_BELOW_MOUNT);
	resolves("batch/", 0, "/sys/fs/cgroup/batch", SL_CGROUP_BELOW_MOUNT);
	resolves("//batch//", 0, "/sys/fs/cgroup/batch", SL_CGROUP_BELOW_MOUNT);
	resolves("/sys/fs/cgroup/batch", 0, "/sys/fs/cgroup/batch", SL_CGROUP_AS_GIVEN);
	resolves("/sys/fs/cgroup/batch/", 0, "/sys/fs/cgroup/batch", SL_CGROUP_AS_GIVEN);
}

/* "/" is the root cgroup, not the capture's (or the machine's) root. */
static void test_slash_is_the_root_cgroup(void **unused)
{
	resolves("/", 0, "/sys/fs/cgroup", SL_CGROUP_BELOW_MOUNT);
}

/* A cgroup about to be created: its parent decides. */
static void test_new_cgroup_judged_by_parent(void **unused)
{
	resolves("/sys/fs/cgroup/batch/new", SL_CGROUP_NEW,
		 "/sys/fs/cgroup/batch/new", SL_CGROUP_AS_GIVEN);
	resolves("/new", SL_CGROUP_NEW, "/sys/fs/cgroup/new", SL_CGROUP_BELOW_MOUNT);
	/* Below the mount it is meant as given, existing or not (the
	 * caller then says it does not exist, under the name typed). */
	resolves("/sys/fs/cgroup/batch/new", 0,
		 "/sys/fs/cgroup/batch/new", SL_CGROUP_AS_GIVEN);
	/* Elsewhere a missing absolute path is not a cgroup directory. */
	resolves("/srv/new", 0, "/sys/fs/cgroup/srv/new", SL_CGROUP_BELOW_MOUNT);
}

static void test_bad_arguments(void **unused)
{
	struct sl_cgroup cg;
	char *long_arg = malloc(PATH_MAX + 2);

	assert_int_equal(sl_cgroup_resolve(root, "", 0, &cg), -EINVAL);
	assert_int_equal(sl_cgroup_resolve(root, NULL, 0, &cg), -EINVAL);
	memset(long_arg, 'a', PATH_MAX + 1);
	long_arg[PATH_MAX + 1] = '\0';
	assert_int_equal(sl_cgroup_resolve(root, long_arg, 0, &cg), -ENAMETOOLONG);
	free(long_arg);
}

/* A capture without cgroup.controllers has no mount: the usual place. */
static void test_no_mount_in_capture(void **unused)
{
	char buf[PATH_MAX];

	assert_false(sl_cgroup_mount("/nonexistent-capture", buf, sizeof(buf)));
	assert_string_equal(buf, "/sys/fs/cgroup");
}

/* Live: a path that is on no cgroup filesystem goes below the mount. */
static void test_live_non_cgroup_path(void **unused)
{
	struct sl_cgroup cg;
	char mount[PATH_MAX], want[PATH_MAX + 32];

	sl_cgroup_mount(NULL, mount, sizeof(mount));
	snprintf(want, sizeof(want), "%s/tmp", mount);
	assert_int_equal(sl_cgroup_resolve(NULL, "/tmp", 0, &cg), 0);
	assert_int_equal(cg.taken, SL_CGROUP_BELOW_MOUNT);
	assert_string_equal(cg.path, want);
}

/* The note names the argument, the reading and the directory, once. */
static void test_note_says_which_reading(void **unused)
{
	struct sl_cgroup cg;
	char text[512] = "";
	FILE *f = tmpfile();
	int saved = dup(2);

	assert_non_null(f);
	dup2(fileno(f), 2);
	assert_int_equal(sl_cgroup_resolve(root, "/batch", 0, &cg), 0);
	sl_cgroup_note("--memcg", "/batch", &cg);
	assert_int_equal(sl_cgroup_resolve(root, "batch", 0, &cg), 0);
	sl_cgroup_note("--memcg", "batch", &cg);	/* unambiguous: quiet */
	assert_int_equal(sl_cgroup_resolve(root, "/sys/fs/cgroup/batch", 0, &cg), 0);
	sl_cgroup_note("--memcg", "/sys/fs/cgroup/batch", &cg);	/* as given: quiet */
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(f);
	assert_true(fread(text, 1, sizeof(text) - 1, f) > 0);
	fclose(f);
	assert_string_equal(text, "test_cgroup: --memcg /batch: not a cgroup directory; "
			    "using /sys/fs/cgroup/batch (below the cgroup2 mount)\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_spelling_is_one_cgroup),
		cmocka_unit_test(test_slash_is_the_root_cgroup),
		cmocka_unit_test(test_new_cgroup_judged_by_parent),
		cmocka_unit_test(test_bad_arguments),
		cmocka_unit_test(test_no_mount_in_capture),
		cmocka_unit_test(test_live_non_cgroup_path),
		cmocka_unit_test(test_note_says_which_reading),
	};

	sl_cli_init("test_cgroup");
	return cmocka_run_group_tests(tests, capture_setup, capture_teardown);
}
