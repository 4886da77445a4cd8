#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# lrutrace on the host, without a kernel: argument parsing, the stat table,
# JSON, Prometheus text, histograms and event lines on a made-up interval
# (tests/fixtures/lrutrace/report.snap; tools/lrutrace/test_lrutrace.c,
# which links no loader).  cmocka, as TAP.
cd "$(dirname "$0")/../.." || exit 1
if ! out=$(make --no-print-directory -s -C tools/lrutrace unit 2>&1); then
	echo "Bail out! tools/lrutrace's unit tests do not build: $out"
	exit 1
fi
CMOCKA_MESSAGE_OUTPUT=TAP exec tools/lrutrace/build/test_lrutrace
