// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * report.c: lrutrace's outputs for stat and hist: the 80-column table, the
 * JSON lines, the Prometheus text.  Everything here works on snapshots
 * (lru_loader.h), never on the kernel, so the unit tests feed it made-up
 * ones.
 */
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <json-c/json.h>
#include "lrutrace.h"
#include "lru_format.h"
#include "sl_derive.h"
#include "sl_fields.h"
#include "sl_format.h"
#include "sl_limits.h"

/* One table: a node, or a (node, memcg) with --per-memcg / --memcg. */
struct table {
	uint32_t nid;
	uint64_t memcg_id;
	struct lru_list_counts lists[4];
	const struct lru_balance *balance;	/* the decision shown, or NULL */
};

static bool per_memcg(const struct report_ctx *rc)
{
	return rc->env->per_memcg || rc->env->memcg_path;
}

static void add_counts(struct lru_list_counts *to, const struct lru_list_counts *c)
{
	__u64 *a = (__u64 *)to;
	const __u64 *b = (const __u64 *)c;
	size_t i;

	for (i = 0; i < sizeof(*c) / sizeof(__u64); i++)
		a[i] += b[i];
}

/*
 * Group the delta's lists into tables (sorted by nid then memcg_id, as the
 * snapshot is).  Returns the number of tables, or -1.
 */
static int build_tables(const struct report_ctx *rc,
			const struct lru_snapshot *d, struct table **out)
{
	struct table *t = NULL;
	size_t n = 0, cap = 0, i, j;
	bool by_memcg = per_memcg(rc);

	for (i = 0; i < d->nr_lists; i++) {
		const struct lru_list_key *k = &d->lists[i].key;
		uint64_t memcg = by_memcg ? k->memcg_id : 0;
		struct table *cur = NULL;

		if (k->lru >= 4)
			continue;
		for (j = 0; j < n; j++)
			if (t[j].nid == k->nid && t[j].memcg_id == memcg)
				cur = &t[j];
		if (!cur) {
			if (n == cap) {
				struct table *p;

				cap = cap ? cap * 2 : 8;
				p = realloc(t, cap * sizeof(*t));
				if (!p) {
					free(t);
					return -1;
				}
				t = p;
			}
			cur = &t[n++];
			memset(cur, 0, sizeof(*cur));
			cur->nid = k->nid;
			cur->memcg_id = memcg;
		}
		add_counts(&cur->lists[k->lru], &d->lists[i].counts);
	}
	/*
	 * The decision shown: the table's own memcg's, or the node's
	 * (sl_node_decision: its root lruvec's, else its newest memcg's).
	 */
	for (j = 0; j < n; j++) {
		if (!by_memcg) {
			t[j].balance = sl_node_decision(d->balance, d->nr_balance, t[j].nid);
			continue;
		}
		for (i = 0; i < d->nr_balance; i++)
			if (d->balance[i].nid == t[j].nid &&
			    d->balance[i].memcg_id == t[j].memcg_id)
				t[j].balance = &d->balance[i];
	}
	*out = t;
	return (int)n;
}

/* A ratio (efficiency) as a percentage with one decimal, or "-". */
static void pct(char *buf, size_t len, double ratio)
{
	if (isnan(ratio))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.1f", 100.0 * ratio);
}

/* An anon share in permille as "anon/file" percentages, or "-". */
static void share(char *buf, size_t len, int anon_pm)
{
	if (anon_pm < 0)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.1f/%.1f%%", anon_pm / 10.0, (1000 - anon_pm) / 10.0);
}

/*
 * --self: BPF program runs per second (one run per traced event), run time
 * per run, and the CPU share that is, from bpf_stats.
 */
void report_self_text(FILE *out, const struct report_ctx *rc)
{
	const struct lru_self_stats *s = &rc->self;
	double secs = rc->interval_s > 0 ? rc->interval_s : 1;

	if (!rc->has_self)
		return;
	fprintf(out, "self: %.0f events/s, %.0f ns BPF per event, %.3f%% of one CPU\n",
		(double)s->run_cnt / secs,
		s->run_cnt ? (double)s->run_time_ns / (double)s->run_cnt : 0.0,
		100.0 * (double)s->run_time_ns / (secs * 1e9));
}

