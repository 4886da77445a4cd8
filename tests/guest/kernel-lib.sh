# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers of the kernel-*.sh, lrutrace and soak guest scripts: tracefs, /proc/vmstat
# and the workloads that drive reclaim.  Sourced inside the guest, after
# tests/lib/tap.sh.

TRACEFS=/sys/kernel/tracing
WORKDIR=${WORKDIR:-/var/tmp/splitlru-kernel-test}

# trace_setup KB EVENT...: clear the buffer, size it, enable only EVENTs
# (system/name), tracing still off.
trace_setup() {
	local kb=$1 ev
	shift
	echo 0 >"$TRACEFS/tracing_on"
	echo 0 >"$TRACEFS/events/enable"
	echo "$kb" >"$TRACEFS/buffer_size_kb"
	: >"$TRACEFS/trace"
	for ev in "$@"; do
		echo 1 >"$TRACEFS/events/$ev/enable"
	done
}

trace_off() {
	echo 0 >"$TRACEFS/tracing_on"
	echo 0 >"$TRACEFS/events/enable"
}

# trace_lost: events the ring buffer overwrote or dropped, all CPUs.
trace_lost() {
	cat "$TRACEFS"/per_cpu/cpu*/stats |
		awk '/^(overrun|dropped events):/ { n += $NF } END { print n + 0 }'
}

# trace_fields EVENT: the EVENT lines of the buffer as key=value fields only.
trace_fields() {
	grep -F " $1: " "$TRACEFS/trace" | sed "s/^.* $1: //"
}

vmstat() { awk -v k="$1" '$1 == k { print $2 }' /proc/vmstat; }

# The reclaim counters a quiet window must leave unchanged.
reclaim_counters() {
	awk '$1 ~ /^(pgscan_anon|pgscan_file|pgsteal_anon|pgsteal_file|pgrefill)$/ { printf "%s ", $2 }' /proc/vmstat
}

# wait_quiet [SECONDS]: until no reclaim counter moves for one second.
wait_quiet() {
	local limit=${1:-60} a b i=0
	a=$(reclaim_counters)
	while [ "$i" -lt "$limit" ]; do
		sleep 1
		b=$(reclaim_counters)
		[ "$a" = "$b" ] && return 0
		a=$b
		i=$((i + 1))
	done
	return 1
}

# wait_started PID FILE [PATTERN]: until FILE has a line matching the
# extended regex PATTERN (without one: until FILE is not empty), 0; 1 when
# PID exits or 120 s pass first.  Tools under TCG take seconds to attach.
wait_started() {
	local pid=$1 file=$2 pattern=${3:-} i
	for i in $(seq 240); do
		if [ -n "$pattern" ]; then
			grep -qE "$pattern" "$file" 2>/dev/null && return 0
		else
			[ -s "$file" ] && return 0
		fi
		kill -0 "$pid" 2>/dev/null || return 1
		sleep 0.5
	done
	return 1
}

# make_file NAME MB: a file of MB mebibytes under $WORKDIR, not cached.
make_file() {
	mkdir -p "$WORKDIR"
	[ -f "$WORKDIR/$1" ] ||
		dd if=/dev/zero of="$WORKDIR/$1" bs=1M count="$2" status=none
	sync
	echo 1 >/proc/sys/vm/drop_caches
}

# global_pressure ANON_MB FILE PASSES: anon and page cache over guest memory.
global_pressure() {
	local i
	stress-ng --vm 1 --vm-bytes "$1M" --vm-keep --timeout 6 --quiet >/dev/null 2>&1 &
	for i in $(seq "$3"); do
		cat "$WORKDIR/$2" >/dev/null
	done
	wait
}

# memcg_pressure CGROUP MAX_MB ANON_MB FILE: the same inside a memcg.
memcg_pressure() {
	local cg=/sys/fs/cgroup/$1
	mkdir -p "$cg"
	echo "$2M" >"$cg/memory.max"
	sh -c "echo \$\$ >$cg/cgroup.procs
		stress-ng --vm 1 --vm-bytes $3M --vm-keep --timeout 4 --quiet >/dev/null 2>&1 &
		cat $WORKDIR/$4 >/dev/null; cat $WORKDIR/$4 >/dev/null; wait"
}

# cgroup_id PATH: the id the kernel reports for a cgroup (its inode).
cgroup_id() { stat -c %i "/sys/fs/cgroup/$1"; }

# Sum a stat --json run: "anon_scanned file_scanned anon_reclaimed file_reclaimed"
# over the inactive lists, every node and memcg, every interval.
stat_totals() {
	python3 - "$1" <<'PY'
import json, sys
t = {"inactive_anon": [0, 0], "inactive_file": [0, 0]}
for line in open(sys.argv[1]):
    o = json.loads(line)
    for l in o["lists"]:
        if l["lru"] in t:
            t[l["lru"]][0] += l["scanned"]
            t[l["lru"]][1] += l["reclaimed"]
print(t["inactive_anon"][0], t["inactive_file"][0],
      t["inactive_anon"][1], t["inactive_file"][1])
PY
}
