#!/bin/bash
# Runs inside the guest as root (tests/guest/splitlrutop.t): splitlrutop
# with BPF on the patched kernel.  $1: a directory on the shared tree where
# the recording and its frames are left for the host to replay.
. "$(dirname "$0")/../lib/tap.sh"
cd "$TAP_TOP" || exit 1
out=${1:?usage: splitlrutop-inside.sh OUTDIR}
bin=$TAP_TOP/tools/splitlrutop/build/splitlrutop
lruload=$TAP_TOP/tests/workloads/build/lruload
lrutrace=$TAP_TOP/tools/lrutrace/build/lrutrace
mkdir -p "$out" /var/tmp/splitlru
s=slt-guest
trap 'tmux kill-server 2>/dev/null' EXIT

# kB from the screen's "512M", "1.5G", "12K", with the precision it was
# printed at (half a unit of the last digit) as a second field.
to_kb() {
	awk -v v="$1" 'BEGIN {
		u = substr(v, length(v)); n = substr(v, 1, length(v) - 1) + 0
		m = u == "K" ? 1 : u == "M" ? 1024 : u == "G" ? 1048576 : u == "T" ? 1073741824 : 0
		step = index(v, ".") ? 0.05 : 0.5
		printf "%d %d\n", n * m, step * m + 1 }'
}
node_kb() {	# node_kb NID KEY
	awk -v k="$2:" '$3 == k { print $4 }' "/sys/devices/system/node/node$1/meminfo"
}
. "$(dirname "$0")/splitlrutop-screen.sh"

# ---- the interactive screen, read with capture-pane ----
progs_before=$(bpftool prog show 2>/dev/null | grep -c '^[0-9]*:')
tmux new-session -d -s "$s" -x 80 -y 24 "env TERM=linux $bin -d 1; echo EXIT=\$?; stty -a | grep -qE '(^| )icanon( |\$)' && stty -a | grep -qE '(^| )echo( |\$)' && echo TERMINAL=SANE; sleep 600"
ok wait_for 'LISTS all nodes' 60
ok wait_for 'self cpu [0-9.]+%' 20	# the second frame: the first interval
if [ -e /proc/sys/vm/lru_scan_balance ]; then series=1; else series=0; fi
if [ $series = 1 ]; then
	like "$screen" 'policy (cost|rotation)' "header shows vm.lru_scan_balance"
else
	like "$screen" 'policy -' "header shows no policy on a kernel without the series"
fi
like "$screen" 'swappiness [0-9]+' "header shows swappiness"
like "$screen" 'MGLRU off' "header shows MGLRU off"
like "$screen" 'PSI mem some [0-9.]+% full [0-9.]+%' "header shows memory PSI"
like "$screen" 'swap [0-9.]+[KMG]/[0-9.]+[KMG]' "header shows swap used/total"
like "$screen" 'self cpu [0-9.]+% [0-9.kM-]+ ev/s' "header shows the tool's own cost"
like "$screen" 'from BPF' "per-list table comes from BPF"
if [ $series = 1 ]; then
	is "$(grep -c 'DEGRADED' <<<"$screen")" 0 "as root on the patched kernel nothing is degraded"
	ok wait_for 'decided +[0-9]+/[0-9]+ +(event|zoneinfo)' 30
else
	like "$screen" 'DEGRADED: BPF on stock events' "on a stock kernel the banner says BPF runs on the stock events"
fi

