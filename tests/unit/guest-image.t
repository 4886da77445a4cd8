#!/bin/bash
# Host checks of the guest pipeline scripts that need no boot: argument
# errors of qemu-run, the config verification, the series reader.
. "$(dirname "$0")/../lib/tap.sh"
. "$TAP_TOP/guest-image/lib.sh"
run="$TAP_TOP/guest-image/qemu-run"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for bad in "--mem 12X" "--swap lots" "--cpus 0" "--numa two" "--timeout -1" \
	   "--kernel vanilla" "--bogus" "--mem"; do
	# shellcheck disable=SC2086
	err=$("$run" $bad -- true 2>&1)
	is "$?" 126 "qemu-run $bad exits 126"
done
err=$("$run" --mem 256M 2>&1)
like "$err" 'no COMMAND given' "qemu-run without a command says so"
like "$("$run" --help)" 'Exit status:' "qemu-run --help documents the exit status"

# verify_config: every option of the fragment must survive olddefconfig.
cat >"$tmp/frag" <<'FRAG'
CONFIG_A=y
CONFIG_B=y
CONFIG_NR=8
# CONFIG_OFF is not set
FRAG
printf 'CONFIG_A=y\nCONFIG_NR=8\n' >"$tmp/good"
printf 'CONFIG_A=y\nCONFIG_B=y\nCONFIG_NR=8\n' >>"$tmp/good"
is "$(verify_config "$tmp/frag" "$tmp/good")" "" "a config with every option passes"
printf 'CONFIG_A=y\nCONFIG_NR=4\nCONFIG_OFF=y\n' >"$tmp/bad"
out=$(verify_config "$tmp/frag" "$tmp/bad" | sort | tr '\n' ' ')
is "$out" "CONFIG_B(wanted y, got n) CONFIG_NR(wanted 8, got 4) CONFIG_OFF(wanted n, got y) " \
	"dropped, changed and unwanted options are named"

# The real fragment holds what DESIGN.md says the guest needs.
for opt in SMP NUMA NUMA_EMU MEMCG SWAP PSI VM_EVENT_COUNTERS TRANSPARENT_HUGEPAGE \
	   HUGETLBFS MODULES BPF_SYSCALL BPF_JIT BPF_EVENTS KPROBES KPROBE_EVENTS \
	   KALLSYMS DEBUG_INFO_BTF FTRACE IKCONFIG_PROC VIRTIO_BLK 9P_FS EXT4_FS LRU_GEN; do
	ok grep -qx "CONFIG_$opt=y" "$TAP_TOP/kernel-patch/guest.config"
done

# The kernel key changes with the series and not otherwise.
k1=$(kernel_key patched) k2=$(kernel_key patched) ks=$(kernel_key stock)
is "$k1" "$k2" "the kernel cache key is stable"
isnt "$k1" "$ks" "stock and patched kernels have different keys"
kd=$(kernel_key debug)
isnt "$kd" "$k1" "the debug kernel (make soak) has a key of its own"
is "$(config_fragments patched | sed 's|.*/||' | tr '\n' ' ')" "guest.config " "patched: guest.config only"
is "$(config_fragments debug | sed 's|.*/||' | tr '\n' ' ')" "guest.config debug.config " \
	"debug: guest.config then debug.config"
for opt in DEBUG_VM DEBUG_LIST DEBUG_ATOMIC_SLEEP PROVE_LOCKING KASAN SLUB; do
	ok grep -qx "CONFIG_$opt=y" "$TAP_TOP/kernel-patch/debug.config"
done
err=$("$TAP_TOP/guest-image/build-kernel" vanilla 2>&1)
is "$?" 1 "build-kernel vanilla fails"
like "$err" "unknown variant 'vanilla' \\(expected stock, patched or debug\\)" "and names the variants"
done_testing
