#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The stock-fentry source (issue 13) on our kernel: side by side with the
# series, its reconstructed decisions agree with mm_vmscan_scan_balance and
# its totals with /proc/vmstat; the cost of each program of both sources.
. "$(dirname "$0")/../lib/tap.sh"
if ! out=$(make --no-print-directory -s -C "$TAP_TOP/bpf/tests" 2>&1); then
	fail "bpf/tests/stockcheck builds"
	diag "$out"
	done_testing
fi
guest_tap --mem 512M --cpus 2 --timeout 1200 -- tests/guest/stock-fentry-inside.sh
done_testing
