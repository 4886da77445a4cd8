// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * btf-key KERNEL_BTF...: the name bpf/min-btf gives each kernel's minimal
 * BTF, one per line.  It calls the loader's own lru_min_btf_key(), with
 * the programs built into this library, so the files the script writes
 * are the ones the loader looks for.
 */
#include <stdio.h>
#include "kernel_btf.h"
#include "lru_loader.h"

int main(int argc, char **argv)
{
	char key[KERNEL_BTF_KEY_LEN];
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: btf-key KERNEL_BTF...\n");
		return 2;
	}
	for (i = 1; i < argc; i++) {
		if (lru_min_btf_key(argv[i], key, sizeof(key))) {
			fprintf(stderr, "btf-key: %s: cannot read its BTF\n", argv[i]);
			return 1;
		}
		printf("%s\n", key);
	}
	return 0;
}
