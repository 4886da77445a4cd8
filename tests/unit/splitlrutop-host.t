#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# splitlrutop on the host, degraded (/proc only): command line, batch text
# and JSON against /proc/meminfo, record and replay with identical frames,
# a truncated recording, recorded fixtures, and the interactive screen under
# tmux.  SPLITLRU_NO_BPF=1 and --no-bpf both keep BPF out of the host kernel.
. "$(dirname "$0")/../lib/tap.sh"
cd "$TAP_TOP" || exit 1
export SPLITLRU_NO_BPF=1

if ! out=$(make --no-print-directory -s -C tools/splitlrutop all 2>&1); then
	fail "tools/splitlrutop builds"
	diag "$out"
	done_testing
fi
pass "tools/splitlrutop builds"
bin=$TAP_TOP/tools/splitlrutop/build/splitlrutop
fixtures=tests/fixtures/splitlrutop
tmp=$(mktemp -d)
trap 'tmux kill-session -t "slt-host-$$" 2>/dev/null; rm -rf "$tmp"' EXIT

# ---- command line ----
help=$("$bin" --help)
for opt in --batch --iterations --delay --json --write --read --memcg --sort --no-bpf --source --fallback; do
	like "$help" -- "$opt" "--help documents $opt"
done
like "$help" 'EXAMPLES' "--help has examples"
"$bin" -b -n 0 >/dev/null 2>&1
is "$?" 2 "-n 0 is a usage error (exit 2)"
"$bin" --json >/dev/null 2>&1
is "$?" 2 "--json without -b is a usage error"
"$bin" -b -d 0.01 >/dev/null 2>&1
is "$?" 2 "-d below 0.1 s is refused"
err=$("$bin" -b --source bogus 2>&1 >/dev/null)
is "$?" 2 "--source bogus is a usage error (exit 2)"
like "$err" "unknown source \\(series, stock-fentry, stock-tracepoints or proc-only\\)" "naming the valid sources"
"$bin" -b --no-bpf --fallback >/dev/null 2>&1
is "$?" 2 "--no-bpf (proc-only) with --fallback (stock-tracepoints) is a usage error"
err=$("$bin" -b -n 1 --source stock-fentry 2>&1 >/dev/null)
is "$?" 1 "a BPF source asked for where BPF is off: exit 1"
like "$err" '^splitlrutop: --source stock-fentry: BPF is disabled by SPLITLRU_NO_BPF' "and says why"
json=$("$bin" -b --json -n 1 -d 0.2 -q --source proc-only)
is "$(jq -r '.source + " " + (.cannot | join(","))' <<<"$json")" "proc-only list_scans,decision,moves,shrink_reason" \
	"--json names the source and what it cannot give"
err=$("$bin" </dev/null 2>&1 >/dev/null)
is "$?" 1 "interactive without a terminal fails"
like "$err" 'not a terminal' "and says to use -b"

# ---- batch text ----
text=$("$bin" -b -n 2 -d 0.2 --no-bpf 2>"$tmp/err")
is "$(grep -c '^splitlrutop  up' <<<"$text")" 2 "-n 2 prints two frames"
like "$text" 'MemTotal .* MemFree .* Unevictable' "node panel labels"
like "$text" 'Active\(anon\) .* Inactive\(anon\) .* Active\(file\) .* Inactive\(file\)' "list labels, meminfo's names"
like "$text" 'source proc-only \(no BPF: ' "the source line says BPF is off"
like "$text" 'inactive_anon +[0-9.kM]+ +[0-9.kM]+ ' "per-list table has rates for inactive_anon"
like "$(cat "$tmp/err")" 'BPF: --no-bpf' "stderr says why BPF is off"
"$bin" -b -n 1 -d 0.2 -q | head -1 >/dev/null
is "$?" 0 "a closed pipe (| head) ends quietly"
err=$("$bin" -b -n 1 -d 0.2 -q 2>&1 >/dev/full)
is "$?" 1 "stdout on /dev/full: exit 1"
like "$err" 'stdout: No space left on device' "and says why"

