#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The policy benchmark's arithmetic, on made-up inputs whose answers are
# worked out by hand: policy-trace.jq (the guest's one pass over `lrutrace
# stat --json` lines), policy-runs.awk (the host's join of runs and
# intervals), and policy-cells.awk (medians per cell).  The guest part is run by make bench.
. "$(dirname "$0")/../lib/tap.sh"
cd "$TAP_TOP" || exit 1
bench=tests/bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Three intervals of memcg 5 (and noise from memcg 6): file reclaimed in the
# first only; the second has no reclaim of memcg 5 at all.
cat >"$tmp/trace.jsonl" <<'EOF'
{"ts":10.5,"lists":[{"nid":0,"memcg_id":5,"lru":"inactive_file","scanned":100,"reclaimed":90},{"nid":0,"memcg_id":5,"lru":"inactive_anon","scanned":20,"reclaimed":1},{"nid":0,"memcg_id":6,"lru":"inactive_anon","scanned":7,"reclaimed":7}],"balance":[{"nid":0,"memcg_id":5,"anon_permille":150,"mode":"file","forced_by":"cache_trim"},{"nid":0,"memcg_id":6,"anon_permille":999,"mode":"fract","forced_by":"none"}]}
{"ts":11.0,"lists":[{"nid":0,"memcg_id":6,"lru":"active_file","scanned":3,"reclaimed":0}],"balance":[{"nid":0,"memcg_id":5,"anon_permille":150,"mode":"file","forced_by":"cache_trim"}]}
{"ts":11.5,"lists":[{"nid":0,"memcg_id":5,"lru":"active_anon","scanned":30,"reclaimed":0},{"nid":1,"memcg_id":5,"lru":"inactive_anon","scanned":10,"reclaimed":4}],"balance":[{"nid":0,"memcg_id":5,"anon_permille":400,"mode":"file","forced_by":"cache_trim"}]}
{"ts":12.0,"lists":[],"balance":[],"mglru":[{"nid":0,"memcg_id":8,"type":"anon","scanned":40,"reclaimed":10,"evictions":2},{"nid":1,"memcg_id":8,"type":"file","scanned":60,"reclaimed":55,"evictions":3},{"nid":0,"memcg_id":6,"type":"file","scanned":0,"reclaimed":0,"evictions":1}]}
EOF
# lrutrace of series v2 names the pair decided_anon_permille; v1's
# anon_permille is still read.  (The bench read only v1's name and lost
# every decided share once lrutrace moved to v2.)
v2=$(jq -c '.balance[0] |= (.decided_anon_permille = .anon_permille | del(.anon_permille))' <<<"$(head -1 "$tmp/trace.jsonl")" |
	jq -r -f $bench/policy-trace.jq | head -1)
is "$v2" "iv,5,10.5,20,0,100,0,1,0,90,0,150,file/cache_trim" "policy-trace.jq: the v2 decided share"
# The guest reduces the trace in one pass; the host joins it with the runs.
jq -r -f $bench/policy-trace.jq "$tmp/trace.jsonl" >"$tmp/iv.csv"
is "$(paste -sd' ' "$tmp/iv.csv")" \
	"iv,5,10.5,20,0,100,0,1,0,90,0,150,file/cache_trim iv,6,10.5,7,0,0,0,7,0,0,0,999,fract iv,6,11,0,0,0,3,0,0,0,0,, iv,5,11.5,10,30,0,0,4,0,0,0,400,file/cache_trim mg,8,12,40,60,10,55,5" \
	"policy-trace.jq: one line per interval and memcg with reclaim, nodes summed; MGLRU's per type"
{
	echo "run,5,a,60,cost,1,ok,5.1,1000,20000,0,0,0,0,3,4,5,6,120,3000,2000"
	echo "run,7,a,60,rotation,1,ok,5.2,1100,21000,0,0,0,0,3,4,5,6,130,,"
	echo "run,8,a,60,mglru,1,ok,5.0,1200,18000,40,60,10,55,0,0,5,9,40,4500,4000"
	cat "$tmp/iv.csv"
} >"$tmp/guest.out"
got=$(awk -f $bench/stats.awk -f $bench/policy-runs.awk "$tmp/guest.out")
# memcg 5: scanned ia,aa,if,af 30,30,100,0; reclaimed 5,0,90,0; anon scanned
# while file was reclaimed: 20 (interval 1 only); decided 150 and 400:
# median 275; mode file/cache_trim.  Memcg 7 had no reclaim: zeros, no share.
is "$(sed -n 1p <<<"$got")" "5,a,60,cost,1,ok,5.1,1000,20000,0,0,0,0,3,4,5,6,120,3000,2000,30,30,100,0,5,0,90,0,20,275,file/cache_trim,0,0,0,0,0" \
	"policy-runs.awk: a run's columns, then its memcg's sums"
