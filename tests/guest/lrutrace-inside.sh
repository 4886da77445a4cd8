#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest (tests/guest/lrutrace.t): lrutrace's numbers against
# the kernel's own.  Three tracers watch one reclaim window side by side:
# stat (full), stat --fallback and the event stream; their inactive-list
# totals must equal the pgscan/pgsteal deltas of /proc/vmstat exactly.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/tools.sh"
. "$(dirname "$0")/kernel-lib.sh"
lrutrace=$(tool_path lrutrace)
check_tools lrutrace mmstat
work=$(mktemp -d /tmp/lrutrace.XXXXXX)


# Wait until reclaim is quiet: pgscan and pgsteal unchanged for 2 s.
quiet() {
	local a b i
	for i in $(seq 30); do
		a=$(vmstat pgscan_anon)/$(vmstat pgscan_file)/$(vmstat pgsteal_anon)/$(vmstat pgsteal_file)
		sleep 2
		b=$(vmstat pgscan_anon)/$(vmstat pgscan_file)/$(vmstat pgsteal_anon)/$(vmstat pgsteal_file)
		[ "$a" = "$b" ] && return 0
	done
	return 1
}

# start NAME ARGS...: run lrutrace in the background, wait until attached.
start() {
	local name=$1 i
	shift
	"$lrutrace" "$@" >"$work/$name.out" 2>"$work/$name.err" &
	eval "pid_$name=$!"
	for i in $(seq 120); do
		grep -q 'lrutrace: tracing' "$work/$name.err" && return 0
		sleep 0.5
	done
	diag "lrutrace $* did not attach:" "$(cat "$work/$name.err")"
	return 1
}

# stop NAME: SIGINT, wait; the exit status lands in $stopped (not a
# subshell: only this shell can wait for its children).
stop() {
	local pid
	eval "pid=\$pid_$1"
	kill -INT "$pid"
	wait "$pid"
	stopped=$?
}

# The same from the event stream, plus the balance checks.
event_totals() {
	python3 - "$1" <<'PY'
import json, sys
t = {"inactive_anon": [0, 0], "inactive_file": [0, 0]}
decisions = bad = lost = 0
for line in open(sys.argv[1]):
    o = json.loads(line)
    ev = o.get("event")
    if ev == "shrink" and o["lru"] in t:
        t[o["lru"]][0] += o["nr_scanned"]
        t[o["lru"]][1] += o["nr_reclaimed"]
    elif ev == "balance":
        decisions += 1
        if (o["decided_anon_permille"] + o["decided_file_permille"] != 1000 or
                o["target_anon_permille"] + o["target_file_permille"] != 1000):
            bad += 1
    elif ev == "lost":
        lost += o["count"]
print(t["inactive_anon"][0], t["inactive_file"][0],
      t["inactive_anon"][1], t["inactive_file"][1], decisions, bad, lost)
PY
}

[ -x "$lrutrace" ] || { fail "lrutrace is built"; done_testing; }
command -v python3 >/dev/null || { fail "python3 in the guest"; done_testing; }

# A file to read back under pressure, so both types are reclaimed.
dd if=/dev/zero of="$work/file" bs=1M count=160 status=none
sync
quiet || diag "reclaim did not settle before the window"

start stat stat 1 --json || fail "stat attaches"
start fallback stat 1 --json --fallback || fail "stat --fallback attaches"
start events events --json --ringbuf-size 16M || fail "events attaches"
like "$(cat "$work/fallback.err")" 'tracing, source stock-tracepoints: no balance decision events; no memcg; no list moves' \
	"--fallback says in one line what it cannot see"
full=0
grep -Eq 'tracing, source (series|stock-fentry)' "$work/stat.err" && full=1
diag "kernel series present: $full"

sa0=$(vmstat pgscan_anon) sf0=$(vmstat pgscan_file) ra0=$(vmstat pgsteal_anon) rf0=$(vmstat pgsteal_file)
# Reclaim: read the file into the cache, then 420M of anon in a 512M guest.
cat "$work/file" >/dev/null
stress-ng --vm 1 --vm-bytes 420M --vm-keep --timeout 6 --quiet >/dev/null 2>&1
cat "$work/file" >/dev/null
quiet || diag "reclaim did not settle after the window"
sa1=$(vmstat pgscan_anon) sf1=$(vmstat pgscan_file) ra1=$(vmstat pgsteal_anon) rf1=$(vmstat pgsteal_file)
sleep 1.5	# one more interval, so the last counts are reported

stop stat
is "$stopped" 0 "stat exits 0 on SIGINT"
stop fallback
is "$stopped" 0 "stat --fallback exits 0 on SIGINT"
stop events
is "$stopped" 0 "events exits 0 on SIGINT (no events lost)"

want="$((sa1 - sa0)) $((sf1 - sf0)) $((ra1 - ra0)) $((rf1 - rf0))"
diag "vmstat deltas (pgscan_anon pgscan_file pgsteal_anon pgsteal_file): $want"
cmp_ok "$((sa1 - sa0 + sf1 - sf0))" -gt 1000 "the workload reclaimed (pgscan delta $((sa1 - sa0 + sf1 - sf0)))"

got=$(stat_totals "$work/stat.out")
is "$got" "$want" "stat --json inactive scanned/reclaimed per type == vmstat pgscan/pgsteal deltas"
fb=$(stat_totals "$work/fallback.out")
is "$fb" "$want" "stat --fallback gives the same inactive-list totals"
read -r ea ef era erf decisions bad lost <<<"$(event_totals "$work/events.out")"
is "$ea $ef $era $erf" "$got" "the event stream's totals == the stat totals"
is "$lost" 0 "no events lost with a 16M ring buffer"

