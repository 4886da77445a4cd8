/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sl_cgroup.h: one meaning of a cgroup argument in every tool.
 *
 * lrutrace --memcg, mmstat memcg and psi --cgroup, lruload --memcg and
 * splitlrutop's memcg scan all resolve a cgroup the same way:
 *
 *   - an absolute PATH below the cgroup2 mount, or one that lies on a
 *     cgroup filesystem (v2, or v1 for mmstat's memory.stat), is taken as
 *     given: /sys/fs/cgroup/db, /sys/fs/cgroup/memory/db;
 *   - any other PATH is taken below the cgroup2 mount: "db", "/db" and
 *     "db/" all mean /sys/fs/cgroup/db when cgroup2 is mounted there.
 *
 * So "/db" works as the cgroup's name as systemd and cgroup.procs print it,
 * and the tools say which reading they used whenever an absolute path was
 * taken below the mount (sl_cgroup_note).  For a capture (ROOT set, as in
 * mmstat --root DIR), "on a cgroup filesystem" becomes "a directory under
 * ROOT", and the mount is looked for under ROOT.
 */
#ifndef SL_CGROUP_H
#define SL_CGROUP_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

enum sl_cgroup_taken {
	SL_CGROUP_AS_GIVEN,	/* an absolute path on a cgroup filesystem */
	SL_CGROUP_BELOW_MOUNT,	/* joined to the cgroup2 mount */
};

struct sl_cgroup {
	char path[PATH_MAX];	/* the directory, without ROOT's prefix */
	enum sl_cgroup_taken taken;
	bool mounted;		/* a cgroup2 mount was found */
};

/* The cgroup may not exist yet (lruload creates it): judge its parent. */
#define SL_CGROUP_NEW 1u

/*
 * The first cgroup2 mount point, without ROOT's prefix, into BUF.  True
 * when one was found; false leaves the usual place, /sys/fs/cgroup, in BUF.
 */
bool sl_cgroup_mount(const char *root, char *buf, size_t len);

/*
 * Resolve ARG as above into OUT.  0, or -EINVAL for an empty ARG and
 * -ENAMETOOLONG for one that does not fit.  Whether the directory exists
 * is the caller's to find out (it names the path in its own error).
 */
int sl_cgroup_resolve(const char *root, const char *arg, unsigned int flags,
		      struct sl_cgroup *out);

/*
 * When ARG was absolute but taken below the mount, say so on stderr once:
 * "TOOL: OPT /db: not a cgroup directory; using /sys/fs/cgroup/db".
 */
void sl_cgroup_note(const char *opt, const char *arg, const struct sl_cgroup *cg);

#endif /* SL_CGROUP_H */
