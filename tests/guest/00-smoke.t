#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Guest smoke test: the pipeline works end to end (issue 2).
. "$(dirname "$0")/../lib/tap.sh"
. "$TAP_TOP/guest-image/lib.sh"
run="$TAP_TOP/guest-image/qemu-run"

banner=$(strings "$(kernel_dir patched)/vmlinux" | grep -m1 '^Linux version .* #[0-9]')
guest_tap -- tests/guest/smoke-inside.sh "$banner"

nodes=$("$run" --numa 2 --swap 0 -- ls -1 /sys/devices/system/node | grep -c '^node[0-9]')
is "$nodes" 2 "--numa 2 gives two nodes"

"$run" --swap 0 -- sh -c 'exit 7'
is "$?" 7 "an exit status of 7 inside comes out as 7"

err=$("$run" --swap 0 -- no-such-command-here 2>&1 >/dev/null)
is "$?" 127 "a command missing in the guest exits 127"
like "$err" 'no-such-command-here: command not found in the guest' "and says so"

err=$("$run" --swap 0 --timeout 25 -- sleep 600 2>&1)
is "$?" 124 "a guest past --timeout is killed with 124"
like "$err" 'timed out' "and says so"

err=$("$run" --swap 0 --timeout 120 --append init=/no/such/init -- true 2>&1)
is "$?" 125 "a guest kernel panic exits 125 without hanging"
like "$err" 'Kernel panic' "and names the panic"
done_testing
