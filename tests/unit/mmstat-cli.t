#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The mmstat CLI: exit codes, formats, names, units and rates, run on
# fixture trees with --root and on temporary trees of bad files.
top=$(cd "$(dirname "$0")/../.." && pwd)
mmstat=$top/tools/mmstat/build/mmstat
fx=$top/tests/fixtures/mmstat
[ -x "$mmstat" ] || { echo "Bail out! $mmstat is not built (make -C tools/mmstat)"; exit 1; }
n=0 failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

is() {	# is NAME WANT GOT
	n=$((n + 1))
	if [ "$2" = "$3" ]; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"
		printf '# want: %s\n# got:  %s\n' "$2" "$3"
		failed=$((failed + 1))
	fi
}

status() { "$mmstat" "$@" > "$tmp/out" 2> "$tmp/err"; echo $?; }

# exit codes, as --help documents them
is "help exits 0" 0 "$(status --help)"
is "help lists exit codes" 1 "$(grep -c '^  4  a requested KEY is not in the file' "$tmp/out")"
is "--version prints the project's version" "mmstat (splitlru $(cat "$top/VERSION"))" "$("$mmstat" --version)"
is "--page-size takes the tools' size syntax" "Node0.DMA.free=$((3840 * 16384))" \
	"$("$mmstat" --root "$fx/linux-6.1-numa2-patched" -b --page-size 16KiB zoneinfo Node0.DMA.free)"
is "a bad size names the option" 1 "$("$mmstat" --page-size 3X meminfo 2>&1 | grep -c "^mmstat: --page-size '3X': malformed size")"
"$mmstat" --root "$fx/linux-6.1-numa2-patched" -i 0.01 meminfo | head -2 >/dev/null
is "interval mode ends quietly when its reader leaves (| head)" 0 "${PIPESTATUS[0]}"
is "an unknown option is usage" 2 "$(status --bogus meminfo)"
is "-j is --format json" '{"MemTotal":8058204}' \
	"$("$mmstat" --root "$fx/linux-6.1-numa2-patched" -j meminfo MemTotal)"
is "options after KIND and its KEYs" "MemTotal=7869" \
	"$("$mmstat" meminfo --root "$fx/linux-6.1-numa2-patched" MemTotal -m)"
is "--numa outside memcg is usage" 2 "$(status --numa meminfo)"
is "unknown KIND is usage" 2 "$(status nosuchkind)"
is "no KIND is usage" 2 "$(status)"
is "bad --format is usage" 2 "$(status --format xml meminfo)"
is "--count without --interval is usage" 2 "$(status --count 2 meminfo)"
is "missing file is I/O" 1 "$(status --root "$tmp/none" meminfo)"
is "I/O error names the file" "mmstat: $tmp/none/proc/meminfo: cannot open: No such file or directory" "$(cat "$tmp/err")"
is "absent key" 4 "$(status --root "$fx/linux-2.6.18" meminfo MemTotal 'Active(anon)')"
is "absent key prints nothing" "" "$(cat "$tmp/out")"
mkdir -p "$tmp/bad/proc"
printf 'MemTotal: 1 kB\nMemFree: 12x kB\n' > "$tmp/bad/proc/meminfo"
is "parse error" 3 "$(status --root "$tmp/bad" meminfo)"
is "parse error names file and line" \
	"mmstat: $tmp/bad/proc/meminfo:2: MemFree: unexpected text right after the number" "$(cat "$tmp/err")"
printf 'MemTotal: 18446744073709551615 kB\n' > "$tmp/bad/proc/meminfo"
is "kernel unit does not overflow" "MemTotal=18446744073709551615" "$("$mmstat" --root "$tmp/bad" meminfo)"
is "bytes overflow is an error" 3 "$(status --root "$tmp/bad" -b meminfo)"

# names and formats
r=$fx/linux-6.1-numa2-patched
is "kv keeps kernel names" "Active(anon)=409228" "$("$mmstat" --root "$r" meminfo 'Active(anon)')"
is "shell names" "Active_anon=409228" "$("$mmstat" --root "$r" -s meminfo 'Active(anon)')"
eval "$("$mmstat" --root "$r" --shell-names meminfo 'Inactive(file)' MemTotal)"
is "eval of shell names" "915100 8058204" "$Inactive_file $MemTotal"
is "keys in the order given" "MemFree=5331064,MemTotal=8058204" \
	"$("$mmstat" --root "$r" meminfo MemFree MemTotal | paste -sd,)"
is "csv" "key,value,unit|MemTotal,8058204,kB|HugePages_Total,0,count" \
	"$("$mmstat" --root "$r" -f csv meminfo MemTotal HugePages_Total | paste -sd'|')"
