#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# splitlrutop's MGLRU generations view on the host
# (tools/splitlrutop/test_gen.c, cmocka as TAP): generations from the real
# capture tests/fixtures/mmstat/mglru-6.1-guest-numa2 against its node
# sizes, rates from two samples, the recording round trip, the view at
# 80..140 columns.  Loads nothing into the kernel.
cd "$(dirname "$0")/../.." || exit 1
if ! out=$(make --no-print-directory -s -C tools/splitlrutop all 2>&1); then
	echo "Bail out! tools/splitlrutop/build/test_gen does not build: $out"
	exit 1
fi
CMOCKA_MESSAGE_OUTPUT=TAP exec tools/splitlrutop/build/test_gen
