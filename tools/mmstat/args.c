// SPDX-License-Identifier: GPL-2.0-or-later
/* mmstat's command line: one argp table, one parse_arg. */
#include <argp.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sl_cli.h"
#include "sl_num.h"

static const char doc[] =
"Print a kernel memory statistics file as key=value lines, JSON, CSV or a "
"table, or with --interval the per-second rates of its values.\n"
"\n"
"KIND is one of:\n"
"  meminfo          /proc/meminfo\n"
"  node [N]         /sys/devices/system/node/nodeN/meminfo and nodeN/vmstat;\n"
"                   every node (keys prefixed NodeN.) when N is left out\n"
"  vmstat           /proc/vmstat\n"
"  zoneinfo         /proc/zoneinfo; keys NodeN.KEY (per-node stats),\n"
"                   NodeN.ZONE.KEY (zone lines and counters, protection)\n"
"                   and NodeN.ZONE.cpuC.KEY (pagesets)\n"
"  memcg PATH       PATH/memory.stat of a cgroup (v1 or v2); PATH is an\n"
"                   absolute path on a cgroup filesystem, or a cgroup below\n"
"                   the cgroup2 mount (\"db\" and \"/db\": /sys/fs/cgroup/db)\n"
"  psi              /proc/pressure/memory (a cgroup's memory.pressure with\n"
"                   --cgroup); keys some_avg10 ... full_total\n"
"  lru_gen          /sys/kernel/debug/lru_gen (MGLRU generations, root);\n"
"                   keys memcgM.nodeN.min_seq, ...max_seq, ...genG.age_ms,\n"
"                   ...genG.anon, ...genG.file\n"
"\n"
"KEY selects values by the kernel's name, in the order given; in zoneinfo, "
"node and lru_gen a KEY also matches the last parts of a dotted name (\"min\" "
"is every zone's min; a pageset's row needs its cpuN part: \"cpu1.high\").  "
"Without KEY every value is printed, in file order."
"\v"
"Values are printed in the kernel's own unit (kB, pages, hugepages, bytes, "
"count) unless a size option is given; a size that does not fit in 64 bits "
"after conversion is an error, and then nothing is printed.  A key that is "
"missing is an error, never 0.\n"
"\n"
"Exit status:\n"
"  0  success\n"
"  1  I/O error (a file could not be opened or read, or stdout written)\n"
"  2  usage error (bad option, KIND or argument)\n"
"  3  parse error (file:line: reason on stderr), or a unit overflow\n"
"  4  a requested KEY is not in the file (nothing is printed)\n"
"\n"
"Examples:\n"
"  mmstat meminfo MemAvailable               MemAvailable=24104792\n"
"  eval \"$(mmstat -s meminfo 'Active(anon)')\" && echo $Active_anon\n"
"  mmstat -h --format table meminfo MemTotal MemFree\n"
"  mmstat -j zoneinfo | jq '.nodes[0].zones[1].min'\n"
"  mmstat zoneinfo Node0.lru_rotated_anon Node0.lru_scan_anon_permille\n"
"  mmstat node 1 nr_inactive_file\n"
"  mmstat memcg system.slice anon file          # cgroup v2\n"
"  mmstat memcg /sys/fs/cgroup/memory --numa     # v1 memory.numa_stat\n"
"  mmstat psi --cgroup system.slice full_avg10   # one cgroup's pressure\n"
"  mmstat lru_gen anon file                      # pages per generation\n"
"  mmstat --interval 1 --count 5 vmstat pgscan_anon pgscan_file\n"
"  mmstat --root tests/fixtures/mmstat/linux-2.6.18 zoneinfo";

enum { OPT_PAGE_SIZE = 256, OPT_NUMA, OPT_CGROUP };

static const struct argp_option opts[] = {
	{ "root", 'r', "DIR", 0, "Read DIR/proc/... and DIR/sys/... (a capture)", 0 },
	{ "format", 'f', "FMT", 0, "kv (default): Key=value, the kernel's names; "
	  "json: one object (zoneinfo: {\"nodes\":[...]}); csv: key,value,unit; "
	  "table: aligned columns", 0 },
	{ "json", 'j', NULL, 0, "The same as --format json", 0 },
	{ "shell-names", 's', NULL, 0, "Names usable in eval: Active(anon) -> Active_anon", 0 },
	{ "bytes", 'b', NULL, 0, "Sizes in bytes", 1 },
	{ "kibi", 'k', NULL, 0, "Sizes in KiB (truncated, as free)", 1 },
	{ "mebi", 'm', NULL, 0, "Sizes in MiB", 1 },
	{ "gibi", 'g', NULL, 0, "Sizes in GiB", 1 },
	{ "human", 'h', NULL, 0, "Sizes as free -h prints them (7.7Gi, 23Gi)", 1 },
	{ "page-size", OPT_PAGE_SIZE, "SIZE", 0, "Bytes per page for values in pages, "
	  "such as 4096 or 16K (default: this machine's; set it for another "
	  "machine's capture)", 1 },
	{ "numa", OPT_NUMA, NULL, 0, "memcg: memory.numa_stat instead of memory.stat", 2 },
	{ "cgroup", OPT_CGROUP, "PATH", 0, "psi: PATH/memory.pressure of a cgroup v2 "
	  "directory, absolute or relative to /sys/fs/cgroup", 2 },
	{ "interval", 'i', "S", 0, "Print per-second rates over S seconds (a decimal)", 3 },
	{ "count", 'c', "N", 0, "With --interval: N rate samples (default: until killed)", 3 },
	{ 0 }
};

