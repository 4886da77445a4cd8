// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * test_num.c: the command line's numbers (num.c) and the shared CLI habits
 * (cli.c): --version, usage errors, and stdout that is closed or full.
 * The CLI cases run in a child process, since they exit.
 */
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "sl_cli.h"
#include "sl_num.h"
#include "sl_version.h"

static void size_ok(const char *text, uint64_t want)
{
	uint64_t v = 12345;

	if (sl_parse_size(text, &v) != 0)
		fail_msg("'%s' was refused", text);
	if (v != want)
		fail_msg("'%s' gave %llu, not %llu", text, (unsigned long long)v,
			 (unsigned long long)want);
}

static void size_bad(const char *text, int err)
{
	uint64_t v = 12345;
	int rc = sl_parse_size(text, &v);

	if (rc != err)
		fail_msg("'%s' gave %d, not %d", text, rc, err);
	assert_int_equal(v, 12345);	/* untouched */
}

static void test_size_suffixes(void **unused)
{
	size_ok("0", 0);
	size_ok("4096", 4096);
	size_ok("4096B", 4096);
	size_ok("64K", 64 << 10);
	size_ok("64k", 64 << 10);
	size_ok("64KiB", 64 << 10);
	size_ok("200M", 200ULL << 20);
	size_ok("200m", 200ULL << 20);
	size_ok("200MiB", 200ULL << 20);
	size_ok("1G", 1ULL << 30);
	size_ok("1GiB", 1ULL << 30);
	size_ok("2T", 2ULL << 40);
	size_ok("2TiB", 2ULL << 40);
	size_ok("007K", 7 << 10);
	size_ok("007", 7);
	size_ok("3t", 3ULL << 40);
}

