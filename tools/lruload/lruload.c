// SPDX-License-Identifier: GPL-2.0-or-later
/* lruload: deterministic workloads for the split anon/file LRU.
 *
 * main() sets up (memcg, files, mapping), then run() walks the access plan
 * until the passes are done, the duration is over, or a signal arrives, and
 * the report goes to stdout as JSON.  See docs/lruload.md.
 */
#include "lruload.h"

#include <err.h>
#include <errno.h>
#include <json-c/json.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "sl_cli.h"
#include "target.h"

/* Set by signal handlers; the run loop reads them between accesses, so the
 * loop itself never calls the clock except for its latency samples. */
static volatile sig_atomic_t timer_ticked;
static volatile sig_atomic_t stop_signal;

#define TICK_USEC 20000	/* duration and interval resolution */

static void on_timer(int signo)
{
	timer_ticked = 1;
}

static void on_stop(int signo)
{
	stop_signal = signo;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int install_signals(void)
{
	struct sigaction action = { .sa_flags = SA_RESTART };
	struct itimerval tick = {
		.it_interval = { .tv_usec = TICK_USEC },
		.it_value = { .tv_usec = TICK_USEC },
	};

	sigemptyset(&action.sa_mask);
	action.sa_handler = on_stop;
	if (sigaction(SIGTERM, &action, NULL) || sigaction(SIGINT, &action, NULL) ||
	    sigaction(SIGHUP, &action, NULL))
		return -1;
	action.sa_handler = on_timer;
	if (sigaction(SIGALRM, &action, NULL))
		return -1;
	return setitimer(ITIMER_REAL, &tick, NULL);
}

struct run {
	const struct lruload_config *config;
	const char *memcg;
	struct access_plan plan;
	struct target target[COMPONENT_KINDS];	/* one per plan->stream */
	struct component_stats total[COMPONENT_KINDS];
	struct component_stats window[COMPONENT_KINDS];
	double setup_s;
};

/* One report line.  -1 when stdout cannot be written (said on stderr); a
 * reader that has gone is not an error: the run goes on without it. */
static int emit(const struct run *run, const char *type, const char *stop_reason,
		 const struct component_stats *stats, double elapsed_s, double window_s)
{
	struct report report = {
		.type = type,
		.stop_reason = stop_reason,
		.setup_s = run->setup_s,
		.elapsed_s = elapsed_s,
		.window_s = window_s,
		.memcg = run->memcg,
		.config = run->config,
		.plan = &run->plan,
		.stats = stats,
	};
	struct json_object *obj = report_json(&report);
	int rc = 0;

	if (!sl_stdout_gone()) {
		printf("%s\n", json_object_to_json_string_ext(obj, JSON_C_TO_STRING_PLAIN));
		rc = sl_stdout_flush() < 0 ? -1 : 0;
	}
	json_object_put(obj);
	return rc;
}

static int setup(struct run *run)
{
	const struct lruload_config *config = run->config;
	unsigned n = 0;

	access_plan_init(&run->plan);
	for (int kind = 0; kind < COMPONENT_KINDS; kind++) {
		uint64_t pages = size_pages(config->bytes[kind], config->page_size);

		if (!pages)
			continue;
		if (access_plan_add(&run->plan, kind, pages, config->pattern,
				    config->hot_pct, config->hot_share, config->seed)) {
			warnx("the sizes add up to too many pages");
			return EXIT_USAGE;
		}
		if (kind == COMPONENT_ANON && config->anon_passes)
			access_plan_limit(&run->plan, n, config->anon_passes);
		/* Files are written before joining the memcg, so writing
		 * them is not charged to it. */
		if (kind == COMPONENT_ANON ?
		    target_open_anon(&run->target[n], pages, config->page_size, config->thp) :
		    target_open_file(&run->target[n], kind, config->dir, pages,
				     config->page_size, &stop_signal))
			return stop_signal ? 128 + stop_signal : EXIT_RUNTIME;
		if (config->cold && target_drop_cache(&run->target[n]))
			return EXIT_RUNTIME;
		n++;
	}
	if (config->memcg) {
		char *resolved;

		if (memcg_join(config->memcg, &config->memory_max, &config->swap_max,
			       &resolved))
			return EXIT_ENVIRONMENT;
		run->memcg = resolved;
	}
	return 0;
}

static void count(struct component_stats *stats, unsigned i, uint64_t latency,
		  bool sampled)
{
	stats[i].accesses++;
	if (sampled)
		hist_add(&stats[i].latency, latency);
}

static int run_loop(struct run *run)
{
	const struct lruload_config *config = run->config;
	uint64_t start = now_ns(), window_start = start;
	uint64_t interval_ns = (uint64_t)(config->interval * 1e9);
	uint64_t deadline = config->duration ? start + (uint64_t)(config->duration * 1e9) : 0;
	uint64_t until_sample = config->sample_every;
	const char *reason = "passes";
	double elapsed;

	for (;;) {
		uint64_t page, t0 = 0, latency = 0;
		bool sampled;
		unsigned i;

		/* Plan passes, not steps: with --anon-passes a pass shortens
		 * once anon has made its last one. */
		if (config->passes && run->plan.passes == config->passes)
			break;
		if (stop_signal) {
			reason = "signal";
			break;
		}
		if (timer_ticked) {
			uint64_t now = now_ns();

			timer_ticked = 0;
			if (deadline && now >= deadline) {
				reason = "duration";
				break;
			}
			if (interval_ns && now - window_start >= interval_ns) {
				if (emit(run, "interval", NULL, run->window,
					 (double)(now - start) / 1e9,
					 (double)(now - window_start) / 1e9))
					return EXIT_RUNTIME;
				memset(run->window, 0, sizeof(run->window));
				window_start = now;
			}
		}
		i = access_plan_next(&run->plan, &page);
		sampled = --until_sample == 0;
		if (sampled) {
			until_sample = config->sample_every;
			t0 = now_ns();
		}
		if (target_access(&run->target[i], page))
			return EXIT_RUNTIME;
		if (sampled)
			latency = now_ns() - t0;
		count(run->total, i, latency, sampled);
		count(run->window, i, latency, sampled);
	}
	elapsed = (double)(now_ns() - start) / 1e9;
	if (emit(run, "final", reason, run->total, elapsed, elapsed))
		return EXIT_RUNTIME;
	return stop_signal ? 128 + stop_signal : 0;
}

int main(int argc, char **argv)
{
	struct lruload_config config = { 0 };
	struct run *run;
	uint64_t setup_start;
	long page_size = sysconf(_SC_PAGESIZE);
	int rc;

	config.page_size = page_size > 0 ? (size_t)page_size : 4096;
	sl_cli_init("lruload");
	options_parse(argc, argv, &config);

	/* The histograms are large; keep them off the stack. */
	run = calloc(1, sizeof(*run));
	if (!run)
		err(EXIT_RUNTIME, "out of memory");
	run->config = &config;
	for (int i = 0; i < COMPONENT_KINDS; i++)
		run->target[i].fd = -1;

	/* Signals first, so a TERM during a long file write still ends
	 * cleanly; the timer ticks are harmless before the loop. */
	if (install_signals())
		err(EXIT_RUNTIME, "cannot install signal handlers");
	setup_start = now_ns();
	rc = setup(run);
	run->setup_s = (double)(now_ns() - setup_start) / 1e9;
	if (!rc)
		rc = run_loop(run);
	for (unsigned i = 0; i < run->plan.count; i++)
		target_close(&run->target[i]);
	free((char *)run->memcg);
	free(run);
	return rc;
}
