#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# lrutrace's --prometheus textfile on the host, without BPF: the writer
# lrutrace stat calls every interval (report_prometheus_file, driven by
# tools/lrutrace/textfile_test.c) replaces the file atomically, so a
# reader polling it during thousands of rewrites never sees a part of one
# (a writer that rewrites in place is caught by the same reader), and a
# write that fails (a full tmpfs, a read-only one, a directory it may not
# write) says why, exits 1 and leaves the previous file as it was, with no
# temporary behind.  lrutrace itself, under reclaim, in
# tests/guest/prometheus.t.
. "$(dirname "$0")/../lib/tap.sh"
cd "$TAP_TOP" || exit 1

if ! out=$(make --no-print-directory -s -C tools/lrutrace textfile-test 2>&1); then
	fail "the textfile test driver builds"
	diag "$out"
	done_testing
fi
pass "the textfile test driver builds"
writer=$TAP_TOP/tools/lrutrace/build/lrutrace-textfile-test
snap=$TAP_TOP/tests/fixtures/lrutrace/report.snap
tmp=$(mktemp -d)
mnt=$tmp/mnt
trap 'umount "$mnt" 2>/dev/null; rm -rf "$tmp"' EXIT

# reader FILE WRITER_PID: read FILE until the writer has exited; every read
# must be one whole text (it begins with the first HELP line, every sample
# line is "name{labels} value", and it ends with the source_info line) and
# the rewrite number (splitlru_events_lost_total) must never go back.
# Prints "READS DISTINCT BAD" and the first bad read's reason.
reader() {
	perl -e '
		my ($file, $pid) = @ARGV;
		my ($reads, $bad, $last, %seen, $why) = (0, 0, 0);
		while (kill(0, $pid) || !$reads) {
			open(my $f, "<", $file) or next;
			local $/; my $t = <$f>; close $f;
			$reads++;
			my $ok = $t =~ /\A# HELP splitlru_lru_/ &&
				 $t =~ /\nsplitlru_source_info\{source="series"\} 1\n\z/;
			for my $l (split /\n/, $t) {
				next if $l =~ /^# (HELP|TYPE) /;
				$ok = 0, last unless $l =~ /^[a-z_]+(\{[^{}]*\})? [0-9]+$/;
			}
			my ($n) = $t =~ /^splitlru_events_lost_total ([0-9]+)$/m;
			$ok = 0 unless defined $n && $n >= $last;
			if ($ok) { $last = $n; $seen{$n} = 1; }
			elsif (!$bad++) { $why = "read $reads: " . length($t) . " bytes, ends " . substr($t, -40); }
		}
		printf "%d %d %d\n%s\n", $reads, scalar(keys %seen), $bad, $why // "";
	' "$1" "$2"
}

# ---- atomic: 3000 rewrites of 18 to 42 KB under a polling reader ----
file=$tmp/lrutrace.prom
"$writer" "$file" 1 "$snap"
is "$?" 0 "the writer writes the textfile"
if command -v promtool >/dev/null; then
	out=$(promtool check metrics <"$file" 2>&1)
	is "$?" 0 "promtool check metrics on it" || diag "$out"
else
	skip "promtool check metrics on it" "promtool is not installed (Debian: prometheus)"
fi
"$writer" "$file" 3000 "$snap" &
wpid=$!
result=$(reader "$file" "$wpid")
wait "$wpid"
is "$?" 0 "3000 rewrites succeed"
read -r reads distinct bad <<<"$(head -1 <<<"$result")"
is "$bad" 0 "a reader never saw a partial file ($reads reads of $distinct rewrites)"
[ "$bad" = 0 ] || diag "$(tail -n +2 <<<"$result")"
cmp_ok "$distinct" -ge 100 "... while the rewrites went on under it"
is "$(sed -n 's/^splitlru_events_lost_total //p' "$file")" 3000 "the file is the last rewrite's"
is "$(ls "$tmp" | grep -c '\.tmp\.')" 0 "no temporary left behind"

# The same reader catches a writer that rewrites the file in place (what
# the rename avoids): the reader is able to see a partial file.
cp "$file" "$tmp/big.prom"
"$writer" "$tmp/small.prom" 1 "$snap"
(for i in $(seq 300); do
	for src in "$tmp/small.prom" "$tmp/big.prom"; do
		dd if="$src" of="$tmp/inplace.prom" bs=1024 status=none
	done
done) &
wpid=$!
result=$(reader "$tmp/inplace.prom" "$wpid")
wait "$wpid"
read -r reads distinct bad <<<"$(head -1 <<<"$result")"
cmp_ok "$bad" -gt 0 "... and does see the partial files of a writer in place ($bad of $reads reads)"

# ---- a write that fails: exit 1, why, the previous file intact ----
# fails WHAT DIR MESSAGE: the writer exits 1, says MESSAGE, and DIR's
# lrutrace.prom is the one written before, with no temporary beside it.
# $run_as, when set, is the command the writer runs under.
fails() {
	$run_as "$writer" "$2/lrutrace.prom" 1 "$snap" 2>"$tmp/err"
	is "$?" 1 "$1: exit 1"
	is "$(cat "$tmp/err")" "lrutrace: --prometheus $2/lrutrace.prom: $3" "$1: says why"
	cmp -s "$2/lrutrace.prom" "$tmp/before.prom"
	_tap_result $? "$1: the previous file is intact"
	is "$(ls -A "$2" | grep -c '\.tmp\.')" 0 "$1: no temporary left behind"
}

"$writer" "$tmp/nope/lrutrace.prom" 1 "$snap" 2>"$tmp/err"
is "$?" 1 "a missing directory: exit 1"
is "$(cat "$tmp/err")" "lrutrace: --prometheus $tmp/nope/lrutrace.prom: No such file or directory" \
	"a missing directory: says why"

mkdir -p "$mnt"
if ! mount -t tmpfs -o size=64k tmpfs "$mnt" 2>"$tmp/err"; then
	skip "a full tmpfs" "cannot mount a tmpfs here: $(cat "$tmp/err")"
	skip "a read-only tmpfs" "cannot mount a tmpfs here"
else
	"$writer" "$mnt/lrutrace.prom" 2 "$snap"
	cp "$mnt/lrutrace.prom" "$tmp/before.prom"
	dd if=/dev/zero of="$mnt/fill" bs=4096 status=none 2>/dev/null	# until ENOSPC
	fails "a full tmpfs" "$mnt" "No space left on device"
	rm "$mnt/fill"
	mount -o remount,ro "$mnt"
	fails "a read-only tmpfs" "$mnt" "Read-only file system"
	umount "$mnt"
fi

# a directory the writer may not write into (root may write anywhere)
if command -v setpriv >/dev/null && [ "$(id -u)" = 0 ]; then
	mkdir -p "$tmp/ro" && chmod 755 "$tmp/ro" "$tmp"
	"$writer" "$tmp/ro/lrutrace.prom" 1 "$snap"
	cp "$tmp/ro/lrutrace.prom" "$tmp/before.prom"
	run_as="setpriv --reuid=65534 --regid=65534 --clear-groups" \
		fails "a directory it may not write" "$tmp/ro" "Permission denied"
else
	skip "a directory it may not write" "needs root and setpriv"
fi
done_testing
