#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest as root (tests/guest/failure-matrix.t): lrutrace and
# splitlrutop under each failure condition of issue 8.  Every case asserts
# the exit status, the message, and that no BPF program or link is left
# loaded; the interactive cases also assert that the terminal is restored.
# docs/failure-matrix.md is the table of what each case expects and why.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/tools.sh"
cd "$TAP_TOP" || exit 1
lrutrace=$(tool_path lrutrace)
top=$(tool_path splitlrutop)
check_tools lrutrace splitlrutop
work=$(mktemp -d /tmp/matrix.XXXXXX)
chmod 755 "$work"
s=matrix
trap 'tmux kill-server 2>/dev/null; umount /sys/kernel/btf/vmlinux /mnt/full 2>/dev/null; rm -rf "$work"' EXIT
. "$(dirname "$0")/splitlrutop-screen.sh"

bpf_objects() {
	echo "$(bpftool prog show 2>/dev/null | grep -c '^[0-9]*:') $(bpftool link show 2>/dev/null | grep -c '^[0-9]*:')"
}
baseline=$(bpf_objects)
nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all)
reclaim() { stress-ng --vm 1 --vm-bytes "${1:-420M}" --vm-keep --timeout "${2:-4}" --quiet >/dev/null 2>&1; }

# expect CASE STATUS REGEX CMD...: CMD (at most 90 s) exits STATUS, its
# stdout+stderr match REGEX, and it leaves no BPF behind.
expect() {
	local name=$1 want=$2 re=$3 out rc
	shift 3
	out=$(timeout 90 "$@" 2>&1)
	rc=$?
	is "$rc" "$want" "$name: exit $want"
	like "$out" "$re" "$name: says so"
	if [ "$rc" != "$want" ] || ! [[ "$out" =~ $re ]]; then diag "$(tail -5 <<<"$out")"; fi
	is "$(bpf_objects)" "$baseline" "$name: no BPF program or link left"
}
frame=(-b -n 1 -d 0.2)

# ---- not root ----
expect "lrutrace as nobody" 3 'permission denied: loading BPF programs needs root' \
	"${nobody[@]}" "$lrutrace" stat 1 1
expect "splitlrutop as nobody" 0 'source proc-only \(no BPF: not root' "${nobody[@]}" "$top" "${frame[@]}"

# ---- no BTF: the kernel's BTF hidden behind an empty file ----
mount --bind /dev/null /sys/kernel/btf/vmlinux
expect "lrutrace without BTF" 4 'the kernel has no BTF' "$lrutrace" stat 1 1
expect "splitlrutop without BTF" 0 'source proc-only \(no BPF: kernel has no BTF' "$top" "${frame[@]}"
umount /sys/kernel/btf/vmlinux

# ---- a stock kernel, as far as the tools can tell: --fallback ----
expect "lrutrace --fallback" 0 'tracing, source stock-tracepoints: no balance decision events; no memcg; no list moves' \
	"$lrutrace" stat 1 1 --fallback
expect "lrutrace --fallback --memcg" 5 'the stock events carry no memcg' \
	"$lrutrace" stat 1 1 --fallback --memcg /sys/fs/cgroup
expect "splitlrutop --fallback" 0 'source stock-tracepoints: no balance decision events' "$top" "${frame[@]}" --fallback

# ---- tracefs unmounted: tp_btf attaches without it ----
umount /sys/kernel/tracing 2>/dev/null
expect "lrutrace without tracefs" 0 'interval .* source series' "$lrutrace" stat 1 1
out=$(timeout 90 "$top" "${frame[@]}" 2>&1)
is "$?" 0 "splitlrutop without tracefs: exit 0"
is "$(grep -c '^source series *$' <<<"$out")" 1 "splitlrutop without tracefs: BPF still on, source series"
mount -t tracefs tracefs /sys/kernel/tracing

# ---- MGLRU enabled: the classic lists are bypassed ----
if echo y >/sys/kernel/mm/lru_gen/enabled 2>/dev/null; then
	expect "lrutrace with MGLRU on" 0 'MGLRU is enabled: reclaim bypasses the classic lists' \
		"$lrutrace" stat 1 1
	expect "splitlrutop with MGLRU on" 0 'MGLRU is enabled: reclaim bypasses the classic lists' "$top" "${frame[@]}"
	echo n >/sys/kernel/mm/lru_gen/enabled
else
	skip "MGLRU cases" "the kernel has no /sys/kernel/mm/lru_gen/enabled"
fi

# ---- a full ring buffer: a 4 KiB buffer behind a consumer that stalls ----
reclaim 420M 6 &
( timeout 60 "$lrutrace" events --ringbuf-size 4k -d 8 2>"$work/rb.err"; echo $? >"$work/rb.rc" ) |
	{ sleep 7; cat; } >"$work/rb.out"
