#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest for tests/bench/lrutrace-overhead: BENCH_PAIRS
# rounds of the same reclaim workload with no tracer, with lrutrace stat
# attached, and with a bpftrace script doing the same per-list sums on the
# same tracepoint, with lrutrace on the stock-fentry source, and with
# lrutrace and bpftrace at once (for the ns per event of both programs on
# the same events); the order rotates each round.  Prints CSV lines
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

# start_one NAME LOG: one tracer in the background, its pid appended to
# tracer_pids; returns once its programs are attached (at most 120 s:
# loading takes seconds under TCG, fentry's the longest).
start_one() {
	local log=$2 pid i
	: >"$log"
	case "$1" in
	lrutrace) "$lrutrace" stat 3600 >/dev/null 2>"$log" & pid=$! ;;
	fentry) "$lrutrace" stat --source stock-fentry 3600 >/dev/null 2>"$log" & pid=$! ;;
	bpftrace) bpftrace -e 'tracepoint:vmscan:mm_vmscan_lru_shrink {
			@scanned[args->nid, args->lru] = sum(args->nr_scanned);
			@reclaimed[args->nid, args->lru] = sum(args->nr_reclaimed); }' \
			>"$log" 2>&1 & pid=$! ;;
	esac
	tracer_pids+=("$pid")
	for ((i = 0; i < 240; i++)); do
		grep -qE '^(lrutrace: tracing|Attaching)' "$log" && return 0
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.5
	done
	echo "lrutrace-inside: $1 did not attach: $(head -c 300 "$log")" >&2
	return 1
}

# start_tracer NAME [ROUND]: none, lrutrace (the series' tracepoints),
# fentry (lrutrace on the stock-fentry source, which any 6.1 kernel with
# BTF has), bpftrace, or both: lrutrace and bpftrace attached at once, so
# that their programs run on the very same events side by side (the one
# that attaches first runs first; the order alternates with the round).
start_tracer() {
	local dir=/var/tmp/splitlru
	tracer_pids=()
	case "$1" in
	none) return 0 ;;
	both)
		if (($2 % 2)); then
			start_one lrutrace "$dir/tracer.log" && start_one bpftrace "$dir/tracer2.log"
		else
			start_one bpftrace "$dir/tracer2.log" && start_one lrutrace "$dir/tracer.log"
		fi ;;
	*) start_one "$1" "$dir/tracer.log" ;;
	esac
}

# BPF's own cost, a count rather than a wall time (issue 17): with
# bpf_stats on, the kernel adds each program's run time and run count.
# bpf_cost ROUND TRACER prints "bpf,ROUND,TRACER,PROG,run_time_ns,run_cnt"
# for every program loaded since the tracer started (not in $base_ids).
sysctl -qw kernel.bpf_stats_enabled=1
prog_ids() { bpftool prog show -j | jq -c '[.[].id]'; }
# Under "both", bpftrace's programs (type tracepoint) are "both-bpftrace"
# and lrutrace's "both-lrutrace".
bpf_cost() {
	bpftool prog show -j | jq -r --argjson base "$base_ids" --arg r "$1" --arg t "$2" \
		'.[] | select(.id as $i | $base | index($i) | not) |
		 (if $t != "both" then $t elif .type == "tracepoint" then "both-bpftrace"
		  else "both-lrutrace" end) as $who |
		 "bpf,\($r),\($who),\(.name // "-"),\(.run_time_ns // 0),\(.run_cnt // 0)"'
}

stop_tracer() {
	local pid
	for pid in "${tracer_pids[@]}"; do
		kill -INT "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	done
	tracer_pids=()
}

order=(none lrutrace bpftrace fentry both)
for ((r = 1; r <= rounds; r++)); do
	for ((k = 0; k < ${#order[@]}; k++)); do
		t=${order[(r + k) % ${#order[@]}]}
		base_ids=$(prog_ids)
		start_tracer "$t" "$r" || { stop_tracer; continue; }
		echo "$r,$t,$(workload)"
		[ "$t" = none ] || bpf_cost "$r" "$t"
		stop_tracer
	done
done
