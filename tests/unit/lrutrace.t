#!/bin/bash
# lrutrace on the host, without a kernel: argument parsing, the stat table,
# JSON, Prometheus text, histograms and event lines, through the unit
# driver (tools/lrutrace/unit.c), which links no libbpf and loads nothing.
# The real binary is only ever run here with --help or a bad command line,
# both of which exit before any BPF is touched.
. "$(dirname "$0")/../lib/tap.sh"
cd "$TAP_TOP" || exit 1

if ! out=$(make --no-print-directory -s -C tools/lrutrace unit 2>&1); then
	fail "tools/lrutrace unit driver builds"
	diag "$out"
	done_testing
fi
pass "tools/lrutrace unit driver builds"
unit=tools/lrutrace/build/lrutrace-unit

# ---- argument parsing ----
env=$($unit args stat)
like "$env" 'mode=stat' "stat parses"
like "$env" 'interval=1' "stat's INTERVAL defaults to 1 s"
like "$env" 'count=0' "and COUNT to forever"
like "$env" 'nid=-1' "no node filter by default"
like "$env" 'ringbuf=4194304' "default ring buffer 4 MiB"

env=$($unit args stat 5 3 --json --per-memcg -n 1 --lru inactive_file,active_file \
	-R kswapd,memcg --reason balance,refault_activate --ringbuf-size 64k)
like "$env" 'interval=5' "INTERVAL 5"
like "$env" 'count=3' "COUNT 3"
like "$env" 'json=1' "--json"
like "$env" 'per_memcg=1' "--per-memcg"
like "$env" 'nid=1' "--node 1"
like "$env" 'lru_mask=0xc' "--lru inactive_file,active_file is bits 2 and 3"
like "$env" 'reclaimer_mask=0x5' "--reclaimer kswapd,memcg is bits 0 and 2"
like "$env" 'reason_mask=0x1' "--reason balance lands in the shrink reasons"
like "$env" 'move_mask=0x20' "and refault_activate in the move reasons"
like "$env" 'ringbuf=65536' "--ringbuf-size 64k"

env=$($unit args events --fallback -d 2.5 --memcg /sys/fs/cgroup/x)
like "$env" 'mode=events' "events parses"
like "$env" 'duration=2.5' "--duration 2.5"
like "$env" 'fallback=1' "--fallback"
like "$env" 'memcg=/sys/fs/cgroup/x' "--memcg keeps the path"

env=$($unit args hist)
like "$env" 'interval=0' "hist without INTERVAL reports once, at the end"

usage() {
	local name=$1 want=$2 err rc
	shift 2
	err=$($unit args "$@" 2>&1 >/dev/null)
	rc=$?
	is "$rc" 2 "$name: exit status 2"
	like "$err" "$want" "$name: says why"
}
usage "no mode" 'no MODE given' 
usage "unknown mode" "unknown mode 'top'" top
usage "unknown list" "unknown word 'inactive'" stat --lru inactive
usage "unevictable" 'unevictable is never shrunk' stat --lru unevictable
usage "unknown reason" "unknown word 'bogus'" events --reason bogus
usage "events INTERVAL" 'events takes no INTERVAL' events 5
usage "bad INTERVAL" "INTERVAL 'x'" stat x
usage "zero COUNT" "COUNT '0'" stat 1 0
usage "too many" 'too many arguments' stat 1 2 3
usage "--prometheus outside stat" 'belong to stat' events --prometheus /tmp/x
usage "--duration outside events" 'belongs to events' stat -d 3
usage "bad node" "not a node number" stat --node -1
usage "tiny ring buffer" "not a size" events --ringbuf-size 100
usage "port out of range" "the port must be a number from 1 to 65535" stat --listen 99999
usage "port 0" "from 1 to 65535" stat --listen 127.0.0.1:0
usage "no port" "from 1 to 65535" stat --listen 127.0.0.1:
env=$($unit args stat --listen '[::1]:9465')
like "$env" 'listen=\[::1\]:9465' "--listen [::1]:9465 is accepted"

# ---- the real binary: --help and usage errors only (no BPF on the host) ----
bin=tools/lrutrace/build/lrutrace
if [ -x "$bin" ]; then
	help=$($bin --help)
	is "$?" 0 "lrutrace --help exits 0"
	like "$help" 'EXAMPLES:' "--help has examples"
	like "$help" 'Exit status: 0 ok' "--help documents the exit codes"
	for flag in --node --memcg --lru --reason --reclaimer --json --per-memcg \
		--prometheus --listen --self --duration --fallback --ringbuf-size; do
		like "$help" -- "$flag" "--help documents $flag"
	done
	long=$(printf '%s\n' "$help" | awk 'length($0) > 80' | head -3)
	is "$long" "" "--help fits 80 columns"
	$bin >/dev/null 2>&1
	is "$?" 2 "lrutrace without a mode exits 2"
	# tap.sh sets SPLITLRU_NO_BPF on the host: the loader must refuse
	err=$($bin stat 1 1 2>&1)
	is "$?" 1 "with SPLITLRU_NO_BPF set, a valid command exits 1"
	like "$err" 'BPF is disabled by SPLITLRU_NO_BPF' "and loads nothing into the host kernel"
