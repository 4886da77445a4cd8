// SPDX-License-Identifier: GPL-2.0-or-later
/* test_lruload_cli.c: run the real lruload binary and check what it prints
 * and how it exits: exact page counts, reproducible sequences, the JSON
 * fields, bounds, signals and the errors for bad input.
 *
 * The binary is $LRULOAD, else tools/lruload/build/lruload (run from the
 * repository root).  Files go to a fresh directory under $TMPDIR. */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <json-c/json.h>

static const char *lruload;
static char file_dir[4096];

struct result {
	int status;		/* exit status, or 128 + signal */
	char out[1 << 16];
	char err[1 << 12];
};

static void slurp(int fd, char *buf, size_t size)
{
	ssize_t n;
	size_t used = 0;

	lseek(fd, 0, SEEK_SET);
	while (used + 1 < size && (n = read(fd, buf + used, size - 1 - used)) > 0)
		used += (size_t)n;
	buf[used] = '\0';
	close(fd);
}

/* Run lruload with the NULL-terminated arguments; send signal signo after
 * delay_ms if signo is not 0. */
static struct result *run_signalled(int signo, int delay_ms, const char *arg, ...)
{
	struct result *result = calloc(1, sizeof(*result));
	char out_path[] = "/tmp/lruload-cli-outXXXXXX", err_path[] = "/tmp/lruload-cli-errXXXXXX";
	int out = mkstemp(out_path), err = mkstemp(err_path);
	const char *argv[64] = { lruload };
	int argc = 1, status;
	va_list ap;
	pid_t pid;

	assert_true(out >= 0 && err >= 0);
	unlink(out_path);
	unlink(err_path);
	va_start(ap, arg);
	for (const char *a = arg; a && argc < 63; a = va_arg(ap, const char *))
		argv[argc++] = a;
	va_end(ap);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(out, 1);
		dup2(err, 2);
		execv(lruload, (char **)argv);
		_exit(127);
	}
	if (signo) {
		struct timespec delay = { delay_ms / 1000, (delay_ms % 1000) * 1000000L };

		nanosleep(&delay, NULL);
		kill(pid, signo);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	result->status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	slurp(out, result->out, sizeof(result->out));
	slurp(err, result->err, sizeof(result->err));
	return result;
}

#define run(...) run_signalled(0, 0, __VA_ARGS__, NULL)

/* The last line of the output, which must be the final report. */
static struct json_object *final_report(const struct result *result)
{
	const char *line = result->out;
	const char *nl;
	struct json_object *obj;

	while ((nl = strchr(line, '\n')) && nl[1])
		line = nl + 1;
	obj = json_tokener_parse(line);
	if (!obj)
		fail_msg("not JSON: %s (stderr: %s)", line, result->err);
	return obj;
}

static struct json_object *get(struct json_object *obj, const char *key)
{
	struct json_object *value = NULL;

	if (!json_object_object_get_ex(obj, key, &value))
		fail_msg("no field %s in %s", key, json_object_to_json_string(obj));
	return value;
}

static uint64_t get_u64(struct json_object *obj, const char *key)
{
	return json_object_get_uint64(get(obj, key));
}

static struct json_object *component(struct json_object *report, size_t i)
{
	return json_object_array_get_idx(get(report, "components"), i);
}

static void test_anon_pages_exact(void **state)
{
	struct result *r = run("anon", "--size", "1M", "--passes", "3", "--seed", "5");
	struct json_object *report = final_report(r);
	struct json_object *anon = component(report, 0);

	assert_int_equal(r->status, 0);
	assert_string_equal(json_object_get_string(get(report, "type")), "final");
	assert_string_equal(json_object_get_string(get(report, "mode")), "anon");
	assert_string_equal(json_object_get_string(get(report, "stop_reason")), "passes");
	assert_int_equal(get_u64(report, "seed"), 5);
	assert_int_equal(get_u64(report, "page_size"), (uint64_t)sysconf(_SC_PAGESIZE));
	assert_int_equal(get_u64(anon, "bytes"), 1 << 20);
	assert_int_equal(get_u64(anon, "pages"), (1 << 20) / sysconf(_SC_PAGESIZE));
	assert_int_equal(get_u64(anon, "passes_completed"), 3);
	assert_int_equal(get_u64(report, "passes_completed"), 3);
	assert_int_equal(get_u64(report, "accesses"), 3 * get_u64(anon, "pages"));
	assert_int_equal(get_u64(report, "pages_touched"), 3 * get_u64(anon, "pages"));
	assert_int_equal(get_u64(report, "pages_read"), 0);
	/* One access in 16 (the default) is timed. */
	assert_int_equal(get_u64(get(report, "latency_ns"), "samples"),
			 3 * get_u64(anon, "pages") / 16);
	assert_true(get_u64(get(report, "latency_ns"), "p50") <=
		    get_u64(get(report, "latency_ns"), "p99"));
	assert_true(get_u64(get(report, "latency_ns"), "p99") <=
		    get_u64(get(report, "latency_ns"), "max"));
	assert_true(json_object_get_double(get(report, "pages_per_s")) > 0);
	assert_true(json_object_get_double(get(report, "elapsed_s")) > 0);
	json_object_put(report);
	free(r);
}

