# SPDX-License-Identifier: GPL-2.0-or-later
# policy-pairs.awk: policy-runs.csv (with its header) to one line per cell,
# figure and comparison, from the ratios of the runs of one pair:
#   workload,swappiness,figure,a,b,pairs,median,min,max,verdict
# the ratio being A's run over B's run of the same pair (cost/rotation,
# mglru/cost, mglru/rotation).  The runs of a pair ran next to each other
# in one guest, so a ratio cancels most of the drift a median of each side
# would keep.  VERDICT says whether the pairs agree:
#   lower / higher   every pair's ratio is below / above 1 (3 pairs or more)
#   UNRESOLVED       fewer than 3 pairs, or ratios on both sides of 1: the
#                    spread over the pairs swallows the difference
# A run that did not finish, or a zero denominator, leaves its pair out.
# Needs stats.awk.
BEGIN { FS = OFS = ","; nfig = split("pages_per_s p99_us refault_file refault_anon io_some_ms", fig, " ") }
NR == 1 { for (i = 1; i <= NF; i++) idx[$i] = i; next }
$(idx["status"]) == "ok" {
	cell = $(idx["workload"]) "," $(idx["swappiness"])
	if (!(cell in seen)) { seen[cell] = 1; order[++cells] = cell }
	pol = $(idx["policy"]); present[pol] = 1
	p = $(idx["pair"]); if (p > npairs[cell]) npairs[cell] = p
	v[cell, p, pol, "pages_per_s"] = $(idx["pages_per_s"])
	v[cell, p, pol, "p99_us"] = $(idx["p99_ns"]) / 1000
	v[cell, p, pol, "refault_file"] = $(idx["refault_file"])
	v[cell, p, pol, "refault_anon"] = $(idx["refault_anon"])
	if (("io_some_us" in idx) && $(idx["io_some_us"]) != "")
		v[cell, p, pol, "io_some_ms"] = $(idx["io_some_us"]) / 1000
}
END {
	ncmp = split("cost/rotation mglru/cost mglru/rotation", cmp, " ")
	print "workload,swappiness,figure,a,b,pairs,median,min,max,verdict"
	for (c = 1; c <= cells; c++)
		for (k = 1; k <= ncmp; k++) {
			split(cmp[k], ab, "/")
			if (!(ab[1] in present) || !(ab[2] in present)) continue
			for (f = 1; f <= nfig; f++) {
				list = ""; n = 0
				for (p = 1; p <= npairs[order[c]]; p++) {
					x = v[order[c], p, ab[1], fig[f]]; y = v[order[c], p, ab[2], fig[f]]
					if (x == "" || y == "" || y + 0 == 0) continue
					list = list " " (x / y); n++
				}
				if (!n) continue
				lo = min_list(list); hi = max_list(list)
				verdict = n < 3 ? "UNRESOLVED" : hi < 1 ? "lower" : lo > 1 ? "higher" : "UNRESOLVED"
				printf "%s,%s,%s,%s,%d,%.3f,%.3f,%.3f,%s\n", order[c], fig[f], ab[1], ab[2], n,
					median_list(list), lo, hi, verdict
			}
		}
}
