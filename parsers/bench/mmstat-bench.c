// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmstat-bench: libmmstat against a raw pread of the same file, against
 * procps' libproc2, parse-only, and mmstat against free as processes.
 * Each pair runs interleaved in one process (so both see the same machine
 * state), repeat after repeat; the figure is the ratio of the medians.
 * Lines read "name: value (target T) PASS|MISS"; the exit status is 0
 * whatever the figures, since a benchmark is not a test.
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mmstat.h"
#ifdef HAVE_LIBPROC2
#include <libproc2/meminfo.h>
#include <libproc2/vmstat.h>
#endif

#define REPEATS 31

extern char **environ;
static volatile uint64_t sink;

typedef void (*bench_fn)(void *ctx);

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double per_call_ns(bench_fn fn, void *ctx, int iters)
{
	double t0 = now_ns();

	for (int i = 0; i < iters; i++)
		fn(ctx);
	return (now_ns() - t0) / iters;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return v[n / 2];
}

static void report(const char *name, double value, const char *unit,
		   double target, const char *detail)
{
	printf("%s: %.3g%s (target %g) %s   # %s\n", name, value, unit, target,
	       value <= target ? "PASS" : "MISS", detail);
	fflush(stdout);
}

/* a against b, interleaved; reports median(a) / median(b). */
static void compare(const char *name, bench_fn a, void *actx, const char *aname,
		    bench_fn b, void *bctx, const char *bname, int iters,
		    double target)
{
	double ta[REPEATS], tb[REPEATS], ma, mb;
	char detail[160];

	a(actx), b(bctx);	/* warm caches and grow buffers */
	for (int r = 0; r < REPEATS; r++) {
		ta[r] = per_call_ns(a, actx, iters);
		tb[r] = per_call_ns(b, bctx, iters);
	}
	ma = median(ta, REPEATS);
	mb = median(tb, REPEATS);
	snprintf(detail, sizeof(detail), "%s %.2f us, %s %.2f us, median of %d x %d",
		 aname, ma / 1000, bname, mb / 1000, REPEATS, iters);
	report(name, ma / mb, "x", target, detail);
}

/* ---- the contenders ---- */

struct raw {
	int fd;
	bool one_record;
	size_t len;
	char buf[1 << 16];
};

/*
 * What any reader must at least do: pread the whole file, with the same
 * strategy as the library for the kind, so that *_vs_pread isolates the
 * cost of parsing.  A single-record seq_file (/proc/meminfo) is whole after
 * one read that does not fill the buffer; /proc/vmstat and /proc/zoneinfo
 * come a page of records per read, so those loop until pread returns 0.
 */
static void raw_pread(void *ctx)
{
	struct raw *r = ctx;
	size_t len = 0, room;
	ssize_t n;

	do {
		room = sizeof(r->buf) - 1 - len;
		n = pread(r->fd, r->buf + len, room, (off_t)len);
		if (n > 0)
			len += (size_t)n;
	} while (n > 0 && !(r->one_record && (size_t)n < room));
	r->buf[len] = '\0';
	r->len = len;
	sink += len;
}

static void lib_meminfo(void *ctx)
{
	const struct mmstat_table *t;
	uint64_t v = 0, w = 0;

	if (mmstat_meminfo_read(ctx))
		abort();
	t = mmstat_meminfo_table(ctx);
	mmstat_table_get(t, MMSTAT_MI_MEM_AVAILABLE, &v);
	mmstat_table_get(t, MMSTAT_MI_ACTIVE_ANON, &w);
	sink += v + w;
}

static void lib_vmstat(void *ctx)
{
	uint64_t v = 0;

	if (mmstat_vmstat_read(ctx))
		abort();
	mmstat_table_get(mmstat_vmstat_table(ctx), MMSTAT_VM_PGSCAN_ANON, &v);
	sink += v;
}

static void lib_zoneinfo(void *ctx)
{
	if (mmstat_zoneinfo_read(ctx))
		abort();
	sink += mmstat_zoneinfo_nr_nodes(ctx);
}

struct parse_only {
	struct mmstat_meminfo *m;
	char text[8192];
	size_t len;
};

