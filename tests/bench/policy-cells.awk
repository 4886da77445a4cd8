# SPDX-License-Identifier: GPL-2.0-or-later
# policy-cells.awk: policy-runs.csv (with its header) to one line per cell
# (workload, swappiness) and policy: the median over the pairs of each
# figure.  Ratios are taken per run, then the median; a run that did not
# finish (status oom) counts in "oom_runs" and in no other column.
# decided_mode is the mode most runs of the cell saw most often.  Then,
# after decided_mode: figures every contender has (vmstat pgscan per
# pgsteal, /proc/stat iowait, the memcg's io.pressure "some" in ms) and the
# lowest and highest run of the figures a finding may rest on (X_min,
# X_max).  Policy mglru (MGLRU on) has no per-list trace figures: the
# classic lists are bypassed, so those columns stay empty, not zero.
# Needs stats.awk.
function col(name) { return $(idx[name]) + 0 }
# has(NAME): the column exists and this run has a value in it (PSI may be
# off, and an older runs file has no I/O columns).
function has(name) { return (name in idx) && $(idx[name]) != "" }
function ratio(a, b) { return b > 0 ? a / b : "" }
function add(key, metric, v) {
	if (v != "") vals[key, metric] = vals[key, metric] " " v
}
NR == 1 { for (i = 1; i <= NF; i++) idx[$i] = i; next }
{
	key = $(idx["workload"]) "," $(idx["swappiness"]) "," $(idx["policy"])
	if (!(key in seen)) { seen[key] = 1; order[++cells] = key }
	runs[key]++
	if ($(idx["status"]) != "ok") { oom[key]++; next }
	add(key, "vm_scan_per_steal", ratio(col("pgscan_anon") + col("pgscan_file"), col("pgsteal_anon") + col("pgsteal_file")))
	add(key, "pgscan_anon", col("pgscan_anon"))
	add(key, "pgscan_file", col("pgscan_file"))
	if (has("iowait_ms")) add(key, "iowait_ms", col("iowait_ms"))
	if (has("io_some_us")) add(key, "io_some_ms", col("io_some_us") / 1000)
	add(key, "pswpout", col("pswpout"))
	add(key, "pswpin", col("pswpin"))
	add(key, "refault_anon", col("refault_anon"))
	add(key, "refault_file", col("refault_file"))
	add(key, "pages_per_s", col("pages_per_s"))
	add(key, "p99_us", col("p99_ns") / 1000)
	if ($(idx["policy"]) == "mglru") next
	scanned = col("scan_inactive_anon") + col("scan_active_anon") + col("scan_inactive_file") + col("scan_active_file")
	reclaimed = col("reclaim_inactive_anon") + col("reclaim_inactive_file")
	add(key, "scan_per_reclaim", ratio(scanned, reclaimed))
	add(key, "ia_scan_per_reclaim", ratio(col("scan_inactive_anon"), col("reclaim_inactive_anon")))
	add(key, "if_scan_per_reclaim", ratio(col("scan_inactive_file"), col("reclaim_inactive_file")))
	add(key, "anon_scanned", col("scan_inactive_anon") + col("scan_active_anon"))
	add(key, "anon_scanned_file_reclaimable", col("anon_scanned_file_reclaimable"))
	if ($(idx["decided_anon_permille"]) != "") add(key, "decided_anon_permille", col("decided_anon_permille"))
	if ($(idx["decided_mode"]) != "") modes[key] = modes[key] " " $(idx["decided_mode"])
}
END {
	split("scan_per_reclaim ia_scan_per_reclaim if_scan_per_reclaim anon_scanned anon_scanned_file_reclaimable pswpout pswpin refault_anon refault_file pages_per_s p99_us decided_anon_permille", metrics, " ")
	printf "workload,swappiness,policy,runs,oom_runs"
	for (m = 1; m in metrics; m++) printf ",%s", metrics[m]
	printf ",decided_mode"
	split("vm_scan_per_steal pgscan_anon pgscan_file iowait_ms io_some_ms", more, " ")
	for (m = 1; m in more; m++) printf ",%s", more[m]
	split("pages_per_s p99_us refault_anon refault_file pswpout io_some_ms", ranged, " ")
	for (m = 1; m in ranged; m++) printf ",%s_min,%s_max", ranged[m], ranged[m]
	printf "\n"
	for (c = 1; c <= cells; c++) {
		key = order[c]
		printf "%s,%d,%d", key, runs[key], oom[key]
		for (m = 1; m in metrics; m++) cell(median_list(vals[key, metrics[m]]))
		printf ",%s", mode_list(modes[key])
		for (m = 1; m in more; m++) cell(median_list(vals[key, more[m]]))
		for (m = 1; m in ranged; m++) {
			cell(min_list(vals[key, ranged[m]]))
			cell(max_list(vals[key, ranged[m]]))
		}
		printf "\n"
	}
}
function cell(v) {
	if (v == "") printf ","
	else if (v == int(v)) printf ",%d", v
	else printf ",%.3g", v
}
