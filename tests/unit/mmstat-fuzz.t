#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A bounded libFuzzer run of every libmmstat parser and of mmstat's command
# line and sampling loop, under ASan and UBSan (FUZZ_SECONDS each, 10 by
# default).  `make fuzz` runs the same targets for as long as you like.
. "$(dirname "$0")/../lib/tap.sh"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
make --no-print-directory -C "$TAP_TOP/parsers" fuzz FUZZ_SECONDS="${FUZZ_SECONDS:-10}" >"$log" 2>&1 &&
	make --no-print-directory -C "$TAP_TOP/tools/mmstat" fuzz FUZZ_SECONDS="${FUZZ_SECONDS:-10}" >>"$log" 2>&1
rc=$?
targets=$(sed -n 's/^ *FUZZ *\([a-z_]*\) for.*/\1/p' "$log")
cmp_ok "$(printf '%s\n' $targets | grep -c .)" -ge 9 "every parser kind and the CLI have a fuzz target that ran"
for t in $targets; do
	grep -q "$t-crash\|$t-leak\|$t-timeout" "$log"
	[ $? != 0 ]; _tap_result $? "fuzz target $t found no crash, leak or timeout"
done
is "$rc" 0 "make -C parsers fuzz and make -C tools/mmstat fuzz exit 0"
[ "$rc" = 0 ] || diag "$(tail -40 "$log")"
done_testing