# ---- JSON against node meminfo, sampled while the tool runs ----
# node_kb KEY: the sum over nodes of KEY in nodeN/meminfo (where the
# per-node panel's numbers come from).
node_kb() {
	cat /sys/devices/system/node/node*/meminfo | awk -v k="$1:" '$3 == k { s += $4 } END { print s }'
}
keys=('MemTotal' 'MemFree' 'Active(anon)' 'Inactive(anon)' 'Active(file)' 'Inactive(file)')
# The host is shared and busy: a list can move past both a "before" and an
# "after" read while the tool samples, so a sampler records every value seen
# during the run and the tool's figure must lie within that range (plus 5 %
# for the moments between two sampler reads).  The guest test is strict.
sample_nodes() {
	while :; do
		for key in "${keys[@]}"; do printf '%s\t%s\n' "$key" "$(node_kb "$key")"; done
		sleep 0.02
	done
}
sample_nodes >"$tmp/seen" &
sampler=$!
sleep 0.1
json=$("$bin" -b --json -n 2 -d 0.2 -q)
sleep 0.1
kill "$sampler"; wait "$sampler" 2>/dev/null
is "$(jq -s length <<<"$json")" 2 "--json: one object per frame, jq reads them"
for key in "${keys[@]}"; do
	got=$(jq -s --arg k "$key" '.[1].nodes | map(.[$k]) | add' <<<"$json")
	read -r lo hi < <(awk -F'\t' -v k="$key" '$1 == k && $2 != "" {
		if (n++ == 0 || $2 < lo) lo = $2; if ($2 > hi) hi = $2 }
		END { print lo + 0, hi + 0 }' "$tmp/seen")
	in=$(awk -v g="$got" -v lo="$lo" -v hi="$hi" 'BEGIN {
		s = hi * 0.05 + 256; print (g >= lo - s && g <= hi + s) ? 1 : 0 }')
	cmp_ok "$in" -eq 1 "JSON $key ($got kB) within what node meminfo showed ($lo..$hi kB)"
done
like "$(jq -c '.[1].nodes[0].decided' -s <<<"$json")" '"source":' "decided share carries its source"
like "$(jq -c '.[1].nodes[0].scanned' -s <<<"$json")" '"source":"vmstat' "scanned share from vmstat without BPF"
is "$(jq -s -r '.[1].bpf' <<<"$json")" disabled "JSON says BPF is off"

# ---- record, replay ----
"$bin" -b -n 4 -d 0.2 -q -w "$tmp/run.rec" >"$tmp/live.txt"
like "$(head -1 "$tmp/run.rec")" '^splitlrutop-record 2$' "-w writes a versioned recording"
is "$(grep -c '^E ' "$tmp/run.rec")" 5 "4 frames need 5 samples"
"$bin" -b -r "$tmp/run.rec" >"$tmp/replay.txt" 2>"$tmp/replay.err"
ok cmp -s "$tmp/live.txt" "$tmp/replay.txt"
is "$(cat "$tmp/replay.err")" "" "a complete recording replays silently"
"$bin" -b -n 4 -d 0.2 -q --json -w "$tmp/json.rec" >"$tmp/live.json"
"$bin" -b --json -r "$tmp/json.rec" >"$tmp/replay.json"
ok cmp -s "$tmp/live.json" "$tmp/replay.json"

lines=$(wc -l <"$tmp/run.rec")
head -n $((lines - 3)) "$tmp/run.rec" >"$tmp/cut.rec"
"$bin" -b -r "$tmp/cut.rec" >"$tmp/cut.txt" 2>"$tmp/cut.err"
is "$?" 0 "a truncated recording still replays"
is "$(grep -c '^splitlrutop  up' "$tmp/cut.txt")" 3 "up to its last complete sample"
like "$(cat "$tmp/cut.err")" 'truncated: replayed 4 complete samples' "and says so"
printf 'not a recording\n' >"$tmp/junk.rec"
err=$("$bin" -b -r "$tmp/junk.rec" 2>&1 >/dev/null)
is "$?" 1 "a file that is not a recording fails"
like "$err" 'junk.rec:1: not a splitlrutop recording' "with file and line"

