#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest as root (tests/guest/splitlrutop.t): splitlrutop
# with BPF on the patched kernel.  $1: a directory on the shared tree where
# the recording and its frames are left for the host to replay.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/tools.sh"
cd "$TAP_TOP" || exit 1
out=${1:?usage: splitlrutop-inside.sh OUTDIR}
bin=$(tool_path splitlrutop)
lruload=$(tool_path lruload)
lrutrace=$(tool_path lrutrace)
check_tools splitlrutop lruload lrutrace
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
# read_node_meminfo NID: every "KEY: value" of nodeN/meminfo appended to
# seen[KEY], with bash builtins only: a forked awk or sleep would itself
# add a few hundred kB of anon pages to the counters under test.
declare -A seen
read_node_meminfo() {
	local node nid key val unit
	while read -r node nid key val unit; do
		seen[${key%:}]+=" $val"
	done <"/sys/devices/system/node/node$1/meminfo"
}
# nap: 0.1 s without a fork, as a read timeout on a FIFO nobody writes.
nap_fifo=/var/tmp/splitlru/nap.fifo
rm -f "$nap_fifo"; mkfifo "$nap_fifo"
exec 9<>"$nap_fifo"
nap() { read -r -t 0.1 -u 9 _ || :; }
. "$(dirname "$0")/splitlrutop-screen.sh"

# ---- the interactive screen, read with capture-pane ----
# A freshly booted guest has not reclaimed yet, so the kernel has made no
# balance decision to show: a little proactive reclaim on the root cgroup
# makes get_scan_count() decide for every node's root lruvec.
[ -e /sys/fs/cgroup/memory.reclaim ] && echo 4M >/sys/fs/cgroup/memory.reclaim 2>/dev/null
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
# tmux can be captured between two writes of one frame: the header of the
# second frame may be on screen before its table, so wait for the table too.
ok wait_for "LISTS all nodes +from BPF" 5
if [ $series = 1 ]; then
	is "$(grep -c '^source series *$' <<<"$screen")" 1 "as root on the patched kernel: source series, nothing missing"
	ok wait_for 'decided +[0-9]+/[0-9]+ +(bpf|zoneinfo)' 30
	ok wait_for 'target +[0-9]+/[0-9]+ +(bpf|zoneinfo) +of the scan targets' 30
else
	like "$screen" 'source stock-(fentry|tracepoints): ' "on a stock kernel the source line names a stock source and its limits"
fi

