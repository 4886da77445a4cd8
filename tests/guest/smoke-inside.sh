#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest (tests/guest/00-smoke.t): what the guest really has.
# $1: the banner (/proc/version) the host expects from the kernel it built.
. "$(dirname "$0")/../lib/tap.sh"
expected_banner=$1

is "$(cat /proc/version)" "$expected_banner" "guest runs the kernel built in the cache"
like "$(uname -r)" '^6\.1\.' "uname -r is a 6.1 kernel"
ok test -s /sys/kernel/btf/vmlinux
for tp in mm_vmscan_lru_shrink_inactive mm_vmscan_lru_shrink_active mm_vmscan_lru_isolate; do
	ok test -d "/sys/kernel/tracing/events/vmscan/$tp"
done
like "$(grep '^pgscan_anon ' /proc/vmstat)" '^pgscan_anon [0-9]+$' "/proc/vmstat has pgscan_anon"
cmp_ok "$(awk 'NR > 1 { n++ } END { print n + 0 }' /proc/swaps)" -ge 1 "swap is active"
like "$(cat /sys/fs/cgroup/cgroup.subtree_control)" 'memory' "memory controller enabled for children"
like "$(cat /sys/kernel/mm/lru_gen/enabled 2>/dev/null)" '^0x0000$' "MGLRU built in but off at boot"

# Reclaim inside a memcg: 64M limit, 160M touched.
cg=/sys/fs/cgroup/smoke
mkdir -p "$cg" && echo 64M >"$cg/memory.max"
before=$(awk '$1 == "pgscan" { print $2 }' "$cg/memory.stat")
sh -c "echo \$\$ >$cg/cgroup.procs; exec stress-ng --vm 1 --vm-bytes 160M --vm-keep --timeout 4 --quiet" >/dev/null 2>&1
after=$(awk '$1 == "pgscan" { print $2 }' "$cg/memory.stat")
cmp_ok "$after" -gt "${before:-0}" "a memcg with memory.max reclaims (pgscan $before -> $after)"
rmdir "$cg" 2>/dev/null

# bpftrace counts shrink_inactive events while stress-ng forces global
# reclaim (600M of anon in a 512M guest with swap).  The load starts once
# bpftrace says it has attached: under TCG on a busy host that can take
# longer than any fixed sleep.
bt_out=$(mktemp)
timeout 120 bpftrace -e 'tracepoint:vmscan:mm_vmscan_lru_shrink_inactive { @n = count(); }
	interval:s:30 { exit(); }' >"$bt_out" 2>&1 &
bt=$!
for _ in $(seq 100); do grep -q '^Attaching' "$bt_out" && break; sleep 0.5; done
stress-ng --vm 1 --vm-bytes 600M --vm-keep --timeout 5 --quiet >/dev/null 2>&1
kill -INT "$bt" 2>/dev/null
wait "$bt"
out=$(cat "$bt_out"); rm -f "$bt_out"
n=$(printf '%s\n' "$out" | sed -n 's/^@n: //p')
cmp_ok "${n:-0}" -gt 0 "bpftrace attached to mm_vmscan_lru_shrink_inactive and counted $n events"
[ -n "$n" ] || diag "$out"
done_testing
