#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest for tests/bench/lrutrace-overhead: BENCH_PAIRS
# rounds of the same reclaim workload with no tracer, with lrutrace stat
# attached, and with a bpftrace script doing the same per-list sums on the
# same tracepoint; the order rotates each round.  Prints CSV lines
# "round,tracer,elapsed_s" and, at the end, lrutrace's own BPF cost.
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

stop_tracer() {
	[ -n "$tracer_pid" ] || return 0
	kill -INT "$tracer_pid" 2>/dev/null
	wait "$tracer_pid" 2>/dev/null
}

order=(none lrutrace bpftrace)
for ((r = 1; r <= rounds; r++)); do
	for ((k = 0; k < 3; k++)); do
		t=${order[(r + k) % 3]}
		start_tracer "$t"
		echo "$r,$t,$(workload)"
		stop_tracer
	done
done
