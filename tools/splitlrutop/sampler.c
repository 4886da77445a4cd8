// SPDX-License-Identifier: GPL-2.0-only
/*
 * sampler.c: fills one sample from the two sources, plus the clocks and
 * splitlrutop's own cost.  The display never calls into here; the main
 * loop does, once per interval.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "sampler.h"

struct sl_sampler {
	struct sl_proc_source *proc;
	struct sl_bpf_source *bpf;	/* NULL: proc-only */
	enum sl_bpf_reason bpf_reason;
	char bpf_detail[256];
	char btf[900];		/* sl_bpf_btf_text, "" without BPF */
	bool btf_notice;
	unsigned interval_ms;
	uint64_t seq;
	uint64_t suspended_ns;	/* CLOCK_BOOTTIME - CLOCK_MONOTONIC, when last read */
};

/* How often the uptime's offset is read again (it grows only in a suspend). */
#define BOOT_OFFSET_SAMPLES 16

static uint64_t clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/*
 * The BPF half, or why not.  0; -1 with err set when the source asked
 * for cannot be had (AUTO falls back to /proc alone).
 */
static int open_bpf(struct sl_sampler *sp, const struct sl_sampler_opts *opts,
		    char *err, size_t errlen)
{
	const char *off = NULL;

	if (opts->source == LRU_SOURCE_PROC_ONLY)
		off = "--no-bpf or --source proc-only given";
	else if (opts->root && strcmp(opts->root, "/"))
		off = "reading a capture (--root)";	/* its kernel is not this one */
	else if (getenv("SPLITLRU_NO_BPF") && opts->source == LRU_SOURCE_AUTO)
		off = "SPLITLRU_NO_BPF given";
	if (off && opts->source != LRU_SOURCE_AUTO && opts->source != LRU_SOURCE_PROC_ONLY) {
		snprintf(err, errlen, "--source %s: %s", lru_source_name(opts->source), off);
		return -1;
	}
	if (off) {
		sp->bpf_reason = SL_BPF_DISABLED;
		snprintf(sp->bpf_detail, sizeof(sp->bpf_detail), "%s", off);
		return 0;
	}
	sp->bpf = sl_bpf_open(opts->source, &sp->bpf_reason,
			      sp->bpf_detail, sizeof(sp->bpf_detail));
	if (sp->bpf)
		sp->btf_notice = sl_bpf_btf_text(sp->bpf, sp->btf, sizeof(sp->btf));
	if (!sp->bpf && opts->source != LRU_SOURCE_AUTO) {
		snprintf(err, errlen, "%s", sp->bpf_detail);
		return -1;
	}
	return 0;
}

struct sl_sampler *sl_sampler_new(const struct sl_sampler_opts *opts,
				  char *err, size_t errlen)
{
	struct sl_sampler *sp = calloc(1, sizeof(*sp));

	if (!sp) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	sp->interval_ms = opts->interval_ms;
	sp->proc = sl_proc_open(opts->root, err, errlen);
	if (!sp->proc || open_bpf(sp, opts, err, errlen)) {
		sl_sampler_free(sp);
		return NULL;
	}
	sl_proc_want_memcgs(sp->proc, opts->memcgs);
	return sp;
}

const char *sl_sampler_bpf_detail(const struct sl_sampler *sp)
{
	return sp->bpf_detail;
}

const char *sl_sampler_btf(const struct sl_sampler *sp, bool *notice)
{
	*notice = sp->btf_notice;
	return sp->btf;
}

void sl_sampler_set_interval(struct sl_sampler *sp, unsigned interval_ms)
{
	sp->interval_ms = interval_ms;
}

/*
 * The sample's clocks, with as few clock reads as may be: where the
 * clocksource has no vDSO path (HPET, as in a TCG guest) each is a system
 * call and a device read, a tenth of a frame there.  With BPF on, the
 * loader's snapshot has read CLOCK_MONOTONIC already; time() is the vDSO's
 * coarse second, no clock read; the uptime is CLOCK_MONOTONIC plus the time
 * spent suspended, read again every BOOT_OFFSET_SAMPLES samples, so after a
 * resume the uptime is behind for a few samples at most.
 */
static void set_clocks(struct sl_sampler *sp, struct sl_sample *s, bool have_snapshot)
{
	s->mono_ns = have_snapshot ? s->bpf.ts_ns : clock_ns(CLOCK_MONOTONIC);
	if (s->seq % BOOT_OFFSET_SAMPLES == 0) {
		uint64_t boot = clock_ns(CLOCK_BOOTTIME), mono = clock_ns(CLOCK_MONOTONIC);
		sp->suspended_ns = boot > mono ? boot - mono : 0;
	}
	s->boot_s = (s->mono_ns + sp->suspended_ns) / 1000000000ull;
	s->real_s = (uint64_t)time(NULL);
}

int sl_sampler_sample(struct sl_sampler *sp, struct sl_sample *s,
		      char *err, size_t errlen)
{
	struct rusage ru;
	bool snapshot;

	sl_sample_reset(s);
	s->seq = sp->seq++;
	s->interval_ms = sp->interval_ms;
	if (sl_proc_sample(sp->proc, s, err, errlen))
		return -1;
	s->bpf_reason = sp->bpf_reason;
	snapshot = sp->bpf && sl_bpf_sample(sp->bpf, s) == 0;
	if (!snapshot) {
		s->missing |= SL_LACK_BPF;
		s->source = LRU_SOURCE_PROC_ONLY;
		s->cannot = lru_source_cannot(LRU_SOURCE_PROC_ONLY);
	}
	set_clocks(sp, s, snapshot && s->bpf.ts_ns);
	/* MGLRU can be switched on and off while we run */
	if (sl_mglru_on(s->mglru))
		s->cannot |= 1u << SL_LIMIT_CLASSIC_LISTS;
	if (getrusage(RUSAGE_SELF, &ru) == 0) {
		s->self_cpu_ns = ((uint64_t)ru.ru_utime.tv_sec + (uint64_t)ru.ru_stime.tv_sec) * 1000000000ull +
			((uint64_t)ru.ru_utime.tv_usec + (uint64_t)ru.ru_stime.tv_usec) * 1000ull;
		s->self_rss_kb = (uint64_t)ru.ru_maxrss;
	}
	return 0;
}

void sl_sampler_want_memcgs(struct sl_sampler *sp, bool want)
{
	sl_proc_want_memcgs(sp->proc, want);
}

void sl_sampler_free(struct sl_sampler *sp)
{
	if (!sp)
		return;
	sl_bpf_close(sp->bpf);
	sl_proc_close(sp->proc);
	free(sp);
}

int sl_set_scan_balance(const char *root, const char *word, char *err,
			size_t errlen)
{
	char path[600];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/proc/sys/vm/lru_scan_balance",
		 root && strcmp(root, "/") ? root : "");
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "cannot open vm.lru_scan_balance: %s",
			 errno == ENOENT ? "this kernel lacks the splitlru series" : strerror(errno));
		return -1;
	}
	n = write(fd, word, strlen(word));
	int saved = errno;
	close(fd);
	if (n < 0) {
		snprintf(err, errlen, "vm.lru_scan_balance refused '%s': %s", word, strerror(saved));
		return -1;
	}
	return 0;
}
