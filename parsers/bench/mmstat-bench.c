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

static double now_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/*
 * In-process figures count this thread's CPU time (user and system), not
 * the wall clock: on a shared, loaded machine the time the thread waits
 * for a CPU is other processes' work, and it is most of the spread.  The
 * whole-process comparison (mmstat against free) keeps the wall clock.
 */
static clockid_t bench_clock = CLOCK_THREAD_CPUTIME_ID;

static double per_call_ns(bench_fn fn, void *ctx, int iters)
{
	double t0 = now_ns(bench_clock);

	for (int i = 0; i < iters; i++)
		fn(ctx);
	return (now_ns(bench_clock) - t0) / iters;
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

/*
 * "name: value (target T) PASS|MISS|UNRESOLVED"; spread is the
 * interquartile range of the repeats' ratios: a value nearer the target
 * than that is UNRESOLVED, never a PASS.  target 0: a figure to read, no
 * target.
 */
static void report_spread(const char *name, double value, const char *unit,
			  double target, double spread, const char *detail)
{
	if (!target)
		printf("%s: %.3g%s (target none)   # %s\n", name, value, unit, detail);
	else if (spread > 0 && value > target - spread && value < target + spread)
		printf("%s: %.3g%s (target %g) UNRESOLVED, spread %.3g   # %s\n", name,
		       value, unit, target, spread, detail);
	else
		printf("%s: %.3g%s (target %g) %s   # %s\n", name, value, unit, target,
		       value <= target ? "PASS" : "MISS", detail);
	fflush(stdout);
}

static void report(const char *name, double value, const char *unit,
		   double target, const char *detail)
{
	report_spread(name, value, unit, target, 0, detail);
}

/* The interquartile range of a[i] / b[i]. */
static double ratio_spread(const double *a, const double *b, int n)
{
	double r[REPEATS];

	for (int i = 0; i < n; i++)
		r[i] = a[i] / b[i];
	qsort(r, (size_t)n, sizeof(*r), cmp_double);
	return r[(3 * n) / 4] - r[n / 4];
}

/* a against b, interleaved; reports median(a) / median(b). */
static void compare(const char *name, bench_fn a, void *actx, const char *aname,
		    bench_fn b, void *bctx, const char *bname, int iters,
		    double target)
{
	double ta[REPEATS], tb[REPEATS], ma, mb, spread;
	char detail[160];

	a(actx), b(bctx);	/* warm caches and grow buffers */
	for (int r = 0; r < REPEATS; r++) {
		ta[r] = per_call_ns(a, actx, iters);
		tb[r] = per_call_ns(b, bctx, iters);
	}
	spread = ratio_spread(ta, tb, REPEATS);
	ma = median(ta, REPEATS);
	mb = median(tb, REPEATS);
	snprintf(detail, sizeof(detail), "%s %.2f us, %s %.2f us, median of %d x %d",
		 aname, ma / 1000, bname, mb / 1000, REPEATS, iters);
	report_spread(name, ma / mb, "x", target, spread, detail);
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

/* The same parse from a buffer holding a sample: no system call at all. */
struct parse_only {
	void *ctx;
	char text[1 << 16];
	size_t len;
};

static void lib_meminfo_parse(void *ctx)
{
	struct parse_only *p = ctx;

	if (mmstat_meminfo_parse(p->ctx, p->text, p->len))
		abort();
	sink += mmstat_meminfo_table(p->ctx)->count;
}

static void lib_vmstat_parse(void *ctx)
{
	struct parse_only *p = ctx;

	if (mmstat_vmstat_parse(p->ctx, p->text, p->len))
		abort();
	sink += mmstat_vmstat_table(p->ctx)->count;
}

static void lib_zoneinfo_parse(void *ctx)
{
	struct parse_only *p = ctx;

	if (mmstat_zoneinfo_parse(p->ctx, p->text, p->len))
		abort();
	sink += mmstat_zoneinfo_nr_nodes(p->ctx);
}

/*
 * The floor: the kernel's text generation and the system call (the raw
 * pread, rw) plus the parse alone (po), each measured by itself; the whole
 * (lib) against it.  A ratio near 1 says the library adds nothing but its
 * parse, which is po's share of the pread.
 */
static void floor_report(const char *kind, bench_fn lib, void *lctx, bench_fn parse,
			 struct parse_only *po, struct raw *rw, int iters)
{
	double tl[REPEATS], tr[REPEATS], tp[REPEATS], ml, mr, mp;
	char name[64], detail[200];

	raw_pread(rw);
	po->len = rw->len;
	memcpy(po->text, rw->buf, po->len);
	parse(po), lib(lctx);
	for (int r = 0; r < REPEATS; r++) {
		tl[r] = per_call_ns(lib, lctx, iters);
		tr[r] = per_call_ns(raw_pread, rw, iters);
		tp[r] = per_call_ns(parse, po, iters);
	}
	ml = median(tl, REPEATS), mr = median(tr, REPEATS), mp = median(tp, REPEATS);
	snprintf(name, sizeof(name), "%s_parse_ns", kind);
	snprintf(detail, sizeof(detail), "parse only, from a buffer; %.1f %% of the %.2f us pread "
		 "(%zu bytes): pread + parse = %.3gx pread", 100 * mp / mr, mr / 1000, rw->len,
		 (mr + mp) / mr);
	report(name, mp, " ns", strcmp(kind, "meminfo") ? 0 : 1000, detail);
	snprintf(name, sizeof(name), "%s_vs_floor", kind);
	snprintf(detail, sizeof(detail), "libmmstat %.2f us against pread %.2f us + parse %.2f us",
		 ml / 1000, mr / 1000, mp / 1000);
	report(name, ml / (mr + mp), "x", 0, detail);
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

/*
 * --loop KIND SECONDS: one contender alone for perf record, where KIND is
 * meminfo, vmstat, zoneinfo (libmmstat) or pread-meminfo, ... (raw).
 */
static int loop(const char *kind, double seconds, void *mi, void *vm, void *zi,
		struct raw *rmi, struct raw *rvm, struct raw *rzi)
{
	bench_fn fn = strncmp(kind, "pread-", 6) ? (!strcmp(kind, "meminfo") ? lib_meminfo :
		!strcmp(kind, "vmstat") ? lib_vmstat : lib_zoneinfo) : raw_pread;
	const char *k = strncmp(kind, "pread-", 6) ? kind : kind + 6;
	void *ctx = !strcmp(k, "meminfo") ? (fn == raw_pread ? (void *)rmi : mi) :
		!strcmp(k, "vmstat") ? (fn == raw_pread ? (void *)rvm : vm) :
		(fn == raw_pread ? (void *)rzi : zi);
	double end = now_ns(CLOCK_MONOTONIC) + seconds * 1e9;
	long n = 0;

	while (now_ns(CLOCK_MONOTONIC) < end) {
		for (int i = 0; i < 100; i++)
			fn(ctx);
		n += 100;
	}
	printf("%s: %ld calls\n", kind, n);
	return 0;
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
	struct parse_only *po_mi = calloc(1, sizeof(*po_mi)), *po_vm = calloc(1, sizeof(*po_vm)),
		*po_zi = calloc(1, sizeof(*po_zi));

	if (argc > 3 && !strcmp(argv[1], "--loop"))
		return loop(argv[2], atof(argv[3]), mi, vm, zi, rmi, rvm, rzi);

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
	po_mi->ctx = mmstat_meminfo_new(MMSTAT_NO_FILE, NULL);
	po_vm->ctx = mmstat_vmstat_new(MMSTAT_NO_FILE, NULL);
	po_zi->ctx = mmstat_zoneinfo_new(MMSTAT_NO_FILE, NULL);
	floor_report("meminfo", lib_meminfo, mi, lib_meminfo_parse, po_mi, rmi, 2000);
	floor_report("vmstat", lib_vmstat, vm, lib_vmstat_parse, po_vm, rvm, 500);
	floor_report("zoneinfo", lib_zoneinfo, zi, lib_zoneinfo_parse, po_zi, rzi, 200);
	bench_clock = CLOCK_MONOTONIC;
	if (mmstat)
		compare("mmstat_vs_free", proc_mmstat, (void *)mmstat, "mmstat meminfo",
			proc_free, NULL, "free", 10, 1.0);
	return 0;
}
