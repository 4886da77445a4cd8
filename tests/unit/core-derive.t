#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The one definition of every figure both tools show (lib/derive.c,
# docs/figures.md): efficiency, decided and scanned shares, the node's
# decision, source names.
# cmocka, as TAP.
cd "$(dirname "$0")/../.." || exit 1
if ! out=$(make --no-print-directory -s -C lib 2>&1); then
	echo "Bail out! lib/ does not build: $out"
	exit 1
fi
CMOCKA_MESSAGE_OUTPUT=TAP exec lib/build/tests/test_derive