is "table" "MemTotal         8058204 kB" "$("$mmstat" --root "$r" -f table meminfo MemTotal)"
is "json flat" '{"MemTotal":8058204,"Active(anon)":409228}' \
	"$("$mmstat" --root "$r" -f json meminfo MemTotal 'Active(anon)')"
is "json psi decimals" "1.25 123456" \
	"$("$mmstat" --root "$r" -f json psi | jq -r '"\(.some_avg10) \(.some_total)"')"
# a cgroup's memory.pressure (below the cgroup2 mount, or absolute)
mkdir -p "$tmp/cg/sys/fs/cgroup/db"
printf 'some avg10=2.50 avg60=1.00 avg300=0.50 total=4242\nfull avg10=1.50 avg60=0.00 avg300=0.00 total=99\n' \
	>"$tmp/cg/sys/fs/cgroup/db/memory.pressure"
is "psi --cgroup reads the cgroup's memory.pressure" "full_total=99,some_avg10=2.50" \
	"$("$mmstat" --root "$tmp/cg" psi --cgroup db full_total some_avg10 | paste -sd,)"
is "psi --cgroup takes an absolute path" "some_total=4242" \
	"$("$mmstat" --root "$tmp/cg" psi --cgroup /sys/fs/cgroup/db some_total)"
# "/db" is the cgroup's name as cgroup.procs prints it: the same cgroup,
# and mmstat says which reading it used (lib/cgroup.c, every tool's rule)
is "psi --cgroup /db is the cgroup below the mount" "some_total=4242" \
	"$("$mmstat" --root "$tmp/cg" psi --cgroup /db some_total 2>"$tmp/err")"
is "... and says so on stderr" \
	"mmstat: --cgroup /db: not a cgroup directory; using /sys/fs/cgroup/db (below the cgroup2 mount)" \
	"$(cat "$tmp/err")"
is "psi --cgroup of a missing cgroup is an I/O error" 1 "$(status --root "$tmp/cg" psi --cgroup nope)"
is "--cgroup outside psi is a usage error" 2 "$(status --root "$tmp/cg" meminfo --cgroup db)"
json=$("$mmstat" --root "$r" -f json zoneinfo)
is "json zoneinfo nodes" "0 1" "$(jq -r '[.nodes[].node] | join(" ")' <<<"$json")"
is "json zoneinfo zone" "DMA32 1200 60011" \
	"$(jq -r '.nodes[0].zones[1] | "\(.zone) \(.min) \(.stats.nr_free_pages)"' <<<"$json")"
is "json zoneinfo protection" "[0,1833,1833,1833,1833]" "$(jq -c '.nodes[0].zones[0].protection' <<<"$json")"
is "json zoneinfo balance lines" "948 1000" \
	"$(jq -r '"\(.nodes[0].stats.lru_scan_file_permille) \(.nodes[1].stats.lru_scan_file_permille)"' <<<"$json")"
is "json zoneinfo pagesets" "2 31" \
	"$(jq -r '.nodes[0].zones[0].pagesets | "\(length) \(.[1].count)"' <<<"$json")"
is "zoneinfo key suffix" "Node0.DMA.min=76,Node0.DMA32.min=1200,Node0.Normal.min=0" \
	"$("$mmstat" --root "$r" zoneinfo min | head -3 | paste -sd,)"
is "node N merges meminfo and vmstat" "MemFree=240013,nr_active_anon=50" \
	"$("$mmstat" --root "$r" node 0 MemFree nr_active_anon | paste -sd,)"
is "node without N prefixes" "Node0.MemFree=240013,Node1.MemFree=240513" \
	"$("$mmstat" --root "$r" node MemFree | paste -sd,)"
is "json nodes" "240513" "$("$mmstat" --root "$r" -f json node | jq '.nodes[1].stats.MemFree')"

# units, truncated like free; pages need the capture's page size
is "-k of kB" "MemTotal=8058204" "$("$mmstat" --root "$r" -k meminfo MemTotal)"
is "-b of kB" "MemTotal=$((8058204 * 1024))" "$("$mmstat" --root "$r" -b meminfo MemTotal)"
is "-m truncates" "MemTotal=$((8058204 / 1024))" "$("$mmstat" --root "$r" -m meminfo MemTotal)"
is "-g truncates" "MemTotal=$((8058204 / 1048576))" "$("$mmstat" --root "$r" -g meminfo MemTotal)"
is "-h" "MemTotal=7.7Gi" "$("$mmstat" --root "$r" -h meminfo MemTotal)"
is "pages with --page-size" "Node0.DMA.free=$((3840 * 16384))" \
	"$("$mmstat" --root "$r" -b --page-size 16384 zoneinfo Node0.DMA.free)"
