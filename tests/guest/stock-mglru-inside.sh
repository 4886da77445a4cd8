#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest (tests/guest/stock-mglru.t, stock-distro.t): with
# MGLRU on, the MGLRU programs' per-type totals equal /proc/vmstat's
# pgscan/pgsteal deltas (6.1 counts pgscan as pages isolated), on the
# stock-fentry source and, where the kernel has it, beside the series.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/kernel-lib.sh"
check=$TAP_TOP/bpf/tests/build/stockcheck
py=$TAP_TOP/tests/guest/stock-check.py
work=$(mktemp -d /tmp/mglru.XXXXXX)

[ -x "$check" ] || { fail "bpf/tests/build/stockcheck is built"; done_testing; }
if [ ! -e /sys/kernel/mm/lru_gen/enabled ]; then
	skip "MGLRU" "kernel without CONFIG_LRU_GEN"
	done_testing
fi
echo y >/sys/kernel/mm/lru_gen/enabled
like "$(cat /sys/kernel/mm/lru_gen/enabled)" '^0x0*[1-7]' "MGLRU is on"

series=0
[ -e /sys/kernel/tracing/events/vmscan/mm_vmscan_scan_balance ] && series=1
sources="--source stock-fentry"
[ "$series" = 1 ] && sources="--source series $sources"

# The series' own MGLRU events (kernel-patch/0006), where the kernel has
# them: bpftrace sums them over the same window, so that the fentry
# reconstruction is checked against the kernel's events, not only vmstat.
gen_events=0
[ -e /sys/kernel/tracing/events/vmscan/mm_vmscan_lru_gen_scan ] && gen_events=1
start_gen_trace() {
	bpftrace -e '
tracepoint:vmscan:mm_vmscan_lru_gen_scan { @isolated[args->type] = sum(args->nr_isolated); }
tracepoint:vmscan:mm_vmscan_lru_gen_evict { @reclaimed[args->type] = sum(args->nr_reclaimed); }
tracepoint:vmscan:mm_vmscan_lru_gen_type { @decisions = count(); @reason[args->reason] = count(); }
tracepoint:vmscan:mm_vmscan_lru_gen_age { @aged = count(); }' >"$work/gen.out" 2>"$work/gen.err" &
	gen_pid=$!
	for i in $(seq 240); do
		grep -q '^Attaching' "$work/gen.out" && return 0
		kill -0 "$gen_pid" 2>/dev/null || return 1
		sleep 0.5
	done
	return 1
}
gen_value() {	# MAP [KEY]: the value bpftrace printed, 0 when absent
	awk -v k="@$1${2:+[$2]}:" '$1 == k { v = $2 } END { print v + 0 }' "$work/gen.out"
}

make_file mglru-file 100
wait_quiet 60 || diag "reclaim did not settle before the window"
if [ "$gen_events" = 1 ]; then
	start_gen_trace || { fail "bpftrace attaches to the series' MGLRU events"; diag "$(cat "$work/gen.err")"; }
fi
"$check" --out "$work" --no-events $sources 2>"$work/err" &
pid=$!
for i in $(seq 240); do
	grep -q '^attached' "$work/err" && break
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.5
done
if ! grep -q '^attached' "$work/err"; then
	fail "stockcheck attaches $sources"
	diag "$(cat "$work/err")"
	done_testing
fi
pass "stockcheck attaches $sources with MGLRU on"
diag "$(grep -v '^attached' "$work/err")"
like "$(cat "$work/err")" 'MGLRU is enabled: reclaim bypasses the classic lists' \
	"the limits line says what MGLRU leaves"

