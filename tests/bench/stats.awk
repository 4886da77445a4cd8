# SPDX-License-Identifier: GPL-2.0-or-later
# stats.awk: helpers of the policy scripts (awk -f stats.awk -f SCRIPT).
# A list is a string of values separated by single spaces.

# median_list(LIST): the median of the numbers in LIST, "" when empty.
function median_list(list,    n, a, i, j, t) {
	n = split(list, a, " ")
	if (n == 0) return ""
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}

# mode_list(LIST): the most frequent word in LIST (the first in sort order
# on a tie), "" when empty.
function mode_list(list,    n, a, i, count, w, best, best_n) {
	n = split(list, a, " ")
	for (i = 1; i <= n; i++) count[a[i]]++
	best = ""; best_n = 0
	for (w in count)
		if (count[w] > best_n || (count[w] == best_n && w < best)) { best = w; best_n = count[w] }
	return best
}

# min_list(LIST), max_list(LIST): the smallest and largest number in LIST,
# "" when empty.
function min_list(list,    n, a, i, m) {
	n = split(list, a, " ")
	if (n == 0) return ""
	m = a[1] + 0
	for (i = 2; i <= n; i++) if (a[i] + 0 < m) m = a[i] + 0
	return m
}
function max_list(list,    n, a, i, m) {
	n = split(list, a, " ")
	if (n == 0) return ""
	m = a[1] + 0
	for (i = 2; i <= n; i++) if (a[i] + 0 > m) m = a[i] + 0
	return m
}