/* A double written with that many decimals, as the text reports it. */
static json_object *num(double v, int decimals)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.*f", decimals, v);
	return json_object_new_double_s(v, buf);
}

static json_object *self_json(const struct report_ctx *rc)
{
	const struct lru_self_stats *s = &rc->self;
	double secs = rc->interval_s > 0 ? rc->interval_s : 1;
	json_object *o = json_object_new_object();

	json_object_object_add(o, "bpf_runs", json_object_new_uint64(s->run_cnt));
	json_object_object_add(o, "bpf_run_time_ns", json_object_new_uint64(s->run_time_ns));
	json_object_object_add(o, "events_per_s", num((double)s->run_cnt / secs, 1));
	json_object_object_add(o, "ns_per_event", num(s->run_cnt ?
		(double)s->run_time_ns / (double)s->run_cnt : 0.0, 1));
	json_object_object_add(o, "cpu_percent",
			       num(100.0 * (double)s->run_time_ns / (secs * 1e9), 4));
	return o;
}

/* "cannot": its keys, always; "limits": the same as text, when any. */
static void add_limits(json_object *o, const struct report_ctx *rc)
{
	char text[512];

	json_object_object_add(o, "cannot", sl_limits_json(rc->cannot));
	if (sl_limits_text(text, sizeof(text), rc->cannot) > 0)
		json_object_object_add(o, "limits", json_object_new_string(text));
}

/* The members every JSON report starts with. */
static json_object *report_json_new(const struct report_ctx *rc)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "ts", num(rc->wall_ts, 3));
	json_object_object_add(o, "interval_s", num(rc->interval_s, 3));
	json_object_object_add(o, "source", json_object_new_string(lru_source_name(rc->source)));
	return o;
}

/* ... and end with; then the object is written as one line and freed. */
static int report_json_end(FILE *out, const struct report_ctx *rc, json_object *o)
{
	json_object_object_add(o, "drops", json_object_new_uint64(rc->drops));
	if (rc->has_self)
		json_object_object_add(o, "self", self_json(rc));
	add_limits(o, rc);
	fputs(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE), out);
	fputc('\n', out);
	json_object_put(o);
	return ferror(out) ? -1 : 0;
}

/* "note: " and the source's limits, "; "-separated, wrapped at 80 columns. */
static void note_limits(FILE *out, uint32_t cannot)
{
	size_t col = 0;
	int l;

	for (l = 0; l < SL_LIMIT_NR; l++) {
		const char *text = sl_limit_text(l);

		if (!(cannot & (1u << l)))
			continue;
		if (!col)
			col = (size_t)fprintf(out, "note: %s", text);
		else if (col + 2 + strlen(text) > 80)
			col = (size_t)fprintf(out, ";\n      %s", text) - 2;
		else
			col += (size_t)fprintf(out, "; %s", text);
	}
	if (col)
		fputc('\n', out);
}

/* What every text report ends with: --self, the source's limits, a blank line. */
static void report_end_text(FILE *out, const struct report_ctx *rc)
{
	report_self_text(out, rc);
	note_limits(out, rc->cannot);
	fputc('\n', out);
}

static void clock_text(char *buf, size_t len, double wall)
{
	time_t t = (time_t)wall;
	struct tm tm;

	localtime_r(&t, &tm);
	strftime(buf, len, "%H:%M:%S", &tm);
}

static const char *gen_type_name(unsigned type)
{
	return type ? "file" : "anon";
}

/* Aging of node nid this interval, summed over its memcgs. */
static struct lru_mglru_aging node_aging(const struct lru_mglru_snapshot *m, uint32_t nid)
{
	struct lru_mglru_aging a = {};

