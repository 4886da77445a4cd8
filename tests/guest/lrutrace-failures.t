#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# lrutrace's failure paths in the guest: unprivileged user, no BTF, no
# tracefs, signals, a closed pipe, a slow consumer, the metrics endpoint.
. "$(dirname "$0")/../lib/tap.sh"

# bpftool is not in the guest image; the host's (same Debian) runs there.
tool=""
if [ -x /usr/sbin/bpftool ]; then
	mkdir -p "$TAP_TOP/tools/lrutrace/build"
	cp /usr/sbin/bpftool "$TAP_TOP/tools/lrutrace/build/guest-bpftool" &&
		tool=tools/lrutrace/build/guest-bpftool
fi
prom="$TAP_TOP/tests/guest/.lrutrace-metrics.prom"
rm -f "$prom"
guest_tap --mem 512M --cpus 2 --timeout 900 -- tests/guest/lrutrace-failures-inside.sh ${tool:+"$TAP_TOP/$tool"}

# The textfile the guest wrote, checked with the host's promtool.
if [ ! -s "$prom" ]; then
	fail "the guest left a --prometheus textfile to check"
elif command -v promtool >/dev/null; then
	out=$(promtool check metrics <"$prom" 2>&1)
	is "$?" 0 "promtool check metrics accepts lrutrace's textfile"
	[ -n "$out" ] && diag "$out"
else
	skip "promtool check metrics" "promtool is not installed (Debian: prometheus)"
fi
rm -f "$prom"
done_testing
