#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# make deb (issue 16, item 1): mk/make-deb builds splitlru-tools, libmmstat1
# and libmmstat-dev with dpkg-buildpackage in a copy of the tree, lintian
# reports no error and only the warnings README names, the packages hold
# what they should, the tools run from them, a program builds against
# libmmstat-dev with pkg-config alone, and the work tree's builds are left
# as they were.  About a minute (a whole build of the tree).
. "$(dirname "$0")/../lib/tap.sh"
top=$TAP_TOP
cd "$top" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ver=$(cat VERSION)

missing=
for t in dpkg-buildpackage dh lintian; do
	command -v "$t" >/dev/null || missing="$missing $t"
done
if [ -n "$missing" ]; then
	fail "packaging tools installed (missing:$missing; make deps)"
	done_testing
fi
pass "dpkg-buildpackage, dh and lintian are installed"

# a build of the work tree, to see that make deb leaves it alone
mine=$(readlink -f tools/lrutrace/build/lrutrace 2>/dev/null)
before=$([ -n "$mine" ] && stat -c %Y "$mine")

DEB_OUT=$tmp/deb mk/make-deb >"$tmp/out" 2>&1
rc=$?
is "$rc" 0 "make deb (mk/make-deb) succeeds"
[ "$rc" = 0 ] || diag "$(tail -n 40 "$tmp/out")"
for p in splitlru-tools libmmstat1 libmmstat-dev; do
	[ -f "$tmp/deb/${p}_${ver}_amd64.deb" ]
	_tap_result $? "built ${p}_${ver}_amd64.deb"
done
ls "$tmp/deb"/*.changes >/dev/null 2>&1
_tap_result $? "... with its .changes beside the .debs"
is "$(ls -d "$tmp/deb/src" 2>/dev/null)" "" "the copy of the tree is removed"

lint=$tmp/deb/lintian.txt
is "$(grep -c '^E: ' "$lint")" 0 "lintian: no errors"
grep '^E: ' "$lint" | while read -r l; do diag "$l"; done
# every tool has its man page now: a warning, as a new one, fails here
# (README's "Debian packages" names what lintian says)
is "$(grep '^W: ' "$lint" | sort | paste -sd'|')" "" "lintian: no warnings"
grep '^W: ' "$lint" | while read -r l; do diag "$l"; done

# contents
c() { dpkg-deb -c "$tmp/deb/${1}_${ver}_amd64.deb" | awk '{print $6}' | sed 's|^\./|/|'; }
tools=$(c splitlru-tools)
for f in /usr/bin/lrutrace /usr/bin/splitlrutop /usr/bin/mmstat /usr/bin/lruload \
	 /usr/share/man/man8/lrutrace.8.gz /usr/share/man/man8/splitlrutop.8.gz \
	 /usr/share/man/man1/mmstat.1.gz /usr/share/man/man1/lruload.1.gz \
	 /usr/share/doc/splitlru-tools/examples/splitlru.rules.yml; do
	grep -qx "$f" <<<"$tools"; _tap_result $? "splitlru-tools has $f"
done
ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
lib=$(c libmmstat1)
grep -qx "/usr/lib/$ma/libmmstat.so.1.0.0" <<<"$lib"; _tap_result $? "libmmstat1 has /usr/lib/$ma/libmmstat.so.1.0.0"
grep -q "^/usr/lib/$ma/libmmstat.so.1$" <<<"$lib"; _tap_result $? "... and the libmmstat.so.1 link"
is "$(grep -c '\.a$\|\.h$\|\.pc$\|libmmstat\.so$' <<<"$lib")" 0 "... and nothing for developers"
dev=$(c libmmstat-dev)
for f in /usr/include/mmstat.h /usr/lib/$ma/libmmstat.a /usr/lib/$ma/libmmstat.so \
	 /usr/lib/$ma/pkgconfig/libmmstat.pc /usr/share/man/man3/libmmstat.3.gz; do
	grep -qx "$f" <<<"$dev"; _tap_result $? "libmmstat-dev has $f"
done
like "$(dpkg-deb -f "$tmp/deb/libmmstat-dev_${ver}_amd64.deb" Depends)" "libmmstat1 \(= $ver\)" \
	"libmmstat-dev depends on libmmstat1 of its own version"

# the tools run from the package (no BPF: --version only)
root=$tmp/root
for p in splitlru-tools libmmstat1 libmmstat-dev; do
	dpkg-deb -x "$tmp/deb/${p}_${ver}_amd64.deb" "$root"
done
for t in lrutrace splitlrutop mmstat lruload; do
	is "$("$root/usr/bin/$t" --version 2>&1)" "$t (splitlru $ver)" "the packaged $t runs"
done
like "$(readelf -d "$root/usr/bin/lrutrace")" 'FLAGS.*NOW' "lrutrace is linked with -z now (hardening=+all)"
like "$(readelf -d "$root/usr/lib/$ma/libmmstat.so.1.0.0")" 'SONAME.*\[libmmstat\.so\.1\]' \
	"the packaged library's SONAME is libmmstat.so.1"

# a program built against the packaged library, with pkg-config alone
export PKG_CONFIG_SYSROOT_DIR=$root PKG_CONFIG_LIBDIR=$root/usr/lib/$ma/pkgconfig
is "$(pkg-config --cflags --libs libmmstat | sed 's/ *$//')" "-I$root/usr/include -L$root/usr/lib/$ma -lmmstat" \
	"pkg-config --cflags --libs libmmstat from libmmstat-dev"
make --no-print-directory -C "$root/usr/share/doc/libmmstat-dev/examples" O="$tmp" >"$tmp/ex.log" 2>&1
rc=$?
is "$rc" 0 "the packaged example builds against the packaged library"
[ "$rc" = 0 ] || diag "$(cat "$tmp/ex.log")"
out=$(LD_LIBRARY_PATH=$root/usr/lib/$ma "$tmp/mmstat-example" "$top/tests/fixtures/mmstat/guest-6.1-numa2-patched" 2>&1)
is "$(head -n 1 <<<"$out")" "MemAvailable 903048 kB" "... and runs on it"

# the work tree's build is untouched (debian/rules clean ran in the copy)
if [ -n "$mine" ]; then
	is "$(stat -c %Y "$mine" 2>/dev/null)" "$before" "the work tree's build of lrutrace is left as it was"
else
	skip "the work tree's build is left as it was" "no build of lrutrace in the work tree"
fi
done_testing