	for (size_t i = 0; i < m->nr_aging; i++) {
		if (m->aging[i].key.nid != nid)
			continue;
		a.attempts += m->aging[i].aging.attempts;
		a.increments += m->aging[i].aging.increments;
		a.forced += m->aging[i].aging.forced;
	}
	return a;
}

/*
 * Under MGLRU the classic lists are bypassed: per node (and memcg) and
 * type, what evict_folios() scanned (isolated) and reclaimed, and per node
 * the aging steps (new generations).
 */
static int mglru_text(FILE *out, const struct report_ctx *rc)
{
	struct lru_mglru_stat *t;
	size_t n, i;
	char eff[16];
	int64_t last_nid = -1;

	if (!rc->mglru)
		return 0;
	if (lru_mglru_by_type(rc->mglru, per_memcg(rc), &t, &n))
		return -1;
	fprintf(out, "MGLRU evictions (evict_folios)\n");
	fprintf(out, "%-18s %-4s %10s %10s %6s %9s\n", per_memcg(rc) ? "node memcg" : "node",
		"type", "scanned", "reclaimed", "eff%", "evictions");
	if (!n)
		fprintf(out, "  no eviction\n");
	for (i = 0; i < n; i++) {
		const struct lru_mglru_stat *g = &t[i];
		char where[32];

		if (per_memcg(rc))
			snprintf(where, sizeof(where), "%u %llu", g->key.nid,
				 (unsigned long long)g->key.memcg_id);
		else
			snprintf(where, sizeof(where), "%u", g->key.nid);
		pct(eff, sizeof(eff), sl_efficiency(g->counts.reclaimed, g->counts.scanned));
		fprintf(out, "%-18s %-4s %10llu %10llu %6s %9llu\n", where,
			gen_type_name(g->key.type), (unsigned long long)g->counts.scanned,
			(unsigned long long)g->counts.reclaimed, eff,
			(unsigned long long)g->counts.evictions);
	}
	for (i = 0; i < rc->mglru->nr_aging; i++) {
		uint32_t nid = rc->mglru->aging[i].key.nid;
		struct lru_mglru_aging a;

		if ((int64_t)nid == last_nid)
			continue;
		last_nid = nid;
		a = node_aging(rc->mglru, nid);
		fprintf(out, "aging node %u: %llu new generations (%llu attempts, %llu forced)\n",
			nid, (unsigned long long)a.increments, (unsigned long long)a.attempts,
			(unsigned long long)a.forced);
	}
	free(t);
	return 0;
}

