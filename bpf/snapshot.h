/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * snapshot.h: the snapshot helpers loader.c uses.  They live in the core
 * library (lib/snapshot.c, sl_snapshot.h) with the rest of the snapshot's
 * arithmetic; these names keep loader.c unchanged.
 */
#ifndef SNAPSHOT_H
#define SNAPSHOT_H

#include "sl_snapshot.h"

#define snapshot_grow lru_snapshot_grow
#define snapshot_cmp_list_key lru_snapshot_cmp_list_key
#define snapshot_cmp_balance lru_snapshot_cmp_balance
#define snapshot_cmp_move_key lru_snapshot_cmp_move_key

#endif
