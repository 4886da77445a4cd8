#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest (tests/guest/stock-fentry.t, stock-distro.t): the
# stock-fentry source against the kernel's own counters and, where the
# kernel has the series, against the series' events.  One reclaim window
# is watched by both sources at once (stockcheck: one tracer each, their
# own maps):
#  - stock-fentry's inactive-list totals == the pgscan/pgsteal deltas;
#  - every reconstructed decision pairs with a mm_vmscan_scan_balance
#    event and agrees on mode and forced_by, and on the shares within 1
#    permille for >= 99% of them;
#  - the per-list totals of both sources;
#  - the cost per run of every program (bpf_stats), as diag lines;
#  - on Debian's kernel (no series), all of it loaded as splitlrutop loads
#    (--low-memory: in a short-lived loader process, issue 17), and
#    splitlrutop's own peak RSS at most 8 MB on either kernel.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/tools.sh"
. "$(dirname "$0")/kernel-lib.sh"
check=$TAP_TOP/bpf/tests/build/stockcheck
py=$TAP_TOP/tests/guest/stock-check.py
work=$(mktemp -d /tmp/stock.XXXXXX)

[ -x "$check" ] || { fail "bpf/tests/build/stockcheck is built"; done_testing; }
command -v python3 >/dev/null || { fail "python3 in the guest"; done_testing; }

series=0
[ -e /sys/kernel/tracing/events/vmscan/mm_vmscan_scan_balance ] && series=1
diag "kernel $(uname -r), series present: $series, MGLRU: $(cat /sys/kernel/mm/lru_gen/enabled 2>/dev/null || echo absent), list cache slots: ${SPLITLRU_LIST_CACHE_SLOTS:-all}"
if [ -e /sys/kernel/mm/lru_gen/enabled ]; then
	echo n >/sys/kernel/mm/lru_gen/enabled
fi

sources="--source stock-fentry"
[ "$series" = 1 ] && sources="--source series $sources"
# On Debian's kernel stockcheck loads as splitlrutop does (issue 17):
# stock-fentry's programs attach by BTF id, so they load in a short-lived
# loader process, and every check below reads what it handed over.
lowmem=""
[ "$series" = 0 ] && lowmem=--low-memory

# A file to read back under pressure, so both types are reclaimed.
make_file stock-file 100
wait_quiet 60 || diag "reclaim did not settle before the window"

"$check" --out "$work" $sources $lowmem 2>"$work/err" &
pid=$!
if ! wait_started "$pid" "$work/err" '^attached'; then
	fail "stockcheck attaches $sources"
	diag "$(cat "$work/err")"
	done_testing
fi
pass "stockcheck attaches $sources"
diag "$(grep -v '^attached' "$work/err")"
like "$(cat "$work/err")" "stock-fentry: source stock-fentry; limits: decision reconstructed from get_scan_count\(\)'s inputs" \
	"stock-fentry says in one line what it cannot give"
if [ -n "$lowmem" ]; then
	like "$(cat "$work/err")" "stockcheck: stock-fentry: BTF: .*, in a short-lived loader process \(peak RSS [0-9]+ kB\)" \
		"--low-memory: stock-fentry loaded in a short-lived loader process"
fi

sa0=$(vmstat pgscan_anon) sf0=$(vmstat pgscan_file) ra0=$(vmstat pgsteal_anon) rf0=$(vmstat pgsteal_file)
# global reclaim (kswapd and direct), memcg reclaim, then file-only
# reclaim of a memcg without swap room (swap.max 0: the no_swap decision)
diag "$(date +%T) global reclaim"
timeout 600 cat "$WORKDIR/stock-file" >/dev/null
timeout 600 stress-ng --vm 1 --vm-bytes 380M --vm-keep --timeout 4 --quiet >/dev/null 2>&1
diag "$(date +%T) anon pressure done"
timeout 600 cat "$WORKDIR/stock-file" >/dev/null
diag "$(date +%T) memcg reclaim"
memcg_pressure stock-test 64 96 stock-file
diag "$(date +%T) memcg reclaim without swap"
mkdir -p /sys/fs/cgroup/stock-noswap
echo 0 >/sys/fs/cgroup/stock-noswap/memory.swap.max
sh -c "echo \$\$ >/sys/fs/cgroup/stock-noswap/cgroup.procs; echo 24M >/sys/fs/cgroup/stock-noswap/memory.max
	cat $WORKDIR/stock-file >/dev/null"
