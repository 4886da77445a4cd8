// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * args.c: lrutrace's command line.  One opts[] table, one parse_arg; the
 * --help text is the reference for every flag (lrutrace.8 repeats it).
 * Numbers, sizes, --version and the usage exit status are the core's
 * (sl_num.h, sl_cli.h), the same in every splitlru tool.
 */
#include <argp.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lrutrace.h"
#include "lru_format.h"
#include "sl_cli.h"
#include "sl_limits.h"
#include "sl_num.h"

const char *argp_program_bug_address = "the splitlru issue tracker";

static const char doc[] =
"Trace the kernel's split anon/file LRU reclaim.\n"
"\n"
"MODE is one of:\n"
"  events               one line per event: list shrinks, balance\n"
"                       decisions, list moves\n"
"  stat [INTERVAL [COUNT]]  per-node, per-list table every INTERVAL seconds\n"
"                       (default 1), COUNT times (default: until Ctrl-C)\n"
"  hist [INTERVAL [COUNT]]  log2 histograms of reclaim latency, pages\n"
"                       reclaimed per shrink, and priority (default: one\n"
"                       report at Ctrl-C)\n"
"\n"
"Needs root (or CAP_BPF and CAP_PERFMON) and a kernel with BTF.  Traces\n"
"from the richest source the kernel has, or the one --source names:\n"
"  series               the splitlru kernel series' tracepoints: everything\n"
"  stock-fentry         fentry/fexit on the stock reclaim functions: the\n"
"                       decision is reconstructed from its inputs\n"
"  stock-tracepoints    the stock vmscan events: no memcg, no decisions, no\n"
"                       list moves, no shrink reasons (--fallback)\n"
"and says on stderr, in one line, which source it uses and what that cannot\n"
"give (in JSON: \"source\", \"cannot\" and \"limits\").\n"
"\n"
"Exit status: 0 ok, 1 runtime error (also: the kernel cannot give the\n"
"--source asked for), 2 usage, 3 not privileged, 4 no BTF, 5 no usable\n"
"tracepoint, 6 events lost (ring buffer full, events mode).\n"
"\n"
"SECONDS are decimal (0.5, 30); BYTES take a binary suffix K, M, G or T,\n"
"with or without iB (4K = 4096, 4MiB); a closed pipe on stdout ends the\n"
"run with status 0.\n"
"\n"
"EXAMPLES:\n"
"  lrutrace events                     # every shrink, decision and move\n"
"  lrutrace events --lru inactive_file --reclaimer kswapd\n"
"  lrutrace events --memcg /sys/fs/cgroup/db --json | jq .\n"
"  lrutrace events --ringbuf-size 64M -d 30  # a larger buffer, for 30 s\n"
"  lrutrace stat 5                     # a table every 5 s\n"
"  lrutrace stat 1 10 --per-memcg      # ten 1 s tables, one per memcg\n"
"  lrutrace stat --json 10 1           # one 10 s interval as JSON\n"
"  lrutrace stat 15 --prometheus /var/lib/node_exporter/lrutrace.prom\n"
"  lrutrace stat --listen 9465         # serve 127.0.0.1:9465/metrics\n"
"  lrutrace stat --source stock-fentry # fentry on stock functions, any kernel\n"
"  lrutrace stat --fallback            # stock events only (stock-tracepoints)\n"
"  lrutrace hist                       # histograms at Ctrl-C\n"
"  lrutrace stat --self                # also show lrutrace's own cost\n"
"\vFilters (--node, --memcg, --lru, --reason, --reclaimer) apply in the kernel,\n"
"to the event stream and to the counts alike.  Lists take comma-separated\n"
"words; --reason takes shrink reasons (balance, age_anon, kswapd_age,\n"
"skipped) and move reasons (rotate_writeback, activate_access, deactivate,\n"
"deactivate_file, lazyfree, refault_activate, mlock, munlock, rescue,\n"
"activate_batched).";

static const char args_doc[] = "MODE [INTERVAL [COUNT]]";

/* --source: the BPF ones (proc-only is splitlrutop's and mmstat's). */
#define LRUTRACE_SOURCES (1u << LRU_SOURCE_SERIES | 1u << LRU_SOURCE_STOCK_FENTRY | \
			  1u << LRU_SOURCE_STOCK_TRACEPOINTS)

