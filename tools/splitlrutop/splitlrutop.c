// SPDX-License-Identifier: GPL-2.0-only
/*
 * splitlrutop: a live view of Linux's split anon/file LRU reclaim.
 *
 * This file parses the command line and picks the mode; batch.c and tui.c
 * run it.  See docs/splitlrutop.md.
 */
#include <argp.h>
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "term.h"

const char *argp_program_version = "splitlrutop 0.1";
const char *argp_program_bug_address = "the splitlru issue tracker";

static const char doc[] =
"splitlrutop: the split anon/file LRU lists, the kernel's scan-balance "
"decision and per-list reclaim rates, per node and per memcg.\n"
"\n"
"Runs from /proc alone when BPF is unavailable (not root, no BTF, a stock "
"kernel) and says what is missing.\n"
"\n"
"EXAMPLES:\n"
"  splitlrutop                     interactive, 1 s refresh\n"
"  splitlrutop -d 2 -w run.rec     interactive, recording every sample\n"
"  splitlrutop -b -n 5 -d 1        five plain-text frames, one a second\n"
"  splitlrutop -b --json -n 10     ten JSON objects, one per line\n"
"  splitlrutop -r run.rec          replay a recording (no root, no BPF)\n"
"  splitlrutop -b -r run.rec       print every frame of a recording\n"
"\n"
"OPTIONS:";

enum { OPT_JSON = 1000, OPT_NODE, OPT_NO_BPF, OPT_FALLBACK, OPT_ROOT, OPT_ASCII, OPT_MONO };

static const struct argp_option opts[] = {
	{ "batch", 'b', NULL, 0, "Batch mode: print frames to stdout, read no keys", 0 },
	{ "iterations", 'n', "COUNT", 0, "Stop after COUNT frames (default: until stopped)", 0 },
	{ "delay", 'd', "SECONDS", 0, "Refresh interval (default 1; 0.1 to 3600)", 0 },
	{ "json", OPT_JSON, NULL, 0, "Batch mode: one JSON object per frame and line", 0 },
	{ "write", 'w', "FILE", 0, "Record every sample to FILE", 0 },
	{ "read", 'r', "FILE", 0, "Replay a recording instead of sampling", 0 },
	{ "node", OPT_NODE, "NODE", 0, "Show only this NUMA node (n cycles)", 0 },
	{ "memcg", 'm', NULL, 0, "Start in the memcg view (batch: add the memcg table)", 0 },
	{ "sort", 's', "COLUMN", 0, "Sort column: scanned, reclaimed, rotated, activated, "
	  "deactivated or efficiency (default scanned)", 0 },
	{ "no-bpf", OPT_NO_BPF, NULL, 0, "Do not load BPF; use /proc alone", 0 },
	{ "fallback", OPT_FALLBACK, NULL, 0, "Use the stock tracepoints even on a splitlru kernel", 0 },
	{ "root", OPT_ROOT, "DIR", 0, "Read DIR/proc and DIR/sys (a capture) instead of the live files", 0 },
	{ "ascii", OPT_ASCII, NULL, 0, "ASCII glyphs only, even in a UTF-8 locale", 0 },
	{ "mono", OPT_MONO, NULL, 0, "No colour (also when NO_COLOR is set)", 0 },
	{ "quiet", 'q', NULL, 0, "Batch mode: no notes on stderr", 0 },
	{ 0 },
};

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	struct sl_options *o = state->input;
	char *end;

	switch (key) {
	case 'b':
		o->batch = true;
		break;
	case 'n':
		errno = 0;
		o->count = strtol(arg, &end, 10);
		if (errno || *end || o->count < 1)
			argp_error(state, "-n wants a positive count, not '%s'", arg);
		break;
	case 'd': {
		double s = strtod(arg, &end);
		if (*end || !(s >= 0.1 && s <= 3600))
			argp_error(state, "-d wants seconds from 0.1 to 3600, not '%s'", arg);
		o->interval_ms = (unsigned)(s * 1000 + 0.5);
		break;
	}
	case OPT_JSON:
		o->json = true;
		break;
	case 'w':
		o->write_path = arg;
		break;
	case 'r':
		o->read_path = arg;
		break;
	case OPT_NODE: {
		/* through long: (int) of 4294967297 would be node 1 */
		long node;

		errno = 0;
		node = strtol(arg, &end, 10);
		if (errno || end == arg || *end || node < 0 || node > INT_MAX)
			argp_error(state, "--node wants a node number, not '%s'", arg);
		o->view.node = (int)node;
		break;
	}
	case 'm':
		o->view.memcg = true;
		break;
	case 's': {
		int i;
		for (i = 0; i < SL_COL_NR; i++)
			if (!strncmp(arg, sl_col_names[i], strlen(arg)) && arg[0])
				break;
		if (i == SL_COL_NR)
			argp_error(state, "unknown sort column '%s'", arg);
		o->view.sort = (enum sl_col)i;
		break;
	}
	case OPT_NO_BPF:
		o->sampler.no_bpf = true;
		break;
	case OPT_FALLBACK:
		o->sampler.force_fallback = true;
		break;
	case OPT_ROOT:
		o->sampler.root = arg;
		break;
	case OPT_ASCII:
		o->term.ascii = true;
		break;
	case OPT_MONO:
		o->term.mono = true;
		break;
	case 'q':
		o->quiet = true;
		break;
	case ARGP_KEY_ARG:
		argp_error(state, "unexpected argument '%s'", arg);
		break;
	case ARGP_KEY_END:
		if (o->json && !o->batch)
			argp_error(state, "--json needs -b");
		if (o->read_path && o->write_path)
			argp_error(state, "-r and -w do not go together");
		if (o->count && !o->batch)
			argp_error(state, "-n needs -b");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct argp argp = { opts, parse_arg, NULL, doc, NULL, NULL, NULL };
	struct sl_options o = {
		.interval_ms = 1000,
		.view = { .node = -1, .sort = SL_COL_SCANNED },
	};

	setlocale(LC_ALL, "");
	argp_err_exit_status = 2;
	argp_parse(&argp, argc, argv, 0, NULL, &o);
	o.sampler.interval_ms = o.interval_ms;
	sl_signals_install();
	/* SIGINT/SIGTERM end the run cleanly: exit 0 with the terminal restored. */
	return o.batch ? sl_run_batch(&o) : sl_run_tui(&o);
}
