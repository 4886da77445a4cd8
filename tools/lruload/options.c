// SPDX-License-Identifier: GPL-2.0-or-later
/* options.c: the command line, one argp table and one parse_arg.  The
 * numbers and the --version/usage habits are the core's (sl_cli.h). */
#include "lruload.h"

#include <argp.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sl_cli.h"
#include "sl_num.h"

enum option_key {
	OPT_ANON = 0x100, OPT_FILESET, OPT_STREAM, OPT_HOT_PCT, OPT_HOT_SHARE,
	OPT_PATTERN, OPT_SEED, OPT_COLD, OPT_THP, OPT_SAMPLE_EVERY, OPT_MEMCG,
	OPT_MEMORY_MAX, OPT_SWAP_MAX, OPT_ANON_PASSES,
};

static const char doc[] =
"Deterministic workloads for the split anon/file LRU.\v"
"MODE is one of:\n"
"  anon     an anonymous working set of --size, written with a hot/cold\n"
"           pattern\n"
"  stream   a file of --size read sequentially, once per pass\n"
"  fileset  a file of --size re-read every pass with the hot/cold pattern\n"
"  mix      --anon, --fileset and --stream together, interleaved in\n"
"           proportion to their sizes\n"
"\n"
"A pass visits as many pages as the working set holds: a run of P passes\n"
"makes exactly P x pages accesses (mix: P x the sum of its parts).  The\n"
"first pass visits every page in order, so the set is faulted in or read\n"
"once; later passes of anon and fileset follow --pattern.  The same --seed\n"
"gives the same sequence (sequence_hash in the report).  Without --passes or\n"
"--duration, stream runs 1 pass and the other modes 3.\n"
"\n"
"SIZE is bytes with an optional binary suffix K, M, G or T, with or without\n"
"iB (1K = 1024 bytes): 4096, 64K, 200M, 1GiB.  Sizes round up to whole pages.  Files are\n"
"DIR/lruload-KIND-BYTES.dat, written (synced, then dropped from the page\n"
"cache) when missing, and kept for later runs.\n"
"\n"
"The report is one JSON object on stdout at the end, plus one JSON line per\n"
"--interval; see docs/lruload.md for the fields.\n"
"\n"
"Examples:\n"
"  lruload anon --size 200M --passes 5 --seed 7\n"
"  lruload stream --size 1G --dir /var/tmp/splitlru --cold\n"
"  lruload fileset --size 100M --hot-pct 10 --hot-share 90 --duration 30\n"
"  lruload mix --anon 200M --fileset 100M --stream 600M --duration 60 -i 5\n"
"  lruload mix --anon 48M --anon-passes 1 --fileset 64M --passes 4\n"
"  lruload anon --size 300M --memcg lruload --memory-max 128M --passes 2\n"
"\n"
"Exit status: 0 done; 1 runtime failure (mapping, file or I/O); 2 bad\n"
"arguments; 3 --memcg impossible (cgroup2 not mounted, not writable, no\n"
"memory controller); 128+N stopped by signal N (TERM, INT or HUP), after the\n"
"final report if the run had begun.";

static const char args_doc[] = "MODE";

