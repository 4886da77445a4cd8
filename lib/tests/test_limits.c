// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * test_limits.c: the sources and what each cannot give (limits.c): names
 * both ways, the table, the line both tools print, the keys a recording
 * and the JSON carry, and --source on the command line (in a child, since
 * a usage error exits).  cmocka, as TAP (tests/unit/core-limits.t).
 */
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
#include <json-c/json.h>

#include "sl_cli.h"
#include "sl_limits.h"

#define BIT(l) (1u << (l))

static void test_names(void **unused)
{
	static const char *const names[] = {
		"auto", "series", "stock-fentry", "stock-tracepoints", "proc-only",
	};
	enum lru_source s;

	for (int i = 0; i < LRU_SOURCE_NR; i++) {
		assert_string_equal(lru_source_name(i), names[i]);
		assert_int_equal(lru_source_from_name(names[i], &s), 0);
		assert_int_equal(s, i);
	}
	assert_int_not_equal(lru_source_from_name("bogus", &s), 0);
	assert_int_not_equal(lru_source_from_name("", &s), 0);
	assert_int_not_equal(lru_source_from_name(NULL, &s), 0);
	assert_string_equal(lru_source_name(LRU_SOURCE_NR), "unknown");
}

static void test_table(void **unused)
{
	assert_int_equal(lru_source_cannot(LRU_SOURCE_SERIES), 0);
	assert_int_equal(lru_source_cannot(LRU_SOURCE_STOCK_FENTRY),
			 BIT(SL_LIMIT_EXACT_DECISION) | BIT(SL_LIMIT_ACTIVE_REASON) |
			 BIT(SL_LIMIT_SKIPPED) | BIT(SL_LIMIT_REFAULT));
	assert_int_equal(lru_source_cannot(LRU_SOURCE_STOCK_TRACEPOINTS),
			 BIT(SL_LIMIT_DECISION) | BIT(SL_LIMIT_MEMCG) |
			 BIT(SL_LIMIT_MOVES) | BIT(SL_LIMIT_SHRINK_REASON));
	assert_true(lru_source_cannot(LRU_SOURCE_PROC_ONLY) & BIT(SL_LIMIT_LIST_SCANS));
	for (int l = 0; l < SL_LIMIT_NR; l++) {
		assert_non_null(sl_limit_key(l));
		assert_non_null(sl_limit_text(l));
	}
	assert_null(sl_limit_key(SL_LIMIT_NR));
	assert_non_null(strstr(lru_source_needs(LRU_SOURCE_SERIES), "vmscan:mm_vmscan_lru_shrink"));
	assert_non_null(strstr(lru_source_needs(LRU_SOURCE_STOCK_FENTRY), "shrink_lruvec"));
	assert_non_null(strstr(lru_source_needs(LRU_SOURCE_STOCK_TRACEPOINTS),
			       "mm_vmscan_lru_isolate"));
}

static void test_line(void **unused)
{
	char buf[512];

	sl_source_line(buf, sizeof(buf), LRU_SOURCE_SERIES, 0);
	assert_string_equal(buf, "source series");
	sl_source_line(buf, sizeof(buf), LRU_SOURCE_STOCK_TRACEPOINTS,
		       lru_source_cannot(LRU_SOURCE_STOCK_TRACEPOINTS));
	assert_string_equal(buf, "source stock-tracepoints: no balance decision events; "
			    "no memcg; no list moves; no shrink reasons");
	sl_source_line(buf, sizeof(buf), LRU_SOURCE_STOCK_FENTRY,
		       lru_source_cannot(LRU_SOURCE_STOCK_FENTRY));
	assert_string_equal(buf, "source stock-fentry: decision reconstructed from "
			    "get_scan_count()'s inputs; no shrink reason on active lists; "
			    "no skipped shrinks; no refault activations");
	/* cut short, it says how long it wanted to be */
	assert_int_equal(sl_source_line(buf, 10, LRU_SOURCE_STOCK_FENTRY,
					 lru_source_cannot(LRU_SOURCE_STOCK_FENTRY)),
			 (int)strlen("source stock-fentry: decision reconstructed from "
				     "get_scan_count()'s inputs; no shrink reason on active lists; "
				     "no skipped shrinks; no refault activations"));
	assert_string_equal(buf, "source st");
	sl_source_missing_text(buf, sizeof(buf), LRU_SOURCE_SERIES);
	assert_string_equal(buf, "--source series: this kernel cannot give it: it needs the "
			    "splitlru kernel series' tracepoints (vmscan:mm_vmscan_lru_shrink)");
}

