#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The verdict rule of tools/splitlrutop/bench (bench-verdict.awk, issue
# 17): CPU % per window and peak RSS per start against an upper target.
# PASS only when the whole range, widened by the unit's quantum, is within
# the target and no wider than the median's margin to it; MISS when all of
# it is above; anything else, or fewer than 3 values, UNRESOLVED.
. "$(dirname "$0")/../lib/tap.sh"
cd "$TAP_TOP" || exit 1

verdict() {	# verdict TARGET QUANTUM VALUE...
	local t=$1 q=$2
	shift 2
	printf '%s\n' "$@" | awk -v t="$t" -v quantum="$q" -f tools/splitlrutop/bench-verdict.awk
}

is "$(verdict 0.5 0 0.20 0.21 0.22 0.19 0.20)" "0.2 0.19 0.22 5 PASS" \
	"0.2 % of a core, tight range, against 0.5 %: PASS"
is "$(verdict 0.5 0 1.10 1.20 1.15 1.07 1.19)" "1.15 1.07 1.2 5 MISS" \
	"1.07-1.20 % against 0.5 %: MISS"
is "$(verdict 0.5 0 1.10 1.20 1.15 1.07 1.92)" "1.15 1.07 1.92 5 UNRESOLVED" \
	"issue 17's 1.07-1.92 %: a range wider than the margin, UNRESOLVED as verdict.awk has it"
is "$(verdict 0.5 0 0.10 0.45 0.20)" "0.2 0.1 0.45 3 UNRESOLVED" \
	"all within the target, but a range (0.35) wider than the margin (0.3): UNRESOLVED, not PASS"
is "$(verdict 0.5 0 0.40 0.60 0.50 0.45 0.55)" "0.5 0.4 0.6 5 UNRESOLVED" \
	"the target inside the range: UNRESOLVED"
is "$(verdict 0.5 0 0.20 0.21)" "0.205 0.2 0.21 2 UNRESOLVED" \
	"two windows give no spread: UNRESOLVED"
is "$(verdict 0.5 0.1 0.20 0.20 0.20)" "0.2 0.2 0.2 3 PASS" \
	"read in ticks (+-0.1 % a window): 0.1-0.3 is still within 0.5 %"
is "$(verdict 0.5 0.35 0.20 0.20 0.20)" "0.2 0.2 0.2 3 UNRESOLVED" \
	"a tick as wide as the margin: UNRESOLVED"
is "$(verdict 8192 0 5600 5500 5700)" "5600 5500 5700 3 PASS" \
	"peak RSS 5.5 MB per start against 8 MB: PASS"
is "$(verdict 8192 0 11268 11420 11264)" "11268 11264 11420 3 MISS" \
	"the kernel's whole BTF, 11 MB: MISS"
is "$(verdict 8192 0 nan nan)" "nan nan nan 0 UNRESOLVED" \
	"starts that gave no figure: UNRESOLVED, not a crash"
done_testing
