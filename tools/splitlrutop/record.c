// SPDX-License-Identifier: GPL-2.0-only
/* record.c: write and read recordings; the format is in record.h. */
#include "record.h"
#include "lru_format.h"
#include "sl_fields.h"
#include "sl_format.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ---- the scalar fields of a sample's "g" line ---- */

struct u64_field {
	const char *name;
	size_t offset;
};

#define G(f) { #f, offsetof(struct sl_sample, f) }
static const struct u64_field global_fields[] = {
	G(mono_ns), G(real_s), G(boot_s), G(interval_ms), G(swappiness),
	G(psi_some10), G(psi_full10), G(swap_total), G(swap_free),
	G(self_cpu_ns), G(self_rss_kb), G(bpf_events), G(bpf_drops),
};
#undef G
#define NR_GLOBAL (sizeof(global_fields) / sizeof(global_fields[0]))

/*
 * A node's decision ("d") and list counts ("l", "m") are the loader's
 * records: their keys are those of their field tables (sl_fields.h).
 */

static uint64_t *u64_at(void *base, size_t offset)
{
	return (uint64_t *)((char *)base + offset);
}

/* ---- writing ---- */

static void put(FILE *out, const char *name, uint64_t v)
{
	if (v != SL_MISSING)
		fprintf(out, " %s=%" PRIu64, name, v);
}

/* Paths may hold anything but '/'-separated names: escape what splits. */
static void put_path(FILE *out, const char *path)
{
	fputc(' ', out);
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (*p <= ' ' || *p == '%' || *p == '=' || *p >= 0x7f)
			fprintf(out, "%%%02X", *p);
		else
			fputc(*p, out);
	}
}

static void put_field(void *out, const char *key, const struct sl_field *f, uint64_t v)
{
	(void)f;
	put(out, key, v);
}

/* Every field of a record, as numbers, under its table's keys. */
static void put_record(FILE *out, const struct sl_record *r, const void *rec)
{
	sl_record_each(r, rec, put_field, out);
}

/* "k nid=0 memcg_id=1 lru=inactive_file reclaimer=kswapd scanned=...": one counter key */
static void put_list(FILE *out, const struct lru_list_stat *l)
{
	char key[256];
	struct sl_buf b;

	sl_buf_init(&b, key, sizeof(key));
	sl_fields_text(&b, &sl_list_key_record, &l->key);
	fprintf(out, "k%s", key);
	put_record(out, &sl_list_counts_record, &l->counts);
	fputc('\n', out);
}

/* "y NID type=file swappiness=60 evictions=..." and "a NID steps=... attempts=..." */
static void put_gen_counts(FILE *out, const struct sl_sample *s, const struct sl_node_sample *n)
{
	if (!s->have_gen_counts)
		return;
	for (int i = 0; i < n->nr_gen_counts; i++) {
		const struct sl_gen_count *c = &n->gen_counts[i];
		fprintf(out, "y %d type=%s swappiness=%u", n->nid,
			sl_gen_type_names[c->type & 1], c->swappiness);
		put(out, "evictions", c->evictions);
		put(out, "scanned", c->scanned);
		put(out, "reclaimed", c->reclaimed);
		fputc('\n', out);
	}
	if (n->aging_steps != SL_MISSING || n->aging_attempts != SL_MISSING) {
		fprintf(out, "a %d", n->nid);
		put(out, "steps", n->aging_steps);
		put(out, "attempts", n->aging_attempts);
		fputc('\n', out);
	}
}

/* "x NID MEMCG_ID PATH min_seq=.. max_seq=.. gen=SEQ,AGE_MS,ANON,FILE ...": one lruvec */
static void put_lruvec(FILE *out, const struct sl_lruvec_gens *v)
{
	fprintf(out, "x %d %u", v->nid, v->memcg_id);
	/* "" (no memcg) as "%" alone would not survive; "-" cannot be a cgroup path */
	if (v->memcg[0])
		put_path(out, v->memcg);
	else
		fputs(" -", out);
	put(out, "min_seq", v->min_seq);
	put(out, "max_seq", v->max_seq);
	for (int g = 0; g < v->nr_gens; g++)
		fprintf(out, " gen=%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64, v->gens[g].seq,
			v->gens[g].age_ms, v->gens[g].pages[SL_GEN_ANON], v->gens[g].pages[SL_GEN_FILE]);
	fputc('\n', out);
}

