/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the per-kind parsers share: the file, the line core, the key tables. */
#ifndef MMSTAT_INTERNAL_H
#define MMSTAT_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "mmstat.h"

/* An open statistics file and the bytes of its last sample. */
struct mm_file {
	int fd;			/* -1 for a context used only with _parse */
	bool short_read_ends;	/* a short read is the whole file: see mm_file_read */
	unsigned nr_preads;	/* pread calls of the last read, for the tests */
	char *buf;		/* always NUL-terminated at buf[len] */
	size_t len, cap;
	struct mmstat_error err;
};

int mm_file_open(struct mm_file *f, const char *root, const char *path,
		 struct mmstat_error *err);
/*
 * For the kinds the kernel prints with a single ->show() (single_open,
 * sysfs and cgroup attributes): lets mm_file_read stop at a short read
 * when the file is on procfs, sysfs or cgroupfs.
 */
void mm_file_single_record(struct mm_file *f);
int mm_file_read(struct mm_file *f);
int mm_file_load(struct mm_file *f, const char *buf, size_t len);
void mm_file_close(struct mm_file *f);
/* FILE of a cgroup directory given absolute or relative to /sys/fs/cgroup. */
void mm_cgroup_file(char *path, size_t len, const char *cgroup, const char *file);
int mm_nomem(struct mm_file *f);
int mm_fail(struct mm_file *f, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void mm_error_set(struct mmstat_error *e, enum mmstat_error_kind kind,
		  int sys_errno, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* ---- the line core ---- */

struct mm_cursor {
	char *p, *end;
	unsigned lineno;
	unsigned indent;	/* blanks before the current line's text */
};

/* -1 (error set) when the sample has a NUL byte before its last text. */
int mm_cursor_init(struct mm_cursor *c, struct mm_file *f);
/*
 * Next line with leading and trailing blanks (and a CR) removed and a NUL
 * written in place of its end; *len is its length.  Blank lines are skipped.
 */
bool mm_next_line(struct mm_cursor *c, char **line, size_t *len);

/* Calls fn for each non-blank line of the sample; stops at its first -1. */
typedef int (*mm_line_fn)(void *ctx, unsigned line, char *text, unsigned indent);
int mm_each_line(struct mm_file *f, mm_line_fn fn, void *ctx);

/* A "NAME: VALUE TAIL" or "NAME VALUE TAIL" line split in place. */
struct mm_field {
	char *name;		/* NUL-terminated in place */
	size_t name_len;
	uint64_t value;
	char *tail;		/* the rest after the value, blanks trimmed */
	bool had_colon;		/* "NAME: VALUE" rather than "NAME VALUE" */
};

/* Returns NULL or why the line does not split. */
const char *mm_split_field(char *line, struct mm_field *f);
/* Reports why with the key's name when the split got that far. */
int mm_fail_field(struct mm_file *file, unsigned line,
		  const struct mm_field *f, const char *why);
/* Strict unsigned decimal; advances *p past the digits. NULL or a reason. */
const char *mm_parse_u64(char **p, uint64_t *out);
/* "12.34" into 1234; PSI's fixed two decimals. */
const char *mm_parse_centi(char **p, uint64_t *out);
/*
 * Next "name=value" word of a line (PSI, numa_stat); *name is NULL at the
 * end of the line.  *centi tells a "1.25" (as 125) from an integer.
 */
const char *mm_next_assign(char **p, char **name, uint64_t *value, bool *centi);
char *mm_skip_blanks(char *p);
/* Printable ASCII only (keys and zone names): no control or 8-bit bytes. */
bool mm_printable(const char *s, size_t len);
bool mm_is_blank(char c);

/*
 * Word-at-a-time helpers for the same-layout fast paths, which know the
 * text ends in a newline and buf[len] is a NUL.  They read 8 bytes at p
 * only when [p, p + 8) lies before end; the byte loops finish the rest.
 * Little-endian only: elsewhere the byte loops do it all.
 */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define MM_WORDS 1
#else
#define MM_WORDS 0
#endif

static inline uint64_t mm_load8(const char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* Past the spaces at p (not tabs: the kernel pads with spaces). */
static inline const char *mm_fast_spaces(const char *p, const char *end)
{
	while (MM_WORDS && end - p >= 8) {
		uint64_t x = mm_load8(p) ^ 0x2020202020202020ull;

		if (x)
			return p + (__builtin_ctzll(x) >> 3);
		p += 8;
	}
	while (*p == ' ')
		p++;
	return p;
}

/*
 * The decimal digits at *pp: how many, *pp moved past them, and in *out
 * their value when there are at most 19 (which cannot overflow).  A byte
 * loop: most values are a few digits, where a word-at-a-time fold costs
 * more than it saves (measured on vmstat).
 */
static inline int mm_fast_digits(const char **pp, uint64_t *out)
{
	const char *p = *pp;
	uint64_t v = 0;
	int n = 0;

	for (; *p >= '0' && *p <= '9'; p++, n++)
		v = v * 10 + (uint64_t)(*p - '0');
	*pp = p;
	*out = v;
	return n;
}

/*
 * The n bytes at p (text before end) against name, a layout slot's name,
 * which is allocated with 8 bytes of padding past its end.
 */
static inline bool mm_fast_same(const char *p, const char *end, const char *name,
				size_t n)
{
	if (!MM_WORDS || (size_t)(end - p) < n + 8)
		return !memcmp(p, name, n);
	for (; n >= 8; p += 8, name += 8, n -= 8)
		if (mm_load8(p) != mm_load8(name))
			return false;
	return !n || !((mm_load8(p) ^ mm_load8(name)) << (64 - 8 * n));
}

/* ---- key sets and entry tables ---- */

struct mm_keyset {
	const char *const *names;
	const enum mmstat_unit *units;
	int count;
	enum mmstat_unit (*unknown_unit)(const char *name);
	int base;		/* the kind's first public key (mmstat.h) */
};

extern const struct mm_keyset mm_meminfo_keys, mm_vmstat_keys, mm_zone_keys,
	mm_pcp_keys, mm_psi_keys, mm_memcg_v1_keys, mm_memcg_v2_keys,
	mm_memcg_v1_numa_keys;

/*
 * The name resolved for each position of the last sample.  The kernel
 * prints the same keys in the same order every time, so after the first
 * sample a key resolves with one strcmp instead of a search, and a layout
 * already checked for duplicates need not be checked again.
 */
struct mm_layout_slot {
	char *name;		/* with 8 NUL bytes of padding: mm_fast_same */
	size_t name_len;
	const struct mm_keyset *ks;
	int key;		/* index in ks, or -1 */
	int pub_key;		/* ks->base + key: the entry's key, or -1 */
	enum mmstat_unit unit;	/* the key's own unit, or unknown_unit(name) */
	size_t table_start;
};

struct mm_entries {
	enum mmstat_table_kind kind;	/* of every table viewed over it */
	struct mmstat_entry *v;
	size_t len, cap;
	struct mm_layout_slot *layout;
	size_t layout_len, layout_cap;
	bool layout_changed;	/* this sample differs from the cached one */
	/*
	 * The duplicate check of long tables (keys.c): an open-addressing set
	 * of entry positions by name, one slot per distinct name holding its
	 * latest position; filled lazily up to dup_upto.
	 */
	uint32_t *dup;		/* position + 1; 0 is empty */
	size_t dup_cap, dup_upto, dup_names;
};

void mm_entries_reset(struct mm_entries *e);
void mm_entries_free(struct mm_entries *e);
/*
 * Appends NAME=VALUE as key of ks, rejecting a name already present since
 * entry table_start (a duplicate in one table).  unit < 0: the key's own.
 */
int mm_entries_add(struct mm_entries *e, struct mm_file *f, unsigned line,
		   const struct mm_keyset *ks, size_t table_start,
		   const char *name, size_t name_len, uint64_t value, int unit);
/* Fills a table view (and its index, when index != NULL) over [start, end). */
void mm_table_view(struct mmstat_table *t, const struct mm_entries *e,
		   size_t start, size_t end, int32_t *index, size_t index_len);

/* The length snprintf wrote into buf, truncation included. */
#define MM_SNPRINTF_LEN(ret, buf) \
	((size_t)(ret) < sizeof(buf) ? (size_t)(ret) : sizeof(buf) - 1)

/* Grows *v (elements of size elem) to hold at least need; -1 on ENOMEM. */
int mm_grow(void **v, size_t *cap, size_t need, size_t elem);
/* Appends one zeroed element; its address, or NULL on ENOMEM. */
void *mm_push(void **v, size_t *len, size_t *cap, size_t elem);

/* A flat "one key per line" context: meminfo, vmstat, memcg, PSI. */
struct mm_flat {
	struct mm_file file;
	struct mm_entries ent;
	struct mmstat_table table;
	int32_t *index;
	size_t index_len;
	int (*parse_line)(struct mm_flat *fl, unsigned line, char *text);
	int node;		/* nodeN files; -1 otherwise */
	int version;		/* memcg version of the last sample */
	int which;		/* memcg file */
	/*
	 * The fast path for a sample laid out like the last one (flat.c): the
	 * key set of every line, the character right after the key (':' for
	 * meminfo, ' ' for vmstat) and the "Node N " a node file's lines start
	 * with.  fast_ks NULL: none (memcg and PSI, which compose names).
	 */
	const struct mm_keyset *fast_ks;
	char fast_sep;
	char fast_prefix[24];
	size_t fast_prefix_len;
};

struct mm_flat *mm_flat_new(const char *root, const char *path,
			    enum mmstat_table_kind kind, size_t index_len,
			    int (*parse_line)(struct mm_flat *fl, unsigned line,
					      char *text),
			    struct mmstat_error *err);
int mm_flat_read(struct mm_flat *fl);
int mm_flat_parse(struct mm_flat *fl, const char *buf, size_t len);
void mm_flat_free(struct mm_flat *fl);
/* Starts a sample: empties the entries and the index. */
void mm_flat_begin(struct mm_flat *fl);
int mm_flat_add(struct mm_flat *fl, unsigned line, const struct mm_keyset *ks,
		const char *name, size_t name_len, uint64_t value, int unit);
/* A "name value" line (vmstat, memory.stat) into the table. */
int mm_flat_word_line(struct mm_flat *fl, unsigned line, char *text,
		      const struct mm_keyset *ks);

/*
 * The public _read/_parse/_table/_error/_free of a flat kind, whose context
 * is struct mmstat_<kind> { struct mm_flat fl; }: written once, here.
 */
#define MM_FLAT_API(kind)                                                     \
int mmstat_##kind##_read(struct mmstat_##kind *x)                             \
{                                                                             \
	return mm_flat_read(&x->fl);                                          \
}                                                                             \
int mmstat_##kind##_parse(struct mmstat_##kind *x, const char *buf, size_t len) \
{                                                                             \
	return mm_flat_parse(&x->fl, buf, len);                               \
}                                                                             \
const struct mmstat_table *mmstat_##kind##_table(const struct mmstat_##kind *x) \
{                                                                             \
	return &x->fl.table;                                                  \
}                                                                             \
const struct mmstat_error *mmstat_##kind##_error(const struct mmstat_##kind *x) \
{                                                                             \
	return &x->fl.file.err;                                               \
}                                                                             \
void mmstat_##kind##_free(struct mmstat_##kind *x)                            \
{                                                                             \
	mm_flat_free(x ? &x->fl : NULL);                                      \
}

#endif
