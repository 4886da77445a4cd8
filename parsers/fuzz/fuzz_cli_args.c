// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target: mmstat's command line, numbers above all (--page-size,
 * --interval, --count, node N).  cli/main.c is included to reach its static
 * parse_args; --help's exit jumps back here instead.  The input is the
 * argument list, split at NUL bytes.  A command line parse_args accepts
 * must leave every number in its documented range.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdlib.h>

static jmp_buf fuzz_exited;
#define exit(status) longjmp(fuzz_exited, 1)
#define main mmstat_main
#include "../cli/main.c"
#undef main
#undef exit

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static char buf[512];
	char *argv[10] = { "mmstat" };
	struct opts o = { .format = FMT_KV, .node = -1, .count = -1 };
	int argc = 1, ret;

	if (size >= sizeof(buf))
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	for (char *p = buf; argc < 9 && p <= buf + size; p += strlen(p) + 1)
		argv[argc++] = p;
	argv[argc] = NULL;
	optind = 0;		/* glibc: start getopt afresh */
	opterr = 0;
	if (setjmp(fuzz_exited))
		return 0;
	ret = parse_args(&o, argc, argv);
	if (ret != EXIT_OK)
		return 0;
	if (o.interval < 0 || o.interval > 31536000 || o.count == 0 || o.count < -1 ||
	    o.node < -1 || (int64_t)o.page_size < 0)
		abort();
	return 0;
}
