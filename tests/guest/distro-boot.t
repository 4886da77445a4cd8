#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Guest test: qemu-run --kernel distro boots Debian's own kernel (pinned in
# guest-image/lib.sh) through its initramfs into the same guest, and
# qemu-run's exit statuses mean the same on it (issue 13, part 1).
. "$(dirname "$0")/../lib/tap.sh"
. "$TAP_TOP/guest-image/lib.sh"
run=("$TAP_TOP/guest-image/qemu-run" --kernel distro)

# One boot with two nodes and swap runs the checks inside, then exits 7.
guest_tap --kernel distro --numa 2 --timeout 900 -- /bin/sh -c \
	'tests/guest/distro-boot-inside.sh "$1" "$2" && exit 7' sh \
	"$DISTRO_KERNEL_ABI" "$DISTRO_KERNEL_VERSION"
is "$?" 7 "an exit status of 7 inside comes out as 7"

err=$("${run[@]}" --swap 0 --timeout 300 -- no-such-command-here 2>&1 >/dev/null)
is "$?" 127 "a command missing in the guest exits 127"
like "$err" 'no-such-command-here: command not found in the guest' "and says so"

# Killed while it boots: the timeout does not wait for the init.
err=$("${run[@]}" --swap 0 --timeout 10 -- sleep 600 2>&1)
is "$?" 124 "a guest past --timeout is killed with 124"
like "$err" 'timed out' "and says so"

# A boot that fails in the initramfs: it cannot mount the root as the
# wrong type and, with panic=-1, reboots at once; QEMU (-no-reboot)
# exits.  (A wrong init= does not fail there: the initramfs falls back to
# the root's /bin/sh, and only --timeout ends it.)
err=$("${run[@]}" --swap 0 --timeout 300 --append rootfstype=xfs -- true 2>&1)
is "$?" 125 "a guest whose boot fails exits 125 without hanging"
like "$err" 'Failed to mount /dev/vda as root file system' "and names the initramfs's complaint"
done_testing
