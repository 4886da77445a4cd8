#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The build itself (issue 12):
#  - every object that includes a header of lib/, bpf/include/ or
#    parsers/include/ is rebuilt when that header changes.  The truth is
#    the compiler's own list of the headers each source opens (cc -H on the
#    source as the build compiles it, from the V=1 command line); make is
#    asked, without touching anything, what it would rebuild if the header
#    were new (make -n -W HEADER);
#  - make -n changes nothing, not even the build/ symlink of the other mode;
#  - the tools link the BPF loader whatever has been built before.
. "$(dirname "$0")/../lib/tap.sh"
cd "$TAP_TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

make --no-print-directory build >"$tmp/build.log" 2>&1
is "$?" 0 "make build succeeds" || diag "$(tail -20 "$tmp/build.log")"

# The components make build builds, each compiling in its own folder.
components=$(make --no-print-directory -s print-components)
cmp_ok "$(printf '%s\n' $components | grep -c .)" -ge 5 "make print-components lists the components"

# compiles DIR [MAKE ARGS]: "DIR<TAB>command" for each C compile that
# make -n would run in DIR itself (a nested make of another folder prints
# objects that do not exist under DIR: they are left out).
compiles() {
	local dir=$1; shift
	make --no-print-directory -C "$dir" -n V=1 "$@" all 2>/dev/null |
		grep -E ' -c ' | grep -v -- '-target bpf' |
		while read -r cmd; do
			obj=$(printf '%s' "$cmd" | grep -oE -- '-o [^ ]+' | head -n 1 | cut -c4-)
			[ -n "$obj" ] && [ -f "$dir/$obj" ] && printf '%s\t%s\n' "$dir" "$cmd"
		done
}
for c in $components; do compiles "$c" -B; done >"$tmp/cmds"
cmp_ok "$(wc -l <"$tmp/cmds")" -ge 40 "the build compiles at least 40 C objects"

# headers_of DIR CMD: the headers the compiler opens for that command.
headers_of() {
	local cmd
	cmd=$(printf '%s' "$2" | sed -E 's/ -o [^ ]+//; s/ -M(MD|P)//g; s/ -c / -fsyntax-only -H /')
	(cd "$1" && eval "$cmd") 2>&1 >/dev/null | sed -n 's/^\.\+ //p' |
		while read -r h; do realpath -m "$1/$h"; done
}
# objects CMDS-FILE: the absolute object path of each "DIR<TAB>command".
objects() {
	while IFS=$'\t' read -r dir cmd; do
		realpath -m "$dir/$(printf '%s' "$cmd" | grep -oE -- '-o [^ ]+' | head -n 1 | cut -c4-)"
	done <"$1" | sort -u
}

while IFS=$'\t' read -r dir cmd; do
	obj=$(realpath -m "$dir/$(printf '%s' "$cmd" | grep -oE -- '-o [^ ]+' | head -n 1 | cut -c4-)")
	headers_of "$dir" "$cmd" | sed "s|^|$obj\t|"
done <"$tmp/cmds" >"$tmp/includes"

checked=0
for header in lib/include/*.h bpf/include/*.h parsers/include/*.h; do
	[ -f "$header" ] || continue
	abs=$(realpath "$header")
	awk -F'\t' -v h="$abs" '$2 == h { print $1 }' "$tmp/includes" | sort -u >"$tmp/want"
	# Make the header new for one dry run, then give it its time back.
	touch -r "$header" "$tmp/stamp"
	touch "$header"
	for c in $components; do compiles "$c"; done >"$tmp/rebuilt"
	touch -r "$tmp/stamp" "$header"
	objects "$tmp/rebuilt" >"$tmp/got"
	lost=$(comm -23 "$tmp/want" "$tmp/got")
	n=$(wc -l <"$tmp/want")
	checked=$((checked + 1))
	if [ "$n" = 0 ]; then
		diag "$header: no object includes it"
	elif [ -n "$lost" ]; then
		fail "touching $header rebuilds every object that includes it"
		diag "not rebuilt:" $lost
	else
		pass "touching $header rebuilds all $n objects that include it"
	fi
done
for header in bpf/include/lru_events.h parsers/include/mmstat.h; do
	cmp_ok "$(awk -F'\t' -v h="$(realpath "$header")" '$2 == h' "$tmp/includes" | wc -l)" -ge 3 \
		"$header is included by several objects (the check above saw them)"
done
cmp_ok "$checked" -ge 5 "headers of lib/, bpf/include/ and parsers/include/ were checked"

# make -n is a dry run: nothing in the tree changes, whichever mode it is
# asked for.
snap() { find . -path ./.git -prune -o \( -name 'build' -o -path '*/build.*' \) -print0 |
	xargs -0 stat -c '%n %Y %s %N' 2>/dev/null | sort; }
snap >"$tmp/before"
make --no-print-directory -n SANITIZE=1 build >/dev/null 2>&1
make --no-print-directory -n clean >/dev/null 2>&1
snap >"$tmp/after"
if cmp -s "$tmp/before" "$tmp/after"; then
	pass "make -n SANITIZE=1 build and make -n clean change nothing"
else
	fail "make -n SANITIZE=1 build and make -n clean change nothing"
	diag "$(diff "$tmp/before" "$tmp/after" | head -10)"
fi

# splitlrutop always has the loader: no build flag decides it any more.
for tool in tools/splitlrutop/build/splitlrutop tools/lrutrace/build/lrutrace; do
	nm "$tool" 2>/dev/null | grep -q ' T lru_tracer_open$'
	_tap_result $? "$tool links the BPF loader"
done
done_testing
