#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# mm_vmscan_scan_balance under vm.lru_scan_balance=cost and =rotation, at
# swappiness 0, and without swap (issue 3).  Needs the patched kernel.
. "$(dirname "$0")/../lib/tap.sh"
guest_tap --mem 512M --cpus 2 --timeout 1800 -- tests/guest/kernel-balance.sh swap
guest_tap --mem 512M --cpus 2 --swap 0 --timeout 900 -- tests/guest/kernel-balance.sh noswap
done_testing
