#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest: stock-fentry-inside.sh, then stock-mglru-inside.sh,
# in one boot (tests/guest/stock-distro.t), as one TAP stream: their
# results in order, as they come, and one plan for both.
dir=$(dirname "$0")
seen=0
for script in stock-fentry-inside.sh stock-mglru-inside.sh; do
	while IFS= read -r line; do
		case "$line" in
		1..*) continue ;;
		"ok "*|"not ok "*) seen=$((seen + 1)) ;;
		esac
		printf '%s\n' "$line"
	done < <("$dir/$script" 2>&1)
done
echo "1..$seen"
