#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# policy-inside.sh PAIRS [WORKLOADS [SWAPPINESS]]: the policy experiment,
# inside the guest, for tests/bench/policy.
#
# For each swappiness and workload, PAIRS pairs of runs of the same lruload
# sequence, one under vm.lru_scan_balance=cost and one under =rotation, the
# order alternating per pair (ABBA) so that drift in the guest cancels.
# Each run gets a fresh memory cgroup of $limit (cgroup v2 memcgs use
# vm.swappiness itself): its cgroup id tells its events apart in the one
# `lrutrace stat --json` that runs throughout, and nothing charged to an
# earlier run's memcg is reclaimed on its account.
#
# Prints CSV lines on stdout, for the host:
#   run,ID,workload,swappiness,policy,pair,status,elapsed_s,pages_per_s,p99_ns,
#       pgscan_anon,pgscan_file,pgsteal_anon,pgsteal_file,pswpin,pswpout,
#       refault_anon,refault_file
#   iv,ID,...   per interval and memcg with reclaim (policy-trace.jq)
# status is "ok", or "oom" when the memcg OOM-killed the workload.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
lruload="$top/tools/lruload/build/lruload"
lrutrace="$top/tools/lrutrace/build/lrutrace"
pairs=${1:-5}
workloads=${2:-a b c}
swappinesses=${3:-0 60 100 200}
work=/var/tmp/splitlru
cgroot=/sys/fs/cgroup
trace=$work/policy-trace.jsonl
limit=96M

mkdir -p "$work"
say() { echo "policy-inside: $*" >&2; }

# The three workloads of issue 7, sized for a memcg of $limit:
#  a: anon working set + a file stream larger than the memcg;
#  b: anon working set + a hot file working set, together over the limit;
#  c: an anon working set over the limit, into swap.
workload_args() {
	case "$1" in
	a) echo mix --anon 48M --stream 384M --passes 1 ;;
	b) echo mix --anon 48M --fileset 72M --passes 5 ;;
	c) echo anon --size 144M --passes 3 ;;
	esac
}

total=$(($(wc -w <<<"$swappinesses") * $(wc -w <<<"$workloads") * pairs * 2))

# Write the files once, so that no run pays for creating them.
if ! "$lruload" stream --size 384M --passes 1 --dir "$work" >/dev/null ||
	! "$lruload" fileset --size 72M --passes 1 --dir "$work" >/dev/null; then
	say "cannot create the workload files"
	exit 1
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

run=0
# run_one POLICY SWAPPINESS WORKLOAD PAIR: one run, one CSV line.
run_one() {
	local policy=$1 swappiness=$2 wl=$3 pair=$4 cg id before after status
	run=$((run + 1))
	sysctl -q -w vm.lru_scan_balance="$policy" vm.swappiness="$swappiness" ||
		{ say "cannot set the sysctls"; exit 1; }
	cg=policy-$run
	if ! mkdir "$cgroot/$cg" || ! echo "$limit" >"$cgroot/$cg/memory.max" ||
		! echo max >"$cgroot/$cg/memory.swap.max"; then
		say "cannot make memcg $cg"
		exit 1
	fi
	id=$(stat -c %i "$cgroot/$cg")
	before=$(vmstat_snapshot)
	# shellcheck disable=SC2046 # the arguments are words
	# (in a subshell, so that an OOM kill is not announced on the console)
	("$lruload" $(workload_args "$wl") --seed 7 --cold --dir "$work" --memcg "$cg" \
		>"$work/report.json"; :) 2>/dev/null
	after=$(vmstat_snapshot)
	status=ok
	[ "$(awk '$1 == "oom_kill" { print $2 }' "$cgroot/$cg/memory.events")" = 0 ] || status=oom
	# Drop what the run left in the page cache (charged to a dying memcg)
	# so that every run starts from the same state.
	echo 3 >/proc/sys/vm/drop_caches
	rmdir "$cgroot/$cg" 2>/dev/null || say "memcg $cg is still busy"
	echo "run,$id,$wl,$swappiness,$policy,$pair,$status,$(final_figures),$(vmstat_delta "$before" "$after")" \
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

say "$total runs: swappiness {$swappinesses} x workload {$workloads} x $pairs pairs x {cost, rotation}"
for swappiness in $swappinesses; do
	for wl in $workloads; do
		for ((pair = 1; pair <= pairs; pair++)); do
			if ((pair % 2)); then order="cost rotation"; else order="rotation cost"; fi
			for policy in $order; do run_one "$policy" "$swappiness" "$wl" "$pair"; done
		done
	done
done

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
