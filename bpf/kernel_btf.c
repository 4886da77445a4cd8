// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * kernel_btf.c: the kernel's BTF, read through a 64 KiB buffer instead of
 * parsed whole (see kernel_btf.h for why).  Three readers share one
 * buffered pread stream: the hash of the file, the string section (to
 * find where the wanted names sit) and the type section (to find types of
 * the wanted kind that carry them).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <linux/btf.h>
#include <bpf/btf.h>
#include "kernel_btf.h"

#define STREAM_BUF (64 * 1024)

uint64_t kernel_btf_hash(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;

	while (len--) {
		h ^= *p++;
		h *= 0x100000001b3ull;
	}
	return h;
}

void kernel_btf_key(char key[KERNEL_BTF_KEY_LEN], uint64_t btf_hash, uint64_t progs_hash)
{
	snprintf(key, KERNEL_BTF_KEY_LEN, "%016" PRIx64 "-%016" PRIx64, btf_hash, progs_hash);
}

/* ------------------------------------------------------------ the stream */

/* Bytes of one file from a given offset, through buf. */
struct stream {
	int fd;
	off_t next;		/* file offset of the next byte to hand out */
	off_t buf_off;		/* file offset of buf[0] */
	size_t buf_len;
	unsigned char buf[STREAM_BUF];
};

static struct stream *stream_open(const char *path, int *err)
{
	struct stream *s = malloc(sizeof(*s));

	if (!s) {
		*err = -ENOMEM;
		return NULL;
	}
	s->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (s->fd < 0) {
		*err = -errno;
		free(s);
		return NULL;
	}
	s->next = s->buf_off = 0;
	s->buf_len = 0;
	return s;
}

static void stream_close(struct stream *s)
{
	if (!s)
		return;
	close(s->fd);
	free(s);
}

/*
 * Point p at up to want bytes from s->next on, refilling the buffer there
 * when it does not hold s->next.  Returns how many (0 at the end of the
 * file), or a negative errno.
 */
static ssize_t stream_peek(struct stream *s, const unsigned char **p, size_t want)
{
	size_t have;

	if (s->next < s->buf_off || s->next >= s->buf_off + (off_t)s->buf_len) {
		ssize_t n = pread(s->fd, s->buf, sizeof(s->buf), s->next);

		if (n < 0)
			return -errno;
		s->buf_off = s->next;
		s->buf_len = (size_t)n;
		if (n == 0)
			return 0;
	}
	have = (size_t)(s->buf_off + (off_t)s->buf_len - s->next);
	*p = s->buf + (s->next - s->buf_off);
	return (ssize_t)(have < want ? have : want);
}

/* Exactly len bytes into dst: -EINVAL when the file ends first. */
static int stream_read(struct stream *s, void *dst, size_t len)
{
	unsigned char *out = dst;

	while (len) {
		const unsigned char *p = NULL;
		ssize_t n = stream_peek(s, &p, len);

		if (n <= 0)
			return n < 0 ? (int)n : -EINVAL;
		memcpy(out, p, (size_t)n);
		out += n;
		len -= (size_t)n;
		s->next += n;
	}
	return 0;
}

/* ---------------------------------------------------------- the hash */

static bool is_raw_btf(const unsigned char *head, size_t len)
{
	uint16_t magic;

	if (len < sizeof(magic))
		return false;
	memcpy(&magic, head, sizeof(magic));
	return magic == BTF_MAGIC;
}

/* Every byte of a raw BTF file, streamed. */
static int hash_stream(struct stream *s, uint64_t *hash)
{
	uint64_t h = KERNEL_BTF_HASH_INIT;

	for (;;) {
		const unsigned char *p = NULL;
		ssize_t n = stream_peek(s, &p, STREAM_BUF);

		if (n < 0)
			return (int)n;
		if (n == 0)
			break;
		h = kernel_btf_hash(h, p, (size_t)n);
		s->next += n;
	}
	*hash = h;
	return 0;
}

/* The .BTF section of an ELF file, through libbpf (host, build time only). */
static int hash_elf(const char *path, uint64_t *hash)
{
	struct btf *btf = btf__parse(path, NULL);
	const void *data;
	__u32 size;

	if (!btf)
		return errno ? -errno : -EINVAL;
	data = btf__raw_data(btf, &size);
	if (data)
		*hash = kernel_btf_hash(KERNEL_BTF_HASH_INIT, data, size);
	btf__free(btf);
	return data ? 0 : -ENOMEM;
}