static const struct argp_option opts[] = {
	{ NULL, 0, NULL, 0, "Working set:", 1 },
	{ "size", 's', "SIZE", 0, "Size of the anon, stream or fileset set", 1 },
	{ "anon", OPT_ANON, "SIZE", 0, "mix: anonymous working set", 1 },
	{ "fileset", OPT_FILESET, "SIZE", 0, "mix: file working set re-read each pass", 1 },
	{ "stream", OPT_STREAM, "SIZE", 0, "mix: file read once per pass", 1 },
	{ "pattern", OPT_PATTERN, "hotcold|seq", 0,
	  "Order of anon and fileset passes after the first (default hotcold)", 1 },
	{ "hot-pct", OPT_HOT_PCT, "PCT", 0,
	  "Percent of the set that is hot: its first pages (default 20)", 1 },
	{ "hot-share", OPT_HOT_SHARE, "PCT", 0,
	  "Percent of hotcold touches that go to the hot pages (default 80)", 1 },
	{ "seed", OPT_SEED, "S", 0, "Seed of the access sequence, decimal or 0x hex (default 1)", 1 },
	{ "dir", 'd', "DIR", 0, "Where the files live (default /var/tmp/splitlru)", 1 },
	{ "cold", OPT_COLD, NULL, 0, "Drop the files from the page cache before starting", 1 },
	{ "thp", OPT_THP, NULL, 0, "Allow transparent huge pages for anon memory", 1 },
	{ "anon-passes", OPT_ANON_PASSES, "N", 0,
	  "mix: touch the anon set in the first N passes only, then leave it mapped and cold", 1 },

	{ NULL, 0, NULL, 0, "Bounds (whichever comes first):", 2 },
	{ "passes", 'p', "N", 0, "Stop after N passes", 2 },
	{ "duration", 't', "SECONDS", 0, "Stop after SECONDS (fractions allowed)", 2 },

	{ NULL, 0, NULL, 0, "Reporting:", 3 },
	{ "interval", 'i', "SECONDS", 0, "Also report every SECONDS, as JSON lines", 3 },
	{ "sample-every", OPT_SAMPLE_EVERY, "K", 0,
	  "Time one access in K for the latency percentiles (default 16)", 3 },

	{ NULL, 0, NULL, 0, "Memory cgroup (cgroup v2):", 4 },
	{ "memcg", OPT_MEMCG, "PATH", 0,
	  "Create or join PATH before the run: an absolute path on cgroup2, or a cgroup below the cgroup2 mount (\"db\", \"/db\")", 4 },
	{ "memory-max", OPT_MEMORY_MAX, "SIZE|max", 0, "Write memory.max of --memcg", 4 },
	{ "swap-max", OPT_SWAP_MAX, "SIZE|max", 0, "Write memory.swap.max of --memcg", 4 },

	{ NULL, 0, NULL, 0, "Output:", 5 },
	{ "json", 'j', NULL, 0,
	  "JSON lines, the only output there is (accepted like every tool's -j)", 5 },
	{ NULL, 0, NULL, 0, "Help:", -1 },
	{ 0 },
};

const char *mode_name(enum lruload_mode mode)
{
	return mode == MODE_MIX ? "mix" : component_name((enum component_kind)mode);
}

uint64_t size_pages(uint64_t bytes, size_t page_size)
{
	return bytes / page_size + (bytes % page_size != 0);
}

static void parse_size_arg(struct argp_state *state, const char *name,
			   const char *arg, uint64_t *bytes)
{
	*bytes = sl_arg_size(state, name, arg, 0, UINT64_MAX);
	if (*bytes == 0)
		argp_error(state, "%s '%s': size must be above zero", name, arg);
}

static void parse_limit_arg(struct argp_state *state, const char *name,
			    const char *arg, struct memcg_limit *limit)
{
	int rc;

	limit->set = true;
	limit->unlimited = strcmp(arg, "max") == 0;
	if (!limit->unlimited && (rc = sl_parse_size(arg, &limit->bytes)))
		argp_error(state, "%s '%s': %s (want SIZE or max)",
			   name, arg, sl_num_strerror(rc));
}

static void parse_seconds_arg(struct argp_state *state, const char *name,
			      const char *arg, double *seconds)
{
	*seconds = sl_arg_seconds(state, name, arg, 0.001, SL_SECONDS_MAX);
}

static void parse_percent_arg(struct argp_state *state, const char *name,
			      const char *arg, unsigned *percent)
{
	*percent = (unsigned)sl_arg_uint(state, name, arg, 0, 100);
}

/* The sizes a mode takes must be the ones given. */
static void check_sizes(struct argp_state *state, struct lruload_config *config,
			uint64_t size)
{
	if (config->mode != MODE_MIX) {
		if (!size)
			argp_error(state, "%s needs --size", mode_name(config->mode));
		for (int kind = 0; kind < COMPONENT_KINDS; kind++)
			if (config->bytes[kind])
				argp_error(state, "--%s is for mix; %s takes --size",
					   component_name(kind), mode_name(config->mode));
		config->bytes[config->mode] = size;
		return;
	}
	if (size)
		argp_error(state, "mix takes --anon, --fileset and --stream, not --size");
	if (!config->bytes[COMPONENT_ANON] && !config->bytes[COMPONENT_FILESET] &&
	    !config->bytes[COMPONENT_STREAM])
		argp_error(state, "mix needs at least one of --anon, --fileset, --stream");
}