void sl_record_write_header(FILE *out)
{
	fprintf(out, "%s %d\n", SL_RECORD_MAGIC, SL_RECORD_VERSION);
}

void sl_record_write_sample(FILE *out, const struct sl_sample *s)
{
	fprintf(out, "S %" PRIu64 "\ng", s->seq);
	for (size_t i = 0; i < NR_GLOBAL; i++)
		put(out, global_fields[i].name, *u64_at((void *)s, global_fields[i].offset));
	if (s->policy[0])
		fprintf(out, " policy=%s", s->policy);
	if (s->mglru[0])
		fprintf(out, " mglru=%s", s->mglru);
	fprintf(out, " missing=%" PRIu32 " bpf=%s", s->missing,
		s->bpf_reason < SL_BPF_REASON_NR ? sl_bpf_reason_names[s->bpf_reason] : "?");
	if (s->source != LRU_SOURCE_AUTO)
		fprintf(out, " source=%s", lru_source_name(s->source));
	if (s->lru_gen != SL_LRU_GEN_OFF && s->lru_gen < SL_LRU_GEN_STATE_NR)
		fprintf(out, " lru_gen=%s", sl_lru_gen_state_names[s->lru_gen]);
	if (s->have_gen_counts)
		fputs(" gen_counts=bpf", out);
	if (s->cannot) {
		char keys[256];

		sl_limits_keys(keys, sizeof(keys), s->cannot);
		fprintf(out, " cannot=%s", keys);
	}
	fputs("\nv", out);
	for (int i = 0; i < SL_VM_NR; i++)
		put(out, sl_vm_names[i], s->vm[i]);
	fputc('\n', out);

	for (int i = 0; i < s->nr_nodes; i++) {
		const struct sl_node_sample *n = &s->nodes[i];
		fprintf(out, "n %d", n->nid);
		for (int k = 0; k < SL_MEM_NR; k++)
			put(out, sl_mem_names[k], n->mem[k]);
		for (int k = 0; k < SL_ZBAL_NR; k++)
			put(out, sl_zbal_names[k], n->zbal[k]);
		fputc('\n', out);
		if (n->decision.present) {
			fprintf(out, "d %d", n->nid);
			put_record(out, &sl_balance_record, &n->decision.b);
			fputc('\n', out);
		}
		put_gen_counts(out, s, n);
	}
	for (int i = 0; i < s->nr_lruvecs; i++)
		put_lruvec(out, &s->lruvecs[i]);
	for (int i = 0; i < s->nr_memcgs; i++) {
		const struct sl_memcg_sample *m = &s->memcgs[i];
		fprintf(out, "c %" PRIu64, m->id);
		put_path(out, m->path);
		for (int k = 0; k < SL_CG_NR; k++)
			put(out, sl_cg_names[k], m->stat[k]);
		fputc('\n', out);
	}
	for (size_t i = 0; s->have_lists && i < s->bpf.nr_lists; i++)
		put_list(out, &s->bpf.lists[i]);
	fprintf(out, "E %" PRIu64 "\n", s->seq);
}

struct sl_recorder {
	FILE *out;
};

struct sl_recorder *sl_recorder_open(const char *path, char *err, size_t errlen)
{
	struct sl_recorder *w = calloc(1, sizeof(*w));

	if (!w) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	w->out = fopen(path, "we");
	if (!w->out) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		free(w);
		return NULL;
	}
	sl_record_write_header(w->out);
	fflush(w->out);
	return w;
}

int sl_recorder_write(struct sl_recorder *w, const struct sl_sample *s)
{
	sl_record_write_sample(w->out, s);
	return fflush(w->out) == 0 && !ferror(w->out) ? 0 : -1;
}

