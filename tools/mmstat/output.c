// SPDX-License-Identifier: GPL-2.0-or-later
/* Printing rows as kv, json, csv or table, in the kernel's unit or scaled. */
#include <ctype.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* A value ready to print: an integer, a decimal (PSI avg) or a string (-h). */
struct shown {
	enum { V_INT, V_DEC, V_STR } type;
	uint64_t u;
	double d;
	char text[48];		/* the printed form, whatever the type */
	const char *unit;
};

/* "Active(anon)" -> "Active_anon", "Node0.DMA.min" -> "Node0_DMA_min". */
static const char *out_name(const struct opts *o, const char *name, char *buf,
			    size_t len)
{
	size_t n = 0;

	if (!o->shell_names)
		return name;
	if (isdigit((unsigned char)*name) && n + 1 < len)
		buf[n++] = '_';
	for (; *name && n + 1 < len; name++) {
		if (isalnum((unsigned char)*name) || *name == '_')
			buf[n++] = *name;
		else if (n && buf[n - 1] != '_')
			buf[n++] = '_';
	}
	while (n && buf[n - 1] == '_')
		n--;
	buf[n] = '\0';
	return buf;
}

/* Bytes per unit of the kernel's value, 0 when the unit is not a size. */
static uint64_t unit_bytes(const struct opts *o, enum mmstat_unit unit)
{
	switch (unit) {
	case MMSTAT_UNIT_KB:
		return 1024;
	case MMSTAT_UNIT_PAGES:
		return o->page_size;
	case MMSTAT_UNIT_HUGEPAGES:
		return o->hugepage_size;
	case MMSTAT_UNIT_BYTES:
		return 1;
	default:
		return 0;
	}
}

/*
 * As free -h prints sizes (procps-ng scale_size): the first unit from Ki
 * up whose "%.1f" form fits in five characters ("7.7Gi"), else whose
 * truncated integer form does ("23Gi" for 23.54 GiB); below 1 KiB, bytes.
 * The float is free's too, so the rounding of "%.1f" is the same.
 */
static void human(uint64_t bytes, struct shown *v)
{
	static const char up[] = "BKMGTPE";

	v->type = V_STR;
	v->unit = "";
	if (bytes < 1024) {
		snprintf(v->text, sizeof(v->text), "%lluB", (unsigned long long)bytes);
		return;
	}
	for (int i = 1; i < 7; i++) {
		float x = (float)((double)bytes / (double)(1ull << (10 * i)));

		if (snprintf(v->text, sizeof(v->text), "%.1f%ci", (double)x, up[i]) <= 5 ||
		    snprintf(v->text, sizeof(v->text), "%lld%ci", (long long)x, up[i]) <= 5)
			return;
	}
}

static int show_value(const struct opts *o, const char *name, uint64_t value,
		      enum mmstat_unit unit, struct shown *v)
{
	static const uint64_t div[256] = { ['b'] = 1, ['k'] = 1024,
		['m'] = 1 << 20, ['g'] = 1 << 30 };
	static const char *const div_unit[256] = { ['b'] = "B", ['k'] = "KiB",
		['m'] = "MiB", ['g'] = "GiB" };
	uint64_t mult = unit_bytes(o, unit);

	v->type = V_INT;
	v->u = value;
	v->unit = mmstat_unit_name(unit);
	if (unit == MMSTAT_UNIT_CENTIPERCENT) {
		v->type = V_DEC;
		v->d = (double)value / 100;
		v->unit = "%";
		snprintf(v->text, sizeof(v->text), "%llu.%02llu",
			 (unsigned long long)(value / 100), (unsigned long long)(value % 100));
		return EXIT_OK;
	}
	if (o->scale && mult) {
		if (value > UINT64_MAX / mult) {
			fprintf(stderr, "mmstat: %s: %llu %s does not fit in 64 bits as bytes\n",
				name, (unsigned long long)value, mmstat_unit_name(unit));
			return EXIT_PARSE;
		}
		if (o->scale == 'h') {
			human(value * mult, v);
			return EXIT_OK;
		}
		v->u = value * mult / div[(unsigned char)o->scale];
		v->unit = div_unit[(unsigned char)o->scale];
	}
	snprintf(v->text, sizeof(v->text), "%llu", (unsigned long long)v->u);
	return EXIT_OK;
}