static void test_size_rounds_up_to_pages(void **state)
{
	long page = sysconf(_SC_PAGESIZE);
	char size[32];
	struct result *r;
	struct json_object *report;

	snprintf(size, sizeof(size), "%ld", page + 1);
	r = run("anon", "--size", size, "--passes", "5", "--sample-every", "1");
	report = final_report(r);
	assert_int_equal(r->status, 0);
	assert_int_equal(get_u64(component(report, 0), "pages"), 2);
	assert_int_equal(get_u64(component(report, 0), "bytes"), 2 * page);
	assert_int_equal(get_u64(report, "accesses"), 10);
	assert_int_equal(get_u64(get(report, "latency_ns"), "samples"), 10);
	json_object_put(report);
	free(r);
}

/* --anon-passes 1: anon is touched in the first pass only, the file set
 * in every pass, and the run still ends after --passes plan passes. */
static void test_mix_anon_passes(void **state)
{
	long page = sysconf(_SC_PAGESIZE);
	struct result *r = run("mix", "--anon", "1M", "--anon-passes", "1", "--fileset", "512K",
			       "--dir", file_dir, "--passes", "3");
	struct json_object *report = final_report(r);
	struct json_object *anon = component(report, 0), *fileset = component(report, 1);

	assert_int_equal(r->status, 0);
	assert_int_equal(get_u64(report, "anon_passes"), 1);
	assert_int_equal(get_u64(report, "passes_completed"), 3);
	assert_int_equal(get_u64(anon, "accesses"), (1 << 20) / page);
	assert_int_equal(get_u64(anon, "passes_completed"), 1);
	assert_int_equal(get_u64(fileset, "accesses"), 3 * (512 << 10) / page);
	assert_int_equal(get_u64(report, "accesses"), ((1 << 20) + 3 * (512 << 10)) / page);
	json_object_put(report);
	free(r);
}

static void test_mix_pages_exact(void **state)
{
	long page = sysconf(_SC_PAGESIZE);
	struct result *r = run("mix", "--anon", "1M", "--fileset", "512K", "--stream", "2M",
			       "--dir", file_dir, "--passes", "2");
	struct json_object *report = final_report(r);
	static const char *const kinds[] = { "anon", "fileset", "stream" };
	static const uint64_t bytes[] = { 1 << 20, 512 << 10, 2 << 20 };
	char path[8192];
	struct stat st;

	assert_int_equal(r->status, 0);
	assert_int_equal(json_object_array_length(get(report, "components")), 3);
	for (size_t i = 0; i < 3; i++) {
		struct json_object *c = component(report, i);

		assert_string_equal(json_object_get_string(get(c, "kind")), kinds[i]);
		assert_int_equal(get_u64(c, "pages"), bytes[i] / page);
		assert_int_equal(get_u64(c, "accesses"), 2 * bytes[i] / page);
		assert_int_equal(get_u64(c, "passes_completed"), 2);
		assert_int_equal(get_u64(c, i ? "pages_read" : "pages_touched"),
				 2 * bytes[i] / page);
		if (i) {	/* the file exists with exactly that size */
			snprintf(path, sizeof(path), "%s/lruload-%s-%lu.dat",
				 file_dir, kinds[i], (unsigned long)bytes[i]);
			assert_int_equal(stat(path, &st), 0);
			assert_int_equal(st.st_size, bytes[i]);
		}
	}
	assert_int_equal(get_u64(report, "pages_touched"), 2 * (1 << 20) / page);
	assert_int_equal(get_u64(report, "pages_read"), 2 * ((512 << 10) + (2 << 20)) / page);
	json_object_put(report);
	free(r);
}

static char *sequence_hash(const char *mode, const char *seed)
{
	struct result *r = run(mode, "--size", "256K", "--passes", "4", "--seed", seed,
			       "--dir", file_dir);
	struct json_object *report = final_report(r);
	char *hash = strdup(json_object_get_string(get(report, "sequence_hash")));

	assert_int_equal(r->status, 0);
	json_object_put(report);
	free(r);
	return hash;
}

