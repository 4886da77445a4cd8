// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * /sys/kernel/debug/lru_gen and lru_gen_full: the multi-gen LRU's
 * generations per memcg and node (linux-6.1 mm/vmscan.c lru_gen_seq_show):
 *
 *   "memcg %5hu %s\n"             id and cgroup path, before the first node
 *   " node %5d\n"                 one lruvec
 *   " %10lu %10u"                 seq, age in ms,
 *   " %10lu%c" " %10lu%c" "\n"    then anon and file pages, each with a
 *                                 mark: ' ', or in lru_gen_full 'x' below
 *                                 that type's min_seq
 *
 * lru_gen_full follows each generation with MAX_NR_TIERS tier lines
 * (tier, then refaulted/evicted/protected per type with marks R, T, r,
 * e, p) and one line of mm walk statistics (marks LOYNFA or loynfa):
 * checked as numbers with marks, and skipped.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct mmstat_lru_gen {
	struct mm_file file;
	struct mmstat_lru_gen_lruvec *vecs;
	size_t nr_vecs, vecs_cap;
	struct mmstat_lru_gen_gen *gens;
	size_t nr_gens, gens_cap;
	size_t *gen0;			/* first gen of each lruvec, while parsing */
	size_t gen0_cap;
	bool have_memcg;		/* a memcg line came before */
	unsigned memcg_id;
	const char *memcg_path;
	size_t published;		/* lruvecs callers see: 0 after a failure */
};

#define LG_MAX_WORDS 8

/* Splits text at blanks into words[] (at most LG_MAX_WORDS + 1 counted). */
static int split_words(char *text, char **words)
{
	int n = 0;

	for (char *p = text; *p; ) {
		p = mm_skip_blanks(p);
		if (!*p)
			break;
		if (n < LG_MAX_WORDS)
			words[n] = p;
		n++;
		while (*p && !mm_is_blank(*p))
			p++;
		if (*p)
			*p++ = '\0';
	}
	return n;
}

/*
 * A whole word that is a number, optionally followed by one mark of marks.
 * The mark comes off first: "0x" is an evicted generation of 0 pages, not
 * the start of a hexadecimal number.
 */
static const char *number_mark(char *word, uint64_t *v, const char *marks, char *mark)
{
	size_t len = strlen(word);
	const char *why;

	*mark = '\0';
	if (len > 1 && strchr(marks, word[len - 1]) && word[len - 1]) {
		*mark = word[len - 1];
		word[len - 1] = '\0';
	}
	why = mm_parse_u64(&word, v);
	if (!why && *word)
		why = "unexpected text right after the number";
	return why;
}

static struct mmstat_lru_gen_lruvec *cur_vec(struct mmstat_lru_gen *g)
{
	return g->nr_vecs ? &g->vecs[g->nr_vecs - 1] : NULL;
}

/* "memcg 12 /system.slice" (the path may hold blanks; "" without memcg) */
static int memcg_line(struct mmstat_lru_gen *g, unsigned line, char *text)
{
	char *p = mm_skip_blanks(text + 5);
	uint64_t id;
	const char *why = mm_parse_u64(&p, &id);

	if (!why && id > USHRT_MAX)
		why = "memcg id above 65535";
	if (!why && *p && !mm_is_blank(*p))
		why = "unexpected text right after the number";
	if (why)
		return mm_fail(&g->file, line, "memcg: %s", why);
	p = mm_skip_blanks(p);
	for (const char *q = p; *q; q++)
		if ((unsigned char)*q < 0x20 || *q == 0x7f)
			return mm_fail(&g->file, line, "memcg: control byte in the path");
	if (g->have_memcg && (!cur_vec(g) || cur_vec(g)->memcg_path != g->memcg_path))
		return mm_fail(&g->file, line, "memcg %u has no node", g->memcg_id);
	g->have_memcg = true;
	g->memcg_id = (unsigned)id;
	g->memcg_path = p;
	return 0;
}