is "counts are not scaled, bytes are" "pgfault=131072,anon=12" \
	"$("$mmstat" --root "$fx/linux-5.15" -k memcg workload.slice pgfault anon | paste -sd,)"

# rates: a fixture does not change, so every rate is 0
is "rates" "pgscan_anon=0.00,,pgscan_anon=0.00," \
	"$("$mmstat" --root "$fx/odd-formats" --interval 0.01 --count 2 vmstat pgscan_anon | paste -sd,)"
is "rates json lines" 2 \
	"$("$mmstat" --root "$r" -f json -i 0.01 -c 2 meminfo MemFree | jq -s length)"

# issue 15: regressions
# 1. a sample that fails in interval mode ends the run with its error, once
# (the bug freed the selection twice when a sample after the first failed:
# the file turns bad once the first rate block is out)
after_first_block() {	# FILE CONTENT: wait for a rate block on $tmp/out, then write FILE
	for _ in $(seq 100); do
		[ "$(grep -c '^$' "$tmp/out")" -ge 1 ] && break
		sleep 0.1
	done
	printf "$2" >"$1"
}
mkdir -p "$tmp/live/proc"
cp "$r/proc/meminfo" "$tmp/live/proc/meminfo"
"$mmstat" --root "$tmp/live" -i 0.2 -c 50 meminfo MemFree >"$tmp/out" 2>"$tmp/err" &
pid=$!
after_first_block "$tmp/live/proc/meminfo" ''
wait $pid
is "interval: a file emptied after a sample is a parse error, not an abort" 3 $?
is "interval: the error names the file" 1 "$(grep -c 'meminfo: empty file' "$tmp/err")"
mkdir -p "$tmp/live/sys/fs/cgroup/gone"
cp "$fx/linux-5.15/sys/fs/cgroup/workload.slice/memory.stat" "$tmp/live/sys/fs/cgroup/gone/"
"$mmstat" --root "$tmp/live" -i 0.2 -c 50 memcg gone anon >"$tmp/out" 2>"$tmp/err" &
pid=$!
after_first_block "$tmp/live/sys/fs/cgroup/gone/memory.stat" 'anon 1\nanon 2\n'
wait $pid
is "interval: a memcg file that turns bad ends the run with exit 3" 3 $?

# 4. a failed write is an error, with a message, in both modes
if [ -w /dev/full ]; then
	"$mmstat" --root "$r" -i 0.01 -c 3 meminfo MemFree >/dev/full 2>"$tmp/err"
	is "interval: a write error exits 1" 1 $?
	is "interval: a write error is reported" 1 "$(grep -c '^mmstat: stdout: No space left on device' "$tmp/err")"
	"$mmstat" --root "$r" meminfo >/dev/full 2>"$tmp/err"
	is "a write error exits 1" 1 $?
	is "a write error is reported" 1 "$(grep -c '^mmstat: stdout: No space left on device' "$tmp/err")"
fi

# 5. nothing on stdout when a later key fails to convert
printf 'MemTotal: 1 kB\nMemFree: 18446744073709551615 kB\n' >"$tmp/bad/proc/meminfo"
is "overflow on a second key exits 3" 3 "$(status --root "$tmp/bad" -b meminfo MemTotal MemFree)"
is "overflow on a second key prints nothing" "" "$(cat "$tmp/out")"
is "json: overflow prints nothing" "" "$("$mmstat" --root "$tmp/bad" -b -f json meminfo 2>/dev/null)"

# 3. -h as free -h: the first unit whose %.1f fits in 5 characters, else truncated
printf 'MemTotal: 24683748 kB\nMemFree: 8058204 kB\nBuffers: 1023 kB\nCached: 10444800 kB\nSwapTotal: 0 kB\n' \
	>"$tmp/bad/proc/meminfo"
is "-h truncates where %.1f does not fit (free: 23Gi)" \
	"MemTotal=23Gi,MemFree=7.7Gi,Buffers=1.0Mi,Cached=9Gi,SwapTotal=0B" \
	"$("$mmstat" --root "$tmp/bad" -h meminfo MemTotal MemFree Buffers Cached SwapTotal | paste -sd,)"
if command -v free >/dev/null && [ -r /proc/meminfo ]; then
	is "-h MemTotal equals free -h on this machine" "$(free -h | awk '/^Mem:/ { print $2 }')" \
		"$("$mmstat" -h meminfo MemTotal | cut -d= -f2)"
fi

