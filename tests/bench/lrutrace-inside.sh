#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest for tests/bench/lrutrace-overhead: BENCH_PAIRS
# rounds of the same reclaim workload with no tracer, with lrutrace stat
# attached, and with a bpftrace script doing the same per-list sums on the
# same tracepoint; the order rotates each round.  Prints CSV lines
# "round,tracer,elapsed_s", and after each traced run the bpf_stats of the
# tracer's programs as "bpf,round,tracer,program,run_time_ns,run_cnt".
top=$(cd "$(dirname "$0")/../.." && pwd)
lruload="$top/tools/lruload/build/lruload"
lrutrace="$top/tools/lrutrace/build/lrutrace"
rounds=${1:-5}
mkdir -p /var/tmp/splitlru
# Create the stream file first so that no round pays for writing it.
"$lruload" stream --size 640M --passes 1 >/dev/null

workload() {
	"$lruload" mix --anon 64M --stream 640M --passes 1 --seed 7 --cold |
		jq -r 'select(.type == "final") | .elapsed_s'
}

start_tracer() {
	case "$1" in
	none) tracer_pid= ;;
	lrutrace) "$lrutrace" stat 3600 >/dev/null 2>&1 & tracer_pid=$! ;;
	bpftrace) bpftrace -e 'tracepoint:vmscan:mm_vmscan_lru_shrink {
			@scanned[args->nid, args->lru] = sum(args->nr_scanned);
			@reclaimed[args->nid, args->lru] = sum(args->nr_reclaimed); }' \
			>/dev/null 2>&1 & tracer_pid=$! ;;
	esac
	# attaching takes seconds under TCG: wait until the programs are in
	[ -n "$tracer_pid" ] && sleep 6
}

# BPF's own cost, a count rather than a wall time (issue 17): with
# bpf_stats on, the kernel adds each program's run time and run count.
# bpf_cost ROUND TRACER prints "bpf,ROUND,TRACER,PROG,run_time_ns,run_cnt"
# for every program loaded since the tracer started (not in $base_ids).
sysctl -qw kernel.bpf_stats_enabled=1
prog_ids() { bpftool prog show -j | jq -c '[.[].id]'; }
bpf_cost() {
	bpftool prog show -j | jq -r --argjson base "$base_ids" --arg r "$1" --arg t "$2" \
		'.[] | select(.id as $i | $base | index($i) | not) |
		 "bpf,\($r),\($t),\(.name // "-"),\(.run_time_ns // 0),\(.run_cnt // 0)"'
}

stop_tracer() {
	[ -n "$tracer_pid" ] || return 0
	kill -INT "$tracer_pid" 2>/dev/null
	wait "$tracer_pid" 2>/dev/null
}

order=(none lrutrace bpftrace)
for ((r = 1; r <= rounds; r++)); do
	for ((k = 0; k < 3; k++)); do
		t=${order[(r + k) % 3]}
		base_ids=$(prog_ids)
		start_tracer "$t"
		echo "$r,$t,$(workload)"
		[ "$t" = none ] || bpf_cost "$r" "$t"
		stop_tracer
	done
done
