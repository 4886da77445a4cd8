#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The core's command-line numbers and shared CLI habits (lib/num.c,
# lib/cli.c): the one size syntax, counts, seconds, --version, usage exit
# 2, and stdout that is full or whose reader has gone.  cmocka, as TAP.
cd "$(dirname "$0")/../.." || exit 1
if ! out=$(make --no-print-directory -s -C lib 2>&1); then
	echo "Bail out! lib/ does not build: $out"
	exit 1
fi
CMOCKA_MESSAGE_OUTPUT=TAP exec lib/build/tests/test_num
