#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The benchmarks' verdict rule (tests/bench/verdict.awk, issue 17): a
# wall-time overhead is PASS or MISS only when the interquartile range of
# its pair ratios resolves the target; a negative overhead, a spread wider
# than the margin, or a target inside the spread is UNRESOLVED.  Ratio
# sets whose quartiles are worked out by hand (linear interpolation: for
# five sorted values the quartiles are the 2nd and 4th).
. "$(dirname "$0")/../lib/tap.sh"
cd "$TAP_TOP" || exit 1

verdict() {	# verdict OP TARGET RATIO...
	local op=$1 t=$2
	shift 2
	printf '%s\n' "$@" | awk -v op="$op" -v t="$t" -f tests/bench/verdict.awk
}

is "$(verdict '<=' 1.02 1.000 1.005 1.002 0.998 1.004)" "1.002 1.000 1.004 5 PASS" \
	"a small overhead inside a 2 % target: PASS"
is "$(verdict '<=' 1.02 1.10 1.12 1.09 1.11 1.13)" "1.110 1.100 1.120 5 MISS" \
	"a 11 % overhead, tight spread: MISS"
is "$(verdict '<=' 1.01 0.95 0.97 0.88 0.99 0.90)" "0.950 0.900 0.970 5 UNRESOLVED" \
	"faster with the tracer (last run's 0.873 x): UNRESOLVED, never PASS"
is "$(verdict '<=' 1.02 1.00 1.20 0.90 1.10 1.05)" "1.050 1.000 1.100 5 UNRESOLVED" \
	"a spread (0.10) wider than the margin (0.02): UNRESOLVED"
is "$(verdict '<=' 1.02 1.01 1.015 1.02 1.025 1.03)" "1.020 1.015 1.025 5 UNRESOLVED" \
	"the target inside the spread: UNRESOLVED"
is "$(verdict '<=' 1.02 1.00 1.01)" "1.005 1.002 1.008 2 UNRESOLVED" \
	"two pairs give no spread: UNRESOLVED"
is "$(verdict '>=' 0.98 1.00 0.99 1.01 1.00 0.995)" "1.000 0.995 1.000 5 PASS" \
	"a >= target: the whole spread above it: PASS"
is "$(verdict '<=' 1.02 1.00 1.01 1.00 1.01)" "1.005 1.000 1.010 4 PASS" \
	"an even count interpolates its quartiles"
is "$(verdict '<=' 1.02 nan '' x)" "nan nan nan 0 UNRESOLVED" \
	"no usable ratio: UNRESOLVED, not a crash"

# report_pairs prints the figure with its spread, in the summary's format.
out=$(BENCH_RESULTS=$(mktemp -d); . tests/bench/lib.sh; rm -rf "$BENCH_RESULTS"
	printf '%s\n' 0.95 0.97 0.88 0.99 0.90 | report_pairs kernel_events_off_vs_stock '<=' 1.01)
is "$out" "kernel_events_off_vs_stock: 0.950 x (target <= 1.01; IQR 0.900-0.970 over 5 pairs) UNRESOLVED" \
	"report_pairs: median, target, IQR and pair count on one line"

done_testing
