// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * loader.c: the loader library behind lru_loader.h.  The only user-space
 * file that knows libbpf; the tools see lru_tracer and plain structs.
 *
 * The lifecycle is libbpf-tools': open the skeleton, decide from the
 * kernel's BTF which programs it can take (bpf_program__set_autoload), set
 * the rodata filters, load, attach; one destroy path undoes all of it.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <linux/capability.h>
#include <linux/magic.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "lru_loader.h"
#include "lrutrace.skel.h"
#include "snapshot.h"

struct lru_tracer {
	struct lrutrace_bpf *skel;
	struct ring_buffer *rb;
	lru_event_fn on_event;
	void *ctx;
	unsigned features;
	enum lru_mode mode;
	bool loaded, attached;
	int stats_fd;
	int ncpus;
	void *percpu_buf;	/* one per-CPU value array, for map reads */
	size_t percpu_buf_len;
	char limits[256];
};

const char *lru_strerror(int err)
{
	switch (err) {
	case LRU_OK: return "success";
	case LRU_ERR_PERM:
		return "permission denied: loading BPF programs needs root (or CAP_BPF and CAP_PERFMON)";
	case LRU_ERR_NO_BTF:
		return "the kernel has no BTF (/sys/kernel/btf/vmlinux): it needs CONFIG_DEBUG_INFO_BTF=y";
	case LRU_ERR_NO_TRACEPOINT:
		return "the kernel has neither vmscan:mm_vmscan_lru_shrink nor the stock mm_vmscan_lru_isolate/_shrink_inactive/_shrink_active tracepoints";
	case LRU_ERR_NOMEM: return "out of memory";
	case LRU_ERR_LOAD: return "the kernel refused the BPF programs (run with --verbose to see the verifier)";
	case LRU_ERR_ATTACH: return "cannot attach to the tracepoints";
	case LRU_ERR_INVAL: return "invalid argument";
	case LRU_ERR_IO: return "reading the BPF maps failed";
	case LRU_ERR_NO_CGROUP: return "not a cgroup v2 directory";
	case LRU_ERR_DISABLED:
		return "BPF is disabled by SPLITLRU_NO_BPF (the host tests set it to keep BPF out of the host kernel)";
	}
	return "unknown error";
}

/* ------------------------------------------------------------- probing */

static bool btf_has_tracepoint(const struct btf *btf, const char *name)
{
	char type[128];

	snprintf(type, sizeof(type), "btf_trace_%s", name);
	return btf__find_by_name_kind(btf, type, BTF_KIND_TYPEDEF) > 0;
}

static bool mglru_enabled(void)
{
	char buf[32] = "";
	unsigned long v;
	int fd = open("/sys/kernel/mm/lru_gen/enabled", O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return false;	/* not built in */
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	v = strtoul(buf, NULL, 0);
	return v != 0;
}

static bool has_cap(const struct __user_cap_data_struct d[2], int cap)
{
	return d[cap / 32].effective & (1U << (cap % 32));
}

static bool privileged(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2] = {};

	if (syscall(SYS_capget, &hdr, data))
		return geteuid() == 0;
#ifndef CAP_PERFMON
#define CAP_PERFMON 38
#endif
#ifndef CAP_BPF
#define CAP_BPF 39
#endif
	if (has_cap(data, CAP_SYS_ADMIN))
		return true;
	return has_cap(data, CAP_BPF) && has_cap(data, CAP_PERFMON);
}

int lru_probe(struct lru_features *f)
{
	struct btf *btf;

	f->flags = 0;
	if (mglru_enabled())
		f->flags |= LRU_FEAT_MGLRU_ON;
	if (privileged())
		f->flags |= LRU_FEAT_PRIVILEGED;

	btf = btf__load_vmlinux_btf();
	if (!btf)
		return LRU_ERR_NO_BTF;
	f->flags |= LRU_FEAT_BTF;
	if (btf_has_tracepoint(btf, "mm_vmscan_lru_shrink"))
		f->flags |= LRU_FEAT_SHRINK;
	if (btf_has_tracepoint(btf, "mm_vmscan_scan_balance"))
		f->flags |= LRU_FEAT_BALANCE;
	if (btf_has_tracepoint(btf, "mm_lru_move"))
		f->flags |= LRU_FEAT_MOVE;
	if (btf_has_tracepoint(btf, "mm_vmscan_lru_isolate") &&
	    btf_has_tracepoint(btf, "mm_vmscan_lru_shrink_inactive") &&
	    btf_has_tracepoint(btf, "mm_vmscan_lru_shrink_active"))
		f->flags |= LRU_FEAT_STOCK;
	if (btf_has_tracepoint(btf, "mm_vmscan_direct_reclaim_begin") &&
	    btf_has_tracepoint(btf, "mm_vmscan_direct_reclaim_end"))
		f->flags |= LRU_FEAT_DIRECT_LAT;
	if (btf_has_tracepoint(btf, "mm_vmscan_memcg_reclaim_begin") &&
	    btf_has_tracepoint(btf, "mm_vmscan_memcg_reclaim_end"))
		f->flags |= LRU_FEAT_MEMCG_LAT;
	btf__free(btf);
	return LRU_OK;
}

