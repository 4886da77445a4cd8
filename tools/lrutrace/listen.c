// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * listen.c: the --listen /metrics endpoint.  Deliberately small: one
 * thread, poll(), at most MAX_CLIENTS connections, requests bounded to
 * MAX_REQUEST bytes and CLIENT_TIMEOUT_MS; only "GET /metrics" is served,
 * everything else gets a 4xx and the connection is closed.
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include "lrutrace.h"

#define MAX_CLIENTS 8
#define MAX_REQUEST 4096
#define CLIENT_TIMEOUT_MS 5000

struct client {
	int fd;			/* -1: free slot */
	uint64_t since_ms;
	size_t len;
	char buf[MAX_REQUEST];
};

struct metrics_server {
	int fd;
	struct client clients[MAX_CLIENTS];
};

uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

struct metrics_server *metrics_listen(const char *spec)
{
	char host[256] = "127.0.0.1", port[16];
	const char *colon = strrchr(spec, ':');
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICSERV | AI_PASSIVE };
	struct addrinfo *res = NULL;
	struct metrics_server *srv;
	int fd = -1, one = 1, rc, i;

	if (colon) {
		size_t hl = (size_t)(colon - spec);

		if (hl >= sizeof(host) || strlen(colon + 1) >= sizeof(port)) {
			fprintf(stderr, "lrutrace: --listen '%s': too long\n", spec);
			return NULL;
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
			return NULL;
		}
		snprintf(port, sizeof(port), "%s", spec);
	}
	rc = getaddrinfo(host, port, &hints, &res);
	if (rc) {
		fprintf(stderr, "lrutrace: --listen '%s': %s\n", spec, gai_strerror(rc));
		return NULL;
	}
	fd = socket(res->ai_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(fd, res->ai_addr, res->ai_addrlen) || listen(fd, 16)) {
		fprintf(stderr, "lrutrace: --listen '%s': %s\n", spec, strerror(errno));
		if (fd >= 0)
			close(fd);
		freeaddrinfo(res);
		return NULL;
	}
	freeaddrinfo(res);
	srv = calloc(1, sizeof(*srv));
	if (!srv) {
		close(fd);
		return NULL;
	}
	srv->fd = fd;
	for (i = 0; i < MAX_CLIENTS; i++)
		srv->clients[i].fd = -1;
	return srv;
}

static void drop_client(struct client *c)
{
	close(c->fd);
	c->fd = -1;
	c->len = 0;
}

static void respond(struct client *c, const char *status, const char *type,
		    const char *body, size_t len)
{
	char head[256];
	int n = snprintf(head, sizeof(head),
			 "HTTP/1.0 %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n",
			 status, type, len);
	int flags = fcntl(c->fd, F_GETFL);

	/* the answer is small and the client is waiting: write it blocking,
	 * bounded by a send timeout */
	struct timeval tv = { .tv_sec = 2 };

	fcntl(c->fd, F_SETFL, flags & ~O_NONBLOCK);
	setsockopt(c->fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	if (send(c->fd, head, (size_t)n, MSG_NOSIGNAL) == n && len)
		send(c->fd, body, len, MSG_NOSIGNAL);
	drop_client(c);
}

static void handle_request(struct client *c, const char *body, size_t len)
{
	const char *eol = strstr(c->buf, "\r\n");
	char method[8], path[64], version[16];

	if (!eol)
		eol = strchr(c->buf, '\n');
	if (!eol)
		return;		/* request line not complete yet */
	if (!strstr(c->buf, "\r\n\r\n") && !strstr(c->buf, "\n\n"))
		return;		/* wait for the end of the headers */
	if (sscanf(c->buf, "%7s %63s %15s", method, path, version) != 3 ||
	    strncmp(version, "HTTP/", 5) != 0) {
		respond(c, "400 Bad Request", "text/plain", "bad request\n", 12);
		return;
	}
	if (strcmp(method, "GET") != 0) {
		respond(c, "405 Method Not Allowed", "text/plain", "only GET\n", 9);
		return;
	}
	if (strcmp(path, "/metrics") != 0) {
		respond(c, "404 Not Found", "text/plain", "only /metrics\n", 14);
		return;
	}
	respond(c, "200 OK", "text/plain; version=0.0.4", body, len);
}

int metrics_serve_until(struct metrics_server *srv, uint64_t deadline_ms,
			const char *body, size_t len, volatile int *stop)
{
	for (;;) {
		struct pollfd pfd[MAX_CLIENTS + 1];
		struct client *who[MAX_CLIENTS + 1];
		uint64_t now = now_ms();
		int n = 0, i, timeout;

		if (*stop)
			return 1;
		if (now >= deadline_ms)
			return 0;
		timeout = (int)(deadline_ms - now);
		pfd[n].fd = srv->fd;
		pfd[n].events = POLLIN;
		who[n++] = NULL;
		for (i = 0; i < MAX_CLIENTS; i++) {
			struct client *c = &srv->clients[i];

			if (c->fd < 0)
				continue;
			if (now - c->since_ms > CLIENT_TIMEOUT_MS) {
				drop_client(c);
				continue;
			}
			if (timeout > CLIENT_TIMEOUT_MS)
				timeout = CLIENT_TIMEOUT_MS;
			pfd[n].fd = c->fd;
			pfd[n].events = POLLIN;
			who[n++] = c;
		}
		if (poll(pfd, (nfds_t)n, timeout) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		for (i = 1; i < n; i++) {
			struct client *c = who[i];
			ssize_t r;

			if (!(pfd[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			r = recv(c->fd, c->buf + c->len, MAX_REQUEST - 1 - c->len, 0);
			if (r <= 0) {
				drop_client(c);
				continue;
			}
			c->len += (size_t)r;
			c->buf[c->len] = '\0';
			if (c->len >= MAX_REQUEST - 1) {
				respond(c, "413 Request Entity Too Large",
					"text/plain", "too large\n", 10);
				continue;
			}
			handle_request(c, body, len);
		}
		if (pfd[0].revents & POLLIN) {
			int fd = accept4(srv->fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
			struct client *slot = NULL;

			if (fd < 0)
				continue;
			for (i = 0; i < MAX_CLIENTS; i++)
				if (srv->clients[i].fd < 0) {
					slot = &srv->clients[i];
					break;
				}
			if (!slot) {
				/* full: refuse rather than queue without bound */
				static const char busy[] =
					"HTTP/1.0 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";

				send(fd, busy, sizeof(busy) - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
				close(fd);
				continue;
			}
			slot->fd = fd;
			slot->len = 0;
			slot->since_ms = now_ms();
		}
	}
}

void metrics_close(struct metrics_server *srv)
{
	int i;

	if (!srv)
		return;
	for (i = 0; i < MAX_CLIENTS; i++)
		if (srv->clients[i].fd >= 0)
			close(srv->clients[i].fd);
	close(srv->fd);
	free(srv);
}
