// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * stockcheck: the guest test driver of the stock sources (tests/guest/
 * stock-*.t).  Runs one tracer per --source given, side by side, each
 * with its own maps: on our kernel the series and stock-fentry watch the
 * same reclaim.  Until SIGINT/SIGTERM it writes every balance decision of
 * tracer NAME to DIR/NAME.events (JSON lines); then one summary per
 * tracer to DIR/NAME.json: source, limits, list totals, moves, MGLRU
 * counts and aging, bpf_stats per program, and "reads": the tracers are
 * detached first, and their frozen maps read in batches and entry by
 * entry must give the same snapshot.
 *
 *   stockcheck --out DIR [--source NAME]... [--no-events] [--low-memory]
 *
 * --low-memory loads as splitlrutop does (opts.low_memory): against the
 * minimal BTF, and where the kernel's whole BTF must be read after all,
 * in a short-lived loader process; each tracer's BTF note is printed.
 * It prints "attached" on stderr once every tracer is attached.
 */
#include <errno.h>
#include <stddef.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lru_loader.h"

#define MAX_TRACERS 4

struct run {
	const char *name;
	enum lru_source source;
	struct lru_tracer *t;
	FILE *events;
};

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	stop = 1;
}

static int on_event(void *ctx, const struct lru_event *e)
{
	struct run *r = ctx;
	FILE *f = r->events;

	switch (e->type) {
	case LRU_EV_BALANCE: {
		const struct lru_balance *b = &e->balance;

		fprintf(f, "{\"t\":\"balance\",\"ts\":%llu,\"pid\":%u,\"cpu\":%u,"
			"\"nid\":%u,\"memcg\":%llu,\"prio\":%u,\"policy\":%u,\"mode\":%u,"
			"\"forced\":%u,\"swp\":%u,\"ac\":%llu,\"fc\":%llu,\"fa\":%llu,"
			"\"ff\":%llu,\"den\":%llu,\"apm\":%u,\"fpm\":%u,\"tapm\":%u,"
			"\"scan\":[%llu,%llu,%llu,%llu],\"ap\":%llu,\"fp\":%llu,\"flags\":%u}\n",
			(unsigned long long)e->ts_ns, e->pid, e->cpu, b->nid,
			(unsigned long long)b->memcg_id, b->priority, b->policy, b->mode,
			b->forced_by, b->swappiness, (unsigned long long)b->anon_cost,
			(unsigned long long)b->file_cost,
			(unsigned long long)b->fraction_anon,
			(unsigned long long)b->fraction_file,
			(unsigned long long)b->denominator, b->decided_anon_permille,
			b->decided_file_permille, b->target_anon_permille,
			(unsigned long long)b->scan[0],
			(unsigned long long)b->scan[1], (unsigned long long)b->scan[2],
			(unsigned long long)b->scan[3],
			(unsigned long long)b->anon_pages,
			(unsigned long long)b->file_pages, b->flags);
		break;
	}
	case LRU_EV_SHRINK: {
		const struct lru_shrink_event *s = &e->shrink;

		fprintf(f, "{\"t\":\"shrink\",\"ts\":%llu,\"pid\":%u,\"nid\":%u,"
			"\"memcg\":%llu,\"lru\":%u,\"who\":%u,\"scanned\":%llu,"
			"\"taken\":%llu,\"reclaimed\":%llu}\n",
			(unsigned long long)e->ts_ns, e->pid, s->nid,
			(unsigned long long)s->memcg_id, s->lru, s->reclaimer,
			(unsigned long long)s->nr_scanned,
			(unsigned long long)s->nr_taken,
			(unsigned long long)s->nr_reclaimed);
		break;
	}
	case LRU_EV_MOVE:
		fprintf(f, "{\"t\":\"move\",\"ts\":%llu,\"from\":%u,\"to\":%u,"
			"\"reason\":%u,\"pages\":%llu}\n",
			(unsigned long long)e->ts_ns, e->move.from_lru,
			e->move.to_lru, e->move.reason,
			(unsigned long long)e->move.nr_pages);
		break;
	}
	return 0;
}

