#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# splitlrutop in the guest (issue 6): the interactive screen under tmux,
# batch JSON against meminfo and lrutrace, the scanned share following the
# workload, degraded mode as an unprivileged user; then the guest's
# recording replayed on the host must give the guest's frames.
. "$(dirname "$0")/../lib/tap.sh"
cd "$TAP_TOP" || exit 1
out=$TAP_TOP/tools/splitlrutop/build/guest-test
rm -rf "$out"
mkdir -p "$out"

guest_tap --timeout 1500 -- tests/guest/splitlrutop-inside.sh "$out"

export SPLITLRU_NO_BPF=1
bin=tools/splitlrutop/build/splitlrutop
command -v jq >/dev/null || { fail "jq is installed on the host"; done_testing; }

# ---- batch JSON against node meminfo read every 0.1 s while it was taken ----
if [ -s "$out/one.json" ]; then
	for key in MemTotal MemFree 'Active(anon)' 'Inactive(anon)' 'Active(file)' 'Inactive(file)'; do
		got=$(jq --arg k "$key" '[.nodes[][$k]] | add' "$out/one.json")
		# Each block of one.meminfo is one read of every node; sum per block.
		range=$(awk -v k="$key:" '
			$3 == k { sum += $4 }
			$1 == "--" { if (n++ == 0 || sum < lo) lo = sum; if (sum > hi) hi = sum; sum = 0 }
			END { print lo, hi }' "$out/one.meminfo")
		set -- $range
		in=$(awk -v g="$got" -v lo="$1" -v hi="$2" 'BEGIN { print (g >= lo && g <= hi) ? 1 : 0 }')
		cmp_ok "$in" -eq 1 "JSON $key ($got kB) is a value node meminfo had during the frame ($1..$2 kB)"
	done
	is "$(jq -r .bpf "$out/one.json")" on "JSON: BPF on as root"
	if [ "$(jq -r .policy "$out/one.json")" = null ]; then
		skip "the decided share names its source" "the guest kernel lacks the splitlru series"
		skip "the target share names its source" "the guest kernel lacks the splitlru series"
	else
		like "$(jq -c '.nodes[0].decided' "$out/one.json")" '"source":"(bpf|zoneinfo)"' "the decided share names its source"
		like "$(jq -c '.nodes[0].target' "$out/one.json")" '"source":"(bpf|zoneinfo)"' "the target share names its source"
		is "$(jq '.nodes[0].target | .anon_permille + .file_permille' "$out/one.json")" 1000 \
			"the target pair sums to 1000"
	fi
else
	fail "the guest left a JSON frame"
fi

# ---- splitlrutop and lrutrace agree over one window ----
if [ -s "$out/lrutrace.json" ] && [ -s "$out/window.json" ]; then
	for lru in inactive_anon inactive_file active_anon active_file; do
		lt_sum=$(jq -s --arg l "$lru" '[.[].lists[] | select(.lru == $l) | .scanned] | add // 0' "$out/lrutrace.json")
		st_sum=$(jq -s --arg l "$lru" '[.[].lists[] | select(.lru == $l) | .scanned] | add // 0' "$out/window.json")
		# The two windows start and end a few ms apart: allow 2 %.
		close=$(awk -v a="$lt_sum" -v b="$st_sum" 'BEGIN { d = a - b; if (d < 0) d = -d; print (d <= a * 0.02 + 64) ? 1 : 0 }')
		cmp_ok "$close" -eq 1 "$lru scanned over one window: splitlrutop $st_sum, lrutrace $lt_sum"
	done
	cmp_ok "$(jq -s '[.[].lists[] | select(.lru == "all") | .scanned] | add' "$out/window.json")" -gt 0 \
		"the window saw reclaim"
	# The same figures over the same window (docs/figures.md): node 0's
	# scanned anon share over both lists of each type, and its decision.
	share='if $a + $f > 0 then (($a * 1000 + ($a + $f) / 2) / ($a + $f) | floor) else null end'
	lt_pm=$(jq -s "[.[].lists[] | select(.nid == 0)] |
		([.[] | select(.lru | endswith(\"_anon\")) | .scanned] | add // 0) as \$a |
		([.[] | select(.lru | endswith(\"_file\")) | .scanned] | add // 0) as \$f | $share" "$out/lrutrace.json")
	st_pm=$(jq -s "[.[].nodes[] | select(.node == 0) | .scanned] |
		([.[].anon // 0] | add) as \$a | ([.[].file // 0] | add) as \$f | $share" "$out/window.json")
	close=$(awk -v a="$lt_pm" -v b="$st_pm" 'BEGIN { d = a - b; if (d < 0) d = -d; print (a != "null" && d <= 5) ? 1 : 0 }')
	cmp_ok "$close" -eq 1 "scanned anon share over the window: splitlrutop $st_pm, lrutrace $lt_pm permille"
	lt_dec=$(tail -n 1 "$out/lrutrace.json" | jq -c '[.balance[] | select(.nid == 0)] |
		((map(select(.memcg_id <= 1)) | .[0]) // max_by(.ts_ns)) |
		[.decided_anon_permille, .target_anon_permille, .memcg_id]')
	st_dec=$(tail -n 1 "$out/window.json" | jq -c '.nodes[] | select(.node == 0) |
		[.decided.anon_permille, .target.anon_permille, .decided.memcg_id]')
	is "$st_dec" "$lt_dec" "node 0's decision at the end of the window: the same decided and target shares and memcg in both"
else
	skip "splitlrutop and lrutrace agree over a window" "no lrutrace output from the guest"
fi

# ---- the minimal BTF (issue 17): used, lighter, and the same figures ----
if [ -s "$out/window.json" ] && [ -s "$out/window-full.json" ]; then
	like "$(cat "$out/window.err")" '^splitlrutop: BTF: the minimal /.*/min-btf/[0-9a-f]{16}-[0-9a-f]{16}\.btf$' \
		"splitlrutop -v loaded against the kernel's minimal BTF"
	like "$(cat "$out/window-full.err")" "^splitlrutop: BTF: no minimal BTF directory /nonexistent .*: loading with the kernel's own BTF" \
		"without one it says so in one line on stderr"
	is "$(grep -c . "$out/window-full.err")" 1 "and only that line"
	if [ "$(jq -r .policy "$out/window.json" | head -n 1)" != null ]; then
		cmp_ok "$(grep -cE 'raw_tracepoint +name (lru_shrink_raw|scan_balance_raw?|lru_move_raw) ' "$out/window.progs")" -eq 3 \
			"with the minimal BTF the series' events are raw tracepoints"
	fi
	read -r hwm_min hwm_full <"$out/window.hwm"
	diag "peak RSS (VmHWM): minimal BTF ${hwm_min} kB, the kernel's BTF ${hwm_full} kB"
	cmp_ok "${hwm_min:-99999}" -le 8192 "splitlrutop's peak RSS with the minimal BTF is at most 8 MB"
	# Both windows are quiet at both ends: every figure must be equal.
	for lru in inactive_anon inactive_file active_anon active_file; do
		sums='[.[].lists[] | select(.lru == $l) |
			[.scanned, .reclaimed, .rotated, .activated, .deactivated] | map(. // 0)] |
			transpose | map(add // 0)'
		min=$(jq -sc --arg l "$lru" "$sums" "$out/window.json")
		full=$(jq -sc --arg l "$lru" "$sums" "$out/window-full.json")
		is "$min" "$full" "$lru scanned, reclaimed, rotated, activated, deactivated over the window: minimal BTF as the kernel's"
	done
	dec='.nodes[] | [.node, .decided.anon_permille, .target.anon_permille, .decided.memcg_id]'
	is "$(tail -n 1 "$out/window.json" | jq -c "$dec")" "$(tail -n 1 "$out/window-full.json" | jq -c "$dec")" \
		"every node's last decision: minimal BTF as the kernel's"
else
	skip "the minimal BTF against the kernel's" "no window output from the guest"
fi

# ---- the scanned anon share rises from file to anon pressure ----
if [ -s "$out/direction.phases" ]; then
	read -r a0 a1 b1 <"$out/direction.phases"
	share() {	# share FROM TO: scanned anon permille over frames in (FROM, TO]
		jq -s --argjson f "$1" --argjson t "$2" '
			[.[] | select(.time > $f and .time <= $t) | .nodes[].scanned] as $s
			| ([$s[].anon // 0] | add // 0) as $a | ([$s[].file // 0] | add // 0) as $fl
			| if ($a + $fl) > 0 then ($a * 1000 / ($a + $fl) | floor) else -1 end' "$out/direction.json"
	}
	file_phase=$(share "$a0" "$a1")
	anon_phase=$(share "$a1" "$b1")
	diag "scanned anon share: file phase $file_phase permille, anon phase $anon_phase permille"
	cmp_ok "$file_phase" -ge 0 "the file phase scanned something"
	cmp_ok "$anon_phase" -ge $((file_phase + 200)) "the scanned anon share rises by at least 200 permille"
else
	fail "the guest ran the direction workload"
fi

# ---- degraded as tester ----
if [ -s "$out/tester.json" ]; then
	is "$(jq -r .bpf "$out/tester.json")" not-root "as tester: bpf not-root"
	if [ "$(jq -r .policy "$out/tester.json")" = null ]; then
		is "$(jq -r '.nodes[0].decided.source' "$out/tester.json")" none "as tester on a stock kernel: no decision"
	else
		is "$(jq -r '.nodes[0].decided.source' "$out/tester.json")" zoneinfo "as tester: the decision from zoneinfo"
	fi
	is "$(jq -r .source "$out/tester.json")" proc-only "as tester: source proc-only"
	like "$(jq -r '.cannot | join(",")' "$out/tester.json")" 'list_scans' "as tester: the JSON says what it cannot give"
	like "$(jq -r .source_line "$out/tester.json")" 'no BPF: not root' "and why BPF is off"
fi

# ---- the guest's recording replays on the host with identical frames ----
if [ -s "$out/session.rec" ]; then
	"$bin" -b -r "$out/session.rec" >"$out/host.frames" 2>"$out/host.err"
	ok cmp -s "$out/session.frames" "$out/host.frames"
	"$bin" -b --json -r "$out/session.rec" >"$out/host.json"
	ok cmp -s "$out/session.json" "$out/host.json"
else
	fail "the guest left a recording to replay"
fi
done_testing
