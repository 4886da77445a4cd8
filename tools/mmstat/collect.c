// SPDX-License-Identifier: GPL-2.0-or-later
/* Opening the files of a KIND once and flattening each sample into rows. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sl_cgroup.h"

struct node_files {
	int node;
	struct mmstat_meminfo *meminfo;
	struct mmstat_vmstat *vmstat;	/* NULL on kernels without nodeN/vmstat */
};

struct source {
	const struct opts *o;
	struct mmstat_meminfo *meminfo;
	struct mmstat_vmstat *vmstat;
	struct mmstat_zoneinfo *zoneinfo;
	struct mmstat_memcg *memcg;
	struct mmstat_psi *psi;
	struct mmstat_lru_gen *lru_gen;
	struct node_files *nodes;
	size_t nr_nodes;
};

static int report(const struct mmstat_error *e)
{
	char buf[800];

	fprintf(stderr, "mmstat: %s\n", mmstat_error_string(e, buf, sizeof(buf)));
	return e->kind == MMSTAT_ERR_PARSE ? EXIT_PARSE : EXIT_IO;
}

static int open_node(struct source *src, int node)
{
	struct node_files *nf = &src->nodes[src->nr_nodes];
	struct mmstat_error err;

	nf->node = node;
	nf->meminfo = mmstat_node_meminfo_new(src->o->root, node, &err);
	if (!nf->meminfo)
		return report(&err);
	nf->vmstat = mmstat_node_vmstat_new(src->o->root, node, NULL);
	src->nr_nodes++;
	return EXIT_OK;
}

/* Every nodeN directory under ROOT/sys/devices/system/node, in order. */
static int open_all_nodes(struct source *src)
{
	struct mmstat_error err;
	int *nums = NULL, n = mmstat_nodes(src->o->root, NULL, 0, &err), ret = EXIT_OK;

	if (n < 0)
		return report(&err);
	nums = calloc((size_t)n + 1, sizeof(*nums));
	src->nodes = calloc((size_t)n + 1, sizeof(*src->nodes));
	if (!nums || !src->nodes)
		abort();
	n = mmstat_nodes(src->o->root, nums, (size_t)n, &err);
	for (int i = 0; i < n && ret == EXIT_OK; i++)
		ret = open_node(src, nums[i]);
	free(nums);
	return ret;
}

/* A cgroup argument, resolved as every splitlru tool does (sl_cgroup.h). */
static const char *cgroup_dir(const struct opts *o, const char *what,
			      const char *arg, struct sl_cgroup *cg)
{
	int rc = sl_cgroup_resolve(o->root, arg, 0, cg);

	if (rc) {
		fprintf(stderr, "mmstat: %s %s: %s\n", what, arg, strerror(-rc));
		return NULL;
	}
	sl_cgroup_note(what, arg, cg);
	return cg->path;
}

static int open_kind(struct source *src)
{
	const struct opts *o = src->o;
	struct mmstat_error err;
	struct sl_cgroup cg;
	const char *dir;

	switch (o->kind) {
	case K_MEMINFO:
		src->meminfo = mmstat_meminfo_new(o->root, &err);
		return src->meminfo ? EXIT_OK : report(&err);
	case K_VMSTAT:
		src->vmstat = mmstat_vmstat_new(o->root, &err);
		return src->vmstat ? EXIT_OK : report(&err);
	case K_ZONEINFO:
		src->zoneinfo = mmstat_zoneinfo_new(o->root, &err);
		return src->zoneinfo ? EXIT_OK : report(&err);
	case K_MEMCG:
		dir = cgroup_dir(o, "memcg", o->cgroup, &cg);
		if (!dir)
			return EXIT_USAGE;
		src->memcg = mmstat_memcg_new(o->root, dir, o->numa_stat ?
			MMSTAT_MEMCG_NUMA_STAT : MMSTAT_MEMCG_STAT, &err);
		return src->memcg ? EXIT_OK : report(&err);
	case K_PSI:
		dir = o->psi_cgroup ? cgroup_dir(o, "--cgroup", o->psi_cgroup, &cg) : NULL;
		if (o->psi_cgroup && !dir)
			return EXIT_USAGE;
		src->psi = dir ? mmstat_psi_cgroup_new(o->root, dir, &err) :
			mmstat_psi_new(o->root, NULL, &err);
		return src->psi ? EXIT_OK : report(&err);
	case K_NODE:
		if (o->node < 0)
			return open_all_nodes(src);
		src->nodes = calloc(1, sizeof(*src->nodes));
		return open_node(src, o->node);
	case K_LRU_GEN:
		src->lru_gen = mmstat_lru_gen_new(o->root, NULL, &err);
		return src->lru_gen ? EXIT_OK : report(&err);
	default:
		break;
	}
	fprintf(stderr, "mmstat: KIND not supported\n");
	return EXIT_USAGE;
}

