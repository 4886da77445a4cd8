// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_lrutrace: lrutrace's command line and outputs on the host, without a
 * kernel: argument parsing, the stat table, JSON, Prometheus text,
 * histograms and event lines, on made-up snapshots and events.  It links
 * the core and no loader, so it cannot load anything into the kernel.
 * cmocka, as TAP (tests/unit/lrutrace-unit.t).
 */
#include <regex.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include <json-c/json.h>
#include "lrutrace.h"
#include "lru_format.h"
#include "sl_snapshot.h"

/* ---- helpers ---- */

/* text matches the extended regular expression re (lines: REG_NEWLINE) */
static void assert_like_(const char *text, const char *re, const char *file, int line)
{
	regex_t r;
	int rc;

	if (regcomp(&r, re, REG_EXTENDED | REG_NEWLINE | REG_NOSUB))
		fail_msg("%s:%d: bad regex %s", file, line, re);
	rc = regexec(&r, text, 0, NULL, 0);
	regfree(&r);
	if (rc)
		fail_msg("%s:%d: /%s/ not in:\n%s", file, line, re, text);
}
#define assert_like(text, re) assert_like_(text, re, __FILE__, __LINE__)

/* Every line of text at most 80 columns. */
static void assert_fits_80(const char *text)
{
	for (const char *l = text; *l;) {
		size_t n = strcspn(l, "\n");

		if (n > 80)
			fail_msg("%zu columns: %.*s", n, (int)n, l);
		l += n + (l[n] == '\n');
	}
}

struct capture {
	char *text;
	size_t len;
	FILE *f;
};

static FILE *capture_start(struct capture *c)
{
	c->text = NULL;
	c->len = 0;
	c->f = open_memstream(&c->text, &c->len);
	assert_non_null(c->f);
	return c->f;
}

static char *capture_end(struct capture *c)
{
	fclose(c->f);
	return c->text;
}

/* ---- argument parsing (lrutrace_parse_args; usage errors exit) ---- */

