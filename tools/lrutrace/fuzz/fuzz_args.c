// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target: lrutrace's option values, through its parse_arg as
 * argp calls it: --node, --duration, --ringbuf-size, --listen, INTERVAL
 * and COUNT, each given the whole input.  args.c is included to reach the
 * static parse_arg; argp_error, which would exit, is defined here and
 * jumps back instead (this program's definition wins over the C
 * library's, also for the core's sl_arg_* helpers).  A value parse_arg
 * accepts must lie in the documented range and be the one the text
 * spells, or the target aborts.
 */
#include <math.h>
#include <setjmp.h>
#include "../args.c"

static jmp_buf fuzz_rejected;

void argp_error(const struct argp_state *state, const char *fmt, ...)
{
	longjmp(fuzz_rejected, 1);
}

/* parse_arg(key, s) as argp would call it; false when it was refused */
static bool accepted(struct lrutrace_env *env, int key, unsigned arg_num, char *s)
{
	struct argp_state state = { .input = env, .arg_num = arg_num };

	memset(env, 0, sizeof(*env));
	env->nid = -1;
	env->mode = MODE_STAT;
	if (setjmp(fuzz_rejected))
		return false;
	parse_arg(key, s, &state);
	return true;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static struct lrutrace_env env;
	char s[64];
	uint64_t bytes;

	if (size >= sizeof(s))
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (accepted(&env, 'n', 0, s) &&
	    (env.nid < 0 || env.nid > 1023 || env.nid != strtol(s, NULL, 10)))
		abort();
	if (accepted(&env, 'd', 0, s) &&
	    !(env.duration_s >= 0.001 && env.duration_s <= SL_SECONDS_MAX &&
	      fabs(env.duration_s - strtod(s, NULL)) <= env.duration_s * 1e-12))
		abort();
	if (accepted(&env, OPT_RINGBUF, 0, s) &&
	    (env.ringbuf_bytes < 4096 || env.ringbuf_bytes > (1u << 30) ||
	     sl_parse_size(s, &bytes) || bytes != env.ringbuf_bytes))
		abort();
	if (accepted(&env, OPT_LISTEN, 0, s)) {
		const char *colon = strrchr(s, ':');
		unsigned long port = strtoul(colon ? colon + 1 : s, NULL, 10);

		if (port < 1 || port > 65535 || env.listen != s)
			abort();
	}
	if (accepted(&env, ARGP_KEY_ARG, 1, s) &&
	    !(env.interval_s >= 0.01 && env.interval_s <= SL_SECONDS_MAX))
		abort();
	if (accepted(&env, ARGP_KEY_ARG, 2, s) &&
	    (env.count < 1 || env.count != strtol(s, NULL, 10)))
		abort();
	return 0;
}
