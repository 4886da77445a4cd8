/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * app.h: the options splitlrutop.c parses and the two ways of running:
 * batch.c (frames to stdout) and tui.c (the interactive screen).  Each
 * runs live (from the sampler) or from a recording (-r).
 */
#ifndef SPLITLRUTOP_APP_H
#define SPLITLRUTOP_APP_H

#include <stdbool.h>

#include "derive.h"
#include "sampler.h"
#include "term.h"

struct sl_options {
	bool batch;
	bool json;
	long count;		/* -n: frames; 0 = until stopped */
	unsigned interval_ms;	/* -d */
	const char *write_path;	/* -w */
	const char *read_path;	/* -r */
	struct sl_view view;	/* initial view: --node, -m, -s */
	struct sl_sampler_opts sampler;
	struct sl_term_opts term;
	bool quiet;		/* no notes on stderr */
	bool verbose;		/* -v: say which BTF the programs loaded with */
};

int sl_run_batch(const struct sl_options *o);
/*
 * The BPF source's BTF line, when it is to be said: always -v's, and a
 * notice (the kernel's whole BTF was read after all) unless -q; NULL
 * otherwise.
 */
const char *sl_btf_line(const struct sl_options *o, const struct sl_sampler *sp);
int sl_run_tui(const struct sl_options *o);

/* Refresh steps for + and -, in ms. */
unsigned sl_interval_step(unsigned ms, int direction);

#endif /* SPLITLRUTOP_APP_H */
