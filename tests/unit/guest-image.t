#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Host checks of the guest pipeline scripts that need no boot: argument
# errors of qemu-run, the config verification, the series reader.
. "$(dirname "$0")/../lib/tap.sh"
. "$TAP_TOP/guest-image/lib.sh"
run="$TAP_TOP/guest-image/qemu-run"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# make check exports SPLITLRU_GUEST_TOOLS=installed; these runs pick it by hand.
unset SPLITLRU_GUEST_TOOLS DEB_OUT

for bad in "--mem 12X" "--swap lots" "--cpus 0" "--numa two" "--timeout -1" \
	   "--kernel vanilla" "--bogus" "--mem" "--tools sideways" "--tools" \
	   "--keep-changes $tmp/no-such.qcow2"; do
	# shellcheck disable=SC2086
	err=$("$run" $bad -- true 2>&1)
	is "$?" 126 "qemu-run $bad exits 126"
done
# --data-disk SIZE[,bps=RATE][,iops=N]: each malformed part is refused
# before anything boots, and named.
for bad in "--data-disk" "--data-disk 0M" "--data-disk 256" "--data-disk 256M,bps=fast" \
	   "--data-disk 256M,iops=0" "--data-disk 256M,iops=-5" "--data-disk 256M,speed=1" \
	   "--data-disk 256M,bps=16MB" "--data-disk ,bps=1M"; do
	# shellcheck disable=SC2086
	err=$("$run" $bad -- true 2>&1)
	is "$?" 126 "qemu-run $bad exits 126"
done
like "$("$run" --data-disk 256M,iops=x -- true 2>&1)" "iops wants a positive number, not 'x'" \
	"a bad iops is named"
like "$("$run" --data-disk 256M,speed=1 -- true 2>&1)" "unknown field 'speed=1'" "an unknown field is named"
like "$("$run" --help)" '--data-disk SIZE\[,bps=RATE\]\[,iops=N\]' "qemu-run --help documents --data-disk"
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
like "$err" "unknown variant 'vanilla' \\(expected stock, patched, debug, stock-debug or distro\\)" "and names the variants"

# Debian's own kernel: pinned once, keyed by the image it is installed in.
like "$DISTRO_KERNEL_ABI" '^6\.1\.0-[0-9]+-amd64$' "the distro kernel's release is a bookworm 6.1 ABI"
like "$DISTRO_KERNEL_VERSION" '^6\.1\.[0-9]+-[0-9]+' "its package version is a 6.1 one"
is "$DISTRO_KERNEL_PACKAGE" "linux-image-$DISTRO_KERNEL_ABI" "the package is named after the release"
is "$(grep -rlF -e "$DISTRO_KERNEL_ABI" -e "$DISTRO_KERNEL_VERSION" "$TAP_TOP/guest-image" "$TAP_TOP/tests" |
	sed "s|^$TAP_TOP/||")" guest-image/lib.sh "the pin is written in guest-image/lib.sh and nowhere else"
src=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null)
[ -z "$src" ] || [ "$src" = "$DISTRO_KERNEL_VERSION" ] ||
	diag "linux-source-6.1 is $src, the distro kernel is pinned at $DISTRO_KERNEL_VERSION"
for mod in virtio_pci virtio_blk virtio_console ext4 9p 9pnet_virtio; do
	like " $DISTRO_INITRAMFS_MODULES " " $mod " "the distro initramfs loads $mod"
done
kdist=$(kernel_key distro)
is "$kdist" "$(kernel_key distro)" "the distro kernel's key is stable"
isnt "$kdist" "$k1" "and differs from the patched kernel's"
isnt "$(DISTRO_KERNEL_VERSION=6.1.999-1 && image_key)" "$(image_key)" "moving the pin changes the image key"
isnt "$(DISTRO_KERNEL_VERSION=6.1.999-1 && kernel_key distro)" "$kdist" "and so the distro kernel's"
is "$(kernel_btf distro)" "$SPLITLRU_CACHE/kernel/distro-$kdist/vmlinux.btf" "kernel_btf distro: the raw BTF beside it"
is "$(kernel_btf patched)" "$SPLITLRU_CACHE/kernel/patched-$k1/vmlinux" "kernel_btf patched: the vmlinux"
err=$(SPLITLRU_CACHE="$tmp/empty-cache" "$run" --kernel distro -- true 2>&1)
isnt "$?" 0 "qemu-run --kernel distro without the kernel fails"
like "$err" "make kernel-distro" "and says how to build it"
like "$("$run" --help)" 'distro: Debian' "qemu-run --help documents --kernel distro"