/* ----------------------------------------------------------- lifecycle */

static bool verbose_libbpf;

static int libbpf_print(enum libbpf_print_level level, const char *fmt,
			va_list args)
{
	/* the tool reports failures in its own words; libbpf's are for -v */
	if (!verbose_libbpf)
		return 0;
	return vfprintf(stderr, fmt, args);
}

void lru_tracer_opts_init(struct lru_tracer_opts *opts)
{
	memset(opts, 0, sizeof(*opts));
	opts->nid = -1;
}

static size_t ringbuf_size(size_t want)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), sz = page;

	if (want == 0)
		want = 1 << 20;
	while (sz < want && sz < ((size_t)1 << 30))
		sz <<= 1;
	return sz;
}

static void set_limits(struct lru_tracer *t)
{
	size_t n = 0;

	t->limits[0] = '\0';
	if (t->mode == LRU_MODE_FALLBACK)
		n += snprintf(t->limits + n, sizeof(t->limits) - n,
			"fallback mode (stock vmscan events): no balance decisions, no memcg, no list moves, no shrink reasons");
	else if (!(t->features & (LRU_FEAT_BALANCE | LRU_FEAT_MOVE)))
		n += snprintf(t->limits + n, sizeof(t->limits) - n,
			"no balance decisions, no list moves (kernel lacks those tracepoints)");
	else if (!(t->features & LRU_FEAT_BALANCE))
		n += snprintf(t->limits + n, sizeof(t->limits) - n,
			"no balance decisions (kernel lacks vmscan:mm_vmscan_scan_balance)");
	else if (!(t->features & LRU_FEAT_MOVE))
		n += snprintf(t->limits + n, sizeof(t->limits) - n,
			"no list moves (kernel lacks pagemap:mm_lru_move)");
	if (t->features & LRU_FEAT_MGLRU_ON)
		snprintf(t->limits + n, sizeof(t->limits) - n, "%sMGLRU is enabled: reclaim bypasses the classic lists, their counts stay near zero",
			 n ? "; " : "");
}

struct lru_tracer *lru_tracer_open(const struct lru_tracer_opts *opts, int *err)
{
	struct lru_tracer_opts defaults;
	struct lru_features f;
	struct lru_tracer *t;
	struct lrutrace_bpf *skel;
	bool full, balance, move;
	int rc;

	if (!opts) {
		lru_tracer_opts_init(&defaults);
		opts = &defaults;
	}
	verbose_libbpf = opts->verbose;
	libbpf_set_print(libbpf_print);

	/* splitlru's rule: BPF runs in the guest only; the host tests say so */
	if (getenv("SPLITLRU_NO_BPF")) {
		*err = LRU_ERR_DISABLED;
		return NULL;
	}
	rc = lru_probe(&f);
	if (rc) {
		*err = rc;
		return NULL;
	}
	full = (f.flags & LRU_FEAT_SHRINK) && !opts->force_fallback;
	if (!full && !(f.flags & LRU_FEAT_STOCK)) {
		*err = LRU_ERR_NO_TRACEPOINT;
		return NULL;
	}
	balance = full && (f.flags & LRU_FEAT_BALANCE);
	move = full && (f.flags & LRU_FEAT_MOVE);

	t = calloc(1, sizeof(*t));
	if (!t) {
		*err = LRU_ERR_NOMEM;
		return NULL;
	}
	t->stats_fd = -1;
	t->features = f.flags;
	t->mode = full ? LRU_MODE_FULL : LRU_MODE_FALLBACK;
	t->on_event = opts->on_event;
	t->ctx = opts->ctx;
	t->ncpus = libbpf_num_possible_cpus();
	if (t->ncpus <= 0) {
		free(t);
		*err = LRU_ERR_IO;
		return NULL;
	}
	if (!balance)
		t->features &= ~LRU_FEAT_BALANCE;
	if (!move)
		t->features &= ~LRU_FEAT_MOVE;