/* --size is placed once the mode is known, which may come after it. */
struct options_input {
	struct lruload_config *config;
	uint64_t size;
};

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	struct options_input *input = state->input;
	struct lruload_config *config = input->config;
	bool mode_seen = false;
	int rc;

	switch (key) {
	case 's':
		parse_size_arg(state, "--size", arg, &input->size);
		break;
	case OPT_ANON:
	case OPT_FILESET:
	case OPT_STREAM: {
		enum component_kind kind = COMPONENT_ANON + (key - OPT_ANON);
		char name[16];

		snprintf(name, sizeof(name), "--%s", component_name(kind));
		parse_size_arg(state, name, arg, &config->bytes[kind]);
		break;
	}
	case OPT_PATTERN:
		if (strcmp(arg, "hotcold") == 0)
			config->pattern = PATTERN_HOTCOLD;
		else if (strcmp(arg, "seq") == 0)
			config->pattern = PATTERN_SEQ;
		else
			argp_error(state, "--pattern '%s': want hotcold or seq", arg);
		break;
	case OPT_HOT_PCT:
		parse_percent_arg(state, "--hot-pct", arg, &config->hot_pct);
		if (config->hot_pct == 0)
			argp_error(state, "--hot-pct must be 1 to 100");
		break;
	case OPT_HOT_SHARE:
		parse_percent_arg(state, "--hot-share", arg, &config->hot_share);
		break;
	case OPT_SEED:
		if ((rc = sl_parse_u64(arg, &config->seed)))
			argp_error(state, "--seed '%s': %s (want 0 to 2^64-1, "
				   "decimal or 0x hex)", arg, sl_num_strerror(rc));
		break;
	case 'd':
		if (!*arg)
			argp_error(state, "--dir must not be empty");
		config->dir = arg;
		break;
	case OPT_COLD:
		config->cold = true;
		break;
	case OPT_THP:
		config->thp = true;
		break;
	case OPT_ANON_PASSES:
		config->anon_passes = sl_arg_uint(state, "--anon-passes", arg, 0, UINT64_MAX);
		if (!config->anon_passes)
			argp_error(state, "--anon-passes must be at least 1");
		break;
	case 'p':
		config->passes = sl_arg_uint(state, "--passes", arg, 0, UINT64_MAX);
		if (!config->passes)
			argp_error(state, "--passes must be at least 1");
		break;
	case 't':
		parse_seconds_arg(state, "--duration", arg, &config->duration);
		break;
	case 'i':
		parse_seconds_arg(state, "--interval", arg, &config->interval);
		break;
	case OPT_SAMPLE_EVERY:
		config->sample_every = sl_arg_uint(state, "--sample-every", arg, 0, UINT64_MAX);
		if (!config->sample_every)
			argp_error(state, "--sample-every must be at least 1");
		break;
	case OPT_MEMCG:
		if (!*arg)
			argp_error(state, "--memcg must not be empty");
		config->memcg = arg;
		break;
	case OPT_MEMORY_MAX:
		parse_limit_arg(state, "--memory-max", arg, &config->memory_max);
		break;
	case OPT_SWAP_MAX:
		parse_limit_arg(state, "--swap-max", arg, &config->swap_max);
		break;
	case 'j':
		break;
	case ARGP_KEY_ARG:
		if (state->arg_num > 0)
			argp_error(state, "unexpected argument '%s'", arg);
		for (int mode = MODE_ANON; mode <= MODE_MIX; mode++) {
			if (strcmp(arg, mode_name(mode)) == 0) {
				config->mode = mode;
				mode_seen = true;
			}
		}
		if (!mode_seen)
			argp_error(state, "unknown mode '%s' (want anon, stream, "
				   "fileset or mix)", arg);
		break;
	case ARGP_KEY_NO_ARGS:
		argp_error(state, "no MODE given");
		break;
	case ARGP_KEY_END:
		check_sizes(state, config, input->size);
		/* A cold anon set needs something else to run beside it, or a
		 * later pass would have nothing to access. */
		if (config->anon_passes && (config->mode != MODE_MIX || !config->bytes[COMPONENT_ANON] ||
		    (!config->bytes[COMPONENT_FILESET] && !config->bytes[COMPONENT_STREAM])))
			argp_error(state, "--anon-passes is for mix with --anon and --fileset or --stream");
		if ((config->memory_max.set || config->swap_max.set) && !config->memcg)
			argp_error(state, "--memory-max and --swap-max need --memcg");
		if (!config->passes && !config->duration)
			config->passes = config->mode == MODE_STREAM ? 1 : 3;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

void options_parse(int argc, char **argv, struct lruload_config *config)
{
	static const struct argp argp = { opts, parse_arg, args_doc, doc, NULL, NULL, NULL };
	struct options_input input = { .config = config };

	config->seed = 1;
	config->pattern = PATTERN_HOTCOLD;
	config->hot_pct = 20;
	config->hot_share = 80;
	config->sample_every = 16;
	config->dir = "/var/tmp/splitlru";
	argp_parse(&argp, argc, argv, 0, NULL, &input);
}