# Per-node values against nodeN/meminfo read every 0.1 s through the
# refresh that drew the screen: a value on screen must be one meminfo had
# within that second (give or take the precision it is printed at).
for nid in $(ls /sys/devices/system/node | sed -n 's/^node\([0-9]*\)$/\1/p'); do
	for key in MemTotal MemFree 'Active(anon)' 'Inactive(anon)' 'Active(file)' 'Inactive(file)'; do
		seen=""
		for i in $(seq 14); do
			seen="$seen $(node_kb "$nid" "$key")"
			sleep 0.1
		done
		screen=$(tmux capture-pane -p -t "$s")
		shown=$(awk -v n="node $nid " -v k="$key " '
			index($0, n) == 1 { found = 1 }
			found && (i = index($0, k)) { split(substr($0, i + length(k)), w, " "); print w[1]; exit }' <<<"$screen")
		set -- $(to_kb "$shown")
		within=$(awk -v g="${1:-0}" -v p="${2:-0}" -v seen="$seen" 'BEGIN {
			n = split(seen, v, " "); lo = v[1]; hi = v[1]
			for (i = 2; i <= n; i++) { if (v[i] < lo) lo = v[i]; if (v[i] > hi) hi = v[i] }
			print (g >= lo - p && g <= hi + p) ? 1 : 0 }')
		cmp_ok "$within" -eq 1 "node $nid $key on screen ($shown) is what meminfo showed during the refresh ($seen kB)"
	done
done

tmux send-keys -t "$s" h
ok wait_for 'help: keys'
help_lists_keys
tmux send-keys -t "$s" x
ok wait_for 'LISTS all nodes'
if [ $series = 1 ]; then
	tmux send-keys -t "$s" b
	ok wait_for "switch vm.lru_scan_balance to '(rotation|cost)'\\? y confirms"
	tmux send-keys -t "$s" n
	ok wait_for 'vm.lru_scan_balance unchanged'
	policy=$(cat /proc/sys/vm/lru_scan_balance)
	other=$([ "$policy" = cost ] && echo rotation || echo cost)
	tmux send-keys -t "$s" b
	ok wait_for "switch vm.lru_scan_balance to '$other'"
	tmux send-keys -t "$s" y
	ok wait_for "policy $other "
	is "$(cat /proc/sys/vm/lru_scan_balance)" "$other" "b then y switched the sysctl to $other"
	tmux send-keys -t "$s" b
	ok wait_for "switch vm.lru_scan_balance to '$policy'"
	tmux send-keys -t "$s" y
	ok wait_for "policy $policy "
	is "$(cat /proc/sys/vm/lru_scan_balance)" "$policy" "and back to $policy"
else
	tmux send-keys -t "$s" b
	ok wait_for 'no vm.lru_scan_balance: this kernel lacks the splitlru series'
fi
tmux send-keys -t "$s" m
ok wait_for 'MEMCGS'
tmux resize-window -t "$s" -x 40 -y 10
ok wait_for 'terminal too small: 40x10'
tmux resize-window -t "$s" -x 80 -y 24
ok wait_for 'MEMCGS'
tmux send-keys -t "$s" q
ok wait_for '^EXIT=0'
# TERM=linux has no alternate screen, so the last frame stays; what must
# come back is the line discipline: canonical mode and echo.
ok wait_for '^TERMINAL=SANE' 5
if command -v bpftool >/dev/null; then
	is "$(bpftool prog show | grep -c '^[0-9]*:')" "$progs_before" "q leaves no BPF program loaded"
else
	skip "q leaves no BPF program loaded" "no bpftool in the guest"
fi

# ---- batch JSON, checked on the host (the guest has no jq) ----
# One frame, with node meminfo read every 0.1 s while it is taken; each
# read is one block ended by "--" in one.meminfo.
"$bin" -b --json -n 1 -d 1 -q >"$out/one.json" &
st=$!
: >"$out/one.meminfo"
while kill -0 "$st" 2>/dev/null; do
	cat /sys/devices/system/node/node*/meminfo >>"$out/one.meminfo"
	echo -- >>"$out/one.meminfo"
	sleep 0.1
done
wait "$st"
ok test -s "$out/one.json"

# The workload's files exist before any measured window: creating 700M
# on the guest's disk takes over a minute under TCG.
"$lruload" stream --size 700M --passes 1 >"$out/lruload.log" 2>&1
sync

# splitlrutop and lrutrace over the same window, with reclaim inside it.
if [ -x "$lrutrace" ]; then
	# TCG touches ~60 MB/s: 450M of anon takes ~8 s to reach swap.
	"$lrutrace" stat --json 24 1 >"$out/lrutrace.json" 2>"$out/lrutrace.err" &
	lt=$!
	"$bin" -b --json -n 24 -d 1 -q >"$out/window.json" &
	st=$!
	sleep 2
	"$lruload" anon --size 450M --duration 16 >>"$out/lruload.log" 2>&1
	wait "$lt" "$st"
	ok test -s "$out/lrutrace.json"
else
	skip "lrutrace over the same window" "lrutrace is not built"
fi

# From file pressure to anon pressure; the host compares the phases.
echo 3 >/proc/sys/vm/drop_caches
"$bin" -b --json -d 1 -q >"$out/direction.json" &
st=$!
sleep 2
a0=$(date +%s)
"$lruload" stream --size 700M --duration 20 >>"$out/lruload.log" 2>&1
a1=$(date +%s)
"$lruload" anon --size 450M --duration 20 >>"$out/lruload.log" 2>&1
b1=$(date +%s)
kill -TERM "$st"
wait "$st"
echo "$a0 $a1 $b1" >"$out/direction.phases"
cmp_ok "$(grep -c . "$out/direction.json")" -ge 20 "frames through both phases"

# ---- a recording for the host to replay ----
"$bin" -b -n 5 -d 1 -q -w "$out/session.rec" >"$out/session.frames"
"$bin" -b --json -r "$out/session.rec" >"$out/session.json"
is "$(grep -c '^E ' "$out/session.rec")" 6 "a 5-frame session records 6 samples"

# ---- degraded, as the unprivileged user ----
deg=$(su tester -s /bin/bash -c "$bin -b -n 2 -d 1" 2>&1)
is "$?" 0 "as tester (not root) it runs"
like "$deg" 'DEGRADED: no BPF \(not root' "the banner says BPF is off because it is not root"
like "$deg" 'decided +[0-9-]+/[0-9-]+ +(zoneinfo)?' "the decision comes from zoneinfo"
like "$deg" 'from /proc/vmstat' "the table comes from vmstat"
su tester -s /bin/bash -c "$bin -b --json -n 1 -d 1 -q" >"$out/tester.json"
ok test -s "$out/tester.json"
tmux new-session -d -s "$s" -x 80 -y 24 "su tester -s /bin/bash -c 'env TERM=vt100 $bin -d 1'; echo EXIT=\$?; sleep 600"
ok wait_for 'DEGRADED' 30
tmux send-keys -t "$s" q
ok wait_for '^EXIT=0'
done_testing
