/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sl_cli.h: the habits every splitlru command shares (see README, "One
 * command-line convention").
 *
 *   - argp, one opts[] table and one parse_arg per tool;
 *   - -V/--version prints "TOOL (splitlru X.Y.Z)", from sl_version();
 *   - a usage error prints "TOOL: what is wrong" and a hint, and exits 2;
 *   - sizes, counts and seconds go through sl_num.h, and a bad one is
 *     named with its option and its text: --size '12X': malformed size;
 *   - stdout: a reader that leaves (EPIPE, "| head") ends the output
 *     quietly, a write that fails (a full disk, /dev/full) is an error
 *     with status 1, also when it only shows when stdout is closed at exit.
 */
#ifndef SL_CLI_H
#define SL_CLI_H

#include <argp.h>
#include <stdbool.h>
#include <stdint.h>

enum sl_exit {
	SL_EXIT_OK = 0,
	SL_EXIT_FAILURE = 1,	/* a runtime failure, including writing stdout */
	SL_EXIT_USAGE = 2,	/* a bad command line */
};

/*
 * Call first in main(), before argp_parse(): sets argp's --version hook and
 * its usage exit status (2), ignores SIGPIPE (so a reader that leaves is an
 * EPIPE that sl_stdout_flush() can tell from an error), and registers the
 * check of stdout at exit.  TOOL names the program in every message.
 */
void sl_cli_init(const char *tool);
const char *sl_cli_tool(void);

/*
 * Option values for parse_arg.  On a bad value they call argp_error()
 * with OPT and ARG quoted ("--ringbuf-size '3X': malformed size (want
 * ...)"), which exits 2; otherwise they return the value.
 */
uint64_t sl_arg_size(struct argp_state *state, const char *opt, const char *arg,
		     uint64_t min, uint64_t max);
uint64_t sl_arg_uint(struct argp_state *state, const char *opt, const char *arg,
		     uint64_t min, uint64_t max);
double sl_arg_seconds(struct argp_state *state, const char *opt, const char *arg,
		      double min, double max);

/*
 * A usage error found after argp_parse() (a node that is not online):
 * "TOOL: <message>" and argp's hint on stderr, then exit 2.
 */
void sl_usage_error(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));

/*
 * Flush stdout.  0: written; 1: the reader has gone (EPIPE, or a pipe whose
 * reader left, seen with poll() even when there is nothing to write: a
 * quiet tool behind "| head" ends too), and from then on always 1; -1: a
 * write error, with errno set, and "TOOL: stdout: <error>" printed once.
 */
int sl_stdout_flush(void);
/* The reader of stdout has gone: stop writing, exit 0. */
bool sl_stdout_gone(void);

#endif /* SL_CLI_H */
