/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lruload.h: the run's configuration and counters, shared by the option
 * parser, the run loop and the JSON report. */
#ifndef LRULOAD_H
#define LRULOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "access.h"
#include "histogram.h"
#include "memcg.h"

enum lruload_exit {
	EXIT_RUNTIME = 1,	/* mapping, file or I/O failure */
	EXIT_USAGE = 2,		/* bad arguments */
	EXIT_ENVIRONMENT = 3,	/* --memcg: no cgroup2, not writable */
	/* 128 + N: stopped by signal N, after the final report */
};

enum lruload_mode {
	MODE_ANON = COMPONENT_ANON,
	MODE_FILESET = COMPONENT_FILESET,
	MODE_STREAM = COMPONENT_STREAM,
	MODE_MIX,
};

struct lruload_config {
	enum lruload_mode mode;
	uint64_t bytes[COMPONENT_KINDS];	/* as given; 0: not in the run */
	uint64_t seed;
	enum access_pattern pattern;
	unsigned hot_pct;
	unsigned hot_share;
	uint64_t passes;		/* 0: unbounded (only with duration) */
	uint64_t anon_passes;		/* mix: anon in the first N passes; 0: all */
	double duration;		/* seconds; 0: none */
	double interval;		/* seconds between reports; 0: none */
	uint64_t sample_every;		/* time one access in this many */
	const char *dir;
	bool cold;
	bool thp;
	const char *memcg;
	struct memcg_limit memory_max;
	struct memcg_limit swap_max;
	size_t page_size;
};

const char *mode_name(enum lruload_mode mode);

/* Parse argv into config (page_size must be set); exits with EXIT_USAGE and
 * a message on bad input, as argp does. */
void options_parse(int argc, char **argv, struct lruload_config *config);

/* Pages of a size: rounded up to whole pages. */
uint64_t size_pages(uint64_t bytes, size_t page_size);

struct component_stats {
	uint64_t accesses;
	struct histogram latency;	/* ns, one access in sample_every */
};

struct report {
	const char *type;		/* "interval" or "final" */
	const char *stop_reason;	/* final: "passes", "duration", "signal" */
	double setup_s;			/* mapping, files, memcg: not timed */
	double elapsed_s;		/* since the first access */
	double window_s;		/* what the counters cover */
	const char *memcg;		/* resolved path, or NULL */
	const struct lruload_config *config;
	const struct access_plan *plan;
	const struct component_stats *stats;	/* one per plan->stream */
};

struct json_object;
struct json_object *report_json(const struct report *report);

#endif
