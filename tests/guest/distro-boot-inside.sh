#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest on Debian's own kernel (tests/guest/distro-boot.t):
# the guest is the same as on ours, and the kernel has what the stock-fentry
# source of the BPF layer needs.
# $1: the kernel release the host pinned (uname -r); $2: its package version.
. "$(dirname "$0")/../lib/tap.sh"
want_release=$1 want_version=$2

# --- the kernel, booted through its initramfs ---
is "$(uname -r)" "$want_release" "uname -r is the pinned release"
like "$(cat /proc/version)" "Debian $want_version" "/proc/version names the pinned package version"
like "$(cat /proc/cmdline)" 'init=/sbin/splitlru-init' "booted into our init"
for mod in virtio_blk virtio_pci virtio_console ext4 9p 9pnet_virtio; do
	ok grep -q "^$mod " /proc/modules
done

# --- the guest every test expects ---
is "$(findmnt -n -o FSTYPE /)" ext4 "/ is the ext4 image"
is "$(findmnt -n -o FSTYPE /dev)" devtmpfs "/dev is a devtmpfs (the kernel does not mount it itself)"
like "$(findmnt -n -o OPTIONS /dev/pts)" 'ptmxmode=666' "/dev/pts has our options"
is "$(findmnt -n -o FSTYPE "$SPLITLRU_REPO")" 9p "the repository is shared over 9p"
is "$(findmnt -n -o FSTYPE /sys/kernel/tracing)" tracefs "tracefs is mounted"
is "$(findmnt -n -o FSTYPE /sys/kernel/debug)" debugfs "debugfs is mounted"
like "$(cat /sys/fs/cgroup/cgroup.subtree_control)" memory "memory controller enabled for children"
is "$(ls -1d /sys/devices/system/node/node[0-9]* | wc -l)" 2 "--numa 2 gives two nodes"
cmp_ok "$(awk 'NR > 1 { n++ } END { print n + 0 }' /proc/swaps)" -ge 1 "swap is active"
ok test -c /dev/hvc0
is "$(id -u tester)" 1000 "the unprivileged user is there"

# --- what the BPF layer's stock-fentry source relies on ---
ok test -s /sys/kernel/btf/vmlinux
like "$(grep '^pgscan_anon ' /proc/vmstat)" '^pgscan_anon [0-9]+$' "/proc/vmstat has pgscan_anon"
funcs=/sys/kernel/tracing/available_filter_functions
diag "$(grep -c . "$funcs") functions in available_filter_functions"
for fn in shrink_lruvec shrink_node shrink_active_list isolate_lru_folios \
	  shrink_folio_list move_folios_to_lru lru_note_cost folio_activate \
	  deactivate_page lru_deactivate_file_fn lru_lazyfree_fn \
	  folio_rotate_reclaimable evict_folios isolate_folios try_to_inc_max_seq; do
	# a line is "name" or "name [module]"
	ok grep -qE "^$fn( |\$)" "$funcs"
done
for fn in get_scan_count shrink_inactive_list; do
	if grep -qE "^$fn( |\$)" "$funcs"; then
		diag "$fn is attachable here, DESIGN.md says it is inlined"
	fi
done

# A kfunc (fentry) probe attaches and fires: anon pressure past the
# guest's memory makes the kernel reclaim.  bpftrace takes a while to read
# the BTF under TCG (minutes on a loaded 2-core host): the pressure starts
# once it has attached.  One short round under TCG can end before reclaim
# reaches the function (CI saw evict_folios at 0 once), so the pressure
# repeats, up to four rounds, until the probe's "fired" line (printed on
# its first hit) shows up in the output.
count_kfunc() {
	local out=/tmp/bpftrace.$1 pid n i round
	bpftrace -e "kfunc:$1 /@hit == 0/ { @hit = 1; printf(\"fired\\n\"); }
		     kfunc:$1 { @n = count(); }" >"$out" 2>&1 &
	pid=$!
	for ((i = 0; i < 300; i++)); do
		grep -q '^Attaching' "$out" && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 1
	done
	grep -q '^Attaching' "$out" || diag "bpftrace did not attach to $1 in $i s" >&2
	sleep 2
	for round in 1 2 3 4; do
		stress-ng --vm 1 --vm-bytes 600M --vm-keep --timeout 6 --quiet >/dev/null 2>&1
		grep -q '^fired' "$out" && break
		diag "round $round: $1 has not fired yet" >&2
	done
	kill -INT "$pid" 2>/dev/null
	wait "$pid"
	n=$(sed -n 's/^@n: //p' "$out")
	[ -n "$n" ] || diag "$(cat "$out")" >&2
	echo "${n:-0}"
}
n=$(count_kfunc shrink_lruvec)
cmp_ok "$n" -gt 0 "bpftrace's kfunc:shrink_lruvec fired $n times under reclaim"

# MGLRU: built in, off at boot, can be turned on; its debugfs file reads.
lru_gen=/sys/kernel/mm/lru_gen/enabled
is "$(cat "$lru_gen")" 0x0000 "MGLRU is built in and off at boot"
echo y >"$lru_gen"
like "$(cat "$lru_gen")" '^0x000[1-7]$' "echo y turns MGLRU on ($(cat "$lru_gen"))"
like "$(head -n 1 /sys/kernel/debug/lru_gen)" '^memcg ' "/sys/kernel/debug/lru_gen is readable"
like "$(grep -c '^ *node ' /sys/kernel/debug/lru_gen)" '^[1-9]' "and lists the nodes"
n=$(count_kfunc evict_folios)
cmp_ok "$n" -gt 0 "under MGLRU, kfunc:evict_folios fired $n times under reclaim"
echo n >"$lru_gen"
is "$(cat "$lru_gen")" 0x0000 "echo n turns it off again"
done_testing
