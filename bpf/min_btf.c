// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * min_btf.c: the loader's opts.low_memory.
 *
 * A load reads the kernel's BTF whole twice over: for CO-RE, and to find
 * the BTF id of every tp_btf and fentry program's attach point.  libbpf
 * holds a BTF twice while it parses it, so on a 2.9 MB BTF that is most
 * of a tool's peak RSS.  Here the load does without it:
 *
 *  - CO-RE relocates against a minimal BTF instead (btf_custom_path), the
 *    types our programs use cut out of this very kernel's BTF by
 *    `bpftool gen min_core_btf` (bpf/min-btf, at build time, per kernel).
 *    It lives in one directory, named by the key of the kernel's BTF and
 *    of these programs (kernel_btf.h): exact bytes, so a minimal BTF is
 *    never used on a kernel or with programs it was not made from.  The
 *    key of the running kernel costs one stream through its BTF file.
 *  - The series' events attach as raw tracepoints (their raw_tp twins),
 *    which need no BTF id.
 *
 * Where no minimal BTF matches, the load uses the kernel's BTF as before
 * and the note says so; the tool prints it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "kernel_btf.h"
#include "lru_loader.h"
#include "lrutrace.skel.h"
#include "stock.skel.h"
#include "min_btf.h"

/* Where bpf/min-btf writes: the build tree's min-btf/ (bpf/Makefile says which). */
#ifndef SPLITLRU_MIN_BTF_DIR
#error "bpf/Makefile defines SPLITLRU_MIN_BTF_DIR"
#endif

/* Both objects' bytes, exactly as in their .bpf.o files (the skeletons embed those). */
static uint64_t programs_hash(void)
{
	uint64_t h = KERNEL_BTF_HASH_INIT;
	const void *data;
	size_t size;

	data = lrutrace_bpf__elf_bytes(&size);
	h = kernel_btf_hash(h, data, size);
	data = stock_bpf__elf_bytes(&size);
	return kernel_btf_hash(h, data, size);
}

int lru_min_btf_key(const char *kernel_btf, char *key, size_t len)
{
	uint64_t btf_hash;
	int err;

	if (!kernel_btf || !key || len < KERNEL_BTF_KEY_LEN)
		return LRU_ERR_INVAL;
	err = kernel_btf_hash_file(kernel_btf, &btf_hash);
	if (err)
		return err == -ENOMEM ? LRU_ERR_NOMEM : LRU_ERR_NO_BTF;
	kernel_btf_key(key, btf_hash, programs_hash());
	return LRU_OK;
}

const char *lru_min_btf_dir(void)
{
	const char *dir = getenv("SPLITLRU_MIN_BTF_DIR");

	return dir && *dir ? dir : SPLITLRU_MIN_BTF_DIR;
}

void min_btf_choose(char *path, size_t pathlen, char *note, size_t notelen)
{
	char key[KERNEL_BTF_KEY_LEN], why[512];

	path[0] = note[0] = '\0';
	if (lru_min_btf_key(KERNEL_BTF_SYSFS, key, sizeof(key))) {
		snprintf(note, notelen, "cannot read %s for its key: loading with the kernel's own BTF",
			 KERNEL_BTF_SYSFS);
		return;
	}
	if (kernel_btf_find(lru_min_btf_dir(), key, path, pathlen, why, sizeof(why))) {
		path[0] = '\0';
		snprintf(note, notelen, "%s: loading with the kernel's own BTF (more memory)", why);
	}
}

void min_btf_use_raw_twins(struct bpf_object *obj)
{
	struct bpf_program *prog, *twin;
	char name[128];

	bpf_object__for_each_program(prog, obj) {
		if (!bpf_program__autoload(prog) ||
		    strncmp(bpf_program__section_name(prog), "tp_btf/", 7))
			continue;
		snprintf(name, sizeof(name), "%s_raw", bpf_program__name(prog));
		twin = bpf_object__find_program_by_name(obj, name);
		if (!twin)
			continue;
		bpf_program__set_autoload(prog, false);
		bpf_program__set_autoload(twin, true);
	}
}

/* As libbpf's prog_needs_vmlinux_btf(): the types that attach by BTF id. */
const char *min_btf_needs_kernel_btf(struct bpf_object *obj)
{
	struct bpf_program *prog;

	bpf_object__for_each_program(prog, obj) {
		enum bpf_prog_type type = bpf_program__type(prog);

		if (bpf_program__autoload(prog) &&
		    (type == BPF_PROG_TYPE_TRACING || type == BPF_PROG_TYPE_LSM ||
		     type == BPF_PROG_TYPE_STRUCT_OPS))
			return bpf_program__name(prog);
	}
	return NULL;
}
