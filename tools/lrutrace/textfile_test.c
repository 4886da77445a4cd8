// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * textfile_test.c: lrutrace's --prometheus writer without BPF, for
 * tests/unit/lrutrace-textfile.t.  Rewrites FILE COUNT times through
 * report_prometheus_file(), the function lrutrace stat calls every
 * interval, from the snapshot in SNAP grown by a different number of
 * memcg lists each time: the file's length changes from one rewrite to
 * the next, so a reader that caught a part of one would see it.
 * splitlru_events_lost_total carries the rewrite's number, for a reader
 * to check that it never goes back.  Exit 0, or 1 at the first write
 * that fails (said on stderr by the writer, as lrutrace says it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lrutrace.h"
#include "sl_snapshot.h"

/* Up to this many extra lists: the text grows by a few KiB at most. */
#define EXTRA_LISTS 40

static int read_snapshot(const char *path, struct lru_snapshot *s)
{
	FILE *f = fopen(path, "re");
	unsigned line = 0;
	char err[128];
	int rc;

	if (!f) {
		perror(path);
		return -1;
	}
	rc = lru_snapshot_read(f, s, &line, err, sizeof(err));
	fclose(f);
	if (rc)
		fprintf(stderr, "%s:%s\n", path, rc < 0 ? err : " no snapshot");
	return rc ? -1 : 0;
}

/* BASE and N lists of memcgs 1000.. on node 0, sorted as the loader's. */
static int grown(const struct lru_snapshot *base, unsigned n, struct lru_snapshot *s)
{
	struct lru_list_stat l;
	size_t i;

	for (i = 0; i < base->nr_lists; i++)
		if (lru_snapshot_add_list(s, &base->lists[i]))
			return -1;
	for (i = 0; i < n; i++) {
		memset(&l, 0, sizeof(l));
		l.key.memcg_id = 1000 + i;
		l.key.lru = SL_LRU_INACTIVE_FILE;
		l.key.reclaimer = SL_RECLAIMER_MEMCG;
		l.counts.scanned = 10 * i;
		if (lru_snapshot_add_list(s, &l))
			return -1;
	}
	lru_snapshot_sort(s);
	return 0;
}

int main(int argc, char **argv)
{
	struct lrutrace_env env = { .mode = MODE_STAT, .nid = -1 };
	struct report_ctx rc = { .env = &env, .source = LRU_SOURCE_SERIES };
	struct lru_snapshot base, s;
	long count, k;
	int status = 0;

	if (argc != 4 || (count = strtol(argv[2], NULL, 10)) < 1) {
		fprintf(stderr, "usage: %s FILE COUNT SNAPSHOT\n", argv[0]);
		return 2;
	}
	lru_snapshot_init(&base);
	if (read_snapshot(argv[3], &base))
		return 2;
	for (k = 1; k <= count && !status; k++) {
		lru_snapshot_init(&s);
		rc.drops = (uint64_t)k;
		/* 0, 13, 26, 39, 12, ...: long and short texts interleaved */
		if (grown(&base, (unsigned)(k * 13 % EXTRA_LISTS), &s) ||
		    report_prometheus_file(argv[1], &rc, &s))
			status = 1;
		lru_snapshot_free(&s);
	}
	lru_snapshot_free(&base);
	return status;
}