enum {
	OPT_SOURCE = 0x100,
	OPT_FALLBACK,
	OPT_PER_MEMCG,
	OPT_PROMETHEUS,
	OPT_LISTEN,
	OPT_LISTEN_REMOTE,
	OPT_SELF,
	OPT_RINGBUF,
};

static const struct argp_option opts[] = {
	{ NULL, 0, NULL, 0, "Filters:", 1 },
	{ "node", 'n', "NID", 0, "Only NUMA node NID", 1 },
	{ "memcg", 'm', "PATH", 0,
	  "Only the memcg at PATH: an absolute cgroup v2 directory, or a cgroup below the cgroup2 mount (\"db\" and \"/db\": /sys/fs/cgroup/db); stat then shows it per memcg", 1 },
	{ "lru", 'l', "LIST[,..]", 0,
	  "Only these lists: inactive_anon, active_anon, inactive_file, active_file", 1 },
	{ "reason", 'r', "REASON[,..]", 0, "Only these shrink or move reasons", 1 },
	{ "reclaimer", 'R', "WHO[,..]", 0,
	  "Only these reclaimers: kswapd, direct, memcg, proactive, node, other", 1 },
	{ NULL, 0, NULL, 0, "Output:", 2 },
	{ "json", 'j', NULL, 0, "One JSON object per line (every mode)", 2 },
	{ "per-memcg", OPT_PER_MEMCG, NULL, 0, "stat: one table per memcg, not per node", 2 },
	{ "prometheus", OPT_PROMETHEUS, "FILE", 0,
	  "stat: also write the counters to FILE each interval, atomically, in the Prometheus text format (node_exporter textfile collector)", 2 },
	{ "listen", OPT_LISTEN, "[ADDR:]PORT", 0,
	  "stat: serve the same text at http://ADDR:PORT/metrics (ADDR defaults to 127.0.0.1; [::1]:PORT for IPv6; PORT 1 to 65535); a loopback ADDR unless --listen-remote", 2 },
	{ "listen-remote", OPT_LISTEN_REMOTE, NULL, 0,
	  "stat: allow an --listen ADDR other than loopback (the metrics name every cgroup)", 2 },
	{ "self", OPT_SELF, NULL, 0,
	  "Also report lrutrace's own cost: events/s and BPF run time (bpf_stats)", 2 },
	{ NULL, 0, NULL, 0, "Tracing:", 3 },
	{ "duration", 'd', "SECONDS", 0, "events: stop after SECONDS", 3 },
	{ "source", OPT_SOURCE, "NAME", 0,
	  "Trace from this source: series, stock-fentry or stock-tracepoints (default: the richest the kernel has)", 3 },
	{ "fallback", OPT_FALLBACK, NULL, 0,
	  "The same as --source stock-tracepoints: the stock vmscan events only", 3 },
	{ "ringbuf-size", OPT_RINGBUF, "BYTES", 0,
	  "events: ring buffer size, 4K to 1G (default 4M), rounded up to a power of two", 3 },
	{ "verbose", 'v', NULL, 0, "Print libbpf's messages (verifier log)", 3 },
	{ NULL, 0, NULL, 0, "Help:", -1 },
	{ NULL },
};

/* Comma-separated words of kind(s) into bit masks; -1 names the bad word. */
static int parse_words(struct argp_state *state, const char *arg,
		       enum lru_name_kind kind, uint32_t *mask,
		       enum lru_name_kind kind2, uint32_t *mask2)
{
	char *copy = strdup(arg), *save = NULL, *w;
	int rc = 0;

	if (!copy)
		argp_failure(state, 1, ENOMEM, "strdup");
	for (w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		int v = lru_name_parse(kind, w);

		if (v >= 0) {
			*mask |= 1U << v;
			continue;
		}
		if (mask2 && (v = lru_name_parse(kind2, w)) >= 0) {
			*mask2 |= 1U << v;
			continue;
		}
		argp_error(state, "unknown word '%s' in '%s'", w, arg);
		rc = -1;
	}
	free(copy);
	return rc;
}

