// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * listen_test.c: the --listen server without BPF, for the host test
 * tests/unit/lrutrace-listen.t.  Serves SPEC the way lrutrace stat does,
 * and publishes "lrutrace_test_sample N" every 50 ms, as a fast sampling
 * loop would, until SIGTERM or SIGINT; then prints how many samples were
 * published.  Exit status as lrutrace's: 1 when the bind fails, 2 when
 * the address is wrong.  LISTEN_TEST_GONE_AFTER=N: after the Nth sample
 * the source is gone (metrics_source_gone) and the samples published
 * after it must not be served.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "listen.h"

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	stop = 1;
}

int main(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = on_signal };
	struct metrics_server *srv;
	const char *gone = getenv("LISTEN_TEST_GONE_AFTER");
	unsigned long n = 0, gone_after = gone ? strtoul(gone, NULL, 10) : 0;
	char text[64];
	int usage;

	if (argc != 2) {
		fprintf(stderr, "usage: %s [ADDR:]PORT\n", argv[0]);
		return 2;
	}
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	srv = metrics_start(argv[1], getenv("LISTEN_REMOTE") != NULL, &usage);
	if (!srv)
		return usage ? 2 : 1;
	fprintf(stderr, "listening\n");
	while (!stop) {
		int len = snprintf(text, sizeof(text), "lrutrace_test_sample %lu\n", ++n);

		if (metrics_publish(srv, text, (size_t)len))
			return 1;
		if (gone && n == gone_after)
			metrics_source_gone(srv, "the test took the source away\nat once");
		usleep(50000);
	}
	metrics_stop(srv);
	printf("published %lu\n", n);
	return 0;
}
