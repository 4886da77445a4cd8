/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sl_version.h: the one version string every tool prints for --version.
 * It comes from the VERSION file at the top of the tree, through the build.
 */
#ifndef SL_VERSION_H
#define SL_VERSION_H

/* "splitlru 0.12.0": the project's name and version. */
const char *sl_version(void);

#endif /* SL_VERSION_H */