# ---- recorded fixtures: captures from real runs render the same ----
for rec in "$fixtures"/*.rec; do
	[ -e "$rec" ] || continue
	name=${rec%.rec}
	for kind in frames json; do
		[ -f "$name.$kind" ] || continue
		flag=; [ "$kind" = json ] && flag=--json
		"$bin" -b $flag -r "$rec" 2>/dev/null >"$tmp/fixture.out"
		if cmp -s "$tmp/fixture.out" "$name.$kind"; then
			pass "${rec##*/} replays to ${name##*/}.$kind"
		else
			fail "${rec##*/} replays to ${name##*/}.$kind"
			diff "$name.$kind" "$tmp/fixture.out" | head -20 | sed 's/^/# /'
		fi
	done
done

# ---- the interactive screen under tmux ----
if ! command -v tmux >/dev/null; then
	skip "interactive screen" "no tmux"
	done_testing
fi
s=slt-host-$$
tmux new-session -d -s "$s" -x 80 -y 24 \
	"env TERM=screen SPLITLRU_NO_BPF=1 LANG=C.UTF-8 $bin -d 0.5; echo EXIT=\$?; sleep 60"
. tests/guest/splitlrutop-screen.sh
ok wait_for 'LISTS all nodes'
like "$screen" 'node 0  MemTotal' "the screen shows the node panel"
like "$screen" 'q quit  h help' "the status line names the keys"
tmux send-keys -t "$s" h
ok wait_for 'help: keys'
help_lists_keys
tmux send-keys -t "$s" x
ok wait_for 'LISTS all nodes'
tmux send-keys -t "$s" m
ok wait_for 'MEMCGS'
tmux send-keys -t "$s" s
ok wait_for 'sort reclaimed'
tmux resize-window -t "$s" -x 40 -y 10
ok wait_for 'terminal too small: 40x10'
tmux resize-window -t "$s" -x 80 -y 24
ok wait_for 'MEMCGS'
tmux send-keys -t "$s" q
ok wait_for '^EXIT=0'
screen=$(tmux capture-pane -p -t "$s")
is "$(grep -c . <<<"$screen")" 1 "after q only the shell's line is left: the screen is restored"

# SIGTERM restores the terminal too.
tmux respawn-pane -k -t "$s" "env TERM=screen SPLITLRU_NO_BPF=1 $bin -d 0.5; echo EXIT=\$?; stty -a | grep -o ' -\\?icanon'; sleep 60"
ok wait_for 'LISTS all nodes'
pkill -TERM -f "^$bin -d 0.5\$"
ok wait_for '^EXIT=0'
# stty prints a moment after EXIT=0: wait for its line, then read it
wait_for 'icanon' 10
like "$(tmux capture-pane -p -t "$s")" ' icanon' "after SIGTERM the terminal is back in canonical mode"

# A terminal that hangs up ends the run.  Under setsid no SIGHUP comes
# (the pty is not its controlling terminal); it must see the hangup itself
# rather than spin a core on reads that fail at once.
hup=slt-hup-$$
tmux new-session -d -s "$hup" -x 80 -y 24 "exec setsid -w env TERM=screen SPLITLRU_NO_BPF=1 $bin -d 0.5"
hup_pid=
for _ in $(seq 50); do
	hup_pid=$(pgrep -f "^$bin -d 0.5\$" | head -1)
	[ -n "$hup_pid" ] && grep -q 'LISTS' < <(tmux capture-pane -p -t "$hup" 2>/dev/null) && break
	sleep 0.2
done
isnt "$hup_pid" "" "splitlrutop runs under setsid in its own tmux session"
tmux kill-session -t "$hup"
for _ in $(seq 50); do
	kill -0 "$hup_pid" 2>/dev/null || break
	sleep 0.1
done
if kill -0 "$hup_pid" 2>/dev/null; then
	fail "after its terminal hangs up, splitlrutop exits"
	diag "$(ps -o pid,stat,pcpu,cmd -p "$hup_pid")"
	kill "$hup_pid"
else
	pass "after its terminal hangs up, splitlrutop exits"
fi

# Replay interactively: stepping, and it needs neither root nor BPF.
tmux respawn-pane -k -t "$s" "env TERM=screen $bin -r $tmp/run.rec; echo EXIT=\$?; sleep 60"
ok wait_for 'REPLAY 1/4'
tmux send-keys -t "$s" Right
ok wait_for 'REPLAY 2/4'
tmux send-keys -t "$s" Left Left
ok wait_for 'REPLAY 0/4'
tmux send-keys -t "$s" q
ok wait_for '^EXIT=0'

# Only the cells that changed go to the terminal (issue 17): after frames,
# views, help and a resize, the screen, attributes included, is the one a
# fresh start draws for the same frame and view.
rec=tests/fixtures/splitlrutop/guest-mglru.rec
# The screen as cells: each character with its bold, underline, reverse,
# foreground and background, from capture-pane's SGR sequences; blanks at
# a line's end that show nothing (no reverse, default background) dropped.
# Where tmux puts an SGR reset (at a line's end or the next one's start)
# follows how the cursor got there, which no one sees.  The last row's
# trailing blanks are dropped whatever their attributes: its last cell
# cannot be written without scrolling (term.c leaves it out), and how
# ncurses ends the status bar next to it follows the cursor's path too.
attrs() {
	tmux capture-pane -p -e -t "$s" | awk -v rows="$(tmux display -p -t "$s" '#{pane_height}')" '
	function reset() { b = u = r = 0; fg = 39; bg = 49 }
	function sgr(p,   n, a, i, v) {
		n = split(p == "" ? "0" : p, a, ";")
		for (i = 1; i <= n; i++) {
			v = a[i] + 0
			if (v == 0) reset()
			else if (v == 1) b = 1
			else if (v == 4) u = 1
			else if (v == 7) r = 1
			else if (v == 22) b = 0
			else if (v == 24) u = 0
			else if (v == 27) r = 0
			else if (v >= 30 && v <= 39 || v >= 90 && v <= 97) fg = v
			else if (v >= 40 && v <= 49 || v >= 100 && v <= 107) bg = v
		}
	}
	BEGIN { reset() }
	{
		line = $0; n = 0
		while (line != "") {
			if (match(line, /^\033\[[0-9;]*m/)) {
				sgr(substr(line, 3, RLENGTH - 3))
				line = substr(line, RLENGTH + 1)
				continue
			}
			c = substr(line, 1, 1); line = substr(line, 2)
			cell[++n] = b u r "/" fg "/" bg "/" c
			blank[n] = c == " " && (!r && bg == 49 || NR == rows)
		}
		while (n > 0 && blank[n]) n--
		out = ""
		for (i = 1; i <= n; i++) out = out cell[i] "|"
		print out
	}'
}
tmux respawn-pane -k -t "$s" "env TERM=screen LANG=C.UTF-8 $bin -r $rec; sleep 60"
ok wait_for 'REPLAY 1/5'
for key in m Right Right h x m n Right n; do
	tmux send-keys -t "$s" "$key"
	sleep 0.3
done
tmux resize-window -t "$s" -x 100 -y 30
sleep 0.5
tmux resize-window -t "$s" -x 80 -y 24
sleep 0.5
tmux send-keys -t "$s" Left
ok wait_for 'REPLAY 3/5  q quit'
sleep 0.5
stepped=$(attrs)
tmux respawn-pane -k -t "$s" "env TERM=screen LANG=C.UTF-8 $bin -r $rec; sleep 60"
ok wait_for 'REPLAY 1/5'
tmux send-keys -t "$s" n n Right Right
ok wait_for 'REPLAY 3/5  q quit'
sleep 0.5
is "$(attrs)" "$stepped" "a screen updated frame by frame is the one drawn afresh"
done_testing
