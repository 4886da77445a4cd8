#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# MGLRU visibility (issue 13): with /sys/kernel/mm/lru_gen/enabled on, the
# per-type evictions of the MGLRU programs equal /proc/vmstat's deltas.
. "$(dirname "$0")/../lib/tap.sh"
if ! out=$(make --no-print-directory -s -C "$TAP_TOP/bpf/tests" 2>&1); then
	fail "bpf/tests/stockcheck builds"
	diag "$out"
	done_testing
fi
out=$TAP_TOP/tools/splitlrutop/build/mglru-guest
rm -rf "$out"
mkdir -p "$out"
guest_tap --mem 512M --cpus 2 --timeout 1200 -- tests/guest/stock-mglru-inside.sh "$out"

# splitlrutop's recording of the guest's generations, replayed on the host
# (no BPF, no MGLRU here): the frames the guest printed, byte for byte.
if [ -s "$out/top.rec" ]; then
	export SPLITLRU_NO_BPF=1
	"$TAP_TOP/tools/splitlrutop/build/splitlrutop" -b --json -r "$out/top.rec" >"$out/host.json" 2>"$out/host.err"
	if cmp -s "$out/top.json" "$out/host.json"; then
		pass "the guest's generations recording replays on the host to the guest's frames"
	else
		fail "the guest's generations recording replays on the host to the guest's frames"
		diag "$(diff "$out/top.json" "$out/host.json" | head -c 600)"
	fi
else
	fail "the guest left splitlrutop's recording in $out"
fi
done_testing
