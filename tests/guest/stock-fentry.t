#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The stock-fentry source (issue 13) on our kernel: side by side with the
# series, its reconstructed decisions agree with mm_vmscan_scan_balance and
# its totals with /proc/vmstat; the cost of each program of both sources.
# With one slot of the per-CPU list cache (SPLITLRU_LIST_CACHE_SLOTS=1),
# so that all lists but one per CPU are counted in the hash and the
# vmstat totals check the loader's sums of both; stock-distro.t runs the
# same checks with the whole cache.
. "$(dirname "$0")/../lib/tap.sh"
if ! out=$(make --no-print-directory -s -C "$TAP_TOP/bpf/tests" 2>&1); then
	fail "bpf/tests/stockcheck builds"
	diag "$out"
	done_testing
fi
guest_tap --mem 512M --cpus 2 --timeout 1200 -- \
	env SPLITLRU_LIST_CACHE_SLOTS=1 tests/guest/stock-fentry-inside.sh
done_testing
