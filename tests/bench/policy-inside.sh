#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# policy-inside.sh PAIRS [WORKLOADS [SWAPPINESS [CONTENDERS]]]: the policy
# experiment, inside the guest, for tests/bench/policy.
#
# For each swappiness and workload, PAIRS pairs of runs of the same lruload
# sequence, one under vm.lru_scan_balance=cost and one under =rotation, the
# order alternating per pair (ABBA) so that drift in the guest cancels.
# CONTENDERS "cost rotation mglru" adds a third run per pair with MGLRU
# enabled (/sys/kernel/mm/lru_gen/enabled), in the order cost rotation
# mglru, then mglru rotation cost: the classic runs have it off.
# Each run gets a fresh memory cgroup of $limit (cgroup v2 memcgs use
# vm.swappiness itself): its cgroup id tells its events apart in the one
# `lrutrace stat --json` that runs throughout, and nothing charged to an
# earlier run's memcg is reclaimed on its account.
#
# Prints CSV lines on stdout, for the host:
#   run,ID,workload,swappiness,policy,pair,status,elapsed_s,pages_per_s,p99_ns,
#       pgscan_anon,pgscan_file,pgsteal_anon,pgsteal_file,pswpin,pswpout,
#       refault_anon,refault_file,iowait_ms,io_some_us,io_full_us
# iowait_ms is the /proc/stat iowait delta of all CPUs; io_some_us and
# io_full_us are the run's memcg's io.pressure totals (PSI), so I/O stalls
# of that memcg alone.
#   iv,ID,...   per interval and memcg with reclaim (policy-trace.jq)
#   mg,ID,...   the same for MGLRU's evictions, per page type
# status is "ok", or "oom" when the memcg OOM-killed the workload.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
lruload="$top/tools/lruload/build/lruload"
lrutrace="$top/tools/lrutrace/build/lrutrace"
pairs=${1:-5}
workloads=${2:-a b c}
swappinesses=${3:-0 60 100 200}
contenders=${4:-cost rotation}
work=/var/tmp/splitlru
# Workload d's file set lives on qemu-run's --data-disk, slow storage.
data=/mnt/data
lru_gen=/sys/kernel/mm/lru_gen/enabled
cgroot=/sys/fs/cgroup
trace=$work/policy-trace.jsonl
limit=96M

mkdir -p "$work"
say() { echo "policy-inside: $*" >&2; }

# The three workloads of issue 7, sized for a memcg of $limit:
#  a: anon working set + a file stream larger than the memcg;
#  b: anon working set + a hot file working set, together over the limit;
#  c: an anon working set over the limit, into swap;
#  d: an anon set written once and then cold, beside a file set re-read
#     from slow storage (issue 17): together over the limit, the file set
#     alone within it, so the right choice is to swap the cold anon out.
workload_args() {
	case "$1" in
	a) echo mix --anon 48M --stream 384M --passes 1 --dir "$work" ;;
	b) echo mix --anon 48M --fileset 72M --passes 5 --dir "$work" ;;
	c) echo anon --size 144M --passes 3 --dir "$work" ;;
	d) echo mix --anon 48M --anon-passes 1 --fileset 64M --passes 4 --dir "$data" ;;
	# d:N, d with N passes: time for reclaim to lap the cold anon list
	d:[1-9]*) echo mix --anon 48M --anon-passes 1 --fileset 64M --passes "${1#d:}" --dir "$data" ;;
	esac
}

total=$(($(wc -w <<<"$swappinesses") * $(wc -w <<<"$workloads") * pairs * $(wc -w <<<"$contenders")))

# Write the files once, so that no run pays for creating them.
if ! "$lruload" stream --size 384M --passes 1 --dir "$work" >/dev/null ||
	! "$lruload" fileset --size 72M --passes 1 --dir "$work" >/dev/null; then
	say "cannot create the workload files"
	exit 1
fi
if [[ " $workloads " == *" d"[\ :]* ]]; then
	mountpoint -q "$data" || { say "workload d needs qemu-run --data-disk (no $data)"; exit 1; }
	"$lruload" fileset --size 64M --passes 1 --dir "$data" >/dev/null ||
		{ say "cannot create workload d's file set in $data"; exit 1; }
fi
if [[ " $contenders " == *" mglru "* ]] && [ ! -w "$lru_gen" ]; then
	say "mglru: this kernel has no $lru_gen"
	exit 1
fi

# lrutrace loads its MGLRU programs only when MGLRU is on as it starts
# (the series source): with MGLRU among the contenders, start it so; each
# run sets lru_gen for itself.
if [[ " $contenders " == *" mglru "* ]]; then
	echo y >"$lru_gen"
fi
"$lrutrace" stat 0.5 --json >"$trace" 2>"$work/policy-trace.err" &
tracer=$!
trap 'kill -INT $tracer 2>/dev/null' EXIT
# Attaching takes seconds under TCG; the first interval line means traced.
for ((i = 0; i < 120; i++)); do [ -s "$trace" ] && break; sleep 0.5; done
[ -s "$trace" ] || { say "lrutrace did not start: $(cat "$work/policy-trace.err")"; exit 1; }

