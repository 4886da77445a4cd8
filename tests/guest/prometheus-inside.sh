#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest for tests/guest/prometheus.t: see there.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/kernel-lib.sh"
lrutrace=$TAP_TOP/tools/lrutrace/build/lrutrace
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

kill -INT "$lt" "$prom"
wait "$lt"
is "$?" 0 "lrutrace stops on SIGINT, exit 0"
wait "$prom"
rm -rf "$work" /sys/fs/cgroup/prom-test 2>/dev/null
done_testing
