#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# lrutrace's real binary on the host: --help and usage errors only, both of
# which exit before any BPF is touched.  Everything else (arguments, the
# stat table, JSON, Prometheus text, histograms, event lines) is asserted
# by the cmocka unit tests of tests/unit/lrutrace-unit.t.
. "$(dirname "$0")/../lib/tap.sh"
cd "$TAP_TOP" || exit 1

if ! out=$(make --no-print-directory -s -C tools/lrutrace all 2>&1); then
	fail "tools/lrutrace builds"
	diag "$out"
	done_testing
fi
pass "tools/lrutrace builds"

# ---- the real binary: --help and usage errors only (no BPF on the host) ----
bin=tools/lrutrace/build/lrutrace
if [ -x "$bin" ]; then
	help=$($bin --help)
	is "$?" 0 "lrutrace --help exits 0"
	like "$help" 'EXAMPLES:' "--help has examples"
	like "$help" 'Exit status: 0 ok' "--help documents the exit codes"
	for flag in --node --memcg --lru --reason --reclaimer --json --per-memcg \
		--prometheus --listen --self --duration --source --fallback --ringbuf-size; do
		like "$help" -- "$flag" "--help documents $flag"
	done
	long=$(printf '%s\n' "$help" | awk 'length($0) > 80' | head -3)
	is "$long" "" "--help fits 80 columns"
	$bin >/dev/null 2>&1
	is "$?" 2 "lrutrace without a mode exits 2"
	like "$help" 'fallback +The same as --source stock-tracepoints' "--help: --fallback is --source stock-tracepoints"
	err=$($bin stat --source bogus 2>&1)
	is "$?" 2 "--source bogus exits 2"
	like "$err" "unknown source \\(series, stock-fentry or stock-tracepoints\\)" "and names the valid sources"
	err=$($bin stat --source proc-only 2>&1)
	is "$?" 2 "--source proc-only exits 2"
	like "$err" "lrutrace traces with BPF only" "and says why"
	# tap.sh sets SPLITLRU_NO_BPF on the host: the loader must refuse
	err=$($bin stat 1 1 2>&1)
	is "$?" 1 "with SPLITLRU_NO_BPF set, a valid command exits 1"
	like "$err" 'BPF is disabled by SPLITLRU_NO_BPF' "and loads nothing into the host kernel"
else
	skip "lrutrace --help" "tools/lrutrace/build/lrutrace not built (needs the guest kernel's BTF)"
fi

done_testing