	skel = lrutrace_bpf__open();
	if (!skel) {
		free(t);
		*err = errno == ENOMEM ? LRU_ERR_NOMEM : LRU_ERR_LOAD;
		return NULL;
	}
	t->skel = skel;

	bpf_program__set_autoload(skel->progs.lru_shrink, full);
	bpf_program__set_autoload(skel->progs.scan_balance, balance);
	bpf_program__set_autoload(skel->progs.lru_move, move);
	bpf_program__set_autoload(skel->progs.fb_isolate, !full);
	bpf_program__set_autoload(skel->progs.fb_shrink_inactive, !full);
	bpf_program__set_autoload(skel->progs.fb_shrink_active, !full);
	bpf_program__set_autoload(skel->progs.direct_begin, f.flags & LRU_FEAT_DIRECT_LAT);
	bpf_program__set_autoload(skel->progs.direct_end, f.flags & LRU_FEAT_DIRECT_LAT);
	bpf_program__set_autoload(skel->progs.memcg_begin, f.flags & LRU_FEAT_MEMCG_LAT);
	bpf_program__set_autoload(skel->progs.memcg_end, f.flags & LRU_FEAT_MEMCG_LAT);

	skel->rodata->stream_events = opts->on_event != NULL;
	skel->rodata->filter_nid = opts->nid;
	skel->rodata->filter_memcg_on = opts->memcg_filter;
	skel->rodata->filter_memcg_id = opts->memcg_id;
	if (opts->lru_mask)
		skel->rodata->filter_lru_mask = opts->lru_mask;
	if (opts->reason_mask)
		skel->rodata->filter_reason_mask = opts->reason_mask;
	if (opts->move_mask)
		skel->rodata->filter_move_mask = opts->move_mask;
	if (opts->reclaimer_mask)
		skel->rodata->filter_reclaimer_mask = opts->reclaimer_mask;

	/* Without a stream the ring buffer only costs memory: make it one page. */
	bpf_map__set_max_entries(skel->maps.events,
				 opts->on_event ? ringbuf_size(opts->ringbuf_bytes)
						: (size_t)sysconf(_SC_PAGESIZE));
	set_limits(t);
	*err = LRU_OK;
	return t;
}

static int handle_ringbuf(void *ctx, void *data, size_t size)
{
	struct lru_tracer *t = ctx;

	if (size < sizeof(struct lru_event))
		return 0;
	return t->on_event(t->ctx, data);
}

int lru_tracer_load(struct lru_tracer *t)
{
	int rc;

	if (!t || t->loaded)
		return LRU_ERR_INVAL;
	if (!(t->features & LRU_FEAT_PRIVILEGED))
		return LRU_ERR_PERM;
	rc = lrutrace_bpf__load(t->skel);
	if (rc) {
		/* EACCES is the verifier's refusal, not a missing privilege */
		if (rc == -EPERM)
			return LRU_ERR_PERM;
		return LRU_ERR_LOAD;
	}
	t->loaded = true;
	if (t->on_event) {
		t->rb = ring_buffer__new(bpf_map__fd(t->skel->maps.events),
					 handle_ringbuf, t, NULL);
		if (!t->rb)
			return LRU_ERR_NOMEM;
	}
	return LRU_OK;
}

int lru_tracer_attach(struct lru_tracer *t)
{
	if (!t || !t->loaded)
		return LRU_ERR_INVAL;
	if (lrutrace_bpf__attach(t->skel))
		return errno == EPERM ? LRU_ERR_PERM : LRU_ERR_ATTACH;
	t->attached = true;
	return LRU_OK;
}

void lru_tracer_detach(struct lru_tracer *t)
{
	if (!t || !t->attached)
		return;
	lrutrace_bpf__detach(t->skel);
	t->attached = false;
}

void lru_tracer_destroy(struct lru_tracer *t)
{
	if (!t)
		return;
	lru_tracer_detach(t);
	ring_buffer__free(t->rb);
	lrutrace_bpf__destroy(t->skel);
	if (t->stats_fd >= 0)
		close(t->stats_fd);
	free(t->percpu_buf);
	free(t);
}

enum lru_mode lru_tracer_mode(const struct lru_tracer *t)
{
	return t ? t->mode : LRU_MODE_FALLBACK;
}

unsigned lru_tracer_features(const struct lru_tracer *t)
{
	return t ? t->features : 0;
}

const char *lru_tracer_limits(const struct lru_tracer *t)
{
	return t ? t->limits : "";
}

/* ----------------------------------------------------------- snapshots */