else
	skip "lrutrace --help" "tools/lrutrace/build/lrutrace not built (needs the guest kernel's BTF)"
fi

# ---- the stat table ----
for opt in "" --per-memcg; do
	table=$($unit stat-text $opt)
	long=$(printf '%s\n' "$table" | awk 'length($0) > 80')
	is "$long" "" "stat table ${opt:+($opt) }fits 80 columns"
done
table=$($unit stat-text)
like "$table" 'node 0  policy cost  swappiness 60  mode fract' "node header: policy, swappiness, mode"
like "$table" 'inactive_file +4320 +4200 +0 +120 +0 +97\.2' "node table sums memcgs and reclaimers; eff% = reclaimed/scanned"
like "$table" 'inactive_anon +0 +0 +0 +0 +0 +-' "an idle list shows eff% as -"
like "$table" 'share anon/file: decided 3\.7/96\.3%  scanned 4\.1/95\.9%' "decided share beside scanned share"
like "$table" 'mode file by no_swap' "a forced mode names its cause"
like "$table" 'self: 1000 events/s, 250 ns BPF per event' "--self line"
table=$($unit stat-text --per-memcg)
like "$table" 'node 0 memcg 42  policy rotation' "--per-memcg: one table per memcg with its own decision"

# ---- JSON ----
json=$($unit stat-json)
if command -v jq >/dev/null; then
	jq -e . >/dev/null <<<"$json"
	is "$?" 0 "stat --json is valid JSON"
	is "$(jq -c '[.lists[] | select(.lru == "inactive_anon" and .nid == 0)][0].scanned' <<<"$json")" 150 \
		"lists are per (nid, memcg, lru), summed over reclaimers"
	is "$(jq '[.reclaimers[] | .scanned] | add' <<<"$json")" \
	   "$(jq '[.lists[] | .scanned] | add' <<<"$json")" "reclaimers split the same totals"
	is "$(jq '.drops' <<<"$json")" 3 "drops reported"
	is "$(jq -r '.limits' <<<"$json")" 'fallback mode (stock vmscan events): no "memcg"' "limits escaped"
	is "$(jq '[.balance[] | .anon_permille + .file_permille] | unique' -c <<<"$json")" "[1000]" \
		"balance shares sum to 1000"
	is "$(jq -c 'keys' <<<"$json")" '["balance","drops","interval_s","limits","lists","mode","moves","reclaimers","ts"]' \
		"stat object has the documented keys"
	ev=$($unit events-json)
	is "$(jq -s 'length' <<<"$ev")" 3 "three event lines are three JSON objects"
	is "$(jq -rs '.[1].comm' <<<"$ev")" 'a?b?c?' "a hostile comm is made safe"
	hj=$($unit hist-json)
	is "$(jq '[.direct_reclaim_us[] | .count] | add' <<<"$hj")" 60 "hist JSON counts"
	is "$(jq -c '.priority' <<<"$hj")" '[{"low":10,"high":10,"count":1},{"low":12,"high":12,"count":5}]' \
		"priority is linear"
else
	skip "JSON checks" "jq is not installed"
fi

# ---- Prometheus ----
prom=$($unit prometheus)
bad=$(printf '%s\n' "$prom" | grep -vE '^# (HELP|TYPE) splitlru_[a-z_]+ ' |
	grep -vE '^splitlru_[a-z_]+(\{([a-z_]+="[^"]*",?)+\})? [0-9]+$' | head -3)
is "$bad" "" "every Prometheus line is a comment or name{labels} value"
if command -v promtool >/dev/null; then
	out=$(printf '%s\n' "$prom" | promtool check metrics 2>&1)
	is "$?" 0 "promtool check metrics accepts it"
	[ -n "$out" ] && diag "$out"
else
	skip "promtool check metrics" "promtool is not installed (Debian: prometheus)"
fi
like "$prom" 'splitlru_lru_scanned_pages_total\{nid="0",memcg_id="42",lru="inactive_file",reclaimer="memcg"\} 320' \
	"counters carry nid, memcg_id, lru, reclaimer"

# ---- histograms and events as text ----
hist=$($unit hist-text)
like "$hist" '1024 -> 2047 +: 11 +\|\*{40}\|' "log2 histogram: the largest slot is a full bar"
like "$hist" 'memcg reclaim latency \(0\)' "an empty histogram says so"
ev=$($unit events-text)
like "$ev" '^1\.500000 kswapd0 +42 shrink  nid=0 memcg_id=1 lru=inactive_file reclaimer=kswapd reason=balance' \
	"a shrink event line reads with the kernel's words"
like "$ev" 'move    pfn=0x1234 nid=0 memcg_id=0 from_lru=inactive_anon to_lru=active_anon nr_pages=512 reason=refault_activate' \
	"a move event line"

# ---- snapshot arithmetic ----
d=$($unit delta)
like "$d" 'list 0 1 inactive_file scanned=8000 reclaimed=7800' "delta subtracts per key"
like "$d" 'list 1 1 inactive_file scanned=2999999997' "a key new in the later snapshot counts from zero"
like "$d" 'moves 14' "moves delta"
like "$d" 'hist12 10' "histogram delta"
like "$d" 'self -7' "delta refuses out == now"
done_testing