static void test_keys(void **unused)
{
	uint32_t all = BIT(SL_LIMIT_NR) - 1, bits = lru_source_cannot(LRU_SOURCE_STOCK_TRACEPOINTS);
	char buf[512];
	json_object *a;

	sl_limits_keys(buf, sizeof(buf), bits);
	assert_string_equal(buf, "decision,memcg,moves,shrink_reason");
	assert_int_equal(sl_limits_parse(buf), bits);
	sl_limits_keys(buf, sizeof(buf), all);
	assert_int_equal(sl_limits_parse(buf), all);	/* every key round-trips */
	/* a key of a later version is skipped; so is an empty one */
	assert_int_equal(sl_limits_parse("memcg,,from_the_future,moves"),
			 BIT(SL_LIMIT_MEMCG) | BIT(SL_LIMIT_MOVES));
	assert_int_equal(sl_limits_parse("memcgx"), 0);
	assert_int_equal(sl_limits_parse(""), 0);
	sl_limits_keys(buf, sizeof(buf), 0);
	assert_string_equal(buf, "");
	a = sl_limits_json(bits);
	assert_string_equal(json_object_to_json_string_ext(a, JSON_C_TO_STRING_PLAIN),
			    "[\"decision\",\"memcg\",\"moves\",\"shrink_reason\"]");
	json_object_put(a);
}

/* ---- --source on a command line, in a child ---- */

static enum lru_source parsed;

static error_t source_opt(int key, char *arg, struct argp_state *state)
{
	uint32_t bpf = BIT(LRU_SOURCE_SERIES) | BIT(LRU_SOURCE_STOCK_FENTRY) |
		       BIT(LRU_SOURCE_STOCK_TRACEPOINTS);

	if (key == 's')
		sl_arg_source(state, "--source", arg, bpf, &parsed);
	else if (key == 'f')
		sl_arg_source(state, "--fallback", "stock-tracepoints", bpf, &parsed);
	else
		return ARGP_ERR_UNKNOWN;
	return 0;
}

/* Parse argv (NULL-terminated, after the tool's name) in a child. */
static int run(char *err, size_t len, char **argv)
{
	static const struct argp_option opts[] = {
		{ "source", 's', "NAME", 0, "a source", 0 },
		{ "fallback", 'f', NULL, 0, "stock-tracepoints", 0 },
		{ 0 },
	};
	static const struct argp argp = { opts, source_opt, NULL, "doc", NULL, NULL, NULL };
	int fds[2], status, argc = 0;
	ssize_t n, got = 0;
	pid_t pid;

	while (argv[argc])
		argc++;
	assert_int_equal(pipe(fds), 0);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fds[1], STDERR_FILENO);
		sl_cli_init("srctool");
		parsed = LRU_SOURCE_AUTO;
		argp_parse(&argp, argc, argv, 0, NULL, NULL);
		_exit(10 + parsed);	/* the source, as the status */
	}
	close(fds[1]);
	while (got < (ssize_t)len - 1 && (n = read(fds[0], err + got, len - 1 - (size_t)got)) > 0)
		got += n;
	err[got] = '\0';
	close(fds[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

#define ARGV(...) ((char *[]){ "srctool", __VA_ARGS__, NULL })

static void test_arg_source(void **unused)
{
	char err[1024];

	assert_int_equal(run(err, sizeof(err), ARGV("--source", "stock-fentry")),
			 10 + LRU_SOURCE_STOCK_FENTRY);
	assert_int_equal(run(err, sizeof(err), ARGV("--fallback")),
			 10 + LRU_SOURCE_STOCK_TRACEPOINTS);
	assert_int_equal(run(err, sizeof(err), ARGV("--fallback", "--source", "stock-tracepoints")),
			 10 + LRU_SOURCE_STOCK_TRACEPOINTS);
	assert_int_equal(run(err, sizeof(err), ARGV("--source", "auto")), 10);

	assert_int_equal(run(err, sizeof(err), ARGV("--source", "bogus")), 2);
	assert_non_null(strstr(err, "srctool: --source 'bogus': unknown source "
			       "(series, stock-fentry or stock-tracepoints)"));
	assert_int_equal(run(err, sizeof(err), ARGV("--source", "proc-only")), 2);
	assert_non_null(strstr(err, "srctool: --source 'proc-only': srctool traces with BPF only "
			       "(series, stock-fentry or stock-tracepoints)"));
	assert_int_equal(run(err, sizeof(err), ARGV("--source", "series", "--fallback")), 2);
	assert_non_null(strstr(err, "--fallback 'stock-tracepoints': source series was already asked for"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_line),
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_arg_source),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