python3 -c '
import json, sys
for line in open(sys.argv[1]):
    o = json.loads(line)
    assert set(o) >= {"ts", "interval_s", "lists", "balance", "drops"}, o.keys()
    for l in o["lists"]:
        assert set(l) >= {"nid", "memcg_id", "lru", "scanned", "reclaimed", "rotated", "activated", "deactivated"}
' "$work/stat.out"
is "$?" 0 "every stat interval has the documented JSON keys"

if [ "$full" = 1 ]; then
	cmp_ok "$decisions" -gt 0 "balance decisions streamed ($decisions)"
	is "$bad" 0 "decided and target pairs each sum to 1000 on every decision"
	memcgs=$(python3 -c '
import json, sys
ids = set()
for line in open(sys.argv[1]):
    for l in json.loads(line)["lists"]:
        ids.add(l["memcg_id"])
print(len([i for i in ids if i]))' "$work/stat.out")
	cmp_ok "$memcgs" -gt 0 "the default source attributes shrinks to memcgs"
	share=$(python3 -c '
import json, sys
n = 0
for line in open(sys.argv[1]):
    for b in json.loads(line)["balance"]:
        assert b["decided_anon_permille"] + b["decided_file_permille"] == 1000
        assert b["target_anon_permille"] + b["target_file_permille"] == 1000
        assert b["policy"] in ("cost", "rotation")
        n += 1
print(n)' "$work/stat.out")
	cmp_ok "${share:-0}" -gt 0 "stat --json carries the latest decision per (nid, memcg), shares sum to 1000"
else
	skip "balance decisions" "kernel without the splitlru series"
	skip "permille sums" "kernel without the splitlru series"
	skip "memcg attribution" "kernel without the splitlru series"
	skip "stat balance" "kernel without the splitlru series"
fi

# ---- a memcg: --memcg filters to it, and its totals match its memory.stat ----
cg=/sys/fs/cgroup/lrutrace-test
mkdir -p "$cg" && echo 96M >"$cg/memory.max"
if [ "$full" = 1 ]; then
	start memcg stat 1 --json --memcg lrutrace-test || fail "stat --memcg attaches"
	p0=$(awk '$1 == "pgscan" { print $2 }' "$cg/memory.stat")
	s0=$(awk '$1 == "pgsteal" { print $2 }' "$cg/memory.stat")
	sh -c "echo \$\$ >$cg/cgroup.procs; exec stress-ng --vm 1 --vm-bytes 200M --vm-keep --timeout 5 --quiet" >/dev/null 2>&1
	p1=$(awk '$1 == "pgscan" { print $2 }' "$cg/memory.stat")
	s1=$(awk '$1 == "pgsteal" { print $2 }' "$cg/memory.stat")
	sleep 1.5
	stop memcg
	is "$stopped" 0 "stat --memcg exits 0"
	read -r ma mf mra mrf <<<"$(stat_totals "$work/memcg.out")"
	is "$((ma + mf)) $((mra + mrf))" "$((p1 - p0)) $((s1 - s0))" \
		"stat --memcg totals == the memcg's memory.stat pgscan/pgsteal deltas"
	ids=$(python3 -c '
import json, sys
print(sorted({l["memcg_id"] for line in open(sys.argv[1]) for l in json.loads(line)["lists"]}))' "$work/memcg.out")
	is "$ids" "[$(stat -c %i "$cg")]" "--memcg PATH resolves to the cgroup id and filters to it"
else
	err=$("$lrutrace" stat 1 1 --memcg lrutrace-test 2>&1)
	is "$?" 5 "--memcg without the series exits 5"
	like "$err" 'carry no memcg' "and says why"
fi
# One meaning of a cgroup argument in every tool (lib/cgroup.c): "/NAME",
# the name /proc/PID/cgroup prints, is the cgroup below the mount, and
# each tool says which reading it used.
note="--memcg /lrutrace-test: not a cgroup directory; using $cg "
mm=$("$(tool_path mmstat)" memcg /lrutrace-test anon 2>"$work/mm.err")
is "$?" 0 "mmstat memcg /lrutrace-test reads $cg/memory.stat"
like "$mm" '^anon=[0-9]+$' "... its anon line"
like "$(cat "$work/mm.err")" "^mmstat: memcg /lrutrace-test: not a cgroup directory; using $cg " "... and says which reading"
if [ "$full" = 1 ]; then
	"$lrutrace" stat 0.2 1 --json --memcg /lrutrace-test >/dev/null 2>"$work/slash.err"
	is "$?" 0 "lrutrace --memcg /lrutrace-test attaches to the same cgroup"
	like "$(cat "$work/slash.err")" "^lrutrace: $note" "... and says which reading"
fi
rmdir "$cg" 2>/dev/null

# ---- hist: one report at SIGINT ----
start hist hist --json || fail "hist attaches"
stress-ng --vm 1 --vm-bytes 420M --vm-keep --timeout 3 --quiet >/dev/null 2>&1
stop hist
is "$stopped" 0 "hist exits 0 on SIGINT"
is "$(wc -l <"$work/hist.out")" 1 "hist without INTERVAL reports once, at the end"
hist=$(python3 -c '
import json, sys
o = json.loads(open(sys.argv[1]).readline())
print(sum(s["count"] for s in o["priority"]), sum(s["count"] for s in o["reclaimed_pages"]))' "$work/hist.out")
read -r prio recl <<<"$hist"
cmp_ok "${prio:-0}" -gt 0 "hist counts shrink priorities ($prio)"
cmp_ok "${recl:-0}" -gt 0 "hist counts pages reclaimed per shrink ($recl)"

rm -rf "$work"
done_testing