sa0=$(vmstat pgscan_anon) sf0=$(vmstat pgscan_file) ra0=$(vmstat pgsteal_anon) rf0=$(vmstat pgsteal_file)
timeout 600 cat "$WORKDIR/mglru-file" >/dev/null
timeout 600 stress-ng --vm 1 --vm-bytes 380M --vm-keep --timeout 4 --quiet >/dev/null 2>&1
timeout 600 cat "$WORKDIR/mglru-file" >/dev/null
memcg_pressure mglru-test 64 96 mglru-file
wait_quiet 60 || diag "reclaim did not settle after the window"
sa1=$(vmstat pgscan_anon) sf1=$(vmstat pgscan_file) ra1=$(vmstat pgsteal_anon) rf1=$(vmstat pgsteal_file)
kill -INT "$pid"
wait "$pid"
is "$?" 0 "stockcheck exits 0 on SIGINT"
if [ "$gen_events" = 1 ]; then
	kill -INT "$gen_pid"
	wait "$gen_pid"
fi

want="$((sa1 - sa0)) $((sf1 - sf0)) $((ra1 - ra0)) $((rf1 - rf0))"
diag "vmstat deltas (pgscan_anon pgscan_file pgsteal_anon pgsteal_file): $want"
cmp_ok "$((sa1 - sa0 + sf1 - sf0))" -gt 1000 "the workload reclaimed under MGLRU"
for src in stock-fentry $([ "$series" = 1 ] && echo series); do
	read -r a f ra rf ev aging < <(python3 "$py" mglru "$work" "$src")
	diag "$src: MGLRU evictions $ev, aging steps $aging"
	is "$a $f $ra $rf" "$want" "$src: MGLRU per-type scanned/reclaimed == vmstat pgscan/pgsteal deltas"
	cmp_ok "${aging:-0}" -gt 0 "$src: aging steps counted"
	classic=$(python3 "$py" totals "$work" "$src")
	is "$classic" "0 0 0 0" "$src: the classic lists saw nothing"
	python3 "$py" cost "$work" "$src" | sed 's/^/cost /' | while IFS= read -r l; do diag "$l"; done
done
# The generations as mmstat reads them add up to each node's LRU lists
# (issue 13: within 1 %), read back to back while reclaim is quiet.
mmstat=$TAP_TOP/tools/mmstat/build/mmstat
for nd in /sys/devices/system/node/node[0-9]*; do
	n=${nd##*node}
	gens=$("$mmstat" -j lru_gen | jq --argjson n "$n" '[.lruvecs[] | select(.node == $n) | .gens[] | .anon + .file] | add')
	lists=$("$mmstat" -f csv node "$n" 'Active(anon)' 'Inactive(anon)' 'Active(file)' 'Inactive(file)' |
		awk -F, 'NR > 1 { s += $2 } END { print s / 4 }')
	d=$((gens > lists ? gens - lists : lists - gens))
	cmp_ok "$((100 * d))" -le "$lists" "node $n: mmstat lru_gen's generations hold $gens pages, its LRU lists $lists (within 1 %)"
done

# The proof: the kernel's own MGLRU events against vmstat and against the
# fentry reconstruction of the same window.
if [ "$gen_events" = 1 ]; then
	read -r a f ra rf ev aging < <(python3 "$py" mglru "$work" stock-fentry)
	got="$(gen_value isolated 0) $(gen_value isolated 1) $(gen_value reclaimed 0) $(gen_value reclaimed 1)"
	is "$got" "$want" "series MGLRU events: per-type nr_isolated/nr_reclaimed == vmstat pgscan/pgsteal deltas"
	is "$got" "$a $f $ra $rf" "... == the stock-fentry reconstruction, type by type"
	is "$(gen_value decisions)" "$ev" "one mm_vmscan_lru_gen_type per reconstructed eviction ($ev)"
	aged=$(gen_value aged)
	cmp_ok "$aged" -gt 0 "mm_vmscan_lru_gen_age fired ($aged increments)"
	cmp_ok "$aged" -le "${aging:-0}" "... no more than try_to_inc_max_seq calls ($aging: a call may find the work done)"
	diag "type reasons (0 swappiness0, 1 anon_older, 2 swappiness1, 3 swappiness200, 4 refaults):" \
		"$(grep '^@reason' "$work/gen.out" | tr '\n' ' ')"
else
	skip "series MGLRU events" "kernel without kernel-patch/0006"
fi
echo n >/sys/kernel/mm/lru_gen/enabled
rm -rf "$work"
done_testing
