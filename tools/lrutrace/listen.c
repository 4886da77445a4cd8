// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * listen.c: the --listen /metrics endpoint, served by libmicrohttpd from a
 * thread of its own (one internal polling thread, non-blocking sockets).
 *
 * lrutrace binds the socket itself, so that the address is parsed and a
 * failed bind is reported the same way as before, and hands it to
 * microhttpd.  The sampling loop publishes each interval's text under a
 * mutex; a request copies the current text under the same mutex and
 * microhttpd sends the copy at the client's pace.  Nothing a client does
 * can block the sampling loop for longer than that copy.
 *
 * Only "GET /metrics" is served: 405 for other methods, 404 for other
 * paths, 413 for a request (line and headers) over METRICS_MAX_REQUEST
 * bytes, 503 before the first sample and, with the reason, once the source
 * is gone (metrics_source_gone).  Malformed requests get microhttpd's
 * own 400.  At most METRICS_MAX_CLIENTS connections; idle ones are closed
 * after METRICS_TIMEOUT_S.
 */
#include <errno.h>
#include <netdb.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

#include "listen.h"

struct metrics_server {
	struct MHD_Daemon *daemon;
	pthread_mutex_t lock;		/* guards body, len and gone */
	char *body;			/* NULL until the first publish, and once gone */
	size_t len;
	char *gone;			/* "source gone: REASON\n" once it is */
};

/* The text of the answers that are not the metrics. */
static const char text_405[] = "only GET\n";
static const char text_404[] = "only /metrics\n";
static const char text_413[] = "request too large\n";
static const char text_503[] = "no sample yet\n";

/* 127.0.0.0/8 or ::1 (also as ::ffff:127.x.y.z). */
static bool is_loopback(const struct sockaddr *sa)
{
	if (sa->sa_family == AF_INET)
		return (ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr) >> 24) == 127;
	if (sa->sa_family == AF_INET6) {
		const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;

		return IN6_IS_ADDR_LOOPBACK(a) ||
		       (IN6_IS_ADDR_V4MAPPED(a) && a->s6_addr[12] == 127);
	}
	return false;
}

/*
 * Bind and listen on SPEC; -1 after saying why on stderr.  The metrics
 * name every cgroup and describe the machine's memory: an address other
 * than loopback is a usage error unless REMOTE says it is meant.
 */
static int bind_spec(const char *spec, bool remote, int *usage_error)
{
	char host[256] = "127.0.0.1", port[16];
	const char *colon = strrchr(spec, ':');
	struct addrinfo hints = {
		.ai_socktype = SOCK_STREAM,
		.ai_flags = AI_NUMERICSERV | AI_PASSIVE,
	};
	struct addrinfo *res = NULL;
	int fd = -1, one = 1, rc;

	*usage_error = 1;
	if (colon) {
		size_t hl = (size_t)(colon - spec);

		if (hl >= sizeof(host) || strlen(colon + 1) >= sizeof(port)) {
			fprintf(stderr, "lrutrace: --listen '%s': too long\n", spec);
			return -1;
		}
		if (hl) {
			/* [v6]:port */
			if (spec[0] == '[' && hl >= 2 && spec[hl - 1] == ']') {
				memcpy(host, spec + 1, hl - 2);
				host[hl - 2] = '\0';
			} else {
				memcpy(host, spec, hl);
				host[hl] = '\0';
			}
		}
		snprintf(port, sizeof(port), "%s", colon + 1);
	} else {
		if (strlen(spec) >= sizeof(port)) {
			fprintf(stderr, "lrutrace: --listen '%s': bad port\n", spec);
			return -1;
		}
		snprintf(port, sizeof(port), "%s", spec);
	}
	rc = getaddrinfo(host, port, &hints, &res);
	if (rc) {
		fprintf(stderr, "lrutrace: --listen '%s': %s\n", spec, gai_strerror(rc));
		return -1;
	}
	if (!remote && !is_loopback(res->ai_addr)) {
		fprintf(stderr, "lrutrace: --listen '%s': not a loopback address; "
			"add --listen-remote to serve the metrics to other hosts\n", spec);
		freeaddrinfo(res);
		return -1;
	}
	*usage_error = 0;
	fd = socket(res->ai_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(fd, res->ai_addr, res->ai_addrlen) || listen(fd, 16)) {
		fprintf(stderr, "lrutrace: --listen '%s': %s\n", spec, strerror(errno));
		if (fd >= 0)
			close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	return fd;
}

struct request_size {
	size_t bytes;
};

static enum MHD_Result add_header(void *cls, enum MHD_ValueKind kind,
				  const char *key, const char *value)
{
	struct request_size *size = cls;

	/* "key: value\r\n" */
	size->bytes += strlen(key) + 2 + (value ? strlen(value) : 0) + 2;
	return MHD_YES;
}

static enum MHD_Result answer(struct MHD_Connection *conn, unsigned int status,
			      const char *type, const void *body, size_t len,
			      enum MHD_ResponseMemoryMode mode)
{
	struct MHD_Response *resp;
	enum MHD_Result ret;

	resp = MHD_create_response_from_buffer(len, (void *)body, mode);
	if (!resp)
		return MHD_NO;
	/* HTTP/1.0 and a closed connection, as a scraper expects of a
	 * small exporter; it also frees the slot for the next one */
	MHD_set_response_options(resp, MHD_RF_HTTP_1_0_SERVER, MHD_RO_END);
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CONNECTION, "close");
	if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW, "GET");
	ret = MHD_queue_response(conn, status, resp);
	MHD_destroy_response(resp);
	return ret;
}

