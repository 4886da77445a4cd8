# SPDX-License-Identifier: GPL-2.0-or-later
# verdict.awk: the verdict of one overhead figure from its pair ratios.
#
#   awk -v op='<=' -v t=1.02 -f verdict.awk  <  one ratio per line
#   prints: MEDIAN Q1 Q3 N VERDICT
#
# Each ratio is one A/B pair measured side by side (patched/stock, traced/
# untraced).  The spread is the interquartile range of those ratios
# (linear interpolation between order statistics).  A figure is PASS or
# MISS only when it resolves its target:
#   - fewer than 3 pairs: UNRESOLVED (no spread to speak of);
#   - an overhead target (op <=, t >= 1) whose median is below 1: the
#     traced run came out faster, which is noise, not a cost: UNRESOLVED;
#   - a spread wider than the margin |t - 1|: UNRESOLVED;
#   - the whole spread on the good side of t: PASS; the whole spread on
#     the bad side: MISS; t inside the spread: UNRESOLVED.
function quantile(p,    h, lo) {
	h = (n - 1) * p + 1
	lo = int(h)
	return lo >= n ? v[n] : v[lo] + (h - lo) * (v[lo + 1] - v[lo])
}
function sort_values(    i, j, x) {
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && v[j - 1] > v[j]; j--) { x = v[j]; v[j] = v[j - 1]; v[j - 1] = x }
}
function verdict(med, q1, q3,    margin, good, bad) {
	if (n < 3)
		return "UNRESOLVED"
	if (op == "<=" && t >= 1 && med < 1)
		return "UNRESOLVED"
	margin = t - 1; if (margin < 0) margin = -margin
	if (margin > 0 && q3 - q1 > margin)
		return "UNRESOLVED"
	good = (op == "<=") ? q3 <= t : q1 >= t
	bad = (op == "<=") ? q1 > t : q3 < t
	return good ? "PASS" : bad ? "MISS" : "UNRESOLVED"
}
$1 ~ /^[0-9.eE+-]+$/ { v[++n] = $1 + 0 }
END {
	if (n == 0) { print "nan nan nan 0 UNRESOLVED"; exit }
	sort_values()
	med = quantile(0.5); q1 = quantile(0.25); q3 = quantile(0.75)
	printf "%.3f %.3f %.3f %d %s\n", med, q1, q3, n, verdict(med, q1, q3)
}
