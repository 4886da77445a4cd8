// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * cli.c: what every splitlru command does the same way: --version, usage
 * errors, option values, and stdout.  See sl_cli.h.
 */
#include "sl_cli.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sl_num.h"
#include "sl_version.h"

static const char *cli_tool = "splitlru";
static bool stdout_gone;	/* the reader left: not an error */
static bool stdout_reported;	/* a write error was already said */

const char *sl_cli_tool(void)
{
	return cli_tool;
}

static void print_version(FILE *stream, struct argp_state *state)
{
	fprintf(stream, "%s (%s)\n", cli_tool, sl_version());
}

/* A pipe whose reader has gone reports POLLERR, even with nothing to write. */
static bool reader_gone(void)
{
	struct pollfd pfd = { .fd = STDOUT_FILENO };

	return poll(&pfd, 1, 0) == 1 && (pfd.revents & POLLERR);
}

static void report_stdout_error(int err)
{
	if (!stdout_reported)
		fprintf(stderr, "%s: stdout: %s\n", cli_tool,
			err ? strerror(err) : "write error");
	stdout_reported = true;
}

/*
 * At exit: what is still buffered must reach stdout, or the exit status
 * must say it did not (a tool that printed and returned 0 onto a full disk
 * would otherwise pass for a success).
 */
static void check_stdout(void)
{
	bool failed_before = ferror(stdout);
	int err;

	if (stdout_gone)
		return;
	errno = 0;
	if (fflush(stdout) == 0 && !failed_before)
		return;
	err = errno;
	if (err == EPIPE || reader_gone())
		return;
	/*
	 * A write that failed before now (ferror set, nothing left to flush)
	 * was the tool's to report, as it saw it; one that fails only now is
	 * said here.  Either way the status says it.
	 */
	if (err)
		report_stdout_error(err);
	_exit(SL_EXIT_FAILURE);
}

void sl_cli_init(const char *tool)
{
	cli_tool = tool;
	argp_program_version_hook = print_version;
	argp_err_exit_status = SL_EXIT_USAGE;
	signal(SIGPIPE, SIG_IGN);
	atexit(check_stdout);
}

void sl_usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cli_tool);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help' for more information.\n", cli_tool);
	exit(SL_EXIT_USAGE);
}

uint64_t sl_arg_size(struct argp_state *state, const char *opt, const char *arg,
		     uint64_t min, uint64_t max)
{
	char lo[SL_SIZE_STR_LEN], hi[SL_SIZE_STR_LEN];
	uint64_t v = 0;
	int rc = sl_parse_size_range(arg, min, max, &v);

	if (rc == -ERANGE && min == 0 && max == UINT64_MAX)
		argp_error(state, "%s '%s': out of range (more than 64 bits of bytes)", opt, arg);
	else if (rc == -ERANGE)
		argp_error(state, "%s '%s': out of range, not a size from %s to %s", opt, arg,
			   sl_size_str(min, lo, sizeof(lo)), sl_size_str(max, hi, sizeof(hi)));
	else if (rc)
		argp_error(state, "%s '%s': malformed size (want %s)", opt, arg, SL_SIZE_SYNTAX);
	return v;
}

uint64_t sl_arg_uint(struct argp_state *state, const char *opt, const char *arg,
		     uint64_t min, uint64_t max)
{
	uint64_t v = 0;
	int rc = sl_parse_uint(arg, min, max, &v);

	if (rc)
		argp_error(state, "%s '%s': %s (want a whole number from %llu to %llu)",
			   opt, arg, sl_num_strerror(rc), (unsigned long long)min,
			   (unsigned long long)max);
	return v;
}

double sl_arg_seconds(struct argp_state *state, const char *opt, const char *arg,
		      double min, double max)
{
	double v = 0;
	int rc = sl_parse_seconds(arg, min, max, &v);

	if (rc)
		argp_error(state, "%s '%s': %s (want seconds from %.15g to %.15g, such as 0.5)",
			   opt, arg, sl_num_strerror(rc), min, max);
	return v;
}

int sl_stdout_flush(void)
{
	if (stdout_gone)
		return 1;
	if (reader_gone()) {
		stdout_gone = true;
		return 1;
	}
	errno = 0;
	if (fflush(stdout) == EOF || ferror(stdout)) {
		int err = errno;

		if (err == EPIPE || reader_gone()) {
			stdout_gone = true;
			return 1;
		}
		report_stdout_error(err);
		errno = err;
		return -1;
	}
	return 0;
}

bool sl_stdout_gone(void)
{
	return stdout_gone;
}