static int parse(struct lrutrace_env *env, ...)
{
	char *argv[32] = { "lrutrace" };
	int argc = 1;
	va_list ap;

	va_start(ap, env);
	while ((argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	memset(env, 0, sizeof(*env));
	return lrutrace_parse_args(argc, argv, env);
}

static void test_args(void **state)
{
	struct lrutrace_env e;

	(void)state;
	assert_int_equal(parse(&e, "stat", NULL), 0);
	assert_int_equal(e.mode, MODE_STAT);			/* stat parses */
	assert_true(e.interval_s == 1.0);			/* INTERVAL defaults to 1 s */
	assert_int_equal(e.count, 0);				/* COUNT to forever */
	assert_int_equal(e.nid, -1);				/* no node filter */
	assert_int_equal(e.ringbuf_bytes, 4194304);		/* 4 MiB ring buffer */

	assert_int_equal(parse(&e, "stat", "5", "3", "--json", "--per-memcg", "-n", "1",
			       "--lru", "inactive_file,active_file", "-R", "kswapd,memcg",
			       "--reason", "balance,refault_activate",
			       "--ringbuf-size", "64k", NULL), 0);
	assert_true(e.interval_s == 5.0);
	assert_int_equal(e.count, 3);
	assert_true(e.json);
	assert_true(e.per_memcg);
	assert_int_equal(e.nid, 1);
	assert_int_equal(e.lru_mask, 0xc);		/* bits 2 and 3 */
	assert_int_equal(e.reclaimer_mask, 0x5);	/* bits 0 and 2 */
	assert_int_equal(e.reason_mask, 0x1);		/* balance: a shrink reason */
	assert_int_equal(e.move_mask, 0x20);		/* refault_activate: a move reason */
	assert_int_equal(e.ringbuf_bytes, 65536);

	assert_int_equal(parse(&e, "events", "--fallback", "-d", "2.5",
			       "--memcg", "/sys/fs/cgroup/x", NULL), 0);
	assert_int_equal(e.mode, MODE_EVENTS);
	assert_true(e.duration_s == 2.5);
	assert_int_equal(e.source, LRU_SOURCE_STOCK_TRACEPOINTS);	/* --fallback's meaning */
	assert_string_equal(e.memcg_path, "/sys/fs/cgroup/x");	/* kept as given */

	assert_int_equal(parse(&e, "hist", NULL), 0);
	assert_true(e.interval_s == 0.0);	/* hist: one report, at the end */
	assert_int_equal(e.source, LRU_SOURCE_AUTO);	/* the richest, by default */

	assert_int_equal(parse(&e, "stat", "--listen", "[::1]:9465", NULL), 0);
	assert_string_equal(e.listen, "[::1]:9465");
}

/* Parse in a child; its exit status and what it said on stderr. */
static int usage_error(char *err, size_t len, ...)
{
	char *argv[32] = { "lrutrace" };
	int argc = 1, pipefd[2], status;
	struct lrutrace_env env;
	ssize_t n, got = 0;
	va_list ap;
	pid_t pid;

	va_start(ap, len);
	while ((argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	assert_int_equal(pipe(pipefd), 0);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(pipefd[1], STDERR_FILENO);
		if (!freopen("/dev/null", "w", stdout))
			_exit(99);
		memset(&env, 0, sizeof(env));
		_exit(lrutrace_parse_args(argc, argv, &env) ? 2 : 0);
	}
	close(pipefd[1]);
	while (got < (ssize_t)len - 1 && (n = read(pipefd[0], err + got, len - 1 - (size_t)got)) > 0)
		got += n;
	err[got] = '\0';
	close(pipefd[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

#define USAGE(want, ...)                                                       \
	do {                                                                   \
		char err_[1024];                                               \
		assert_int_equal(usage_error(err_, sizeof(err_), __VA_ARGS__, NULL), 2); \
		assert_like(err_, want);                                       \
	} while (0)

static void test_usage_errors(void **state)
{
	char err[1024];

	(void)state;
	assert_int_equal(usage_error(err, sizeof(err), NULL), 2);
	assert_like(err, "no MODE given");
	USAGE("unknown mode 'top'", "top");
	USAGE("unknown word 'inactive'", "stat", "--lru", "inactive");
	USAGE("unevictable and none are never shrunk", "stat", "--lru", "unevictable");
	USAGE("unevictable and none are never shrunk", "stat", "--lru", "none");
	USAGE("unknown word 'bogus'", "events", "--reason", "bogus");
	USAGE("events takes no INTERVAL", "events", "5");
	USAGE("INTERVAL 'x'", "stat", "x");
	USAGE("COUNT '0'", "stat", "1", "0");
	USAGE("too many arguments", "stat", "1", "2", "3");
	USAGE("belong to stat", "events", "--prometheus", "/tmp/x");
	USAGE("belongs to events", "stat", "-d", "3");
	USAGE("not a node number", "stat", "--node", "-1");
	USAGE("not a size", "events", "--ringbuf-size", "100");
	USAGE("the port must be a number from 1 to 65535", "stat", "--listen", "99999");
	USAGE("from 1 to 65535", "stat", "--listen", "127.0.0.1:0");
	USAGE("from 1 to 65535", "stat", "--listen", "127.0.0.1:");
}

/* --source NAME, and --fallback as its alias. */
static void test_source_args(void **state)
{
	static const char *const names[] = {
		"series", "stock-fentry", "stock-tracepoints",
	};
	struct lrutrace_env e;

	(void)state;
	for (int i = 0; i < 3; i++) {
		assert_int_equal(parse(&e, "stat", "--source", names[i], NULL), 0);
		assert_string_equal(lru_source_name(e.source), names[i]);
	}
	assert_int_equal(parse(&e, "events", "--source=stock-fentry", NULL), 0);
	assert_int_equal(e.source, LRU_SOURCE_STOCK_FENTRY);
	assert_int_equal(parse(&e, "stat", "--source", "auto", NULL), 0);
	assert_int_equal(e.source, LRU_SOURCE_AUTO);
	assert_int_equal(parse(&e, "stat", "--fallback", "--source", "stock-tracepoints", NULL), 0);
	assert_int_equal(e.source, LRU_SOURCE_STOCK_TRACEPOINTS);

	USAGE("^lrutrace: --source 'bogus': unknown source \\(series, stock-fentry "
	      "or stock-tracepoints\\)$", "stat", "--source", "bogus");
	USAGE("^lrutrace: --source 'proc-only': lrutrace traces with BPF only \\(series, "
	      "stock-fentry or stock-tracepoints\\)$", "stat", "--source", "proc-only");
	USAGE("--source 'SERIES': unknown source", "hist", "--source", "SERIES");
	USAGE("--fallback 'stock-tracepoints': source stock-fentry was already asked for",
	      "stat", "--source", "stock-fentry", "--fallback");
	USAGE("--source 'series': source stock-tracepoints was already asked for",
	      "stat", "--fallback", "--source", "series");
	USAGE("requires an argument", "stat", "--source");
}

/* ---- a fixed snapshot ---- */

#define FIXTURE "tests/fixtures/lrutrace/report.snap"

/*
 * The interval of tests/fixtures/lrutrace/report.snap: node 0 with the root
 * memcg (1) and memcg 42, node 1 with the root only.
 */
static int setup(void **state)
{
	struct lru_snapshot *s = malloc(sizeof(*s));
	FILE *f = fopen(FIXTURE, "re");
	unsigned line = 0;
	char err[128];

	if (!s || !f)
		return -1;
	lru_snapshot_init(s);
	if (lru_snapshot_read(f, s, &line, err, sizeof(err))) {
		fprintf(stderr, "%s:%s\n", FIXTURE, err);
		fclose(f);
		return -1;
	}
	fclose(f);
	for (int i = 0; i < LRU_HIST_SLOTS; i++)
		s->hists[LRU_HIST_DIRECT_LAT_US].slots[i] = i > 3 && i < 12 ? (uint64_t)i : 0;
	s->hists[LRU_HIST_PRIORITY].slots[12] = 5;
	s->hists[LRU_HIST_PRIORITY].slots[10] = 1;
	*state = s;
	return 0;
}

static int teardown(void **state)
{
	lru_snapshot_free(*state);
	free(*state);
	return 0;
}

static struct lrutrace_env env_of(bool per_memcg)
{
	struct lrutrace_env e;

	memset(&e, 0, sizeof(e));
	e.nid = -1;
	e.per_memcg = per_memcg;
	return e;
}

#define REPORT_CTX(envp) { .env = (envp), .source = LRU_SOURCE_SERIES, \
			   .wall_ts = 1700000000.0, .interval_s = 1.0 }

/* ---- the stat table ---- */

static void test_stat_text(void **state)
{
	struct lrutrace_env e = env_of(false);
	struct report_ctx rc = REPORT_CTX(&e);
	struct capture c;
	char *t;

	rc.has_self = true;
	rc.self.run_cnt = 1000;
	rc.self.run_time_ns = 250000;
	assert_int_equal(report_stat_text(capture_start(&c), &rc, *state), 0);
	t = capture_end(&c);
	assert_fits_80(t);
	assert_like(t, "node 0  policy cost  swappiness 60  mode fract");
	/* the node table sums memcgs and reclaimers; eff% = reclaimed/scanned */
	assert_like(t, "inactive_file +4320 +4200 +0 +120 +0 +97\\.2");
	assert_like(t, "inactive_anon +0 +0 +0 +0 +0 +-");	/* idle list: eff% - */
	/* decided beside scanned, over both lists of each type: 230/5550 */
	assert_like(t, "share anon/file: decided 3\\.7/96\\.3%  scanned 4\\.1/95\\.9%");
	/* the share of the scan targets under it; a v1 decision has none */
	assert_like(t, "^ +target  4\\.1/95\\.9% of the scan targets$");
	assert_like(t, "^ +target  - of the scan targets$");
	assert_like(t, "mode file by no_swap");		/* a forced mode names its cause */
	assert_like(t, "self: 1000 events/s, 250 ns BPF per event");
	assert_like(t, "^[0-9:]{8}  interval 1\\.00s  source series$");
	assert_null(strstr(t, "note:"));	/* the series lacks nothing */
	free(t);
	/* another source names itself, and what it lacks after the table */
	rc.source = LRU_SOURCE_STOCK_FENTRY;
	rc.cannot = lru_source_cannot(LRU_SOURCE_STOCK_FENTRY);
	assert_int_equal(report_stat_text(capture_start(&c), &rc, *state), 0);
	t = capture_end(&c);
	assert_like(t, "interval 1\\.00s  source stock-fentry$");
	assert_fits_80(t);
	assert_like(t, "^note: decision reconstructed from get_scan_count\\(\\)'s inputs;\n"
		    "      no shrink reason on active lists; no skipped shrinks;\n"
		    "      no refault activations$");
	free(t);

	e = env_of(true);
	assert_int_equal(report_stat_text(capture_start(&c), &rc, *state), 0);
	t = capture_end(&c);
	assert_fits_80(t);
	/* --per-memcg: one table per memcg with its own decision */
	assert_like(t, "node 0 memcg 42  policy rotation");
	free(t);
}

/*
 * A node without a root decision shows its newest memcg's, and says whose;
 * a decision stock-fentry recomputed says so.
 */
static void test_stat_memcg_decision(void **state)
{
	struct lrutrace_env e = env_of(false);
	struct report_ctx rc = REPORT_CTX(&e);
	struct lru_snapshot s;
	struct lru_list_stat l;
	struct lru_balance b;
	struct capture c;
	char *t;

	(void)state;
	lru_snapshot_init(&s);
	memset(&l, 0, sizeof(l));
	l.key.memcg_id = 7;
	l.key.lru = SL_LRU_INACTIVE_FILE;
	l.key.reclaimer = SL_RECLAIMER_MEMCG;
	l.counts.scanned = 10;
	l.counts.reclaimed = 5;
	lru_snapshot_add_list(&s, &l);
	memset(&b, 0, sizeof(b));
	b.memcg_id = 7;
	b.ts_ns = 100;
	b.decided_anon_permille = 300;
	b.decided_file_permille = 700;
	lru_snapshot_add_balance(&s, &b);
	b.memcg_id = 9;
	b.ts_ns = 200;
	b.decided_anon_permille = 650;
	b.decided_file_permille = 350;
	b.flags = LRU_BALANCE_RECONSTRUCTED;	/* stock-fentry's */
	lru_snapshot_add_balance(&s, &b);
	assert_int_equal(report_stat_text(capture_start(&c), &rc, &s), 0);
	t = capture_end(&c);
	assert_like(t, "^node 0  policy cost  swappiness 0  mode equal\ndecision of memcg 9: the node's root lruvec has none$");
	assert_fits_80(t);
	assert_like(t, "decided 65\\.0/35\\.0% reconstructed  scanned");
	free(t);
	lru_snapshot_free(&s);
}

/* ---- JSON ---- */

static json_object *parse_json(const char *text)
{
	json_object *o = json_tokener_parse(text);

	if (!o)
		fail_msg("not JSON: %s", text);
	return o;
}

static uint64_t sum_of(json_object *arr, const char *key)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < json_object_array_length(arr); i++)
		sum += json_object_get_uint64(json_object_object_get(
			json_object_array_get_idx(arr, i), key));
	return sum;
}

static void test_stat_json(void **state)
{
	struct lrutrace_env e = env_of(false);
	struct report_ctx rc = REPORT_CTX(&e);
	json_object *o, *lists, *bal;
	struct capture c;
	char *t, keys[256] = "";
	bool found = false;

	rc.drops = 3;
	rc.source = LRU_SOURCE_STOCK_TRACEPOINTS;
	rc.cannot = lru_source_cannot(LRU_SOURCE_STOCK_TRACEPOINTS);
	assert_int_equal(report_stat_json(capture_start(&c), &rc, *state), 0);
	t = capture_end(&c);
	assert_ptr_equal(strchr(t, '\n'), t + strlen(t) - 1);	/* one line */
	o = parse_json(t);
	lists = json_object_object_get(o, "lists");
	/* lists are per (nid, memcg, lru), summed over reclaimers */
	for (size_t i = 0; i < json_object_array_length(lists); i++) {
		json_object *l = json_object_array_get_idx(lists, i);

		if (!strcmp(json_object_get_string(json_object_object_get(l, "lru")), "inactive_anon") &&
		    json_object_get_int(json_object_object_get(l, "nid")) == 0) {
			assert_int_equal(json_object_get_int(json_object_object_get(l, "scanned")), 150);
			found = true;
			break;
		}
	}
	assert_true(found);
	/* reclaimers split the same totals */
	assert_int_equal(sum_of(json_object_object_get(o, "reclaimers"), "scanned"),
			 sum_of(lists, "scanned"));
	assert_int_equal(json_object_get_int(json_object_object_get(o, "drops")), 3);
	assert_string_equal(json_object_get_string(json_object_object_get(o, "source")),
			    "stock-tracepoints");
	assert_string_equal(json_object_to_json_string_ext(json_object_object_get(o, "cannot"),
							   JSON_C_TO_STRING_PLAIN),
			    "[\"decision\",\"memcg\",\"moves\",\"shrink_reason\"]");
	assert_string_equal(json_object_get_string(json_object_object_get(o, "limits")),
			    "no balance decision events; no memcg; no list moves; no shrink reasons");
	bal = json_object_object_get(o, "balance");
	assert_int_equal(json_object_array_length(bal), 3);
	for (size_t i = 0; i < json_object_array_length(bal); i++) {	/* shares sum to 1000 */
		json_object *b = json_object_array_get_idx(bal, i);

		assert_int_equal(json_object_get_int(json_object_object_get(b, "decided_anon_permille")) +
				 json_object_get_int(json_object_object_get(b, "decided_file_permille")), 1000);
	}
	/* the documented keys, in order */
	json_object_object_foreach(o, key, val) {
		(void)val;
		strcat(keys, key);
		strcat(keys, " ");
	}
	assert_string_equal(keys, "ts interval_s source lists reclaimers balance moves mglru aging "
			    "drops cannot limits ");
	/* no MGLRU programs: null, not an empty array */
	assert_true(json_object_is_type(json_object_object_get(o, "mglru"), json_type_null));
	json_object_put(o);
	free(t);
}

static void test_events_json(void **state);

/* ---- MGLRU ---- */

static void add_mglru(struct lru_mglru_snapshot *m, uint32_t nid, uint64_t memcg,
		      uint8_t type, uint8_t who, uint8_t swp, uint64_t ev, uint64_t scanned,
		      uint64_t reclaimed)
{
	struct lru_mglru_stat *g = &m->mglru[m->nr_mglru++];

	memset(g, 0, sizeof(*g));
	g->key = (struct lru_mglru_key){ .nid = nid, .memcg_id = memcg, .type = type,
					 .reclaimer = who, .swappiness = swp };
	g->counts = (struct lru_mglru_counts){ .evictions = ev, .scanned = scanned,
					       .reclaimed = reclaimed, .visited = scanned };
}

/*
 * An interval under MGLRU: per node and type, summed over reclaimers,
 * swappiness and memcgs (or per memcg), beside the aging per node.
 */
static void test_stat_mglru(void **state)
{
	struct lrutrace_env e = env_of(false);
	struct report_ctx rc = REPORT_CTX(&e);
	struct lru_mglru_stat g[8];
	struct lru_mglru_aging_stat a[3];
	struct lru_mglru_snapshot m = { .mglru = g, .aging = a };
	struct lru_snapshot empty;
	json_object *o, *arr;
	struct capture c;
	char *t;

	(void)state;
	/* sorted by (nid, memcg, type, reclaimer, swappiness), as the loader's */
	add_mglru(&m, 0, 1, 0, SL_RECLAIMER_KSWAPD, 60, 3, 300, 200);
	add_mglru(&m, 0, 1, 0, SL_RECLAIMER_DIRECT, 60, 1, 100, 50);
	add_mglru(&m, 0, 1, 1, SL_RECLAIMER_KSWAPD, 60, 4, 1000, 990);
	add_mglru(&m, 0, 5, 1, SL_RECLAIMER_MEMCG, 0, 2, 64, 32);
	add_mglru(&m, 1, 1, 1, SL_RECLAIMER_KSWAPD, 60, 1, 10, 0);
	a[0] = (struct lru_mglru_aging_stat){ .key = { .nid = 0, .memcg_id = 1 },
		.aging = { .attempts = 5, .increments = 3 } };
	a[1] = (struct lru_mglru_aging_stat){ .key = { .nid = 0, .memcg_id = 5 },
		.aging = { .attempts = 2, .increments = 1, .forced = 1 } };
	a[2] = (struct lru_mglru_aging_stat){ .key = { .nid = 1, .memcg_id = 1 },
		.aging = { .attempts = 1 } };
	m.nr_aging = 3;
	rc.mglru = &m;
	lru_snapshot_init(&empty);

	assert_int_equal(report_stat_text(capture_start(&c), &rc, &empty), 0);
	t = capture_end(&c);
	assert_fits_80(t);
	assert_like(t, "^  classic lists: no reclaim$");
	assert_like(t, "^MGLRU evictions \\(evict_folios\\)$");
	/* anon: 300 + 100 scanned, 250 reclaimed, 4 evictions */
	assert_like(t, "^0 +anon +400 +250 +62\\.5 +4$");
	/* file over both memcgs: 1064 scanned, 1022 reclaimed */
	assert_like(t, "^0 +file +1064 +1022 +96\\.1 +6$");
	assert_like(t, "^1 +file +10 +0 +0\\.0 +1$");
	assert_like(t, "^aging node 0: 4 new generations \\(7 attempts, 1 forced\\)$");
	assert_like(t, "^aging node 1: 0 new generations \\(1 attempts, 0 forced\\)$");
	free(t);

	e = env_of(true);	/* --per-memcg: memcg 5 apart */
	assert_int_equal(report_stat_text(capture_start(&c), &rc, &empty), 0);
	t = capture_end(&c);
	assert_like(t, "^0 1 +file +1000 +990 +99\\.0 +4$");
	assert_like(t, "^0 5 +file +64 +32 +50\\.0 +2$");
	free(t);

	e = env_of(false);
	assert_int_equal(report_stat_json(capture_start(&c), &rc, &empty), 0);
	t = capture_end(&c);
	o = parse_json(t);
	arr = json_object_object_get(o, "mglru");
	/* per (node, memcg, type) whatever --per-memcg says, as "lists" */
	assert_int_equal(json_object_array_length(arr), 4);
	assert_int_equal(json_object_get_int64(json_object_object_get(
		json_object_array_get_idx(arr, 2), "memcg_id")), 5);
	assert_int_equal(sum_of(arr, "scanned"), 400 + 1064 + 10);
	assert_int_equal(sum_of(arr, "reclaimed"), 250 + 1022);
	assert_int_equal(sum_of(arr, "evictions"), 11);
	assert_string_equal(json_object_get_string(json_object_object_get(
		json_object_array_get_idx(arr, 0), "type")), "anon");
	assert_true(json_object_is_type(json_object_object_get(
		json_object_array_get_idx(arr, 2), "efficiency"), json_type_double));
	assert_int_equal(sum_of(json_object_object_get(o, "aging"), "increments"), 4);
	json_object_put(o);
	free(t);
	lru_snapshot_free(&empty);
}

static void test_hist_json(void **state)
{
	struct lrutrace_env e = env_of(false);
	struct report_ctx rc = REPORT_CTX(&e);
	json_object *o;
	struct capture c;
	char *t;

	assert_int_equal(report_hist_json(capture_start(&c), &rc, *state), 0);
	t = capture_end(&c);
	o = parse_json(t);
	assert_int_equal(sum_of(json_object_object_get(o, "direct_reclaim_us"), "count"), 60);
	/* the series gives everything: an empty "cannot", no "limits" */
	assert_string_equal(json_object_get_string(json_object_object_get(o, "source")), "series");
	assert_int_equal(json_object_array_length(json_object_object_get(o, "cannot")), 0);
	assert_null(json_object_object_get(o, "limits"));
	/* priority is linear */
	assert_string_equal(json_object_to_json_string_ext(json_object_object_get(o, "priority"),
							   JSON_C_TO_STRING_PLAIN),
			    "[{\"low\":10,\"high\":10,\"count\":1},{\"low\":12,\"high\":12,\"count\":5}]");
	json_object_put(o);
	free(t);
}

/* ---- Prometheus ---- */

static void test_prometheus(void **state)
{
	struct lrutrace_env e = env_of(false);
	struct report_ctx rc = REPORT_CTX(&e);
	struct capture c;
	char *t, *line, *save = NULL, *copy;
	regex_t comment, sample;

	assert_int_equal(report_prometheus(capture_start(&c), &rc, *state), 0);
	t = capture_end(&c);
	/* the text as a scrape gets it, for tests/unit/prometheus-rules.t */
	if (getenv("LRUTRACE_PROM_OUT")) {
		FILE *o = fopen(getenv("LRUTRACE_PROM_OUT"), "w");

		assert_non_null(o);
		fputs(t, o);
		assert_int_equal(fclose(o), 0);
	}
	assert_like(t, "^splitlru_lru_scanned_pages_total\\{node=\"0\",memcg=\"42\",lru=\"inactive_file\",reclaimer=\"memcg\"\\} 320$");
	assert_like(t, "^splitlru_decided_share_permille\\{node=\"0\",memcg=\"1\",type=\"anon\",policy=\"cost\"\\} 37$");
	assert_like(t, "^splitlru_target_share_permille\\{node=\"0\",memcg=\"1\",type=\"file\",policy=\"cost\"\\} 959$");
	/* a v1 recording's pair is read as the decided one */
	assert_like(t, "^splitlru_decided_share_permille\\{node=\"1\",memcg=\"1\",type=\"file\",policy=\"cost\"\\} 1000$");
	assert_like(t, "^splitlru_source_info\\{source=\"series\"\\} 1$");
	assert_null(strstr(t, "fallback"));
	/* every line is a comment or name{labels} value */
	assert_int_equal(regcomp(&comment, "^# (HELP|TYPE) splitlru_[a-z_]+ ", REG_EXTENDED | REG_NOSUB), 0);
	assert_int_equal(regcomp(&sample, "^splitlru_[a-z_]+(\\{([a-z_]+=\"[^\"]*\",?)+\\})? [0-9]+$",
				 REG_EXTENDED | REG_NOSUB), 0);
	copy = strdup(t);
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (regexec(&comment, line, 0, NULL, 0) && regexec(&sample, line, 0, NULL, 0))
			fail_msg("not Prometheus text: %s", line);
	regfree(&comment);
	regfree(&sample);
	free(copy);
	free(t);
}

/*
 * promtool check metrics accepts it, when promtool is installed (without
 * it the test says so and passes: cmocka's TAP skip reads as a failure).
 */
static void test_promtool(void **state)
{
	struct lrutrace_env e = env_of(false);
	struct report_ctx rc = REPORT_CTX(&e);
	FILE *p;

	if (system("command -v promtool >/dev/null 2>&1")) {
		print_message("# skip: promtool is not installed (Debian: prometheus)\n");
		return;
	}
	p = popen("promtool check metrics", "w");
	assert_non_null(p);
	assert_int_equal(report_prometheus(p, &rc, *state), 0);
	assert_int_equal(pclose(p), 0);
}

/* ---- histograms and events as text ---- */

static void test_hist_text(void **state)
{
	struct lrutrace_env e = env_of(false);
	struct report_ctx rc = REPORT_CTX(&e);
	struct capture c;
	char *t;

	assert_int_equal(report_hist_text(capture_start(&c), &rc, *state), 0);
	t = capture_end(&c);
	/* log2 histogram: the largest slot is a full bar */
	assert_like(t, "1024 -> 2047 +: 11 +\\|\\*{40}\\|");
	assert_like(t, "memcg reclaim latency \\(0\\)");	/* an empty one says so */
	free(t);
}

/* The three sample events, as text or JSON lines. */
static char *sample_events(bool json)
{
	struct lru_event ev;
	struct capture c;
	char buf[2048];
	FILE *f = capture_start(&c);
	int (*fmt)(const struct lru_event *, double, char *, size_t) =
		json ? lru_event_format_json : lru_event_format_text;

	memset(&ev, 0, sizeof(ev));
	ev.ts_ns = 1500000000;
	ev.type = LRU_EV_SHRINK;
	ev.pid = 42;
	strcpy(ev.comm, "kswapd0");
	ev.shrink.memcg_id = 1;
	ev.shrink.lru = SL_LRU_INACTIVE_FILE;
	ev.shrink.reclaimer = SL_RECLAIMER_KSWAPD;
	ev.shrink.reason = SL_REASON_BALANCE;
	ev.shrink.priority = 12;
	ev.shrink.nr_to_scan = ev.shrink.nr_scanned = ev.shrink.nr_taken = 32;
	ev.shrink.nr_reclaimed = 30;
	fmt(&ev, 1.5, buf, sizeof(buf));
	fprintf(f, "%s\n", buf);

	memset(&ev.balance, 0, sizeof(ev.balance));
	ev.type = LRU_EV_BALANCE;
	strcpy(ev.comm, "a\"b\\c\x01");	/* hostile comm */
	ev.balance.policy = SL_POLICY_ROTATION;
	ev.balance.mode = SL_MODE_FRACT;
	ev.balance.swappiness = 60;
	ev.balance.decided_anon_permille = 123;
	ev.balance.decided_file_permille = 877;
	fmt(&ev, 1.6, buf, sizeof(buf));
	fprintf(f, "%s\n", buf);

	memset(&ev.move, 0, sizeof(ev.move));
	ev.type = LRU_EV_MOVE;
	ev.move.from_lru = SL_LRU_INACTIVE_ANON;
	ev.move.to_lru = SL_LRU_ACTIVE_ANON;
	ev.move.reason = SL_MOVE_REFAULT_ACTIVATE;
	ev.move.nr_pages = 512;
	ev.move.pfn = 0x1234;
	fmt(&ev, 1.7, buf, sizeof(buf));
	fprintf(f, "%s\n", buf);
	return capture_end(&c);
}

static void test_events_text(void **state)
{
	char *t = sample_events(false);

	(void)state;
	/* a shrink event line reads with the kernel's words */
	assert_like(t, "^1\\.500000 kswapd0 +42 shrink  nid=0 memcg_id=1 lru=inactive_file reclaimer=kswapd reason=balance");
	assert_like(t, "move    pfn=0x1234 nid=0 memcg_id=0 from_lru=inactive_anon to_lru=active_anon nr_pages=512 reason=refault_activate");
	free(t);
}

static void test_events_json(void **state)
{
	char *t = sample_events(true), *line, *save = NULL;
	int n = 0;

	(void)state;
	/* three event lines are three JSON objects */
	for (line = strtok_r(t, "\n", &save); line; line = strtok_r(NULL, "\n", &save), n++) {
		json_object *o = parse_json(line);

		if (n == 1)	/* a hostile comm is made safe */
			assert_string_equal(json_object_get_string(json_object_object_get(o, "comm")),
					    "a?b?c?");
		json_object_put(o);
	}
	assert_int_equal(n, 3);
	free(t);
}

/* The line for lost events, text and JSON. */
static void test_lost(void **state)
{
	char buf[256];
	json_object *o;

	(void)state;
	lru_lost_format_text(5, 12, buf, sizeof(buf));
	assert_like(buf, "^LOST 5 events \\(ring buffer full; 12 so far\\)");
	lru_lost_format_json(5, 12, buf, sizeof(buf));
	o = parse_json(buf);
	assert_string_equal(json_object_get_string(json_object_object_get(o, "event")), "lost");
	assert_int_equal(json_object_get_int(json_object_object_get(o, "count")), 5);
	assert_int_equal(json_object_get_int(json_object_object_get(o, "total")), 12);
	json_object_put(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_args),
		cmocka_unit_test(test_usage_errors),
		cmocka_unit_test(test_source_args),
		cmocka_unit_test(test_stat_text),
		cmocka_unit_test(test_stat_memcg_decision),
		cmocka_unit_test(test_stat_json),
		cmocka_unit_test(test_stat_mglru),
		cmocka_unit_test(test_events_json),
		cmocka_unit_test(test_hist_json),
		cmocka_unit_test(test_prometheus),
		cmocka_unit_test(test_promtool),
		cmocka_unit_test(test_hist_text),
		cmocka_unit_test(test_events_text),
		cmocka_unit_test(test_lost),
	};

	return cmocka_run_group_tests_name("lrutrace-unit", tests, setup, teardown);
}