/* Both reads of one map into a snapshot array: same keys, same counts. */
static bool same_counts(const void *a, const void *b, size_t nr, size_t elem,
			size_t counts_off, size_t counts_size,
			int (*cmp)(const void *, const void *))
{
	for (size_t i = 0; i < nr; i++) {
		const char *x = (const char *)a + i * elem, *y = (const char *)b + i * elem;

		if (cmp(x, y) || memcmp(x + counts_off, y + counts_off, counts_size))
			return false;
	}
	return true;
}

#define SAME(a, b, nr, type, cmp) \
	same_counts(a, b, nr, sizeof(type), offsetof(type, counts), \
		    sizeof(((type *)0)->counts), cmp)

static int cmp_aging_key(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(struct lru_balance_key));
}

static int cmp_list_key(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(struct lru_list_key));
}

static int cmp_move_key(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(struct lru_move_key));
}

static int cmp_mglru_key(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(struct lru_mglru_key));
}

/*
 * The first part of two snapshots of the same frozen maps that differs,
 * or NULL.  Both come sorted by key.
 */
static const char *snapshot_difference(const struct lru_snapshot *a,
				       const struct lru_mglru_snapshot *ma,
				       const struct lru_snapshot *b,
				       const struct lru_mglru_snapshot *mb)
{
	if (a->nr_lists != b->nr_lists ||
	    !SAME(a->lists, b->lists, a->nr_lists, struct lru_list_stat, cmp_list_key))
		return "lists";
	if (a->nr_moves != b->nr_moves ||
	    !SAME(a->moves, b->moves, a->nr_moves, struct lru_move_stat, cmp_move_key))
		return "moves";
	if (a->nr_balance != b->nr_balance ||
	    memcmp(a->balance, b->balance, a->nr_balance * sizeof(*a->balance)))
		return "balance";
	if (memcmp(a->hists, b->hists, sizeof(a->hists)))
		return "hists";
	if (memcmp(a->counters, b->counters, sizeof(a->counters)))
		return "counters";
	if (ma->nr_mglru != mb->nr_mglru ||
	    !SAME(ma->mglru, mb->mglru, ma->nr_mglru, struct lru_mglru_stat, cmp_mglru_key))
		return "mglru";
	for (size_t i = 0; i < ma->nr_aging && ma->nr_aging == mb->nr_aging; i++)
		if (cmp_aging_key(&ma->aging[i].key, &mb->aging[i].key) ||
		    memcmp(&ma->aging[i].aging, &mb->aging[i].aging, sizeof(ma->aging[i].aging)))
			return "aging";
	return ma->nr_aging != mb->nr_aging ? "aging" : NULL;
}

/* Read the (detached) tracer's maps entry by entry and compare with s, m. */
static void check_reads(FILE *f, struct run *r, const struct lru_snapshot *s,
			const struct lru_mglru_snapshot *m, bool batched)
{
	struct lru_snapshot w;
	struct lru_mglru_snapshot wm;
	const char *diff = "read failed";

	lru_snapshot_init(&w);
	lru_mglru_snapshot_init(&wm);
	lru_tracer_set_batch_reads(r->t, false);
	if (!lru_tracer_snapshot(r->t, &w) && !lru_tracer_mglru_snapshot(r->t, &wm))
		diff = snapshot_difference(s, m, &w, &wm);
	lru_tracer_set_batch_reads(r->t, true);
	fprintf(f, ",\"reads\":{\"batched\":%s,\"walk_batched\":%s,\"differs\":%s%s%s}",
		batched ? "true" : "false", lru_tracer_batched(r->t) ? "true" : "false",
		diff ? "\"" : "", diff ? diff : "null", diff ? "\"" : "");
	lru_snapshot_free(&w);
	lru_mglru_snapshot_free(&wm);
}

