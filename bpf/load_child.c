// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * load_child.c: load and attach in a short-lived loader process, and
 * take its fds over (load_child.h says why).
 *
 * The child speaks over a SOCK_SEQPACKET socket, one message per fd: a
 * struct fd_msg naming the skeleton and the map or program the fd is for,
 * with the fd as SCM_RIGHTS; then one FD_DONE without an fd, carrying
 * what load and attach returned.  A stream that ends before FD_DONE is a
 * child that died (killed, out of memory): the load failed.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include "load_child.h"
#include "lru_loader.h"

enum fd_kind { FD_MAP, FD_PROG, FD_LINK, FD_DONE };

struct fd_msg {
	int kind;			/* enum fd_kind */
	int obj, index;			/* the skeleton, its map or program */
	int load_err, attach_err;	/* FD_DONE: enum lru_error each */
};

union fd_cmsg {
	char buf[CMSG_SPACE(sizeof(int))];
	struct cmsghdr align;
};

/* ------------------------------------------------------------ the child */

/* One message, with fd attached unless it is -1; 0 or -1. */
static int send_fd(int sock, const struct fd_msg *m, int fd)
{
	struct iovec iov = { (void *)m, sizeof(*m) };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };
	union fd_cmsg u;
	struct cmsghdr *cm;

	if (fd >= 0) {
		memset(&u, 0, sizeof(u));
		mh.msg_control = u.buf;
		mh.msg_controllen = sizeof(u.buf);
		cm = CMSG_FIRSTHDR(&mh);
		cm->cmsg_level = SOL_SOCKET;
		cm->cmsg_type = SCM_RIGHTS;
		cm->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(cm), &fd, sizeof(int));
	}
	return sendmsg(sock, &mh, MSG_NOSIGNAL) == (ssize_t)sizeof(*m) ? 0 : -1;
}

/* What the parent needs of one loaded skeleton: maps, programs, links. */
static int send_skeleton(int sock, int obj, const struct bpf_object_skeleton *s,
			 bool links)
{
	struct fd_msg m = { .obj = obj };
	int i, fd;

	m.kind = FD_MAP;
	for (m.index = 0; m.index < s->map_cnt; m.index++) {
		const struct bpf_map *map = *s->maps[m.index].map;

		fd = bpf_map__fd(map);
		if (!bpf_map__is_internal(map) && fd >= 0 && send_fd(sock, &m, fd))
			return -1;
	}
	for (i = 0; i < s->prog_cnt; i++) {
		const struct bpf_link *link = *s->progs[i].link;

		m.index = i;
		m.kind = FD_PROG;
		fd = bpf_program__fd(*s->progs[i].prog);
		if (fd >= 0 && send_fd(sock, &m, fd))
			return -1;
		m.kind = FD_LINK;
		fd = links && link ? bpf_link__fd(link) : -1;
		if (fd >= 0 && send_fd(sock, &m, fd))
			return -1;
	}
	return 0;
}

/*
 * Load, attach, hand over, exit.  _exit: the parent's stdio buffers and
 * atexit handlers are the parent's, and the links must outlive us (the
 * parent holds their fds now).
 */
static void child_main(int sock, const struct load_child_ops *ops)
{
	struct fd_msg done = { .kind = FD_DONE };
	int o;

	done.load_err = ops->load(ops->arg);
	if (!done.load_err)
		done.attach_err = ops->attach(ops->arg);
	for (o = 0; o < LOAD_CHILD_OBJS && !done.load_err; o++)
		if (ops->skel[o] && send_skeleton(sock, o, ops->skel[o], !done.attach_err))
			_exit(1);
	_exit(send_fd(sock, &done, -1) ? 1 : 0);
}

/* ----------------------------------------------------------- the parent */

/* One message and its fd (-1: none); recvmsg's count, 0 at the end. */
static ssize_t recv_fd(int sock, struct fd_msg *m, int *fd)
{
	struct iovec iov = { m, sizeof(*m) };
	union fd_cmsg u;
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = u.buf, .msg_controllen = sizeof(u.buf),
	};
	struct cmsghdr *cm;
	ssize_t n;

	*fd = -1;
	do
		n = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC);
	while (n < 0 && errno == EINTR);	/* a stop signal: the child goes on */
	for (cm = n > 0 ? CMSG_FIRSTHDR(&mh) : NULL; cm; cm = CMSG_NXTHDR(&mh, cm))
		if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_RIGHTS &&
		    cm->cmsg_len == CMSG_LEN(sizeof(int)))
			memcpy(fd, CMSG_DATA(cm), sizeof(int));
	return n;
}

