// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * /proc/zoneinfo, in every layout since 2.6.18:
 *
 *   Node 0, zone   Normal            one header per zone, populated or not
 *     per-node stats                 4.8+: node counters, under the first
 *         nr_inactive_anon 123       populated zone of each node (our
 *         lru_rotated_anon 45        patch adds the lru_* balance lines)
 *     pages free     310844
 *           min      7937            watermarks, boost/promo, spanned, ...
 *           protection: (0, 0, 0)
 *         nr_free_pages 310844       zone counters
 *     pagesets
 *       cpu: 0                       one per CPU (2.6.18: "cpu: 0 pcp: 0")
 *                 count:    21635
 *     vm stats threshold: 24
 *     node_unreclaimable:  0         zone lines after the pagesets
 *     start_pfn:           1048576
 *
 * Each kind of table (node counters, zone lines, zone counters, pageset
 * lines) fills its own entry vector, so one zone's lines stay contiguous
 * even when the kernel prints them before and after its pagesets.
 *
 * This file is the general path, which parses any line; the lines that
 * are the same as last sample's are replayed instead (zoneinfo-replay.c).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "zoneinfo.h"

static int zi_new_node(struct mmstat_zoneinfo *z, unsigned line, int node)
{
	struct zi_node_rec *n;

	if (z->nrec_len && node < zi_node(z)->node)
		return mm_fail(&z->file, line, "node %d after node %d", node,
			       zi_node(z)->node);
	n = mm_push((void **)&z->nrec, &z->nrec_len, &z->nrec_cap, sizeof(*n));
	if (!n)
		return mm_nomem(&z->file);
	*n = (struct zi_node_rec){ .node = node, .z0 = z->zrec_len };
	return 0;
}

/* "Node 0, zone      DMA" */
static int zi_zone_header(struct mmstat_zoneinfo *z, unsigned line, char *text)
{
	char *p = text + 5;
	uint64_t node;
	const char *why = mm_parse_u64(&p, &node);
	struct zi_zone_rec *zr;

	if (!why && (node > INT_MAX || *p != ','))
		why = "expected 'Node N, zone NAME'";
	if (!why)
		p = mm_skip_blanks(p + 1);
	if (!why && (strncmp(p, "zone", 4) || !mm_is_blank(p[4])))
		why = "expected 'Node N, zone NAME'";
	if (why)
		return mm_fail(&z->file, line, "zone header: %s", why);
	p = mm_skip_blanks(p + 4);
	/* zone names are one word ("DMA32", "Movable"), printed with %s */
	if (!*p || p[strcspn(p, " \t")] || !mm_printable(p, strlen(p)))
		return mm_fail(&z->file, line, "zone header: zone name '%s' is not one word", p);
	if ((!z->nrec_len || zi_node(z)->node != (int)node) &&
	    zi_new_node(z, line, (int)node))
		return -1;
	/* MAX_NR_ZONES is at most 6: a bound keeps the check below linear */
	if (z->zrec_len - zi_node(z)->z0 >= ZI_MAX_ZONES)
		return mm_fail(&z->file, line, "more than %d zones in node %d",
			       ZI_MAX_ZONES, (int)node);
	for (size_t i = zi_node(z)->z0; i < z->zrec_len; i++)
		if (!strcmp(z->zrec[i].name, p))
			return mm_fail(&z->file, line, "zone %s twice in node %d", p, (int)node);
	zr = mm_push((void **)&z->zrec, &z->zrec_len, &z->zrec_cap, sizeof(*zr));
	if (!zr)
		return mm_nomem(&z->file);
	*zr = (struct zi_zone_rec){ (int)node, p, z->zfields.len, z->zstats.len,
				    z->prot_len, z->prec_len, SIZE_MAX, false };
	z->sect = ZI_ZONE;
	return 0;
}