static void test_size_malformed(void **unused)
{
	const char *bad[] = {
		"", "K", "B", "iB", " 1K", "1K ", "+1K", "-1K", "1.5G", "0x10",
		"1KB", "1Kib", "1KIB", "1iB", "1P", "1KK", "1 K", "12X", "1e3",
		"1BB", "１", "M", "12 ", "1MiBx", "1Mi",
		/* SI or binary?  dd says 1MB is 10^6: the one syntax leaves it out */
		"200MB",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		size_bad(bad[i], -EINVAL);
}

static void test_size_overflow(void **unused)
{
	size_ok("18446744073709551615", UINT64_MAX);
	size_ok("16777215T", 16777215ULL << 40);
	size_bad("18446744073709551616", -ERANGE);
	size_bad("16777216T", -ERANGE);
	size_bad("17592186044416M", -ERANGE);
	size_bad("99999999999T", -ERANGE);
	size_bad("17179869184G", -ERANGE);
	size_bad("99999999999999999999999999", -ERANGE);
	/* a malformed tail wins over the overflow before it */
	size_bad("99999999999999999999999999x", -EINVAL);
}

static void test_size_range(void **unused)
{
	uint64_t v = 1;

	assert_int_equal(sl_parse_size_range("4K", 4096, 1 << 30, &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(sl_parse_size_range("4095", 4096, 1 << 30, &v), -ERANGE);
	assert_int_equal(sl_parse_size_range("1025M", 4096, 1 << 30, &v), -ERANGE);
	assert_int_equal(sl_parse_size_range("1G", 4096, 1 << 30, &v), 0);
	assert_int_equal(v, 1 << 30);
	assert_int_equal(sl_parse_size_range("1X", 4096, 1 << 30, &v), -EINVAL);
}

static void test_size_str(void **unused)
{
	char buf[SL_SIZE_STR_LEN];

	assert_string_equal(sl_size_str(0, buf, sizeof(buf)), "0");
	assert_string_equal(sl_size_str(100, buf, sizeof(buf)), "100");
	assert_string_equal(sl_size_str(4096, buf, sizeof(buf)), "4K");
	assert_string_equal(sl_size_str(1536 << 10, buf, sizeof(buf)), "1536K");
	assert_string_equal(sl_size_str(1 << 30, buf, sizeof(buf)), "1G");
	assert_string_equal(sl_size_str(1ULL << 50, buf, sizeof(buf)), "1024T");
	assert_string_equal(sl_size_str(UINT64_MAX, buf, sizeof(buf)), "18446744073709551615");
}

static void test_u64(void **unused)
{
	uint64_t v = 9;

	assert_int_equal(sl_parse_u64("0", &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(sl_parse_u64("18446744073709551615", &v), 0);
	assert_true(v == UINT64_MAX);
	assert_int_equal(sl_parse_u64("0xffffffffffffffff", &v), 0);
	assert_true(v == UINT64_MAX);
	assert_int_equal(sl_parse_u64("0X1f", &v), 0);
	assert_int_equal(v, 31);
	v = 9;
	assert_int_equal(sl_parse_u64("18446744073709551616", &v), -ERANGE);
	assert_int_equal(sl_parse_u64("0x10000000000000000", &v), -ERANGE);
	assert_int_equal(sl_parse_u64("0x1ffffffffffffffff", &v), -ERANGE);
	assert_int_equal(sl_parse_u64("3k", &v), -EINVAL);
	assert_int_equal(sl_parse_u64("-1", &v), -EINVAL);
	assert_int_equal(sl_parse_u64("0x", &v), -EINVAL);
	assert_int_equal(sl_parse_u64("0xg", &v), -EINVAL);
	assert_int_equal(sl_parse_u64("12 ", &v), -EINVAL);
	assert_int_equal(sl_parse_u64("", &v), -EINVAL);
	assert_int_equal(v, 9);
}

static void test_uint(void **unused)
{
	uint64_t v = 9;

	assert_int_equal(sl_parse_uint("1", 1, 65535, &v), 0);
	assert_int_equal(v, 1);
	assert_int_equal(sl_parse_uint("65535", 1, 65535, &v), 0);
	assert_int_equal(v, 65535);
	v = 9;
	assert_int_equal(sl_parse_uint("0", 1, 65535, &v), -ERANGE);
	assert_int_equal(sl_parse_uint("65536", 1, 65535, &v), -ERANGE);
	assert_int_equal(sl_parse_uint("4294967297", 0, 1023, &v), -ERANGE);
	assert_int_equal(sl_parse_uint("0x10", 0, 1023, &v), -EINVAL);
	assert_int_equal(sl_parse_uint("-1", 0, 1023, &v), -EINVAL);
	assert_int_equal(sl_parse_uint("1K", 0, 1 << 20, &v), -EINVAL);
	/* percentages, as lruload's --hot-pct takes them */
	assert_int_equal(sl_parse_uint("101", 0, 100, &v), -ERANGE);
	assert_int_equal(sl_parse_uint("4294967396", 0, 100, &v), -ERANGE);
	assert_int_equal(sl_parse_uint("50%", 0, 100, &v), -EINVAL);
	assert_int_equal(v, 9);
}

static void seconds_ok(const char *text, double want)
{
	double v = -1;

	if (sl_parse_seconds(text, 0.001, SL_SECONDS_MAX, &v) != 0)
		fail_msg("'%s' was refused", text);
	if (v != want)
		fail_msg("'%s' gave %.17g, not %.17g", text, v, want);
}

static void test_seconds(void **unused)
{
	const char *bad[] = {
		"", ".", "5.", "-1", "+1", " 1", "1 ", "inf", "nan", "0x1p3",
		"1e3", "1e9", "1e999", "1,5", "1s", "5s", "..5", "1.2.3", "0x10",
	};
	double v = -1;

	seconds_ok("30", 30);
	seconds_ok("0.5", 0.5);
	seconds_ok(".25", 0.25);
	seconds_ok("0.3", 0.3);
	seconds_ok("0.1", 0.1);
	seconds_ok("1.000000000000000000000001", 1);
	seconds_ok("31536000", SL_SECONDS_MAX);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (sl_parse_seconds(bad[i], 0.001, SL_SECONDS_MAX, &v) != -EINVAL)
			fail_msg("'%s' was not refused as malformed", bad[i]);
	assert_int_equal(sl_parse_seconds("0", 0.001, 10, &v), -ERANGE);
	assert_int_equal(sl_parse_seconds("0.0001", 0.001, 10, &v), -ERANGE);
	assert_int_equal(sl_parse_seconds("10.5", 0.001, 10, &v), -ERANGE);
	assert_int_equal(sl_parse_seconds("99999999999999999999999", 0.001, 10, &v), -ERANGE);
	assert_true(v == -1);
	assert_int_equal(sl_parse_seconds("0", 0, 10, &v), 0);
	assert_true(v == 0);
}

/* A comma locale must not change what "0.5" means. */
static void test_seconds_locale(void **unused)
{
	double v = 0;

	if (!setlocale(LC_NUMERIC, "de_DE.UTF-8") && !setlocale(LC_NUMERIC, "fr_FR.UTF-8"))
		return;	/* no such locale here (cmocka's skip() is "not ok" to prove) */
	assert_int_equal(sl_parse_seconds("0.5", 0.001, 10, &v), 0);
	assert_true(v == 0.5);
	setlocale(LC_NUMERIC, "C");
}

static void test_strerror(void **unused)
{
	assert_string_equal(sl_num_strerror(-EINVAL), "malformed");
	assert_string_equal(sl_num_strerror(-ERANGE), "out of range");
}

/* ---- cli.c, in a child: its exit status, stdout and stderr ---- */

struct child {
	int status;
	char out[4096], err[4096];
};

static void read_all(int fd, char *buf, size_t len)
{
	size_t n = 0;
	ssize_t r;

	while (n < len - 1 && (r = read(fd, buf + n, len - 1 - n)) > 0)
		n += (size_t)r;
	buf[n] = '\0';
	close(fd);
}

/* Run fn in a child whose stdout is OUT_FD (or a pipe read back) */
static void run_child(struct child *c, void (*fn)(void *), void *arg, int out_fd)
{
	int out[2], err[2];
	pid_t pid;

	assert_int_equal(pipe(out), 0);
	assert_int_equal(pipe(err), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(out_fd >= 0 ? out_fd : out[1], STDOUT_FILENO);
		dup2(err[1], STDERR_FILENO);
		close(out[0]);
		close(out[1]);
		close(err[0]);
		close(err[1]);
		fn(arg);
		exit(0);
	}
	close(out[1]);
	close(err[1]);
	read_all(out[0], c->out, sizeof(c->out));
	read_all(err[0], c->err, sizeof(c->err));
	assert_int_equal(waitpid(pid, &c->status, 0), pid);
}

static int exit_status(const struct child *c)
{
	return WIFEXITED(c->status) ? WEXITSTATUS(c->status) : 128 + WTERMSIG(c->status);
}

static error_t size_opt(int key, char *arg, struct argp_state *state)
{
	if (key != 's')
		return ARGP_ERR_UNKNOWN;
	printf("%llu\n", (unsigned long long)sl_arg_size(state, "--size", arg, 4096, 1 << 30));
	return 0;
}

static void parse_argv(void *argv_)
{
	static const struct argp_option opts[] = {
		{ "size", 's', "SIZE", 0, "a size", 0 },
		{ 0 },
	};
	static const struct argp argp = { opts, size_opt, NULL, "doc", NULL, NULL, NULL };
	char **argv = argv_;
	int argc = 0;

	while (argv[argc])
		argc++;
	sl_cli_init("numtool");
	argp_parse(&argp, argc, argv, 0, NULL, NULL);
}

static void test_cli_version(void **unused)
{
	char *argv[] = { "numtool", "--version", NULL };
	struct child c;
	char want[256];

	run_child(&c, parse_argv, argv, -1);
	snprintf(want, sizeof(want), "numtool (%s)\n", sl_version());
	assert_int_equal(exit_status(&c), 0);
	assert_string_equal(c.out, want);
	assert_non_null(strstr(want, "splitlru "));
}

static void test_cli_usage_errors(void **unused)
{
	char *bad[] = { "numtool", "--size", "12X", NULL };
	char *range[] = { "numtool", "--size", "2G", NULL };
	char *unknown[] = { "numtool", "--bogus", NULL };
	char *good[] = { "numtool", "--size", "64KiB", NULL };
	struct child c;

	run_child(&c, parse_argv, bad, -1);
	assert_int_equal(exit_status(&c), 2);
	assert_string_equal(c.out, "");
	assert_non_null(strstr(c.err, "numtool: --size '12X': malformed size (want digits"));
	run_child(&c, parse_argv, range, -1);
	assert_int_equal(exit_status(&c), 2);
	assert_non_null(strstr(c.err, "--size '2G': out of range, not a size from 4K to 1G"));
	run_child(&c, parse_argv, unknown, -1);
	assert_int_equal(exit_status(&c), 2);
	run_child(&c, parse_argv, good, -1);
	assert_int_equal(exit_status(&c), 0);
	assert_string_equal(c.out, "65536\n");
}

static void usage_error(void *unused)
{
	sl_cli_init("numtool");
	sl_usage_error("--node %d: no such NUMA node online", 7);
}

static void test_cli_usage_error_after_argp(void **unused)
{
	struct child c;

	run_child(&c, usage_error, NULL, -1);
	assert_int_equal(exit_status(&c), 2);
	assert_non_null(strstr(c.err, "numtool: --node 7: no such NUMA node online\n"));
	assert_non_null(strstr(c.err, "numtool --help"));
}

/* Print a line and exit through the at-exit check, as lruload does. */
static void print_and_exit(void *unused)
{
	sl_cli_init("numtool");
	printf("a report\n");
	exit(0);
}

/* Print until sl_stdout_flush() says the reader left or failed. */
static void print_until_stop(void *unused)
{
	int rc;

	sl_cli_init("numtool");
	for (int i = 0; i < 100000; i++) {
		printf("line %d\n", i);
		rc = sl_stdout_flush();
		if (rc > 0) {
			if (!sl_stdout_gone())
				exit(3);
			exit(0);
		}
		if (rc < 0)
			exit(1);
	}
	exit(4);
}

static void test_stdout_full(void **unused)
{
	int full = open("/dev/full", O_WRONLY);
	struct child c;

	assert_true(full >= 0);
	run_child(&c, print_and_exit, NULL, full);
	assert_int_equal(exit_status(&c), 1);
	assert_string_equal(c.err, "numtool: stdout: No space left on device\n");
	run_child(&c, print_until_stop, NULL, full);
	assert_int_equal(exit_status(&c), 1);
	assert_string_equal(c.err, "numtool: stdout: No space left on device\n");
	close(full);
}

static void test_stdout_reader_gone(void **unused)
{
	int p[2];
	struct child c;

	assert_int_equal(pipe(p), 0);
	close(p[0]);	/* nobody will ever read */
	run_child(&c, print_until_stop, NULL, p[1]);
	assert_int_equal(exit_status(&c), 0);
	assert_string_equal(c.err, "");
	run_child(&c, print_and_exit, NULL, p[1]);
	assert_int_equal(exit_status(&c), 0);
	assert_string_equal(c.err, "");
	close(p[1]);
}

static void test_stdout_ok(void **unused)
{
	struct child c;

	run_child(&c, print_and_exit, NULL, -1);
	assert_int_equal(exit_status(&c), 0);
	assert_string_equal(c.out, "a report\n");
	assert_string_equal(c.err, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_size_suffixes),
		cmocka_unit_test(test_size_malformed),
		cmocka_unit_test(test_size_overflow),
		cmocka_unit_test(test_size_range),
		cmocka_unit_test(test_size_str),
		cmocka_unit_test(test_u64),
		cmocka_unit_test(test_uint),
		cmocka_unit_test(test_seconds),
		cmocka_unit_test(test_seconds_locale),
		cmocka_unit_test(test_strerror),
		cmocka_unit_test(test_cli_version),
		cmocka_unit_test(test_cli_usage_errors),
		cmocka_unit_test(test_cli_usage_error_after_argp),
		cmocka_unit_test(test_stdout_full),
		cmocka_unit_test(test_stdout_reader_gone),
		cmocka_unit_test(test_stdout_ok),
	};

	return cmocka_run_group_tests_name("core-num", tests, NULL, NULL);
}
