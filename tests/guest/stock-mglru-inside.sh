#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest (tests/guest/stock-mglru.t, stock-distro.t): with
# MGLRU on, the MGLRU programs' per-type totals equal /proc/vmstat's
# pgscan/pgsteal deltas (6.1 counts pgscan as pages isolated), on the
# stock-fentry source and, where the kernel has it, beside the series.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/tools.sh"
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
	wait_started "$gen_pid" "$work/gen.out" '^Attaching'
}
gen_value() {	# MAP [KEY]: the value bpftrace printed, 0 when absent
	awk -v k="@$1${2:+[$2]}:" '$1 == k { v = $2 } END { print v + 0 }' "$work/gen.out"
}

# reclaim_window MEMCG TOOL: global and memcg reclaim of both types while
# TOOL samples, then quiet, and two more 1 s samples of the quiet memory.
reclaim_window() {
	timeout 600 cat "$WORKDIR/mglru-file" >/dev/null
	timeout 600 stress-ng --vm 1 --vm-bytes 380M --vm-keep --timeout 4 --quiet >/dev/null 2>&1
	memcg_pressure "$1" 64 96 mglru-file
	wait_quiet 60 || diag "reclaim did not settle after the $2 window"
	sleep 2.5
}

make_file mglru-file 100
wait_quiet 60 || diag "reclaim did not settle before the window"
if [ "$gen_events" = 1 ]; then
	start_gen_trace || { fail "bpftrace attaches to the series' MGLRU events"; diag "$(cat "$work/gen.err")"; }
fi
"$check" --out "$work" --no-events $sources 2>"$work/err" &
pid=$!
if ! wait_started "$pid" "$work/err" '^attached'; then
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
	is "$(python3 "$py" reads "$work" "$src")" "batched=true walk_batched=false differs=none" \
		"$src: MGLRU maps read in batches, the same as entry by entry"
	python3 "$py" cost "$work" "$src" | sed 's/^/cost /' | while IFS= read -r l; do diag "$l"; done
done
# The generations as mmstat reads them add up to each node's LRU lists
# (issue 13: within 1 %), read back to back while reclaim is quiet.
mmstat=$(tool_path mmstat)
check_tools mmstat splitlrutop
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

# ---- splitlrutop's generations view (issue 13) ----
# splitlrutop -b --json while the workload reclaims, recording as it goes:
# every frame of a node has the generations of /sys/kernel/debug/lru_gen,
# and the per-type rates of the MGLRU programs.  It starts in a quiet
# window and stops in one, so its counts must add up to vmstat's.
top=$(tool_path splitlrutop)
wait_quiet 60 || diag "reclaim did not settle before splitlrutop"
"$top" -b --json -d 1 -w "$work/top.rec" >"$work/top.json" 2>"$work/top.err" &
top_pid=$!
if ! wait_started "$top_pid" "$work/top.json"; then
	fail "splitlrutop -b --json prints a frame with MGLRU on"
	diag "$(cat "$work/top.err")"