wait_quiet 60 || diag "reclaim did not settle after the window"
diag "$(date +%T) window closed"
sa1=$(vmstat pgscan_anon) sf1=$(vmstat pgscan_file) ra1=$(vmstat pgsteal_anon) rf1=$(vmstat pgsteal_file)

kill -INT "$pid"
wait "$pid"
is "$?" 0 "stockcheck exits 0 on SIGINT"

want="$((sa1 - sa0)) $((sf1 - sf0)) $((ra1 - ra0)) $((rf1 - rf0))"
diag "vmstat deltas (pgscan_anon pgscan_file pgsteal_anon pgsteal_file): $want"
cmp_ok "$((sa1 - sa0 + sf1 - sf0))" -gt 1000 "the workload reclaimed"
is "$(python3 "$py" totals "$work" stock-fentry)" "$want" \
	"stock-fentry: inactive scanned/reclaimed per type == vmstat pgscan/pgsteal deltas"
# issue 17: the maps are read in batches; the frozen maps read entry by
# entry give the same snapshot
for src in stock-fentry $([ "$series" = 1 ] && echo series); do
	is "$(python3 "$py" reads "$work" "$src")" "batched=true walk_batched=false differs=none" \
		"$src: maps read in batches, the same as entry by entry"
done
read -r drops < <(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["drops"])' "$work/stock-fentry.json")
is "$drops" 0 "stock-fentry: no event lost"

if [ "$series" = 1 ]; then
	is "$(python3 "$py" totals "$work" series)" "$want" \
		"series: inactive scanned/reclaimed per type == vmstat deltas (side by side)"
	python3 "$py" lists "$work" stock-fentry series >"$work/lists"
	diag "per list: field stock-fentry series" "$(cat "$work/lists")"
	bad=$(awk '$2 ~ /^(scanned|taken|reclaimed|activated|deactivated)$/ && $3 != $4' "$work/lists")
	is "$bad" "" "stock-fentry's per-list scanned/taken/reclaimed/activated/deactivated == the series'"

	python3 "$py" pair "$work" series stock-fentry >"$work/pair"
	diag "$(cat "$work/pair")"
	read -r _ pairs _ lone_stock _ lone_series _ mode_ok _ forced_ok _ share_ok _ target_ok <"$work/pair"
	cmp_ok "$pairs" -gt 20 "decisions paired: $pairs"
	is "$lone_stock $lone_series" "0 0" "every reconstructed decision has its series event and back"
	is "$mode_ok" "$pairs" "mode agrees on every paired decision"
	is "$forced_ok" "$pairs" "forced_by agrees on every paired decision"
	cmp_ok "$((share_ok * 100))" -ge "$((pairs * 99))" \
		"shares within 1 permille on >= 99% of decisions ($share_ok of $pairs)"
	cmp_ok "$((target_ok * 100))" -ge "$((pairs * 99))" \
		"target shares within 1 permille on >= 99% of decisions ($target_ok of $pairs)"
	python3 "$py" cost "$work" series | sed 's/^/cost /' | while IFS= read -r l; do diag "$l"; done
else
	skip "series side by side" "kernel without the splitlru series"
fi
python3 "$py" cost "$work" stock-fentry | sed 's/^/cost /' | while IFS= read -r l; do diag "$l"; done
# bpf_stats through each program's fd (the loader process's, with --low-memory)
read -r nprogs runs < <(jq -r '"\(.progs | length) \([.progs[].run_cnt] | add // 0)"' "$work/stock-fentry.json")
cmp_ok "${runs:-0}" -gt 0 "stock-fentry: bpf_stats counts runs of its ${nprogs:-0} programs"
moves=$(python3 -c 'import json,sys; print(sum(m["pages"] for m in json.load(open(sys.argv[1]))["moves"]))' "$work/stock-fentry.json")
cmp_ok "${moves:-0}" -gt 0 "stock-fentry counts list moves ($moves pages)"

# ---- lrutrace follows the source (issue 13) ----
lrutrace=$(tool_path lrutrace)
check_tools lrutrace splitlrutop
default=stock-fentry
[ "$series" = 1 ] && default=series
out=$("$lrutrace" stat 1 1 --json 2>"$work/lt.err")
is "$?" 0 "lrutrace stat --json exits 0"
is "$(jq -r .source <<<"$out")" "$default" "lrutrace's default source here is $default"
like "$(cat "$work/lt.err")" "^lrutrace: tracing, source $default" "its start line names it"
out=$("$lrutrace" stat 1 1 --json --source stock-fentry 2>"$work/lt.err")
is "$?" 0 "lrutrace stat --source stock-fentry exits 0"
is "$(jq -r .source <<<"$out")" stock-fentry "--source stock-fentry: the JSON says source stock-fentry"
is "$(jq -r '.cannot | join(",")' <<<"$out")" \
	"exact_decision,active_shrink_reason,skipped_shrinks,refault_activations" \
	"and what it cannot give"
