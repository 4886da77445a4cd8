# SPDX-License-Identifier: GPL-2.0-or-later
# policy-runs.awk: joins the guest's "run," lines with its "iv," lines
# (policy-trace.jq) by memcg id, and prints policy-runs.csv's rows (without
# the header): the run's own columns, then per-list scanned and reclaimed
# summed over its intervals, anon pages scanned in intervals where file
# pages were reclaimed, the median decided anon share and the most frequent
# decision mode over its intervals, and MGLRU's per-type scanned and
# reclaimed pages and evictions summed over its "mg," lines (0 for the
# classic runs).  With series=1 it prints instead
# "RUN_ID,T_S,DECIDED,SCANNED_ANON_PERMILLE" per interval, T_S counted from
# the run's first interval with reclaim.  Needs stats.awk.
BEGIN { FS = OFS = "," }
$1 == "run" { order[++runs] = $2; line[$2] = substr($0, 5); next }
$1 == "iv" {
	id = $2
	for (k = 0; k < 8; k++) sum[id, k] += $(4 + k)
	anon = $4 + $5; file_reclaimed = $10 + $11
	if (file_reclaimed > 0) awf[id] += anon
	if ($12 != "") decided[id] = decided[id] " " $12
	if ($13 != "") modes[id] = modes[id] " " $13
	if (!(id in t0)) t0[id] = $3
	all = $4 + $5 + $6 + $7
	pts[id] = pts[id] sprintf("%s%.1f,%s,%d", pts[id] == "" ? "" : ";", $3 - t0[id], $12, all ? int(anon * 1000 / all) : 0)
	next
}
$1 == "mg" {
	for (k = 0; k < 5; k++) mg[$2, k] += $(4 + k)
	next
}
END {
	for (r = 1; r <= runs; r++) {
		id = order[r]
		if (series) {
			n = split(pts[id], p, ";")
			for (i = 1; i <= n; i++) if (p[i] != "") print id, p[i]
			continue
		}
		out = line[id]
		for (k = 0; k < 8; k++) out = out "," (sum[id, k] + 0)
		out = out OFS awf[id] + 0 OFS median_list(decided[id]) OFS mode_list(modes[id])
		for (k = 0; k < 5; k++) out = out "," (mg[id, k] + 0)
		print out
	}
}
