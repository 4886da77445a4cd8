// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target: mmstat's command line (args.c), numbers above all
 * (--page-size, --interval, --count, node N).  The input is the argument
 * list, split at NUL bytes.  A command line parse_args accepts must leave
 * every number in its documented range and every KEY a word of argv.
 */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_cli.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static char buf[512];
	char *argv[FUZZ_MAX_ARGS];
	struct opts o = OPTS_INIT;
	int argc, ret;

	if (size >= sizeof(buf))
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	/* split at NULs: the text ends at buf + size */
	argc = 1;
	argv[0] = "mmstat";
	for (char *p = buf; argc < FUZZ_MAX_ARGS - 1 && p <= buf + size; p += strlen(p) + 1)
		argv[argc++] = p;
	argv[argc] = NULL;
	ret = parse_args(&o, argc, argv, FUZZ_ARGP_FLAGS);
	if (ret == EXIT_OK) {
		if (o.interval < 0 || o.interval > 31536000 || o.count == 0 || o.count < -1 ||
		    o.node < -1 || (int64_t)o.page_size < 0 || o.kind >= K_NR ||
		    o.nr_keys < 0 || o.nr_keys >= argc)
			abort();
		for (int k = 0; k < o.nr_keys; k++)
			if (!o.keys[k])
				abort();
	}
	free(o.keys);
	return 0;
}
