#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The events of the kernel series (issues 3 and 14) fire with every field in
# range, and add up to /proc/vmstat over a quiet window; mlock and munlock
# of a mapped file raise mm_lru_move.  Needs the patched kernel.
. "$(dirname "$0")/../lib/tap.sh"
# The guest has no compiler: the mlock helper is built here, beside the
# script, and reached over the 9p share.
helper=$(mktemp "$TAP_TOP/tests/guest/.kernel-mlock.XXXXXX")
trap 'rm -f "$helper"' EXIT
cc -O2 -Wall -x c -o "$helper" - <<'C' || { fail "the mlock helper builds"; done_testing; }
/* mlock FILE: map FILE, mlock and munlock it whole, once each. */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct stat st;
	void *p;
	int fd = argc > 1 ? open(argv[1], O_RDONLY) : -1;

	if (fd < 0 || fstat(fd, &st) < 0) {
		perror("open");
		return 1;
	}
	p = mmap(NULL, st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED || mlock(p, st.st_size) || munlock(p, st.st_size)) {
		perror("mmap/mlock/munlock");
		return 1;
	}
	return 0;
}
C
guest_tap --mem 512M --cpus 2 --timeout 900 -- tests/guest/kernel-events.sh "tests/guest/${helper##*/}"
done_testing