int report_stat_text(FILE *out, const struct report_ctx *rc,
		     const struct lru_snapshot *d)
{
	struct table *t;
	char when[16];
	int n, i, l;

	n = build_tables(rc, d, &t);
	if (n < 0)
		return -1;
	clock_text(when, sizeof(when), rc->wall_ts);
	fprintf(out, "%s  interval %.2fs  source %s\n", when, rc->interval_s,
		lru_source_name(rc->source));
	if (rc->drops)
		fprintf(out, "LOST: %llu events, ring buffer full\n",
			(unsigned long long)rc->drops);
	if (n == 0)
		fprintf(out, rc->mglru ? "  classic lists: no reclaim\n" : "  no reclaim\n");
	for (i = 0; i < n; i++) {
		const struct lru_balance *b = t[i].balance;
		uint64_t scanned[4], anon, file;
		char eff[16], dec[32], scan[32], tgt[32];

		if (per_memcg(rc))
			fprintf(out, "node %u memcg %llu", t[i].nid,
				(unsigned long long)t[i].memcg_id);
		else
			fprintf(out, "node %u", t[i].nid);
		if (b)
			fprintf(out, "  policy %s  swappiness %u  mode %s%s%s",
				lru_name(LRU_NAMES_POLICY, b->policy),
				b->swappiness, lru_name(LRU_NAMES_MODE, b->mode),
				b->forced_by ? " by " : "",
				b->forced_by ? lru_name(LRU_NAMES_FORCED_BY, b->forced_by) : "");
		else
			fprintf(out, "  policy -  swappiness -");
		fputc('\n', out);
		/* a node without a root decision shows a memcg's: say whose */
		if (b && !per_memcg(rc) && !sl_decision_is_root(b))
			fprintf(out, "decision of memcg %llu: the node's root lruvec has none\n",
				(unsigned long long)b->memcg_id);
		/* 13+10+10+9+10+10+7 + separators = 75 columns */
		fprintf(out, "%-13s %10s %10s %9s %10s %10s %6s\n", "list",
			"scanned", "reclaimed", "rotated", "activated",
			"deactivtd", "eff%");
		for (l = 0; l < 4; l++) {
			const struct lru_list_counts *c = &t[i].lists[l];

			pct(eff, sizeof(eff), sl_efficiency(c->reclaimed, c->scanned));
			fprintf(out, "%-13s %10llu %10llu %9llu %10llu %10llu %6s\n",
				lru_name(LRU_NAMES_LRU, l),
				(unsigned long long)c->scanned,
				(unsigned long long)c->reclaimed,
				(unsigned long long)c->rotated,
				(unsigned long long)c->activated,
				(unsigned long long)c->deactivated, eff);
			scanned[l] = c->scanned;
		}
		sl_scanned_by_type(scanned, &anon, &file);
		share(dec, sizeof(dec), sl_decision_anon_pm(b));
		share(scan, sizeof(scan), sl_share_pm(anon, file));
		share(tgt, sizeof(tgt), sl_decision_target_anon_pm(b));
		/* a decision stock-fentry recomputed says so */
		fprintf(out, "share anon/file: decided %s%s  scanned %s\n", dec,
			b && sl_decision_source(b) == SL_SRC_RECONSTRUCTED ? " reconstructed" : "",
			scan);
		fprintf(out, "                 target  %s of the scan targets\n", tgt);
	}
	if (mglru_text(out, rc)) {
		free(t);
		return -1;
	}
	report_end_text(out, rc);
	free(t);
	return ferror(out) ? -1 : 0;
}

/*
 * "mglru": per (nid, memcg_id, type) as the text has them; "aging": per
 * (nid, memcg_id) as the maps have them.  Both null without MGLRU programs.
 */
static int mglru_json(json_object *o, const struct report_ctx *rc)
{
	json_object *arr, *aging;
	struct lru_mglru_stat *t;
	size_t n, i;

	if (!rc->mglru) {
		json_object_object_add(o, "mglru", NULL);
		json_object_object_add(o, "aging", NULL);
		return 0;
	}
	/* per memcg always, as "lists": a script sums what it does not need */
	if (lru_mglru_by_type(rc->mglru, true, &t, &n))
		return -1;
	arr = json_object_new_array();
	for (i = 0; i < n; i++) {
		const struct lru_mglru_stat *g = &t[i];
		json_object *e = json_object_new_object();
		double eff = sl_efficiency(g->counts.reclaimed, g->counts.scanned);

		json_object_object_add(e, "nid", json_object_new_uint64(g->key.nid));
		json_object_object_add(e, "memcg_id", json_object_new_uint64(g->key.memcg_id));
		json_object_object_add(e, "type", json_object_new_string(gen_type_name(g->key.type)));
		json_object_object_add(e, "scanned", json_object_new_uint64(g->counts.scanned));
		json_object_object_add(e, "reclaimed", json_object_new_uint64(g->counts.reclaimed));
		json_object_object_add(e, "evictions", json_object_new_uint64(g->counts.evictions));
		json_object_object_add(e, "visited", json_object_new_uint64(g->counts.visited));
		json_object_object_add(e, "efficiency", isnan(eff) ? NULL : num(eff, 4));
		json_object_array_add(arr, e);
	}
	free(t);
	aging = json_object_new_array();
	for (i = 0; i < rc->mglru->nr_aging; i++) {
		const struct lru_mglru_aging_stat *a = &rc->mglru->aging[i];
		json_object *e = json_object_new_object();

		json_object_object_add(e, "nid", json_object_new_uint64(a->key.nid));
		json_object_object_add(e, "memcg_id", json_object_new_uint64(a->key.memcg_id));
		json_object_object_add(e, "increments", json_object_new_uint64(a->aging.increments));
		json_object_object_add(e, "attempts", json_object_new_uint64(a->aging.attempts));
		json_object_object_add(e, "forced", json_object_new_uint64(a->aging.forced));
		json_object_object_add(e, "max_seq", json_object_new_uint64(a->aging.max_seq));
		json_object_array_add(aging, e);
	}
	json_object_object_add(o, "mglru", arr);
	json_object_object_add(o, "aging", aging);
	return 0;
}