static int zi_node_stats_begin(struct mmstat_zoneinfo *z, unsigned line)
{
	struct zi_node_rec *n = zi_node(z);

	if (n->has_stats)
		return mm_fail(&z->file, line, "second per-node stats block for node %d",
			       n->node);
	n->has_stats = true;
	n->s0 = n->s1 = z->nstats.len;
	z->sect = ZI_NODE_STATS;
	return 0;
}

/* "protection: (0, 3018, 5706, 5706)": the zone's lowmem_reserve[]. */
static int zi_protection(struct mmstat_zoneinfo *z, unsigned line, char *p)
{
	const char *why = NULL;
	uint64_t *slot, v;

	if (z->prot_len != zi_zone(z)->p0)
		return mm_fail(&z->file, line, "second protection line in one zone");
	zi_zone(z)->prot_after_stats = z->zstats.len > zi_zone(z)->s0;
	p = mm_skip_blanks(p);
	if (*p++ != '(')
		return mm_fail(&z->file, line, "protection: expected '('");
	for (;;) {
		p = mm_skip_blanks(p);
		if ((why = mm_parse_u64(&p, &v)))
			break;
		slot = mm_push((void **)&z->prot, &z->prot_len, &z->prot_cap, sizeof(v));
		if (!slot)
			return mm_nomem(&z->file);
		*slot = v;
		p = mm_skip_blanks(p);
		if (*p == ')' && !*mm_skip_blanks(p + 1))
			return 0;
		if (*p++ != ',') {
			why = "expected ',' or ')' at the end";
			break;
		}
	}
	return mm_fail(&z->file, line, "protection: %s", why);
}

static int zi_add(struct mmstat_zoneinfo *z, unsigned line, struct mm_entries *e,
		  const struct mm_keyset *ks, size_t table_start,
		  const char *name, uint64_t value)
{
	if (z->line_kind == ZM_UNSET)
		z->line_kind = e == &z->nstats ? ZM_NSTATS : e == &z->zfields ?
			ZM_ZFIELDS : e == &z->zstats ? ZM_ZSTATS : ZM_PCP;
	/* "pages free0 1" is a zone counter, not the field: the general path's */
	if (z->line_kind == ZM_FREE && e != &z->zfields)
		z->line_kind = ZM_EXACT;
	return mm_entries_add(e, &z->file, line, ks, table_start, name,
			      strlen(name), value, -1);
}

static int zi_pcp_field(struct mmstat_zoneinfo *z, unsigned line,
			const char *name, uint64_t value)
{
	if (z->prec_len == zi_zone(z)->ps0)
		return mm_fail(&z->file, line, "%s: outside a 'cpu: N' pageset", name);
	return zi_add(z, line, &z->pcp, &mm_pcp_keys, z->prec[z->prec_len - 1].e0,
		      name, value);
}

/* "cpu: 3", or 2.6.18's "cpu: 3 pcp: 1" (hot and cold lists). */
static int zi_pageset(struct mmstat_zoneinfo *z, unsigned line, struct mm_field *f)
{
	struct mm_field pcp;
	struct zi_pset_rec *r;

	z->line_kind = *f->tail ? ZM_EXACT : ZM_CPU;	/* a new record */
	if (z->sect != ZI_PAGESETS || f->value > UINT_MAX)
		return mm_fail(&z->file, line, "'cpu: %llu' outside pagesets",
			       (unsigned long long)f->value);
	if (*f->tail && (mm_split_field(f->tail, &pcp) || strcmp(pcp.name, "pcp") ||
			 *pcp.tail || pcp.value > INT_MAX))
		return mm_fail(&z->file, line, "cpu: unexpected '%s'", f->tail);
	if (!zi_pset_in_order(z, f->value, *f->tail ? (int)pcp.value : -1))
		return mm_fail(&z->file, line, "cpu %llu%s after cpu %u",
			       (unsigned long long)f->value, *f->tail ? " pcp" : "",
			       z->prec[z->prec_len - 1].cpu);
	r = mm_push((void **)&z->prec, &z->prec_len, &z->prec_cap, sizeof(*r));
	if (!r)
		return mm_nomem(&z->file);
	*r = (struct zi_pset_rec){ (unsigned)f->value, z->pcp.len, *f->tail ? (int)pcp.value : -1 };
	if (!*f->tail)
		return 0;
	return zi_pcp_field(z, line, "pcp", pcp.value);
}