void sl_recorder_close(struct sl_recorder *w)
{
	if (!w)
		return;
	fclose(w->out);
	free(w);
}

/* ---- reading ---- */

struct sl_replay {
	FILE *in;
	char path[512];
	size_t nr, cap;
	long *offsets;		/* of each complete sample's "S" line */
	unsigned *lines;	/* its line number */
	unsigned truncated_line;
	char *line;
	size_t line_cap;
};

static int fail(char *err, size_t errlen, const struct sl_replay *r,
		unsigned line, const char *why)
{
	snprintf(err, errlen, "%s:%u: %s", r->path, line, why);
	return -1;
}

static bool parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return !errno && !*end;
}

static void unescape(char *s)
{
	char *o = s;

	for (; *s; s++) {
		unsigned x;
		if (*s == '%' && sscanf(s + 1, "%2x", &x) == 1 && isxdigit((unsigned char)s[1]) &&
		    isxdigit((unsigned char)s[2])) {
			*o++ = (char)x;
			s += 2;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
}

static int index_of(const char *const *names, int n, const char *word)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(names[i], word))
			return i;
	return -1;
}

/* Apply "key=value" to one of the tables; unknown keys are ignored. */
static int apply_fields(char *tok, const struct u64_field *f, size_t nf, void *base)
{
	char *eq = strchr(tok, '=');
	uint64_t v;

	if (!eq)
		return -1;
	*eq = '\0';
	for (size_t i = 0; i < nf; i++)
		if (!strcmp(f[i].name, tok)) {
			if (!parse_u64(eq + 1, &v))
				return -1;
			*u64_at(base, f[i].offset) = v;
		}
	return 0;
}

static int apply_named(char *tok, const char *const *names, int n, uint64_t *vals)
{
	char *eq = strchr(tok, '=');
	uint64_t v;
	int i;

	if (!eq)
		return -1;
	*eq = '\0';
	i = index_of(names, n, tok);
	if (i < 0)
		return 0;
	if (!parse_u64(eq + 1, &v))
		return -1;
	vals[i] = v;
	return 0;
}

static int apply_global(char *tok, struct sl_sample *s)
{
	char *eq = strchr(tok, '=');
	uint64_t v;

	if (!eq)
		return -1;
	if (!strncmp(tok, "policy=", 7)) {
		snprintf(s->policy, sizeof(s->policy), "%s", eq + 1);
	} else if (!strncmp(tok, "mglru=", 6)) {
		snprintf(s->mglru, sizeof(s->mglru), "%s", eq + 1);
	} else if (!strncmp(tok, "bpf=", 4)) {
		int i = index_of(sl_bpf_reason_names, SL_BPF_REASON_NR, eq + 1);
		s->bpf_reason = i < 0 ? SL_BPF_LOAD_FAILED : (uint32_t)i;
	} else if (!strncmp(tok, "source=", 7)) {
		enum lru_source src;
		/* a source of a later version: proc-only says the least */
		s->source = lru_source_from_name(eq + 1, &src) ? LRU_SOURCE_PROC_ONLY : src;
	} else if (!strncmp(tok, "cannot=", 7)) {
		s->cannot = sl_limits_parse(eq + 1);
	} else if (!strncmp(tok, "lru_gen=", 8)) {
		int i = index_of(sl_lru_gen_state_names, SL_LRU_GEN_STATE_NR, eq + 1);
		s->lru_gen = i < 0 ? SL_LRU_GEN_BAD : (uint32_t)i;
	} else if (!strncmp(tok, "gen_counts=", 11)) {
		s->have_gen_counts = !strcmp(eq + 1, "bpf");
	} else if (!strncmp(tok, "missing=", 8)) {
		if (!parse_u64(eq + 1, &v))
			return -1;
		s->missing = (uint32_t)v;
	} else {
		return apply_fields(tok, global_fields, NR_GLOBAL, s);
	}
	return 0;
}

static struct sl_node_sample *node_slot(struct sl_sample *s, const char *word, bool create)
{
	uint64_t nid;

