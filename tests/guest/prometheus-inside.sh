#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest for tests/guest/prometheus.t: see there.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/tools.sh"
. "$(dirname "$0")/kernel-lib.sh"
lrutrace=$(tool_path lrutrace)
check_tools lrutrace
bin=$TAP_TOP/build/prometheus
check=$TAP_TOP/tests/guest/prometheus-check.py
work=$(mktemp -d /tmp/prom.XXXXXX)
port=9465

ip link set lo up
"$lrutrace" stat 1 --json --listen "127.0.0.1:$port" >"$work/lt.jsonl" 2>"$work/lt.err" &
lt=$!
cat >"$work/prom.yml" <<YML
global:
  scrape_interval: 1s
  scrape_timeout: 900ms
scrape_configs:
  - job_name: lrutrace
    static_configs:
      - targets: ['127.0.0.1:$port']
YML
"$bin/prometheus" --config.file="$work/prom.yml" --storage.tsdb.path="$work/tsdb" \
	--web.listen-address=127.0.0.1:9090 >"$work/prom.log" 2>&1 &
prom=$!
python3 "$check" wait-ready 180
is "$?" 0 "Prometheus is ready and scraping lrutrace" || { diag "$(tail -5 "$work/prom.log")"; }

make_file prom-file 100
memcg_pressure prom-test 64 96 prom-file
sleep 4	# a few scrapes after the last interval with reclaim

python3 "$check" fetch "http://127.0.0.1:$port/metrics" >"$work/metrics.txt"
out=$("$bin/promtool" check metrics <"$work/metrics.txt" 2>&1)
is "$?" 0 "promtool check metrics on a real scrape" || diag "$out"

python3 "$check" compare "$work/lt.jsonl" >"$work/compare.txt" 2>&1
rc=$?
# prometheus-check.py prints "RESULT PASS|name|detail" lines: TAP here
while IFS='|' read -r verdict name detail; do
	case $verdict in
	PASS) pass "$name ($detail)" ;;
	FAIL) fail "$name"; diag "$detail" ;;
	esac
done < <(sed -n 's/^RESULT //p' "$work/compare.txt")
is "$rc" 0 "prometheus-check.py compare ran to the end"
[ "$rc" = 0 ] || diag "$(cat "$work/compare.txt")"

# http_get PORT: GET /metrics on 127.0.0.1:PORT, the whole answer, no CRs
http_get() {
	exec 3<>"/dev/tcp/127.0.0.1/$1" || return 1
	printf 'GET /metrics HTTP/1.0\r\n\r\n' >&3
	timeout 5 cat <&3 | tr -d '\r'
	exec 3<&-
}

# ---- the source goes away: 503 with the reason, never the last numbers ----
# LRUTRACE_TEST_SOURCE_GONE_AFTER=N (docs/lrutrace.md): the samples after
# the Nth fail as a failed read of the BPF maps would.  The Prometheus
# above scrapes it too, once reloaded with a second job.
gport=9466
LRUTRACE_TEST_SOURCE_GONE_AFTER=6 "$lrutrace" stat 1 --listen "127.0.0.1:$gport" \
	>/dev/null 2>"$work/gone.err" &
gone=$!
for i in $(seq 120); do grep -q 'lrutrace: tracing' "$work/gone.err" && break; sleep 0.5; done
like "$(http_get $gport | head -1)" '^HTTP/1.0 200' "source gone: before it goes, GET /metrics is 200"
cat >>"$work/prom.yml" <<YML
  - job_name: gone
    static_configs:
      - targets: ['127.0.0.1:$gport']
YML
kill -HUP "$prom"
for i in $(seq 60); do
	resp=$(http_get $gport)
	[[ $(head -1 <<<"$resp") == *" 503 "* ]] && break
	sleep 0.5
