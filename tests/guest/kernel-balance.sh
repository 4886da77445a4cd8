#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest (tests/guest/kernel-balance.t): the decisions that
# mm_vmscan_scan_balance reports under both policies of vm.lru_scan_balance.
# $1: "swap" (the guest has swap) or "noswap" (booted with --swap 0).
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/kernel-lib.sh"
mode=${1:-swap}

# field_check AWK_CONDITION FILE: print how many events break the condition
# (f[] holds the event's fields), and show the first few on stderr.
field_check() {
	awk "{ delete f; for (i = 1; i <= NF; i++) { split(\$i, kv, \"=\"); f[kv[1]] = kv[2] }
	      if (!($1)) { n++; if (n <= 3) print \"# bad: \" \$0 > \"/dev/stderr\" } }
	     END { print n + 0 }" "$2"
}
count() { awk "{ delete f; for (i = 1; i <= NF; i++) { split(\$i, kv, \"=\"); f[kv[1]] = kv[2] }
		if ($1) n++ } END { print n + 0 }" "$2"; }

# capture FILE CMD...: run CMD with scan_balance and lru_shrink traced.
capture() {
	local out=$1
	shift
	wait_quiet 60 || diag "reclaim did not go quiet"
	trace_setup 16384 vmscan/mm_vmscan_scan_balance vmscan/mm_vmscan_lru_shrink
	echo 1 >"$TRACEFS/tracing_on"
	"$@"
	wait_quiet 60 || diag "reclaim did not go quiet"
	echo 0 >"$TRACEFS/tracing_on"
	trace_fields mm_vmscan_scan_balance >"$out.balance"
	trace_fields mm_vmscan_lru_shrink >"$out.shrink"
	trace_off
}

# Every per-mille pair sums to 1000, and the old pair is the decided one.
pairs_ok='f["decided_anon_permille"] + f["decided_file_permille"] == 1000 && f["target_anon_permille"] + f["target_file_permille"] == 1000 && f["anon_permille"] == f["decided_anon_permille"] && f["file_permille"] == f["decided_file_permille"]'

make_file big 400
make_file small 120
echo 60 >/proc/sys/vm/swappiness
echo cost >/proc/sys/vm/lru_scan_balance

if [ "$mode" = noswap ]; then
	is "$(awk 'NR > 1' /proc/swaps | wc -l)" 0 "no swap in this guest"
	capture /tmp/noswap global_pressure 250 big 2
	n=$(wc -l </tmp/noswap.balance)
	cmp_ok "$n" -gt 0 "scan_balance events without swap ($n)"
	is "$(field_check 'f["mode"] == "file" && f["forced_by"] == "no_swap"' /tmp/noswap.balance)" 0 \
		"without swap every decision is mode=file forced_by=no_swap"
	is "$(field_check 'f["anon_permille"] == 0 && f["file_permille"] == 1000' /tmp/noswap.balance)" 0 \
		"and gives anon 0, file 1000 per mille"
	echo rotation >/proc/sys/vm/lru_scan_balance
	capture /tmp/noswap-rot global_pressure 250 big 1
	echo cost >/proc/sys/vm/lru_scan_balance
	is "$(field_check 'f["policy"] == "rotation" && f["mode"] == "file" && f["forced_by"] == "no_swap"' /tmp/noswap-rot.balance)" 0 \
		"under rotation too: the no_swap check precedes fract"
	rm -rf "$WORKDIR"
	done_testing
fi

# First, before any memcg exists: a memcg keeps the swappiness it was
# created with, and a removed one lingers until its pages are gone.
# --- swappiness 0 with plenty of page cache: no anon scanning ---
echo 0 >/proc/sys/vm/swappiness
scan_anon0=$(vmstat pgscan_anon)
capture /tmp/sw0 global_pressure 150 big 3
scan_anon1=$(vmstat pgscan_anon)
n=$(wc -l </tmp/sw0.balance)
cmp_ok "$n" -gt 0 "scan_balance events at swappiness 0 ($n)"
is "$(field_check 'f["swappiness"] == 0 && f["anon_permille"] == 0 && f["file_permille"] == 1000' /tmp/sw0.balance)" 0 \
	"swappiness 0: anon share 0 on every decision"
is "$(field_check 'f["scan_inactive_anon"] == 0 && f["scan_active_anon"] == 0' /tmp/sw0.balance)" 0 \
	"swappiness 0: no anon scan targets"
is "$(awk '/lru=inactive_anon/ { for (i = 1; i <= NF; i++) if ($i ~ /^nr_scanned=/) { split($i, kv, "="); s += kv[2] } } END { print s + 0 }' /tmp/sw0.shrink)" 0 \
	"swappiness 0: no inactive anon page scanned"
is "$((scan_anon1 - scan_anon0))" 0 "swappiness 0: pgscan_anon unchanged"
for m in equal fract anon file; do
	diag "swappiness 0, mode=$m: $(count "f[\"mode\"] == \"$m\"" /tmp/sw0.balance) events"
done

# A memcg created at swappiness 0 inherits it: its reclaim is forced to file.
mkdir -p /sys/fs/cgroup/ksw0
capture /tmp/sw0cg memcg_pressure ksw0 64 100 small
id=$(cgroup_id ksw0)
awk -v id="$id" '$0 ~ "memcg_id=" id " "' /tmp/sw0cg.balance >/tmp/sw0cg.own
cmp_ok "$(count 'f["forced_by"] == "memcg_swappiness0"' /tmp/sw0cg.own)" -gt 0 "memcg at swappiness 0: forced_by=memcg_swappiness0"
is "$(field_check 'f["anon_permille"] == 0' /tmp/sw0cg.own)" 0 "memcg at swappiness 0: anon share 0"
rmdir /sys/fs/cgroup/ksw0 2>/dev/null
echo 60 >/proc/sys/vm/swappiness

# --- cost: the stock balance, shares summing to 1000 ---
capture /tmp/cost global_pressure 420 big 2
n=$(wc -l </tmp/cost.balance)
cmp_ok "$n" -gt 0 "scan_balance events under cost ($n)"
is "$(field_check 'f["policy"] == "cost" && '"$pairs_ok" /tmp/cost.balance)" 0 \
	"policy=cost and the decided, target and old per-mille pairs sum to 1000 on every event"
is "$(field_check 'f["mode"] != "fract" || f["decided_anon_permille"] == int((f["fraction_anon"] * 2000 / f["denominator"] + 1) / 2)' /tmp/cost.balance)" 0 \
	"fract: the decided share is the fraction, rounded"
is "$(field_check 'f["scan_inactive_anon"] + f["scan_active_anon"] + f["scan_inactive_file"] + f["scan_active_file"] == 0 || f["target_anon_permille"] == int(((f["scan_inactive_anon"] + f["scan_active_anon"]) * 2000 / (f["scan_inactive_anon"] + f["scan_active_anon"] + f["scan_inactive_file"] + f["scan_active_file"]) + 1) / 2)' /tmp/cost.balance)" 0 \
	"the target share is the anon share of the four scan targets, rounded"
cmp_ok "$(count 'f["mode"] == "fract"' /tmp/cost.balance)" -gt 0 "some decisions are fract"

# --- rotation: the shares follow the formula from the event's own fields ---
echo rotation >/proc/sys/vm/lru_scan_balance
capture /tmp/rot global_pressure 420 big 2
mkdir -p /sys/fs/cgroup/kbal
capture /tmp/rotcg memcg_pressure kbal 64 100 small
echo cost >/proc/sys/vm/lru_scan_balance
cat /tmp/rotcg.balance >>/tmp/rot.balance
n=$(wc -l </tmp/rot.balance)
cmp_ok "$n" -gt 0 "scan_balance events under rotation ($n)"
is "$(field_check 'f["policy"] == "rotation" && '"$pairs_ok" /tmp/rot.balance)" 0 \
	"policy=rotation and the per-mille pairs sum to 1000 on every event"
nfract=$(count 'f["mode"] == "fract"' /tmp/rot.balance)
cmp_ok "$nfract" -gt 0 "rotation decisions in fract mode ($nfract)"
# a = swappiness * anon_pages / (rotated_anon + 1),
# f = (200 - swappiness) * file_pages / (rotated_file + 1), real-valued:
# the kernel cross-multiplies instead of dividing first; priorities alone
# when both are zero.
bad=$(awk '
	{ delete f; for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
	  if (f["mode"] != "fract") next
	  sw = f["swappiness"]
	  a = sw * f["anon_pages"] / (f["rotated_anon"] + 1)
	  b = (200 - sw) * f["file_pages"] / (f["rotated_file"] + 1)
	  if (a + b == 0) { a = sw; b = 200 - sw }
	  want = 1000 * a / (a + b)
	  d = f["decided_anon_permille"] - want
	  if (d < 0) d = -d
	  if (d > 0.5 + 1000 / 1048576 || f["denominator"] != 1048576 || f["fraction_anon"] + f["fraction_file"] != 1048576) {
		n++; if (n <= 3) printf "# bad (want %.2f): %s\n", want, $0 > "/dev/stderr"
	  } }
	END { print n + 0 }' /tmp/rot.balance)
is "$bad" 0 "under rotation the decided anon share is the formula of the event's fields, rounded"
diag "$(awk '/mode=fract/ { for (i = 1; i <= NF; i++) if ($i ~ /^(anon_pages|file_pages|rotated_anon|rotated_file|anon_permille)=/) printf "%s ", $i; print ""; exit }' /tmp/rot.balance)"
is "$(field_check 'f["mode"] == "fract" || f["forced_by"] != "none"' /tmp/rot.balance)" 0 \
	"forced modes keep their reasons under rotation"
rmdir /sys/fs/cgroup/kbal 2>/dev/null

# --- concurrent reclaimers: three memcgs at their limits and global
# pressure at once, the policy switching under them, a reader of
# /proc/zoneinfo beside them: every pair sums to 1000 wherever it is read.
zoneinfo_sampler() {
	local n=0 bad=0 b
	while [ ! -e /tmp/cc.stop ]; do
		b=$(awk '$1 ~ /^lru_(decided|target|scan)_anon_permille$/ { a = $2 }
			 $1 ~ /^lru_(decided|target|scan)_file_permille$/ { s = a + $2; if (s != 1000 && s != 0) bad++ }
			 END { print bad + 0 }' /proc/zoneinfo)
		bad=$((bad + b))
		n=$((n + 1))
		sleep 0.1
	done
	echo "$n $bad" >/tmp/cc.zoneinfo
}
policy_churn() {
	local i=0
	while [ ! -e /tmp/cc.stop ]; do
		if [ $((i % 2)) = 0 ]; then echo rotation; else echo cost; fi >/proc/sys/vm/lru_scan_balance
		i=$((i + 1))
		sleep 0.3
	done
}
# Waits for its own reclaimers only: a bare wait would also wait for the
# sampler and the churn, which run until the capture is over.
concurrent_reclaim() {
	local i pids=()
	for i in 1 2 3; do
		memcg_pressure "kcc$i" 48 80 small &
		pids+=($!)
	done
	global_pressure 300 big 1 &
	pids+=($!)
	wait "${pids[@]}"
}
rm -f /tmp/cc.stop
zoneinfo_sampler & sampler=$!
policy_churn & churn=$!
capture /tmp/cc concurrent_reclaim
touch /tmp/cc.stop
wait "$sampler" "$churn"
echo cost >/proc/sys/vm/lru_scan_balance
n=$(wc -l </tmp/cc.balance)
cmp_ok "$n" -gt 0 "scan_balance events under concurrent reclaimers ($n)"
cmp_ok "$(awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^memcg_id=/) print $i }' /tmp/cc.balance | sort -u | wc -l)" -gt 1 \
	"from more than one memcg"
is "$(field_check "$pairs_ok" /tmp/cc.balance)" 0 \
	"concurrent reclaimers: every event's per-mille pairs sum to 1000"
read -r samples zbad </tmp/cc.zoneinfo
cmp_ok "$samples" -gt 10 "zoneinfo read while they ran ($samples times)"
is "$zbad" 0 "concurrent reclaimers: every zoneinfo pair read sums to 1000 (or 0 before a decision)"
for i in 1 2 3; do rmdir "/sys/fs/cgroup/kcc$i" 2>/dev/null; done

rm -rf "$WORKDIR"
done_testing
