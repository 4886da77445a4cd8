/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* snapshot.h: helpers loader.c and snapshot.c share; not installed. */
#ifndef SNAPSHOT_H
#define SNAPSHOT_H

#include <stddef.h>

/* Grow *arr (of elem-sized items, capacity *cap) to hold need items. */
int snapshot_grow(void **arr, size_t *cap, size_t need, size_t elem);
/* Sort orders of the snapshot arrays: nid, memcg_id, then the rest. */
int snapshot_cmp_list_key(const void *a, const void *b);
int snapshot_cmp_balance(const void *a, const void *b);
int snapshot_cmp_move_key(const void *a, const void *b);

#endif