int kernel_btf_hash_file(const char *path, uint64_t *hash)
{
	const unsigned char *head = NULL;
	struct stream *s;
	ssize_t n;
	int err = 0;

	s = stream_open(path, &err);
	if (!s)
		return err;
	n = stream_peek(s, &head, sizeof(uint16_t));
	if (n < 0)
		err = (int)n;
	else if (is_raw_btf(head, (size_t)n))
		err = hash_stream(s, hash);
	else
		err = 1;	/* not raw BTF: an ELF file, or not BTF at all */
	stream_close(s);
	return err == 1 ? hash_elf(path, hash) : err;
}

/* ---------------------------------------------------------- the lookup */

int kernel_btf_find(const char *dir, const char *key, char *path, size_t pathlen,
		    char *why, size_t whylen)
{
	struct stat st;
	struct btf *btf;
	int fd, err;

	err = stat(dir, &st) ? -errno : S_ISDIR(st.st_mode) ? 0 : -ENOTDIR;
	if (err) {
		snprintf(why, whylen, "no minimal BTF directory %s (%s)", dir, strerror(-err));
		return err;
	}
	if ((size_t)snprintf(path, pathlen, "%s/%s.btf", dir, key) >= pathlen) {
		snprintf(why, whylen, "the path of the minimal BTF in %s is too long", dir);
		return -ENAMETOOLONG;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		if (err == -ENOENT)
			snprintf(why, whylen, "no minimal BTF for this kernel and these programs in %s (key %s)",
				 dir, key);
		else
			snprintf(why, whylen, "%s: %s", path, strerror(-err));
		return err;
	}
	err = fstat(fd, &st) ? -errno : S_ISREG(st.st_mode) ? 0 : -EISDIR;
	close(fd);
	if (err) {
		snprintf(why, whylen, "%s: %s", path, err == -EISDIR ? "not a file" : strerror(-err));
		return err;
	}
	/* a minimal BTF is a few KiB: libbpf checks it whole */
	btf = btf__parse_raw(path);
	if (!btf) {
		err = errno ? -errno : -EINVAL;
		snprintf(why, whylen, "%s: not a valid BTF file (%s)", path, strerror(-err));
		return err;
	}
	btf__free(btf);
	why[0] = '\0';
	return 0;
}

/* ------------------------------------------------------------ the names */

/*
 * Where a wanted name sits in the string section.  Kernel BTF strings are
 * deduplicated, so one offset is the rule; a few copies are tolerated.
 */
#define NAME_OFFS 4
struct name_offs {
	uint32_t off[NAME_OFFS];
	unsigned n;
};

/* The longest name looked for, plus its NUL: longer strings cannot match. */
#define NAME_MAX_LEN 128

static void match_string(const char *str, uint32_t off, const struct kernel_btf_name *names,
			 struct name_offs *offs, size_t n, int *err)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!names[i].name || strcmp(str, names[i].name))
			continue;
		if (offs[i].n == NAME_OFFS) {
			*err = -ENOTSUP;	/* not a deduplicated BTF */
			return;
		}
		offs[i].off[offs[i].n++] = off;
	}
}

/* Walk the string section, recording the offsets of the wanted names. */
static int scan_strings(struct stream *s, const struct btf_header *h,
			const struct kernel_btf_name *names, struct name_offs *offs, size_t n)
{
	char cur[NAME_MAX_LEN];
	size_t len = 0;
	uint32_t pos = 0, start = 0;
	int err = 0;

	s->next = (off_t)h->hdr_len + h->str_off;
	while (pos < h->str_len && !err) {
		const unsigned char *p = NULL;
		ssize_t got = stream_peek(s, &p, h->str_len - pos);
		ssize_t i;

		if (got <= 0)
			return got < 0 ? (int)got : -EINVAL;
		for (i = 0; i < got && !err; i++, pos++) {
			if (p[i]) {
				if (len < sizeof(cur) - 1)
					cur[len] = (char)p[i];
				len++;
				continue;
			}
			if (len < sizeof(cur)) {
				cur[len] = '\0';
				match_string(cur, start, names, offs, n, &err);
			}
			len = 0;
			start = pos + 1;
		}
		s->next += got;
	}
	return err;
}

