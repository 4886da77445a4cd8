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
	struct lru_mglru_snapshot mglru;
};

/* Why BPF cannot be had; for a source asked for, its name comes first. */
static void bpf_failed(enum lru_source want, int err, char *detail, size_t len)
{
	if (want == LRU_SOURCE_AUTO)
		snprintf(detail, len, "%s", lru_strerror(err));
	else if (err == LRU_ERR_NO_SOURCE)
		sl_source_missing_text(detail, len, want);
	else
		snprintf(detail, len, "--source %s: %s", lru_source_name(want), lru_strerror(err));
}

static enum sl_bpf_reason bpf_reason(int err)
{
	return err == LRU_ERR_PERM ? SL_BPF_NOT_ROOT
		: err == LRU_ERR_NO_BTF ? SL_BPF_NO_BTF : SL_BPF_LOAD_FAILED;
}

struct sl_bpf_source *sl_bpf_open(enum lru_source want, enum sl_bpf_reason *reason,
				  char *detail, size_t detaillen)
{
	struct lru_tracer_opts opts;
	struct lru_features feat;
	struct sl_bpf_source *b;
	int err = 0;

	detail[0] = '\0';
	if (lru_probe(&feat) == LRU_ERR_NO_BTF)
		err = LRU_ERR_NO_BTF;
	else if (!(feat.flags & LRU_FEAT_PRIVILEGED))
		err = LRU_ERR_PERM;
	else if (!(b = calloc(1, sizeof(*b))))
		err = LRU_ERR_NOMEM;
	if (err) {
		*reason = bpf_reason(err);
		bpf_failed(want, err, detail, detaillen);
		return NULL;
	}
	lru_tracer_opts_init(&opts);
	opts.force_source = want;
	opts.no_hists = true;	/* the display has no histogram */
	/* a minimal BTF, not the kernel's whole one: issue 17's 8 MB peak */
	opts.low_memory = true;
	b->tracer = lru_tracer_open(&opts, &err);
	if (b->tracer) {
		err = lru_tracer_load(b->tracer);
		if (!err)
			err = lru_tracer_attach(b->tracer);
	}
	if (!b->tracer || err) {
		*reason = bpf_reason(err);
		bpf_failed(want, err, detail, detaillen);
		lru_tracer_destroy(b->tracer);
		free(b);
		return NULL;
	}
	lru_snapshot_init(&b->snap);
	lru_mglru_snapshot_init(&b->mglru);
	*reason = SL_BPF_ON;
	return b;
}

int sl_bpf_sample(struct sl_bpf_source *b, struct sl_sample *s)
{
	if (lru_tracer_snapshot(b->tracer, &b->snap))
		return -1;
	s->source = lru_tracer_source(b->tracer);
	/* MGLRU's bit is the sampler's: it follows lru_gen/enabled per sample */
	s->cannot = lru_tracer_cannot(b->tracer) & ~(1u << SL_LIMIT_CLASSIC_LISTS);
	sl_sample_add_snapshot(s, &b->snap, s->cannot);
	/* MGLRU's counts, when its programs run (with it on at attach) */
	if (lru_tracer_has_mglru(b->tracer) &&
	    lru_tracer_mglru_snapshot(b->tracer, &b->mglru) == 0)
		sl_sample_add_mglru(s, b->mglru.mglru, b->mglru.nr_mglru,
				    b->mglru.aging, b->mglru.nr_aging);
	return 0;
}

bool sl_bpf_btf_text(const struct sl_bpf_source *b, char *buf, size_t len)
{
	const char *note = lru_tracer_btf_note(b->tracer);
	const char *path = lru_tracer_btf(b->tracer);

	if (note[0]) {
		snprintf(buf, len, "BTF: %s", note);
		return true;
	}
	snprintf(buf, len, "BTF: the minimal %s", path ? path : "(none)");
	return false;
}

void sl_bpf_close(struct sl_bpf_source *b)
{
	if (!b)
		return;
	lru_tracer_destroy(b->tracer);
	lru_snapshot_free(&b->snap);
	lru_mglru_snapshot_free(&b->mglru);
	free(b);
}