# interval JSON at the documented precision
is "interval json prints %.2f" '{"MemFree":0.00}' \
	"$("$mmstat" --root "$r" -f json -i 0.01 -c 1 meminfo MemFree)"

# 2. units: THP counters are huge pages, foll_pin counts, v1 numa_stat pages
h=$fx/host-6.18
is "-b vmstat nr_file_hugepages equals -b meminfo FileHugePages" \
	"$("$mmstat" --root "$h" -b meminfo FileHugePages | cut -d= -f2)" \
	"$("$mmstat" --root "$h" -b --page-size 4096 vmstat nr_file_hugepages | cut -d= -f2)"
is "THP counters are in hugepages, foll_pin counts" \
	"nr_file_hugepages,4,hugepages|nr_foll_pin_acquired,0,count" \
	"$("$mmstat" --root "$h" -f csv vmstat nr_file_hugepages nr_foll_pin_acquired | tail -n +2 | paste -sd'|')"
is "cgroup v1 numa_stat unevictable is pages" "unevictable,3391,pages" \
	"$("$mmstat" --root "$h" -f csv memcg memory --numa unevictable | tail -1)"
mkdir -p "$tmp/thp/proc" "$tmp/thp/sys/kernel/mm/transparent_hugepage"
echo 'nr_anon_transparent_hugepages 3' >"$tmp/thp/proc/vmstat"
echo 1048576 >"$tmp/thp/sys/kernel/mm/transparent_hugepage/hpage_pmd_size"
is "the capture's hpage_pmd_size sizes a huge page" "nr_anon_transparent_hugepages=3072" \
	"$("$mmstat" --root "$tmp/thp" -k vmstat)"
is "PSI averages print as % in every format" "some_avg10,1.25,%" \
	"$("$mmstat" --root "$r" -f csv psi some_avg10 | tail -1)"

# 7. "high" is the zone watermark; a pageset's high needs its cpuN part
is "zoneinfo high selects zone watermarks only" "8" \
	"$("$mmstat" --root "$r" zoneinfo high | wc -l)"
is "zoneinfo cpu1.high selects pagesets" "Node0.DMA.cpu1.high=187" \
	"$("$mmstat" --root "$r" zoneinfo cpu1.high | head -1)"

# 6. under --root, a FIFO or a device is refused, never read
mkdir -p "$tmp/fifo/proc"
mkfifo "$tmp/fifo/proc/meminfo"
is "a FIFO is refused, not waited on" 1 "$(timeout 20 "$mmstat" --root "$tmp/fifo" meminfo 2>"$tmp/err"; echo $?)"
is "a FIFO is named as not a regular file" 1 "$(grep -c 'not a regular file' "$tmp/err")"
rm "$tmp/fifo/proc/meminfo"
ln -s /dev/zero "$tmp/fifo/proc/meminfo"
is "a symlink to /dev/zero is refused" 1 "$(timeout 20 "$mmstat" --root "$tmp/fifo" meminfo 2>/dev/null; echo $?)"

# lru_gen (issue 13): MGLRU generations per memcg and node
g=$fx/mglru-6.1-numa2
is "lru_gen rows" "memcg1.node0.min_seq=4,memcg1.node0.max_seq=7,memcg1.node0.gen4.age_ms=52210" \
	"$("$mmstat" --root "$g" lru_gen | head -3 | paste -sd,)"
is "lru_gen key suffix: one generation's anon in every lruvec that has it" \
	"memcg1.node0.gen4.anon=1024,memcg1.node1.gen4.anon=1022,memcg2.node0.gen4.anon=3022" \
	"$("$mmstat" --root "$g" lru_gen gen4.anon | paste -sd,)"
is "lru_gen units" "memcg7.node0.gen10.age_ms,4012,ms|memcg7.node0.gen10.anon,12288,pages" \
	"$("$mmstat" --root "$g" -f csv lru_gen memcg7.node0.gen10.age_ms memcg7.node0.gen10.anon | tail -n +2 | paste -sd'|')"
is "lru_gen json keeps the structure" '7 /mmstat lrugen 0 9 12 4 12288' \
	"$("$mmstat" --root "$g" -j lru_gen | jq -r '.lruvecs[4] | "\(.memcg) \(.path) \(.node) \(.min_seq) \(.max_seq) \(.gens | length) \(.gens[1].anon)"')"
is "lru_gen -m converts pages" "memcg7.node0.gen10.anon=48" \
	"$("$mmstat" --root "$g" --page-size 4096 -m lru_gen memcg7.node0.gen10.anon)"
is "lru_gen of a kernel without it is an I/O error" 1 "$(status --root "$r" lru_gen)"

echo "1..$n"
[ "$failed" -eq 0 ]