wait
is "$(cat "$work/rb.rc")" 6 "lrutrace, full ring buffer: exit 6"
like "$(cat "$work/rb.out")" 'LOST [0-9]+ events' "lrutrace, full ring buffer: the loss is in the stream"
is "$(bpf_objects)" "$baseline" "lrutrace, full ring buffer: no BPF left"
# splitlrutop reads maps only; its cost line must still come out under load
reclaim 420M 6 &
expect "splitlrutop under reclaim" 0 'self cpu' "$top" -b -n 3 -d 1
wait

# ---- bad arguments ----
expect "lrutrace bad interval" 2 "invalid option" "$lrutrace" stat -5
expect "lrutrace bad list" 2 "unknown word 'bogus'" "$lrutrace" events --lru bogus
expect "lrutrace port 99999" 2 'from 1 to 65535' "$lrutrace" stat --listen 99999
expect "lrutrace missing node" 2 'no such NUMA node online' "$lrutrace" stat 1 1 --node 7
expect "lrutrace missing memcg" 2 '--memcg /sys/fs/cgroup/nope' "$lrutrace" stat 1 1 --memcg /sys/fs/cgroup/nope
expect "splitlrutop bad delay" 2 "-d wants seconds from 0.1 to 3600, not 'abc'" "$top" -d abc
expect "splitlrutop bad count" 2 "-n wants a positive count" "$top" -b -n -1
expect "splitlrutop bad sort" 2 "bogus" "$top" -b -s bogus

# ---- an unwritable output ----
expect "lrutrace --prometheus into /proc" 1 '--prometheus /proc/x.prom: ' \
	"$lrutrace" stat 1 3 --prometheus /proc/x.prom
expect "lrutrace --prometheus into a missing directory" 1 'No such file or directory' \
	"$lrutrace" stat 1 3 --prometheus "$work/nope/x.prom"
expect "lrutrace stdout is /dev/full" 1 'stdout' sh -c "'$lrutrace' stat 1 2 >/dev/full"
expect "splitlrutop -w into /proc" 1 '/proc/x.rec' "$top" "${frame[@]}" -w /proc/x.rec
expect "splitlrutop stdout is /dev/full" 1 'stdout: No space left on device' sh -c "'$top' -b -n 2 -d 0.2 -q >/dev/full"

# ---- -w onto a full tmpfs: readable up to the last complete sample ----
mkdir -p /mnt/full
mount -t tmpfs -o size=16k tmpfs /mnt/full
expect "splitlrutop -w onto a full tmpfs" 1 'writing /mnt/full/run.rec: No space left on device' \
	"$top" -b -n 200 -d 0.1 -q -w /mnt/full/run.rec
out=$("$top" -b -r /mnt/full/run.rec 2>&1 >"$work/replay.out")
is "$?" 0 "the cut recording replays (exit 0)"
like "$out" 'is truncated: replayed [1-9][0-9]* complete samples' "and says where it stops"
n=$(sed -nE 's/.*replayed ([0-9]+) complete samples.*/\1/p' <<<"$out")
is "$(grep -c '^splitlrutop  up' "$work/replay.out")" "$((${n:-1} - 1))" "one frame per complete sample after the first"
umount /mnt/full

# ---- signal storms ----
# storm PID: 200 SIGWINCH and 50 SIGPIPE in a burst; the tool must go on.
storm() {
	local i
	for i in $(seq 200); do kill -WINCH "$1" 2>/dev/null; done
	for i in $(seq 50); do kill -PIPE "$1" 2>/dev/null; done
}
for mode in "stat 1" "events"; do
	# shellcheck disable=SC2086 # the mode is two words
	"$lrutrace" $mode >"$work/storm.out" 2>"$work/storm.err" &
	pid=$!
	for i in $(seq 120); do grep -q 'lrutrace: tracing' "$work/storm.err" && break; sleep 0.5; done
	storm "$pid"
	sleep 1
	ok kill -0 "$pid"
	for i in $(seq 20); do kill -INT "$pid" 2>/dev/null; kill -TERM "$pid" 2>/dev/null; done
	wait "$pid"
	is "$?" 0 "lrutrace $mode: a SIGINT/SIGTERM storm ends it with exit 0"
	is "$(bpf_objects)" "$baseline" "lrutrace $mode after the storms: no BPF left"
done

