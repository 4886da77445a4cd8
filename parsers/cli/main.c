// SPDX-License-Identifier: GPL-2.0-or-later
/* mmstat: print the kernel's memory statistics files for scripts. */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static const char usage_text[] =
"Usage: mmstat [OPTION]... KIND [ARG] [KEY]...\n"
"Print a kernel memory statistics file as key=value lines, JSON, CSV or a\n"
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
"  memcg PATH       PATH/memory.stat of a cgroup (v1 or v2); PATH is a\n"
"                   cgroup directory, absolute or relative to /sys/fs/cgroup\n"
"  psi              /proc/pressure/memory (a cgroup's memory.pressure with\n"
"                   --cgroup); keys some_avg10 ... full_total\n"
"\n"
"KEY selects values by the kernel's name, in the order given; in zoneinfo\n"
"and node a KEY also matches the last part of a dotted name (\"min\" is\n"
"every zone's min).  Without KEY every value is printed, in file order.\n"
"\n"
"Options:\n"
"  -r, --root DIR       read DIR/proc/... and DIR/sys/... (a capture)\n"
"  -f, --format FMT     kv (default): Key=value, the kernel's names;\n"
"                       json: one object (zoneinfo: {\"nodes\":[...]});\n"
"                       csv: key,value,unit; table: aligned columns\n"
"  -s, --shell-names    names usable in eval: Active(anon) -> Active_anon\n"
"  -b, -k, -m, -g       sizes in bytes, KiB, MiB, GiB (truncated, as free)\n"
"  -h, --human          sizes like 1.5Gi, as free -h\n"
"      --page-size N    bytes per page for pages values (default: this\n"
"                       machine's; set it for another machine's capture)\n"
"      --numa           memcg: memory.numa_stat instead of memory.stat\n"
"      --cgroup PATH    psi: PATH/memory.pressure of a cgroup v2 directory,\n"
"                       absolute or relative to /sys/fs/cgroup\n"
"  -i, --interval S     print per-second rates over S seconds (decimal)\n"
"  -c, --count N        with --interval: N rate samples (default: forever)\n"
"      --help           this text\n"
"\n"
"Values are printed in the kernel's own unit (kB, pages, bytes, count)\n"
"unless a size option is given; a size that does not fit in 64 bits after\n"
"conversion is an error.  A key that is missing is an error, never 0.\n"
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
"  mmstat --format json zoneinfo | jq '.nodes[0].zones[1].min'\n"
"  mmstat zoneinfo Node0.lru_rotated_anon Node0.lru_scan_anon_permille\n"
"  mmstat node 1 nr_inactive_file\n"
"  mmstat memcg system.slice anon file          # cgroup v2\n"
"  mmstat memcg /sys/fs/cgroup/memory --numa     # v1 memory.numa_stat\n"
"  mmstat psi --cgroup system.slice full_avg10   # one cgroup's pressure\n"
"  mmstat --interval 1 --count 5 vmstat pgscan_anon pgscan_file\n"
"  mmstat --root tests/fixtures/mmstat/linux-2.6.18 zoneinfo\n";

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("mmstat: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs(" (try mmstat --help)\n", stderr);
	return EXIT_USAGE;
}

static bool parse_count(const char *s, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(s, &end, 10);
	return s[0] >= '0' && s[0] <= '9' && !*end && !errno;
}

static int parse_format(struct opts *o, const char *s)
{
	static const char *const names[] = { "kv", "json", "csv", "table" };

	for (int i = 0; i < 4; i++)
		if (!strcmp(s, names[i])) {
			o->format = (enum out_format)i;
			return EXIT_OK;
		}
	return usage_error("unknown format '%s' (kv, json, csv, table)", s);
}

/* KIND and its own argument (node N, memcg PATH); the rest are KEYs. */
static int parse_kind(struct opts *o, int argc, char **argv)
{
	static const char *const kinds[] = { "meminfo", "node", "vmstat",
		"zoneinfo", "memcg", "psi" };
	long n;
	int i = 0;

	if (argc < 1)
		return usage_error("no KIND given");
	while (i < 6 && strcmp(argv[0], kinds[i]))
		i++;
	if (i == 6)
		return usage_error("unknown KIND '%s'", argv[0]);
	o->kind = (enum kind)i;
	argc--, argv++;
	if (o->kind == K_NODE && argc && parse_count(argv[0], &n)) {
		if (n > INT_MAX)	/* (int) would make 4294967297 node 1 */
			return usage_error("bad node '%s'", argv[0]);
		o->node = (int)n;
		argc--, argv++;
	}
	if (o->kind == K_MEMCG) {
		if (!argc)
			return usage_error("memcg needs a cgroup PATH");
		o->cgroup = argv[0];
		argc--, argv++;
	}
	o->keys = argv;
	o->nr_keys = argc;
	return EXIT_OK;
}

