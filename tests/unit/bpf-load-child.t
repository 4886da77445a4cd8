#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The loader process (bpf/load_child.c) without BPF: the load's and the
# attach's results come back from the child as they were, a child that
# dies is a failed load, and the child's peak RSS is its own, not ours.
# No fd of a BPF object is handed over here (that needs BPF: the guest's
# stock-fentry-inside.sh).  cmocka, as TAP.
cd "$(dirname "$0")/../.." || exit 1
if ! out=$(make --no-print-directory -s -C bpf/tests all 2>&1); then
	echo "Bail out! bpf/tests/build/test_load_child does not build: $out"
	exit 1
fi
CMOCKA_MESSAGE_OUTPUT=TAP exec bpf/tests/build/test_load_child
