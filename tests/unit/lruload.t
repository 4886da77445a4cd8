#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Unit tests of lruload's parts: generator, plan, parsers, histogram, report.
# Run from the repository root after `make -C tools/lruload`.
bin=tools/lruload/build/test_lruload
if [ ! -x "$bin" ]; then
	echo "Bail out! $bin is missing: run make -C tools/lruload"
	exit 1
fi
CMOCKA_MESSAGE_OUTPUT=TAP exec "$bin"
