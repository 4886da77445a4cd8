/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sampler.h: the one place that fills samples.
 *
 * Two sources sit behind it: source_proc.c (every file, through libmmstat)
 * and source_bpf.c (the BPF aggregates, through the loader library in
 * bpf/).  Without BPF (not root, no BTF, stock kernel, or a build without
 * the loader) the sampler still fills everything /proc has and marks the
 * rest missing; the display says so.
 */
#ifndef SPLITLRUTOP_SAMPLER_H
#define SPLITLRUTOP_SAMPLER_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"

struct sl_sampler_opts {
	const char *root;	/* read ROOT/proc and ROOT/sys; NULL: "/" */
	/*
	 * --source (--no-bpf is proc-only, --fallback stock-tracepoints).
	 * AUTO: the richest the kernel has, /proc alone when BPF fails; a
	 * source asked for that cannot be had fails sl_sampler_new.
	 */
	enum lru_source source;
	unsigned interval_ms;	/* recorded in each sample */
	/*
	 * Read every memcg's memory.stat into the samples.  Off, samples have
	 * no memcgs: a second's cost saved while nothing shows or keeps them
	 * (the interactive view without m, batch text without --memcg).
	 */
	bool memcgs;
};

struct sl_sampler;

/* NULL when /proc cannot be read or --source cannot be had; err says why. */
struct sl_sampler *sl_sampler_new(const struct sl_sampler_opts *opts,
				  char *err, size_t errlen);
/* Fill *s with the next sample.  0, or -1 with err set. */
int sl_sampler_sample(struct sl_sampler *sp, struct sl_sample *s,
		      char *err, size_t errlen);
/* A longer word on why BPF is off ("" when it is on). */
const char *sl_sampler_bpf_detail(const struct sl_sampler *sp);
/*
 * With BPF on, the BPF source's line on the BTF it loaded with
 * (sl_bpf_btf_text); "" without BPF.  *notice: the kernel's whole BTF was
 * read under low memory, which the tool says even without -v.
 */
const char *sl_sampler_btf(const struct sl_sampler *sp, bool *notice);
void sl_sampler_set_interval(struct sl_sampler *sp, unsigned interval_ms);
/* opts.memcgs at run time: the memcg view shown or hidden. */
void sl_sampler_want_memcgs(struct sl_sampler *sp, bool want);
void sl_sampler_free(struct sl_sampler *sp);

/*
 * Write vm.lru_scan_balance ("cost" or "rotation").  0, or -1 with err set
 * (not root, stock kernel, refused).
 */
int sl_set_scan_balance(const char *root, const char *word, char *err,
			size_t errlen);

/* ---- the two sources (sampler.c composes them) ---- */

struct sl_proc_source;
struct sl_proc_source *sl_proc_open(const char *root, char *err, size_t errlen);
/* Read the memcgs from the next sample on (a fresh open reads none). */
void sl_proc_want_memcgs(struct sl_proc_source *p, bool want);
int sl_proc_sample(struct sl_proc_source *p, struct sl_sample *s,
		   char *err, size_t errlen);
void sl_proc_close(struct sl_proc_source *p);

struct sl_bpf_source;
/*
 * NULL when BPF or the source asked for (AUTO: any) is unavailable;
 * *reason and detail say why ("--source NAME: ..." for one asked for).
 */
struct sl_bpf_source *sl_bpf_open(enum lru_source want, enum sl_bpf_reason *reason,
				  char *detail, size_t detaillen);
/*
 * One line on the BTF the programs were loaded with, in buf: "BTF: the
 * minimal PATH", or why the kernel's whole BTF was read (then true: a
 * notice the tool must not keep to itself).
 */
bool sl_bpf_btf_text(const struct sl_bpf_source *b, char *buf, size_t len);
/* Add the BPF figures, the source and its limits to a sample sl_proc_sample filled. */
int sl_bpf_sample(struct sl_bpf_source *b, struct sl_sample *s);

struct lru_snapshot;
/*
 * Add one loader snapshot to a sample whose nodes and memcgs are set
 * (sample_bpf.c; sl_bpf_sample, and the tests with recorded snapshots).
 */
void sl_sample_add_snapshot(struct sl_sample *s, const struct lru_snapshot *snap,
			    uint32_t cannot);
struct lru_mglru_stat;
struct lru_mglru_aging_stat;
/*
 * Add the MGLRU programs' counts (lru_tracer_mglru_snapshot) to a sample
 * whose nodes are set: per node and (type, swappiness), and the node's
 * aging, summed over memcgs and reclaimers.  Sets have_gen_counts.
 */
void sl_sample_add_mglru(struct sl_sample *s, const struct lru_mglru_stat *m, size_t nr,
			 const struct lru_mglru_aging_stat *aging, size_t nr_aging);
void sl_bpf_close(struct sl_bpf_source *b);

#endif /* SPLITLRUTOP_SAMPLER_H */
