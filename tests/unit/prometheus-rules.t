#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# contrib/prometheus/splitlru.rules.yml (issue 16, item 4): promtool check
# rules and promtool test rules (the hand-written series of
# splitlru.rules.test.yml) pass; and the rules and the test series use the
# metric names, label names and label values lrutrace really writes: the
# Prometheus text of report.c on the unit test's interval
# (tools/lrutrace/test_lrutrace.c, LRUTRACE_PROM_OUT), which promtool check
# metrics also accepts.  promtool is Debian's prometheus package
# (mk/host-packages): without it this test fails, it does not skip.
. "$(dirname "$0")/../lib/tap.sh"
cd "$TAP_TOP" || exit 1
rules=contrib/prometheus/splitlru.rules.yml
tests=contrib/prometheus/splitlru.rules.test.yml
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! command -v promtool >/dev/null; then
	fail "promtool is installed (Debian package prometheus: make deps)"
	done_testing
fi
pass "promtool is installed: $(promtool --version 2>&1 | head -n 1)"

out=$(promtool check rules "$rules" 2>&1)
is "$?" 0 "promtool check rules $rules"
like "$out" 'SUCCESS: 22 rules found' "... finds its 19 recording rules and 3 alerts"
[ -n "$out" ] && diag "$out"

out=$(cd "$(dirname "$tests")" && promtool test rules "$(basename "$tests")" 2>&1)
rc=$?
is "$rc" 0 "promtool test rules $tests"
[ "$rc" = 0 ] || diag "$out"
# every alert is tested firing and not firing, every recorded series read
for a in $(sed -n 's/^ *- alert: //p' "$rules"); do
	like "$(grep -A2 "alertname: $a" "$tests" | grep -c 'exp_alerts: \[\]')" '^[1-9]' \
		"the test has $a not firing"
	like "$(grep -A3 "alertname: $a" "$tests" | grep -c 'exp_labels:')" '^[1-9]' \
		"the test has $a firing, with its labels and annotations"
done
untested=
for r in $(sed -n 's/^ *- record: //p' "$rules"); do
	grep -qE -- "^ *- expr: $r(\{|$)" "$tests" || untested="$untested $r"
done
is "${untested# }" "" "every recorded series has a promql_expr_test"

# lrutrace's real text, from the report code the unit test drives
if ! out=$(make --no-print-directory -s -C tools/lrutrace unit 2>&1); then
	fail "tools/lrutrace's unit tests build"
	diag "$out"
	done_testing
fi
LRUTRACE_PROM_OUT=$tmp/real.prom tools/lrutrace/build/test_lrutrace >"$tmp/unit.log" 2>&1
is "$?" 0 "test_lrutrace writes the Prometheus text (LRUTRACE_PROM_OUT)"
like "$(cat "$tmp/real.prom" 2>/dev/null)" '^# HELP splitlru_lru_scanned_pages_total' "... beginning with the scanned counter"
out=$(promtool check metrics <"$tmp/real.prom" 2>&1)
is "$?" 0 "promtool check metrics accepts it"
[ -n "$out" ] && diag "$out"

# signature: NAME{label,names,sorted} of a sample line, without the
# labels Prometheus adds (instance, job)
signature() {
	awk '{
		name = $0; sub(/\{.*/, "", name)
		n = 0
		rest = $0; sub(/^[^{]*\{/, "", rest)
		while (match(rest, /[a-z_]+="/)) {
			l = substr(rest, RSTART, RLENGTH - 2)
			rest = substr(rest, RSTART + RLENGTH)
			sub(/^[^"]*"/, "", rest)
			if (l != "instance" && l != "job")
				labels[++n] = l
		}
		for (i = 2; i <= n; i++)	# insertion sort: a few labels
			for (j = i; j > 1 && labels[j - 1] > labels[j]; j--) {
				t = labels[j]; labels[j] = labels[j - 1]; labels[j - 1] = t
			}
		sig = ""
		for (i = 1; i <= n; i++)
			sig = sig (i > 1 ? "," : "") labels[i]
		print name "{" sig "}"
	}' | sort -u
}
grep -v '^#' "$tmp/real.prom" | grep '{' | signature >"$tmp/real.sig"
sed -n "s/^ *- series: '\(.*\)'$/\1/p" "$tests" | signature >"$tmp/test.sig"
is "$(comm -23 "$tmp/test.sig" "$tmp/real.sig" | paste -sd' ')" "" \
	"every test series has the name and label names of a real one"
cmp_ok "$(wc -l <"$tmp/test.sig")" -ge 3 "... (the scanned, reclaimed and share metrics)"

# the raw metrics the rules read (recorded names have a colon)
read_metrics=$(grep -v '^ *#' "$rules" | grep -oE '[a-z_:]*splitlru_[a-z_]+' | grep -v : | sort -u)
missing=
for m in $read_metrics; do
	grep -q "^# TYPE $m " "$tmp/real.prom" || missing="$missing $m"
done
is "${missing# }" "" "every metric the rules read is in lrutrace's text ($(echo $read_metrics))"
# the label values they select: lists, reclaimers, types
missing=
for v in $(grep -v '^ *#' "$rules" | grep -oE '(lru|reclaimer|type)=~?"[^"]+"' | sort -u |
	   sed -E 's/=~?"/ /; s/"$//' | while read -r l vals; do
		   tr '|' '\n' <<<"$vals" | sed "s/^/$l=/"; done); do
	grep -q "${v%%=*}=\"${v#*=}\"" "$tmp/real.prom" || missing="$missing $v"
done
is "${missing# }" "" "every label value the rules select is one lrutrace writes"
done_testing
