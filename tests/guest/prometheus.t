#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A real Prometheus scrapes lrutrace (issue 16).  Debian's prometheus and
# promtool (mk/host-packages) are static Go programs that need only libc,
# so the host's copies run in the guest from the 9p share: the guest
# starts lrutrace stat --listen, a Prometheus scraping it every second,
# runs a reclaim workload, and then checks Prometheus's query results
# against lrutrace's own --json lines of the same run, and the scraped
# page with promtool check metrics.  In the same boot: a lrutrace whose
# source goes away (LRUTRACE_TEST_SOURCE_GONE_AFTER) answers 503 with the
# reason, and Prometheus has its target down.
. "$(dirname "$0")/../lib/tap.sh"
bin=$TAP_TOP/build/prometheus
mkdir -p "$bin"
for p in prometheus promtool; do
	if ! path=$(command -v "$p"); then
		fail "$p is installed on the host (make deps: package prometheus)"
		done_testing
	fi
	cp "$path" "$bin/$p"
done
pass "the host's prometheus and promtool, for the guest"
guest_tap --mem 768M --cpus 2 --timeout 900 -- tests/guest/prometheus-inside.sh
done_testing
