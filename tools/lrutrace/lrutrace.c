// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lrutrace: trace the kernel's split anon/file LRU reclaim.
 *
 * The user side of bcc's libbpf-tools shape: parse, open the tracer (which
 * probes the kernel and picks the richest source, or --source's), load, attach,
 * then a loop that sleeps, reads the in-kernel aggregates and prints.  All
 * BPF lives behind lru_loader.h; all event text behind lru_format.h.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "listen.h"
#include "lrutrace.h"
#include "lru_format.h"
#include "sl_cgroup.h"
#include "sl_cli.h"
#include "sl_limits.h"

static volatile int stop;

static void on_signal(int sig)
{
	stop = 1;
}

static double wall_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t now_ms(void)
{
	return mono_ns() / 1000000;
}

/*
 * Flush stdout (the core's sl_stdout_flush): 0 when written, 1 when the
 * reader has gone (| head: not an error, just the end), -1 on a write
 * error, already said on stderr.
 */
static int flush_out(void)
{
	return sl_stdout_flush();
}

static int exit_code(int err)
{
	switch (err) {
	case LRU_ERR_PERM: return EXIT_PERM;
	case LRU_ERR_NO_BTF: return EXIT_NO_BTF;
	case LRU_ERR_NO_TRACEPOINT: return EXIT_NO_TRACEPOINT;
	default: return EXIT_FAILURE_RUNTIME;
	}
}

/* ---- events ---- */

struct events_ctx {
	const struct lrutrace_env *env;
	uint64_t start_ns;
	uint64_t seen;
	char line[1024];
};

static int print_event(void *ctx, const struct lru_event *e)
{
	struct events_ctx *ec = ctx;
	double rel = e->ts_ns >= ec->start_ns ? (e->ts_ns - ec->start_ns) / 1e9 : 0;

	if (ec->env->json)
		lru_event_format_json(e, rel, ec->line, sizeof(ec->line));
	else
		lru_event_format_text(e, rel, ec->line, sizeof(ec->line));
	ec->seen++;
	if (puts(ec->line) == EOF)
		return -1;	/* stops the poll; flush_out() says why */
	return 0;
}

static void print_lost(const struct lrutrace_env *env, uint64_t lost, uint64_t total)
{
	char line[256];

	(env->json ? lru_lost_format_json : lru_lost_format_text)(lost, total, line, sizeof(line));
	puts(line);
}

static int run_events(struct lru_tracer *t, struct lrutrace_env *env,
		      struct events_ctx *ec)
{
	uint64_t end = env->duration_s > 0 ? mono_ns() + (uint64_t)(env->duration_s * 1e9) : 0;
	uint64_t drops = 0, d;
	int n;

	if (!env->json)
		printf("%-10s %-15s %7s %-7s %s\n", "TIME(s)", "COMM", "TID",
		       "EVENT", "FIELDS");
	while (!stop) {
		n = lru_tracer_poll(t, 100);
		/*
		 * Before n: a puts() that failed ended the poll with an error,
		 * and only the flush tells a reader gone (| head, exit 0) from
		 * a write error (said on stderr) or a ring buffer that failed.
		 */
		switch (flush_out()) {
		case 1: return EXIT_OK;
		case -1: return EXIT_FAILURE_RUNTIME;
		}
		if (n < 0) {
			fprintf(stderr, "lrutrace: %s\n", lru_strerror(n));
			return EXIT_FAILURE_RUNTIME;
		}
		d = lru_tracer_drops(t);
		if (d > drops) {
			print_lost(env, d - drops, d);
			drops = d;
		}
		if (end && mono_ns() >= end)
			break;
	}
	/* what is still in the ring buffer belongs to the run */
	while (!sl_stdout_gone() && lru_tracer_poll(t, 0) > 0)
		;
	d = lru_tracer_drops(t);
	if (d > drops)
		print_lost(env, d - drops, d);
	if (flush_out())
		return sl_stdout_gone() ? EXIT_OK : EXIT_FAILURE_RUNTIME;
	fprintf(stderr, "lrutrace: %llu events, %llu lost\n",
		(unsigned long long)ec->seen, (unsigned long long)d);
	if (env->self) {
		struct report_ctx rc = {
			.env = env,
			.interval_s = (mono_ns() - ec->start_ns) / 1e9,
		};

		if (!lru_tracer_self_stats(t, &rc.self)) {
			rc.has_self = true;
			report_self_text(stderr, &rc);
		}
	}
	return d ? EXIT_LOST_EVENTS : EXIT_OK;
}

