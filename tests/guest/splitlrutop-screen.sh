# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the splitlrutop tests (tests/guest/splitlrutop-inside.sh in the
# guest, tests/unit/splitlrutop-host.t on the host): reading the
# interactive screen from tmux.  The caller sets $s, the tmux target.

# wait_for REGEX [SECONDS]: until the screen matches (default 10 s); the
# last screen is left in $screen, and shown when it never matched.
wait_for() {
	local i
	for i in $(seq $((${2:-10} * 5))); do
		screen=$(tmux capture-pane -p -t "$s")
		grep -qE -- "$1" <<<"$screen" && return 0
		sleep 0.2
	done
	diag "screen did not match /$1/:" "$screen"
	return 1
}

# help_lists_keys: the help screen is up; every key of issue 6 is on it.
help_lists_keys() {
	local key
	for key in q 'h \?' space '\+ -' n m s b; do
		like "$screen" "^  $key " "help lists key $key"
	done
}
