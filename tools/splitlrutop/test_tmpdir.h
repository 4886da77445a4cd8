/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A scratch directory for splitlrutop's cmocka groups: made by the group
 * setup, removed with everything in it by the group teardown, so no test
 * file leaves /tmp behind or repeats the bookkeeping.
 */
#ifndef SPLITLRUTOP_TEST_TMPDIR_H
#define SPLITLRUTOP_TEST_TMPDIR_H

/* cmocka group setup and teardown */
int test_tmpdir_setup(void **state);
int test_tmpdir_teardown(void **state);

/* NAME inside the directory; a static buffer, valid until the next call */
const char *test_tmpdir_path(const char *name);

#endif