# What qemu-run hands QEMU for the distro kernel, with a stand-in QEMU that
# records its arguments and reports an exit status through the control
# share, as the guest's init does.
mkdir -p "$tmp/bin" "$tmp/cache"
cat >"$tmp/bin/qemu-system-x86_64" <<'QEMU'
#!/bin/bash
printf '%s\n' "$@" >"$FAKE_QEMU_ARGS"
for a; do
	case "$a" in *mount_tag=run,*) d=${a#*path=}; cp "${d%%,*}/cmd" "$FAKE_QEMU_ARGS.cmd"; echo 7 >"${d%%,*}/status" ;; esac
done
QEMU
chmod +x "$tmp/bin/qemu-system-x86_64"
fake_kdir=$(SPLITLRU_CACHE="$tmp/cache" && kernel_dir distro)
fake_img=$(SPLITLRU_CACHE="$tmp/cache" && image_path)
mkdir -p "$fake_kdir" "${fake_img%/*}"
touch "$fake_kdir/vmlinuz" "$fake_kdir/initrd.img" "$fake_img"
SPLITLRU_CACHE="$tmp/cache" SPLITLRU_ACCEL=tcg PATH="$tmp/bin:$PATH" FAKE_QEMU_ARGS="$tmp/args" \
	"$run" --kernel distro --numa 2 --swap 0 -- true
is "$?" 7 "qemu-run --kernel distro exits with the status the guest reported"
args=$(tr '\n' ' ' <"$tmp/args")
like "$args" "-kernel $fake_kdir/vmlinuz -initrd $fake_kdir/initrd.img " "it boots vmlinuz with the initramfs"
like "$args" "root=/dev/vda rw init=/sbin/splitlru-init .*fsck.mode=skip" "into the same root and init, without fsck"
like "$args" "-numa node,nodeid=1,memdev=ram1" "--numa works as on the other kernels"
like "$args" "file=$fake_img,if=virtio,format=raw,snapshot=on" "on the same image"

# --data-disk: a throttled, formatted scratch disk named by its serial.
SPLITLRU_CACHE="$tmp/cache" SPLITLRU_ACCEL=tcg PATH="$tmp/bin:$PATH" FAKE_QEMU_ARGS="$tmp/args" \
	"$run" --kernel distro --swap 0 --data-disk 64M,bps=16M,iops=200 -- true
is "$?" 7 "qemu-run --data-disk boots and exits with the guest's status"
args=$(tr '\n' ' ' <"$tmp/args")
like "$args" "-drive file=[^ ]*/data.img,if=none,id=data,format=raw,throttling.bps-total=16777216,throttling.iops-total=200 " \
	"the data disk is throttled in bytes/s and requests/s"
like "$args" "-device virtio-blk-pci,drive=data,serial=splitlru-data,addr=0x1e" "and carries the serial the init looks for"
ls "$tmp/cache/runs"/run.* >/dev/null 2>&1
isnt "$?" 0 "the scratch disk goes with the run's directory"

# --tools installed (make check's SPLITLRU_GUEST_TOOLS): the overlay with
# the packages installed, named by the image and the packages; a clear
# error without packages or without the overlay; build: the image itself.
fake() { SPLITLRU_CACHE="$tmp/cache" SPLITLRU_ACCEL=tcg PATH="$tmp/bin:$PATH" FAKE_QEMU_ARGS="$tmp/args" "$@"; }
err=$(SPLITLRU_GUEST_TOOLS=bogus fake "$run" --kernel distro --swap 0 -- true 2>&1)
is "$?" 126 "SPLITLRU_GUEST_TOOLS=bogus exits 126"
like "$err" "wants installed or build, not 'bogus'" "and names the value"
mkdir -p "$tmp/debs"
err=$(DEB_OUT="$tmp/debs" fake "$run" --kernel distro --tools installed --swap 0 -- true 2>&1)
isnt "$?" 0 "--tools installed without packages fails"
like "$err" "no packages in $tmp/debs: run 'make guest-tools'" "and says how to make them"
echo one >"$tmp/debs/splitlru-tools_9.9.9_amd64.deb"
echo two >"$tmp/debs/libmmstat1_9.9.9_amd64.deb"
err=$(DEB_OUT="$tmp/debs" fake "$run" --kernel distro --tools installed --swap 0 -- true 2>&1)
isnt "$?" 0 "--tools installed before they are installed in an image fails"
like "$err" "not installed in an image yet: run 'make guest-tools'" "and says so"
overlay=$(SPLITLRU_CACHE="$tmp/cache" DEB_OUT="$tmp/debs" && tools_image_path)
like "$overlay" "^$tmp/cache/image/tools-[0-9a-f]{16}\.qcow2\$" "tools_image_path: a keyed overlay in the cache"
touch "$overlay"
DEB_OUT="$tmp/debs" SPLITLRU_GUEST_TOOLS=installed fake "$run" --kernel distro --swap 0 -- true
is "$?" 7 "SPLITLRU_GUEST_TOOLS=installed boots"
like "$(tr '\n' ' ' <"$tmp/args")" "-drive file=$overlay,if=virtio,format=qcow2,snapshot=on " "the overlay, read-only"
like "$(cat "$tmp/args.cmd")" "SPLITLRU_GUEST_TOOLS=installed" "and tells the guest's command"
echo three >"$tmp/debs/splitlru-tools_9.9.9_amd64.deb"
isnt "$(SPLITLRU_CACHE="$tmp/cache" DEB_OUT="$tmp/debs" && tools_image_path)" "$overlay" "a new package: a new overlay key"
fake "$run" --kernel distro --swap 0 -- true
like "$(tr '\n' ' ' <"$tmp/args")" "-drive file=$fake_img,if=virtio,format=raw,snapshot=on " "the default (build): the image itself"
like "$(cat "$tmp/args.cmd")" "SPLITLRU_GUEST_TOOLS=build" "and says build"
fake "$run" --kernel distro --swap 0 --keep-changes "$overlay" -- true
like "$(tr '\n' ' ' <"$tmp/args")" "-drive file=$overlay,if=virtio,format=qcow2 " "--keep-changes: the overlay, writable"
inst=$TAP_TOP/guest-image/install-debs
"$inst" extra >/dev/null 2>&1
is "$?" 2 "install-debs with an argument exits 2"
like "$("$inst" --help)" "qemu-run --tools installed" "install-debs --help says what boots its result"
err=$(SPLITLRU_CACHE="$tmp/cache" DEB_OUT="$tmp/none" "$inst" 2>&1)
is "$?" 1 "install-debs without packages exits 1"
like "$err" "run 'make deb' first" "and says what to run"
touch "$(SPLITLRU_CACHE="$tmp/cache" DEB_OUT="$tmp/debs" && tools_image_path)"
out=$(SPLITLRU_CACHE="$tmp/cache" DEB_OUT="$tmp/debs" PATH="$tmp/bin:$PATH" FAKE_QEMU_ARGS="$tmp/inst-args" "$inst" 2>&1)
is "$?" 0 "install-debs with the overlay of these packages made exits 0"
like "$out" "(up to date)" "and says it is up to date"
[ ! -e "$tmp/inst-args" ]
_tap_result $? "without booting a guest"
like "$(tr '\n' ' ' <"$tmp/args")" "-drive file=$overlay,if=virtio,format=qcow2 " "--keep-changes: the overlay, writable"
done_testing
