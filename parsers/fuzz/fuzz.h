/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer targets: one per file kind, each feeding _parse of one context
 * that lives across inputs, so the layout cache sees changing layouts too.
 * Every name and value of a parsed sample is read back, so ASan catches a
 * table pointing at freed or stale memory.
 */
#ifndef MMSTAT_FUZZ_H
#define MMSTAT_FUZZ_H

#include <string.h>
#include "mmstat.h"

static volatile size_t fuzz_sink;

static inline void fuzz_walk(const struct mmstat_table *t)
{
	for (size_t i = 0; i < t->count; i++)
		fuzz_sink += strlen(t->entries[i].name) + (size_t)t->entries[i].value;
	for (size_t i = 0; i < t->index_len; i++)
		fuzz_sink += (size_t)t->index[i];
}

/* The target of a flat kind: its context type, constructor and accessors. */
#define FUZZ_FLAT_TARGET(kind, make)                                          \
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)            \
{                                                                             \
	static struct mmstat_##kind *ctx;                                     \
                                                                              \
	if (!ctx)                                                             \
		ctx = make;                                                   \
	if (!mmstat_##kind##_parse(ctx, (const char *)data, size))            \
		fuzz_walk(mmstat_##kind##_table(ctx));                        \
	else                                                                  \
		fuzz_sink += strlen(mmstat_##kind##_error(ctx)->reason);      \
	return 0;                                                             \
}

#endif
