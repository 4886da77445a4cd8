#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The stock sources on Debian's own kernel (linux-image-6.1.0-*-amd64,
# `qemu-run --kernel distro`): stock-fentry's totals against /proc/vmstat
# with MGLRU off, then MGLRU's per-type totals with it on; one boot.
. "$(dirname "$0")/../lib/tap.sh"
if ! "$TAP_TOP/guest-image/qemu-run" --help | grep -q 'distro'; then
	skip "Debian's kernel" "qemu-run has no --kernel distro yet"
	done_testing
fi
if ! out=$(make --no-print-directory -s -C "$TAP_TOP/bpf/tests" 2>&1); then
	fail "bpf/tests/stockcheck builds"
	diag "$out"
	done_testing
fi
guest_tap --kernel distro --mem 512M --cpus 2 --timeout 1800 -- tests/guest/stock-both-inside.sh
done_testing
