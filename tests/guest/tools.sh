# SPDX-License-Identifier: GPL-2.0-or-later
# Which splitlru tools a guest test runs, sourced after tests/lib/tap.sh.
# qemu-run passes SPLITLRU_GUEST_TOOLS: "installed" (make check's default)
# runs the tools the packages put in /usr/bin (make guest-tools installed
# them into the image); "build" runs the build tree's over 9p, for
# development without make deb.
#
#   lrutrace=$(tool_path lrutrace)   the path of one tool
#   check_tools lrutrace splitlrutop one TAP line: are they what the mode
#                                    says (the package's files, or built)?

SPLITLRU_GUEST_TOOLS=${SPLITLRU_GUEST_TOOLS:-build}
if [ "$SPLITLRU_GUEST_TOOLS" = installed ]; then
	# The packages ship no minimal BTF (one is made per kernel: bpf/min-btf).
	# The build's are keyed by the BPF objects' bytes, so they are only
	# ever taken if the packaged objects are the tree's byte for byte.
	export SPLITLRU_MIN_BTF_DIR=${SPLITLRU_MIN_BTF_DIR:-$TAP_TOP/bpf/build/min-btf}
fi

tool_path() {
	if [ "$SPLITLRU_GUEST_TOOLS" = installed ]; then
		echo "/usr/bin/$1"
	else
		echo "$TAP_TOP/tools/$1/build/$1"
	fi
}

# Installed: each path belongs to splitlru-tools, installed at this tree's
# VERSION (a stale image would test old code).  Build: each is built.
check_tools() {
	local name path owner bad=""
	local want_version
	want_version=$(cat "$TAP_TOP/VERSION")
	for name in "$@"; do
		path=$(tool_path "$name")
		if [ ! -x "$path" ]; then
			bad="$bad $path is missing;"
		elif [ "$SPLITLRU_GUEST_TOOLS" = installed ]; then
			owner=$(dpkg-query -S "$path" 2>/dev/null | cut -d: -f1)
			[ "$owner" = splitlru-tools ] || bad="$bad $path belongs to '${owner:-no package}';"
		fi
	done
	if [ "$SPLITLRU_GUEST_TOOLS" = installed ] &&
		[ "$(dpkg-query -W -f='${Version} ${Status}' splitlru-tools 2>/dev/null)" != "$want_version install ok installed" ]; then
		bad="$bad splitlru-tools $want_version is not installed;"
	fi
	[ -z "$bad" ]
	_tap_result $? "the $SPLITLRU_GUEST_TOOLS tools: $*"
	[ -z "$bad" ] || diag "$bad"
}