struct source *source_open(const struct opts *o, int *exit_code)
{
	struct source *src = calloc(1, sizeof(*src));

	src->o = o;
	*exit_code = open_kind(src);
	if (*exit_code != EXIT_OK) {
		source_close(src);
		return NULL;
	}
	return src;
}

void source_close(struct source *src)
{
	if (!src)
		return;
	mmstat_meminfo_free(src->meminfo);
	mmstat_vmstat_free(src->vmstat);
	mmstat_zoneinfo_free(src->zoneinfo);
	mmstat_memcg_free(src->memcg);
	mmstat_psi_free(src->psi);
	mmstat_lru_gen_free(src->lru_gen);
	for (size_t i = 0; i < src->nr_nodes; i++) {
		mmstat_meminfo_free(src->nodes[i].meminfo);
		mmstat_vmstat_free(src->nodes[i].vmstat);
	}
	free(src->nodes);
	free(src);
}

const struct mmstat_zoneinfo *source_zoneinfo(const struct source *src)
{
	return src->zoneinfo;
}

const struct mmstat_lru_gen *source_lru_gen(const struct source *src)
{
	return src->lru_gen;
}

/* ---- samples ---- */

void sample_clear(struct sample *s)
{
	for (size_t i = 0; i < s->n; i++)
		free((char *)s->ent[i].name);
	s->n = 0;
}

void sample_free(struct sample *s)
{
	sample_clear(s);
	free(s->ent);
	free(s->arr);
	free(s->arr_len);
	memset(s, 0, sizeof(*s));
}

/* Appends one row named by the printf format; names are the sample's own. */
static void add_row(struct sample *s, const struct mmstat_entry *e,
		    const uint64_t *arr, size_t arr_len, const char *fmt, ...)
{
	va_list ap;
	char *name;

	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 256;
		s->ent = realloc(s->ent, s->cap * sizeof(*s->ent));
		s->arr = realloc(s->arr, s->cap * sizeof(*s->arr));
		s->arr_len = realloc(s->arr_len, s->cap * sizeof(*s->arr_len));
		if (!s->ent || !s->arr || !s->arr_len)
			abort();
	}
	va_start(ap, fmt);
	if (vasprintf(&name, fmt, ap) < 0)
		abort();
	va_end(ap);
	s->ent[s->n] = *e;
	s->ent[s->n].name = name;
	s->arr[s->n] = arr;
	s->arr_len[s->n] = arr_len;
	s->n++;
}

static void add_rows(struct sample *s, const struct mmstat_table *t,
		     size_t from, size_t to, const char *prefix)
{
	for (size_t i = from; i < to; i++)
		add_row(s, &t->entries[i], NULL, 0, "%s%s", prefix, t->entries[i].name);
}

static void add_table(struct sample *s, const struct mmstat_table *t,
		      const char *prefix)
{
	add_rows(s, t, 0, t->count, prefix);
}