/* " node 1": a new lruvec of the memcg above */
static int node_line(struct mmstat_lru_gen *g, unsigned line, char *text)
{
	struct mmstat_lru_gen_lruvec *prev = cur_vec(g), *v;
	char *p = mm_skip_blanks(text + 4);
	uint64_t node;
	const char *why = mm_parse_u64(&p, &node);

	if (!why && (*p || node > INT_MAX))
		why = "expected 'node N'";
	if (why)
		return mm_fail(&g->file, line, "node: %s", why);
	if (!g->have_memcg)
		return mm_fail(&g->file, line, "node %llu before any 'memcg' line",
			       (unsigned long long)node);
	/* nodes ascend within a memcg (for_each_node_state) */
	if (prev && prev->memcg_path == g->memcg_path && (int)node <= prev->node)
		return mm_fail(&g->file, line, "node %d after node %d in memcg %u",
			       (int)node, prev->node, g->memcg_id);
	if (mm_grow((void **)&g->gen0, &g->gen0_cap, g->nr_vecs + 1, sizeof(*g->gen0)) ||
	    !(v = mm_push((void **)&g->vecs, &g->nr_vecs, &g->vecs_cap, sizeof(*v))))
		return mm_nomem(&g->file);
	*v = (struct mmstat_lru_gen_lruvec){ g->memcg_id, g->memcg_path, (int)node,
					     0, 0, NULL, 0 };
	g->gen0[g->nr_vecs - 1] = g->nr_gens;
	return 0;
}

/* "seq age anon file", each count with its mark */
static int gen_line(struct mmstat_lru_gen *g, unsigned line, char **w)
{
	struct mmstat_lru_gen_lruvec *v = cur_vec(g);
	struct mmstat_lru_gen_gen gen = { 0 }, *slot;
	const char *why = NULL;
	char mark;
	uint64_t age;

	if (!v)
		return mm_fail(&g->file, line, "generation before any 'node' line");
	if ((why = mm_parse_u64(&w[0], &gen.seq)) || *w[0] ||
	    (why = mm_parse_u64(&w[1], &age)) || *w[1])
		return mm_fail(&g->file, line, "generation: %s", why ? why :
			       "unexpected text right after the number");
	if (age > UINT32_MAX)	/* jiffies_to_msecs() is an unsigned int */
		return mm_fail(&g->file, line, "generation: age above 2^32 ms");
	gen.age_ms = age;
	for (int t = 0; t < 2; t++) {
		if ((why = number_mark(w[2 + t], &gen.pages[t], "x", &mark)))
			return mm_fail(&g->file, line, "generation %llu: %s",
				       (unsigned long long)gen.seq, why);
		gen.evicted[t] = mark == 'x';
	}
	if (g->nr_gens > g->gen0[g->nr_vecs - 1]) {
		const struct mmstat_lru_gen_gen *prev = &g->gens[g->nr_gens - 1];

		/* seq .. max_seq, one by one */
		if (gen.seq != prev->seq + 1)
			return mm_fail(&g->file, line, "generation %llu after %llu",
				       (unsigned long long)gen.seq,
				       (unsigned long long)prev->seq);
		/* a type's evicted generations are its oldest */
		for (int t = 0; t < 2; t++)
			if (gen.evicted[t] && !prev->evicted[t])
				return mm_fail(&g->file, line,
					       "generation %llu: evicted after a live one",
					       (unsigned long long)gen.seq);
	}
	slot = mm_push((void **)&g->gens, &g->nr_gens, &g->gens_cap, sizeof(*slot));
	if (!slot)
		return mm_nomem(&g->file);
	*slot = gen;
	return 0;
}

/* lru_gen_full's tier lines (7 words) and mm statistics lines (6 words). */
static int full_line(struct mmstat_lru_gen *g, unsigned line, char **w, int n)
{
	const char *marks = n == 7 ? "RTrep" : "LOYNFAloynfa";
	const char *why = NULL;
	uint64_t v;
	char mark;

	if (!cur_vec(g) || g->nr_gens == g->gen0[g->nr_vecs - 1])
		return mm_fail(&g->file, line, "lru_gen_full line before any generation");
	for (int i = 0; i < n && !why; i++) {
		why = number_mark(w[i], &v, i || n == 6 ? marks : "", &mark);
		if (!why && i == 0 && n == 7 && v > 64)
			why = "tier above 64";
	}
	return why ? mm_fail(&g->file, line, "%s: %s", n == 7 ? "tier" : "mm stats", why) : 0;
}

