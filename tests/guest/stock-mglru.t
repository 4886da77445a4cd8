#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# MGLRU visibility (issue 13): with /sys/kernel/mm/lru_gen/enabled on, the
# per-type evictions of the MGLRU programs equal /proc/vmstat's deltas.
. "$(dirname "$0")/../lib/tap.sh"
if ! out=$(make --no-print-directory -s -C "$TAP_TOP/bpf/tests" 2>&1); then
	fail "bpf/tests/stockcheck builds"
	diag "$out"
	done_testing
fi
guest_tap --mem 512M --cpus 2 --timeout 1200 -- tests/guest/stock-mglru-inside.sh
done_testing
