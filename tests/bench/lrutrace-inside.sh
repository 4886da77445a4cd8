#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest for tests/bench/lrutrace-overhead: BENCH_PAIRS
# rounds of the same reclaim workload with no tracer, with lrutrace stat
# attached, and with a bpftrace script doing the same per-list sums on the
# same tracepoint, and with lrutrace on the stock-fentry source; the order
# rotates each round.  Prints CSV lines
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

# start_tracer NAME: none, lrutrace (the series' tracepoints), fentry
# (lrutrace on the stock-fentry source, which any 6.1 kernel with BTF has)
# or bpftrace; returns once its programs are attached (at most 120 s:
# loading takes seconds under TCG, fentry's the longest).
start_tracer() {
	local log=/var/tmp/splitlru/tracer.log i
	: >"$log"
	case "$1" in
	none) tracer_pid=; return 0 ;;
	lrutrace) "$lrutrace" stat 3600 >/dev/null 2>"$log" & tracer_pid=$! ;;
	fentry) "$lrutrace" stat --source stock-fentry 3600 >/dev/null 2>"$log" & tracer_pid=$! ;;
	bpftrace) bpftrace -e 'tracepoint:vmscan:mm_vmscan_lru_shrink {
			@scanned[args->nid, args->lru] = sum(args->nr_scanned);
			@reclaimed[args->nid, args->lru] = sum(args->nr_reclaimed); }' \
			>"$log" 2>&1 & tracer_pid=$! ;;
	esac
	for ((i = 0; i < 240; i++)); do
		grep -qE '^(lrutrace: tracing|Attaching)' "$log" && return 0
		kill -0 "$tracer_pid" 2>/dev/null || break
		sleep 0.5
	done
	echo "lrutrace-inside: $1 did not attach: $(head -c 300 "$log")" >&2
	return 1
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

order=(none lrutrace bpftrace fentry)
for ((r = 1; r <= rounds; r++)); do
	for ((k = 0; k < ${#order[@]}; k++)); do
		t=${order[(r + k) % ${#order[@]}]}
		base_ids=$(prog_ids)
		start_tracer "$t" || { stop_tracer; continue; }
		echo "$r,$t,$(workload)"
		[ "$t" = none ] || bpf_cost "$r" "$t"
		stop_tracer
	done
done