static int lg_line(void *ctx, unsigned line, char *text, unsigned indent)
{
	struct mmstat_lru_gen *g = ctx;
	char *w[LG_MAX_WORDS];
	int n;

	if (!strncmp(text, "memcg", 5) && (!text[5] || mm_is_blank(text[5])))
		return memcg_line(g, line, text);
	if (!strncmp(text, "node", 4) && (!text[4] || mm_is_blank(text[4])))
		return node_line(g, line, text);
	n = split_words(text, w);
	if (n == 4)
		return gen_line(g, line, w);
	if (n == 6 || n == 7)
		return full_line(g, line, w, n);
	return mm_fail(&g->file, line, "expected 'memcg', 'node' or 'seq age anon file'");
}

/* Turns gen0[] into each lruvec's gens, min_seq and max_seq. */
static int lg_publish(struct mmstat_lru_gen *g)
{
	for (size_t i = 0; i < g->nr_vecs; i++) {
		struct mmstat_lru_gen_lruvec *v = &g->vecs[i];
		size_t end = i + 1 < g->nr_vecs ? g->gen0[i + 1] : g->nr_gens;

		v->nr_gens = end - g->gen0[i];
		if (!v->nr_gens)	/* (and g->gens may be NULL: no NULL + 0) */
			return mm_fail(&g->file, 0, "memcg %u node %d has no generation",
				       v->memcg_id, v->node);
		v->gens = g->gens + g->gen0[i];
		v->max_seq = v->gens[v->nr_gens - 1].seq;
		v->min_seq = v->max_seq;
		for (size_t k = v->nr_gens; k-- > 0; )
			if (!v->gens[k].evicted[0] || !v->gens[k].evicted[1])
				v->min_seq = v->gens[k].seq;
	}
	g->published = g->nr_vecs;
	return 0;
}

static int lg_run(struct mmstat_lru_gen *g)
{
	g->nr_vecs = g->nr_gens = g->published = 0;
	g->have_memcg = false;
	g->file.err.kind = MMSTAT_ERR_NONE;
	if (mm_each_line(&g->file, lg_line, g))
		return -1;
	if (!g->nr_vecs)
		return mm_fail(&g->file, 0, "no lruvec in the file");
	return lg_publish(g);
}

struct mmstat_lru_gen *mmstat_lru_gen_new(const char *root, const char *path,
					  struct mmstat_error *err)
{
	struct mmstat_error scratch;
	struct mmstat_lru_gen *g = calloc(1, sizeof(*g));

	if (!err)
		err = &scratch;
	if (!path)
		path = "/sys/kernel/debug/lru_gen";
	if (!g) {
		mm_error_set(err, MMSTAT_ERR_NOMEM, ENOMEM, path, "out of memory");
		return NULL;
	}
	if (mm_file_open(&g->file, root, path, err)) {
		free(g);
		return NULL;
	}
	return g;
}

int mmstat_lru_gen_read(struct mmstat_lru_gen *g)
{
	g->published = 0;
	if (mm_file_read(&g->file))
		return -1;
	return lg_run(g);
}

int mmstat_lru_gen_parse(struct mmstat_lru_gen *g, const char *buf, size_t len)
{
	g->published = 0;
	if (mm_file_load(&g->file, buf, len))
		return -1;
	return lg_run(g);
}

size_t mmstat_lru_gen_nr_lruvecs(const struct mmstat_lru_gen *g)
{
	return g->published;
}

const struct mmstat_lru_gen_lruvec *mmstat_lru_gen_lruvec(const struct mmstat_lru_gen *g,
							  size_t i)
{
	return i < g->published ? &g->vecs[i] : NULL;
}

const struct mmstat_lru_gen_lruvec *mmstat_lru_gen_find(const struct mmstat_lru_gen *g,
							unsigned memcg_id, int node)
{
	for (size_t i = 0; i < g->published; i++)
		if (g->vecs[i].memcg_id == memcg_id && g->vecs[i].node == node)
			return &g->vecs[i];
	return NULL;
}

const struct mmstat_error *mmstat_lru_gen_error(const struct mmstat_lru_gen *g)
{
	return &g->file.err;
}

void mmstat_lru_gen_free(struct mmstat_lru_gen *g)
{
	if (!g)
		return;
	mm_file_close(&g->file);
	free(g->vecs);
	free(g->gens);
	free(g->gen0);
	free(g);
}
