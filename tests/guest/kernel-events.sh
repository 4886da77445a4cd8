#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest (tests/guest/kernel-events.t): the three events of
# the series fire under global and memcg reclaim with every field in range,
# and over a quiet window the inactive-list mm_vmscan_lru_shrink events add
# up to the /proc/vmstat pgscan and pgsteal deltas exactly; mlock and
# munlock of a mapped file move its pages to the unevictable list and back,
# and lrutrace reports those moves and both share pairs of every decision.
# $1: the mlock helper kernel-events.t built.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/tools.sh"
. "$(dirname "$0")/kernel-lib.sh"
mlock_helper=${1:-}
lrutrace=$(tool_path lrutrace)
check_tools lrutrace

for ev in vmscan/mm_vmscan_lru_shrink vmscan/mm_vmscan_scan_balance pagemap/mm_lru_move; do
	ok test -d "$TRACEFS/events/$ev"
done
like "$(head -n 1 "$TRACEFS/events/vmscan/mm_vmscan_lru_shrink/format")" 'mm_vmscan_lru_shrink' "the lru_shrink format file reads"

make_file big 400
make_file small 120
mkdir -p /sys/fs/cgroup/kev

# --- a quiet window around global and memcg reclaim ---
window_ok=0
for attempt in 1 2 3; do
	wait_quiet 60 || diag "reclaim did not go quiet before the window"
	trace_setup 16384 vmscan/mm_vmscan_lru_shrink vmscan/mm_vmscan_scan_balance
	start_a=$(reclaim_counters)
	echo 1 >"$TRACEFS/tracing_on"
	start_b=$(reclaim_counters)
	scan0=$(($(vmstat pgscan_anon) + $(vmstat pgscan_file)))
	steal0=$(($(vmstat pgsteal_anon) + $(vmstat pgsteal_file)))

	t0=$(date +%s%N)
	global_pressure 420 big 2
	memcg_pressure kev 64 100 small
	t1=$(date +%s%N)

	wait_quiet 60 || diag "reclaim did not go quiet after the workload"
	scan1=$(($(vmstat pgscan_anon) + $(vmstat pgscan_file)))
	steal1=$(($(vmstat pgsteal_anon) + $(vmstat pgsteal_file)))
	end_a=$(reclaim_counters)
	echo 0 >"$TRACEFS/tracing_on"
	end_b=$(reclaim_counters)
	if [ "$start_a" = "$start_b" ] && [ "$end_a" = "$end_b" ]; then
		window_ok=1
		break
	fi
	diag "attempt $attempt: reclaim ran across a window edge, again"
done
is "$window_ok" 1 "a window with no reclaim at either edge"
is "$(trace_lost)" 0 "the trace buffer lost no events"

trace_fields mm_vmscan_lru_shrink >/tmp/shrink.txt
trace_fields mm_vmscan_scan_balance >/tmp/balance.txt
trace_off
nshrink=$(wc -l </tmp/shrink.txt)
nbalance=$(wc -l </tmp/balance.txt)
cmp_ok "$nshrink" -gt 0 "mm_vmscan_lru_shrink fired ($nshrink events)"
cmp_ok "$nbalance" -gt 0 "mm_vmscan_scan_balance fired ($nbalance events)"

sums=$(awk '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
	if (f["lru"] ~ /^inactive_/) { s += f["nr_scanned"]; r += f["nr_reclaimed"] }
	else { ar += f["nr_reclaimed"] } }
	END { printf "%d %d %d", s, r, ar }' /tmp/shrink.txt)
read -r ev_scan ev_steal ev_active_reclaimed <<<"$sums"
is "$ev_scan" "$((scan1 - scan0))" "sum of inactive nr_scanned = pgscan_anon + pgscan_file delta"
is "$ev_steal" "$((steal1 - steal0))" "sum of inactive nr_reclaimed = pgsteal_anon + pgsteal_file delta"
is "$ev_active_reclaimed" 0 "active-list shrinks reclaim nothing"
ms=$(( (t1 - t0) / 1000000 ))
diag "event rates under the workload ($ms ms): mm_vmscan_lru_shrink $((nshrink * 1000 / (ms > 0 ? ms : 1)))/s, mm_vmscan_scan_balance $((nbalance * 1000 / (ms > 0 ? ms : 1)))/s"
diag "window: pgscan +$((scan1 - scan0)), pgsteal +$((steal1 - steal0)), $nshrink shrink and $nbalance balance events"

