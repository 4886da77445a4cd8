#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Every value of every fixture, as mmstat prints it, against an independent
# reading of the same file with awk.  Order is compared too where mmstat
# keeps file order: every kind, zoneinfo too (issue 15: it printed a zone's
# lines after the pagesets before them).
top=$(cd "$(dirname "$0")/../.." && pwd)
mmstat=$top/tools/mmstat/build/mmstat
fixtures=$top/tests/fixtures/mmstat
[ -x "$mmstat" ] || { echo "Bail out! $mmstat is not built (make -C tools/mmstat)"; exit 1; }
n=0 failed=0

# Files as the kernel would have written them: no CR, no NUL padding.
clean() { tr -d '\r\0' < "$1"; }

awk_meminfo() {	# "Node 0 Key:   123 kB" or "Key:123 kB" -> Key=123
	clean "$1" | awk 'NF { sub(/^Node [0-9]+ /, ""); i = index($0, ":");
		k = substr($0, 1, i - 1); split(substr($0, i + 1), v, " ");
		print k "=" v[1] }'
}
awk_pairs() { clean "$1" | awk 'NF { print $1 "=" $2 }'; }
awk_psi() {
	clean "$1" | awk 'NF { for (i = 2; i <= NF; i++) { split($i, kv, "=");
		print $1 "_" kv[1] "=" kv[2] } }'
}
awk_numa() {	# v2 "anon N0=1" -> anon.N0=1; v1 "total=3 N0=1" -> total=3, total.N0=1
	clean "$1" | awk 'NF { if ($1 ~ /=/) { split($1, kv, "="); name = kv[1];
		print $1; start = 2 } else { name = $1; start = 2 }
		for (i = start; i <= NF; i++) print name "." $i }'
}
awk_zoneinfo() {
	clean "$1" | awk '
	# a node'"'"'s per-node stats first (the kernel prints them under its
	# first populated zone), then its zones in file order
	function out(k, v) { if (sect == "node") nb = nb k "=" v "\n"; else zb = zb k "=" v "\n" }
	function flush() { printf "%s%s", nb, zb; nb = zb = "" }
	END { flush() }
	/^Node / { n = $2; sub(",", "", n); if (n != node) flush(); node = n; zone = $4; sect = "zone"; next }
	/^ *per-node stats/ { sect = "node"; next }
	/^ *pagesets/ { sect = "pcp"; next }
	/^ *protection:/ { s = $0; sub(/.*\(/, "", s); sub(/\).*/, "", s); gsub(/ /, "", s);
		out("Node" node "." zone ".protection", s); next }
	/^ *pages free/ { sect = "zone"; out("Node" node "." zone ".free", $3); next }
	/^ *cpu:/ { p = "Node" node "." zone ".cpu" $2 (NF > 2 ? ".pcp" $4 : "") ".";
		if (NF > 2) out(p "pcp", $4); next }
	/^ *vm stats threshold:/ { out(p "vm stats threshold", $4); next }
	$1 ~ /:$/ { k = $1; sub(":", "", k);
		if (sect == "pcp" && k ~ /^(count|high|batch|high_min|high_max)$/) out(p k, $2);
		else out("Node" node "." zone "." k, $2); next }
	NF { if (sect == "node") out("Node" node "." $1, $2);
		else out("Node" node "." zone "." $1, $2) }'
}

awk_lru_gen() {	# per memcg and node: min_seq, max_seq, then seq.age_ms/anon/file
	clean "$1" | awk '
	function flush() { if (p != "") printf "%smin_seq=%s\n%smax_seq=%s\n%s", p, min, p, max, g;
		p = ""; g = "" }
	END { flush() }
	$1 == "memcg" { m = $2; next }
	$1 == "node" { flush(); p = "memcg" m ".node" $2 "."; min = ""; next }
	NF == 4 { if (min == "") min = $1; max = $1
		g = g p "gen" $1 ".age_ms=" $2 "\n" p "gen" $1 ".anon=" $3 "\n" p "gen" $1 ".file=" $4 "\n" }'
}

check() {	# check NAME EXPECTED-FILE ACTUAL-FILE
	n=$((n + 1))
	if cmp -s "$2" "$3"; then
		echo "ok $n - $1 ($(wc -l < "$2") values)"
	else
		echo "not ok $n - $1"
		diff "$2" "$3" | head -5 | sed 's/^/# /'
		failed=$((failed + 1))
	fi
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
compare() {	# compare NAME ROOT SORT AWKFN FILE MMSTAT-ARGS...
	local name=$1 root=$2 sort=$3 fn=$4 file=$5
	shift 5
	"$fn" "$file" > "$tmp/want"
	"$mmstat" --root "$root" "$@" > "$tmp/got" 2> "$tmp/err" ||
		echo "exit $?: $(cat "$tmp/err")" >> "$tmp/got"
	if [ "$sort" = sort ]; then
		sort -o "$tmp/want" "$tmp/want"
		sort -o "$tmp/got" "$tmp/got"
	fi
	check "$name" "$tmp/want" "$tmp/got"
}

for root in "$fixtures"/*/; do
	root=${root%/}
	fx=${root##*/}
	[ -f "$root/proc/meminfo" ] && compare "$fx meminfo" "$root" keep awk_meminfo "$root/proc/meminfo" meminfo
	[ -f "$root/proc/vmstat" ] && compare "$fx vmstat" "$root" keep awk_pairs "$root/proc/vmstat" vmstat
	[ -f "$root/proc/zoneinfo" ] && compare "$fx zoneinfo" "$root" keep awk_zoneinfo "$root/proc/zoneinfo" zoneinfo
	[ -f "$root/sys/kernel/debug/lru_gen" ] &&
		compare "$fx lru_gen" "$root" keep awk_lru_gen "$root/sys/kernel/debug/lru_gen" lru_gen
	[ -f "$root/proc/pressure/memory" ] && compare "$fx psi" "$root" keep awk_psi "$root/proc/pressure/memory" psi
	for dir in "$root"/sys/devices/system/node/node*; do
		[ -d "$dir" ] || continue
		node=${dir##*node}
		{ awk_meminfo "$dir/meminfo"; [ -f "$dir/vmstat" ] && awk_pairs "$dir/vmstat"; } > "$tmp/nodewant"
		compare "$fx node $node" "$root" keep cat "$tmp/nodewant" node "$node"
	done
	while IFS= read -r stat; do
		cg=${stat#"$root"/sys/fs/cgroup/}
		cg=${cg%/memory.stat}
		compare "$fx memcg $cg" "$root" keep awk_pairs "$stat" memcg "$cg"
		[ -f "${stat%.stat}.numa_stat" ] &&
			compare "$fx memcg $cg numa" "$root" keep awk_numa "${stat%.stat}.numa_stat" memcg "$cg" --numa
	done < <(find "$root/sys/fs/cgroup" -name memory.stat 2>/dev/null | sort)
done
echo "1..$n"
[ "$failed" -eq 0 ]
