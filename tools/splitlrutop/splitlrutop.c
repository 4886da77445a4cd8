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
#include "sl_cli.h"
#include "sl_num.h"
#include "term.h"

const char *argp_program_bug_address = "the splitlru issue tracker";

static const char doc[] =
"splitlrutop: the split anon/file LRU lists, the kernel's scan-balance "
"decision and per-list reclaim rates, per node and per memcg.\n"
"\n"
"Reads the kernel from the richest source it has, or the one --source "
"names: series (the splitlru kernel series' tracepoints), stock-fentry "
"(fentry on the stock reclaim functions: the decision is reconstructed), "
"stock-tracepoints (the stock vmscan events: no memcg, no decisions) or "
"proc-only (/proc and /sys alone, without BPF; also when BPF is unavailable: "
"not root, no BTF).  The header's source line, and \"source\" and "
"\"cannot\" in the JSON, say which one and what it cannot give.\n"
"\n"
"To keep its memory low, the BPF programs are loaded against a minimal BTF "
"made for the running kernel at build time (bpf/min-btf; the directory is "
"$SPLITLRU_MIN_BTF_DIR or the build's), not the kernel's whole BTF.  Where "
"none matches, or the source attaches by BTF id (stock-fentry), the kernel's "
"own BTF is read in a short-lived loader process (its memory, not "
"splitlrutop's; the same figures), and a notice on stderr says so with that "
"process's peak RSS; -v names the BTF used.\n"
"\n"
"EXAMPLES:\n"
"  splitlrutop                     interactive, 1 s refresh\n"
"  splitlrutop -d 2 -w run.rec     interactive, recording every sample\n"
"  splitlrutop -b -n 5 -d 1        five plain-text frames, one a second\n"
"  splitlrutop -b -j -n 10         ten JSON objects, one per line\n"
"  splitlrutop -r run.rec          replay a recording (no root, no BPF)\n"
"  splitlrutop -b -r run.rec       print every frame of a recording\n"
"  splitlrutop -b -n 1 --no-bpf    one frame from /proc alone\n"
"  splitlrutop --source stock-fentry   fentry on the stock functions\n"
"\n"
"Exit status: 0 ok (also when stopped by q, SIGINT, SIGTERM or SIGHUP, when\n"
"the terminal hangs up, or when the reader of stdout has gone); 1 error (a file or stdout that cannot be\n"
"written, a recording that cannot be read, no terminal without -b, a\n"
"--source the kernel cannot give); 2 usage error.  SECONDS are decimal (0.5); COUNT and NODE whole numbers.\n"
"\n"
"OPTIONS:";

enum { OPT_NODE = 1000, OPT_NO_BPF, OPT_SOURCE, OPT_FALLBACK, OPT_ROOT, OPT_ASCII, OPT_MONO };

static const struct argp_option opts[] = {
	{ "batch", 'b', NULL, 0, "Batch mode: print frames to stdout, read no keys", 0 },
	{ "iterations", 'n', "COUNT", 0, "Stop after COUNT frames (default: until stopped)", 0 },
	{ "delay", 'd', "SECONDS", 0, "Refresh interval (default 1; 0.1 to 3600)", 0 },
	{ "json", 'j', NULL, 0, "Batch mode: one JSON object per frame and line", 0 },
	{ "write", 'w', "FILE", 0, "Record every sample to FILE", 0 },
	{ "read", 'r', "FILE", 0, "Replay a recording instead of sampling", 0 },
	{ "node", OPT_NODE, "NODE", 0, "Show only this NUMA node (n cycles)", 0 },
	{ "memcg", 'm', NULL, 0, "Start in the memcg view (batch: add the memcg table)", 0 },
	{ "sort", 's', "COLUMN", 0, "Sort column: scanned, reclaimed, rotated, activated, "
	  "deactivated or efficiency (default scanned)", 0 },
	{ "source", OPT_SOURCE, "NAME", 0, "Read from this source: series, stock-fentry, "
	  "stock-tracepoints or proc-only (default: the richest the kernel has)", 0 },
	{ "no-bpf", OPT_NO_BPF, NULL, 0, "The same as --source proc-only: /proc alone", 0 },
	{ "fallback", OPT_FALLBACK, NULL, 0, "The same as --source stock-tracepoints", 0 },
	{ "root", OPT_ROOT, "DIR", 0, "Read DIR/proc and DIR/sys (a capture) instead of the live files", 0 },
	{ "ascii", OPT_ASCII, NULL, 0, "ASCII glyphs only, even in a UTF-8 locale", 0 },
	{ "mono", OPT_MONO, NULL, 0, "No colour (also when NO_COLOR is set)", 0 },
	{ "quiet", 'q', NULL, 0, "Batch mode: no notes on stderr (nor the BTF notice)", 0 },
	{ "verbose", 'v', NULL, 0, "Say on stderr which BTF the BPF programs were loaded with "
	  "(the minimal BTF of this kernel, or the kernel's own and why)", 0 },
	{ 0 },
};