#define ANSWER_TEXT(conn, status, text) \
	answer(conn, status, "text/plain", text, sizeof(text) - 1, MHD_RESPMEM_PERSISTENT)

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn,
				  const char *url, const char *method,
				  const char *version, const char *upload_data,
				  size_t *upload_data_size, void **req_cls)
{
	struct metrics_server *srv = cls;
	/* "METHOD URL VERSION\r\n", the headers, "\r\n" */
	struct request_size size = {
		.bytes = strlen(method) + 1 + strlen(url) + 1 + strlen(version) + 4,
	};
	enum MHD_Result ret;

	MHD_get_connection_values(conn, MHD_HEADER_KIND, add_header, &size);
	if (size.bytes > METRICS_MAX_REQUEST)
		return ANSWER_TEXT(conn, MHD_HTTP_CONTENT_TOO_LARGE, text_413);
	if (strcmp(method, MHD_HTTP_METHOD_GET) != 0)
		return ANSWER_TEXT(conn, MHD_HTTP_METHOD_NOT_ALLOWED, text_405);
	if (strcmp(url, "/metrics") != 0)
		return ANSWER_TEXT(conn, MHD_HTTP_NOT_FOUND, text_404);
	pthread_mutex_lock(&srv->lock);
	if (srv->body)
		ret = answer(conn, MHD_HTTP_OK, "text/plain; version=0.0.4",
			     srv->body, srv->len, MHD_RESPMEM_MUST_COPY);
	else if (srv->gone)
		ret = answer(conn, MHD_HTTP_SERVICE_UNAVAILABLE, "text/plain",
			     srv->gone, strlen(srv->gone), MHD_RESPMEM_MUST_COPY);
	else
		ret = ANSWER_TEXT(conn, MHD_HTTP_SERVICE_UNAVAILABLE, text_503);
	pthread_mutex_unlock(&srv->lock);
	return ret;
}

struct metrics_server *metrics_start(const char *spec, bool remote, int *usage_error)
{
	struct metrics_server *srv;
	sigset_t all, old;
	int fd = bind_spec(spec, remote, usage_error);

	if (fd < 0)
		return NULL;
	srv = calloc(1, sizeof(*srv));
	if (!srv) {
		fprintf(stderr, "lrutrace: --listen: %s\n", strerror(ENOMEM));
		close(fd);
		return NULL;
	}
	pthread_mutex_init(&srv->lock, NULL);
	/*
	 * The server's thread inherits this signal mask: SIGINT and SIGTERM
	 * are then always taken by the sampling thread, whose sleep they cut
	 * short.
	 */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	srv->daemon = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO,
				       0, NULL, NULL, on_request, srv,
				       MHD_OPTION_LISTEN_SOCKET, fd,
				       MHD_OPTION_CONNECTION_LIMIT, (unsigned int)METRICS_MAX_CLIENTS,
				       MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)METRICS_TIMEOUT_S,
				       MHD_OPTION_END);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!srv->daemon) {
		fprintf(stderr, "lrutrace: --listen '%s': cannot start the HTTP server\n", spec);
		pthread_mutex_destroy(&srv->lock);
		free(srv);
		close(fd);
		return NULL;
	}
	return srv;
}

int metrics_publish(struct metrics_server *srv, const char *body, size_t len)
{
	char *copy = malloc(len ? len : 1), *old;

	if (!copy)
		return -ENOMEM;
	memcpy(copy, body, len);
	pthread_mutex_lock(&srv->lock);
	if (srv->gone) {
		old = copy;	/* numbers after the end are not served */
	} else {
		old = srv->body;
		srv->body = copy;
		srv->len = len;
	}
	pthread_mutex_unlock(&srv->lock);
	free(old);
	return 0;
}

void metrics_source_gone(struct metrics_server *srv, const char *reason)
{
	char *gone, *old, *nl;

	if (asprintf(&gone, "source gone: %s\n", reason) < 0)
		gone = NULL;
	/* one line, whatever REASON holds */
	for (nl = gone; nl && (nl = strchr(nl, '\n')) && nl[1]; )
		*nl = ' ';
	pthread_mutex_lock(&srv->lock);
	old = srv->body;
	srv->body = NULL;
	srv->len = 0;
	if (gone && !srv->gone) {
		srv->gone = gone;
		gone = NULL;
	}
	pthread_mutex_unlock(&srv->lock);
	free(old);
	free(gone);
}

void metrics_stop(struct metrics_server *srv)
{
	if (!srv)
		return;
	/* joins the server's thread; closes the connections and the socket */
	MHD_stop_daemon(srv->daemon);
	pthread_mutex_destroy(&srv->lock);
	free(srv->body);
	free(srv->gone);
	free(srv);
}