static void add_zone(struct sample *s, const struct mmstat_zone *z)
{
	struct mmstat_entry prot = { "protection", 0, MMSTAT_KEY_UNKNOWN, MMSTAT_UNIT_PAGES };
	char prefix[96];

	/* in the file's order: zone lines, counters and protection, pagesets, zone lines */
	snprintf(prefix, sizeof(prefix), "Node%d.%s.", z->node, z->name);
	add_rows(s, &z->fields, 0, z->nr_fields_before_pagesets, prefix);
	if (z->nr_protection && !z->protection_after_stats)
		add_row(s, &prot, z->protection, z->nr_protection, "%sprotection", prefix);
	add_table(s, &z->stats, prefix);
	if (z->nr_protection && z->protection_after_stats)
		add_row(s, &prot, z->protection, z->nr_protection, "%sprotection", prefix);
	for (size_t p = 0; p < z->nr_pagesets; p++) {
		const struct mmstat_pageset *ps = &z->pagesets[p];
		const struct mmstat_entry *pcp = mmstat_table_find(&ps->fields, "pcp");
		char pfx[160];

		/* 2.6.18 has two pagesets per CPU: tell them apart by pcp. */
		if (pcp)
			snprintf(pfx, sizeof(pfx), "%scpu%u.pcp%llu.", prefix, ps->cpu,
				 (unsigned long long)pcp->value);
		else
			snprintf(pfx, sizeof(pfx), "%scpu%u.", prefix, ps->cpu);
		add_table(s, &ps->fields, pfx);
	}
	add_rows(s, &z->fields, z->nr_fields_before_pagesets, z->fields.count, prefix);
}

static int sample_zoneinfo(struct source *src, struct sample *s)
{
	char prefix[32];

	if (mmstat_zoneinfo_read(src->zoneinfo))
		return report(mmstat_zoneinfo_error(src->zoneinfo));
	for (size_t n = 0; n < mmstat_zoneinfo_nr_nodes(src->zoneinfo); n++) {
		const struct mmstat_node *node = mmstat_zoneinfo_node(src->zoneinfo, n);

		snprintf(prefix, sizeof(prefix), "Node%d.", node->node);
		add_table(s, &node->stats, prefix);
		for (size_t z = 0; z < node->nr_zones; z++)
			add_zone(s, &node->zones[z]);
	}
	return EXIT_OK;
}

/* memcgM.nodeN.min_seq, .max_seq, .genG.age_ms, .genG.anon, .genG.file */
static int sample_lru_gen(struct source *src, struct sample *s)
{
	const struct mmstat_lru_gen *g = src->lru_gen;

	if (mmstat_lru_gen_read(src->lru_gen))
		return report(mmstat_lru_gen_error(src->lru_gen));
	for (size_t i = 0; i < mmstat_lru_gen_nr_lruvecs(g); i++) {
		const struct mmstat_lru_gen_lruvec *v = mmstat_lru_gen_lruvec(g, i);
		struct mmstat_entry e = { NULL, v->min_seq, MMSTAT_KEY_UNKNOWN, MMSTAT_UNIT_COUNT };
		char pfx[64];

		snprintf(pfx, sizeof(pfx), "memcg%u.node%d.", v->memcg_id, v->node);
		add_row(s, &e, NULL, 0, "%smin_seq", pfx);
		e.value = v->max_seq;
		add_row(s, &e, NULL, 0, "%smax_seq", pfx);
		for (size_t k = 0; k < v->nr_gens; k++) {
			const struct mmstat_lru_gen_gen *gen = &v->gens[k];
			unsigned long long seq = (unsigned long long)gen->seq;

			e = (struct mmstat_entry){ NULL, gen->age_ms, MMSTAT_KEY_UNKNOWN,
						   MMSTAT_UNIT_MSEC };
			add_row(s, &e, NULL, 0, "%sgen%llu.age_ms", pfx, seq);
			e = (struct mmstat_entry){ NULL, gen->pages[MMSTAT_LRU_GEN_ANON],
						   MMSTAT_KEY_UNKNOWN, MMSTAT_UNIT_PAGES };
			add_row(s, &e, NULL, 0, "%sgen%llu.anon", pfx, seq);
			e.value = gen->pages[MMSTAT_LRU_GEN_FILE];
			add_row(s, &e, NULL, 0, "%sgen%llu.file", pfx, seq);
		}
	}
	return EXIT_OK;
}

