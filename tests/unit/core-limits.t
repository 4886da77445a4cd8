#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The sources and what each cannot give (lib/limits.c): the one table both
# tools print, its keys, and --source on a command line.  cmocka, as TAP.
cd "$(dirname "$0")/../.." || exit 1
if ! out=$(make --no-print-directory -s -C lib 2>&1); then
	echo "Bail out! lib/ does not build: $out"
	exit 1
fi
CMOCKA_MESSAGE_OUTPUT=TAP exec lib/build/tests/test_limits
