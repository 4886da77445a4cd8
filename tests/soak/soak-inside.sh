#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the debug guest (tests/soak/soak.t, make soak): SECONDS of
# reclaim in several memcgs and globally while vm.lru_scan_balance,
# swappiness and MGLRU change under it and lrutrace and splitlrutop attach
# and detach in a loop.  Then the verdicts, as TAP: the kernel's checkers
# reported nothing, the tools never died, and lrutrace still agrees with
# /proc/vmstat.  $1: seconds of soak; $2: a directory on the shared tree
# for dmesg and the tools' exit codes.
. "$(dirname "$0")/../lib/tap.sh"
. "$TAP_TOP/tests/guest/kernel-lib.sh"
soak_s=${1:?usage: soak-inside.sh SECONDS OUTDIR}
out=${2:?usage: soak-inside.sh SECONDS OUTDIR}
lrutrace=$TAP_TOP/tools/lrutrace/build/lrutrace
splitlrutop=$TAP_TOP/tools/splitlrutop/build/splitlrutop
lruload=$TAP_TOP/tools/lruload/build/lruload
mglru=/sys/kernel/mm/lru_gen/enabled
mkdir -p "$out" "$WORKDIR"
: >"$out/tools.rc"
: >"$out/sysctl.err"

progress() { printf '[%5ds] soak: %s\n' "$SECONDS" "$*" >&2; }
end=$((SECONDS + soak_s))
running() { [ "$SECONDS" -lt "$end" ]; }

# ---- load: two memcgs over their memory.max, and global pressure ----
# lruload's anon+fileset mix keeps both types on the lists of each memcg;
# a memory.max below the sets forces memcg reclaim and swap.  Every load is
# bounded by passes, not time: on a slow debug kernel a timed stressor can
# end before it has touched enough to reclaim anything.
memcg_load() {	# NAME MAX ANON FILESET
	local i=0
	mkdir -p "$WORKDIR/$1"
	while running; do
		"$lruload" mix --anon "$3" --fileset "$4" --memcg "soak-$1" \
			--memory-max "$2" --seed $((i++)) --passes 2 \
			-d "$WORKDIR/$1" >/dev/null 2>>"$out/load.err"
	done
}
# One pass over anon worth 90 % of MemTotal: global reclaim, swap-out.
global_anon() {
	"$lruload" anon --size "$(awk '/MemTotal/ { print int($2 * 0.9 / 1024) "M" }' /proc/meminfo)" \
		--passes 1 >/dev/null 2>>"$out/load.err"
}
global_load() {
	make_file stream 400
	while running; do
		global_anon
		cat "$WORKDIR/stream" >/dev/null
		sleep 5
	done
}

# ---- churn: the policy every 3 s, swappiness every 6 s, MGLRU every 30 s ----
churn() {
	local policies=(cost rotation) swap=(0 60 100 200) i=0 p got
	while running; do
		p=${policies[i % 2]}
		echo "$p" >/proc/sys/vm/lru_scan_balance 2>>"$out/sysctl.err" ||
			echo "write of '$p' failed" >>"$out/sysctl.err"
		got=$(cat /proc/sys/vm/lru_scan_balance)
		[ "$got" = "$p" ] || echo "wrote '$p', read '$got'" >>"$out/sysctl.err"
		[ $((i % 2)) = 0 ] && echo "${swap[(i / 2) % 4]}" >/proc/sys/vm/swappiness
		if [ -w "$mglru" ] && [ $((i % 10)) = 9 ]; then
			if [ "$(cat "$mglru")" = 0x0000 ]; then echo y >"$mglru"; else echo n >"$mglru"; fi
		fi
		i=$((i + 1))
		sleep 3
	done
}

# ---- the tools, attached and detached in turn; every exit status kept ----
# signalled SIG SECONDS CMD...: run CMD, and SECONDS after it says it is
# tracing send it SIG.  Only after: a signal that lands before main() has
# installed its handlers (exec and library loading take seconds on the
# debug kernel under load) kills any program, and says nothing of ours.
signalled() {
	local sig=$1 after=$2 pid
	shift 2
	"$@" >/dev/null 2>"$out/tool.err" &
	pid=$!
	wait_started "$pid" "$out/tool.err" 'lrutrace: tracing'
	sleep "$after"
	kill "-$sig" "$pid" 2>/dev/null
	wait "$pid"
	local rc=$?
	cat "$out/tool.err" >>"$out/tools.err"
	return "$rc"
}
tools() {
	local i=0 rc name
	while running; do
		case $((i % 4)) in
		0) name=lrutrace-stat
		   signalled INT $((1 + RANDOM % 4)) "$lrutrace" stat 1 --json ;;
		1) name=splitlrutop
		   "$splitlrutop" -b -q --json -m -n 3 -d 1 >/dev/null 2>>"$out/tools.err" ;;
		2) name=lrutrace-events
		   signalled TERM 2 "$lrutrace" events --json ;;
		3) name=lrutrace-hist
		   signalled INT 2 "$lrutrace" hist ;;
		esac
		rc=$?
		echo "$name $rc" >>"$out/tools.rc"
		i=$((i + 1))
	done
}