int report_stat_json(FILE *out, const struct report_ctx *rc,
		     const struct lru_snapshot *d)
{
	json_object *o = report_json_new(rc), *arr;
	size_t i;

	/* lists: per (nid, memcg_id, lru), summed over reclaimers */
	arr = json_object_new_array();
	for (i = 0; i < d->nr_lists;) {
		struct lru_list_key k = d->lists[i].key;
		struct lru_list_counts c = {};
		json_object *l = json_object_new_object();
		size_t j = i;

		while (j < d->nr_lists && d->lists[j].key.nid == k.nid &&
		       d->lists[j].key.memcg_id == k.memcg_id &&
		       d->lists[j].key.lru == k.lru)
			add_counts(&c, &d->lists[j++].counts);
		json_object_object_add(l, "nid", json_object_new_uint64(k.nid));
		json_object_object_add(l, "memcg_id", json_object_new_uint64(k.memcg_id));
		json_object_object_add(l, "lru", json_object_new_string(lru_name(LRU_NAMES_LRU, k.lru)));
		sl_fields_to_json(l, &sl_list_counts_record, &c);
		json_object_array_add(arr, l);
		i = j;
	}
	json_object_object_add(o, "lists", arr);
	/* the rest as the snapshot has them, from the field tables */
	json_object_object_add(o, "reclaimers", lru_snapshot_to_json(d, "list"));
	json_object_object_add(o, "balance", lru_snapshot_to_json(d, "balance"));
	json_object_object_add(o, "moves", lru_snapshot_to_json(d, "move"));
	if (mglru_json(o, rc)) {
		json_object_put(o);
		return -1;
	}
	return report_json_end(out, rc, o);
}

/* ---- Prometheus ---- */

/*
 * splitlru_PAIR_share_permille per decision and type, from the balance
 * table's PAIR_anon_permille and PAIR_file_permille (decided, target).
 */
static void prom_share(FILE *out, const struct lru_snapshot *s, const char *pair,
		       const char *help)
{
	static const char *const types[] = { "anon", "file" };

	fprintf(out, "# HELP splitlru_%s_share_permille %s\n"
		"# TYPE splitlru_%s_share_permille gauge\n", pair, help, pair);
	for (size_t i = 0; i < s->nr_balance; i++) {
		const struct lru_balance *b = &s->balance[i];

		for (int t = 0; t < 2; t++) {
			char key[48];

			snprintf(key, sizeof(key), "%s_%s_permille", pair, types[t]);
			fprintf(out, "splitlru_%s_share_permille{node=\"%u\",memcg=\"%llu\",type=\"%s\",policy=\"%s\"} %llu\n",
				pair, b->nid, (unsigned long long)b->memcg_id, types[t],
				lru_name(LRU_NAMES_POLICY, b->policy),
				(unsigned long long)sl_field_get(sl_record_field(&sl_balance_record, key), b, 0));
		}
	}
}

