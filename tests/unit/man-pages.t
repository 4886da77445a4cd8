#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The tools' man pages (issue 16): every option a tool's --help lists is
# named in its man page, so that the two cannot drift apart; each page
# renders through groff and man(1) without a warning, and lexgrog (what
# lintian and mandb read for whatis) finds its NAME line; make install puts
# every page where man looks for it.
. "$(dirname "$0")/../lib/tap.sh"
cd "$TAP_TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# tool, its man page (the section is the page's own)
pages="lrutrace:tools/lrutrace/lrutrace.8 splitlrutop:tools/splitlrutop/splitlrutop.8
mmstat:tools/mmstat/mmstat.1 lruload:tools/lruload/lruload.1"

# The options of an argp --help: an option line starts with at most 8
# blanks and a dash ("  -l, --lru=LIST", "      --listen=..."); wrapped
# text is indented further, prose and examples start otherwise.
help_options() {
	perl -ne 'next unless /^ {1,8}-/;
		print "$1\n" if /^ {1,8}(-[^-\s])[,\s]/;
		print "$1\n" if /(--[A-Za-z0-9][A-Za-z0-9-]*)/;'
}

# The page as text: -Tascii with -P-cbou prints every hyphen as "-" and no
# overstriking, and a wide line keeps an option in one piece.
render_text() {
	groff -man -Tascii -P-cbou -rLL=250n "$1" 2>/dev/null
}

for entry in $pages; do
	tool=${entry%%:*} page=${entry#*:}
	bin=tools/$tool/build/$tool
	if [ ! -x "$bin" ] || [ ! -f "$page" ]; then
		fail "$tool: $bin and $page exist (make build)"
		continue
	fi
	"$bin" --help >"$tmp/$tool.help" 2>&1
	help_options <"$tmp/$tool.help" | sort -u >"$tmp/$tool.opts"
	cmp_ok "$(wc -l <"$tmp/$tool.opts")" -ge 3 "$tool --help lists options ($(wc -l <"$tmp/$tool.opts") found)"
	render_text "$page" >"$tmp/$tool.txt"
	missing=
	while read -r opt; do
		# the option as a word of its own: not "--node" inside "--nodes"
		OPT=$opt perl -e 'local $/; $t = <STDIN>; $o = quotemeta $ENV{OPT};
			exit($t =~ /(^|[\s,(\[|])$o([^A-Za-z0-9-]|$)/m ? 0 : 1)' <"$tmp/$tool.txt" ||
			missing="$missing $opt"
	done <"$tmp/$tool.opts"
	is "${missing# }" "" "$page names every option of $tool --help"

	groff -man -Tutf8 -ww -z "$page" >"$tmp/groff.err" 2>&1
	is "$(cat "$tmp/groff.err")" "" "$page: groff -man -Tutf8 -ww renders it without a warning"
	MANWIDTH=80 man --warnings=w -E UTF-8 -l "$page" >/dev/null 2>"$tmp/man.err"
	is "$?:$(cat "$tmp/man.err")" "0:" "$page: man -l --warnings renders it without a warning"
	if command -v lexgrog >/dev/null; then
		like "$(lexgrog "$page" 2>&1)" ": \"$tool - " "$page: lexgrog reads its whatis line"
	else
		skip "$page: lexgrog reads its whatis line" "lexgrog (man-db) is not installed"
	fi
	sect=${page##*.}
	like "$(sed -n 's/^\.TH //p' "$page")" "^${tool^^} $sect " "$page: .TH names $tool in section $sect"
done

# make install puts every page in its section (the mode built last, so
# that the tree's build is not switched)
mode=
[ "$(readlink parsers/build)" = build.sanitize ] && mode=SANITIZE=1
make --no-print-directory install DESTDIR="$tmp/dest" PREFIX=/usr $mode >"$tmp/install.log" 2>&1
rc=$?
is "$rc" 0 "make install DESTDIR=... PREFIX=/usr"
[ "$rc" = 0 ] || diag "$(tail -n 20 "$tmp/install.log")"
for entry in $pages; do
	page=${entry#*:} base=${entry##*/}
	cmp -s "$page" "$tmp/dest/usr/share/man/man${base##*.}/$base"
	_tap_result $? "make install: /usr/share/man/man${base##*.}/$base"
done
done_testing