progress "starting: ${soak_s}s, $(nproc) CPUs, $(awk '/MemTotal/ { print $2 }' /proc/meminfo) kB, kernel $(uname -r)"
scan0=$(($(vmstat pgscan_anon) + $(vmstat pgscan_file)))
pids=()
memcg_load a 96M 48M 64M & pids+=($!)
memcg_load b 128M 64M 96M & pids+=($!)
global_load & pids+=($!)
churn & pids+=($!)
tools & pids+=($!)
while running; do
	sleep 30
	progress "$(wc -l <"$out/tools.rc") tool runs, policy $(cat /proc/sys/vm/lru_scan_balance), swappiness $(cat /proc/sys/vm/swappiness), pgscan $(vmstat pgscan_anon)+$(vmstat pgscan_file)"
done
wait "${pids[@]}"
progress "load stopped"

# ---- verdicts ----
[ -w "$mglru" ] && echo n >"$mglru"
echo cost >/proc/sys/vm/lru_scan_balance
echo 60 >/proc/sys/vm/swappiness

scanned=$(($(vmstat pgscan_anon) + $(vmstat pgscan_file) - scan0))
cmp_ok "$scanned" -gt 10000 "the load drove reclaim during the soak ($scanned pages scanned)"
# How many runs fit depends on how slowly the debug kernel verifies the
# BPF programs; every tool must have attached and detached at least once.
runs=$(wc -l <"$out/tools.rc")
is "$(awk '{ print $1 }' "$out/tools.rc" | sort -u | tr '\n' ' ')" \
	"lrutrace-events lrutrace-hist lrutrace-stat splitlrutop " \
	"every tool attached and detached in the loop ($runs runs)"
# events may end with 6 (ring buffer overran under load, as documented).
bad=$(awk '!($2 == 0 || ($1 == "lrutrace-events" && $2 == 6))' "$out/tools.rc")
is "$bad" "" "every tool run exited 0 (events: 0 or 6)"
diag "exit statuses: $(sort "$out/tools.rc" | uniq -c | tr -s ' \n' ' ')"
is "$(cat "$out/sysctl.err")" "" "vm.lru_scan_balance always read back what was written"

dmesg >"$out/dmesg.txt"
oom_tools=$(grep -cE 'Killed process [0-9]+ \((lrutrace|splitlrutop)\)' "$out/dmesg.txt")
is "$oom_tools" 0 "the OOM killer never chose a tool"
# One warning is QEMU's, not ours: with NUMA emulation the two vCPUs share
# a last-level cache across nodes, and the scheduler says so once at boot.
known='WARNING: CPU: [0-9]+ PID: 0 at arch/x86/kernel/smpboot.c:[0-9]+ topology_sane'
grep -E "$known" "$out/dmesg.txt" | while IFS= read -r l; do diag "known, at boot: $l"; done
grep -vE "$known" "$out/dmesg.txt" >"$out/dmesg.checked"
reports='WARNING:|BUG:|kernel BUG|Oops|general protection|possible (circular|recursive) locking|inconsistent lock state|DEBUG_LOCKS_WARN_ON|KASAN|list_(add|del) corruption|sleeping function called from invalid context|blocked for more than'
grep -E "$reports" "$out/dmesg.checked" | head -n 20 | while IFS= read -r l; do diag "dmesg: $l"; done
is "$(grep -cE "$reports" "$out/dmesg.checked")" 0 "no WARN, BUG, lockdep, KASAN or list-corruption report in the kernel log"
# lockdep turns itself off after its first report or on overflow; a soak
# with lockdep off would pass blind.
if [ -r /proc/lockdep_stats ]; then
	like "$(cat /proc/lockdep_stats)" 'debug_locks: +1' "lockdep is still on at the end"
else
	fail "lockdep is compiled in (/proc/lockdep_stats)"
fi

# ---- lrutrace's per-list totals still equal the /proc/vmstat deltas ----
wait_quiet 120 || diag "reclaim did not settle before the final window"
"$lrutrace" stat 1 --json >"$out/final.json" 2>"$out/final.err" &
tracer=$!
for _ in $(seq 120); do
	grep -q 'lrutrace: tracing' "$out/final.err" && break
	sleep 0.5
done
sa0=$(vmstat pgscan_anon) sf0=$(vmstat pgscan_file) ra0=$(vmstat pgsteal_anon) rf0=$(vmstat pgsteal_file)
global_anon
wait_quiet 120 || diag "reclaim did not settle after the final window"
sa1=$(vmstat pgscan_anon) sf1=$(vmstat pgscan_file) ra1=$(vmstat pgsteal_anon) rf1=$(vmstat pgsteal_file)
sleep 1.5	# one more interval, so the last counts are reported
kill -INT "$tracer"
wait "$tracer"
is "$?" 0 "the final lrutrace exits 0 on SIGINT"
want="$((sa1 - sa0)) $((sf1 - sf0)) $((ra1 - ra0)) $((rf1 - rf0))"
cmp_ok "$((sa1 - sa0 + sf1 - sf0))" -gt 1000 "the final window reclaimed ($want)"
is "$(stat_totals "$out/final.json")" "$want" "after the soak, lrutrace's inactive scanned/reclaimed == vmstat pgscan/pgsteal deltas"
done_testing