int report_prometheus(FILE *out, const struct report_ctx *rc,
		      const struct lru_snapshot *s)
{
	size_t c, i;

	/* one metric per exported counter of the list counts' field table */
	for (c = 0; c < sl_list_counts_record.nr_fields; c++) {
		const struct sl_field *f = &sl_list_counts_record.fields[c];

		if (!f->metric)
			continue;
		fprintf(out, "# HELP splitlru_lru_%s %s\n# TYPE splitlru_lru_%s counter\n",
			f->metric, f->help, f->metric);
		for (i = 0; i < s->nr_lists; i++) {
			const struct lru_list_key *k = &s->lists[i].key;

			fprintf(out, "splitlru_lru_%s{node=\"%u\",memcg=\"%llu\",lru=\"%s\",reclaimer=\"%s\"} %llu\n",
				f->metric, k->nid,
				(unsigned long long)k->memcg_id,
				lru_name(LRU_NAMES_LRU, k->lru),
				lru_name(LRU_NAMES_RECLAIMER, k->reclaimer),
				(unsigned long long)sl_field_get(f, &s->lists[i].counts, 0));
		}
	}
	prom_share(out, s, "decided", "Anon/file share of the pressure the last balance decision decided.");
	prom_share(out, s, "target", "Anon/file share of the scan targets the last balance decision set.");
	fputs("# HELP splitlru_lru_moved_pages_total Pages moved between LRU lists outside the shrink path.\n"
	      "# TYPE splitlru_lru_moved_pages_total counter\n", out);
	for (i = 0; i < s->nr_moves; i++) {
		const struct lru_move_stat *m = &s->moves[i];

		fprintf(out, "splitlru_lru_moved_pages_total{node=\"%u\",memcg=\"%llu\",from_lru=\"%s\",to_lru=\"%s\",reason=\"%s\"} %llu\n",
			m->key.nid, (unsigned long long)m->key.memcg_id,
			lru_name(LRU_NAMES_LRU, m->key.from_lru),
			lru_name(LRU_NAMES_LRU, m->key.to_lru),
			lru_name(LRU_NAMES_MOVE, m->key.reason),
			(unsigned long long)m->counts.pages);
	}
	fprintf(out, "# HELP splitlru_events_lost_total Events lost because the ring buffer was full.\n"
		"# TYPE splitlru_events_lost_total counter\n"
		"splitlru_events_lost_total %llu\n"
		"# HELP splitlru_source_info The source lrutrace traces from (series, stock-fentry, stock-tracepoints).\n"
		"# TYPE splitlru_source_info gauge\n"
		"splitlru_source_info{source=\"%s\"} 1\n",
		(unsigned long long)rc->drops, lru_source_name(rc->source));
	return ferror(out) ? -1 : 0;
}

/*
 * Write the text to a temporary in PATH's directory; -errno of the first
 * failure.  A write that fails in the stdio buffer only shows at fclose():
 * its errno (ENOSPC, EDQUOT, EIO) is the reason a user needs to see.
 */
static int write_temporary(char *tmp, const struct report_ctx *rc,
			   const struct lru_snapshot *s)
{
	FILE *f;
	int fd, err = 0;

	fd = mkstemp(tmp);
	if (fd < 0)
		return -errno;
	fchmod(fd, 0644);
	f = fdopen(fd, "w");
	if (!f) {
		err = -errno;
		close(fd);
		unlink(tmp);
		return err;
	}
	errno = 0;
	if (report_prometheus(f, rc, s))
		err = errno ? -errno : -EIO;
	if (fclose(f) && !err)
		err = errno ? -errno : -EIO;
	if (err)
		unlink(tmp);
	return err;
}

int report_prometheus_file(const char *path, const struct report_ctx *rc,
			   const struct lru_snapshot *s)
{
	char tmp[4096];
	int err;

	/*
	 * Same directory, so rename() is atomic for the textfile collector:
	 * a reader sees the old file or the new one, never a part; a write
	 * that fails leaves the old one as it was.
	 */
	if (snprintf(tmp, sizeof(tmp), "%s.tmp.XXXXXX", path) >= (int)sizeof(tmp))
		err = -ENAMETOOLONG;
	else if (!(err = write_temporary(tmp, rc, s)) && rename(tmp, path)) {
		err = -errno;
		unlink(tmp);
	}
	if (err)
		fprintf(stderr, "lrutrace: --prometheus %s: %s\n", path, strerror(-err));
	return err;
}

