#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The field tables of every record (lib/fields.c), the event text and
# JSON written from them (lib/format.c), and snapshot deltas (lib/snapshot.c).
# cmocka, as TAP.
cd "$(dirname "$0")/../.." || exit 1
if ! out=$(make --no-print-directory -s -C lib 2>&1); then
	echo "Bail out! lib/ does not build: $out"
	exit 1
fi
CMOCKA_MESSAGE_OUTPUT=TAP exec lib/build/tests/test_fields
