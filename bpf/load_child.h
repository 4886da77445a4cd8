/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * load_child.h: load and attach in a short-lived loader process
 * (load_child.c), inside the library.
 *
 * Where libbpf must parse the kernel's whole BTF (fentry attaches by BTF
 * id), the parse costs twice the BTF's size in peak RSS, and the peak
 * stays with the process for as long as it runs.  A forked child pays it
 * instead: it loads and attaches the skeletons, hands every map, program
 * and link fd back over a unix socket (SCM_RIGHTS) and exits.  The parent
 * never loads its own skeletons: it installs the map fds in them
 * (bpf_map__reuse_fd) and keeps the program and link fds here.
 */
#ifndef LOAD_CHILD_H
#define LOAD_CHILD_H

#include <stdbool.h>
#include <bpf/libbpf.h>

#define LOAD_CHILD_OBJS 2	/* lrutrace and the stock object */

struct load_child_ops {
	struct bpf_object_skeleton *skel[LOAD_CHILD_OBJS];	/* NULL: none */
	/* In the child, on skel's objects: an enum lru_error each. */
	int (*load)(void *arg);
	int (*attach)(void *arg);
	void *arg;
};

struct load_child {
	int *prog_fds[LOAD_CHILD_OBJS];	/* per skeleton program; -1: not loaded */
	int *link_fds[LOAD_CHILD_OBJS];	/* per skeleton program; -1: no link */
	int nr_progs[LOAD_CHILD_OBJS];
	int attach_err;		/* what ops->attach returned in the child */
	bool linked;		/* link fds held: the programs are attached */
	long peak_kb;		/* the child's peak RSS (wait4's ru_maxrss) */
};

/*
 * Fork, run ops->load then (if it succeeded) ops->attach in the child,
 * and take over what they made: the map fds go into the parent's skeleton
 * maps (internal maps excepted: the parent never reads them), the
 * program and link fds into *c.  Returns ops->load's result, or an
 * lru_error of its own (LRU_ERR_LOAD when the child died without an
 * answer).  c->peak_kb is set whenever the child was reaped.
 */
int load_child_run(const struct load_child_ops *ops, struct load_child *c);
/* A program's fd (obj, index in its skeleton), or -1. */
int load_child_prog_fd(const struct load_child *c, int obj, int i);
/* Close the link fds: the programs detach.  Idempotent. */
void load_child_detach(struct load_child *c);
/* Detach, close the program fds, free.  A zeroed *c is fine. */
void load_child_free(struct load_child *c);

#endif /* LOAD_CHILD_H */