/* Bytes that follow a struct btf_type of this kind; -1 for a kind unknown here. */
static long type_extra(uint32_t info)
{
	long vlen = BTF_INFO_VLEN(info);

	switch (BTF_INFO_KIND(info)) {
	case BTF_KIND_INT:
		return sizeof(uint32_t);
	case BTF_KIND_PTR: case BTF_KIND_FWD: case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE: case BTF_KIND_CONST: case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC: case BTF_KIND_FLOAT: case BTF_KIND_TYPE_TAG:
		return 0;
	case BTF_KIND_ARRAY:
		return sizeof(struct btf_array);
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		return vlen * (long)sizeof(struct btf_member);
	case BTF_KIND_ENUM:
		return vlen * (long)sizeof(struct btf_enum);
	case BTF_KIND_FUNC_PROTO:
		return vlen * (long)sizeof(struct btf_param);
	case BTF_KIND_VAR:
		return sizeof(struct btf_var);
	case BTF_KIND_DATASEC:
		return vlen * (long)sizeof(struct btf_var_secinfo);
	case BTF_KIND_DECL_TAG:
		return sizeof(struct btf_decl_tag);
	case BTF_KIND_ENUM64:
		return vlen * (long)sizeof(struct btf_enum64);
	default:
		return -1;
	}
}

static void match_type(const struct btf_type *t, struct kernel_btf_name *names,
		       const struct name_offs *offs, size_t n)
{
	size_t i;
	unsigned k;

	for (i = 0; i < n; i++) {
		if ((int)BTF_INFO_KIND(t->info) != names[i].kind)
			continue;
		for (k = 0; k < offs[i].n; k++)
			if (t->name_off == offs[i].off[k])
				names[i].found = true;
	}
}

/* Walk the type section: each struct btf_type, then skip what follows it. */
static int scan_types(struct stream *s, const struct btf_header *h,
		      struct kernel_btf_name *names, const struct name_offs *offs, size_t n)
{
	off_t end = (off_t)h->hdr_len + h->type_off + h->type_len;
	struct btf_type t;
	long extra;
	int err;

	s->next = (off_t)h->hdr_len + h->type_off;
	while (s->next < end) {
		if (end - s->next < (off_t)sizeof(t))
			return -EINVAL;
		err = stream_read(s, &t, sizeof(t));
		if (err)
			return err;
		extra = type_extra(t.info);
		if (extra < 0)
			return -ENOTSUP;
		match_type(&t, names, offs, n);
		s->next += extra;
	}
	return s->next == end ? 0 : -EINVAL;
}

/* The header, checked against the file's size. */
static int read_header(struct stream *s, struct btf_header *h)
{
	struct stat st;
	int err;

	if (fstat(s->fd, &st))
		return -errno;
	err = stream_read(s, h, sizeof(*h));
	if (err)
		return err;
	if (h->magic != BTF_MAGIC || h->hdr_len < sizeof(*h))
		return -EINVAL;
	if ((uint64_t)h->hdr_len + h->type_off + h->type_len > (uint64_t)st.st_size ||
	    (uint64_t)h->hdr_len + h->str_off + h->str_len > (uint64_t)st.st_size)
		return -EINVAL;
	return 0;
}

/* Header, strings, types: one stream, three steps. */
static int scan_names(struct stream *s, struct kernel_btf_name *names,
		      struct name_offs *offs, size_t n)
{
	struct btf_header h = { 0 };
	int err;

	err = read_header(s, &h);
	if (err)
		return err;
	err = scan_strings(s, &h, names, offs, n);
	if (err)
		return err;
	return scan_types(s, &h, names, offs, n);
}

int kernel_btf_find_names(const char *path, struct kernel_btf_name *names, size_t n)
{
	struct name_offs *offs = calloc(n ? n : 1, sizeof(*offs));
	struct stream *s;
	size_t i;
	int err = 0;

	for (i = 0; i < n; i++)
		names[i].found = false;
	if (!offs)
		return -ENOMEM;
	s = stream_open(path, &err);
	if (s)
		err = scan_names(s, names, offs, n);
	stream_close(s);
	free(offs);
	if (err)
		for (i = 0; i < n; i++)
			names[i].found = false;
	return err;
}
