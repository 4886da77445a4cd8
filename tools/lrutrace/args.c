// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * args.c: lrutrace's command line.  One opts[] table, one parse_arg; the
 * --help text is the reference for every flag (lrutrace.8 repeats it).
 */
#include <argp.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lrutrace.h"
#include "lru_format.h"

const char *argp_program_version = "lrutrace (splitlru) 0.1";
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
"Needs root (or CAP_BPF and CAP_PERFMON) and a kernel with BTF.  Uses the\n"
"splitlru kernel series' tracepoints when present, and otherwise falls back\n"
"to the stock vmscan events, saying which figures are then unavailable.\n"
"\n"
"Exit status: 0 ok, 1 runtime error, 2 usage, 3 not privileged, 4 no BTF,\n"
"5 no usable tracepoint, 6 events lost (ring buffer full, events mode).\n"
"\n"
"EXAMPLES:\n"
"  lrutrace events                     # every shrink, decision and move\n"
"  lrutrace events --lru inactive_file --reclaimer kswapd\n"
"  lrutrace events --memcg /sys/fs/cgroup/db --json | jq .\n"
"  lrutrace stat 5                     # a table every 5 s\n"
"  lrutrace stat 1 10 --per-memcg      # ten 1 s tables, one per memcg\n"
"  lrutrace stat --json 10 1           # one 10 s interval as JSON\n"
"  lrutrace stat 15 --prometheus /var/lib/node_exporter/lrutrace.prom\n"
"  lrutrace stat --listen 9465         # serve 127.0.0.1:9465/metrics\n"
"  lrutrace stat --fallback            # stock events only, as on any kernel\n"
"  lrutrace hist                       # histograms at Ctrl-C\n"
"  lrutrace stat --self                # also show lrutrace's own cost\n"
"\vFilters (--node, --memcg, --lru, --reason, --reclaimer) apply in the kernel,\n"
"to the event stream and to the counts alike.  Lists take comma-separated\n"
"words; --reason takes shrink reasons (balance, age_anon, kswapd_age,\n"
"skipped) and move reasons (rotate_writeback, activate_access, deactivate,\n"
"deactivate_file, lazyfree, refault_activate).";

static const char args_doc[] = "MODE [INTERVAL [COUNT]]";

enum {
	OPT_FALLBACK = 0x100,
	OPT_PER_MEMCG,
	OPT_PROMETHEUS,
	OPT_LISTEN,
	OPT_SELF,
	OPT_RINGBUF,
};

static const struct argp_option opts[] = {
	{ NULL, 0, NULL, 0, "Filters:", 1 },
	{ "node", 'n', "NID", 0, "Only NUMA node NID", 1 },
	{ "memcg", 'm', "PATH", 0,
	  "Only the memcg at PATH (cgroup v2 directory, absolute or relative to /sys/fs/cgroup); stat then shows it per memcg", 1 },
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
	  "stat: serve the same text at http://ADDR:PORT/metrics (ADDR defaults to 127.0.0.1)", 2 },
	{ "self", OPT_SELF, NULL, 0,
	  "Also report lrutrace's own cost: events/s and BPF run time (bpf_stats)", 2 },
	{ NULL, 0, NULL, 0, "Tracing:", 3 },
	{ "duration", 'd', "SECONDS", 0, "events: stop after SECONDS", 3 },
	{ "fallback", OPT_FALLBACK, NULL, 0,
	  "Use the stock vmscan events even if the kernel has splitlru's", 3 },
	{ "ringbuf-size", OPT_RINGBUF, "BYTES", 0,
	  "events: ring buffer size (default 4M; k/M suffixes)", 3 },
	{ "verbose", 'v', NULL, 0, "Print libbpf's messages (verifier log)", 3 },
	{ NULL, 0, NULL, 0, "Help:", -1 },
	{ NULL },
};

static int parse_double(const char *s, double min, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || v < min || v != v)
		return -1;
	*out = v;
	return 0;
}

static int parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

static int parse_size(const char *s, size_t *out)
{
	char *end;
	unsigned long long v;
	unsigned shift = 0;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || s[0] == '-')
		return -1;
	if (*end == 'k' || *end == 'K')
		shift = 10, end++;
	else if (*end == 'm' || *end == 'M')
		shift = 20, end++;
	/* range before the shift: 17592186044417M must not wrap to 1M */
	if (*end || v > (1ULL << 30) >> shift || v << shift < 4096)
		return -1;
	*out = (size_t)(v << shift);
	return 0;
}

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
	const char *port = colon ? colon + 1 : spec;
	unsigned long v;
	char *end;

	if (!isdigit((unsigned char)port[0]))
		return false;
	errno = 0;
	v = strtoul(port, &end, 10);
	return !errno && !*end && v >= 1 && v <= 65535;
}

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	struct lrutrace_env *env = state->input;
	long l;

	switch (key) {
	case 'n':
		if (parse_long(arg, 0, 1023, &l))
			argp_error(state, "--node: '%s' is not a node number", arg);
		env->nid = (int)l;
		break;
	case 'm':
		env->memcg_path = arg;
		break;
	case 'l':
		parse_words(state, arg, LRU_NAMES_LRU, &env->lru_mask, 0, NULL);
		if (env->lru_mask & (1U << SL_LRU_UNEVICTABLE))
			argp_error(state, "--lru: unevictable is never shrunk");
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
	case OPT_SELF:
		env->self = true;
		break;
	case 'd':
		if (parse_double(arg, 0.001, &env->duration_s))
			argp_error(state, "--duration: '%s' is not a positive number of seconds", arg);
		break;
	case OPT_FALLBACK:
		env->fallback = true;
		break;
	case OPT_RINGBUF:
		if (parse_size(arg, &env->ringbuf_bytes))
			argp_error(state, "--ringbuf-size: '%s' is not a size from 4k to 1G", arg);
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
			if (parse_double(arg, 0.01, &env->interval_s))
				argp_error(state, "INTERVAL '%s' is not a number of seconds >= 0.01", arg);
			break;
		case 2:
			if (parse_long(arg, 1, LONG_MAX, &env->count))
				argp_error(state, "COUNT '%s' is not a positive integer", arg);
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
	/* argp exits with argp_err_exit_status on a usage error */
	argp_err_exit_status = EXIT_USAGE;
	err = argp_parse(&argp, argc, argv, 0, NULL, env);
	if (err)
		return EXIT_USAGE;
	if (env->interval_s == 0 && env->mode == MODE_STAT)
		env->interval_s = 1;
	return 0;
}
