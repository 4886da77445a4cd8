/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The mmstat CLI: options, the sources it samples and the rows it prints. */
#ifndef MMSTAT_CLI_H
#define MMSTAT_CLI_H

#include <stdbool.h>
#include <stdio.h>
#include "mmstat.h"

/* Exit codes, as documented in --help and docs/mmstat.md. */
enum {
	EXIT_OK = 0,
	EXIT_IO = 1,	/* I/O: a file cannot be opened or read, stdout cannot be written */
	EXIT_USAGE = 2,
	EXIT_PARSE = 3,		/* also a value that overflows a unit conversion */
	EXIT_ABSENT = 4,
};

enum out_format { FMT_KV, FMT_JSON, FMT_CSV, FMT_TABLE };
enum kind { K_MEMINFO, K_NODE, K_VMSTAT, K_ZONEINFO, K_MEMCG, K_PSI, K_LRU_GEN, K_NR };

struct opts {
	const char *root;
	enum out_format format;
	bool shell_names;
	char scale;		/* 0 (kernel's unit), 'b', 'k', 'm', 'g', 'h' */
	uint64_t page_size;
	uint64_t hugepage_size;	/* a transparent huge page (PMD), bytes */
	double interval;	/* seconds; 0: one sample */
	long count;		/* rate samples; -1: until interrupted */
	enum kind kind;
	bool have_kind;
	int node;		/* node N; -1: every node */
	const char *cgroup;
	bool numa_stat;		/* memcg: memory.numa_stat */
	const char *psi_cgroup;	/* psi: a cgroup's memory.pressure instead */
	char **keys;		/* allocated by parse_args: free(o->keys) */
	int nr_keys;
	FILE *out;		/* where print_* write: a memory stream */
	FILE *sink;		/* where a whole sample goes: stdout */
	bool done;		/* stdout's reader has left: stop, status 0 */
	/*
	 * Called instead of sleeping between two samples when set: the
	 * fuzzer changes the files there.
	 */
	void (*between)(void *arg, long seq);
	void *between_arg;
};

#define OPTS_INIT { .format = FMT_KV, .node = -1, .count = -1 }

/* The command line into o (OPTS_INIT first); argp flags: 0 in main. */
int parse_args(struct opts *o, int argc, char **argv, unsigned flags);
/* Everything after the command line: open, sample, print; the exit code. */
int mmstat_run(struct opts *o);

/*
 * One sample flattened: names like "MemTotal", "Node0.DMA.min" or
 * "Node0.DMA.cpu1.count"; arr is set for list values (protection).
 */
struct sample {
	struct mmstat_entry *ent;
	const uint64_t **arr;
	size_t *arr_len;
	size_t n, cap;
};

struct source;

struct source *source_open(const struct opts *o, int *exit_code);
int source_sample(struct source *src, struct sample *s);	/* exit code */
const struct mmstat_zoneinfo *source_zoneinfo(const struct source *src);
const struct mmstat_lru_gen *source_lru_gen(const struct source *src);
void source_close(struct source *src);
void sample_clear(struct sample *s);
void sample_free(struct sample *s);

/* Positions of the rows KEY... selects (all without keys); exit code. */
int select_rows(const struct opts *o, const struct sample *s, size_t **sel,
		size_t *nsel);

int print_sample(const struct opts *o, const struct source *src,
		 const struct sample *s, const size_t *sel, size_t nsel);
int print_rates(const struct opts *o, const struct mmstat_rate *r, size_t n,
		long seq);

#endif