static bool is_key(const struct mm_keyset *ks, const char *name)
{
	/* Most lines are counters (nr_*, numa_*, pg*): spare them the search. */
	if ((name[0] == 'n' && (name[1] == 'r' || name[1] == 'u')) ||
	    (name[0] == 'p' && name[1] == 'g') || name[0] == 'w')
		return false;
	for (int k = 0; k < ks->count; k++)
		if (!strcmp(ks->names[k], name))
			return true;
	return false;
}

/*
 * "name: value": a pageset line while in the pagesets (known, or indented
 * like one), otherwise a zone line such as start_pfn.
 */
static int zi_colon_line(struct mmstat_zoneinfo *z, unsigned line,
			 struct mm_field *f, unsigned indent)
{
	if (!strcmp(f->name, "cpu"))
		return zi_pageset(z, line, f);
	if (*f->tail)
		return mm_fail(&z->file, line, "%s: unexpected text after the value",
			       f->name);
	if (z->sect == ZI_PAGESETS && (is_key(&mm_pcp_keys, f->name) || indent > 4))
		return zi_pcp_field(z, line, f->name, f->value);
	if (z->sect == ZI_NODE_STATS)
		return mm_fail(&z->file, line, "%s: in the per-node stats", f->name);
	return zi_add(z, line, &z->zfields, &mm_zone_keys, zi_zone(z)->f0,
		      f->name, f->value);
}

/* "name value": a node counter, a zone line (min, spanned, ...) or a zone counter. */
static int zi_word_line(struct mmstat_zoneinfo *z, unsigned line, struct mm_field *f)
{
	bool zone_line = z->sect != ZI_NODE_STATS && is_key(&mm_zone_keys, f->name);

	/* Only 2.6.18 annotates a value: "scanned 0 (a: 17 i: 17)". */
	if (*f->tail && !(zone_line && f->tail[0] == '(' &&
			  f->tail[strlen(f->tail) - 1] == ')'))
		return mm_fail(&z->file, line, "%s: unexpected text after the value",
			       f->name);
	if (z->sect == ZI_NODE_STATS) {
		struct zi_node_rec *n = zi_node(z);
		int ret = zi_add(z, line, &z->nstats, &mm_vmstat_keys, n->s0,
				 f->name, f->value);

		n->s1 = z->nstats.len;
		return ret;
	}
	if (zone_line)
		return zi_add(z, line, &z->zfields, &mm_zone_keys, zi_zone(z)->f0,
			      f->name, f->value);
	return zi_add(z, line, &z->zstats, &mm_vmstat_keys, zi_zone(z)->s0,
		      f->name, f->value);
}

/* The lines that are not "key value": headers, protection, "pages free". */
static int zi_special_line(struct mmstat_zoneinfo *z, unsigned line, char **text)
{
	if (!strcmp(*text, "per-node stats"))
		return zi_node_stats_begin(z, line);
	if (!strcmp(*text, "pagesets")) {
		z->sect = ZI_PAGESETS;
		zi_zone(z)->fields_early = z->zfields.len - zi_zone(z)->f0;
		return 0;
	}
	if (!strncmp(*text, "protection:", 11))
		return zi_protection(z, line, *text + 11);
	if (!strncmp(*text, "pages free", 10)) {
		*text += 6;		/* the zone's "free"; ends the node block */
		z->sect = ZI_ZONE;
		z->line_kind = ZM_FREE;
	}
	return 1;
}

