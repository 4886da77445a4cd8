// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_load_child.c: the loader process of bpf/load_child.c without BPF:
 * load and attach callbacks that touch no kernel object, so only the
 * protocol is exercised (results, a child that dies, its peak RSS kept
 * out of ours).  Handing real map, program and link fds over needs BPF:
 * tests/guest/stock-fentry-inside.sh does that on Debian's kernel.
 * cmocka, as TAP (tests/unit/bpf-load-child.t).
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <cmocka.h>

#include "load_child.h"
#include "lru_loader.h"

struct fake {
	int load_rc, attach_rc;
	size_t touch_bytes;	/* the load's memory, as libbpf's BTF parse */
	bool die;		/* the load is killed */
	int calls;		/* counted in the child: stays 0 here */
};

/* Where the load's memory escapes to, so that the compiler keeps it. */
static char *volatile touched;

static int fake_load(void *arg)
{
	struct fake *f = arg;

	f->calls++;
	if (f->die)
		raise(SIGKILL);
	if (f->touch_bytes) {
		char *p = malloc(f->touch_bytes);

		if (!p)
			return LRU_ERR_NOMEM;
		touched = p;
		memset(p, 1, f->touch_bytes);
		free(touched);
	}
	return f->load_rc;
}

static int fake_attach(void *arg)
{
	struct fake *f = arg;

	f->calls++;
	return f->attach_rc;
}

static int run(struct fake *f, struct load_child *c)
{
	struct load_child_ops ops = { .load = fake_load, .attach = fake_attach, .arg = f };

	return load_child_run(&ops, c);
}

static void test_ok(void **unused)
{
	struct fake f = {};
	struct load_child c;

	assert_int_equal(run(&f, &c), LRU_OK);
	assert_int_equal(c.attach_err, LRU_OK);
	assert_true(c.linked);
	assert_true(c.peak_kb > 0);
	assert_int_equal(f.calls, 0);	/* both ran in the child */
	load_child_detach(&c);
	assert_false(c.linked);
	load_child_free(&c);
}

/* The load's lru_error comes back as it was; no attach is tried. */
static void test_load_error(void **unused)
{
	static const int errs[] = { LRU_ERR_PERM, LRU_ERR_LOAD, LRU_ERR_NOMEM };

	for (size_t i = 0; i < sizeof(errs) / sizeof(errs[0]); i++) {
		struct fake f = { .load_rc = errs[i], .attach_rc = LRU_ERR_ATTACH };
		struct load_child c;

		assert_int_equal(run(&f, &c), errs[i]);
		assert_int_equal(c.attach_err, LRU_OK);
		assert_false(c.linked);
		load_child_free(&c);
	}
}

/* The attach's result is kept for lru_tracer_attach; the load succeeded. */
static void test_attach_error(void **unused)
{
	struct fake f = { .attach_rc = LRU_ERR_ATTACH };
	struct load_child c;

	assert_int_equal(run(&f, &c), LRU_OK);
	assert_int_equal(c.attach_err, LRU_ERR_ATTACH);
	assert_false(c.linked);
	load_child_free(&c);
}

static void test_child_dies(void **unused)
{
	struct fake f = { .die = true };
	struct load_child c;

	assert_int_equal(run(&f, &c), LRU_ERR_LOAD);
	assert_false(c.linked);
	assert_true(c.peak_kb > 0);	/* reaped all the same */
	load_child_free(&c);
}

static long own_peak_kb(void)
{
	struct rusage self;

	assert_int_equal(getrusage(RUSAGE_SELF, &self), 0);
	return self.ru_maxrss;
}

/* The child's 64 MiB are its peak, not ours. */
static void test_peak_stays_in_child(void **unused)
{
	const long mib64_kb = 64 * 1024;
	struct fake f = { .touch_bytes = (size_t)mib64_kb * 1024 };
	struct load_child c;
	long before = own_peak_kb();

	assert_int_equal(run(&f, &c), LRU_OK);
	assert_true(c.peak_kb >= mib64_kb);
	assert_true(own_peak_kb() - before < 8 * 1024);
	load_child_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ok),
		cmocka_unit_test(test_load_error),
		cmocka_unit_test(test_attach_error),
		cmocka_unit_test(test_child_dies),
		cmocka_unit_test(test_peak_stays_in_child),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
