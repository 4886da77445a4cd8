#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A bounded libFuzzer run of the tools' inputs under ASan and UBSan: the
# splitlrutop recording reader, the option values of splitlrutop and
# lrutrace, and the core's command-line numbers (from tools/lruload)
# (FUZZ_SECONDS each, 8 by default: under a minute in all).  lrutrace's
# --listen requests are parsed by libmicrohttpd: no parser of ours.  Each run starts with its fuzz/regress
# inputs, the crashes found before, so they are replayed every time.
# `make fuzz` runs the same targets for as long as you like.
. "$(dirname "$0")/../lib/tap.sh"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for dir in tools/splitlrutop tools/lrutrace tools/lruload; do
	: >"$log"
	make --no-print-directory -C "$TAP_TOP/$dir" fuzz FUZZ_SECONDS="${FUZZ_SECONDS:-8}" >"$log" 2>&1
	rc=$?
	targets=$(sed -n 's/^ *FUZZ *\([a-z_]*\) for.*/\1/p' "$log")
	cmp_ok "$(printf '%s\n' $targets | grep -c .)" -ge 1 "$dir has a fuzz target that ran"
	for t in $targets; do
		grep -q "$t-crash\|$t-leak\|$t-timeout\|$t-oom" "$log"
		[ $? != 0 ]; _tap_result $? "fuzz target $t found no crash, leak or timeout"
	done
	is "$rc" 0 "make -C $dir fuzz exits 0"
	[ "$rc" = 0 ] || diag "$(tail -40 "$log")"
done
done_testing
