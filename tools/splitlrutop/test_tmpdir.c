// SPDX-License-Identifier: GPL-2.0-or-later
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "test_tmpdir.h"

static char tmpdir[] = "/tmp/splitlrutop-test.XXXXXX";

int test_tmpdir_setup(void **state)
{
	(void)state;
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_entry(const char *path, const struct stat *st, int type,
			struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	return remove(path);
}

/* depth first (FTW_DEPTH), so each directory is empty when removed */
int test_tmpdir_teardown(void **state)
{
	(void)state;
	return nftw(tmpdir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

const char *test_tmpdir_path(const char *name)
{
	static char path[256];

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	return path;
}