/* ---- stat / hist ---- */

/* --listen: render S and hand it to the server's thread. */
static void publish_metrics(struct metrics_server *srv, const struct report_ctx *rc,
			    const struct lru_snapshot *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	if (!srv)
		return;
	f = open_memstream(&buf, &len);
	if (!f)
		return;
	report_prometheus(f, rc, s);
	if (!fclose(f))
		metrics_publish(srv, buf, len);
	free(buf);
}

/* --prometheus: the textfile for S; a failure is said on stderr. */
static int write_textfile(const struct lrutrace_env *env,
			  const struct report_ctx *rc, const struct lru_snapshot *s)
{
	if (!env->prometheus_path)
		return 0;
	return report_prometheus_file(env->prometheus_path, rc, s);
}

/*
 * LRUTRACE_TEST_SOURCE_GONE_AFTER=N: the interval samples after the Nth
 * fail as a map read that failed.  The tests' only way to take the source
 * away: 6.1 cannot detach a tracing or raw tracepoint link from outside
 * the process that holds it.  -1 without it.
 */
static long test_source_gone_after(void)
{
	const char *v = getenv("LRUTRACE_TEST_SOURCE_GONE_AFTER");

	return v && *v ? strtol(v, NULL, 10) : -1;
}

/* The interval's sample of the source, and its delta from PREV. */
static int take_sample(struct lru_tracer *t, long samples, long gone_after,
		       struct lru_snapshot *now, const struct lru_snapshot *prev,
		       struct lru_snapshot *delta)
{
	int err;

	if (gone_after >= 0 && samples >= gone_after)
		return LRU_ERR_IO;
	if ((err = lru_tracer_snapshot(t, now)))
		return err;
	return lru_snapshot_delta(now, prev, delta);
}

/*
 * The source failed: --listen answers 503 with the reason from now on,
 * never the last numbers, until SIGINT or SIGTERM ends the run, so that a
 * scraper learns why instead of meeting a closed port.
 */
static void serve_source_gone(struct metrics_server *srv, const char *reason)
{
	if (!srv)
		return;
	metrics_source_gone(srv, reason);
	fprintf(stderr, "lrutrace: --listen answers 503 (source gone) until SIGINT or SIGTERM\n");
	while (!stop)
		usleep(200000);	/* a signal cuts it short */
}

/*
 * MGLRU's interval, beside the lists': prev/now/delta as run_periodic's,
 * read only when the tracer runs the MGLRU programs.
 */
struct mglru_interval {
	bool on;
	struct lru_mglru_snapshot prev, now, delta;
};

static void mglru_interval_init(struct mglru_interval *m, struct lru_tracer *t)
{
	m->on = lru_tracer_has_mglru(t);
	lru_mglru_snapshot_init(&m->prev);
	lru_mglru_snapshot_init(&m->now);
	lru_mglru_snapshot_init(&m->delta);
}

static int mglru_interval_start(struct mglru_interval *m, struct lru_tracer *t)
{
	return m->on ? lru_tracer_mglru_snapshot(t, &m->prev) : LRU_OK;
}

/* now - prev into delta, then now becomes prev; rc->mglru points at delta. */
static int mglru_interval_next(struct mglru_interval *m, struct lru_tracer *t,
			       struct report_ctx *rc)
{
	struct lru_mglru_snapshot tmp;
	int err;

	if (!m->on)
		return LRU_OK;
	if ((err = lru_tracer_mglru_snapshot(t, &m->now)) ||
	    (err = lru_mglru_snapshot_delta(&m->now, &m->prev, &m->delta)))
		return err;
	tmp = m->prev;
	m->prev = m->now;
	m->now = tmp;
	rc->mglru = &m->delta;
	return LRU_OK;
}

static void mglru_interval_free(struct mglru_interval *m)
{
	lru_mglru_snapshot_free(&m->prev);
	lru_mglru_snapshot_free(&m->now);
	lru_mglru_snapshot_free(&m->delta);
}

