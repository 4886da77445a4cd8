#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# mmstat lru_gen on a real MGLRU capture (tests/fixtures/mmstat/
# mglru-6.1-guest-numa2, see its README): per node, the pages of every
# generation of every memcg add up to the node's LRU lists in its meminfo
# of the same moment, within 1 % (issue 13), and so does each type, within
# 1 % of the node's total.  The capture's lru_gen_full is parsed by
# parsers/tests/test_lru_gen.c.
. "$(dirname "$0")/../lib/tap.sh"
cd "$TAP_TOP" || exit 1
mmstat=tools/mmstat/build/mmstat
cap=tests/fixtures/mmstat/mglru-6.1-guest-numa2
if ! out=$(make --no-print-directory -s -C parsers all 2>&1 &&
	   make --no-print-directory -s -C tools/mmstat all 2>&1); then
	fail "mmstat builds"
	diag "$out"
	done_testing
fi

json=$("$mmstat" --root "$cap" -j lru_gen)
is "$?" 0 "mmstat lru_gen reads the capture"
is "$(jq '.lruvecs | length' <<<"$json")" 4 "two memcgs on two nodes: four lruvecs"
is "$(jq -c '[.lruvecs[].path] | unique' <<<"$json")" '["/","/cap-batch"]' "with their cgroup paths"

# within A B TOTAL: |A - B| <= TOTAL / 100
within() { [ $((100 * ($1 > $2 ? $1 - $2 : $2 - $1))) -le "$3" ]; }
gen_pages() {	# NODE TYPE...: pages in every generation of every memcg
	local n=$1
	shift
	jq --argjson n "$n" --arg t "$*" \
		'[.lruvecs[] | select(.node == $n) | .gens[] | .[($t | split(" "))[]]] | add' <<<"$json"
}
lru_pages() {	# NODE TYPE...: the node's Active + Inactive of those types, in pages
	local n=$1 t keys=()
	shift
	for t in "$@"; do keys+=("Active($t)" "Inactive($t)"); done
	"$mmstat" --root "$cap" -f csv node "$n" "${keys[@]}" |
		awk -F, 'NR > 1 { s += $2 } END { print s / 4 }'	# kB of 4 kB pages
}
for node in 0 1; do
	total=$(lru_pages "$node" anon file)
	gen=$(gen_pages "$node" anon file)
	if within "$gen" "$total" "$total"; then ok=pass; else ok=fail; fi
	$ok "node $node: generations hold $gen pages, its LRU lists $total (within 1 %)"
	for type in anon file; do
		g=$(gen_pages "$node" "$type") l=$(lru_pages "$node" "$type")
		if within "$g" "$l" "$total"; then ok=pass; else ok=fail; fi
		$ok "node $node $type: $g pages in generations, $l on the lists (within 1 % of the node's)"
	done
done
done_testing