static int summary(struct run *r, const char *dir)
{
	struct lru_snapshot s;
	struct lru_mglru_snapshot m;
	struct lru_prog_stat progs[64];
	char path[4096];
	FILE *f;
	size_t i;
	int n, rc;
	bool batched;

	lru_snapshot_init(&s);
	lru_mglru_snapshot_init(&m);
	rc = lru_tracer_snapshot(r->t, &s);
	batched = lru_tracer_batched(r->t);
	if (!rc)
		rc = lru_tracer_mglru_snapshot(r->t, &m);
	if (rc) {
		fprintf(stderr, "stockcheck: %s: snapshot: %s\n", r->name, lru_strerror(rc));
		return 1;
	}
	snprintf(path, sizeof(path), "%s/%s.json", dir, r->name);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		return 1;
	}
	fprintf(f, "{\"source\":\"%s\",\"limits\":\"%s\",\"drops\":%llu,\"lists\":[",
		lru_source_name(lru_tracer_source(r->t)), lru_tracer_limits(r->t),
		(unsigned long long)lru_tracer_drops(r->t));
	for (i = 0; i < s.nr_lists; i++) {
		const struct lru_list_stat *l = &s.lists[i];

		fprintf(f, "%s{\"nid\":%u,\"memcg\":%llu,\"lru\":%u,\"who\":%u,"
			"\"shrinks\":%llu,\"scanned\":%llu,\"taken\":%llu,\"reclaimed\":%llu,"
			"\"activated\":%llu,\"deactivated\":%llu,\"rotated\":%llu}",
			i ? "," : "", l->key.nid, (unsigned long long)l->key.memcg_id,
			l->key.lru, l->key.reclaimer,
			(unsigned long long)l->counts.shrinks,
			(unsigned long long)l->counts.scanned,
			(unsigned long long)l->counts.taken,
			(unsigned long long)l->counts.reclaimed,
			(unsigned long long)l->counts.activated,
			(unsigned long long)l->counts.deactivated,
			(unsigned long long)l->counts.rotated);
	}
	fprintf(f, "],\"moves\":[");
	for (i = 0; i < s.nr_moves; i++)
		fprintf(f, "%s{\"from\":%u,\"to\":%u,\"reason\":%u,\"moves\":%llu,\"pages\":%llu}",
			i ? "," : "", s.moves[i].key.from_lru, s.moves[i].key.to_lru,
			s.moves[i].key.reason,
			(unsigned long long)s.moves[i].counts.moves,
			(unsigned long long)s.moves[i].counts.pages);
	fprintf(f, "],\"decisions\":%llu,\"mglru\":[",
		(unsigned long long)s.counters[LRU_CNT_BALANCE]);
	for (i = 0; i < m.nr_mglru; i++) {
		const struct lru_mglru_stat *g = &m.mglru[i];

		fprintf(f, "%s{\"nid\":%u,\"memcg\":%llu,\"type\":%u,\"who\":%u,\"swp\":%u,"
			"\"evictions\":%llu,\"scanned\":%llu,\"reclaimed\":%llu,\"visited\":%llu}",
			i ? "," : "", g->key.nid, (unsigned long long)g->key.memcg_id,
			g->key.type, g->key.reclaimer, g->key.swappiness,
			(unsigned long long)g->counts.evictions,
			(unsigned long long)g->counts.scanned,
			(unsigned long long)g->counts.reclaimed,
			(unsigned long long)g->counts.visited);
	}
	fprintf(f, "],\"aging\":[");
	for (i = 0; i < m.nr_aging; i++) {
		const struct lru_mglru_aging_stat *a = &m.aging[i];

		fprintf(f, "%s{\"nid\":%u,\"memcg\":%llu,\"attempts\":%llu,\"increments\":%llu,"
			"\"forced\":%llu,\"max_seq\":%llu}",
			i ? "," : "", a->key.nid, (unsigned long long)a->key.memcg_id,
			(unsigned long long)a->aging.attempts,
			(unsigned long long)a->aging.increments,
			(unsigned long long)a->aging.forced,
			(unsigned long long)a->aging.max_seq);
	}
	fprintf(f, "]");
	check_reads(f, r, &s, &m, batched);
	fprintf(f, ",\"progs\":[");
	n = lru_tracer_prog_stats(r->t, progs, 64);
	for (i = 0; n > 0 && i < (size_t)n && i < 64; i++)
		fprintf(f, "%s{\"name\":\"%s\",\"attach\":\"%s\",\"run_cnt\":%llu,\"run_time_ns\":%llu}",
			i ? "," : "", progs[i].name, progs[i].attach,
			(unsigned long long)progs[i].run_cnt,
			(unsigned long long)progs[i].run_time_ns);
	fprintf(f, "]}\n");
	fclose(f);
	lru_snapshot_free(&s);
	lru_mglru_snapshot_free(&m);
	return 0;
}

