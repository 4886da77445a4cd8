#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# vm.lru_scan_balance fuzzed from userspace (issue 8): random lengths and
# bytes, near-misses and valid words from concurrent writers; the value
# read back is always one of the two words.  Needs the patched kernel.
. "$(dirname "$0")/../lib/tap.sh"
guest_tap --swap 0 --timeout 900 -- tests/guest/sysctl-fuzz-inside.sh 150
done_testing
