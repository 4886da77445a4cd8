#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The failure matrix of issue 8 in the guest: lrutrace and splitlrutop not
# root, without BTF, on the stock events, without tracefs, with MGLRU on,
# behind a full ring buffer, under signal storms, in a 10x5 terminal, with
# bad arguments, unwritable outputs and a full tmpfs, and the metrics
# listener under 1,000 requests.  See docs/failure-matrix.md.
. "$(dirname "$0")/../lib/tap.sh"
guest_tap --mem 512M --cpus 2 --timeout 1200 -- tests/guest/failure-matrix-inside.sh
done_testing