/* ---- histograms ---- */

static const struct {
	const char *title;
	const char *unit;
	bool linear;
} hist_info[LRU_HIST_NR] = {
	[LRU_HIST_DIRECT_LAT_US] = { "direct reclaim latency", "usecs", false },
	[LRU_HIST_MEMCG_LAT_US] = { "memcg reclaim latency", "usecs", false },
	[LRU_HIST_RECLAIMED] = { "pages reclaimed per inactive shrink", "pages", false },
	[LRU_HIST_PRIORITY] = { "priority per shrink (12: first pass, 0: hardest)", "priority", true },
};

/* The values slot s of histogram h counts: [lo, hi]. */
static void slot_range(int h, int s, unsigned long long *lo, unsigned long long *hi)
{
	if (hist_info[h].linear) {
		*lo = *hi = (unsigned long long)s;
	} else {
		*lo = s == 0 ? 0 : 1ULL << (s - 1);
		*hi = s == 0 ? 0 : (1ULL << s) - 1;
	}
}

static void stars(FILE *out, uint64_t v, uint64_t max, int width)
{
	int n = max ? (int)((double)v * width / (double)max) : 0, i;

	for (i = 0; i < width; i++)
		fputc(i < n ? '*' : ' ', out);
}

int report_hist_text(FILE *out, const struct report_ctx *rc,
		     const struct lru_snapshot *d)
{
	int h, s;
	char when[16];

	clock_text(when, sizeof(when), rc->wall_ts);
	fprintf(out, "%s\n", when);
	for (h = 0; h < LRU_HIST_NR; h++) {
		const struct lru_hist *hist = &d->hists[h];
		uint64_t max = 0, total = 0;
		int last = -1;

		for (s = 0; s < LRU_HIST_SLOTS; s++) {
			if (hist->slots[s] > max)
				max = hist->slots[s];
			total += hist->slots[s];
			if (hist->slots[s])
				last = s;
		}
		fprintf(out, "%s (%llu)\n", hist_info[h].title, (unsigned long long)total);
		if (last < 0) {
			fputs("  (none)\n", out);
			continue;
		}
		fprintf(out, "%23s : %-10s |%-40s|\n", hist_info[h].unit, "count",
			"distribution");
		for (s = 0; s <= last; s++) {
			unsigned long long lo, hi;

			if (hist_info[h].linear) {
				fprintf(out, "%23d : %-10llu |", s,
					(unsigned long long)hist->slots[s]);
			} else {
				slot_range(h, s, &lo, &hi);
				fprintf(out, "%10llu -> %-9llu : %-10llu |", lo, hi,
					(unsigned long long)hist->slots[s]);
			}
			stars(out, hist->slots[s], max, 40);
			fputs("|\n", out);
		}
	}
	report_end_text(out, rc);
	return ferror(out) ? -1 : 0;
}

int report_hist_json(FILE *out, const struct report_ctx *rc,
		     const struct lru_snapshot *d)
{
	static const char *const keys[LRU_HIST_NR] = {
		"direct_reclaim_us", "memcg_reclaim_us", "reclaimed_pages",
		"priority",
	};
	json_object *o = report_json_new(rc);
	int h, s;

	for (h = 0; h < LRU_HIST_NR; h++) {
		json_object *arr = json_object_new_array();

		for (s = 0; s < LRU_HIST_SLOTS; s++) {
			unsigned long long lo, hi;
			json_object *slot;

			if (!d->hists[h].slots[s])
				continue;
			slot_range(h, s, &lo, &hi);
			slot = json_object_new_object();
			json_object_object_add(slot, "low", json_object_new_uint64(lo));
			json_object_object_add(slot, "high", json_object_new_uint64(hi));
			json_object_object_add(slot, "count",
					       json_object_new_uint64(d->hists[h].slots[s]));
			json_object_array_add(arr, slot);
		}
		json_object_object_add(o, keys[h], arr);
	}
	return report_json_end(out, rc, o);
}
