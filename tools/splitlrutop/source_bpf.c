// SPDX-License-Identifier: GPL-2.0-only
/*
 * source_bpf.c: the BPF half of the sampler, and the only file of
 * splitlrutop that knows the loader library (bpf/include/lru_loader.h).
 * It holds no BPF code: the loader attaches the programs and takes the
 * snapshots, and sample_bpf.c turns them into the model.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sampler.h"

#include "lru_loader.h"

struct sl_bpf_source {
	struct lru_tracer *tracer;
	struct lru_snapshot snap;
	bool fallback;
};

struct sl_bpf_source *sl_bpf_open(bool force_fallback, enum sl_bpf_reason *reason,
				  char *detail, size_t detaillen)
{
	struct lru_tracer_opts opts;
	struct lru_features feat;
	struct sl_bpf_source *b;
	int err = 0;

	detail[0] = '\0';
	if (lru_probe(&feat) == LRU_ERR_NO_BTF) {
		*reason = SL_BPF_NO_BTF;
		snprintf(detail, detaillen, "%s", lru_strerror(LRU_ERR_NO_BTF));
		return NULL;
	}
	if (!(feat.flags & LRU_FEAT_PRIVILEGED)) {
		*reason = SL_BPF_NOT_ROOT;
		snprintf(detail, detaillen, "%s", lru_strerror(LRU_ERR_PERM));
		return NULL;
	}
	b = calloc(1, sizeof(*b));
	if (!b) {
		*reason = SL_BPF_LOAD_FAILED;
		snprintf(detail, detaillen, "out of memory");
		return NULL;
	}
	lru_tracer_opts_init(&opts);
	opts.force_fallback = force_fallback;
	opts.no_hists = true;	/* the display has no histogram */
	b->tracer = lru_tracer_open(&opts, &err);
	if (b->tracer) {
		err = lru_tracer_load(b->tracer);
		if (!err)
			err = lru_tracer_attach(b->tracer);
	}
	if (!b->tracer || err) {
		*reason = err == LRU_ERR_PERM ? SL_BPF_NOT_ROOT
			: err == LRU_ERR_NO_BTF ? SL_BPF_NO_BTF : SL_BPF_LOAD_FAILED;
		snprintf(detail, detaillen, "%s", lru_strerror(err));
		lru_tracer_destroy(b->tracer);
		free(b);
		return NULL;
	}
	lru_snapshot_init(&b->snap);
	b->fallback = lru_tracer_mode(b->tracer) == LRU_MODE_FALLBACK;
	snprintf(detail, detaillen, "%s", lru_tracer_limits(b->tracer));
	*reason = SL_BPF_ON;
	return b;
}

int sl_bpf_sample(struct sl_bpf_source *b, struct sl_sample *s)
{
	if (lru_tracer_snapshot(b->tracer, &b->snap))
		return -1;
	sl_sample_add_snapshot(s, &b->snap, b->fallback);
	return 0;
}

void sl_bpf_close(struct sl_bpf_source *b)
{
	if (!b)
		return;
	lru_tracer_destroy(b->tracer);
	lru_snapshot_free(&b->snap);
	free(b);
}