	if (!parse_u64(word, &nid) || nid > 4096)
		return NULL;
	for (int i = 0; i < s->nr_nodes; i++)
		if (s->nodes[i].nid == (int)nid)
			return &s->nodes[i];
	if (!create || s->nr_nodes == SL_MAX_NODES)
		return NULL;
	s->nodes[s->nr_nodes].nid = (int)nid;
	return &s->nodes[s->nr_nodes++];
}

static struct sl_memcg_sample *memcg_slot(struct sl_sample *s, const char *word)
{
	uint64_t id;

	if (!parse_u64(word, &id))
		return NULL;
	for (int i = 0; i < s->nr_memcgs; i++)
		if (s->memcgs[i].id == id)
			return &s->memcgs[i];
	return NULL;
}

/* "key=value" into a record; a key of a later version is ignored. */
static int apply_record(char *tok, const struct sl_record *r, void *rec)
{
	char *eq = strchr(tok, '=');

	if (!eq)
		return -1;
	*eq = '\0';
	return sl_record_parse_kv(r, rec, tok, eq + 1) < 0 ? -1 : 0;
}

/* "k key=value...": one BPF counter key and its counts (version 2). */
static int parse_list(struct sl_sample *s, char **save)
{
	struct lru_list_stat l;
	char *tok;

	memset(&l, 0, sizeof(l));
	while ((tok = strtok_r(NULL, " ", save))) {
		char *eq = strchr(tok, '=');
		int rc;

		if (!eq)
			return -1;
		*eq = '\0';
		rc = sl_record_parse_kv(&sl_list_key_record, &l.key, tok, eq + 1);
		if (rc == 1)
			rc = sl_record_parse_kv(&sl_list_counts_record, &l.counts, tok, eq + 1);
		if (rc < 0)
			return -1;
	}
	return lru_snapshot_add_list(&s->bpf, &l);
}

/*
 * Version 1's "l NID LIST WHO k=v..." (a node's counts, summed over its
 * memcgs) and "m ID LIST WHO k=v..." (a memcg's, over its nodes), as
 * counter keys: a node's with no memcg (id 0), a memcg's on no node.
 */
static int parse_v1_counts(struct sl_sample *s, bool memcg, uint64_t owner, char **save)
{
	static const uint8_t reclaimer_of[SL_WHO_NR] = {
		[SL_WHO_KSWAPD] = SL_RECLAIMER_KSWAPD,
		[SL_WHO_DIRECT] = SL_RECLAIMER_DIRECT,
		[SL_WHO_OTHER] = SL_RECLAIMER_OTHER,
	};
	char *list = strtok_r(NULL, " ", save), *who = strtok_r(NULL, " ", save), *tok;
	int l = list ? lru_name_parse(LRU_NAMES_LRU, list) : -1;
	int w = who ? index_of(sl_who_names, SL_WHO_NR, who) : -1;
	struct lru_list_stat st;

	if (l < 0 || l >= SL_NR_LISTS || w < 0)
		return -1;
	memset(&st, 0, sizeof(st));
	st.key.nid = memcg ? UINT32_MAX : (uint32_t)owner;
	st.key.memcg_id = memcg ? owner : 0;
	st.key.lru = (uint8_t)l;
	st.key.reclaimer = reclaimer_of[w];
	while ((tok = strtok_r(NULL, " ", save)))
		if (apply_record(tok, &sl_list_counts_record, &st.counts))
			return -1;
	return lru_snapshot_add_list(&s->bpf, &st);
}

