#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# make soak (issue 8): the debug variant of the guest kernel (lockdep,
# KASAN, DEBUG_VM, DEBUG_LIST; kernel-patch/debug.config) under
# SOAK_SECONDS (default 600) of reclaim with every knob changing and the
# tools attaching and detaching; see tests/soak/soak-inside.sh.  Not part
# of make check: it needs its own kernel build and ten minutes.
. "$(dirname "$0")/../lib/tap.sh"
cd "$TAP_TOP" || exit 1
soak_s=${SOAK_SECONDS:-600}
case "$soak_s" in ''|*[!0-9]*) echo "soak.t: SOAK_SECONDS must be a number of seconds, not '$soak_s'" >&2; exit 2 ;; esac
out=$TAP_TOP/tests/soak/build
rm -rf "$out"
mkdir -p "$out"
diag "soak: ${soak_s}s on the debug kernel; progress on stderr, dmesg kept in $out"
# A debug kernel under TCG boots and runs several times slower: allow the
# soak, the final window and a slow boot.  A large log buffer keeps an
# early report from being overwritten before the final dmesg.  pci=noacpi:
# the debug kernel interprets ACPI so slowly that evaluating the PCI
# routing method (_PRT) can hit ACPICA's 30 s loop timeout, leaving the
# virtio devices without an interrupt and the guest hung after boot; the
# firmware's PIRQ table gives the same routing without the interpreter.
GUEST_TAP_STDERR=1 guest_tap --kernel debug --numa 2 --mem 1G --append "log_buf_len=8M pci=noacpi" \
	--timeout $((soak_s + 1800)) -- tests/soak/soak-inside.sh "$soak_s" "$out"
done_testing