/* The row's value text; a list (protection) is comma-separated. */
static int row_text(const struct opts *o, const struct sample *s, size_t i,
		    char *buf, size_t len, const char **unit)
{
	const struct mmstat_entry *e = &s->ent[i];
	struct shown v;
	size_t used = 0;
	int ret;

	if (!s->arr[i]) {
		ret = show_value(o, e->name, e->value, e->unit, &v);
		snprintf(buf, len, "%s", v.text);
		*unit = v.unit;
		return ret;
	}
	buf[0] = '\0';
	*unit = mmstat_unit_name(e->unit);
	for (size_t k = 0; k < s->arr_len[i]; k++) {
		ret = show_value(o, e->name, s->arr[i][k], e->unit, &v);
		if (ret)
			return ret;
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
					 "%s%s", k ? "," : "", v.text);
		*unit = v.unit;
	}
	return EXIT_OK;
}

static struct json_object *json_shown(const struct shown *v)
{
	switch (v->type) {
	case V_INT:
		return json_object_new_uint64(v->u);
	case V_DEC:
		return json_object_new_double_s(v->d, v->text);
	default:
		return json_object_new_string(v->text);
	}
}

static int json_entry(const struct opts *o, struct json_object *obj,
		      const char *key, const struct mmstat_entry *e,
		      const uint64_t *arr, size_t arr_len)
{
	struct shown v;
	int ret;

	if (!arr) {
		ret = show_value(o, e->name, e->value, e->unit, &v);
		if (!ret)
			json_object_object_add(obj, key, json_shown(&v));
		return ret;
	}
	struct json_object *list = json_object_new_array();

	json_object_object_add(obj, key, list);
	for (size_t k = 0; k < arr_len; k++) {
		ret = show_value(o, e->name, arr[k], e->unit, &v);
		if (ret)
			return ret;
		json_object_array_add(list, json_shown(&v));
	}
	return EXIT_OK;
}

static int json_table(const struct opts *o, struct json_object *obj,
		      const struct mmstat_table *t)
{
	int ret = EXIT_OK;

	for (size_t i = 0; i < t->count && !ret; i++)
		ret = json_entry(o, obj, t->entries[i].name, &t->entries[i], NULL, 0);
	return ret;
}

/* {"zone":"DMA","free":..,"min":..,"protection":[..],"stats":{..},"pagesets":[..]} */
static int json_zone(const struct opts *o, struct json_object *zones,
		     const struct mmstat_zone *z)
{
	struct json_object *zone = json_object_new_object(), *stats, *psets;
	struct mmstat_entry prot = { "protection", 0, MMSTAT_KEY_UNKNOWN, MMSTAT_UNIT_PAGES };
	int ret;

	json_object_array_add(zones, zone);
	json_object_object_add(zone, "zone", json_object_new_string(z->name));
	ret = json_table(o, zone, &z->fields);
	if (!ret && z->nr_protection)
		ret = json_entry(o, zone, "protection", &prot, z->protection,
				 z->nr_protection);
	json_object_object_add(zone, "stats", stats = json_object_new_object());
	if (!ret)
		ret = json_table(o, stats, &z->stats);
	json_object_object_add(zone, "pagesets", psets = json_object_new_array());
	for (size_t p = 0; p < z->nr_pagesets && !ret; p++) {
		struct json_object *ps = json_object_new_object();

		json_object_array_add(psets, ps);
		json_object_object_add(ps, "cpu", json_object_new_uint64(z->pagesets[p].cpu));
		ret = json_table(o, ps, &z->pagesets[p].fields);
	}
	return ret;
}

static int json_zoneinfo(const struct opts *o, const struct mmstat_zoneinfo *zi,
			 struct json_object *root)
{
	struct json_object *nodes = json_object_new_array();
	int ret = EXIT_OK;

	json_object_object_add(root, "nodes", nodes);
	for (size_t n = 0; n < mmstat_zoneinfo_nr_nodes(zi) && !ret; n++) {
		const struct mmstat_node *node = mmstat_zoneinfo_node(zi, n);
		struct json_object *jn = json_object_new_object(), *stats, *zones;

		json_object_array_add(nodes, jn);
		json_object_object_add(jn, "node", json_object_new_int(node->node));
		json_object_object_add(jn, "stats", stats = json_object_new_object());
		ret = json_table(o, stats, &node->stats);
		json_object_object_add(jn, "zones", zones = json_object_new_array());
		for (size_t z = 0; z < node->nr_zones && !ret; z++)
			ret = json_zone(o, zones, &node->zones[z]);
	}
	return ret;
}

