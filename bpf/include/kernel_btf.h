/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * kernel_btf.h: the kernel's BTF, read without parsing it whole.
 *
 * libbpf's btf__parse() holds a BTF file twice while it parses (its read
 * buffer and its own copy) plus an index of every type: 13 MB of peak RSS
 * for a 5.4 MB vmlinux BTF.  The loader needs only three things of it,
 * which a stream through a small buffer gives:
 *
 *  - a key naming the exact BTF (an FNV-1a hash of its bytes), so that a
 *    minimal BTF made for one kernel (bpf/min-btf) is never used on another;
 *  - the minimal BTF file matching a key, checked to parse;
 *  - whether names of a given kind exist (the probe's tracepoint typedefs
 *    and the stock functions).
 *
 * Every function takes a path, so the host tests read real files; nothing
 * here loads BPF.
 */
#ifndef KERNEL_BTF_H
#define KERNEL_BTF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KERNEL_BTF_SYSFS "/sys/kernel/btf/vmlinux"

/* FNV-1a, 64 bits: h = kernel_btf_hash(h, data, len), from KERNEL_BTF_HASH_INIT. */
#define KERNEL_BTF_HASH_INIT 0xcbf29ce484222325ull
uint64_t kernel_btf_hash(uint64_t h, const void *data, size_t len);

/*
 * The hash of the BTF in path: the file's bytes when it is raw BTF (as
 * /sys/kernel/btf/vmlinux is, streamed), else its .BTF section (an ELF
 * vmlinux, parsed by libbpf: the build-time case, on the host).  Equal
 * for a vmlinux and the /sys/kernel/btf/vmlinux of the kernel booted from
 * it.  0, or a negative errno.
 */
int kernel_btf_hash_file(const char *path, uint64_t *hash);

/*
 * Key text of a minimal BTF: "<BTF hash>-<programs hash>", 33 characters.
 * The programs' hash is in the key because a minimal BTF holds only the
 * types the programs it was made from relocate against: made for older
 * programs, it could lack a field a newer one tests with
 * bpf_core_field_exists(), which would then read "absent" silently.
 */
#define KERNEL_BTF_KEY_LEN 34
void kernel_btf_key(char key[KERNEL_BTF_KEY_LEN], uint64_t btf_hash, uint64_t progs_hash);

/*
 * DIR/KEY.btf when it exists and parses as BTF: 0 with path filled.
 * Otherwise a negative errno with why filled in one line (the directory
 * is missing, no file for the key, the file is unreadable or not BTF).
 */
int kernel_btf_find(const char *dir, const char *key, char *path, size_t pathlen,
		    char *why, size_t whylen);

/* One name to look for, and whether a type of that kind has it. */
struct kernel_btf_name {
	const char *name;
	int kind;		/* BTF_KIND_TYPEDEF, BTF_KIND_FUNC, ... */
	bool found;
};

/*
 * Set names[i].found for each name a type of that kind carries in the raw
 * BTF at path, streamed (a NULL name is never found).  0, or a negative errno: -ENOENT, -EINVAL for a
 * file that is not raw native-endian BTF or is truncated, -ENOTSUP for a
 * type kind it does not know (a newer kernel: use libbpf's parser).
 */
int kernel_btf_find_names(const char *path, struct kernel_btf_name *names, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* KERNEL_BTF_H */
