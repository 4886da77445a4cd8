#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest (tests/guest/lrutrace-failures.t): lrutrace's
# failure paths.  $1: a bpftool binary the host copied for us (optional).
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/tools.sh"
lrutrace=$(tool_path lrutrace)
check_tools lrutrace
bpftool=${1:-}
work=$(mktemp -d /tmp/lrutrace.XXXXXX)
chmod 755 "$work"

reclaim() { stress-ng --vm 1 --vm-bytes "${1:-420M}" --vm-keep --timeout "${2:-4}" --quiet >/dev/null 2>&1; }

bpf_objects() {
	# programs and links still loaded (the guest runs nothing else with BPF)
	echo "$("$bpftool" prog show 2>/dev/null | grep -c '^[0-9]*:') $("$bpftool" link show 2>/dev/null | grep -c '^[0-9]*:')"
}

# ---- not root ----
err=$(setpriv --reuid=1000 --regid=1000 --clear-groups "$lrutrace" stat 1 1 2>&1)
is "$?" 3 "as an unprivileged user: exit 3"
like "$err" 'permission denied: loading BPF programs needs root \(or CAP_BPF and CAP_PERFMON\)' \
	"and says what is missing"
err=$(setpriv --reuid=1000 --regid=1000 --clear-groups --inh-caps=-all "$lrutrace" events -d 1 2>&1)
is "$?" 3 "events mode too"

# ---- no BTF: hide the kernel's BTF behind an empty file ----
if mount --bind /dev/null /sys/kernel/btf/vmlinux 2>/dev/null; then
	err=$("$lrutrace" stat 1 1 2>&1)
	is "$?" 4 "without BTF: exit 4"
	like "$err" 'no BTF \(/sys/kernel/btf/vmlinux\): it needs CONFIG_DEBUG_INFO_BTF=y' "and says so"
	umount /sys/kernel/btf/vmlinux
else
	skip "no BTF" "cannot bind-mount over /sys/kernel/btf/vmlinux"
	skip "no BTF message" "cannot bind-mount over /sys/kernel/btf/vmlinux"
fi

# ---- tracefs absent: tp_btf does not need it ----
umount /sys/kernel/tracing 2>/dev/null
umount /sys/kernel/debug/tracing 2>/dev/null
out=$("$lrutrace" stat 1 1 --json 2>/dev/null)
is "$?" 0 "works with tracefs unmounted (tp_btf attaches without it)"
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null

# ---- SIGINT / SIGTERM: final interval, exit 0, nothing left loaded ----
[ -n "$bpftool" ] && before=$(bpf_objects)
for sig in INT TERM; do
	"$lrutrace" stat 30 --json >"$work/sig.out" 2>"$work/sig.err" &
	pid=$!
	for i in $(seq 120); do grep -q 'lrutrace: tracing' "$work/sig.err" && break; sleep 0.5; done
	if [ -n "$bpftool" ]; then
		during=$(bpf_objects)
	fi
	reclaim 460M 6
	kill -"$sig" "$pid"
	wait "$pid"
	is "$?" 0 "SIG$sig: exit 0"
	is "$(grep -c '"lists"' "$work/sig.out")" 1 "SIG$sig: the final (partial) interval is printed"
	if [ -n "$bpftool" ]; then
		cmp_ok "${during%% *}" -gt "${before%% *}" "SIG$sig: programs were loaded while running ($during)"
		is "$(bpf_objects)" "$before" "SIG$sig: no BPF program or link left behind"
	else
		skip "SIG$sig: programs loaded" "no bpftool"
		skip "SIG$sig: no BPF left behind" "no bpftool"
	fi
done

# ---- a closed pipe ----
reclaim 420M 8 &
wpid=$!
sleep 1
( timeout 60 "$lrutrace" events 2>"$work/pipe.err"; echo $? >"$work/pipe.rc" ) | head -3 >"$work/pipe.out"
wait "$wpid"
# a quiet run behind a closed pipe must end too, not wait for the next event
( timeout 60 "$lrutrace" events --lru active_anon --reclaimer node 2>/dev/null; echo $? >"$work/quiet.rc" ) | head -0
is "$(cat "$work/quiet.rc")" 0 "a quiet events run behind a closed pipe exits 0 (not killed by timeout)"
is "$(wc -l <"$work/pipe.out")" 3 "| head -3 gets three lines"
is "$(cat "$work/pipe.rc")" 0 "and lrutrace exits 0 when the pipe closes"
is "$(grep -v 'lrutrace: tracing' "$work/pipe.err")" "" "quietly"

# ---- a slow consumer: a tiny ring buffer behind a stalled pipe ----
reclaim 420M 6 &
wpid=$!
( timeout 60 "$lrutrace" events --ringbuf-size 4k -d 8 2>"$work/slow.err"; echo $? >"$work/slow.rc" ) |
	{ sleep 7; cat; } >"$work/slow.out"
wait "$wpid"
is "$(cat "$work/slow.rc")" 6 "events lost: exit 6"
like "$(cat "$work/slow.out")" 'LOST [0-9]+ events \(ring buffer full' "the loss is reported in the output"
like "$(cat "$work/slow.err")" 'events, [1-9][0-9]* lost' "and in the summary"
( timeout 60 "$lrutrace" events --json --ringbuf-size 4k -d 8 2>/dev/null ) | { sleep 7; cat; } >"$work/slowj.out" &
reclaim 420M 6
wait
like "$(grep '"event":"lost"' "$work/slowj.out" | head -1)" '^\{"event":"lost","count":[1-9]' "--json reports losses as objects"

# ---- --prometheus and --listen ----
ip link set lo up 2>/dev/null	# the guest's init leaves loopback down
"$lrutrace" stat 1 --prometheus "$work/lru.prom" --listen 127.0.0.1:9465 >/dev/null 2>"$work/prom.err" &
ppid=$!
for i in $(seq 120); do grep -q 'lrutrace: tracing' "$work/prom.err" && break; sleep 0.5; done
reclaim 460M 6	# under TCG, a shorter run may not reach reclaim
sleep 2
like "$(cat "$work/lru.prom" 2>/dev/null)" 'splitlru_lru_scanned_pages_total\{node="0",' "--prometheus writes the textfile"
is "$(ls "$work" | grep -c 'lru.prom.tmp')" 0 "and leaves no temporary file"
cp "$work/lru.prom" "$TAP_TOP/tests/guest/.lrutrace-metrics.prom" 2>/dev/null

http() { # METHOD PATH [EXTRA]: the whole response
	exec 3<>/dev/tcp/127.0.0.1/9465 || return 1
	# the server may answer 413 and close before a big request is sent;
	# EXTRA is one header line, and a blank line ends the request
	printf '%s %s HTTP/1.0\r\n%s\r\n' "$1" "$2" "${3:+$3$'\r\n'}" >&3 2>/dev/null
	timeout 5 cat <&3
	exec 3<&-
}
resp=$(http GET /metrics)
like "$(printf '%s' "$resp" | head -1)" '^HTTP/1.0 200 OK' "GET /metrics: 200"
like "$resp" 'splitlru_lru_scanned_pages_total' "with the counters"
like "$(http POST /metrics | head -1)" '405' "POST: 405"
like "$(http GET / | head -1)" '404' "GET /: 404"
big=$(head -c 6000 /dev/zero | tr '\0' a)
like "$(http GET /metrics "X-Big: $big" | head -1)" '413' "a request over 4 KiB: 413"
kill -INT "$ppid"
wait "$ppid"
is "$?" 0 "stat with --listen exits 0 on SIGINT"

rm -rf "$work"
done_testing