/* {"lruvecs":[{"memcg":1,"path":"/","node":0,"min_seq":..,"max_seq":..,"gens":[..]}]} */
static int json_lru_gen(const struct opts *o, const struct mmstat_lru_gen *g,
			struct json_object *root)
{
	struct json_object *vecs = json_object_new_array();
	int ret = EXIT_OK;

	json_object_object_add(root, "lruvecs", vecs);
	for (size_t i = 0; i < mmstat_lru_gen_nr_lruvecs(g) && !ret; i++) {
		const struct mmstat_lru_gen_lruvec *v = mmstat_lru_gen_lruvec(g, i);
		struct json_object *jv = json_object_new_object(), *gens;

		json_object_array_add(vecs, jv);
		json_object_object_add(jv, "memcg", json_object_new_uint64(v->memcg_id));
		json_object_object_add(jv, "path", json_object_new_string(v->memcg_path));
		json_object_object_add(jv, "node", json_object_new_int(v->node));
		json_object_object_add(jv, "min_seq", json_object_new_uint64(v->min_seq));
		json_object_object_add(jv, "max_seq", json_object_new_uint64(v->max_seq));
		json_object_object_add(jv, "gens", gens = json_object_new_array());
		for (size_t k = 0; k < v->nr_gens && !ret; k++) {
			const struct mmstat_lru_gen_gen *gen = &v->gens[k];
			struct json_object *jg = json_object_new_object();
			struct mmstat_entry e = { "anon", gen->pages[MMSTAT_LRU_GEN_ANON],
						  MMSTAT_KEY_UNKNOWN, MMSTAT_UNIT_PAGES };

			json_object_array_add(gens, jg);
			json_object_object_add(jg, "seq", json_object_new_uint64(gen->seq));
			json_object_object_add(jg, "age_ms", json_object_new_uint64(gen->age_ms));
			ret = json_entry(o, jg, "anon", &e, NULL, 0);
			e = (struct mmstat_entry){ "file", gen->pages[MMSTAT_LRU_GEN_FILE],
						   MMSTAT_KEY_UNKNOWN, MMSTAT_UNIT_PAGES };
			if (!ret)
				ret = json_entry(o, jg, "file", &e, NULL, 0);
		}
	}
	return ret;
}

/* Rows named "NodeN.key" as {"nodes":[{"node":N,"stats":{...}}]}. */
static int json_nodes(const struct opts *o, const struct sample *s,
		      struct json_object *root)
{
	struct json_object *nodes = json_object_new_array(), *stats = NULL;
	long cur = -1;
	int ret = EXIT_OK;

	json_object_object_add(root, "nodes", nodes);
	for (size_t i = 0; i < s->n && !ret; i++) {
		char *dot;
		long node = strtol(s->ent[i].name + 4, &dot, 10);

		if (node != cur) {
			struct json_object *jn = json_object_new_object();

			json_object_array_add(nodes, jn);
			json_object_object_add(jn, "node", json_object_new_int((int)node));
			json_object_object_add(jn, "stats", stats = json_object_new_object());
			cur = node;
		}
		ret = json_entry(o, stats, dot + 1, &s->ent[i], NULL, 0);
	}
	return ret;
}

static int print_json(const struct opts *o, const struct source *src,
		      const struct sample *s, const size_t *sel, size_t nsel)
{
	struct json_object *root = json_object_new_object();
	char nbuf[256];
	int ret = EXIT_OK;

	/* Whole files keep their structure; selected keys come out flat. */
	if (!o->nr_keys && o->kind == K_ZONEINFO)
		ret = json_zoneinfo(o, source_zoneinfo(src), root);
	else if (!o->nr_keys && o->kind == K_NODE && o->node < 0)
		ret = json_nodes(o, s, root);
	else if (!o->nr_keys && o->kind == K_LRU_GEN)
		ret = json_lru_gen(o, source_lru_gen(src), root);
	else
		for (size_t k = 0; k < nsel && !ret; k++)
			ret = json_entry(o, root, out_name(o, s->ent[sel[k]].name, nbuf,
							   sizeof(nbuf)),
					 &s->ent[sel[k]], s->arr[sel[k]], s->arr_len[sel[k]]);
	if (!ret)
		fprintf(o->out, "%s\n", json_object_to_json_string_ext(root, JSON_C_TO_STRING_PLAIN));
	json_object_put(root);
	return ret;
}

