#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# capture-fixture.sh DIR: copy this machine's memory statistics files into
# DIR/proc/... and DIR/sys/... (the layout mmstat --root reads), at once so
# they describe one moment.  Run on the host, or in the guest through
#   guest-image/qemu-run --numa 2 -- parsers/tests/capture-fixture.sh DIR
set -eu
dir=$1
copy() {	# copy the file if this kernel has it
	[ -r "$1" ] || return 0
	mkdir -p "$dir$(dirname "$1")"
	cat "$1" > "$dir$1"
}
for f in /proc/meminfo /proc/vmstat /proc/zoneinfo /proc/pressure/memory \
	 /sys/devices/system/node/node*/meminfo /sys/devices/system/node/node*/vmstat \
	 /sys/fs/cgroup/*/memory.stat /sys/fs/cgroup/*/memory.numa_stat \
	 /sys/fs/cgroup/memory/memory.stat /sys/fs/cgroup/memory/memory.numa_stat \
	 /sys/kernel/debug/lru_gen /sys/kernel/debug/lru_gen_full; do
	copy "$f"
done
echo "Captured $(date -u +%F) from $(uname -sr) ($(uname -m), $(nproc) CPUs," \
     "nodes: $(cat /sys/devices/system/node/online 2>/dev/null || echo none))." > "$dir/README"
