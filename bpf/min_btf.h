/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * min_btf.h: the loader's opts.low_memory (min_btf.c), inside the library.
 */
#ifndef MIN_BTF_H
#define MIN_BTF_H

#include <stddef.h>
#include <bpf/libbpf.h>

/*
 * The minimal BTF of the running kernel and these programs: its path in
 * path, or path[0] = '\0' and why not in note (one line, for the tool to
 * print: a fallback to the kernel's BTF is never silent).
 */
void min_btf_choose(char *path, size_t pathlen, char *note, size_t notelen);

/*
 * Load each tp_btf program of obj that is set to load through its raw_tp
 * twin (NAME_raw, SERIES_EVENT in lru_common.bpf.h) instead.
 */
void min_btf_use_raw_twins(struct bpf_object *obj);

/*
 * The first program of obj set to load that attaches by a kernel BTF id
 * (tp_btf without a twin, fentry, fexit), or NULL.  libbpf reads the
 * kernel's whole BTF for any such program, whatever btf_custom_path says.
 */
const char *min_btf_needs_kernel_btf(struct bpf_object *obj);

#endif /* MIN_BTF_H */