like "$(cat "$work/lt.err")" "^lrutrace: tracing, source stock-fentry: decision reconstructed from get_scan_count\\(\\)'s inputs; no shrink reason on active lists" \
	"the start line names the source and its limits in one line"
"$lrutrace" stat 1 1 --source bogus >/dev/null 2>"$work/lt.err"
is "$?" 2 "lrutrace --source bogus exits 2"
like "$(cat "$work/lt.err")" "unknown source \\(series, stock-fentry or stock-tracepoints\\)" \
	"and names the valid sources"
if [ "$series" = 0 ]; then
	"$lrutrace" stat 1 1 --source series >/dev/null 2>"$work/lt.err"
	is "$?" 1 "lrutrace --source series without the series exits 1"
	like "$(cat "$work/lt.err")" "needs the splitlru kernel series' tracepoints" "and says what is missing"
fi

# splitlrutop on this kernel (issue 13): batch frames, and their per-node
# list sizes against the node's meminfo sampled while splitlrutop runs
# (its own few MB of memory are on those lists too), within 1 % of the
# nearest sample.  Its peak RSS (issue 17): at most 8 MB, here too, where
# stock-fentry's programs attach by BTF id and so the kernel's whole BTF
# is parsed, in a short-lived loader process that the BTF note names.
top=$(tool_path splitlrutop)
lists_kb() { awk '$3 ~ /^(Active|Inactive)\((anon|file)\):$/ { s += $4 } END { print s + 0 }' "$1/meminfo"; }
wait_quiet 30 || diag "reclaim did not settle before the splitlrutop frames"
"$top" -b -j -n 3 -d 0.5 >"$work/top.jsonl" 2>"$work/top.err" &
tpid=$!
declare -A seen
top_hwm=""
while kill -0 "$tpid" 2>/dev/null; do
	for nd in /sys/devices/system/node/node[0-9]*; do seen[$nd]+="$(lists_kb "$nd") "; done
	# VmHWM only grows: the last one read before it exits is the peak
	h=$(awk '$1 == "VmHWM:" { print $2 }' "/proc/$tpid/status" 2>/dev/null)
	[ -n "$h" ] && top_hwm=$h
	sleep 0.1
done
wait "$tpid"
is "$?" 0 "splitlrutop -b --json runs on this kernel" || diag "$(cat "$work/top.err")"
top_src=$(head -n 1 "$work/top.jsonl" | jq -r .source)
diag "splitlrutop: source $top_src, peak RSS (VmHWM) ${top_hwm:-?} kB" "$(cat "$work/top.err")"
cmp_ok "${top_hwm:-99999}" -le 8192 "splitlrutop's peak RSS with the $top_src source is at most 8 MB (${top_hwm:-?} kB)"
if [ "$series" = 0 ]; then
	is "$top_src" stock-fentry "splitlrutop's source here is stock-fentry"
	like "$(cat "$work/top.err")" \
		"^splitlrutop: BTF: [a-z0-9_]+ attaches by its BTF id: libbpf reads the kernel's whole BTF as well, in a short-lived loader process \(peak RSS [0-9]+ kB\)\$" \
		"its BTF note says the kernel's whole BTF is read in a short-lived loader process, and that one's peak"
fi
for nd in /sys/devices/system/node/node[0-9]*; do
	n=${nd##*node}
	keys='["Active(anon)","Inactive(anon)","Active(file)","Inactive(file)"]'
	shown=$(tail -n 1 "$work/top.jsonl" | jq --argjson n "$n" --argjson k "$keys" \
		'[.nodes[] | select(.node == $n) | .[$k[]]] | add // 0')
	near=$(tr ' ' '\n' <<<"${seen[$nd]}" | awk -v s="$shown" 'NF {
		d = $1 > s ? $1 - s : s - $1; if (best == "" || d < bd) { best = $1; bd = d } }
		END { print best + 0 }')
	d=$((shown > near ? shown - near : near - shown))
	cmp_ok "$((100 * d))" -le "$near" \
		"node $n: splitlrutop's four lists $shown kB, node meminfo $near kB while it ran (within 1 %)"
done

rm -rf "$work"
done_testing