/* "y NID type=T swappiness=N evictions=.. scanned=.. reclaimed=.." */
static int parse_gen_count(struct sl_node_sample *n, char **save)
{
	struct sl_gen_count c = { 0 };
	char *tok;

	while ((tok = strtok_r(NULL, " ", save))) {
		char *eq = strchr(tok, '=');
		uint64_t v = 0;
		if (!eq)
			return -1;
		*eq++ = '\0';
		if (!strcmp(tok, "type")) {
			int t = index_of(sl_gen_type_names, SL_GEN_TYPES, eq);
			if (t < 0)
				return -1;
			c.type = (uint8_t)t;
			continue;
		}
		if (!parse_u64(eq, &v))
			return -1;
		if (!strcmp(tok, "swappiness") && v <= UINT8_MAX)
			c.swappiness = (uint8_t)v;
		else if (!strcmp(tok, "evictions"))
			c.evictions = v;
		else if (!strcmp(tok, "scanned"))
			c.scanned = v;
		else if (!strcmp(tok, "reclaimed"))
			c.reclaimed = v;
		else if (!strcmp(tok, "swappiness"))
			return -1;
	}
	return sl_node_add_gen_count(n, &c);
}

/* "a NID steps=.. attempts=.." */
static int parse_aging(struct sl_node_sample *n, char **save)
{
	static const char *const names[] = { "steps", "attempts" };
	uint64_t v[2] = { SL_MISSING, SL_MISSING };
	char *tok;

	while ((tok = strtok_r(NULL, " ", save)))
		if (apply_named(tok, names, 2, v))
			return -1;
	n->aging_steps = v[0];
	n->aging_attempts = v[1];
	return 0;
}

/* "x NID MEMCG_ID PATH min_seq=.. max_seq=.. gen=SEQ,AGE,ANON,FILE ..." */
static int parse_lruvec(struct sl_sample *s, char **save)
{
	char *nid = strtok_r(NULL, " ", save), *id = strtok_r(NULL, " ", save);
	char *path = strtok_r(NULL, " ", save), *tok;
	static const char *const names[] = { "min_seq", "max_seq" };
	uint64_t n, m, seqs[2] = { 0, 0 };
	struct sl_lruvec_gens *v;

	if (!nid || !id || !path || !parse_u64(nid, &n) || n > 4096 ||
	    !parse_u64(id, &m) || m > UINT32_MAX || s->nr_lruvecs == SL_MAX_LRUVECS)
		return -1;
	v = &s->lruvecs[s->nr_lruvecs];
	memset(v, 0, sizeof(*v));
	v->nid = (int)n;
	v->memcg_id = (unsigned)m;
	if (strcmp(path, "-")) {
		unescape(path);
		snprintf(v->memcg, sizeof(v->memcg), "%s", path);
	}
	while ((tok = strtok_r(NULL, " ", save))) {
		if (!strncmp(tok, "gen=", 4)) {
			struct sl_gen *g = &v->gens[v->nr_gens];
			char tail;
			if (v->nr_gens == SL_MAX_GENS ||
			    sscanf(tok + 4, "%" SCNu64 ",%" SCNu64 ",%" SCNu64 ",%" SCNu64 "%c", &g->seq,
				   &g->age_ms, &g->pages[SL_GEN_ANON], &g->pages[SL_GEN_FILE], &tail) != 4)
				return -1;
			v->nr_gens++;
		} else if (apply_named(tok, names, 2, seqs)) {
			return -1;
		}
	}
	v->min_seq = seqs[0];
	v->max_seq = seqs[1];
	s->nr_lruvecs++;
	return 0;
}

