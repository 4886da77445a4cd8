/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer targets: one per file kind, each feeding _parse of one context
 * that lives across inputs, so the layout cache sees changing layouts too,
 * and comparing it with a new context per input.
 * Every name and value of a parsed sample is read back, so ASan catches a
 * table pointing at freed or stale memory.
 */
#ifndef MMSTAT_FUZZ_H
#define MMSTAT_FUZZ_H

#include <stdio.h>
#include <stdlib.h>
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

/*
 * A context that has parsed other inputs (warm: its cached layout may
 * send lines down the same-layout fast path) must give exactly what a new
 * one gives (cold: the general path only).  Anything else aborts, and
 * libFuzzer keeps the input.
 */
static inline void fuzz_differ(const char *what)
{
	fprintf(stderr, "warm and cold contexts differ: %s\n", what);
	abort();
}

static inline void fuzz_same_error(int rw, int rc, const struct mmstat_error *ea,
				   const struct mmstat_error *eb)
{
	if (rw != rc)
		fuzz_differ("return value");
	if (rc && (ea->kind != eb->kind || ea->line != eb->line ||
		   strcmp(ea->reason, eb->reason)))
		fuzz_differ("error");
}

static inline void fuzz_same_table(const struct mmstat_table *a,
				   const struct mmstat_table *b)
{
	if (a->count != b->count || a->index_len != b->index_len)
		fuzz_differ("table size");
	for (size_t i = 0; i < a->count; i++)
		if (strcmp(a->entries[i].name, b->entries[i].name) ||
		    a->entries[i].value != b->entries[i].value ||
		    a->entries[i].key != b->entries[i].key ||
		    a->entries[i].unit != b->entries[i].unit)
			fuzz_differ("entry");
	for (size_t i = 0; i < a->index_len; i++)
		if (a->index[i] != b->index[i])
			fuzz_differ("index");
}

static inline void fuzz_same(int rw, int rc, const struct mmstat_table *a,
			     const struct mmstat_table *b,
			     const struct mmstat_error *ea,
			     const struct mmstat_error *eb)
{
	fuzz_same_error(rw, rc, ea, eb);
	fuzz_same_table(a, b);
}

/*
 * The target of a flat kind: its context type and constructor.  The warm
 * context parses each input twice: first with the layout of the inputs
 * before, then with its own.
 */
#define FUZZ_FLAT_TARGET(kind, make)                                          \
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)            \
{                                                                             \
	static struct mmstat_##kind *warm;                                    \
	struct mmstat_##kind *cold = make;                                    \
	int rc;                                                               \
                                                                              \
	if (!warm)                                                            \
		warm = make;                                                  \
	if (!warm || !cold)                                                   \
		abort();                                                      \
	rc = mmstat_##kind##_parse(cold, (const char *)data, size);           \
	for (int pass = 0; pass < 2; pass++)                                  \
		fuzz_same(mmstat_##kind##_parse(warm, (const char *)data, size), \
			  rc, mmstat_##kind##_table(warm),                    \
			  mmstat_##kind##_table(cold),                        \
			  mmstat_##kind##_error(warm),                        \
			  mmstat_##kind##_error(cold));                       \
	if (!rc)                                                              \
		fuzz_walk(mmstat_##kind##_table(warm));                       \
	else                                                                  \
		fuzz_sink += strlen(mmstat_##kind##_error(warm)->reason);     \
	mmstat_##kind##_free(cold);                                           \
	return 0;                                                             \
}

#endif
