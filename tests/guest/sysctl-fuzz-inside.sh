#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs inside the guest (tests/guest/sysctl-fuzz.t): vm.lru_scan_balance
# under random writes from three concurrent writers, with two readers
# checking every value they see.  Each write is one write(2) of the whole
# payload (dd with bs = its length): random bytes of random length up to
# past a page, near-misses of the two words, and the valid spellings.
. "$(dirname "$0")/../lib/tap.sh"
f=/proc/sys/vm/lru_scan_balance
work=$(mktemp -d /tmp/sysctl-fuzz.XXXXXX)
rounds=${1:-150}
[ -w "$f" ] || { fail "$f is writable (patched kernel, root)"; done_testing; }
dmesg -C

# printf formats, so that payloads can hold NUL bytes.  The handler takes
# exactly one word, optionally followed by one newline: anything after it,
# also past a newline or a NUL, is refused, and so are the numbers.
valid=('cost' 'rotation' 'cost\n' 'rotation\n')
invalid=('Cost' 'ROTATION' 'cos' 'rotationx' 'costcost' '0' '1' '0\n' '1\n' '2' '-1'
	'01x' 'rot ation' '\n' ' ' ' cost' '\0rotation' 'rotation       '
	'cost\n\n' 'rotation\0junk' 'rotation\ngarbage' 'cost\0x' 'cost\0' 'cost\r\n'
	"$(head -c 300 /dev/zero | tr '\0' c)")

# write_payload KIND FILE: one write(2) of FILE's bytes; logs "KIND rc".
write_payload() {
	local len
	len=$(stat -c %s "$2")
	if [ "$len" = 0 ]; then
		: >"$f"
	else
		dd if="$2" of="$f" bs="$len" count=1 status=none 2>/dev/null
	fi
	echo "$1 $? $(od -An -c -N 24 "$2" | tr -s ' ' | tr -d '\n')"
}

writer() {
	local id=$1 i p="$work/payload.$1" n
	for ((i = 0; i < rounds; i++)); do
		case $((RANDOM % 3)) in
		0) n=$((RANDOM % 5000))
		   head -c "$n" /dev/urandom >"$p"
		   write_payload random "$p" ;;
		1) printf -- "${valid[RANDOM % ${#valid[@]}]}" >"$p"
		   write_payload valid "$p" ;;
		2) printf -- "${invalid[RANDOM % ${#invalid[@]}]}" >"$p"
		   write_payload invalid "$p" ;;
		esac
	done >"$work/writer.$id"
}

reader() {
	local v seen=0 bad=0
	while [ ! -e "$work/stop" ]; do
		read -r v <"$f"
		case "$v" in cost|rotation) ;; *) bad=$((bad + 1)); echo "read '$v'" >>"$work/bad" ;; esac
		seen=$((seen + 1))
	done
	echo "$seen $bad" >"$work/reader.$1"
}

reader 1 & r1=$!
reader 2 & r2=$!
writer 1 & w1=$!
writer 2 & w2=$!
writer 3 & w3=$!
wait "$w1" "$w2" "$w3"
touch "$work/stop"
wait "$r1" "$r2"

cat "$work"/writer.* >"$work/writes"
count() { awk -v k="$1" -v ok="$2" '$1 == k && ($2 == 0) == ok' "$work/writes" | wc -l; }
diag "writes: valid $(count valid 1) ok / $(count valid 0) failed;" \
	"invalid $(count invalid 1) ok / $(count invalid 0) failed;" \
	"random $(count random 1) ok / $(count random 0) failed"
read -r s1 b1 <"$work/reader.1"
read -r s2 b2 <"$work/reader.2"
diag "reads: $((s1 + s2)), outside {cost, rotation}: $((b1 + b2))"
cmp_ok "$(wc -l <"$work/writes")" -eq $((3 * rounds)) "every write was made ($((3 * rounds)))"
cmp_ok "$(count valid 1)" -gt 0 "valid writes were made"
is "$(count valid 0)" 0 "no valid spelling was refused"
cmp_ok "$(count invalid 0)" -gt 0 "near-misses were made"
is "$(count invalid 1)" 0 "every near-miss was refused"
awk '$1 == "invalid" && $2 == 0' "$work/writes" | sort -u | head -5 | while IFS= read -r l; do diag "accepted: $l"; done
awk '$1 == "valid" && $2 != 0' "$work/writes" | sort -u | head -5 | while IFS= read -r l; do diag "refused: $l"; done
cmp_ok "$((s1 + s2))" -gt 100 "the readers read while the writers wrote"
is "$((b1 + b2))" 0 "every value read was cost or rotation"
[ -s "$work/bad" ] && diag "$(head -5 "$work/bad")"
like "$(cat "$f")" '^(cost|rotation)$' "the value at the end is one of the two words"
is "$(dmesg | grep -cE 'WARNING:|BUG:|Oops|lockdep|KASAN')" 0 "no kernel report from the writes"
echo cost >"$f"
is "$(cat "$f")" cost "a plain write still works afterwards"
rm -rf "$work"
done_testing