/* Room for one per-CPU value of size value_size (rounded to 8 per CPU). */
static void *percpu_buf(struct lru_tracer *t, size_t value_size)
{
	size_t need = ((value_size + 7) & ~(size_t)7) * t->ncpus;

	if (need > t->percpu_buf_len) {
		void *p = realloc(t->percpu_buf, need);

		if (!p)
			return NULL;
		t->percpu_buf = p;
		t->percpu_buf_len = need;
	}
	return t->percpu_buf;
}

/* Sum a per-CPU value of n u64 counters into out. */
static void sum_percpu(const void *buf, int ncpus, size_t n, __u64 *out)
{
	size_t stride = n * sizeof(__u64);
	int cpu;
	size_t i;

	memset(out, 0, stride);
	for (cpu = 0; cpu < ncpus; cpu++) {
		const __u64 *v = (const void *)((const char *)buf + stride * cpu);

		for (i = 0; i < n; i++)
			out[i] += v[i];
	}
}

static int read_lists(struct lru_tracer *t, struct lru_snapshot *s)
{
	int fd = bpf_map__fd(t->skel->maps.list_counts);
	struct lru_list_key key, next, *prev = NULL;
	void *buf = percpu_buf(t, sizeof(struct lru_list_counts));
	const size_t n = sizeof(struct lru_list_counts) / sizeof(__u64);

	if (!buf)
		return LRU_ERR_NOMEM;
	s->nr_lists = 0;
	while (bpf_map_get_next_key(fd, prev, &next) == 0) {
		key = next;
		prev = &key;
		if (bpf_map_lookup_elem(fd, &key, buf))
			continue;	/* deleted meanwhile */
		if (snapshot_grow((void **)&s->lists, &s->cap_lists, s->nr_lists + 1,
			 sizeof(*s->lists)))
			return LRU_ERR_NOMEM;
		s->lists[s->nr_lists].key = key;
		sum_percpu(buf, t->ncpus, n, (__u64 *)&s->lists[s->nr_lists].counts);
		s->nr_lists++;
	}
	qsort(s->lists, s->nr_lists, sizeof(*s->lists), snapshot_cmp_list_key);
	return LRU_OK;
}

static int read_moves(struct lru_tracer *t, struct lru_snapshot *s)
{
	int fd = bpf_map__fd(t->skel->maps.move_counts);
	struct lru_move_key key, next, *prev = NULL;
	void *buf = percpu_buf(t, sizeof(struct lru_move_counts));
	const size_t n = sizeof(struct lru_move_counts) / sizeof(__u64);

	if (!buf)
		return LRU_ERR_NOMEM;
	s->nr_moves = 0;
	while (bpf_map_get_next_key(fd, prev, &next) == 0) {
		key = next;
		prev = &key;
		if (bpf_map_lookup_elem(fd, &key, buf))
			continue;
		if (snapshot_grow((void **)&s->moves, &s->cap_moves, s->nr_moves + 1,
			 sizeof(*s->moves)))
			return LRU_ERR_NOMEM;
		s->moves[s->nr_moves].key = key;
		sum_percpu(buf, t->ncpus, n, (__u64 *)&s->moves[s->nr_moves].counts);
		s->nr_moves++;
	}
	qsort(s->moves, s->nr_moves, sizeof(*s->moves), snapshot_cmp_move_key);
	return LRU_OK;
}

static int read_balance(struct lru_tracer *t, struct lru_snapshot *s)
{
	int fd = bpf_map__fd(t->skel->maps.balance);
	struct lru_balance_key key, next, *prev = NULL;

	s->nr_balance = 0;
	while (bpf_map_get_next_key(fd, prev, &next) == 0) {
		key = next;
		prev = &key;
		if (snapshot_grow((void **)&s->balance, &s->cap_balance,
			 s->nr_balance + 1, sizeof(*s->balance)))
			return LRU_ERR_NOMEM;
		if (bpf_map_lookup_elem(fd, &key, &s->balance[s->nr_balance]))
			continue;
		s->nr_balance++;
	}
	qsort(s->balance, s->nr_balance, sizeof(*s->balance), snapshot_cmp_balance);
	return LRU_OK;
}

static int read_arrays(struct lru_tracer *t, struct lru_snapshot *s)
{
	int hfd = bpf_map__fd(t->skel->maps.hists);
	int cfd = bpf_map__fd(t->skel->maps.counters);
	void *buf = percpu_buf(t, sizeof(struct lru_hist));
	__u32 i;

	if (!buf)
		return LRU_ERR_NOMEM;
	for (i = 0; i < LRU_HIST_NR; i++) {
		if (bpf_map_lookup_elem(hfd, &i, buf))
			return LRU_ERR_IO;
		sum_percpu(buf, t->ncpus, LRU_HIST_SLOTS, (__u64 *)s->hists[i].slots);
	}
	for (i = 0; i < LRU_CNT_NR; i++) {
		if (bpf_map_lookup_elem(cfd, &i, buf))
			return LRU_ERR_IO;
		sum_percpu(buf, t->ncpus, 1, (__u64 *)&s->counters[i]);
	}
	return LRU_OK;
}

