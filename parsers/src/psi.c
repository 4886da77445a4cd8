// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Pressure stall information: /proc/pressure/memory and a cgroup's
 * memory.pressure.  "some avg10=0.12 avg60=0.00 avg300=0.00 total=1234"
 * becomes some_avg10 = 12 (centipercent) ... some_total = 1234 (us).
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"

struct mmstat_psi {
	struct mm_flat fl;
};

static int psi_line(struct mm_flat *fl, unsigned line, char *text)
{
	char *p = text, *name, composed[64];
	uint64_t value;
	bool centi;
	const char *why;
	size_t words = 0;
	int len;

	p += strcspn(p, " \t");
	if (!*p)
		return mm_fail(&fl->file, line, "expected '%s avg10=...'", text);
	*p++ = '\0';	/* text is now the line's kind: "some" or "full" */
	while (!(why = mm_next_assign(&p, &name, &value, &centi)) && name) {
		bool want_centi = !strncmp(name, "avg", 3);

		if (centi != want_centi)
			return mm_fail(&fl->file, line, "%s %s: %s", text, name,
				       want_centi ? "expected two decimals" :
				       "expected an integer");
		len = snprintf(composed, sizeof(composed), "%s_%s", text, name);
		if (mm_flat_add(fl, line, &mm_psi_keys, composed,
				MM_SNPRINTF_LEN(len, composed), value,
				centi ? MMSTAT_UNIT_CENTIPERCENT : MMSTAT_UNIT_USEC))
			return -1;
		words++;
	}
	if (why)
		return mm_fail(&fl->file, line, "%s: %s", text, why);
	return words ? 0 : mm_fail(&fl->file, line, "%s: no name=value", text);
}

struct mmstat_psi *mmstat_psi_new(const char *root, const char *path,
				  struct mmstat_error *err)
{
	struct mm_flat *fl = mm_flat_new(root, path ? path : "/proc/pressure/memory",
					 MMSTAT_TABLE_PSI, MMSTAT_PSI_NR, psi_line, err);

	/* single_open() in /proc, a single-record cgroup file otherwise */
	if (fl)
		mm_file_single_record(&fl->file);
	return (struct mmstat_psi *)fl;
}

struct mmstat_psi *mmstat_psi_cgroup_new(const char *root, const char *cgroup,
					 struct mmstat_error *err)
{
	char path[sizeof(err->path)];

	mm_cgroup_file(path, sizeof(path), cgroup, "memory.pressure");
	return mmstat_psi_new(root, path, err);
}

MM_FLAT_API(psi)
