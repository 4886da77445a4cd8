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

#endif
