#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What `make run` does, driven like a person would: the interactive guest
# in a tmux pane, the demo session's display read from the screen, q to
# leave, and the guest powering off with status 0.
. "$(dirname "$0")/../lib/tap.sh"
sock="splitlru-run-$$"
status=$(mktemp)
trap 'tmux -L "$sock" kill-server 2>/dev/null; rm -f "$status"' EXIT

tmux -L "$sock" new-session -d -x 100 -y 30 \
	"cd '$TAP_TOP' && guest-image/qemu-run --interactive --timeout 300 -- guest-image/demo-session; echo \$? >'$status'; sleep 600"

# wait_screen REGEX SECONDS: poll the pane until REGEX shows
wait_screen() {
	local i
	for ((i = 0; i < $2; i++)); do
		screen=$(tmux -L "$sock" capture-pane -p 2>/dev/null)
		printf '%s' "$screen" | grep -qE "$1" && return 0
		sleep 1
	done
	return 1
}

if [ -x tools/splitlrutop/build/splitlrutop ]; then
	wait_screen 'node 0 .*MemTotal' 120
	_tap_result $? "the guest boots into splitlrutop showing node 0"
	like "$screen" 'q quit' "the key line tells how to quit"
	like "$screen" 'Inactive\(file\)' "the per-node lists are on screen"
	tmux -L "$sock" send-keys q
else
	wait_screen 'splitlrutop is not built yet' 120
	_tap_result $? "without splitlrutop the guest drops to a shell and says so"
	tmux -L "$sock" send-keys 'exit' Enter
fi
for ((i = 0; i < 60; i++)); do [ -s "$status" ] && break; sleep 1; done
is "$(cat "$status")" 0 "leaving the display powers the guest off with status 0"
done_testing