is "$(sed -n 2p <<<"$got")" "7,a,60,rotation,1,ok,5.2,1100,21000,0,0,0,0,3,4,5,6,130,,,0,0,0,0,0,0,0,0,0,,,0,0,0,0,0" \
	"a run whose memcg never reclaimed: zeros and no decided share"
is "$(sed -n 3p <<<"$got")" "8,a,60,mglru,1,ok,5.0,1200,18000,40,60,10,55,0,0,5,9,40,4500,4000,0,0,0,0,0,0,0,0,0,,,40,60,10,55,5" \
	"an MGLRU run: no list figures, lrutrace's per-type pages and evictions (memcg 8, nodes summed)"
got=$(awk -v series=1 -f $bench/stats.awk -f $bench/policy-runs.awk "$tmp/guest.out" | paste -sd' ')
# anon share scanned: 20/120 = 166 per mille, then 40/40 = 1000.
is "$got" "5,0.0,150,166 5,1.0,400,1000" "series: per interval, seconds from the run's first reclaim"

header=$(sed -n 's/^echo "\(run_id,workload,[^"]*\)" >"\$runs_csv"$/\1/p' $bench/policy)
like "$header" '^run_id,workload,swappiness,policy,pair,status,' "the runs header is found in tests/bench/policy"
is "$(tr ',' '\n' <<<"$header" | wc -l)" 36 "it names 36 columns: 7 + 2 + 8 vmstat + 3 I/O + 11 from the trace + 5 MGLRU"
# Two runs per policy; one cost run was OOM-killed.
{
	echo "$header"
	echo "10,a,60,cost,1,ok,5.1,1000,20000,0,0,0,0,3,4,5,6,10,1500,1000,100,10,1000,100,50,0,900,0,30,120,fract,0,0,0,0,0"
	echo "11,a,60,rotation,1,ok,5.2,1100,21000,0,0,0,0,3,4,5,6,20,2500,2000,200,10,1000,100,50,0,900,0,60,300,file/cache_trim,0,0,0,0,0"
	echo "12,a,60,rotation,2,ok,5.3,1300,23000,0,0,0,0,1,2,5,6,30,3500,3000,400,10,1000,100,50,0,900,0,60,500,file/cache_trim,0,0,0,0,0"
	echo "13,a,60,cost,2,oom,,,,0,0,0,0,3,4,5,6,,,,100,10,1000,100,50,0,900,0,30,,anon/no_swap,0,0,0,0,0"
	echo "14,a,60,mglru,1,ok,5.0,1200,18000,300,700,200,300,7,8,5,9,40,4500,4000,0,0,0,0,0,0,0,0,0,,,300,700,200,300,9"
} >"$tmp/runs.csv"
awk -F, -f $bench/stats.awk -f $bench/policy-cells.awk "$tmp/runs.csv" >"$tmp/cells.csv"
is "$(head -1 "$tmp/cells.csv" | cut -d, -f1-7)" "workload,swappiness,policy,runs,oom_runs,scan_per_reclaim,ia_scan_per_reclaim" \
	"cells header"