/* CSV fields are quoted when they hold a comma or a quote. */
static void csv_field(FILE *out, const char *text)
{
	if (!strpbrk(text, ",\"")) {
		fputs(text, out);
		return;
	}
	fputc('"', out);
	for (; *text; text++) {
		if (*text == '"')
			fputc('"', out);
		fputc(*text, out);
	}
	fputc('"', out);
}

static size_t name_width(const struct opts *o, const struct sample *s,
			 const size_t *sel, size_t nsel)
{
	size_t w = 3;
	char nbuf[256];

	for (size_t k = 0; k < nsel; k++) {
		size_t l = strlen(out_name(o, s->ent[sel[k]].name, nbuf, sizeof(nbuf)));

		w = l > w ? l : w;
	}
	return w;
}

int print_sample(const struct opts *o, const struct source *src,
		 const struct sample *s, const size_t *sel, size_t nsel)
{
	char nbuf[256], vbuf[4096];
	const char *unit, *name;
	size_t width = 0;
	int ret;

	if (o->format == FMT_JSON)
		return print_json(o, src, s, sel, nsel);
	if (o->format == FMT_CSV)
		fputs("key,value,unit\n", o->out);
	if (o->format == FMT_TABLE)
		width = name_width(o, s, sel, nsel);
	for (size_t k = 0; k < nsel; k++) {
		ret = row_text(o, s, sel[k], vbuf, sizeof(vbuf), &unit);
		if (ret)
			return ret;
		name = out_name(o, s->ent[sel[k]].name, nbuf, sizeof(nbuf));
		if (o->format == FMT_KV) {
			fprintf(o->out, "%s=%s\n", name, vbuf);
		} else if (o->format == FMT_TABLE) {
			fprintf(o->out, "%-*s %15s%s%s\n", (int)width, name, vbuf,
			       *unit ? " " : "", unit);
		} else {
			csv_field(o->out, name);
			fputc(',', o->out);
			csv_field(o->out, vbuf);
			fprintf(o->out, ",%s\n", unit);
		}
	}
	return EXIT_OK;
}

/* A rate in the requested size unit (never -h: rates stay numbers). */
static double rate_scaled(const struct opts *o, const struct mmstat_rate *r,
			  const char **unit)
{
	static const double div[256] = { ['b'] = 1, ['k'] = 1024, ['h'] = 1024,
		['m'] = 1 << 20, ['g'] = 1 << 30 };
	static const char *const div_unit[256] = { ['b'] = "B", ['k'] = "KiB",
		['h'] = "KiB", ['m'] = "MiB", ['g'] = "GiB" };
	uint64_t mult = unit_bytes(o, r->unit);

	*unit = mmstat_unit_name(r->unit);
	if (r->unit == MMSTAT_UNIT_CENTIPERCENT)
		return *unit = "%", r->per_second / 100;
	if (!o->scale || !mult)
		return r->per_second;
	*unit = div_unit[(unsigned char)o->scale];
	return r->per_second * (double)mult / div[(unsigned char)o->scale];
}

int print_rates(const struct opts *o, const struct mmstat_rate *r, size_t n,
		long seq)
{
	struct json_object *root = json_object_new_object();
	char nbuf[256];
	const char *unit;

	if (o->format == FMT_CSV && seq == 1)
		fputs("sample,key,per_second,unit\n", o->out);
	for (size_t i = 0; i < n; i++) {
		double v = rate_scaled(o, &r[i], &unit);
		const char *name = out_name(o, r[i].name, nbuf, sizeof(nbuf));

		if (o->format == FMT_KV)
			fprintf(o->out, "%s=%.2f\n", name, v);
		else if (o->format == FMT_TABLE)
			fprintf(o->out, "%-32s %15.2f %s/s\n", name, v, unit);
		else if (o->format == FMT_JSON)
		{
			char text[48];

			/* the documented precision, as the other formats print it */
			snprintf(text, sizeof(text), "%.2f", v);
			json_object_object_add(root, name, json_object_new_double_s(v, text));
		}
		else {
			fprintf(o->out, "%ld,", seq);
			csv_field(o->out, name);
			fprintf(o->out, ",%.2f,%s/s\n", v, unit);
		}
	}
	if (o->format == FMT_JSON)
		fprintf(o->out, "%s\n", json_object_to_json_string_ext(root, JSON_C_TO_STRING_PLAIN));
	else if (o->format != FMT_CSV)
		fputc('\n', o->out);
	json_object_put(root);
	return EXIT_OK;
}
