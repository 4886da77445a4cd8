// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The context of every "one key per line" file (meminfo, vmstat, memcg,
 * PSI): the kinds differ only in how they split a line, which each passes
 * in as parse_line.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct mm_flat *mm_flat_new(const char *root, const char *path,
			    size_t index_len,
			    int (*parse_line)(struct mm_flat *fl, unsigned line,
					      char *text),
			    struct mmstat_error *err)
{
	struct mmstat_error scratch;
	struct mm_flat *fl = calloc(1, sizeof(*fl));

	if (!err)
		err = &scratch;
	if (fl && index_len)
		fl->index = malloc(index_len * sizeof(*fl->index));
	if (!fl || (index_len && !fl->index)) {
		mm_error_set(err, MMSTAT_ERR_NOMEM, ENOMEM, path, "out of memory");
		free(fl);
		return NULL;
	}
	if (mm_file_open(&fl->file, root, path, err)) {
		free(fl->index);
		free(fl);
		return NULL;
	}
	fl->index_len = index_len;
	fl->parse_line = parse_line;
	fl->node = -1;
	mm_flat_begin(fl);
	mm_table_view(&fl->table, &fl->ent, 0, fl->ent.len, fl->index,
		      fl->index_len);
	return fl;
}

void mm_flat_begin(struct mm_flat *fl)
{
	mm_entries_reset(&fl->ent);
	for (size_t i = 0; i < fl->index_len; i++)
		fl->index[i] = -1;
}

int mm_flat_add(struct mm_flat *fl, unsigned line, const struct mm_keyset *ks,
		const char *name, size_t name_len, uint64_t value, int unit)
{
	size_t pos = fl->ent.len;

	if (mm_entries_add(&fl->ent, &fl->file, line, ks, 0, name, name_len, value,
			   unit))
		return -1;
	if (fl->ent.v[pos].key >= 0 && (size_t)fl->ent.v[pos].key < fl->index_len)
		fl->index[fl->ent.v[pos].key] = (int32_t)pos;
	return 0;
}

static int mm_flat_line(void *ctx, unsigned line, char *text, unsigned indent)
{
	struct mm_flat *fl = ctx;

	return fl->parse_line(fl, line, text);
}

int mm_flat_word_line(struct mm_flat *fl, unsigned line, char *text,
		      const struct mm_keyset *ks)
{
	struct mm_field f;
	const char *why = mm_split_field(text, &f);

	if (!why && f.had_colon)
		why = "':' where 'name value' is expected";
	if (!why && *f.tail)
		why = "unexpected text after the value";
	if (why)
		return mm_fail_field(&fl->file, line, &f, why);
	return mm_flat_add(fl, line, ks, f.name, f.name_len, f.value, -1);
}

/* A failed sample leaves an empty table, never half of one. */
static int mm_flat_run(struct mm_flat *fl)
{
	int ret;

	mm_flat_begin(fl);
	fl->file.err.kind = MMSTAT_ERR_NONE;
	ret = mm_each_line(&fl->file, mm_flat_line, fl);
	if (!ret && !fl->ent.len)
		ret = mm_fail(&fl->file, 0, "no statistics in the file");
	if (ret)
		mm_flat_begin(fl);
	mm_table_view(&fl->table, &fl->ent, 0, fl->ent.len, fl->index,
		      fl->index_len);
	return ret;
}

int mm_flat_read(struct mm_flat *fl)
{
	if (mm_file_read(&fl->file)) {
		mm_flat_begin(fl);
		mm_table_view(&fl->table, &fl->ent, 0, fl->ent.len, fl->index,
		      fl->index_len);
		return -1;
	}
	return mm_flat_run(fl);
}

int mm_flat_parse(struct mm_flat *fl, const char *buf, size_t len)
{
	if (mm_file_load(&fl->file, buf, len))
		return -1;
	return mm_flat_run(fl);
}

void mm_flat_free(struct mm_flat *fl)
{
	if (!fl)
		return;
	mm_file_close(&fl->file);
	mm_entries_free(&fl->ent);
	free(fl->index);
	free(fl);
}