done
like "$(head -1 <<<"$resp")" '^HTTP/1.0 503 Service Unavailable$' "source gone: then 503"
is "$(sed '1,/^$/d' <<<"$resp")" "source gone: reading the BPF maps failed" \
	"source gone: the reason in one line, and no numbers"
like "$(cat "$work/gone.err")" 'lrutrace: reading the BPF maps failed' "source gone: said on stderr"
target=$(python3 "$check" target gone 60 ' 503 ')
is "$?" 0 "source gone: Prometheus has the target down with the 503 ($target)"
kill -TERM "$gone"
wait "$gone"
is "$?" 1 "source gone: lrutrace exits 1 on SIGTERM"

kill -INT "$lt" "$prom"
wait "$lt"
is "$?" 0 "lrutrace stops on SIGINT, exit 0"
wait "$prom"

# ---- --prometheus onto a disk that fills up: the last good file stays ----
# The writer alone is tested on the host (tests/unit/lrutrace-textfile.t);
# here lrutrace's loop: a rewrite that fails is said on stderr every
# interval while tracing goes on, the file is not replaced (rename gives
# it a new inode), the run ends with status 1; a run whose first write
# fails ends at once.
full=$work/full
mkdir -p "$full"
mount -t tmpfs -o size=1m tmpfs "$full"
prom_file=$full/lru.prom
ino() { stat -c %i "$prom_file"; }
"$lrutrace" stat 0.5 --prometheus "$prom_file" >/dev/null 2>"$work/tf.err" &
tf=$!
for i in $(seq 120); do grep -q 'lrutrace: tracing' "$work/tf.err" && break; sleep 0.5; done
sleep 1
dd if=/dev/zero of="$full/fill" bs=4k status=none 2>/dev/null	# until ENOSPC
sleep 1.5	# a rewrite begun before the disk was full has ended
kept=$(ino)
cp "$prom_file" "$work/kept.prom"
sleep 2
is "$(ino)" "$kept" "--prometheus on a full disk: the file is not replaced"
cmp -s "$prom_file" "$work/kept.prom"
_tap_result $? "--prometheus on a full disk: the file is intact"
like "$(tail -1 "$prom_file")" '^splitlru_source_info\{source="series"\} 1$' \
	"--prometheus on a full disk: the kept file is whole"
cmp_ok "$(grep -c -- "--prometheus $prom_file: No space left on device" "$work/tf.err")" -ge 2 \
	"--prometheus on a full disk: said on stderr at every interval"
is "$(ls "$full" | grep -c '\.tmp\.')" 0 "--prometheus on a full disk: no temporary left behind"
kill -0 "$tf"
_tap_result $? "--prometheus on a full disk: tracing goes on"
rm "$full/fill"
sleep 1.5
isnt "$(ino)" "$kept" "--prometheus: rewritten again once there is room"
kill -INT "$tf"
wait "$tf"
is "$?" 1 "--prometheus: a run some of whose writes failed exits 1"

dd if=/dev/zero of="$full/fill" bs=4k status=none 2>/dev/null
cp "$prom_file" "$work/kept.prom"
err=$("$lrutrace" stat 1 2 --prometheus "$prom_file" 2>&1 >/dev/null)
is "$?" 1 "--prometheus whose first write fails on a full disk: exit 1"
like "$err" "--prometheus $prom_file: No space left on device" "... saying why"
cmp -s "$prom_file" "$work/kept.prom"
_tap_result $? "... and the previous file is intact"
rm "$full/fill"
mount -o remount,ro "$full"
err=$("$lrutrace" stat 1 2 --prometheus "$prom_file" 2>&1 >/dev/null)
is "$?" 1 "--prometheus on a read-only file system: exit 1"
like "$err" "--prometheus $prom_file: Read-only file system" "... saying why"
cmp -s "$prom_file" "$work/kept.prom"
_tap_result $? "... and the previous file is intact"
umount "$full"

rm -rf "$work" /sys/fs/cgroup/prom-test 2>/dev/null
done_testing
