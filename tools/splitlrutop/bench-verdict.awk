# SPDX-License-Identifier: GPL-2.0-or-later
# bench-verdict.awk: the verdict of one of tools/splitlrutop/bench's
# figures against an upper target, from its repeated measurements.
#
#   awk -v t=TARGET [-v quantum=Q] -f bench-verdict.awk  <  one value per line
#   prints: MEDIAN LO HI N VERDICT
#
# Each value is one measurement (CPU % of one window, peak RSS of one
# start).  quantum: how far a value may be from the truth by its unit
# alone (a CPU figure read in clock ticks), 0 when it is exact; every value
# then stands for [v - quantum, v + quantum].  The spread is that whole
# range, lo - quantum to hi + quantum; the margin is |t - median|.
#   - fewer than 3 values: UNRESOLVED (no spread to speak of);
#   - a spread wider than the margin: UNRESOLVED, never PASS;
#   - the whole spread at or below t: PASS; the whole of it above t: MISS;
#   - t inside the spread: UNRESOLVED.
function sort_values(    i, j, x) {
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && v[j - 1] > v[j]; j--) { x = v[j]; v[j] = v[j - 1]; v[j - 1] = x }
}
$1 ~ /^[0-9.eE+-]+$/ { v[++n] = $1 + 0 }
END {
	if (n == 0) { print "nan nan nan 0 UNRESOLVED"; exit }
	sort_values()
	med = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
	q = quantum + 0
	lo = v[1] - q; hi = v[n] + q
	margin = t - med; if (margin < 0) margin = -margin
	if (n < 3 || hi - lo > margin)
		verdict = "UNRESOLVED"
	else
		verdict = hi <= t ? "PASS" : lo > t ? "MISS" : "UNRESOLVED"
	printf "%s %s %s %d %s\n", med, v[1], v[n], n, verdict
}