/* Put one fd where m says; it is consumed either way.  0, or -1. */
static int take_fd(const struct load_child_ops *ops, struct load_child *c,
		   const struct fd_msg *m, int fd)
{
	const struct bpf_object_skeleton *s = NULL;
	int *slots = NULL, rc = -1;

	if (m->obj >= 0 && m->obj < LOAD_CHILD_OBJS && m->index >= 0 && fd >= 0)
		s = ops->skel[m->obj];
	if (!s)
		;
	else if (m->kind == FD_MAP && m->index < s->map_cnt)
		rc = bpf_map__reuse_fd(*s->maps[m->index].map, fd) ? -1 : 0;	/* keeps a dup */
	else if (m->kind == FD_PROG)
		slots = c->prog_fds[m->obj];
	else if (m->kind == FD_LINK)
		slots = c->link_fds[m->obj];
	if (slots && m->index < c->nr_progs[m->obj] && slots[m->index] < 0) {
		slots[m->index] = fd;
		return 0;
	}
	if (fd >= 0)
		close(fd);
	return rc;
}

static int receive(int sock, const struct load_child_ops *ops, struct load_child *c)
{
	struct fd_msg m;
	int fd;

	for (;;) {
		if (recv_fd(sock, &m, &fd) != (ssize_t)sizeof(m)) {
			if (fd >= 0)
				close(fd);
			return LRU_ERR_LOAD;	/* the child died without an answer */
		}
		if (m.kind == FD_DONE) {
			if (fd >= 0)
				close(fd);
			c->attach_err = m.attach_err;
			c->linked = !m.load_err && !m.attach_err;
			return m.load_err;
		}
		if (take_fd(ops, c, &m, fd))
			return LRU_ERR_IO;
	}
}

/* Slots for every program of every skeleton, all -1. */
static int alloc_slots(const struct load_child_ops *ops, struct load_child *c)
{
	for (int o = 0; o < LOAD_CHILD_OBJS; o++) {
		int n = ops->skel[o] ? ops->skel[o]->prog_cnt : 0;

		c->prog_fds[o] = malloc(sizeof(int) * (size_t)(n ? n : 1));
		c->link_fds[o] = malloc(sizeof(int) * (size_t)(n ? n : 1));
		if (!c->prog_fds[o] || !c->link_fds[o])
			return -1;
		c->nr_progs[o] = n;
		for (int i = 0; i < n; i++)
			c->prog_fds[o][i] = c->link_fds[o][i] = -1;
	}
	return 0;
}

int load_child_run(const struct load_child_ops *ops, struct load_child *c)
{
	struct rusage ru;
	int sv[2], status, rc;
	pid_t pid;

	memset(c, 0, sizeof(*c));
	c->peak_kb = -1;
	if (alloc_slots(ops, c))
		return LRU_ERR_NOMEM;
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv))
		return LRU_ERR_IO;
	pid = fork();
	if (pid < 0) {
		close(sv[0]);
		close(sv[1]);
		return LRU_ERR_NOMEM;
	}
	if (pid == 0) {
		close(sv[0]);
		child_main(sv[1], ops);
	}
	close(sv[1]);
	rc = receive(sv[0], ops, c);
	close(sv[0]);	/* a child still sending gets EPIPE and exits */
	while (wait4(pid, &status, 0, &ru) < 0)
		if (errno != EINTR)
			return rc;	/* reaped elsewhere (SIGCHLD ignored): no peak */
	c->peak_kb = ru.ru_maxrss;
	return rc;
}

int load_child_prog_fd(const struct load_child *c, int obj, int i)
{
	if (obj < 0 || obj >= LOAD_CHILD_OBJS || i < 0 || i >= c->nr_progs[obj])
		return -1;
	return c->prog_fds[obj][i];
}

/* Close every fd of slots (n of them) and mark it gone. */
static void close_slots(int *slots, int n)
{
	for (int i = 0; slots && i < n; i++)
		if (slots[i] >= 0) {
			close(slots[i]);
			slots[i] = -1;
		}
}

void load_child_detach(struct load_child *c)
{
	for (int o = 0; o < LOAD_CHILD_OBJS; o++)
		close_slots(c->link_fds[o], c->nr_progs[o]);
	c->linked = false;
}

void load_child_free(struct load_child *c)
{
	load_child_detach(c);
	for (int o = 0; o < LOAD_CHILD_OBJS; o++) {
		close_slots(c->prog_fds[o], c->nr_progs[o]);
		free(c->prog_fds[o]);
		free(c->link_fds[o]);
	}
	memset(c, 0, sizeof(*c));
}
