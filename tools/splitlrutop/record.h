/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * record.h: splitlrutop's recording format (-w FILE / -r FILE).
 *
 * A recording is text, one sample per block, so it survives being cut off:
 * a block counts only once its end line is there.  docs/splitlrutop.md
 * describes the format; this is version 2.
 *
 *	splitlrutop-record 2
 *	S 0
 *	g mono_ns=... interval_ms=1000 policy=cost ... source=series
 *	v pgscan_anon=... pgscan_file=...
 *	n 0 MemTotal=... lru_scan_anon_permille=...
 *	d 0 nid=0 memcg_id=1 ... decided_anon_permille=...
 *	c 1234 /demo anon=... pgscan=...
 *	k nid=0 memcg_id=1234 lru=inactive_file reclaimer=memcg scanned=...
 *	E 0
 *
 * "d" is the node's decision and "k" one key of the BPF per-list counters,
 * their keys those of the field tables (sl_fields.h).  Version 1 had
 * "l NID LIST WHO k=v" (a node's counts) and "m ID LIST WHO k=v" (a
 * memcg's) instead of "k"; they are still read.  "g" names the source
 * (source=stock-fentry) and what it cannot give (cannot=KEY,...: the keys
 * of sl_limits.h); a sample without source= is from before, and its
 * source follows from missing= and bpf=.  Values a sample did not
 * have are left out, and a reader treats a key it does not know as a
 * comment, so later versions can add keys freely.
 */
#ifndef SPLITLRUTOP_RECORD_H
#define SPLITLRUTOP_RECORD_H

#include <stdio.h>

#include "model.h"

#define SL_RECORD_MAGIC "splitlrutop-record"
#define SL_RECORD_VERSION 2

struct sl_recorder;

struct sl_recorder *sl_recorder_open(const char *path, char *err, size_t errlen);
/* Append one sample and flush it, so a killed run keeps what it had. */
int sl_recorder_write(struct sl_recorder *w, const struct sl_sample *s);
void sl_recorder_close(struct sl_recorder *w);
/* The same, to any stream (tests). */
void sl_record_write_header(FILE *out);
void sl_record_write_sample(FILE *out, const struct sl_sample *s);

struct sl_replay;

/*
 * Index the recording.  NULL when it is not a recording or is corrupt
 * before its last complete sample (err says where).  A file cut off in
 * the middle of a sample opens, with sl_replay_truncated() telling.
 */
struct sl_replay *sl_replay_open(const char *path, char *err, size_t errlen);
size_t sl_replay_count(const struct sl_replay *r);
/* The line where an incomplete last sample starts, or 0 when complete. */
unsigned sl_replay_truncated(const struct sl_replay *r);
/* Sample i (0-based) into *s.  0, or -1 with err set. */
int sl_replay_load(struct sl_replay *r, size_t i, struct sl_sample *s,
		   char *err, size_t errlen);
void sl_replay_close(struct sl_replay *r);

#endif /* SPLITLRUTOP_RECORD_H */
