// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: the numbers of splitlrutop's command line (-n, -d,
 * --node), which it parses with the core's sl_num.h.  splitlrutop.c is included to reach its static parse_arg; its
 * argp_error, which would exit, jumps back here instead.  The first byte
 * picks the option, the rest is its argument.  A value parse_arg accepts
 * must lie in the documented range and be the one the text spells.
 */
#include <argp.h>
#include <setjmp.h>

static jmp_buf fuzz_rejected;

static void fuzz_argp_error(const struct argp_state *state, const char *fmt, ...)
{
	longjmp(fuzz_rejected, 1);
}

#define argp_error fuzz_argp_error
#define main splitlrutop_main
#include "../splitlrutop.c"
#undef main
/* The core's numbers and CLI habits, which parse_arg and main call, built
 * here under the same argp_error. */
#include "../../../lib/num.c"
#include "../../../lib/cli.c"
#ifndef SPLITLRU_VERSION
#define SPLITLRU_VERSION "fuzz"
#endif
#include "../../../lib/version.c"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const int keys[] = { 'n', 'd', OPT_NODE };
	struct sl_options o = { .view.node = -1 };
	struct argp_state state = { .input = &o };
	char arg[64];
	int key;

	if (size < 1 || size > sizeof(arg))
		return 0;
	key = keys[data[0] % 3];
	memcpy(arg, data + 1, size - 1);
	arg[size - 1] = '\0';
	if (setjmp(fuzz_rejected))
		return 0;
	parse_arg(key, arg, &state);
	if (key == 'n' && (o.count < 1 || o.count != strtol(arg, NULL, 10)))
		abort();
	if (key == 'd' && (o.interval_ms < 100 || o.interval_ms > 3600000))
		abort();
	if (key == OPT_NODE && (o.view.node < 0 || o.view.node != strtol(arg, NULL, 10)))
		abort();
	return 0;
}
