/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lrutrace.h: what lrutrace's files share: the parsed command line, exit
 * codes, and the report writers (report.c) that turn snapshots into text.
 */
#ifndef LRUTRACE_H
#define LRUTRACE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "lru_loader.h"

/* Exit codes; lrutrace.8 documents them. */
enum lrutrace_exit {
	EXIT_OK = 0,
	EXIT_FAILURE_RUNTIME = 1,	/* anything not below */
	EXIT_USAGE = 2,			/* bad command line */
	EXIT_PERM = 3,			/* not root / lacks CAP_BPF+CAP_PERFMON */
	EXIT_NO_BTF = 4,		/* kernel without BTF */
	EXIT_NO_TRACEPOINT = 5,		/* no usable vmscan tracepoints */
	EXIT_LOST_EVENTS = 6,		/* events: the ring buffer overflowed */
};

enum lrutrace_mode {
	MODE_EVENTS,
	MODE_STAT,
	MODE_HIST,
};

struct lrutrace_env {
	enum lrutrace_mode mode;
	double interval_s;		/* stat/hist: seconds per report */
	long count;			/* reports before exiting; 0: until signal */
	double duration_s;		/* events: stop after this; 0: until signal */
	bool json;
	bool verbose;
	enum lru_source source;		/* --source (--fallback); AUTO: the richest */
	bool per_memcg;
	bool self;
	int nid;			/* -1: all */
	const char *memcg_path;
	uint32_t lru_mask, reason_mask, move_mask, reclaimer_mask;
	size_t ringbuf_bytes;
	const char *prometheus_path;
	const char *listen;		/* ADDR:PORT or PORT */
	bool listen_remote;		/* --listen may bind beyond loopback */
};

/*
 * Parse argv into *env.  Returns 0, or EXIT_USAGE after printing why to
 * stderr; --help and --version print to stdout and return -1 (exit 0).
 */
int lrutrace_parse_args(int argc, char **argv, struct lrutrace_env *env);

/* ---- report.c ---- */

struct report_ctx {
	const struct lrutrace_env *env;
	enum lru_source source;		/* lru_tracer_source() */
	uint32_t cannot;		/* lru_tracer_cannot(): 1 << enum sl_limit */
	double wall_ts;			/* epoch seconds of this report */
	double interval_s;		/* the snapshot delta's length */
	uint64_t drops;			/* cumulative ring buffer drops */
	/* MGLRU's per-type evictions and aging this interval; NULL: the
	 * tracer runs no MGLRU programs (MGLRU off at start) */
	const struct lru_mglru_snapshot *mglru;
	bool has_self;			/* --self: the figures below are set */
	struct lru_self_stats self;	/* BPF runs and run time this interval */
};

/* The per-node (per-memcg) list table, 80 columns. */
int report_stat_text(FILE *out, const struct report_ctx *rc,
		     const struct lru_snapshot *delta);
/* One JSON object per interval, on one line. */
int report_stat_json(FILE *out, const struct report_ctx *rc,
		     const struct lru_snapshot *delta);
/* The Prometheus text exposition of cumulative counters. */
int report_prometheus(FILE *out, const struct report_ctx *rc,
		      const struct lru_snapshot *total);
/*
 * Write report_prometheus to path atomically (temp file + rename): 0, or
 * -errno after saying why on stderr; the file is then left as it was.
 */
int report_prometheus_file(const char *path, const struct report_ctx *rc,
			   const struct lru_snapshot *total);
/* The --self line (nothing without rc->has_self). */
void report_self_text(FILE *out, const struct report_ctx *rc);
/* Log2 histograms. */
int report_hist_text(FILE *out, const struct report_ctx *rc,
		     const struct lru_snapshot *delta);
int report_hist_json(FILE *out, const struct report_ctx *rc,
		     const struct lru_snapshot *delta);

/* listen.c, the /metrics endpoint, has its own header: listen.h. */

uint64_t now_ms(void);

#endif /* LRUTRACE_H */