/* One line of a sample; returns 1 at its "E" line, 0 to go on, -1 on error. */
static int parse_line(char *line, struct sl_sample *s, uint64_t seq)
{
	char *save = NULL, *tag = strtok_r(line, " ", &save), *tok, *word;
	uint64_t v;

	if (!tag || tag[0] == '#')
		return 0;
	if (!strcmp(tag, "E")) {
		word = strtok_r(NULL, " ", &save);
		return word && parse_u64(word, &v) && v == seq ? 1 : -1;
	}
	if (!strcmp(tag, "g")) {
		while ((tok = strtok_r(NULL, " ", &save)))
			if (apply_global(tok, s))
				return -1;
	} else if (!strcmp(tag, "v")) {
		while ((tok = strtok_r(NULL, " ", &save)))
			if (apply_named(tok, sl_vm_names, SL_VM_NR, s->vm))
				return -1;
	} else if (!strcmp(tag, "n") || !strcmp(tag, "d") || !strcmp(tag, "l")) {
		word = strtok_r(NULL, " ", &save);
		struct sl_node_sample *n = word ? node_slot(s, word, tag[0] == 'n') : NULL;
		if (!n)
			return -1;
		if (tag[0] == 'l')
			return parse_v1_counts(s, false, (uint64_t)n->nid, &save);
		if (tag[0] == 'd')
			n->decision.present = true;
		while ((tok = strtok_r(NULL, " ", &save))) {
			int rc;
			if (tag[0] == 'd') {
				rc = apply_record(tok, &sl_balance_record, &n->decision.b);
			} else {
				char copy[128];
				snprintf(copy, sizeof(copy), "%s", tok);
				rc = apply_named(tok, sl_mem_names, SL_MEM_NR, n->mem);
				if (!rc)
					rc = apply_named(copy, sl_zbal_names, SL_ZBAL_NR, n->zbal);
			}
			if (rc)
				return -1;
		}
	} else if (!strcmp(tag, "c")) {
		char *id = strtok_r(NULL, " ", &save), *path = strtok_r(NULL, " ", &save);
		if (!id || !path || s->nr_memcgs == SL_MAX_MEMCGS || !parse_u64(id, &v))
			return -1;
		struct sl_memcg_sample *m = &s->memcgs[s->nr_memcgs++];
		m->id = v;
		unescape(path);
		snprintf(m->path, sizeof(m->path), "%s", path);
		while ((tok = strtok_r(NULL, " ", &save)))
			if (apply_named(tok, sl_cg_names, SL_CG_NR, m->stat))
				return -1;
	} else if (!strcmp(tag, "m")) {
		word = strtok_r(NULL, " ", &save);
		struct sl_memcg_sample *m = word ? memcg_slot(s, word) : NULL;
		if (!m)
			return -1;
		return parse_v1_counts(s, true, m->id, &save);
	} else if (!strcmp(tag, "k")) {
		return parse_list(s, &save);
	} else if (!strcmp(tag, "y") || !strcmp(tag, "a")) {
		word = strtok_r(NULL, " ", &save);
		struct sl_node_sample *n = word ? node_slot(s, word, false) : NULL;
		if (!n)
			return -1;
		return tag[0] == 'y' ? parse_gen_count(n, &save) : parse_aging(n, &save);
	} else if (!strcmp(tag, "x")) {
		return parse_lruvec(s, &save);
	}
	/* Any other tag is from a later version: skipped. */
	return 0;
}

static ssize_t next_line(struct sl_replay *r, bool *complete)
{
	ssize_t n = getline(&r->line, &r->line_cap, r->in);

	*complete = n > 0 && r->line[n - 1] == '\n';
	if (*complete)
		r->line[--n] = '\0';
	return n;
}

struct sl_replay *sl_replay_open(const char *path, char *err, size_t errlen)
{
	struct sl_replay *r = calloc(1, sizeof(*r));
	unsigned lineno = 0, block_line = 0;
	long block_off = 0;
	uint64_t seq = 0;
	bool in_block = false, complete;
	int version;
	ssize_t n;

