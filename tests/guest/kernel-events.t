#!/bin/bash
# The events of the kernel series (issue 3) fire with every field in range,
# and add up to /proc/vmstat over a quiet window.  Needs the patched kernel.
. "$(dirname "$0")/../lib/tap.sh"
guest_tap --mem 512M --cpus 2 --timeout 900 -- tests/guest/kernel-events.sh
done_testing