else
	pass "splitlrutop -b --json prints a frame with MGLRU on"
	reclaim_window mglru-top splitlrutop
	kill -INT "$top_pid"
	wait "$top_pid"
	is "$?" 0 "splitlrutop exits 0 on SIGINT"
	[ -s "$work/top.err" ] && diag "splitlrutop: $(head -c 300 "$work/top.err")"
	last=$(tail -n 1 "$work/top.json")
	is "$(jq -r '.source_line | test("MGLRU is enabled")' <<<"$last")" true \
		"the source line says the classic lists are bypassed"
	# The last frame, reclaim quiet: per node, the generations' pages
	# against the node's LRU sizes of the same sample (kB / 4 = pages).
	while read -r n gens lists reason; do
		[ "$gens" = null ] && { fail "node $n: generations in the frame ($reason)"; continue; }
		d=$((gens > lists ? gens - lists : lists - gens))
		diag "node $n: generations $gens pages, Active+Inactive anon+file $lists pages"
		cmp_ok "$((100 * d))" -le "$lists" "node $n: splitlrutop's generations ($gens pages) within 1 % of its LRU lists ($lists)"
	done < <(jq -r '.nodes[] | [.node,
		(if .lru_gen then .lru_gen.pages.anon + .lru_gen.pages.file else "null" end),
		((."Active(anon)" + ."Inactive(anon)" + ."Active(file)" + ."Inactive(file)") / 4 | floor),
		(.lru_gen_reason // "-" | gsub(" "; "_"))] | @tsv' <<<"$last")
	# While reclaim ran: frames with scans, evictions and an evicted type.
	busy=$(jq -c '.nodes[] | select(.mglru.source == "bpf" and .evicting != null and
		(.mglru.anon.scanned_per_s + .mglru.file.scanned_per_s) > 0 and
		(.mglru.anon.evictions_per_s + .mglru.file.evictions_per_s) > 0)' "$work/top.json" | wc -l)
	cmp_ok "$busy" -gt 0 "frames of a reclaiming node show scan and eviction rates and the evicted type"
	is "$(jq -r '.nodes[].mglru.source' "$work/top.json" | sort -u | tr '\n' ' ')" "bpf " \
		"every frame's MGLRU rates come from the BPF programs"
	jq -r '.seq as $s | .nodes[] | select(.evicting != null) |
		"frame \($s) node \(.node): scan/s anon \(.mglru.anon.scanned_per_s) file \(.mglru.file.scanned_per_s), evict/s anon \(.mglru.anon.evictions_per_s) file \(.mglru.file.evictions_per_s), recl/s anon \(.mglru.anon.reclaimed_per_s) file \(.mglru.file.reclaimed_per_s), aging/s \(.mglru.aging_per_s), evicting \(.evicting.type) swappiness \(.evicting.swappiness)"' \
		"$work/top.json" | head -n 12 | while IFS= read -r l; do diag "$l"; done
	# The frames' pages per type add up to vmstat's pgscan/pgsteal over
	# the run, as recorded in its first and last samples (both quiet).
	got=$(jq -s -r '[ ([.[].nodes[].mglru.anon.scanned] | add), ([.[].nodes[].mglru.file.scanned] | add),
		([.[].nodes[].mglru.anon.reclaimed] | add), ([.[].nodes[].mglru.file.reclaimed] | add) ] |
		map(tostring) | join(" ")' "$work/top.json")
	want=$(awk '$1 == "v" { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		if (!n++) { for (k in v) first[k] = v[k] } }
		END { printf "%d %d %d %d\n", v["pgscan_anon"] - first["pgscan_anon"], v["pgscan_file"] - first["pgscan_file"],
			v["pgsteal_anon"] - first["pgsteal_anon"], v["pgsteal_file"] - first["pgsteal_file"] }' "$work/top.rec")
	diag "splitlrutop's frames (scanned anon, file, reclaimed anon, file): $got; vmstat: $want"
	is "$got" "$want" "splitlrutop's MGLRU scans and reclaims per type == vmstat's pgscan/pgsteal over its run"
	# The recording replays to the frames the live run printed.
	"$top" -b --json -r "$work/top.rec" >"$work/replay.json" 2>"$work/replay.err"
	if cmp -s "$work/top.json" "$work/replay.json"; then
		pass "splitlrutop -r replays the generations frames byte for byte"
	else
		fail "splitlrutop -r replays the generations frames byte for byte"
		diag "$(diff "$work/top.json" "$work/replay.json" | head -c 600)"
	fi
	# for the host: its replay of the guest's recording (stock-mglru.t)
	[ -n "${1:-}" ] && cp "$work/top.rec" "$work/top.json" "$1/"
fi

# ---- lrutrace stat under MGLRU ----
# Started and stopped in quiet windows, so that its intervals' per-type
# MGLRU pages must add up to vmstat's pgscan/pgsteal over its run.
lrutrace=$(tool_path lrutrace)
check_tools lrutrace
wait_quiet 60 || diag "reclaim did not settle before lrutrace"
v0="$(vmstat pgscan_anon) $(vmstat pgscan_file) $(vmstat pgsteal_anon) $(vmstat pgsteal_file)"
"$lrutrace" stat 1 --json >"$work/lt.json" 2>"$work/lt.err" &
lt_pid=$!
if ! wait_started "$lt_pid" "$work/lt.err" '^lrutrace: tracing'; then
	fail "lrutrace stat attaches with MGLRU on"
	diag "$(head -c 600 "$work/lt.err")"
else
	pass "lrutrace stat attaches with MGLRU on"
	reclaim_window mglru-lt lrutrace
	v1="$(vmstat pgscan_anon) $(vmstat pgscan_file) $(vmstat pgsteal_anon) $(vmstat pgsteal_file)"
	kill -INT "$lt_pid"
	wait "$lt_pid"
	is "$?" 0 "lrutrace stat exits 0 on SIGINT"
	want=$(paste -d' ' <(tr ' ' '\n' <<<"$v0") <(tr ' ' '\n' <<<"$v1") | awk '{ printf "%s%d", (NR > 1 ? " " : ""), $2 - $1 }')
	got=$(jq -s -r '[ ([.[].mglru[] | select(.type == "anon") | .scanned] | add // 0),
		([.[].mglru[] | select(.type == "file") | .scanned] | add // 0),
		([.[].mglru[] | select(.type == "anon") | .reclaimed] | add // 0),
		([.[].mglru[] | select(.type == "file") | .reclaimed] | add // 0) ] | map(tostring) | join(" ")' "$work/lt.json")
	diag "lrutrace's intervals (scanned anon, file, reclaimed anon, file): $got; vmstat: $want"
	is "$got" "$want" "lrutrace stat's MGLRU pages per type == vmstat's pgscan/pgsteal over its run"
	cmp_ok "$(jq -s '[.[].aging[].increments] | add // 0' "$work/lt.json")" -gt 0 \
		"lrutrace stat counts MGLRU aging (new generations)"
	is "$(jq -s '[.[] | (.mglru | type) == "array"] | all' "$work/lt.json")" true \
		"every interval has the mglru array"
fi

# Without debugfs the view says why, never zeros.
if mountpoint -q /sys/kernel/debug && umount /sys/kernel/debug 2>/dev/null; then
	out=$("$top" --no-bpf -b --json -n 1 -d 0.5 2>/dev/null | tail -n 1)
	is "$(jq -r '[.nodes[] | (.lru_gen == null and (.lru_gen_reason | test("debugfs not mounted")))] | all' <<<"$out")" true \
		"without debugfs: lru_gen null and the reason, per node"
	mount -t debugfs none /sys/kernel/debug
else
	skip "splitlrutop without debugfs" "debugfs cannot be unmounted here"
fi
echo n >/sys/kernel/mm/lru_gen/enabled
rm -rf "$work"
done_testing
