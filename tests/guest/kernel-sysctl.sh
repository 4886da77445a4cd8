#!/bin/bash
# Runs inside the guest (tests/guest/kernel-sysctl.t): vm.lru_scan_balance
# and the six balance lines of /proc/zoneinfo.
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
echo 1 >"$f"
is "$(cat "$f")" rotation "1 means rotation"
echo 0 >"$f"
is "$(cat "$f")" cost "0 means cost"
printf rotation >"$f"
is "$(cat "$f")" rotation "accepts a word without a newline"
sysctl -q -w vm.lru_scan_balance=cost
is "$(cat "$f")" cost "sysctl -w sets it"

echo rotation >"$f"
for bad in garbage 2 -1 Cost rotationx "rot ation" ""; do
	err=$(printf '%s\n' "$bad" 2>&1 >"$f")
	rc=$?
	isnt "$rc" 0 "writing '$bad' fails"
	like "$err" 'Invalid argument' "with EINVAL"
	is "$(cat "$f")" rotation "and keeps rotation"
done
err=$(sh -c "echo cost >$f" 2>&1)
is "$(cat "$f")" cost "a good write after bad ones works"

err=$(setpriv --reuid=65534 --regid=65534 --clear-groups sh -c "echo rotation >$f" 2>&1)
isnt "$?" 0 "a non-root writer is refused"
like "$err" 'Permission denied' "with EACCES"
is "$(cat "$f")" cost "and the value is unchanged"
is "$(setpriv --reuid=65534 --regid=65534 --clear-groups cat "$f")" cost "non-root can read it"

# --- /proc/zoneinfo ---
new='lru_rotated_anon lru_rotated_file lru_anon_cost lru_file_cost lru_scan_anon_permille lru_scan_file_permille'
nodes=$(grep -c 'per-node stats' /proc/zoneinfo)
online=$(ls -d /sys/devices/system/node/node[0-9]* | wc -l)
is "$nodes" "$online" "one per-node block per node ($online)"
for name in $new; do
	is "$(grep -cE "^      $name [0-9]+\$" /proc/zoneinfo)" "$nodes" "'      $name N' once per node"
done
# In each per-node block the six lines come in order right after the node
# stats, before the zone's "pages free" line.
order=$(awk '/per-node stats/ { inblk = 1; seq = ""; next }
	inblk && /^  pages free/ { print seq; inblk = 0 }
	inblk && $1 ~ /^lru_/ { seq = seq $1 " " }' /proc/zoneinfo | sort -u)
is "$order" "$new " "the six lines close each per-node block, in order"
is "$(awk '$1 == "lru_scan_anon_permille" { a = $2 } $1 == "lru_scan_file_permille" { s = a + $2; if (s != 1000 && s != 0) bad++ } END { print bad + 0 }' /proc/zoneinfo)" 0 \
	"permille lines sum to 1000 (0 before a node's first decision)"
ok setpriv --reuid=65534 --regid=65534 --clear-groups grep -q lru_rotated_anon /proc/zoneinfo

# Drive reclaim: the lines move.
make_file big 300
before=$(awk '$1 == "lru_rotated_anon" || $1 == "lru_rotated_file" || $1 == "lru_anon_cost" || $1 == "lru_file_cost" { s += $2 } END { print s + 0 }' /proc/zoneinfo)
global_pressure 420 big 2
after=$(awk '$1 == "lru_rotated_anon" || $1 == "lru_rotated_file" || $1 == "lru_anon_cost" || $1 == "lru_file_cost" { s += $2 } END { print s + 0 }' /proc/zoneinfo)
isnt "$after" "$before" "rotation and cost lines change under reclaim ($before -> $after)"
is "$(awk '$1 == "lru_scan_anon_permille" { a = $2 } $1 == "lru_scan_file_permille" { if (a + $2 == 1000) n++ } END { print n + 0 }' /proc/zoneinfo)" "$nodes" \
	"after reclaim each node's shares sum to 1000"
grep -E '^ +lru_' /proc/zoneinfo | sed 's/^/# /'
rm -rf "$WORKDIR"

# The lines that were there before keep their names, order and format:
# dropping the six new ones leaves the stock layout.
shape() { grep -vE '^      lru_(rotated_anon|rotated_file|anon_cost|file_cost|scan_anon_permille|scan_file_permille) ' "$1" |
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
