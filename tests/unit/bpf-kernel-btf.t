#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The minimal BTF's key and lookup and the probe's streamed name lookup
# (bpf/kernel_btf.c, bpf/min_btf.c) on real files: the host's kernel BTF,
# read as a file (nothing is loaded into the host kernel), an ELF object
# carrying it as its .BTF section as a vmlinux does, and the minimal BTF
# bpf/min-btf makes of it; then bad input (a missing directory, an
# unreadable file, a truncated .btf).  cmocka, as TAP.
cd "$(dirname "$0")/../.." || exit 1
btf=/sys/kernel/btf/vmlinux
if [ ! -r "$btf" ]; then
	echo "1..0 # SKIP the host has no $btf to read"
	exit 0
fi
if ! out=$(make --no-print-directory -s -C bpf/tests all 2>&1); then
	echo "Bail out! bpf/tests/build/test_kernel_btf does not build: $out"
	exit 1
fi
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp"; rm -rf "$tmp"' EXIT
if ! printf '' | ${CC:-cc} -x c -c -o "$tmp/empty.o" - ||
   ! objcopy --add-section .BTF="$btf" "$tmp/empty.o" "$tmp/elf-btf.o" ||
   ! bpf/min-btf -o "$tmp/min" "$btf" >/dev/null; then
	echo "Bail out! cannot make the test files in $tmp"
	exit 1
fi
mkdir "$tmp/scratch"
CMOCKA_MESSAGE_OUTPUT=TAP bpf/tests/build/test_kernel_btf "$btf" "$tmp/elf-btf.o" "$tmp/min" "$tmp/scratch"