/* --source: every one, proc-only included. */
#define ALL_SOURCES ((1u << LRU_SOURCE_NR) - 2)

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	struct sl_options *o = state->input;
	uint64_t u;
	double s;

	switch (key) {
	case 'b':
		o->batch = true;
		break;
	case 'n':
		if (sl_parse_uint(arg, 1, LONG_MAX, &u))
			argp_error(state, "-n wants a positive count, not '%s'", arg);
		o->count = (long)u;
		break;
	case 'd':
		if (sl_parse_seconds(arg, 0.1, 3600, &s))
			argp_error(state, "-d wants seconds from 0.1 to 3600, not '%s'", arg);
		o->interval_ms = (unsigned)(s * 1000 + 0.5);
		break;
	case 'j':
		o->json = true;
		break;
	case 'w':
		o->write_path = arg;
		break;
	case 'r':
		o->read_path = arg;
		break;
	case OPT_NODE:
		/* range-checked before the cast: 4294967297 must not be node 1 */
		if (sl_parse_uint(arg, 0, INT_MAX, &u))
			argp_error(state, "--node wants a node number, not '%s'", arg);
		o->view.node = (int)u;
		break;
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
	case OPT_SOURCE:
		sl_arg_source(state, "--source", arg, ALL_SOURCES, &o->sampler.source);
		break;
	case OPT_NO_BPF:
		sl_arg_source(state, "--no-bpf", "proc-only", ALL_SOURCES, &o->sampler.source);
		break;
	case OPT_FALLBACK:
		sl_arg_source(state, "--fallback", "stock-tracepoints", ALL_SOURCES,
			      &o->sampler.source);
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
	case 'v':
		o->verbose = true;
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

const char *sl_btf_line(const struct sl_options *o, const struct sl_sampler *sp)
{
	bool notice;
	const char *line = sl_sampler_btf(sp, &notice);

	if (!line[0])
		return NULL;
	return o->verbose || (notice && !o->quiet) ? line : NULL;
}

int main(int argc, char **argv)
{
	static const struct argp argp = { opts, parse_arg, NULL, doc, NULL, NULL, NULL };
	struct sl_options o = {
		.interval_ms = 1000,
		.view = { .node = -1, .sort = SL_COL_SCANNED },
	};

	setlocale(LC_ALL, "");
	/* --version, usage exit 2, SIGPIPE ignored, stdout checked at exit */
	sl_cli_init("splitlrutop");
	argp_parse(&argp, argc, argv, 0, NULL, &o);
	o.sampler.interval_ms = o.interval_ms;
	/* JSON and recordings always carry the memcgs; text only with -m */
	o.sampler.memcgs = o.view.memcg || o.json || o.write_path;
	sl_signals_install();
	/* SIGINT/SIGTERM end the run cleanly: exit 0 with the terminal restored. */
	return o.batch ? sl_run_batch(&o) : sl_run_tui(&o);
}
