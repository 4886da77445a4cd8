# SPDX-License-Identifier: GPL-2.0-or-later
# TAP helpers for shell tests, on the host and inside the guest.  Sourced.
#
#   ok CMD...            passes when CMD exits 0           ("ok" names CMD)
#   is GOT WANT DESC     passes when GOT = WANT (strings)
#   isnt GOT WANT DESC   passes when GOT != WANT
#   cmp_ok A OP B DESC   passes when [ A OP B ] holds (-eq, -le, ...)
#   like GOT REGEX DESC  passes when GOT matches the extended REGEX
#   pass DESC / fail DESC
#   skip DESC REASON     a skipped test (counts as run)
#   diag TEXT            a comment line
#   guest_tap [qemu-run options] -- CMD...
#                        runs CMD in the guest; its TAP lines become ours
#   done_testing         prints the plan and exits 1 if any test failed
#
# Descriptions come last so that failures read like the assertion.

TAP_COUNT=0
TAP_FAILED=0
TAP_TOP=${TAP_TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
# BPF runs in the guest only: on the host, the tools refuse to load any.
grep -q 'init=/sbin/splitlru-init' /proc/cmdline 2>/dev/null || export SPLITLRU_NO_BPF=1

_tap_result() {
	TAP_COUNT=$((TAP_COUNT + 1))
	if [ "$1" = 0 ]; then
		printf 'ok %d - %s\n' "$TAP_COUNT" "$2"
	else
		printf 'not ok %d - %s\n' "$TAP_COUNT" "$2"
		TAP_FAILED=$((TAP_FAILED + 1))
	fi
}

pass() { _tap_result 0 "$1"; }
fail() { _tap_result 1 "$1"; }
diag() { printf '%s\n' "$@" | sed 's/^/# /'; }

ok() {
	"$@"
	_tap_result $? "$*"
}

is() {
	if [ "$1" = "$2" ]; then
		_tap_result 0 "$3"
	else
		_tap_result 1 "$3"
		diag "     got: '$1'" "expected: '$2'"
	fi
}

isnt() {
	[ "$1" != "$2" ]
	_tap_result $? "$3"
	[ "$1" != "$2" ] || diag "both are '$1'"
}

cmp_ok() {
	if [ "$1" "$2" "$3" ] 2>/dev/null; then
		_tap_result 0 "$4"
	else
		_tap_result 1 "$4"
		diag "failed: '$1' $2 '$3'"
	fi
}

like() {
	if printf '%s' "$1" | grep -qE -- "$2"; then
		_tap_result 0 "$3"
	else
		_tap_result 1 "$3"
		diag "     got: '$1'" "expected to match: /$2/"
	fi
}

skip() {
	TAP_COUNT=$((TAP_COUNT + 1))
	printf 'ok %d - %s # SKIP %s\n' "$TAP_COUNT" "$1" "$2"
}

# guest_tap: run a TAP-speaking command in the guest and renumber its
# results into ours.  A guest script that ends before printing its plan (a
# crash, a panic, a timeout) becomes a failure here, with the exit status.
guest_tap() {
	local line planned="" seen=0 rc tmp
	tmp=$(mktemp)
	# GUEST_TAP_STDERR=1 leaves the guest's stderr on ours: live progress
	# of a long run (make soak) instead of comments at the end.
	if [ "${GUEST_TAP_STDERR:-0}" = 1 ]; then
		"$TAP_TOP/guest-image/qemu-run" "$@" >"$tmp"
	else
		"$TAP_TOP/guest-image/qemu-run" "$@" >"$tmp" 2>&1
	fi
	rc=$?
	while IFS= read -r line; do
		case "$line" in
		"ok "*|"not ok "*|ok|"not ok")
			seen=$((seen + 1))
			local verdict=${line%%ok*}ok rest=${line#*ok}
			rest=$(printf '%s' "$rest" | sed -E 's/^ [0-9]+//')
			TAP_COUNT=$((TAP_COUNT + 1))
			[ "$verdict" = "not ok" ] && TAP_FAILED=$((TAP_FAILED + 1))
			printf '%s %d%s\n' "$verdict" "$TAP_COUNT" "$rest" ;;
		1..*) planned=${line#1..} ;;
		"#"*) printf '%s\n' "$line" ;;
		*) printf '# %s\n' "$line" ;;
		esac
	done <"$tmp"
	rm -f "$tmp"
	if [ -z "$planned" ] || [ "$planned" != "$seen" ]; then
		fail "guest script finished its plan (planned ${planned:-none}, ran $seen, exit $rc)"
	fi
	return "$rc"
}

done_testing() {
	printf '1..%d\n' "$TAP_COUNT"
	[ "$TAP_FAILED" = 0 ]
	exit $?
}
