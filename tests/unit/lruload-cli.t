#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs the real lruload binary: exact page counts, reproducible sequences,
# JSON fields, bounds, signals, and the errors for bad input.
# Run from the repository root after `make -C tools/lruload`.
bin=tools/lruload/build/test_lruload_cli
if [ ! -x "$bin" ]; then
	echo "Bail out! $bin is missing: run make -C tools/lruload"
	exit 1
fi
LRULOAD=${LRULOAD:-tools/lruload/build/lruload} CMOCKA_MESSAGE_OUTPUT=TAP exec "$bin"
