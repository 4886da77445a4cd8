#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest (tests/guest/kernel-sysctl.t): vm.lru_scan_balance
# and the balance lines of /proc/zoneinfo.
# $1 (optional): a stock kernel's /proc/zoneinfo, to compare the old lines.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/kernel-lib.sh"
f=/proc/sys/vm/lru_scan_balance
stock_zoneinfo=${1:-}

# --- the sysctl ---
ok test -f "$f"
is "$(stat -c %a "$f")" 644 "lru_scan_balance is mode 644"
is "$(cat "$f")" cost "default is cost"
is "$(sysctl -n vm.lru_scan_balance)" cost "sysctl(8) reads it"
echo rotation >"$f"
is "$(cat "$f")" rotation "accepts rotation"
echo cost >"$f"
is "$(cat "$f")" cost "accepts cost"
printf rotation >"$f"
is "$(cat "$f")" rotation "accepts a word without a newline"
sysctl -q -w vm.lru_scan_balance=cost
is "$(cat "$f")" cost "sysctl -w sets it"

echo rotation >"$f"
for bad in garbage 0 1 2 -1 Cost rotationx "rot ation" ""; do
	err=$(printf '%s\n' "$bad" 2>&1 >"$f")
	rc=$?
	isnt "$rc" 0 "writing '$bad' fails"
	like "$err" 'Invalid argument' "with EINVAL"
	is "$(cat "$f")" rotation "and keeps rotation"
done
# One write(2) each (dd), so that nothing splits them: a word followed by
# anything but one newline is refused, also past a newline or a NUL.
for bad in 'cost\ngarbage' 'cost\0x' 'cost\n\n' 'cost\0' ' cost' 'cost '; do
	printf "$bad" >/tmp/payload
	err=$(dd if=/tmp/payload of="$f" bs=64 count=1 status=none 2>&1)
	rc=$?
	isnt "$rc" 0 "writing '$bad' in one write fails"
	like "$err" 'Invalid argument' "with EINVAL"
	is "$(cat "$f")" rotation "and keeps rotation"
done
# A write at an offset past 0 is refused and does not move the offset;
# reads at an offset still work.
printf cost >/tmp/payload
err=$(dd if=/tmp/payload of="$f" bs=4 seek=1 count=1 conv=notrunc status=none 2>&1)
isnt "$?" 0 "a write at offset 4 fails"
like "$err" 'Invalid argument' "with EINVAL"
is "$(cat "$f")" rotation "and keeps rotation"
is "$(perl -e '
	open(my $fh, "+<", $ARGV[0]) or die "open: $!";
	sysseek($fh, 1, 0);
	if (defined syswrite($fh, "cost")) { print "taken at 1" }
	else { printf "%s %d", $!, sysseek($fh, 0, 1) }' "$f")" "Invalid argument 1" "the refused write leaves the file offset at 1"
is "$(cat "$f")" rotation "still rotation"
is "$(dd if="$f" bs=1 skip=3 status=none)" "ation" "a read at an offset gives the rest of the word"
err=$(sh -c "echo cost >$f" 2>&1)
is "$(cat "$f")" cost "a good write after bad ones works"

err=$(setpriv --reuid=65534 --regid=65534 --clear-groups sh -c "echo rotation >$f" 2>&1)
isnt "$?" 0 "a non-root writer is refused"
like "$err" 'Permission denied' "with EACCES"
is "$(cat "$f")" cost "and the value is unchanged"
is "$(setpriv --reuid=65534 --regid=65534 --clear-groups cat "$f")" cost "non-root can read it"

# --- /proc/zoneinfo ---
# The decided and target shares; lru_scan_*_permille are the decided ones
# under their first names, kept for one release.
new='lru_rotated_anon lru_rotated_file lru_anon_cost lru_file_cost lru_decided_anon_permille lru_decided_file_permille lru_target_anon_permille lru_target_file_permille lru_scan_anon_permille lru_scan_file_permille'
nodes=$(grep -c 'per-node stats' /proc/zoneinfo)
online=$(ls -d /sys/devices/system/node/node[0-9]* | wc -l)
is "$nodes" "$online" "one per-node block per node ($online)"
for name in $new; do
	is "$(grep -cE "^      $name [0-9]+\$" /proc/zoneinfo)" "$nodes" "'      $name N' once per node"
