#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# One recorded pair of BPF snapshots (tests/fixtures/figures/pair.snap)
# through lrutrace's report and splitlrutop's frame: both print the same
# decided and scanned shares, the ones docs/figures.md defines
# (tools/splitlrutop/test_figures.c).  cmocka, as TAP.
cd "$(dirname "$0")/../.." || exit 1
if ! out=$(make --no-print-directory -s -C tools/splitlrutop all 2>&1); then
	echo "Bail out! tools/splitlrutop/build/test_figures does not build: $out"
	exit 1
fi
CMOCKA_MESSAGE_OUTPUT=TAP exec tools/splitlrutop/build/test_figures
