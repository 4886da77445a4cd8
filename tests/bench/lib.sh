# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers of the benchmark scripts.  Sourced.
#
# Every figure is measured side by side in one run and printed as one line:
#   NAME: VALUE (target OP T) PASS|MISS                     a count or a ratio of counts
#   NAME: MEDIAN x (target OP T; IQR Q1-Q3 over N pairs) PASS|MISS|UNRESOLVED
# The second form is for wall-time overheads: the median of per-pair
# ratios, PASS or MISS only when the spread resolves the target
# (verdict.awk says when).  A miss is reported, never hidden; benchmarks
# do not fail on it.

BENCH_TOP=${BENCH_TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
BENCH_RESULTS=${BENCH_RESULTS:-$BENCH_TOP/results/bench}
BENCH_START=${BENCH_START:-$(date +%s)}
# Pairs per figure: at least 5 (issue 7); BENCH_QUICK=1 makes a smoke run.
BENCH_PAIRS=${BENCH_PAIRS:-$([ "${BENCH_QUICK:-0}" = 1 ] && echo 2 || echo 5)}
mkdir -p "$BENCH_RESULTS"

progress() { printf '[bench %4ss] %s\n' "$(($(date +%s) - BENCH_START))" "$*" >&2; }

# median: of the numbers on stdin, one per line
median() {
	sort -g | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print "nan"; exit }
		if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# report_pairs NAME OP TARGET: the per-pair ratios on stdin, one per line
report_pairs() {
	local med q1 q3 n verdict
	read -r med q1 q3 n verdict < <(awk -v op="$2" -v t="$3" -f "$BENCH_TOP/tests/bench/verdict.awk")
	printf '%s: %s x (target %s %s; IQR %s-%s over %s pairs) %s\n' \
		"$1" "$med" "$2" "$3" "$q1" "$q3" "$n" "$verdict"
}

# report NAME VALUE OP TARGET [UNIT]: OP is <= or >=
report() {
	local verdict
	verdict=$(awk -v v="$2" -v op="$3" -v t="$4" 'BEGIN {
		if (v == "nan" || v == "") { print "MISS"; exit }
		ok = (op == "<=") ? (v + 0 <= t + 0) : (v + 0 >= t + 0)
		print ok ? "PASS" : "MISS" }')
	printf '%s: %s%s (target %s %s) %s\n' "$1" "$2" "${5:+ $5}" "$3" "$4" "$verdict"
}