int main(int argc, char **argv)
{
	struct run runs[MAX_TRACERS] = {};
	const char *dir = NULL;
	bool events = true, low_memory = false;
	int nr = 0, i, rc, status = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--out") && i + 1 < argc) {
			dir = argv[++i];
		} else if (!strcmp(argv[i], "--source") && i + 1 < argc && nr < MAX_TRACERS) {
			runs[nr].name = argv[++i];
			if (lru_source_from_name(runs[nr].name, &runs[nr].source)) {
				fprintf(stderr, "stockcheck: unknown source '%s'\n", runs[nr].name);
				return 2;
			}
			nr++;
		} else if (!strcmp(argv[i], "--no-events")) {
			events = false;
		} else if (!strcmp(argv[i], "--low-memory")) {
			low_memory = true;
		} else {
			fprintf(stderr, "usage: stockcheck --out DIR [--source NAME]... [--no-events] "
				"[--low-memory]\n");
			return 2;
		}
	}
	if (!dir) {
		fprintf(stderr, "stockcheck: --out DIR is required\n");
		return 2;
	}
	if (!nr)
		runs[nr++].name = "auto";

	for (i = 0; i < nr; i++) {
		struct lru_tracer_opts opts;
		char path[4096];

		lru_tracer_opts_init(&opts);
		opts.force_source = runs[i].source;
		opts.verbose = getenv("STOCKCHECK_VERBOSE") != NULL;
		opts.low_memory = low_memory;
		if (events) {
			snprintf(path, sizeof(path), "%s/%s.events", dir, runs[i].name);
			runs[i].events = fopen(path, "w");
			if (!runs[i].events) {
				perror(path);
				return 1;
			}
			opts.on_event = on_event;
			opts.ctx = &runs[i];
			/*
			 * Only the decisions are paired; shrinks and moves
			 * would be ten times the events, and under TCG a
			 * starved reader then loses some.
			 */
			opts.stream_types = 1u << LRU_EV_BALANCE;
			opts.ringbuf_bytes = 16 << 20;
		}
		runs[i].t = lru_tracer_open(&opts, &rc);
		if (!runs[i].t) {
			fprintf(stderr, "stockcheck: %s: open: %s\n", runs[i].name, lru_strerror(rc));
			return 1;
		}
		if ((rc = lru_tracer_load(runs[i].t)) ||
		    (rc = lru_tracer_enable_stats(runs[i].t)) ||
		    (rc = lru_tracer_attach(runs[i].t))) {
			fprintf(stderr, "stockcheck: %s: load/attach: %s\n", runs[i].name,
				lru_strerror(rc));
			return 1;
		}
		fprintf(stderr, "stockcheck: %s: source %s; limits: %s\n", runs[i].name,
			lru_source_name(lru_tracer_source(runs[i].t)),
			lru_tracer_limits(runs[i].t));
		if (lru_tracer_btf_note(runs[i].t)[0])
			fprintf(stderr, "stockcheck: %s: BTF: %s\n", runs[i].name,
				lru_tracer_btf_note(runs[i].t));
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	fprintf(stderr, "attached\n");

	while (!stop) {
		for (i = 0; i < nr; i++) {
			if (events)
				lru_tracer_poll(runs[i].t, 20);
			else
				usleep(20000);
		}
	}
	/* frozen maps from here on: check_reads compares two reads */
	for (i = 0; i < nr; i++)
		lru_tracer_detach(runs[i].t);
	for (i = 0; i < nr; i++) {
		if (events) {
			while (lru_tracer_poll(runs[i].t, 0) > 0)
				;
			fclose(runs[i].events);
		}
		status |= summary(&runs[i], dir);
		lru_tracer_destroy(runs[i].t);
	}
	return status;
}
