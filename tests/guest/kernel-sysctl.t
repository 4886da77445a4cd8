#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# vm.lru_scan_balance and the /proc/zoneinfo balance lines (issue 3), on one
# node and on two.  With a stock kernel built, the old zoneinfo lines are
# compared with its own.  Needs the patched kernel.
. "$(dirname "$0")/../lib/tap.sh"
. "$TAP_TOP/guest-image/lib.sh"
run="$TAP_TOP/guest-image/qemu-run"

stock=""
if [ -f "$(kernel_dir stock)/bzImage" ]; then
	stock=$(mktemp "$TAP_TOP/tests/guest/.zoneinfo-stock.XXXXXX")
	trap 'rm -f "$stock" "$stock.2"' EXIT
	"$run" --kernel stock --swap 0 --timeout 300 -- cat /proc/zoneinfo >"$stock" 2>/dev/null || : >"$stock"
	"$run" --kernel stock --swap 0 --numa 2 --timeout 300 -- cat /proc/zoneinfo >"$stock.2" 2>/dev/null || : >"$stock.2"
else
	diag "no stock kernel built: comparing zoneinfo formats only"
fi
guest_tap --mem 512M --timeout 900 -- tests/guest/kernel-sysctl.sh ${stock:+"$stock"}
guest_tap --mem 512M --numa 2 --timeout 900 -- tests/guest/kernel-sysctl.sh ${stock:+"$stock.2"}
done_testing
