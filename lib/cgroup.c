// SPDX-License-Identifier: LGPL-2.1-or-later
/* cgroup.c: the cgroup argument every tool takes; see sl_cgroup.h. */
#include "sl_cgroup.h"

#include <errno.h>
#include <libgen.h>
#include <mntent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "sl_cli.h"

#ifndef CGROUP2_SUPER_MAGIC
#define CGROUP2_SUPER_MAGIC 0x63677270
#endif
#ifndef CGROUP_SUPER_MAGIC
#define CGROUP_SUPER_MAGIC 0x27e0eb
#endif

static bool live(const char *root)
{
	return !root || !*root;
}

/* Live: from /proc/self/mounts, since a container may mount it anywhere. */
static bool mount_from_table(char *buf, size_t len)
{
	FILE *mounts = setmntent("/proc/self/mounts", "re");
	struct mntent *entry;
	bool found = false;

	if (!mounts)
		return false;
	while (!found && (entry = getmntent(mounts)))
		if (!strcmp(entry->mnt_type, "cgroup2"))
			found = snprintf(buf, len, "%s", entry->mnt_dir) < (int)len;
	endmntent(mounts);
	return found;
}

/* A capture has no mount table: its cgroup.controllers marks the mount. */
static bool mount_in_capture(const char *root, char *buf, size_t len)
{
	static const char *const places[] = { "/sys/fs/cgroup", "/sys/fs/cgroup/unified" };
	char probe[PATH_MAX];

	for (size_t i = 0; i < sizeof(places) / sizeof(places[0]); i++) {
		snprintf(probe, sizeof(probe), "%s%s/cgroup.controllers", root, places[i]);
		if (access(probe, F_OK) == 0)
			return snprintf(buf, len, "%s", places[i]) < (int)len;
	}
	return false;
}

bool sl_cgroup_mount(const char *root, char *buf, size_t len)
{
	if (live(root) ? mount_from_table(buf, len) : mount_in_capture(root, buf, len))
		return true;
	snprintf(buf, len, "/sys/fs/cgroup");
	return false;
}

/* Is PATH (or, for a new cgroup, its parent) a cgroup directory? */
static bool on_cgroup_fs(const char *root, const char *path, unsigned int flags)
{
	char full[PATH_MAX], *dir = full;
	struct statfs fs;
	struct stat st;

	if (snprintf(full, sizeof(full), "%s%s", live(root) ? "" : root, path) >=
	    (int)sizeof(full))
		return false;
	if (flags & SL_CGROUP_NEW)
		dir = dirname(full);
	if (live(root))
		return statfs(dir, &fs) == 0 && (fs.f_type == CGROUP2_SUPER_MAGIC ||
						 fs.f_type == CGROUP_SUPER_MAGIC);
	/* In a capture "/" is the capture's root, never a cgroup. */
	return strcmp(path, "/") && stat(dir, &st) == 0 && S_ISDIR(st.st_mode) &&
	       (!(flags & SL_CGROUP_NEW) || strlen(dir) > strlen(root));
}

/* PATH is MOUNT or below it: meant as given even before it exists. */
static bool inside(const char *path, const char *mount)
{
	size_t n = strlen(mount);

	return !strncmp(path, mount, n) && (path[n] == '/' || path[n] == '\0');
}

int sl_cgroup_resolve(const char *root, const char *arg, unsigned int flags,
		      struct sl_cgroup *out)
{
	char mount[PATH_MAX];
	size_t n;
	int len;

	if (!arg || !*arg)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->mounted = sl_cgroup_mount(root, mount, sizeof(mount));
	if (arg[0] == '/' && (inside(arg, mount) || on_cgroup_fs(root, arg, flags))) {
		out->taken = SL_CGROUP_AS_GIVEN;
		len = snprintf(out->path, sizeof(out->path), "%s", arg);
	} else {
		out->taken = SL_CGROUP_BELOW_MOUNT;
		while (*arg == '/')
			arg++;
		len = snprintf(out->path, sizeof(out->path), "%s%s%s", mount,
			       *arg ? "/" : "", arg);
	}
	if (len >= (int)sizeof(out->path))
		return -ENAMETOOLONG;
	/* "db/" and "db" name one cgroup: keep one spelling for messages. */
	for (n = strlen(out->path); n > 1 && out->path[n - 1] == '/'; n--)
		out->path[n - 1] = '\0';
	return 0;
}

void sl_cgroup_note(const char *opt, const char *arg, const struct sl_cgroup *cg)
{
	if (arg[0] != '/' || cg->taken != SL_CGROUP_BELOW_MOUNT || !strcmp(arg, cg->path))
		return;
	fprintf(stderr, "%s: %s %s: not a cgroup directory; using %s (below the cgroup2 mount)\n",
		sl_cli_tool(), opt, arg, cg->path);
}
