#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# splitlrutop's model, derivation, recording format and canvas, on the host
# (tools/splitlrutop/test_model.c, cmocka as TAP).  Loads nothing into the
# kernel.
cd "$(dirname "$0")/../.." || exit 1
if ! out=$(make --no-print-directory -s -C tools/splitlrutop all 2>&1); then
	echo "Bail out! tools/splitlrutop/build/test_model does not build: $out"
	exit 1
fi
CMOCKA_MESSAGE_OUTPUT=TAP exec tools/splitlrutop/build/test_model
