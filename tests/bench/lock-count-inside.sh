#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest for tests/bench/lock-count, on a kernel with
# CONFIG_LOCK_STAT (the debug and stock-debug variants): RUNS times the
# same reclaim workload with every tracepoint off and the default policy,
# each from zeroed lock statistics.  Prints one CSV line per run:
#   run,lru_lock_acquisitions,lru_lock_contentions,pages_scanned
# pages_scanned is the pgscan_anon + pgscan_file delta of /proc/vmstat.
# The workload, small because the debug kernels run it ten times slower
# under TCG (two memcgs of 48M at 2x96M streams scan about 60000 pages):
# two memcgs at their memory.max, so that limit reclaim
# walks memcg ancestors (where the defect of issue 14 took the root's
# lru_lock), beside global pressure from their streams (kswapd ageing).
top=$(cd "$(dirname "$0")/../.." && pwd)
lruload="$top/tools/lruload/build/lruload"
runs=${1:-1}
die() { echo "lock-count-inside: $*" >&2; exit 1; }

[ -r /proc/lock_stat ] || die "no /proc/lock_stat: this kernel lacks CONFIG_LOCK_STAT (boot --kernel debug or stock-debug)"
[ -x "$lruload" ] || die "$lruload is not built (make build)"
mkdir -p /var/tmp/splitlru

# The "acquisitions" column of the &lruvec->lru_lock class: the 8th number
# after the class name (lockdep_proc.c: con-bounces, then contentions and
# four wait times, acq-bounces, acquisitions, four hold times).
lru_lock() {
	awk '$1 == "&lruvec->lru_lock:" { print $9, $3; found = 1 }
	     END { if (!found) print "0 0" }' /proc/lock_stat
}
scanned() { awk '$1 == "pgscan_anon" || $1 == "pgscan_file" { s += $2 } END { print s + 0 }' /proc/vmstat; }

# Events stay off: nothing under events/ is enabled at boot; make sure.
[ -w /sys/kernel/tracing/tracing_on ] && echo 0 >/sys/kernel/tracing/tracing_on

workload() {
	local g
	for g in a b; do
		"$lruload" mix --memcg "lockcount-$g" --memory-max 48M \
			--anon 32M --stream 96M --passes 2 --seed 7 >/dev/null &
	done
	wait
}

# The files exist before the first measured run, so that no run pays for
# writing them.
"$lruload" stream --size 96M --passes 1 >/dev/null || die "lruload cannot write its stream file"
for ((r = 1; r <= runs; r++)); do
	sync
	echo 3 >/proc/sys/vm/drop_caches
	echo 0 >/proc/lock_stat
	s0=$(scanned)
	workload
	s1=$(scanned)
	grep -q 'lock debugging disabled' /proc/lock_stat &&
		die "lockdep turned itself off (a lockdep report, see dmesg): the counts stopped"
	read -r acq con < <(lru_lock)
	echo "$r,$acq,$con,$((s1 - s0))"
done