static void lib_meminfo_parse(void *ctx)
{
	struct parse_only *p = ctx;

	if (mmstat_meminfo_parse(p->m, p->text, p->len))
		abort();
	sink += mmstat_meminfo_table(p->m)->count;
}

#ifdef HAVE_LIBPROC2
static void procps_meminfo(void *ctx)
{
	enum meminfo_item items[] = { MEMINFO_MEM_AVAILABLE, MEMINFO_MEM_ACTIVE_ANON };
	struct meminfo_stack *s = procps_meminfo_select(ctx, items, 2);

	sink += MEMINFO_VAL(0, ul_int, s, ctx) + MEMINFO_VAL(1, ul_int, s, ctx);
}

static void procps_vmstat(void *ctx)
{
	enum vmstat_item items[] = { VMSTAT_PGSCAN_ANON };
	struct vmstat_stack *s = procps_vmstat_select(ctx, items, 1);

	sink += VMSTAT_VAL(0, ul_int, s, ctx);
}
#endif

/* ---- whole processes ---- */

static void run_quiet(char *const argv[])
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int status;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	if (posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ) == 0)
		waitpid(pid, &status, 0);
	posix_spawn_file_actions_destroy(&fa);
}

static void proc_mmstat(void *ctx)
{
	char *argv[] = { ctx, "meminfo", NULL };

	run_quiet(argv);
}

static void proc_free(void *ctx)
{
	char *argv[] = { "free", NULL };

	run_quiet(argv);
}

static struct raw *raw_open(const char *path, bool one_record)
{
	struct raw *r = malloc(sizeof(*r));

	r->one_record = one_record;
	r->fd = open(path, O_RDONLY);
	if (r->fd < 0) {
		perror(path);
		exit(1);
	}
	return r;
}

int main(int argc, char **argv)
{
	const char *mmstat = argc > 2 && !strcmp(argv[1], "--mmstat") ? argv[2] : NULL;
	struct mmstat_meminfo *mi = mmstat_meminfo_new(NULL, NULL);
	struct mmstat_vmstat *vm = mmstat_vmstat_new(NULL, NULL);
	struct mmstat_zoneinfo *zi = mmstat_zoneinfo_new(NULL, NULL);
	struct raw *rmi = raw_open("/proc/meminfo", true),
		*rvm = raw_open("/proc/vmstat", false),
		*rzi = raw_open("/proc/zoneinfo", false);
	struct parse_only po = { .m = mmstat_meminfo_new(MMSTAT_NO_FILE, NULL) };

	compare("meminfo_vs_pread", lib_meminfo, mi, "libmmstat", raw_pread, rmi,
		"pread", 2000, 1.10);
	compare("vmstat_vs_pread", lib_vmstat, vm, "libmmstat", raw_pread, rvm,
		"pread", 500, 1.10);
	compare("zoneinfo_vs_pread", lib_zoneinfo, zi, "libmmstat", raw_pread, rzi,
		"pread", 200, 1.10);
#ifdef HAVE_LIBPROC2
	struct meminfo_info *pmi = NULL;
	struct vmstat_info *pvm = NULL;

	if (procps_meminfo_new(&pmi) < 0 || procps_vmstat_new(&pvm) < 0)
		return 1;
	compare("meminfo_vs_procps", lib_meminfo, mi, "libmmstat", procps_meminfo, pmi,
		"libproc2", 2000, 0.8);
	compare("vmstat_vs_procps", lib_vmstat, vm, "libmmstat", procps_vmstat, pvm,
		"libproc2", 500, 0.8);
#else
	printf("meminfo_vs_procps: skipped (built without libproc2-dev)\n");
#endif
	{
		double t[REPEATS];

		raw_pread(rmi);
		po.len = rmi->len;
		memcpy(po.text, rmi->buf, po.len);
		lib_meminfo_parse(&po);
		for (int r = 0; r < REPEATS; r++)
			t[r] = per_call_ns(lib_meminfo_parse, &po, 20000);
		report("meminfo_parse_ns", median(t, REPEATS), " ns", 1000,
		       "parse only, from a buffer holding /proc/meminfo");
	}
	if (mmstat)
		compare("mmstat_vs_free", proc_mmstat, (void *)mmstat, "mmstat meminfo",
			proc_free, NULL, "free", 10, 1.0);
	return 0;
}