int lru_tracer_snapshot(struct lru_tracer *t, struct lru_snapshot *s)
{
	struct timespec ts;
	int rc;

	if (!t || !t->loaded || !s)
		return LRU_ERR_INVAL;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	s->ts_ns = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	if ((rc = read_lists(t, s)) || (rc = read_moves(t, s)) ||
	    (rc = read_balance(t, s)) || (rc = read_arrays(t, s)))
		return rc;
	return LRU_OK;
}

/* -------------------------------------------------------------- stream */

int lru_tracer_poll(struct lru_tracer *t, int timeout_ms)
{
	int n;

	if (!t || !t->rb)
		return LRU_ERR_INVAL;
	n = ring_buffer__poll(t->rb, timeout_ms);
	if (n == -EINTR)
		return 0;
	return n < 0 ? LRU_ERR_IO : n;
}

uint64_t lru_tracer_drops(struct lru_tracer *t)
{
	__u32 id = LRU_CNT_RB_DROPS;
	__u64 sum = 0;
	void *buf;

	if (!t || !t->loaded || !(buf = percpu_buf(t, sizeof(__u64))))
		return 0;
	if (bpf_map_lookup_elem(bpf_map__fd(t->skel->maps.counters), &id, buf))
		return 0;
	sum_percpu(buf, t->ncpus, 1, &sum);
	return sum;
}

/* ---------------------------------------------------------- self stats */

int lru_tracer_enable_stats(struct lru_tracer *t)
{
	if (!t)
		return LRU_ERR_INVAL;
	if (t->stats_fd >= 0)
		return LRU_OK;
	t->stats_fd = bpf_enable_stats(BPF_STATS_RUN_TIME);
	if (t->stats_fd < 0)
		return errno == EPERM ? LRU_ERR_PERM : LRU_ERR_IO;
	return LRU_OK;
}

int lru_tracer_self_stats(struct lru_tracer *t, struct lru_self_stats *s)
{
	struct bpf_program *prog;

	if (!t || !t->loaded || !s)
		return LRU_ERR_INVAL;
	memset(s, 0, sizeof(*s));
	bpf_object__for_each_program(prog, t->skel->obj) {
		struct bpf_prog_info info = {};
		__u32 len = sizeof(info);
		int fd = bpf_program__fd(prog);

		if (fd < 0)
			continue;	/* not loaded on this kernel */
		if (bpf_obj_get_info_by_fd(fd, &info, &len))
			return LRU_ERR_IO;
		s->run_cnt += info.run_cnt;
		s->run_time_ns += info.run_time_ns;
	}
	return LRU_OK;
}

/* ------------------------------------------------------------- cgroups */

int lru_memcg_id_from_path(const char *path, uint64_t *id)
{
	char full[PATH_MAX];
	struct {
		struct file_handle fh;
		uint64_t cgid;
	} h;
	struct statfs sfs;
	struct stat st;
	int mount_id;

	if (!path || !*path || !id)
		return LRU_ERR_INVAL;
	if (strncmp(path, "/sys/fs/cgroup", 14) == 0 || path[0] == '.')
		snprintf(full, sizeof(full), "%s", path);
	else
		snprintf(full, sizeof(full), "/sys/fs/cgroup/%s",
			 path[0] == '/' ? path + 1 : path);
	if (statfs(full, &sfs) || sfs.f_type != CGROUP2_SUPER_MAGIC)
		return LRU_ERR_NO_CGROUP;
	h.fh.handle_bytes = sizeof(h.cgid);
	if (name_to_handle_at(AT_FDCWD, full, &h.fh, &mount_id, 0) == 0 &&
	    h.fh.handle_bytes == sizeof(uint64_t)) {
		memcpy(id, h.fh.f_handle, sizeof(*id));
		return LRU_OK;
	}
	/*
	 * Without CONFIG_FHANDLE (tinyconfig kernels): a cgroup2 inode number
	 * is its kernfs id, which is the cgroup id wherever ino_t is 64-bit.
	 */
	if (sizeof(ino_t) >= sizeof(uint64_t) && stat(full, &st) == 0 &&
	    S_ISDIR(st.st_mode)) {
		*id = st.st_ino;
		return LRU_OK;
	}
	return LRU_ERR_NO_CGROUP;
}
