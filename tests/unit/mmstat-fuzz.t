#!/bin/bash
# A bounded libFuzzer run of every libmmstat parser under ASan and UBSan
# (FUZZ_SECONDS each, 10 by default: about a minute in all).  `make fuzz`
# runs the same targets for as long as you like.
. "$(dirname "$0")/../lib/tap.sh"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
make --no-print-directory -C "$TAP_TOP/parsers" fuzz FUZZ_SECONDS="${FUZZ_SECONDS:-10}" >"$log" 2>&1
rc=$?
targets=$(sed -n 's/^ *FUZZ *\([a-z_]*\) for.*/\1/p' "$log")
cmp_ok "$(printf '%s\n' $targets | grep -c .)" -ge 6 "every parser kind has a fuzz target that ran"
for t in $targets; do
	grep -q "$t-crash\|$t-leak\|$t-timeout" "$log"
	[ $? != 0 ]; _tap_result $? "fuzz target $t found no crash, leak or timeout"
done
is "$rc" 0 "make -C parsers fuzz exits 0"
[ "$rc" = 0 ] || diag "$(tail -40 "$log")"
done_testing
