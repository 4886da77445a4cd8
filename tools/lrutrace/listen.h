/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * listen.h: lrutrace's --listen /metrics endpoint.  libmicrohttpd serves
 * it from a thread of its own; the sampling loop only hands it each
 * interval's text (metrics_publish), so a slow scraper never delays a
 * sample.
 */
#ifndef LRUTRACE_LISTEN_H
#define LRUTRACE_LISTEN_H

#include <stdbool.h>
#include <stddef.h>

struct metrics_server;

/*
 * Bind ADDR:PORT, [ADDR6]:PORT or PORT (address 127.0.0.1) and start
 * serving.  NULL on failure, said on stderr; *usage_error is then set when
 * the spec itself was wrong (an address that does not resolve), and clear
 * for a bind that failed (in use, not a local address, not permitted).
 * An address other than loopback is refused as a usage error unless
 * REMOTE is set (--listen-remote).  Until the first metrics_publish(),
 * GET /metrics answers 503.
 */
struct metrics_server *metrics_start(const char *spec, bool remote, int *usage_error);

/* Serve BODY (copied) from now on.  0, or -ENOMEM (the old text stays). */
int metrics_publish(struct metrics_server *srv, const char *body, size_t len);

/*
 * The source is gone (REASON, one line): from now on GET /metrics answers
 * 503 "source gone: REASON", never the numbers last published, and
 * metrics_publish() changes nothing.  For good: a source does not return.
 */
void metrics_source_gone(struct metrics_server *srv, const char *reason);

/* Stop serving, close every connection and the socket; NULL is a no-op. */
void metrics_stop(struct metrics_server *srv);

/* The rules every request is answered by, for the tests and the fuzzer. */
#define METRICS_MAX_CLIENTS 8		/* more connections are refused */
#define METRICS_MAX_REQUEST 4096	/* request line and headers: 413 beyond */
#define METRICS_TIMEOUT_S 5		/* an idle or slow connection is closed */

#endif /* LRUTRACE_LISTEN_H */