done
# In each per-node block the ten lines come in order right after the node
# stats, before the zone's "pages free" line.
order=$(awk '/per-node stats/ { inblk = 1; seq = ""; next }
	inblk && /^  pages free/ { print seq; inblk = 0 }
	inblk && $1 ~ /^lru_/ { seq = seq $1 " " }' /proc/zoneinfo | sort -u)
is "$order" "$new " "the ten lines close each per-node block, in order"
# pairs_bad FILE: per-mille pairs of FILE that sum to neither 1000 nor 0
pairs_bad() {
	awk '$1 ~ /^lru_(decided|target|scan)_anon_permille$/ { k = $1; sub(/anon/, "file", k); a[k] = $2 }
	     $1 ~ /^lru_(decided|target|scan)_file_permille$/ { s = a[$1] + $2; if (s != 1000 && s != 0) bad++ }
	     $1 == "lru_scan_file_permille" && a["lru_scan_file_permille"] != a["lru_decided_file_permille"] { bad++ }
	     END { print bad + 0 }' "$1"
}
is "$(pairs_bad /proc/zoneinfo)" 0 \
	"permille pairs sum to 1000 (0 before a node's first decision), the old pair equal to the decided one"
ok setpriv --reuid=65534 --regid=65534 --clear-groups grep -q lru_rotated_anon /proc/zoneinfo

# Drive reclaim: the lines move.
make_file big 300
before=$(awk '$1 == "lru_rotated_anon" || $1 == "lru_rotated_file" || $1 == "lru_anon_cost" || $1 == "lru_file_cost" { s += $2 } END { print s + 0 }' /proc/zoneinfo)
global_pressure 420 big 2
after=$(awk '$1 == "lru_rotated_anon" || $1 == "lru_rotated_file" || $1 == "lru_anon_cost" || $1 == "lru_file_cost" { s += $2 } END { print s + 0 }' /proc/zoneinfo)
isnt "$after" "$before" "rotation and cost lines change under reclaim ($before -> $after)"
for pair in decided target scan; do
	is "$(awk -v p="$pair" '$1 == "lru_" p "_anon_permille" { a = $2 } $1 == "lru_" p "_file_permille" { if (a + $2 == 1000) n++ } END { print n + 0 }' /proc/zoneinfo)" "$nodes" \
		"after reclaim each node's $pair shares sum to 1000"
done
grep -E '^ +lru_' /proc/zoneinfo | sed 's/^/# /'
rm -rf "$WORKDIR"

# The lines that were there before keep their names, order and format:
# dropping the ten new ones leaves the stock layout.
shape() { grep -vE '^      lru_(rotated_anon|rotated_file|anon_cost|file_cost|(decided|target|scan)_(anon|file)_permille) ' "$1" |
	sed -E 's/[0-9]+/N/g'; }
if [ -n "$stock_zoneinfo" ] && [ -s "$stock_zoneinfo" ]; then
	shape /proc/zoneinfo >/tmp/zi.patched
	sed -E 's/[0-9]+/N/g' "$stock_zoneinfo" >/tmp/zi.stock
	if cmp -s /tmp/zi.patched /tmp/zi.stock; then pass "existing zoneinfo lines unchanged against the stock kernel"
	else fail "existing zoneinfo lines unchanged against the stock kernel"; diff /tmp/zi.stock /tmp/zi.patched | head -n 10 | sed 's/^/# /'; fi
else
	shape /proc/zoneinfo | grep -vE '^(Node N, zone +[A-Za-z0-9]+|  per-node stats|      [a-z_]+ +N|  pages free +N|        [a-z]+ +N|        protection: \(N(, N)*\)|  pagesets|    cpu: N|              [a-z_]+: +N|  vm stats threshold: +N|  node_unreclaimable: +N|  start_pfn: +N|    [a-z_]+ +N|  [a-z_ ]+ +N)$' >/tmp/zi.odd
	is "$(wc -l </tmp/zi.odd)" 0 "every zoneinfo line keeps the stock formats (no stock kernel to compare)"
	sed 's/^/# odd line: /' /tmp/zi.odd | head -n 5
fi
done_testing