static int run_periodic(struct lru_tracer *t, struct lrutrace_env *env,
			struct metrics_server *srv)
{
	struct lru_snapshot prev, now, delta;
	struct mglru_interval mglru;
	struct lru_self_stats self_prev = {}, self_now = {};
	struct report_ctx rc = {
		.env = env,
		.source = lru_tracer_source(t),
		.cannot = lru_tracer_cannot(t),
	};
	long reports = 0, gone_after = test_source_gone_after();
	bool textfile_failed = false;
	/* hist without INTERVAL: one report when stopped */
	double interval = env->interval_s > 0 ? env->interval_s : 1e9;
	int rc_exit = EXIT_OK, err;

	lru_snapshot_init(&prev);
	lru_snapshot_init(&now);
	lru_snapshot_init(&delta);
	mglru_interval_init(&mglru, t);
	if ((err = lru_tracer_snapshot(t, &prev)) || (err = mglru_interval_start(&mglru, t))) {
		fprintf(stderr, "lrutrace: %s\n", lru_strerror(err));
		rc_exit = EXIT_FAILURE_RUNTIME;
		goto out;
	}
	if (env->self)
		lru_tracer_self_stats(t, &self_prev);
	publish_metrics(srv, &rc, &prev);
	/*
	 * Write the textfile once now: an unwritable path fails here, before
	 * the first interval, instead of leaving a collector with stale data.
	 */
	if (env->mode == MODE_STAT && write_textfile(env, &rc, &prev)) {
		rc_exit = EXIT_FAILURE_RUNTIME;
		goto out;
	}

	while (!stop) {
		uint64_t deadline = now_ms() + (uint64_t)(interval * 1000);

		/* --listen is served by its own thread meanwhile */
		while (!stop && now_ms() < deadline) {
			uint64_t left = deadline - now_ms();

			usleep(left > 200 ? 200000 : (useconds_t)left * 1000);
		}
		if ((err = take_sample(t, reports, gone_after, &now, &prev, &delta)) ||
		    (err = mglru_interval_next(&mglru, t, &rc))) {
			fprintf(stderr, "lrutrace: %s\n", lru_strerror(err));
			serve_source_gone(srv, lru_strerror(err));
			rc_exit = EXIT_FAILURE_RUNTIME;
			break;
		}
		rc.wall_ts = wall_now();
		rc.interval_s = (now.ts_ns - prev.ts_ns) / 1e9;
		rc.drops = now.counters[LRU_CNT_RB_DROPS];
		if (env->self && !lru_tracer_self_stats(t, &self_now)) {
			rc.has_self = true;
			rc.self.run_cnt = self_now.run_cnt - self_prev.run_cnt;
			rc.self.run_time_ns = self_now.run_time_ns - self_prev.run_time_ns;
			self_prev = self_now;
		}
		if (env->mode == MODE_STAT) {
			if (env->json)
				report_stat_json(stdout, &rc, &delta);
			else
				report_stat_text(stdout, &rc, &delta);
			/* tracing goes on; the run's status says it failed */
			if (write_textfile(env, &rc, &now))
				textfile_failed = true;
			publish_metrics(srv, &rc, &now);
		} else {
			if (env->json)
				report_hist_json(stdout, &rc, &delta);
			else
				report_hist_text(stdout, &rc, &delta);
		}
		if ((err = flush_out())) {
			if (err < 0)
				rc_exit = EXIT_FAILURE_RUNTIME;
			break;
		}
		/* swap: now becomes the previous sample */
		{
			struct lru_snapshot tmp = prev;

			prev = now;
			now = tmp;
		}
		if (++reports == env->count)
			break;
	}
	if (textfile_failed)
		rc_exit = EXIT_FAILURE_RUNTIME;
out:
	lru_snapshot_free(&prev);
	lru_snapshot_free(&now);
	lru_snapshot_free(&delta);
	mglru_interval_free(&mglru);
	return rc_exit;
}

/* Why lru_tracer_open failed; a forced source the kernel lacks is named. */
static void open_failed(enum lru_source forced, int err)
{
	char line[512];

	if (err == LRU_ERR_NO_SOURCE && forced != LRU_SOURCE_AUTO)
		sl_source_missing_text(line, sizeof(line), forced);
	else
		snprintf(line, sizeof(line), "%s", lru_strerror(err));
	fprintf(stderr, "lrutrace: %s\n", line);
}