static int sample_nodes(struct source *src, struct sample *s)
{
	char prefix[32] = "";

	for (size_t i = 0; i < src->nr_nodes; i++) {
		struct node_files *nf = &src->nodes[i];

		if (src->o->node < 0)
			snprintf(prefix, sizeof(prefix), "Node%d.", nf->node);
		if (mmstat_meminfo_read(nf->meminfo))
			return report(mmstat_meminfo_error(nf->meminfo));
		add_table(s, mmstat_meminfo_table(nf->meminfo), prefix);
		if (!nf->vmstat)
			continue;
		if (mmstat_vmstat_read(nf->vmstat))
			return report(mmstat_vmstat_error(nf->vmstat));
		add_table(s, mmstat_vmstat_table(nf->vmstat), prefix);
	}
	return EXIT_OK;
}

/* Reads one flat kind; the read and error functions of the kind passed in. */
#define SAMPLE_FLAT(kind, ctx, s)                                         \
	(mmstat_##kind##_read(ctx) ? report(mmstat_##kind##_error(ctx)) :   \
	 (add_table(s, mmstat_##kind##_table(ctx), ""), EXIT_OK))

int source_sample(struct source *src, struct sample *s)
{
	sample_clear(s);
	switch (src->o->kind) {
	case K_MEMINFO:
		return SAMPLE_FLAT(meminfo, src->meminfo, s);
	case K_VMSTAT:
		return SAMPLE_FLAT(vmstat, src->vmstat, s);
	case K_MEMCG:
		return SAMPLE_FLAT(memcg, src->memcg, s);
	case K_PSI:
		return SAMPLE_FLAT(psi, src->psi, s);
	case K_ZONEINFO:
		return sample_zoneinfo(src, s);
	case K_NODE:
		return sample_nodes(src, s);
	case K_LRU_GEN:
		return sample_lru_gen(src, s);
	default:
		break;
	}
	return EXIT_USAGE;
}

/*
 * KEY matches a row named exactly KEY, or whose name ends in ".KEY": "min"
 * selects every zone's min, "Node1.Normal.min" one of them.
 */
static bool key_matches(const char *name, const char *key)
{
	size_t nl = strlen(name), kl = strlen(key);

	if (!strcmp(name, key))
		return true;
	if (nl <= kl || name[nl - kl - 1] != '.' || strcmp(name + nl - kl, key))
		return false;
	/*
	 * A pageset's row (Node0.DMA.cpu1.high) needs its cpuN part in KEY:
	 * "high" is the zone watermark, "cpu1.high" a pageset's high.
	 */
	for (const char *p = name; p < name + nl - kl - 1; p++)
		if (*p == '.' && !strncmp(p + 1, "cpu", 3) && p[4] >= '0' && p[4] <= '9')
			return false;
	return true;
}

int select_rows(const struct opts *o, const struct sample *s, size_t **sel,
		size_t *nsel)
{
	size_t n = 0, cap = s->n + 1;
	int ret = EXIT_OK;

	/* rows may repeat (a KEY given twice): grow as they come, not keys x rows */
	*sel = malloc(cap * sizeof(**sel));
	if (!*sel)
		abort();
	if (!o->nr_keys)
		for (size_t i = 0; i < s->n; i++)
			(*sel)[n++] = i;
	for (int k = 0; k < o->nr_keys; k++) {
		size_t before = n;

		for (size_t i = 0; i < s->n; i++)
			if (key_matches(s->ent[i].name, o->keys[k])) {
				if (n == cap && !(*sel = realloc(*sel, (cap *= 2) * sizeof(**sel))))
					abort();
				(*sel)[n++] = i;
			}
		if (n == before) {
			fprintf(stderr, "mmstat: key '%s' is not in the file\n", o->keys[k]);
			ret = EXIT_ABSENT;
		}
	}
	*nsel = n;
	return ret;
}