	if (!r) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	snprintf(r->path, sizeof(r->path), "%s", path);
	r->in = fopen(path, "re");
	if (!r->in) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		free(r);
		return NULL;
	}
	n = next_line(r, &complete);
	lineno = 1;
	if (n < 0 || sscanf(r->line, SL_RECORD_MAGIC " %d", &version) != 1) {
		fail(err, errlen, r, 1, "not a splitlrutop recording (no '" SL_RECORD_MAGIC " N' line)");
		goto bad;
	}
	if (version < 1 || version > SL_RECORD_VERSION) {
		char why[96];
		snprintf(why, sizeof(why), "recording format version %d; this splitlrutop reads 1 to %d",
			 version, SL_RECORD_VERSION);
		fail(err, errlen, r, 1, why);
		goto bad;
	}
	for (;;) {
		long off = ftell(r->in);
		n = next_line(r, &complete);
		if (n < 0)
			break;
		lineno++;
		if (!complete)
			break;		/* the writer was cut off in this line */
		if (!in_block) {
			if (r->line[0] == '#' || n == 0)
				continue;
			if (r->line[0] != 'S' || sscanf(r->line, "S %" SCNu64, &seq) != 1) {
				fail(err, errlen, r, lineno, "expected 'S SEQ' to start a sample");
				goto bad;
			}
			in_block = true;
			block_off = off;
			block_line = lineno;
		} else if (r->line[0] == 'E' && r->line[1] == ' ') {
			uint64_t end;
			if (sscanf(r->line, "E %" SCNu64, &end) != 1 || end != seq) {
				fail(err, errlen, r, lineno, "'E' does not match its sample's 'S'");
				goto bad;
			}
			if (r->nr == r->cap) {
				size_t cap = r->cap ? r->cap * 2 : 64;
				long *o = realloc(r->offsets, cap * sizeof(*o));
				unsigned *l = o ? realloc(r->lines, cap * sizeof(*l)) : NULL;
				if (o)
					r->offsets = o;
				if (!o || !l) {
					snprintf(err, errlen, "out of memory");
					goto bad;
				}
				r->lines = l;
				r->cap = cap;
			}
			r->offsets[r->nr] = block_off;
			r->lines[r->nr++] = block_line;
			in_block = false;
		}
	}
	if (in_block)
		r->truncated_line = block_line;
	else if (!complete && n > 0)
		r->truncated_line = lineno;
	return r;
bad:
	sl_replay_close(r);
	return NULL;
}

size_t sl_replay_count(const struct sl_replay *r)
{
	return r->nr;
}

unsigned sl_replay_truncated(const struct sl_replay *r)
{
	return r->truncated_line;
}

/*
 * A sample recorded before "source=": its source from the bits that said
 * it then, and that source's limits.
 */
static void source_of_old(struct sl_sample *s)
{
	if (s->missing & SL_LACK_BPF)
		s->source = LRU_SOURCE_PROC_ONLY;
	else if (s->missing & SL_LACK_DECISION)
		s->source = LRU_SOURCE_STOCK_TRACEPOINTS;
	else
		s->source = LRU_SOURCE_SERIES;
	s->cannot = lru_source_cannot(s->source);
	if (sl_mglru_on(s->mglru))
		s->cannot |= 1u << SL_LIMIT_CLASSIC_LISTS;
}

int sl_replay_load(struct sl_replay *r, size_t i, struct sl_sample *s,
		   char *err, size_t errlen)
{
	unsigned lineno;
	bool complete;
	ssize_t n;

	if (i >= r->nr) {
		snprintf(err, errlen, "%s: no sample %zu", r->path, i);
		return -1;
	}
	sl_sample_reset(s);
	if (fseek(r->in, r->offsets[i], SEEK_SET))
		return fail(err, errlen, r, r->lines[i], strerror(errno));
	lineno = r->lines[i];
	n = next_line(r, &complete);
	if (n < 0 || sscanf(r->line, "S %" SCNu64, &s->seq) != 1)
		return fail(err, errlen, r, lineno, "expected 'S SEQ'");
	for (;;) {
		n = next_line(r, &complete);
		lineno++;
		if (n < 0)
			return fail(err, errlen, r, lineno, "file changed while replaying");
		int rc = parse_line(r->line, s, s->seq);
		if (rc < 0)
			return fail(err, errlen, r, lineno, "malformed line");
		if (rc > 0)
			break;
	}
	if (s->source == LRU_SOURCE_AUTO)
		source_of_old(s);
	/* the counters are there when BPF was (both versions say so) */
	s->have_lists = !(s->missing & SL_LACK_BPF);
	s->have_memcg_lists = s->have_lists && !(s->cannot & (1u << SL_LIMIT_MEMCG));
	lru_snapshot_sort(&s->bpf);
	return 0;
}

void sl_replay_close(struct sl_replay *r)
{
	if (!r)
		return;
	if (r->in)
		fclose(r->in);
	free(r->offsets);
	free(r->lines);
	free(r->line);
	free(r);
}
