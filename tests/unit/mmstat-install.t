#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# libmmstat as a distribution ships it (issue 15, item 8): make install
# into a temporary DESTDIR, then examples/ built with pkg-config alone and
# run on the installed library; the exported names; the SONAME links.
. "$(dirname "$0")/../lib/tap.sh"
top=$TAP_TOP
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dest=$tmp/dest

# Install the mode built last (build -> build.plain or build.sanitize), so
# that the test does not switch the tree's build to the other mode.
mode=
[ "$(readlink "$top/parsers/build")" = build.sanitize ] && mode=SANITIZE=1
make --no-print-directory -C "$top/parsers" install DESTDIR="$dest" PREFIX=/usr $mode >"$tmp/log" 2>&1
rc=$?
is "$rc" 0 "make install DESTDIR=... PREFIX=/usr"
[ "$rc" = 0 ] || diag "$(tail -20 "$tmp/log")"
lib=$dest/usr/lib
for f in lib/libmmstat.so.1.0.0 lib/libmmstat.a include/mmstat.h lib/pkgconfig/libmmstat.pc \
	 share/man/man3/libmmstat.3 bin/mmstat share/man/man1/mmstat.1; do
	[ -f "$dest/usr/$f" ]; _tap_result $? "installed /usr/$f"
done
is "$(readlink "$lib/libmmstat.so.1")" libmmstat.so.1.0.0 "libmmstat.so.1 -> libmmstat.so.1.0.0"
is "$(readlink "$lib/libmmstat.so")" libmmstat.so.1 "libmmstat.so -> libmmstat.so.1 (for -lmmstat)"
is "$(readelf -d "$lib/libmmstat.so.1.0.0" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')" \
	libmmstat.so.1 "SONAME libmmstat.so.1, a file that exists"
others=$(nm -D --defined-only "$lib/libmmstat.so.1.0.0" | awk '$2 != "A" && $3 !~ /^mmstat_/')
is "$others" "" "nm -D: every exported name is mmstat_*"
diag "exported: $(nm -D --defined-only "$lib/libmmstat.so.1.0.0" | awk '$2 != "A"' | wc -l) symbols"
is "$("$dest/usr/bin/mmstat" --version)" "mmstat (splitlru $(cat "$top/VERSION"))" "installed mmstat runs"

export PKG_CONFIG_SYSROOT_DIR=$dest PKG_CONFIG_LIBDIR=$lib/pkgconfig
flags=$(pkg-config --cflags --libs libmmstat | sed "s/ *$//")
is "$flags" "-I$dest/usr/include -L$lib -lmmstat" "pkg-config --cflags --libs libmmstat"
# A sanitized library needs the sanitizer's runtime in the program too.
san=
readelf -d "$lib/libmmstat.so.1.0.0" | grep -q 'libasan' && san="-fsanitize=address,undefined"
make --no-print-directory -C "$top/examples" O="$tmp" \
	CFLAGS="-O2 -Wall -Wextra -Werror -Werror=enum-conversion $san" >"$tmp/log" 2>&1
rc=$?
is "$rc" 0 "examples/ builds with pkg-config alone"
[ "$rc" = 0 ] || diag "$(cat "$tmp/log")"
grep -q -- "-I$top\|-L$top" "$tmp/log"
isnt $? 0 "no -I or -L into the source tree"
like "$(readelf -d "$tmp/mmstat-example")" 'NEEDED.*\[libmmstat\.so\.1\]' \
	"the example needs libmmstat.so.1 (the shared library, not the archive)"
out=$(LD_LIBRARY_PATH=$lib "$tmp/mmstat-example" "$top/tests/fixtures/mmstat/guest-6.1-numa2-patched")
is "$(head -2 <<<"$out" | paste -sd'|')" "MemAvailable 903048 kB|nodes 2: 0 1" \
	"the example runs on the installed library"
like "$(LD_LIBRARY_PATH=$lib ldd "$tmp/mmstat-example")" "$lib/libmmstat.so.1" "... loaded from DESTDIR"
like "$(sed -n 3p <<<"$out")" '^node 0 nr_inactive_file [0-9]+ pages$' "typed lookup gives the unit"

# A key of another kind does not compile under -Werror=enum-conversion.
cat >"$tmp/wrong.c" <<'C'
#include <mmstat.h>
const struct mmstat_entry *f(const struct mmstat_table *t)
{
	return mmstat_get_meminfo(t, MMSTAT_VM_PGSCAN_ANON);
}
C
cc -c -Werror=enum-conversion $(pkg-config --cflags libmmstat) -o "$tmp/wrong.o" "$tmp/wrong.c" 2>/dev/null
isnt $? 0 "a vmstat key passed to mmstat_get_meminfo does not compile"
done_testing