static int parse_format(struct opts *o, const char *s)
{
	static const char *const names[] = { "kv", "json", "csv", "table" };

	for (int i = 0; i < 4; i++)
		if (!strcmp(s, names[i])) {
			o->format = (enum out_format)i;
			return 0;
		}
	return -1;
}

/* KIND, then its own argument (node N, memcg PATH), then the KEYs. */
static int parse_word(struct argp_state *state, struct opts *o, char *arg)
{
	static const char *const kinds[] = { "meminfo", "node", "vmstat",
		"zoneinfo", "memcg", "psi", "lru_gen" };
	uint64_t n;
	int i = 0;

	if (!o->have_kind) {
		while (i < K_NR && strcmp(arg, kinds[i]))
			i++;
		if (i == K_NR)
			argp_error(state, "unknown KIND '%s'", arg);
		else
			o->kind = (enum kind)i, o->have_kind = true;
		return i == K_NR ? EINVAL : 0;
	}
	/* node N: a word of digits is N (a KEY never is one) */
	if (o->kind == K_NODE && !o->nr_keys && o->node < 0 && arg[0] >= '0' && arg[0] <= '9') {
		if (sl_parse_uint(arg, 0, INT_MAX, &n)) {
			argp_error(state, "node '%s': not a node number (0 to %d)", arg, INT_MAX);
			return EINVAL;
		}
		o->node = (int)n;
		return 0;
	}
	if (o->kind == K_MEMCG && !o->cgroup) {
		o->cgroup = arg;
		return 0;
	}
	o->keys[o->nr_keys++] = arg;	/* room for argc words: parse_args */
	return 0;
}

/*
 * Option values go through the core's parsers (sl_cli.h): a bad one is
 * argp_error(), which exits 2; under ARGP_NO_EXIT (the fuzzer) it returns
 * 0, which no option accepts, so EINVAL goes back to argp_parse.
 */
static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	struct opts *o = state->input;

	switch (key) {
	case 'r': o->root = arg; break;
	case 'f':
		if (parse_format(o, arg)) {
			argp_error(state, "--format '%s': unknown (kv, json, csv, table)", arg);
			return EINVAL;
		}
		break;
	case 'j': o->format = FMT_JSON; break;
	case 's': o->shell_names = true; break;
	case 'b': case 'k': case 'm': case 'g': case 'h':
		o->scale = (char)key;
		break;
	case OPT_NUMA: o->numa_stat = true; break;
	case OPT_CGROUP: o->psi_cgroup = arg; break;
	case OPT_PAGE_SIZE:
		o->page_size = sl_arg_size(state, "--page-size", arg, 1, UINT32_MAX);
		if (!o->page_size)
			return EINVAL;
		break;
	case 'i':
		/* at most a year: sleep_for's (time_t) must not overflow */
		o->interval = sl_arg_seconds(state, "--interval", arg, 1e-6, SL_SECONDS_MAX);
		if (!(o->interval > 0))
			return EINVAL;
		break;
	case 'c':
		o->count = (long)sl_arg_uint(state, "--count", arg, 1, LONG_MAX);
		if (o->count <= 0)
			return EINVAL;
		break;
	case ARGP_KEY_ARG:
		return parse_word(state, o, arg);
	case ARGP_KEY_END:
		if (!o->have_kind) {
			argp_error(state, "no KIND given");
			return EINVAL;
		}
		if (o->kind == K_MEMCG && !o->cgroup) {
			argp_error(state, "memcg needs a cgroup PATH");
			return EINVAL;
		}
		if (o->count > 0 && !o->interval) {
			argp_error(state, "--count needs --interval");
			return EINVAL;
		}
		if (o->psi_cgroup && o->kind != K_PSI) {
			argp_error(state, "--cgroup belongs to psi (memcg takes its PATH as an argument)");
			return EINVAL;
		}
		if (o->numa_stat && o->kind != K_MEMCG) {
			argp_error(state, "--numa belongs to memcg");
			return EINVAL;
		}
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp argp = { opts, parse_arg, "KIND [ARG] [KEY]...", doc,
				  NULL, NULL, NULL };

int parse_args(struct opts *o, int argc, char **argv, unsigned flags)
{
	error_t err;

	o->keys = calloc((size_t)argc + 1, sizeof(*o->keys));
	if (!o->keys)
		return EXIT_IO;
	err = argp_parse(&argp, argc, argv, flags, NULL, o);
	return err ? EXIT_USAGE : EXIT_OK;
}