static void test_seed_reproducible(void **state)
{
	char *a = sequence_hash("anon", "7"), *b = sequence_hash("anon", "7");
	char *c = sequence_hash("anon", "8"), *d = sequence_hash("fileset", "7");
	char *e = sequence_hash("fileset", "0x7");

	assert_string_equal(a, b);
	assert_string_not_equal(a, c);
	assert_string_not_equal(a, d);
	assert_string_equal(d, e);	/* 0x7 is 7 */
	free(a);
	free(b);
	free(c);
	free(d);
	free(e);
}

static void test_stream_defaults_to_one_pass(void **state)
{
	struct result *r = run("stream", "--size", "1M", "--dir", file_dir, "--cold");
	struct json_object *report = final_report(r);

	assert_int_equal(r->status, 0);
	assert_int_equal(get_u64(report, "passes_requested"), 1);
	assert_int_equal(get_u64(report, "pages_read"), (1 << 20) / sysconf(_SC_PAGESIZE));
	assert_null(get(component(report, 0), "hot_pages"));
	json_object_put(report);
	free(r);
}

static void test_duration_and_interval(void **state)
{
	struct result *r = run("anon", "--size", "256K", "--duration", "0.6",
			       "--interval", "0.1");
	struct json_object *report = final_report(r);
	uint64_t window_sum = 0;
	int intervals = 0;

	assert_int_equal(r->status, 0);
	assert_string_equal(json_object_get_string(get(report, "stop_reason")), "duration");
	assert_null(get(report, "passes_requested"));
	assert_true(json_object_get_double(get(report, "elapsed_s")) >= 0.6);
	assert_true(json_object_get_double(get(report, "elapsed_s")) < 5.0);
	/* Each interval line parses, says so, and covers only its window. */
	for (char *line = strtok(r->out, "\n"); line; line = strtok(NULL, "\n")) {
		struct json_object *obj = json_tokener_parse(line);

		assert_non_null(obj);
		if (strcmp(json_object_get_string(get(obj, "type")), "interval") == 0) {
			intervals++;
			window_sum += get_u64(obj, "accesses");
			assert_true(json_object_get_double(get(obj, "window_s")) >= 0.1);
		}
		json_object_put(obj);
	}
	assert_true(intervals >= 3);
	assert_true(window_sum <= get_u64(report, "accesses"));
	json_object_put(report);
	free(r);
}

static void test_sigterm_reports_and_exits(void **state)
{
	struct result *r = run_signalled(SIGTERM, 300, "anon", "--size", "256K",
					 "--duration", "30", NULL);
	struct json_object *report = final_report(r);

	assert_int_equal(r->status, 128 + SIGTERM);
	assert_string_equal(json_object_get_string(get(report, "stop_reason")), "signal");
	assert_true(get_u64(report, "accesses") > 0);
	json_object_put(report);
	free(r);
}

/* Bad input: exit status 2, nothing on stdout, a message naming the fault. */
static void expect_usage_error(const char *message, const char *arg, ...)
{
	const char *argv[16] = { 0 };
	struct result *r;
	int argc = 0;
	va_list ap;

	va_start(ap, arg);
	for (const char *a = arg; a && argc < 15; a = va_arg(ap, const char *))
		argv[argc++] = a;
	va_end(ap);
	r = run_signalled(0, 0, argv[0], argv[1], argv[2], argv[3], argv[4],
			  argv[5], argv[6], NULL);
	if (r->status != 2 || !strstr(r->err, message) || r->out[0])
		fail_msg("%s %s: status %d, stderr '%s', want 2 and '%s'",
			 argv[0], argv[1] ? argv[1] : "", r->status, r->err, message);
	free(r);
}

