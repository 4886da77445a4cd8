#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The core's cgroup resolver (lib/cgroup.c): the one meaning of a cgroup
# argument in lrutrace, mmstat, lruload and splitlrutop.  cmocka, as TAP.
cd "$(dirname "$0")/../.." || exit 1
if ! out=$(make --no-print-directory -s -C lib 2>&1); then
	echo "Bail out! lib/ does not build: $out"
	exit 1
fi
CMOCKA_MESSAGE_OUTPUT=TAP exec lib/build/tests/test_cgroup
