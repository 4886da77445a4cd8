/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * snapshot_mglru.h: sort orders of struct lru_mglru_snapshot's arrays,
 * shared by loader.c and snapshot_mglru.c.  Not installed.
 */
#ifndef SNAPSHOT_MGLRU_H
#define SNAPSHOT_MGLRU_H

#include "lru_loader.h"

int snapshot_cmp_mglru_key(const void *a, const void *b);
int snapshot_cmp_aging(const void *a, const void *b);
/* Grow *arr (of elem-sized items, capacity *cap) to hold need items. */
int snapshot_mglru_grow(void **arr, size_t *cap, size_t need, size_t elem);

#endif