# Per-node values against nodeN/meminfo read every 0.1 s, with nothing
# else running in this shell, for four refresh intervals before the screen
# is captured: the frame on screen was sampled inside that window, so a
# value on screen must be one meminfo had in it (give or take the
# precision it is printed at).  A window of one interval is not enough:
# the sample behind the frame is taken up to an interval before the draw,
# and two were not always enough under TCG on a loaded host.
for nid in $(ls /sys/devices/system/node | sed -n 's/^node\([0-9]*\)$/\1/p'); do
	seen=()
	for ((i = 0; i < 42; i++)); do
		read_node_meminfo "$nid"
		nap
	done
	screen=$(tmux capture-pane -p -t "$s")
	for key in MemTotal MemFree 'Active(anon)' 'Inactive(anon)' 'Active(file)' 'Inactive(file)'; do
		shown=$(awk -v n="node $nid " -v k="$key " '
			index($0, n) == 1 { found = 1 }
			found && (i = index($0, k)) { split(substr($0, i + length(k)), w, " "); print w[1]; exit }' <<<"$screen")
		set -- $(to_kb "$shown")
		within=$(awk -v g="${1:-0}" -v p="${2:-0}" -v seen="${seen[$key]}" 'BEGIN {
			n = split(seen, v, " "); lo = v[1]; hi = v[1]
			for (i = 2; i <= n; i++) { if (v[i] < lo) lo = v[i]; if (v[i] > hi) hi = v[i] }
			print (n > 0 && g >= lo - p && g <= hi + p) ? 1 : 0 }')
		cmp_ok "$within" -eq 1 "node $nid $key on screen ($shown) is what meminfo showed in the window (${seen[$key]} kB)"
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
# memory.stat is read only while the view is up: m must start it at once
ok wait_for 'MEMCGS +[1-9][0-9]* cgroups'
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
# The two cannot start or stop at the same instant, so the window is made
# quiet at both ends: no list is being scanned when either tool starts or
# stops, and every page of the workload's reclaim falls inside both.
# A second splitlrutop runs beside the first with no minimal BTF to find
# (issue 17): the kernel's whole BTF, the tp_btf programs.  The host
# compares the two windows' figures, and the first one's peak RSS.
scan_total() {	# pages scanned on all four lists since boot
	awk '/^(pgscan_anon|pgscan_file|pgrefill) / { s += $2 } END { print s + 0 }' /proc/vmstat
}
wait_quiet() {	# until nothing was scanned for 3 s (at most 90 s)
	local last now i quiet=0
	last=$(scan_total)
	for ((i = 0; i < 90 && quiet < 3; i++)); do
		sleep 1
		now=$(scan_total)
		if [ "$now" = "$last" ]; then quiet=$((quiet + 1)); else quiet=0; fi
		last=$now
	done
}
wait_lines() {	# wait_lines FILE N: until FILE has N lines (at most 60 s)
	local i
	for ((i = 0; i < 600; i++)); do
		[ "$(grep -c . "$1" 2>/dev/null)" -ge "$2" ] && return 0
		sleep 0.1
	done
	return 1
}
if [ -x "$lrutrace" ]; then
	# A guest full of page cache reclaims file pages for any allocation,
	# a tool's own start included: reclaim between one tool's attach and
	# another's would be counted by one and not the other.  With the cache
	# dropped the starts are quiet; the workload below still reclaims.
	sync
	echo 3 >/proc/sys/vm/drop_caches
	wait_quiet
	# The kernel's-BTF splitlrutop first (the heavier load, 11 MB), and
	# quiet again after it.
	SPLITLRU_MIN_BTF_DIR=/nonexistent "$bin" -b --json -d 1 -v \
		>"$out/window-full.json" 2>"$out/window-full.err" &
	sf=$!
	wait_lines "$out/window-full.json" 1
	wait_quiet
	"$lrutrace" stat --json 1 >"$out/lrutrace.json" 2>"$out/lrutrace.err" &
	lt=$!
	"$bin" -b --json -d 1 -q -v >"$out/window.json" 2>"$out/window.err" &
	st=$!
	# All attached: lrutrace has said so and each splitlrutop drew a frame.
	wait_lines "$out/window.json" 1
	until grep -q tracing "$out/lrutrace.err" || ! kill -0 "$lt" 2>/dev/null; do sleep 0.1; done
	bpftool prog show >"$out/window.progs" 2>&1
	# One pass over 450M of anon in a 512M guest reaches swap however
	# slowly the guest runs.
	"$lruload" anon --size 450M --passes 1 >>"$out/lruload.log" 2>&1
	wait_quiet
	# A frame sampled after the quiet point closes splitlrutop's window.
	wait_lines "$out/window.json" $(($(grep -c . "$out/window.json") + 2))
	wait_lines "$out/window-full.json" $(($(grep -c . "$out/window-full.json") + 2))
	# Peak RSS (VmHWM, kB) of each, minimal BTF first, after the load and
	# a workload's worth of frames.
	echo "$(awk '$1 == "VmHWM:" { print $2 }' "/proc/$st/status")" \
	     "$(awk '$1 == "VmHWM:" { print $2 }' "/proc/$sf/status")" >"$out/window.hwm"
	kill -INT "$lt"
	kill -TERM "$st" "$sf"
	wait "$lt" "$st" "$sf"
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
like "$deg" 'source proc-only \(no BPF: not root' "the source line says proc-only: BPF is off, not root"
like "$deg" 'decided +[0-9-]+/[0-9-]+ +(zoneinfo)?' "the decision comes from zoneinfo"
like "$deg" 'from /proc/vmstat' "the table comes from vmstat"
su tester -s /bin/bash -c "$bin -b --json -n 1 -d 1 -q" >"$out/tester.json"
ok test -s "$out/tester.json"
tmux kill-session -t "$s"
tmux new-session -d -s "$s" -x 80 -y 24 "su tester -s /bin/bash -c 'env TERM=vt100 $bin -d 1'; echo EXIT=\$?; sleep 600"
ok wait_for 'source proc-only' 30
tmux send-keys -t "$s" q
ok wait_for '^EXIT=0'
done_testing