# --- every lru_shrink field in range ---
nodes=$(cat /sys/devices/system/node/online)
maxnid=${nodes##*[-,]}
bad=$(awk -v maxnid="$maxnid" '
	{ delete f; for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
	  why = ""
	  if (!(f["nid"] >= 0 && f["nid"] <= maxnid)) why = why " nid"
	  if (f["memcg_id"] !~ /^[0-9]+$/ || f["memcg_id"] < 1) why = why " memcg_id"
	  if (f["lru"] !~ /^(inactive_anon|active_anon|inactive_file|active_file)$/) why = why " lru"
	  if (f["reclaimer"] !~ /^(kswapd|direct|memcg|proactive|node)$/) why = why " reclaimer"
	  if (f["reason"] !~ /^(balance|age_anon|kswapd_age|skipped)$/) why = why " reason"
	  if (!(f["priority"] >= 0 && f["priority"] <= 12)) why = why " priority"
	  if (f["nr_taken"] > f["nr_scanned"]) why = why " taken>scanned"
	  if (f["nr_reclaimed"] > f["nr_taken"]) why = why " reclaimed>taken"
	  if (f["nr_activated"] + f["nr_deactivated"] > f["nr_taken"]) why = why " moved>taken"
	  if (f["nr_rotated"] > f["nr_taken"]) why = why " rotated>taken"
	  if (f["nr_unmap_fail"] > f["nr_taken"] || f["nr_writeback_io"] > f["nr_taken"]) why = why " unmap/io>taken"
	  if (f["lru"] ~ /^active_/ && f["nr_reclaimed"] + f["nr_unmap_fail"] + f["nr_writeback_io"] != 0) why = why " active-reclaim"
	  if (f["lru"] ~ /^inactive_/ && (f["reason"] != "balance" || f["nr_deactivated"] != 0)) why = why " inactive-reason"
	  if (f["reason"] == "skipped" && (f["lru"] !~ /^active_/ || f["nr_scanned"] != 0)) why = why " skipped"
	  if (f["reason"] ~ /age/ && f["lru"] != "active_anon") why = why " age-lru"
	  if (f["reason"] == "kswapd_age" && f["reclaimer"] != "kswapd") why = why " kswapd_age-not-kswapd"
	  if (why != "") { n++; if (n <= 3) print "# bad:" why ": " $0 > "/dev/stderr" } }
	END { print n + 0 }' /tmp/shrink.txt)
is "$bad" 0 "every mm_vmscan_lru_shrink field in range"

seen() { awk -v k="$1" -v v="$2" '{ for (i = 1; i <= NF; i++) if ($i == k "=" v) { n++; break } } END { print n + 0 }' "$3"; }
cmp_ok "$(seen lru inactive_file /tmp/shrink.txt)" -gt 0 "shrinks of inactive_file"
cmp_ok "$(seen lru inactive_anon /tmp/shrink.txt)" -gt 0 "shrinks of inactive_anon"
cmp_ok "$(( $(seen reclaimer kswapd /tmp/shrink.txt) + $(seen reclaimer direct /tmp/shrink.txt) ))" -gt 0 "global reclaim by kswapd or direct"
kev_id=$(cgroup_id kev)
cmp_ok "$(awk -v id="$kev_id" '/reclaimer=memcg/ && $0 ~ "memcg_id=" id " " { n++ } END { print n + 0 }' /tmp/shrink.txt)" -gt 0 \
	"memcg reclaim carries the cgroup's id ($kev_id)"
for r in balance age_anon kswapd_age skipped; do
	diag "reason=$r: $(seen reason "$r" /tmp/shrink.txt) events"
done
for r in kswapd direct memcg; do
	diag "reclaimer=$r: $(seen reclaimer "$r" /tmp/shrink.txt) events"
done

# --- every scan_balance field in range ---
bad=$(awk '
	{ delete f; for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
	  why = ""
	  if (f["policy"] != "cost") why = why " policy"
	  if (f["mode"] !~ /^(equal|fract|anon|file)$/) why = why " mode"
	  if (f["forced_by"] !~ /^(none|no_swap|memcg_swappiness0|priority0|file_tiny|cache_trim)$/) why = why " forced_by"
	  if ((f["mode"] == "fract") != (f["forced_by"] == "none")) why = why " forced_by-vs-mode"
	  if (!(f["swappiness"] >= 0 && f["swappiness"] <= 200)) why = why " swappiness"
	  if (!(f["priority"] >= 0 && f["priority"] <= 12)) why = why " priority"
	  if (f["decided_anon_permille"] == "" || f["target_anon_permille"] == "") why = why " no-v2-pairs"
	  if (f["decided_anon_permille"] + f["decided_file_permille"] != 1000) why = why " decided-sum"
	  if (f["target_anon_permille"] + f["target_file_permille"] != 1000) why = why " target-sum"
	  if (f["anon_permille"] != f["decided_anon_permille"]) why = why " v1-alias"
	  if (f["mode"] == "anon" && f["decided_anon_permille"] != 1000) why = why " anon-mode"
	  if (f["mode"] == "file" && f["decided_file_permille"] != 1000) why = why " file-mode"
	  if (f["mode"] == "fract" && (f["denominator"] == 0 || f["fraction_anon"] + f["fraction_file"] != f["denominator"])) why = why " fractions"
	  if (f["mode"] != "fract" && f["fraction_anon"] + f["fraction_file"] + f["denominator"] != 0) why = why " fractions-forced"
	  if (f["mode"] == "file" && f["scan_inactive_anon"] + f["scan_active_anon"] != 0) why = why " file-mode-scans-anon"
	  if (f["mode"] == "anon" && f["scan_inactive_file"] + f["scan_active_file"] != 0) why = why " anon-mode-scans-file"
	  if (why != "") { n++; if (n <= 3) print "# bad:" why ": " $0 > "/dev/stderr" } }
	END { print n + 0 }' /tmp/balance.txt)
is "$bad" 0 "every mm_vmscan_scan_balance field in range"
for m in equal fract anon file; do
	diag "mode=$m: $(seen mode "$m" /tmp/balance.txt) events"
done

# --- mm_lru_move: activation, refaults, writeback rotation, madvise ---
trace_setup 16384 pagemap/mm_lru_move
echo 1 >"$TRACEFS/tracing_on"
start=$(date +%s%N)
global_pressure 420 big 2
stress-ng --madvise 1 --timeout 3 --quiet >/dev/null 2>&1
end=$(date +%s%N)
echo 0 >"$TRACEFS/tracing_on"
trace_fields mm_lru_move >/tmp/move.txt
trace_off
nmove=$(wc -l </tmp/move.txt)
cmp_ok "$nmove" -gt 0 "mm_lru_move fired ($nmove events)"
bad=$(awk -v maxnid="$maxnid" '
	{ delete f; for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
	  why = ""
	  if (f["pfn"] !~ /^0x[0-9a-f]+$/ || f["pfn"] == "0x0") why = why " pfn"
	  if (!(f["nid"] >= 0 && f["nid"] <= maxnid)) why = why " nid"
	  if (f["memcg_id"] !~ /^[0-9]+$/) why = why " memcg_id"
	  if (f["from_lru"] !~ /^((inactive|active)_(anon|file)|unevictable|none)$/) why = why " from_lru"
	  if (f["to_lru"] !~ /^((inactive|active)_(anon|file)|unevictable)$/) why = why " to_lru"
	  if (!(f["nr_pages"] >= 1 && f["nr_pages"] <= 512)) why = why " nr_pages"
	  r = f["reason"]
	  if (r !~ /^(rotate_writeback|activate_access|deactivate|deactivate_file|lazyfree|refault_activate|mlock|munlock|rescue|activate_batched)$/) why = why " reason"
	  if (r == "activate_access" && (f["from_lru"] !~ /^inactive_/ || f["to_lru"] !~ /^active_/)) why = why " activation-lists"
	  if ((r == "refault_activate" || r == "activate_batched") && (f["from_lru"] != "none" || f["to_lru"] !~ /^active_/)) why = why " no-list-activation"
	  if (r !~ /^(refault_activate|activate_batched)$/ && f["from_lru"] == "none") why = why " none-not-activation"
	  if (r == "mlock" && (f["from_lru"] !~ /^(inactive|active)_/ || f["to_lru"] != "unevictable")) why = why " mlock-lists"
	  if ((r == "munlock" || r == "rescue") && (f["from_lru"] != "unevictable" || f["to_lru"] !~ /^(inactive|active)_/)) why = why " munlock-lists"
	  if ((r ~ /^deactivate/ || r == "rotate_writeback") && f["to_lru"] !~ /^inactive_/) why = why " deactivation-lists"
	  if (r == "lazyfree" && (f["from_lru"] !~ /_anon$/ || f["to_lru"] != "inactive_file")) why = why " lazyfree-lists"
	  if (why != "") { n++; if (n <= 3) print "# bad:" why ": " $0 > "/dev/stderr" } }
	END { print n + 0 }' /tmp/move.txt)
is "$bad" 0 "every mm_lru_move field in range"
cmp_ok "$(seen reason activate_access /tmp/move.txt)" -gt 0 "activate_access moves seen"
for r in rotate_writeback activate_access deactivate deactivate_file lazyfree refault_activate activate_batched; do
	diag "reason=$r: $(seen reason "$r" /tmp/move.txt) events"
done
secs=$(( (end - start) / 1000000 ))
diag "event rates under the workload: mm_lru_move $((nmove * 1000 / (secs > 0 ? secs : 1)))/s over ${secs} ms"
cp /tmp/move.txt /tmp/move-workload.txt

# --- mlock and munlock of a mapped file: 1024 pages to the unevictable
# list and back.  The moves are batched per CPU: all but the last few.
# lrutrace watches beside trace_pipe, and a memcg reclaim after the helper
# gives it decisions: its JSON must carry the moves and both share pairs.
make_file locked 4
cat "$WORKDIR/locked" >/dev/null
sleep 1
lt_pid=
if [ -x "$lrutrace" ]; then
	"$lrutrace" events --json --ringbuf-size 16M >/tmp/lrutrace.json 2>/tmp/lrutrace.err &
	lt_pid=$!
	for i in $(seq 120); do
		grep -q 'tracing in' /tmp/lrutrace.err && break
		sleep 0.5
	done
fi
trace_setup 16384 pagemap/mm_lru_move
echo 1 >"$TRACEFS/tracing_on"
"$mlock_helper" "$WORKDIR/locked"
is "$?" 0 "the helper maps the file, mlocks and munlocks it"
echo 0 >"$TRACEFS/tracing_on"
[ -n "$lt_pid" ] && memcg_pressure kev 64 100 small
trace_fields mm_lru_move >/tmp/move.txt
trace_off
pages() { awk -v r="$1" '$0 ~ " reason=" r "$" { for (i = 1; i <= NF; i++) if ($i ~ /^nr_pages=/) { split($i, kv, "="); n += kv[2] } } END { print n + 0 }' /tmp/move.txt; }
locked=$(pages mlock)
unlocked=$(pages munlock)
cmp_ok "$locked" -ge 960 "mlock moved the file's pages to the unevictable list ($locked of 1024)"
cmp_ok "$unlocked" -ge 960 "munlock moved them back ($unlocked of 1024)"
is "$(awk '/ reason=mlock$/ && !/ from_lru=(inactive|active)_file to_lru=unevictable /' /tmp/move.txt | wc -l)" 0 \
	"every mlock move is from a file list to unevictable"
is "$(awk '/ reason=munlock$/ && !/ from_lru=unevictable to_lru=(inactive|active)_file /' /tmp/move.txt | wc -l)" 0 \
	"every munlock move is from unevictable to a file list"

# --- the same through lrutrace: its JSON lines, from the field tables ---
if [ -n "$lt_pid" ]; then
	kill -INT "$lt_pid"
	wait "$lt_pid"
	is "$?" 0 "lrutrace events exits 0 on SIGINT"
	read -r lt_mlock lt_munlock lt_badmove lt_dec lt_baddec <<<"$(python3 - /tmp/lrutrace.json <<'PY'
import json, re, sys
pages = {"mlock": 0, "munlock": 0}
bad_move = decisions = bad_dec = 0
lists = {"mlock": (r"(inactive|active)_file", "unevictable"),
         "munlock": ("unevictable", r"(inactive|active)_file")}
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o.get("event") == "move" and o["reason"] in pages:
        pages[o["reason"]] += o["nr_pages"]
        frm, to = lists[o["reason"]]
        if not (re.fullmatch(frm, o["from_lru"]) and re.fullmatch(to, o["to_lru"])):
            bad_move += 1
    elif o.get("event") == "balance":
        decisions += 1
        if (o["decided_anon_permille"] + o["decided_file_permille"] != 1000 or
                o["target_anon_permille"] + o["target_file_permille"] != 1000):
            bad_dec += 1
print(pages["mlock"], pages["munlock"], bad_move, decisions, bad_dec)
PY
)"
	diag "lrutrace: mlock $lt_mlock, munlock $lt_munlock pages; $lt_dec decisions"
	cmp_ok "${lt_mlock:-0}" -ge 960 "lrutrace shows mm_lru_move reason=mlock ($lt_mlock of 1024 pages)"
	cmp_ok "${lt_munlock:-0}" -ge 960 "lrutrace shows mm_lru_move reason=munlock ($lt_munlock of 1024 pages)"
	is "$lt_badmove" 0 "lrutrace's mlock/munlock moves have the right from/to lists"
	cmp_ok "${lt_dec:-0}" -gt 0 "lrutrace shows balance decisions ($lt_dec)"
	is "$lt_baddec" 0 "lrutrace: decided and target pairs present, each summing to 1000"
else
	fail "lrutrace is built"
fi

rmdir /sys/fs/cgroup/kev 2>/dev/null
rm -rf "$WORKDIR"
done_testing
