#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# lrutrace in the guest: its totals against /proc/vmstat and memory.stat,
# the event stream against the aggregates, fallback against full (issue 5).
. "$(dirname "$0")/../lib/tap.sh"
guest_tap --mem 512M --cpus 2 --timeout 600 -- tests/guest/lrutrace-inside.sh
done_testing