static int parse_args(struct opts *o, int argc, char **argv)
{
	enum { OPT_HELP = 256, OPT_PAGE_SIZE, OPT_NUMA, OPT_CGROUP };
	static const struct option longopts[] = {
		{ "root", required_argument, NULL, 'r' },
		{ "format", required_argument, NULL, 'f' },
		{ "shell-names", no_argument, NULL, 's' },
		{ "human", no_argument, NULL, 'h' },
		{ "page-size", required_argument, NULL, OPT_PAGE_SIZE },
		{ "numa", no_argument, NULL, OPT_NUMA },
		{ "cgroup", required_argument, NULL, OPT_CGROUP },
		{ "interval", required_argument, NULL, 'i' },
		{ "count", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, OPT_HELP },
		{ 0 }
	};
	char *end;
	long n;
	int c, ret = EXIT_OK;

	while (ret == EXIT_OK &&
	       (c = getopt_long(argc, argv, "r:f:sbkmghi:c:", longopts, NULL)) != -1) {
		switch (c) {
		case 'r': o->root = optarg; break;
		case 'f': ret = parse_format(o, optarg); break;
		case 's': o->shell_names = true; break;
		case 'b': case 'k': case 'm': case 'g': case 'h':
			o->scale = (char)c;
			break;
		case OPT_NUMA: o->numa_stat = true; break;
		case OPT_CGROUP: o->psi_cgroup = optarg; break;
		case OPT_PAGE_SIZE:
			if (!parse_count(optarg, &n) || n <= 0)
				ret = usage_error("bad --page-size '%s'", optarg);
			o->page_size = (uint64_t)n;
			break;
		case 'i':
			o->interval = strtod(optarg, &end);
			/* at most a year: sleep_for's (time_t) must not overflow */
			if (*end || !(o->interval > 0 && o->interval <= 31536000))
				ret = usage_error("bad --interval '%s'", optarg);
			break;
		case 'c':
			if (!parse_count(optarg, &o->count) || o->count <= 0)
				ret = usage_error("bad --count '%s'", optarg);
			break;
		case OPT_HELP:
			fputs(usage_text, stdout);
			exit(EXIT_OK);
		default:
			return EXIT_USAGE;
		}
	}
	if (ret == EXIT_OK)
		ret = parse_kind(o, argc - optind, argv + optind);
	if (ret == EXIT_OK && o->count > 0 && !o->interval)
		ret = usage_error("--count needs --interval");
	if (ret == EXIT_OK && o->psi_cgroup && o->kind != K_PSI)
		ret = usage_error("--cgroup belongs to psi (memcg takes its PATH as an argument)");
	return ret;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sleep_for(double seconds)
{
	struct timespec ts = { (time_t)seconds,
		(long)((seconds - (double)(time_t)seconds) * 1e9) };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* The selected rows of a sample as a table, for mmstat_delta. */
static struct mmstat_table selected(const struct sample *s, const size_t *sel,
				    size_t nsel, struct mmstat_entry *buf)
{
	for (size_t k = 0; k < nsel; k++)
		buf[k] = s->ent[sel[k]];
	return (struct mmstat_table){ buf, nsel, NULL, 0 };
}

/*
 * Bytes of a transparent huge page, for vmstat's nr_*_hugepages and
 * nr_*_pmdmapped: the capture's (or this machine's) hpage_pmd_size, else
 * what a PMD maps with --page-size pages: page_size / 8 of them (512 x
 * 4 KiB = 2 MiB on x86-64, 2048 x 16 KiB = 32 MiB on arm64).
 */
static uint64_t hugepage_size(const struct opts *o)
{
	char path[4200], text[32];
	unsigned long long size = 0;
	struct stat st;
	ssize_t n = -1;
	int fd;

	snprintf(path, sizeof(path), "%s/sys/kernel/mm/transparent_hugepage/hpage_pmd_size",
		 o->root ? o->root : "");
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd >= 0) {		/* a regular file only, as libmmstat reads */
		if (!fstat(fd, &st) && S_ISREG(st.st_mode))
			n = read(fd, text, sizeof(text) - 1);
		close(fd);
	}
	if (n > 0) {
		text[n] = '\0';
		size = strtoull(text, NULL, 10);
	}
	if (!size && o->page_size <= UINT32_MAX)
		size = (unsigned long long)(o->page_size * (o->page_size / 8));
	return size ? size : 1;
}

/*
 * Everything a sample prints goes to a memory stream first and reaches
 * stdout only when the whole of it was formatted: a unit overflow on the
 * second key must not leave the first on stdout for an eval to use.
 */
static int out_begin(struct opts *o, char **buf, size_t *len)
{
	o->out = open_memstream(buf, len);
	if (!o->out) {
		fprintf(stderr, "mmstat: out of memory\n");
		return EXIT_IO;
	}
	return EXIT_OK;
}

/* Writes the stream's text to stdout when ret is EXIT_OK; a write error is one. */
static int out_end(struct opts *o, char **buf, size_t *len, int ret)
{
	if (fclose(o->out) && ret == EXIT_OK) {
		fprintf(stderr, "mmstat: out of memory\n");
		ret = EXIT_IO;
	}
	o->out = NULL;
	if (ret == EXIT_OK &&
	    ((*len && fwrite(*buf, 1, *len, stdout) != *len) || fflush(stdout))) {
		fprintf(stderr, "mmstat: write error on standard output: %m\n");
		ret = EXIT_IO;
	}
	free(*buf);
	*buf = NULL;
	return ret;
}

static int run_rates(struct opts *o, struct source *src, struct sample *s)
{
	struct sample prev = { 0 };
	struct mmstat_entry *b = NULL;
	struct mmstat_rate *rates = NULL;
	size_t *sel = NULL, nsel = 0, len;
	double t0 = now(), t1;
	char *buf = NULL;
	int ret = EXIT_OK;

	for (long seq = 1; ret == EXIT_OK && (o->count < 0 || seq <= o->count); seq++) {
		struct sample tmp = prev;
		struct mmstat_table before, after;

		prev = *s, *s = tmp;	/* the last sample becomes "before" */
		sleep_for(o->interval);
		ret = source_sample(src, s);
		t1 = now();
		free(sel);
		sel = NULL;
		if (ret == EXIT_OK)
			ret = select_rows(o, s, &sel, &nsel);
		if (ret != EXIT_OK)
			break;
		b = realloc(b, (nsel + 1) * sizeof(*b));
		rates = realloc(rates, (nsel + 1) * sizeof(*rates));
		if (!b || !rates)
			abort();
		before = (struct mmstat_table){ prev.ent, prev.n, NULL, 0 };
		after = selected(s, sel, nsel, b);
		ret = out_begin(o, &buf, &len);
		if (ret == EXIT_OK)
			ret = out_end(o, &buf, &len,
				      print_rates(o, rates, mmstat_delta(&before, &after, t1 - t0,
									 rates, nsel), seq));
		t0 = t1;
	}
	free(b), free(rates), free(sel);
	sample_free(&prev);
	return ret;
}

int main(int argc, char **argv)
{
	struct opts o = { .format = FMT_KV, .node = -1, .count = -1 };
	struct sample s = { 0 };
	struct source *src;
	size_t *sel = NULL, nsel = 0, len;
	char *buf = NULL;
	int ret = parse_args(&o, argc, argv);

	if (ret != EXIT_OK)
		return ret;
	if (!o.page_size)
		o.page_size = (uint64_t)sysconf(_SC_PAGESIZE);
	o.hugepage_size = hugepage_size(&o);
	src = source_open(&o, &ret);
	if (!src)
		return ret;
	ret = source_sample(src, &s);
	if (ret == EXIT_OK)
		ret = select_rows(&o, &s, &sel, &nsel);
	if (ret == EXIT_OK && o.interval > 0)
		ret = run_rates(&o, src, &s);
	else if (ret == EXIT_OK && (ret = out_begin(&o, &buf, &len)) == EXIT_OK)
		ret = out_end(&o, &buf, &len, print_sample(&o, src, &s, sel, nsel));
	free(sel);
	sample_free(&s);
	source_close(src);
	return ret;
}
