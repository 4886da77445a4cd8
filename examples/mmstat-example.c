// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A program that uses the installed libmmstat, as a distribution's user
 * would: built with `pkg-config --cflags --libs libmmstat` alone.
 *
 *   mmstat-example [ROOT]
 *
 * prints MemAvailable with its unit, the NUMA nodes, and each node's
 * inactive file pages from /proc/zoneinfo, from the live files or from a
 * capture under ROOT.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mmstat.h>

static int fail(const struct mmstat_error *err)
{
	char buf[800];

	fprintf(stderr, "mmstat-example: %s\n", mmstat_error_string(err, buf, sizeof(buf)));
	return 1;
}

int main(int argc, char **argv)
{
	const char *root = argc > 1 ? argv[1] : NULL;
	struct mmstat_error err;
	struct mmstat_meminfo *mi = mmstat_meminfo_new(root, &err);
	struct mmstat_zoneinfo *zi;
	const struct mmstat_entry *e;
	int nodes[64], n;

	if (!mi)
		return fail(&err);
	if (mmstat_meminfo_read(mi))
		return fail(mmstat_meminfo_error(mi));
	e = mmstat_get_meminfo(mmstat_meminfo_table(mi), MMSTAT_MI_MEM_AVAILABLE);
	if (e)
		printf("MemAvailable %llu %s\n", (unsigned long long)e->value,
		       mmstat_unit_name(e->unit));
	else		/* missing is not zero: kernels before 3.14 lack it */
		printf("MemAvailable missing (%s)\n", strerror(errno));
	mmstat_meminfo_free(mi);

	n = mmstat_nodes(root, nodes, 64, &err);
	if (n < 0)
		return fail(&err);
	printf("nodes %d:", n);
	for (int i = 0; i < n && i < 64; i++)
		printf(" %d", nodes[i]);
	putchar('\n');

	zi = mmstat_zoneinfo_new(root, &err);
	if (!zi)
		return fail(&err);
	if (mmstat_zoneinfo_read(zi))
		return fail(mmstat_zoneinfo_error(zi));
	for (size_t i = 0; i < mmstat_zoneinfo_nr_nodes(zi); i++) {
		const struct mmstat_node *node = mmstat_zoneinfo_node(zi, i);

		e = mmstat_get_vmstat(&node->stats, MMSTAT_VM_NR_INACTIVE_FILE);
		if (e)
			printf("node %d nr_inactive_file %llu %s\n", node->node,
			       (unsigned long long)e->value, mmstat_unit_name(e->unit));
	}
	mmstat_zoneinfo_free(zi);
	return 0;
}