int zi_line(void *ctx, unsigned line, char *text, unsigned indent)
{
	struct mmstat_zoneinfo *z = ctx;
	struct mm_field f;
	const char *why;
	int ret;

	if (text[0] == 'N' && !strncmp(text, "Node ", 5))
		return zi_zone_header(z, line, text);
	if (!z->zrec_len)
		return mm_fail(&z->file, line, "expected 'Node N, zone NAME' first");
	/* Counters (nr_*, numa_*, ...) are most lines: spare them the compares. */
	if (text[0] == 'p' && (ret = zi_special_line(z, line, &text)) <= 0)
		return ret;
	if (text[0] == 'v' && !strncmp(text, "vm stats threshold:", 19)) {
		text += 9;		/* "threshold: N", stored under its full name */
		why = mm_split_field(text, &f);
		if (!why && *f.tail)
			why = "unexpected text after the value";
		return why ? mm_fail(&z->file, line, "vm stats threshold: %s", why) :
			zi_pcp_field(z, line, "vm stats threshold", f.value);
	}
	why = mm_split_field(text, &f);
	if (why)
		return mm_fail_field(&z->file, line, &f, why);
	return f.had_colon ? zi_colon_line(z, line, &f, indent) :
		zi_word_line(z, line, &f);
}

static void zi_begin(struct mmstat_zoneinfo *z)
{
	mm_entries_reset(&z->nstats);
	mm_entries_reset(&z->zfields);
	mm_entries_reset(&z->zstats);
	mm_entries_reset(&z->pcp);
	z->prot_len = z->nrec_len = z->zrec_len = z->prec_len = 0;
	z->nr_nodes = 0;
	z->file.err.kind = MMSTAT_ERR_NONE;
}

/* End of record i's range: where record i + 1 starts, or the vector's end. */
#define ZI_END(recs, n, i, field, last) ((i) + 1 < (n) ? (recs)[(i) + 1].field : (last))

static void zi_publish_zone(struct mmstat_zoneinfo *z, size_t i)
{
	const struct zi_zone_rec *r = &z->zrec[i];
	struct mmstat_zone *zone = &z->zones[i];
	size_t n = z->zrec_len;

	zone->node = r->node;
	zone->name = r->name;
	mm_table_view(&zone->fields, &z->zfields, r->f0,
		      ZI_END(z->zrec, n, i, f0, z->zfields.len), NULL, 0);
	mm_table_view(&zone->stats, &z->zstats, r->s0,
		      ZI_END(z->zrec, n, i, s0, z->zstats.len), NULL, 0);
	/* No zone had a protection line: prot was never allocated, and
	 * NULL + 0 is undefined behaviour in C (found by the fuzzer). */
	zone->protection = z->prot ? z->prot + r->p0 : NULL;
	zone->nr_protection = ZI_END(z->zrec, n, i, p0, z->prot_len) - r->p0;
	zone->nr_fields_before_pagesets = r->fields_early < zone->fields.count ?
		r->fields_early : zone->fields.count;
	zone->protection_after_stats = r->prot_after_stats;
	zone->pagesets = z->psets + r->ps0;
	zone->nr_pagesets = ZI_END(z->zrec, n, i, ps0, z->prec_len) - r->ps0;
}