/*
 * The one line saying which source traces and what it cannot give; also
 * the line scripts wait for: from here on, events are counted.
 */
static void print_source(const struct lru_tracer *t)
{
	char line[640];

	sl_source_line(line, sizeof(line), lru_tracer_source(t), lru_tracer_cannot(t));
	fprintf(stderr, "lrutrace: tracing, %s; Ctrl-C to end\n", line);
}

/* A node filter for a node that does not exist would trace nothing, silently. */
static bool node_online(int nid)
{
	char path[64];

	snprintf(path, sizeof(path), "/sys/devices/system/node/node%d", nid);
	return access(path, F_OK) == 0;
}

int main(int argc, char **argv)
{
	struct lrutrace_env env;
	struct lru_tracer_opts opts;
	struct lru_tracer *t = NULL;
	struct events_ctx ec = {};
	struct sigaction sa = { .sa_handler = on_signal };
	struct metrics_server *srv = NULL;
	int err, rc, usage;

	/* --version, usage exit 2, SIGPIPE ignored, stdout checked at exit */
	sl_cli_init("lrutrace");
	rc = lrutrace_parse_args(argc, argv, &env);
	if (rc)
		return rc;

	/* no SA_RESTART: a signal must cut short poll() and usleep() */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	if (env.nid >= 0 && !node_online(env.nid))
		sl_usage_error("--node %d: no such NUMA node online", env.nid);
	lru_tracer_opts_init(&opts);
	opts.force_source = env.source;
	opts.verbose = env.verbose;
	opts.nid = env.nid;
	opts.lru_mask = env.lru_mask;
	opts.reason_mask = env.reason_mask;
	opts.move_mask = env.move_mask;
	opts.reclaimer_mask = env.reclaimer_mask;
	opts.ringbuf_bytes = env.ringbuf_bytes;
	opts.no_hists = env.mode != MODE_HIST;	/* only hist reads them */
	if (env.memcg_path) {
		struct sl_cgroup cg;

		if (sl_cgroup_resolve(NULL, env.memcg_path, 0, &cg) == 0)
			sl_cgroup_note("--memcg", env.memcg_path, &cg);
		err = lru_memcg_id_from_path(env.memcg_path, &opts.memcg_id);
		if (err) {
			fprintf(stderr, "lrutrace: --memcg %s: %s\n",
				env.memcg_path, lru_strerror(err));
			return EXIT_USAGE;
		}
		opts.memcg_filter = true;
	}
	/*
	 * Bind before loading anything: a port in use ends the run at once
	 * (status 1), an address that does not resolve is a usage error.
	 */
	if (env.listen && !(srv = metrics_start(env.listen, env.listen_remote, &usage)))
		return usage ? EXIT_USAGE : EXIT_FAILURE_RUNTIME;
	if (env.mode == MODE_EVENTS) {
		ec.env = &env;
		opts.on_event = print_event;
		opts.ctx = &ec;
	}

	t = lru_tracer_open(&opts, &err);
	if (!t) {
		open_failed(env.source, err);
		metrics_stop(srv);
		return exit_code(err);
	}
	if (env.memcg_path && (lru_tracer_cannot(t) & (1u << SL_LIMIT_MEMCG))) {
		fprintf(stderr, "lrutrace: --memcg: source %s has no memcg (the stock events carry no memcg)\n",
			lru_source_name(lru_tracer_source(t)));
		rc = EXIT_NO_TRACEPOINT;
		goto out;
	}
	if ((err = lru_tracer_load(t)) || (err = lru_tracer_attach(t))) {
		fprintf(stderr, "lrutrace: %s\n", lru_strerror(err));
		rc = exit_code(err);
		goto out;
	}
	if (env.self && (err = lru_tracer_enable_stats(t)))
		fprintf(stderr, "lrutrace: --self: cannot enable bpf_stats: %s\n",
			lru_strerror(err));
	print_source(t);
	ec.start_ns = mono_ns();

	if (env.mode == MODE_EVENTS)
		rc = run_events(t, &env, &ec);
	else
		rc = run_periodic(t, &env, srv);
out:
	metrics_stop(srv);
	lru_tracer_destroy(t);
	return rc;
}