sane_tty='stty -a | grep -qE "(^| )icanon( |\$)" && stty -a | grep -qE "(^| )echo( |\$)" && echo TERMINAL=SANE'
tmux new-session -d -s "$s" -x 80 -y 24 "env TERM=linux $top -d 0.5; echo EXIT=\$?; $sane_tty; sleep 600"
ok wait_for 'LISTS all nodes' 60
pid=$(pgrep -f "^$top -d 0.5")
storm "$pid"
for size in 100x30 60x20 120x40 80x24; do tmux resize-window -t "$s" -x "${size%x*}" -y "${size#*x}"; done
ok wait_for 'LISTS all nodes' 10
for i in $(seq 20); do kill -INT "$pid" 2>/dev/null; kill -TERM "$pid" 2>/dev/null; done
ok wait_for '^EXIT=0' 20
ok wait_for '^TERMINAL=SANE' 5
is "$(bpf_objects)" "$baseline" "splitlrutop after the storms: no BPF left"
tmux kill-session -t "$s"

# ---- a 10x5 terminal ----
tmux new-session -d -s "$s" -x 10 -y 5 "env TERM=linux $top -d 0.5; echo EXIT=\$?; $sane_tty; sleep 600"
ok wait_for 'too small' 60
like "$screen" '10x5' "10x5: the size is shown"
like "$screen" 'q quits' "10x5: and how to leave"
tmux resize-window -t "$s" -x 80 -y 24
ok wait_for 'LISTS all nodes' 10
tmux send-keys -t "$s" q
ok wait_for '^EXIT=0' 20
ok wait_for '^TERMINAL=SANE' 5
is "$(bpf_objects)" "$baseline" "splitlrutop after 10x5: no BPF left"
tmux kill-session -t "$s"

# ---- limits: the metrics listener under 1,000 requests ----
# 600 valid GETs, and 400 it must refuse or drop: other methods, other paths,
# garbage, requests over 4 KiB, connections closed without a request.
ip link set lo up 2>/dev/null
trap '' PIPE	# the server may close before a big request is sent: not fatal here
"$lrutrace" stat 1 --listen 127.0.0.1:9466 >/dev/null 2>"$work/listen.err" &
pid=$!
for i in $(seq 120); do grep -q 'lrutrace: tracing' "$work/listen.err" && break; sleep 0.5; done
rss() { awk '$1 == "VmRSS:" { print $2 }' "/proc/$pid/status"; }
request() { # TEXT: send it, print the status line of the answer, or "closed"
	local line
	exec 3<>/dev/tcp/127.0.0.1/9466 || { echo "connect failed"; return; }
	printf '%b' "$1" >&3 2>/dev/null
	line=$(timeout 5 head -1 <&3 | tr -d '\r')
	exec 3<&-
	echo "${line:-closed}"
}
big=$(head -c 5000 /dev/zero | tr '\0' a)
: >"$work/answers"
# one line per request: what was sent, and the answer
for i in $(seq 1000); do
	case $((i % 10)) in
	0) echo "post $(request 'POST /metrics HTTP/1.0\r\n\r\n')" ;;
	1) echo "path $(request 'GET /nope HTTP/1.0\r\n\r\n')" ;;
	2) echo "garbage $(request '\x01\x02garbage\r\n\r\n')" ;;
	3) if ((i % 20 == 3)); then echo "big $(request "GET /metrics HTTP/1.0\r\nX-Big: $big\r\n\r\n")"
	   else exec 3<>/dev/tcp/127.0.0.1/9466 && exec 3<&-; echo "hangup closed"; fi ;;
	*) echo "get $(request 'GET /metrics HTTP/1.0\r\n\r\n')" ;;
	esac >>"$work/answers"
	[ "$i" = 100 ] && rss100=$(rss)
done
rss1000=$(rss)
is "$(grep -c '^get HTTP/1.0 200' "$work/answers")" 600 "listener: all 600 valid requests answered 200"
is "$(grep -c '^post HTTP/1.0 405' "$work/answers")" 100 "listener: 100 POSTs answered 405"
is "$(grep -c '^path HTTP/1.0 404' "$work/answers")" 100 "listener: 100 other paths answered 404"
is "$(grep -c '^big HTTP/1.0 413' "$work/answers")" 50 "listener: 50 requests over 4 KiB answered 413"
# libmicrohttpd closes a connection whose request line it cannot split
is "$(grep -cE '^garbage (HTTP/1.[01] 400|closed)' "$work/answers")" 100 "listener: 100 garbage requests answered 400 or closed"
is "$(grep -cvE '^[a-z]+ (HTTP/1.[01] [0-9]{3}|closed)' "$work/answers")" 0 "listener: no request went unanswered (a hang, a failed connect)"
cmp_ok "$((rss1000 - rss100))" -le 256 "listener: RSS flat over 900 requests (${rss100} kB -> ${rss1000} kB)"
kill -INT "$pid"
wait "$pid"
is "$?" 0 "listener: exit 0 on SIGINT after the load"
is "$(bpf_objects)" "$baseline" "listener: no BPF left"

done_testing