/* Turns the records' offsets into the pointers callers walk. */
static int zi_publish(struct mmstat_zoneinfo *z)
{
	if (mm_grow((void **)&z->nodes, &z->nodes_cap, z->nrec_len + 1, sizeof(*z->nodes)) ||
	    mm_grow((void **)&z->zones, &z->zones_cap, z->zrec_len + 1, sizeof(*z->zones)) ||
	    mm_grow((void **)&z->psets, &z->psets_cap, z->prec_len + 1, sizeof(*z->psets)))
		return mm_nomem(&z->file);
	for (size_t i = 0; i < z->prec_len; i++) {
		z->psets[i].cpu = z->prec[i].cpu;
		mm_table_view(&z->psets[i].fields, &z->pcp, z->prec[i].e0,
			      ZI_END(z->prec, z->prec_len, i, e0, z->pcp.len), NULL, 0);
	}
	for (size_t i = 0; i < z->zrec_len; i++)
		zi_publish_zone(z, i);
	for (size_t i = 0; i < z->nrec_len; i++) {
		const struct zi_node_rec *r = &z->nrec[i];

		z->nodes[i].node = r->node;
		mm_table_view(&z->nodes[i].stats, &z->nstats, r->s0, r->s1, NULL, 0);
		z->nodes[i].zones = z->zones + r->z0;
		z->nodes[i].nr_zones = ZI_END(z->nrec, z->nrec_len, i, z0, z->zrec_len) - r->z0;
	}
	z->nr_nodes = z->nrec_len;
	return 0;
}

static int zi_run(struct mmstat_zoneinfo *z)
{
	zi_begin(z);
	if (zi_lines(z)) {
		z->nr_nodes = 0;	/* never half a sample */
		return -1;
	}
	if (!z->zrec_len)
		return mm_fail(&z->file, 0, "no 'Node N, zone NAME' line");
	return zi_publish(z);
}

struct mmstat_zoneinfo *mmstat_zoneinfo_new(const char *root,
					    struct mmstat_error *err)
{
	struct mmstat_error scratch;
	struct mmstat_zoneinfo *z = calloc(1, sizeof(*z));

	if (!err)
		err = &scratch;
	if (!z) {
		mm_error_set(err, MMSTAT_ERR_NOMEM, ENOMEM, "/proc/zoneinfo", "out of memory");
		return NULL;
	}
	if (mm_file_open(&z->file, root, "/proc/zoneinfo", err)) {
		free(z);
		return NULL;
	}
	z->nstats.kind = z->zstats.kind = MMSTAT_TABLE_VMSTAT;
	z->zfields.kind = MMSTAT_TABLE_ZONE;
	z->pcp.kind = MMSTAT_TABLE_PCP;
	return z;
}

int mmstat_zoneinfo_read(struct mmstat_zoneinfo *z)
{
	if (mm_file_read(&z->file)) {
		zi_begin(z);
		return -1;
	}
	return zi_run(z);
}

int mmstat_zoneinfo_parse(struct mmstat_zoneinfo *z, const char *buf, size_t len)
{
	if (mm_file_load(&z->file, buf, len))
		return -1;
	return zi_run(z);
}

size_t mmstat_zoneinfo_nr_nodes(const struct mmstat_zoneinfo *z)
{
	return z->nr_nodes;
}

const struct mmstat_node *mmstat_zoneinfo_node(const struct mmstat_zoneinfo *z,
					       size_t i)
{
	return i < z->nr_nodes ? &z->nodes[i] : NULL;
}

const struct mmstat_node *mmstat_zoneinfo_find_node(const struct mmstat_zoneinfo *z,
						    int node)
{
	for (size_t i = 0; i < z->nr_nodes; i++)
		if (z->nodes[i].node == node)
			return &z->nodes[i];
	return NULL;
}

const struct mmstat_error *mmstat_zoneinfo_error(const struct mmstat_zoneinfo *z)
{
	return &z->file.err;
}

void mmstat_zoneinfo_free(struct mmstat_zoneinfo *z)
{
	if (!z)
		return;
	mm_file_close(&z->file);
	mm_entries_free(&z->nstats);
	mm_entries_free(&z->zfields);
	mm_entries_free(&z->zstats);
	mm_entries_free(&z->pcp);
	free(z->prot);
	free(z->nrec);
	free(z->zrec);
	free(z->prec);
	free(z->nodes);
	free(z->zones);
	free(z->psets);
	free(z->memo);
	free(z->memo_text);
	free(z);
}