vmstat_keys='pgscan_anon pgscan_file pgsteal_anon pgsteal_file pswpin pswpout workingset_refault_anon workingset_refault_file'
vmstat_snapshot() {
	awk -v keys="$vmstat_keys" 'BEGIN { n = split(keys, k); for (i = 1; i <= n; i++) want[k[i]] = i }
		$1 in want { v[want[$1]] = $2 } END { for (i = 1; i <= n; i++) printf "%s%s", v[i] + 0, i < n ? " " : "\n" }' /proc/vmstat
}

# iowait in ms (USER_HZ is 100 on x86), all CPUs: the 6th field of "cpu".
iowait_ms() { awk '$1 == "cpu" { print $6 * 10; exit }' /proc/stat; }
# io_pressure CGROUP: "SOME_US,FULL_US", the memcg's io.pressure totals.
io_pressure() {
	awk '{ for (i = 2; i <= NF; i++) if ($i ~ /^total=/) t[$1] = substr($i, 7) }
		END { printf "%s,%s", t["some"], t["full"] }' "$1/io.pressure" 2>/dev/null
}

run=0
# run_one POLICY SWAPPINESS WORKLOAD PAIR: one run, one CSV line.  POLICY
# mglru is MGLRU on (the classic sysctl then decides nothing; it is left
# at cost); cost and rotation run with MGLRU off.
run_one() {
	local policy=$1 swappiness=$2 wl=$3 pair=$4 cg id before after status iowait pressure
	run=$((run + 1))
	if [ -w "$lru_gen" ]; then
		{ [ "$policy" = mglru ] && echo y || echo n; } >"$lru_gen" ||
			{ say "cannot switch MGLRU for $policy"; exit 1; }
	fi
	sysctl -q -w vm.lru_scan_balance="${policy/mglru/cost}" vm.swappiness="$swappiness" ||
		{ say "cannot set the sysctls"; exit 1; }
	cg=policy-$run
	if ! mkdir "$cgroot/$cg" || ! echo "$limit" >"$cgroot/$cg/memory.max" ||
		! echo max >"$cgroot/$cg/memory.swap.max"; then
		say "cannot make memcg $cg"
		exit 1
	fi
	id=$(stat -c %i "$cgroot/$cg")
	before=$(vmstat_snapshot)
	iowait=$(iowait_ms)
	# shellcheck disable=SC2046 # the arguments are words
	# (in a subshell, so that an OOM kill is not announced on the console)
	("$lruload" $(workload_args "$wl") --seed 7 --cold --memcg "$cg" \
		>"$work/report.json"; :) 2>/dev/null
	after=$(vmstat_snapshot)
	iowait=$(($(iowait_ms) - iowait))
	pressure=$(io_pressure "$cgroot/$cg")
	status=ok
	[ "$(awk '$1 == "oom_kill" { print $2 }' "$cgroot/$cg/memory.events")" = 0 ] || status=oom
	# Drop what the run left in the page cache (charged to a dying memcg)
	# so that every run starts from the same state.
	echo 3 >/proc/sys/vm/drop_caches
	rmdir "$cgroot/$cg" 2>/dev/null || say "memcg $cg is still busy"
	echo "run,$id,$wl,$swappiness,$policy,$pair,$status,$(final_figures),$(vmstat_delta "$before" "$after"),$iowait,${pressure:-,}" \
		>"$work/run-$run.csv"
	say "run $run/$total: $policy, swappiness $swappiness, workload $wl, pair $pair: $status"
}

# final_figures: elapsed_s,pages_per_s,p99_ns from lruload's final report
# (empty when it was killed before writing one).
final_figures() {
	jq -r 'select(.type == "final") | [.elapsed_s, .pages_per_s, .latency_ns.p99] | map(tostring) | join(",")' \
		"$work/report.json" 2>/dev/null | grep . || echo ",,"
}

# vmstat_delta BEFORE AFTER: the differences of two snapshots, as CSV.
vmstat_delta() {
	awk -v a="$1" -v b="$2" 'BEGIN { n = split(a, x, " "); split(b, y, " ")
		for (i = 1; i <= n; i++) printf "%s%d", (i > 1 ? "," : ""), y[i] - x[i] }'
}

say "$total runs: swappiness {$swappinesses} x workload {$workloads} x $pairs pairs x {$contenders}"
reversed=$(tr ' ' '\n' <<<"$contenders" | tac | paste -sd' ')
for swappiness in $swappinesses; do
	for wl in $workloads; do
		for ((pair = 1; pair <= pairs; pair++)); do
			if ((pair % 2)); then order=$contenders; else order=$reversed; fi
			for policy in $order; do run_one "$policy" "$swappiness" "$wl" "$pair"; done
		done
	done
done
[ -w "$lru_gen" ] && echo n >"$lru_gen"

# One more interval so the last run's counts are in the trace, then stop.
sleep 1.5
if ! kill -0 "$tracer" 2>/dev/null; then
	say "lrutrace stopped before the runs ended: $(cat "$work/policy-trace.err")"
	exit 1
fi
kill -INT "$tracer"; wait "$tracer"
trap - EXIT

# The runs, then the trace reduced to the intervals in which a memcg
# reclaimed; tests/bench/policy joins them by memcg id on the host.
for ((r = 1; r <= run; r++)); do cat "$work/run-$r.csv"; done
say "reducing the trace ($(wc -l <"$trace") intervals)"
jq -r -f "$top/tests/bench/policy-trace.jq" "$trace"