static void test_bad_input(void **state)
{
	expect_usage_error("--size '12X': malformed size", "anon", "--size", "12X", NULL);
	expect_usage_error("--size '99999999999T': out of range", "anon", "--size", "99999999999T", NULL);
	expect_usage_error("size must be above zero", "anon", "--size", "0", NULL);
	expect_usage_error("--anon '1.5G': malformed", "mix", "--anon", "1.5G", NULL);
	expect_usage_error("--seed '-1': malformed", "anon", "--size", "1M", "--seed", "-1", NULL);
	expect_usage_error("--seed '18446744073709551616': out of range", "anon", "--size", "1M",
			   "--seed", "18446744073709551616", NULL);
	expect_usage_error("--passes must be at least 1", "anon", "--size", "1M", "--passes", "0", NULL);
	expect_usage_error("--duration 'inf': malformed", "anon", "--size", "1M", "--duration", "inf", NULL);
	expect_usage_error("--duration '0': out of range", "anon", "--size", "1M", "--duration", "0", NULL);
	expect_usage_error("--hot-pct '101': out of range", "anon", "--size", "1M", "--hot-pct", "101", NULL);
	expect_usage_error("--hot-pct must be 1 to 100", "anon", "--size", "1M", "--hot-pct", "0", NULL);
	expect_usage_error("--pattern 'zigzag'", "anon", "--size", "1M", "--pattern", "zigzag", NULL);
	expect_usage_error("unknown mode 'swap'", "swap", "--size", "1M", NULL);
	expect_usage_error("no MODE given", "--size", "1M", NULL);
	expect_usage_error("anon needs --size", "anon", NULL);
	expect_usage_error("--anon is for mix", "anon", "--size", "1M", "--anon", "1M", NULL);
	expect_usage_error("mix takes --anon, --fileset and --stream, not --size", "mix", "--size", "1M", NULL);
	expect_usage_error("mix needs at least one", "mix", NULL);
	expect_usage_error("need --memcg", "anon", "--size", "1M", "--memory-max", "64M", NULL);
	expect_usage_error("--memory-max 'lots'", "anon", "--size", "1M", "--memcg", "x",
			   "--memory-max", "lots", NULL);
	expect_usage_error("unexpected argument 'extra'", "anon", "extra", "--size", "1M", NULL);
	expect_usage_error("--anon-passes must be at least 1", "mix", "--anon", "1M", "--stream", "1M",
			   "--anon-passes", "0", NULL);
	expect_usage_error("--anon-passes is for mix with --anon and --fileset or --stream",
			   "mix", "--anon", "1M", "--anon-passes", "1", NULL);
	expect_usage_error("--anon-passes is for mix", "anon", "--size", "1M", "--anon-passes", "1", NULL);
}

static void test_memcg_outside_cgroup2(void **state)
{
	struct result *r = run("anon", "--size", "256K", "--memcg", file_dir,
			       "--memory-max", "64M");

	/* Exit status 3, and the reason: either cgroup2 is not mounted here,
	 * or the directory is not in it.  Nothing ran, so nothing is reported. */
	assert_int_equal(r->status, 3);
	assert_true(strstr(r->err, "not inside a cgroup2 hierarchy") ||
		    strstr(r->err, "cgroup2 is not mounted"));
	assert_string_equal(r->out, "");
	free(r);
}

static void test_help_documents_exit_status(void **state)
{
	struct result *r = run("--help");

	assert_int_equal(r->status, 0);
	assert_non_null(strstr(r->out, "Exit status: 0 done; 1 runtime failure"));
	assert_non_null(strstr(r->out, "lruload mix --anon 200M --fileset 100M --stream 600M"));
	free(r);
}

/* The habits every splitlru tool shares (sl_cli.h). */
static void test_version_and_stdout(void **state)
{
	struct result *r = run("--version");
	const char *argv[] = { lruload, "anon", "--size", "64K", "--passes", "1", NULL };
	int status;
	pid_t pid;

	assert_int_equal(r->status, 0);
	assert_non_null(strstr(r->out, "lruload (splitlru "));
	free(r);
	r = run("anon", "--size", "64K", "--passes", "1", "-j");
	assert_int_equal(r->status, 0);
	json_object_put(final_report(r));
	free(r);
	/* a report that cannot be written is a failure, said on stderr */
	r = run("anon", "--size", "64K", "--passes", "1", "--ringbuf", "4M");
	assert_int_equal(r->status, 2);
	free(r);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int full = open("/dev/full", O_WRONLY), null = open("/dev/null", O_WRONLY);

		dup2(full, 1);
		dup2(null, 2);
		execv(lruload, (char **)argv);
		_exit(127);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 1);
}

static int make_file_dir(void **state)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(file_dir, sizeof(file_dir), "%s/lruload-cli-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	return mkdtemp(file_dir) ? 0 : -1;
}

static int remove_file_dir(void **state)
{
	char command[8192];

	snprintf(command, sizeof(command), "rm -rf '%s'", file_dir);
	return system(command) == 0 ? 0 : -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_anon_pages_exact),
		cmocka_unit_test(test_size_rounds_up_to_pages),
		cmocka_unit_test(test_mix_pages_exact),
		cmocka_unit_test(test_mix_anon_passes),
		cmocka_unit_test(test_seed_reproducible),
		cmocka_unit_test(test_stream_defaults_to_one_pass),
		cmocka_unit_test(test_duration_and_interval),
		cmocka_unit_test(test_sigterm_reports_and_exits),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_memcg_outside_cgroup2),
		cmocka_unit_test(test_help_documents_exit_status),
		cmocka_unit_test(test_version_and_stdout),
	};

	lruload = getenv("LRULOAD");
	if (!lruload || !*lruload)
		lruload = "tools/lruload/build/lruload";
	if (access(lruload, X_OK)) {
		printf("Bail out! %s is not executable: run make -C tools/lruload\n", lruload);
		return 1;
	}
	return cmocka_run_group_tests_name("lruload-cli", tests, make_file_dir, remove_file_dir);
}
