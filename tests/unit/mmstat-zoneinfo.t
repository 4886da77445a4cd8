#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# libmmstat: zoneinfo, every layout (cmocka unit tests printing TAP).
# Needs make -C parsers all; the binary is parsers/build/tests/test_zoneinfo.
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=$top/parsers/build/tests/test_zoneinfo
[ -x "$bin" ] || { echo "Bail out! $bin is not built (make -C parsers all)"; exit 1; }
MMSTAT_FIXTURES=$top/tests/fixtures/mmstat CMOCKA_MESSAGE_OUTPUT=TAP exec "$bin"