# cost: the one finished run: (100+10+1000+100)/(50+900) = 1.27, 100/50 = 2.
is "$(sed -n 2p "$tmp/cells.csv" | cut -d, -f1-8)" "a,60,cost,2,1,1.27,2,1.11" "cost cell: the OOM run counts only as oom"
# rotation: scan_per_reclaim of 1310/950 and 1510/950, median 1.48;
# inactive_anon 4 and 8, median 6; p99 21 and 23 us, median 22.
row=$(sed -n 3p "$tmp/cells.csv")
is "$(cut -d, -f1-8 <<<"$row")" "a,60,rotation,2,0,1.48,6,1.11" "rotation cell: medians of two runs"
is "$(cut -d, -f16 <<<"$row")" 22 "p99 in microseconds, median"
is "$(cut -d, -f17 <<<"$row")" 400 "decided anon share, median"
is "$(cut -d, -f11,12 <<<"$row")" "3,2" "swap-outs 4 and 2, swap-ins 3 and 1: medians 3 and 2"
is "$(cut -d, -f18 <<<"$row")" "file/cache_trim" "the cell's most frequent decision mode"
is "$(sed -n 2p "$tmp/cells.csv" | cut -d, -f18)" "fract" "an OOM run's mode is not counted"

# After decided_mode: pgscan per pgsteal, pgscan anon and file, iowait,
# io some (ms), then the lowest and highest run of pages/s, p99, refaults
# anon and file, swap-outs and io some.
head=$(head -1 "$tmp/cells.csv")
is "$(cut -d, -f19-26 <<<"$head")" "vm_scan_per_steal,pgscan_anon,pgscan_file,iowait_ms,io_some_ms,pages_per_s_min,pages_per_s_max,p99_us_min" \
	"the contender-neutral figures and the ranges follow decided_mode"
is "$(cut -d, -f22,23,24,25 <<<"$row")" "25,3,1100,1300" "rotation: iowait median 25 ms, io some 3 ms, pages/s 1100-1300"
is "$(cut -d, -f26,27 <<<"$row")" "21,23" "p99 range 21-23 us"
# MGLRU: vmstat figures, no per-list ones (the classic lists are bypassed).
mg=$(grep '^a,60,mglru,' "$tmp/cells.csv")
is "$(cut -d, -f6-10 <<<"$mg")" ",,,," "mglru: no per-list trace figures, empty rather than zero"
is "$(cut -d, -f11,19,20 <<<"$mg")" "8,2,300" "mglru: swap-outs, pgscan/pgsteal (1000/500), pgscan anon"

# Pair ratios: cost/rotation has one finished pair (pair 2's cost OOMed):
# UNRESOLVED; ratios are A's run over B's run of the same pair.
awk -f $bench/stats.awk -f $bench/policy-pairs.awk "$tmp/runs.csv" >"$tmp/pairs.csv"
is "$(grep '^a,60,p99_us,cost,rotation,' "$tmp/pairs.csv")" "a,60,p99_us,cost,rotation,1,0.952,0.952,0.952,UNRESOLVED" \
	"one pair: a ratio, but UNRESOLVED"
is "$(grep '^a,60,pages_per_s,mglru,cost,' "$tmp/pairs.csv")" "a,60,pages_per_s,mglru,cost,1,1.200,1.200,1.200,UNRESOLVED" \
	"mglru against cost, pair 1"
# Three pairs that agree, then three that do not.
{
	echo "$header"
	for p in 1 2 3; do
		echo "$p,d,60,cost,$p,ok,5,1000,$((500 + p)),0,0,0,0,0,0,0,0,,,,0,0,0,0,0,0,0,0,0,,"
		echo "$((p + 10)),d,60,rotation,$p,ok,5,$((900 + 100 * p)),1000,0,0,0,0,0,0,0,0,,,,0,0,0,0,0,0,0,0,0,,"
	done
} >"$tmp/agree.csv"
awk -f $bench/stats.awk -f $bench/policy-pairs.awk "$tmp/agree.csv" >"$tmp/pairs.csv"
is "$(grep '^d,60,p99_us,' "$tmp/pairs.csv")" "d,60,p99_us,cost,rotation,3,0.502,0.501,0.503,lower" \
	"every pair's p99 lower under cost: lower"
is "$(grep '^d,60,pages_per_s,' "$tmp/pairs.csv")" "d,60,pages_per_s,cost,rotation,3,0.909,0.833,1.000,UNRESOLVED" \
	"a ratio of 1 in one pair: the spread swallows it"

done_testing