/* PORT of an --listen [ADDR:]PORT spec: a decimal 1..65535. */
static bool listen_port_valid(const char *spec)
{
	const char *colon = strrchr(spec, ':');
	uint64_t port;

	return !sl_parse_uint(colon ? colon + 1 : spec, 1, 65535, &port);
}

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	struct lrutrace_env *env = state->input;
	uint64_t u;

	switch (key) {
	case 'n':
		if (sl_parse_uint(arg, 0, 1023, &u))
			argp_error(state, "--node '%s': not a node number (0 to 1023)", arg);
		env->nid = (int)u;
		break;
	case 'm':
		env->memcg_path = arg;
		break;
	case 'l':
		parse_words(state, arg, LRU_NAMES_LRU, &env->lru_mask, 0, NULL);
		if (env->lru_mask & (1U << SL_LRU_UNEVICTABLE | 1U << SL_LRU_NONE))
			argp_error(state, "--lru: unevictable and none are never shrunk");
		break;
	case 'r':
		parse_words(state, arg, LRU_NAMES_REASON, &env->reason_mask,
			    LRU_NAMES_MOVE, &env->move_mask);
		break;
	case 'R':
		parse_words(state, arg, LRU_NAMES_RECLAIMER, &env->reclaimer_mask,
			    0, NULL);
		break;
	case 'j':
		env->json = true;
		break;
	case OPT_PER_MEMCG:
		env->per_memcg = true;
		break;
	case OPT_PROMETHEUS:
		env->prometheus_path = arg;
		break;
	case OPT_LISTEN:
		/* getaddrinfo() would take port 99999 modulo 65536 */
		if (!listen_port_valid(arg))
			argp_error(state, "--listen '%s': the port must be a number from 1 to 65535", arg);
		env->listen = arg;
		break;
	case OPT_LISTEN_REMOTE:
		env->listen_remote = true;
		break;
	case OPT_SELF:
		env->self = true;
		break;
	case 'd':
		env->duration_s = sl_arg_seconds(state, "--duration", arg, 0.001, SL_SECONDS_MAX);
		break;
	case OPT_SOURCE:
		sl_arg_source(state, "--source", arg, LRUTRACE_SOURCES, &env->source);
		break;
	case OPT_FALLBACK:
		sl_arg_source(state, "--fallback", "stock-tracepoints", LRUTRACE_SOURCES,
			      &env->source);
		break;
	case OPT_RINGBUF:
		env->ringbuf_bytes = sl_arg_size(state, "--ringbuf-size", arg, 4096, 1 << 30);
		break;
	case 'v':
		env->verbose = true;
		break;
	case ARGP_KEY_ARG:
		switch (state->arg_num) {
		case 0:
			if (strcmp(arg, "events") == 0)
				env->mode = MODE_EVENTS;
			else if (strcmp(arg, "stat") == 0)
				env->mode = MODE_STAT;
			else if (strcmp(arg, "hist") == 0)
				env->mode = MODE_HIST;
			else
				argp_error(state, "unknown mode '%s' (events, stat or hist)", arg);
			break;
		case 1:
			if (env->mode == MODE_EVENTS)
				argp_error(state, "events takes no INTERVAL (use --duration)");
			env->interval_s = sl_arg_seconds(state, "INTERVAL", arg, 0.01, SL_SECONDS_MAX);
			break;
		case 2:
			env->count = (long)sl_arg_uint(state, "COUNT", arg, 1, LONG_MAX);
			break;
		default:
			argp_error(state, "too many arguments");
		}
		break;
	case ARGP_KEY_END:
		if (state->arg_num < 1)
			argp_error(state, "no MODE given (events, stat or hist)");
		if ((env->prometheus_path || env->listen || env->per_memcg) &&
		    env->mode != MODE_STAT)
			argp_error(state, "--prometheus, --listen and --per-memcg belong to stat");
		if (env->duration_s > 0 && env->mode != MODE_EVENTS)
			argp_error(state, "--duration belongs to events (stat and hist take INTERVAL COUNT)");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

int lrutrace_parse_args(int argc, char **argv, struct lrutrace_env *env)
{
	static const struct argp argp = {
		.options = opts,
		.parser = parse_arg,
		.args_doc = args_doc,
		.doc = doc,
	};
	int err;

	memset(env, 0, sizeof(*env));
	env->nid = -1;
	env->interval_s = 0;
	env->ringbuf_bytes = 4 << 20;
	/* argp exits with argp_err_exit_status (2) on a usage error */
	argp_err_exit_status = EXIT_USAGE;
	err = argp_parse(&argp, argc, argv, 0, NULL, env);
	if (err)
		return EXIT_USAGE;
	if (env->interval_s == 0 && env->mode == MODE_STAT)
		env->interval_s = 1;
	return 0;
}
