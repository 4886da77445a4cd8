#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The files splitlrutop's /proc source keeps open between samples
# (tools/splitlrutop/test_source.c, cmocka as TAP): each sample still reads
# what the file holds now, after a rewrite in place, a replacement by
# rename, or a removal, for the one-word sysctls and memory.stat.  Loads
# nothing into the kernel.
cd "$(dirname "$0")/../.." || exit 1
if ! out=$(make --no-print-directory -s -C tools/splitlrutop all 2>&1); then
	echo "Bail out! tools/splitlrutop/build/test_source does not build: $out"
	exit 1
fi
CMOCKA_MESSAGE_OUTPUT=TAP exec tools/splitlrutop/build/test_source
