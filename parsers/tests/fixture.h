/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Shared by the cmocka tests: where fixtures are, and reading one. */
#ifndef MMSTAT_TEST_FIXTURE_H
#define MMSTAT_TEST_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "mmstat.h"

/* The .t wrapper exports MMSTAT_FIXTURES; default: run from parsers/. */
static inline const char *fixture_root(const char *name)
{
	static char path[1024];
	const char *dir = getenv("MMSTAT_FIXTURES");

	snprintf(path, sizeof(path), "%s/%s", dir ? dir : "../tests/fixtures/mmstat", name);
	return path;
}

static inline uint64_t table_value(const struct mmstat_table *t, const char *name)
{
	const struct mmstat_entry *e = mmstat_table_find(t, name);

	assert_non_null(e);
	return e->value;
}

/* The error text, for asserting on file, line and reason together. */
static inline const char *error_text(const struct mmstat_error *e)
{
	static char buf[800];

	return mmstat_error_string(e, buf, sizeof(buf));
}

/* A malformed input and the line and reason its error must give. */
struct bad_case {
	const char *text;
	unsigned line;
	const char *why;
};

#define assert_error(err, kind_, line_, substring)                          \
	do {                                                                \
		assert_int_equal((err)->kind, kind_);                       \
		assert_int_equal((err)->line, line_);                       \
		if (!strstr(error_text(err), substring))                    \
			fail_msg("'%s' lacks '%s'", error_text(err), substring); \
	} while (0)

/*
 * For the tests of the same-layout fast paths: versions of a capture, each
 * with one line changed in one way a general path must judge by itself.
 */
struct variants {
	size_t n, len[32];
	char text[32][65536 + 64];
};

/* Adds text with [at, at + cut) replaced by the n bytes at with (NULs too). */
static inline void vary_bytes(struct variants *v, const char *text, size_t at,
			      size_t cut, const char *with, size_t n)
{
	size_t rest = strlen(text + at + cut);

	assert_true(v->n < 32);
	memcpy(v->text[v->n], text, at);
	memcpy(v->text[v->n] + at, with, n);
	memcpy(v->text[v->n] + at + n, text + at + cut, rest + 1);
	v->len[v->n] = at + n + rest;
	v->n++;
}

/* Adds text with [at, at + cut) replaced by with. */
static inline void vary(struct variants *v, const char *text, size_t at, size_t cut,
		 const char *with)
{
	vary_bytes(v, text, at, cut, with, strlen(with));
}

/* The changes of the line at [at, eol], eol its '\n'. */
static inline void vary_line(struct variants *v, const char *text, size_t at, size_t eol)
{
	static const char *const value_as[] = {
		"18446744073709551615", "18446744073709551616", "9999999999999999999",
		"0x10", "-1", "1x", "0", "007",
	};
	const char *line = text + at;
	size_t sep = at + strcspn(line, ": \n");
	size_t digits = sep + strcspn(text + sep, "0123456789\n");
	size_t ndigits = strspn(text + digits, "0123456789");
	char copy[512];

	v->n = 0;
	vary(v, text, eol, 0, "\r");
	vary(v, text, eol, 0, " ");
	vary(v, text, eol, 0, " kB");
	vary(v, text, eol, 0, "B");
	vary(v, text, eol, 0, " x");
	vary(v, text, at, 0, " ");
	vary(v, text, at, 0, "\n");
	vary_bytes(v, text, at, 0, "\0", 1);		/* damage: text after it */
	vary_bytes(v, text, eol, 0, "\0", 1);
	if (!text[eol + 1])
		vary_bytes(v, text, eol + 1, 0, "\0\0", 2);	/* padding */
	vary(v, text, at, eol + 1 - at, "");		/* gone */
	snprintf(copy, sizeof(copy), "%.*s", (int)(eol + 1 - at), line);
	vary(v, text, at, 0, copy);			/* twice */
	vary(v, text, sep, 0, "\t");
	vary(v, text, sep, 0, "x");			/* another key */
	vary(v, text, sep > at ? sep - 1 : at, 1, "");
	vary(v, text, sep, 1, text[sep] == ':' ? " " : ":");
	if (text[sep] == ':')
		vary(v, text, sep + 1, 0, "\t");
	if (eol >= 3 && !strncmp(text + eol - 3, " kB", 3)) {
		vary(v, text, eol - 3, 3, "");
		vary(v, text, eol - 2, 2, "KB");
		vary(v, text, eol - 3, 1, "  ");
	}
	for (size_t i = 0; ndigits && i < sizeof(value_as) / sizeof(*value_as); i++)
		vary(v, text, digits, ndigits, value_as[i]);
}

#endif
