/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What both mmstat fuzz targets share: argv from the bytes of an input. */
#ifndef MMSTAT_FUZZ_CLI_H
#define MMSTAT_FUZZ_CLI_H

#include <argp.h>
#include <string.h>

#include "cli.h"

#define FUZZ_MAX_ARGS 16

/* argp must neither exit nor print: the fuzzer runs on after a bad line. */
#define FUZZ_ARGP_FLAGS (ARGP_NO_EXIT | ARGP_NO_ERRS | ARGP_NO_HELP)

/*
 * Splits text (NUL-terminated, changed in place) at sep into argv after
 * "mmstat"; returns argc.
 */
static inline int fuzz_argv(char *text, char sep, char **argv)
{
	int argc = 1;

	argv[0] = "mmstat";
	for (char *p = text; argc < FUZZ_MAX_ARGS - 1 && p; ) {
		char *next = strchr(p, sep);

		if (next)
			*next++ = '\0';
		if (*p || sep == '\0')
			argv[argc++] = p;
		p = next;
	}
	argv[argc] = NULL;
	return argc;
}

#endif
