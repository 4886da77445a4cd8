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
#include <malloc.h>
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
#include "kernel_btf.h"
#include "load_child.h"
#include "lru_loader.h"
#include "min_btf.h"
#include "sl_cgroup.h"
#include "lrutrace.skel.h"
#include "stock.skel.h"
#include "snapshot.h"

struct lru_tracer {
	struct lrutrace_bpf *skel;
	struct stock_bpf *stock;	/* NULL: no stock-fentry or MGLRU program */
	struct ring_buffer *rb;
	lru_event_fn on_event;
	void *ctx;
	unsigned features;
	enum lru_mode mode;
	enum lru_source source;
	bool stock_kprobes;	/* stock programs as kprobes: no fentry here */
	bool mglru_progs;	/* MGLRU programs loaded */
	bool hists_written;	/* a loaded program writes the hists map */
	__u32 list_cache_mask;	/* list_cache slots in use, less one */
	bool loaded, attached;
	int stats_fd;
	int ncpus;
	/* map reads (read_map): the last map's keys and values, reused */
	char *read_keys, *read_values;
	size_t read_keys_cap, read_values_cap;
	bool batch_reads;	/* try BPF_MAP_LOOKUP_BATCH first */
	bool last_read_batched;	/* every map of the last snapshot came in batches */
	char limits[512];
	uint32_t cannot;		/* 1 << enum sl_limit */
	char btf_path[PATH_MAX];	/* opts.low_memory: the minimal BTF, or "" */
	char btf_note[768];		/* why the kernel's BTF is read after all */
	/*
	 * Loaded and attached in a loader process (load_child.h): the maps'
	 * fds are in the skeletons, the programs' and links' here.
	 */
	bool in_child;
	struct load_child child;
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
	case LRU_ERR_NO_SOURCE:
		return "the kernel cannot give the source asked for";
	}
	return "unknown error";
}

/* ------------------------------------------------------------- probing */

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

/*
 * The stock functions stock.bpf.c probes.  STOCK_CORE ones must all be
 * there for the stock-fentry source; the moves are optional one by one;
 * the MGLRU ones go together.
 */
enum stock_fn_group { STOCK_CORE, STOCK_MOVE, STOCK_MGLRU, STOCK_BOTH };

static const struct stock_fn {
	const char *name;
	enum stock_fn_group group;
} stock_fns[] = {
	{ "shrink_lruvec", STOCK_CORE },
	{ "isolate_lru_folios", STOCK_CORE },
	{ "shrink_active_list", STOCK_CORE },
	{ "move_folios_to_lru", STOCK_CORE },
	{ "shrink_folio_list", STOCK_BOTH },
	{ "lru_move_tail_fn", STOCK_MOVE },
	{ "folio_activate_fn", STOCK_MOVE },
	{ "lru_deactivate_fn", STOCK_MOVE },
	{ "lru_deactivate_file_fn", STOCK_MOVE },
	{ "lru_lazyfree_fn", STOCK_MOVE },
	{ "evict_folios", STOCK_MGLRU },
	{ "isolate_folios", STOCK_MGLRU },
	{ "try_to_inc_max_seq", STOCK_MGLRU },
};
#define NR_STOCK_FNS (sizeof(stock_fns) / sizeof(stock_fns[0]))

/* What the kernel offers for each stock function. */
struct stock_probe {
	bool has_fentry;		/* kallsyms has __fentry__: FUNCTION_TRACER */
	bool btf[NR_STOCK_FNS];		/* a BTF FUNC: fentry can attach */
	bool sym[NR_STOCK_FNS];		/* a kallsyms symbol of that exact name */
};

static int stock_fn_index(const char *name)
{
	size_t i;

	for (i = 0; i < NR_STOCK_FNS; i++)
		if (strcmp(stock_fns[i].name, name) == 0)
			return (int)i;
	return -1;
}

/* p->btf is filled (probe_btf); add what kallsyms says. */
static void probe_kallsyms(struct stock_probe *p)
{
	char line[512];
	FILE *f;

	f = fopen("/proc/kallsyms", "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char type, name[256];
		int idx;

		if (sscanf(line, "%*s %c %255s", &type, name) != 2)
			continue;
		if (type != 't' && type != 'T')
			continue;
		if (strcmp(name, "__fentry__") == 0) {
			p->has_fentry = true;
			continue;
		}
		idx = stock_fn_index(name);
		if (idx >= 0)
			p->sym[idx] = true;
	}
	fclose(f);
}

/* Can the function at i be probed: by fentry, else by kprobe? */
static bool stock_fn_ok(const struct stock_probe *p, size_t i, bool kprobes)
{
	return kprobes ? p->sym[i] : p->has_fentry && p->btf[i] && p->sym[i];
}

static bool stock_group_ok(const struct stock_probe *p, enum stock_fn_group g,
			   bool kprobes)
{
	size_t i;

	for (i = 0; i < NR_STOCK_FNS; i++)
		if ((stock_fns[i].group == g || stock_fns[i].group == STOCK_BOTH) &&
		    !stock_fn_ok(p, i, kprobes))
			return false;
	return true;
}

static void probe_stock_features(const struct stock_probe *p, struct lru_features *f)
{
	if (stock_group_ok(p, STOCK_CORE, false))
		f->flags |= LRU_FEAT_FENTRY;
	if (stock_group_ok(p, STOCK_CORE, true))
		f->flags |= LRU_FEAT_STOCK_KPROBE;
	if (stock_group_ok(p, STOCK_MGLRU, false) || stock_group_ok(p, STOCK_MGLRU, true))
		f->flags |= LRU_FEAT_MGLRU_FN;
}

/* The tracepoints behind each feature, all needed (btf_trace_<event> typedefs). */
#define TP_PER_FEATURE 4
static const struct tp_feature {
	unsigned flag;
	const char *events[TP_PER_FEATURE];
} tp_features[] = {
	{ LRU_FEAT_SHRINK, { "mm_vmscan_lru_shrink" } },
	{ LRU_FEAT_BALANCE, { "mm_vmscan_scan_balance" } },
	{ LRU_FEAT_MOVE, { "mm_lru_move" } },
	{ LRU_FEAT_GEN_EVENTS, { "mm_vmscan_lru_gen_scan", "mm_vmscan_lru_gen_type",
				 "mm_vmscan_lru_gen_evict", "mm_vmscan_lru_gen_age" } },
	{ LRU_FEAT_STOCK, { "mm_vmscan_lru_isolate", "mm_vmscan_lru_shrink_inactive",
			    "mm_vmscan_lru_shrink_active" } },
	{ LRU_FEAT_DIRECT_LAT, { "mm_vmscan_direct_reclaim_begin",
				 "mm_vmscan_direct_reclaim_end" } },
	{ LRU_FEAT_MEMCG_LAT, { "mm_vmscan_memcg_reclaim_begin",
				"mm_vmscan_memcg_reclaim_end" } },
};
#define NR_TP_FEATURES (sizeof(tp_features) / sizeof(tp_features[0]))

/*
 * Every name the probe asks the kernel's BTF about, in one array: slot
 * TP_SLOT(i, j) is the typedef of tp_features[i].events[j] (name NULL
 * where there is no event j), FN_SLOT(k) the FUNC stock_fns[k].
 */
#define TP_SLOT(i, j) ((i) * TP_PER_FEATURE + (j))
#define FN_SLOT(k) (NR_TP_FEATURES * TP_PER_FEATURE + (k))
#define NR_SLOTS FN_SLOT(NR_STOCK_FNS)
struct btf_query {
	struct kernel_btf_name q[NR_SLOTS];
	char typedefs[NR_TP_FEATURES * TP_PER_FEATURE][64];
};

static void btf_query_init(struct btf_query *bq)
{
	size_t i, j;

	memset(bq, 0, sizeof(*bq));
	for (i = 0; i < NR_TP_FEATURES; i++)
		for (j = 0; j < TP_PER_FEATURE && tp_features[i].events[j]; j++) {
			char *name = bq->typedefs[TP_SLOT(i, j)];

			snprintf(name, sizeof(bq->typedefs[0]), "btf_trace_%s",
				 tp_features[i].events[j]);
			bq->q[TP_SLOT(i, j)].name = name;
			bq->q[TP_SLOT(i, j)].kind = BTF_KIND_TYPEDEF;
		}
	for (i = 0; i < NR_STOCK_FNS; i++) {
		bq->q[FN_SLOT(i)].name = stock_fns[i].name;
		bq->q[FN_SLOT(i)].kind = BTF_KIND_FUNC;
	}
}

/* The same answers from libbpf's parse of the whole BTF. */
static int find_names_libbpf(struct kernel_btf_name *q, size_t n)
{
	struct btf *btf = btf__load_vmlinux_btf();
	size_t i;

	if (!btf)
		return -ENOENT;
	for (i = 0; i < n; i++)
		q[i].found = q[i].name &&
			     btf__find_by_name_kind(btf, q[i].name, q[i].kind) > 0;
	btf__free(btf);
	return 0;
}

/*
 * Ask the kernel's BTF.  Streamed from sysfs (kernel_btf.c), which costs
 * a 64 KiB buffer where libbpf's parse costs twice the BTF's size in peak
 * RSS; libbpf's parse where the stream cannot answer (no sysfs file: it
 * also looks in /boot; a BTF kind the stream does not know).
 */
static int probe_btf(struct btf_query *bq)
{
	btf_query_init(bq);
	if (kernel_btf_find_names(KERNEL_BTF_SYSFS, bq->q, NR_SLOTS) == 0)
		return LRU_OK;
	return find_names_libbpf(bq->q, NR_SLOTS) ? LRU_ERR_NO_BTF : LRU_OK;
}

static unsigned tp_feature_flags(const struct btf_query *bq)
{
	unsigned flags = 0;
	size_t i, j;

	for (i = 0; i < NR_TP_FEATURES; i++) {
		bool all = true;

		for (j = 0; j < TP_PER_FEATURE && tp_features[i].events[j]; j++)
			all = all && bq->q[TP_SLOT(i, j)].found;
		if (all)
			flags |= tp_features[i].flag;
	}
	return flags;
}

/* lru_probe's work, keeping what the stock source's autoload needs too. */
static int probe_all(struct lru_features *f, struct stock_probe *sp)
{
	struct btf_query bq;
	size_t i;
	int rc;

	f->flags = 0;
	memset(sp, 0, sizeof(*sp));
	if (mglru_enabled())
		f->flags |= LRU_FEAT_MGLRU_ON;
	if (privileged())
		f->flags |= LRU_FEAT_PRIVILEGED;
	rc = probe_btf(&bq);
	if (rc)
		return rc;
	f->flags |= LRU_FEAT_BTF | tp_feature_flags(&bq);
	for (i = 0; i < NR_STOCK_FNS; i++)
		sp->btf[i] = bq.q[FN_SLOT(i)].found;
	probe_kallsyms(sp);
	probe_stock_features(sp, f);
	return LRU_OK;
}

enum lru_source lru_probe_source(const struct lru_features *f)
{
	if (!(f->flags & LRU_FEAT_BTF) || !(f->flags & LRU_FEAT_PRIVILEGED))
		return LRU_SOURCE_PROC_ONLY;
	if (f->flags & LRU_FEAT_SHRINK)
		return LRU_SOURCE_SERIES;
	if (f->flags & (LRU_FEAT_FENTRY | LRU_FEAT_STOCK_KPROBE))
		return LRU_SOURCE_STOCK_FENTRY;
	if (f->flags & LRU_FEAT_STOCK)
		return LRU_SOURCE_STOCK_TRACEPOINTS;
	return LRU_SOURCE_PROC_ONLY;
}

int lru_probe(struct lru_features *f)
{
	struct stock_probe sp;

	return probe_all(f, &sp);
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

/* The source's limits, and what this kernel takes away from them. */
static void set_limits(struct lru_tracer *t)
{
	uint32_t bits = lru_source_cannot(t->source);

	if (t->source == LRU_SOURCE_SERIES && !(t->features & LRU_FEAT_BALANCE))
		bits |= 1u << SL_LIMIT_DECISION;
	if (t->source == LRU_SOURCE_SERIES && !(t->features & LRU_FEAT_MOVE))
		bits |= 1u << SL_LIMIT_MOVES;
	if (t->stock_kprobes)
		bits |= 1u << SL_LIMIT_FENTRY;
	if (t->features & LRU_FEAT_MGLRU_ON)
		bits |= 1u << SL_LIMIT_CLASSIC_LISTS;
	if ((t->features & LRU_FEAT_MGLRU_ON) && !t->mglru_progs)
		bits |= 1u << SL_LIMIT_MGLRU;
	t->cannot = bits;
	sl_limits_text(t->limits, sizeof(t->limits), bits);
}

/*
 * SPLITLRU_LIST_CACHE_SLOTS=N (a power of two up to LRU_LIST_CACHE_SLOTS):
 * use only N slots of list_cache, so that a test with N=1 sends all but
 * one list per CPU to the hash and checks the loader's sums of both.
 */
static __u32 list_cache_mask(void)
{
	const char *v = getenv("SPLITLRU_LIST_CACHE_SLOTS");
	char *end;
	unsigned long n;

	if (!v)
		return LRU_LIST_CACHE_SLOTS - 1;
	n = strtoul(v, &end, 10);
	if (*end || !n || n > LRU_LIST_CACHE_SLOTS || (n & (n - 1))) {
		fprintf(stderr, "splitlru: SPLITLRU_LIST_CACHE_SLOTS=%s is not a power of two "
			"from 1 to %d: using %d\n", v, LRU_LIST_CACHE_SLOTS, LRU_LIST_CACHE_SLOTS);
		return LRU_LIST_CACHE_SLOTS - 1;
	}
	return (__u32)n - 1;
}

/* The rodata filters, alike in every object (lru_common.bpf.h). */
#define SET_FILTERS(rodata, t, opts) do {					\
	(rodata)->shrink_hists = !(opts)->no_hists;				\
	(rodata)->list_cache_mask = (t)->list_cache_mask;				\
	(rodata)->stream_types = !(opts)->on_event ? 0 :			\
		(opts)->stream_types ? (opts)->stream_types : ~0u;		\
	(rodata)->filter_nid = (opts)->nid;					\
	(rodata)->filter_memcg_on = (opts)->memcg_filter;			\
	(rodata)->filter_memcg_id = (opts)->memcg_id;				\
	if ((opts)->lru_mask)							\
		(rodata)->filter_lru_mask = (opts)->lru_mask;			\
	if ((opts)->reason_mask)						\
		(rodata)->filter_reason_mask = (opts)->reason_mask;		\
	if ((opts)->move_mask)							\
		(rodata)->filter_move_mask = (opts)->move_mask;			\
	if ((opts)->reclaimer_mask)						\
		(rodata)->filter_reclaimer_mask = (opts)->reclaimer_mask;	\
} while (0)

/* Choose the source: the forced one if the kernel has it, else the richest. */
static int choose_source(const struct lru_tracer_opts *opts,
			 const struct lru_features *f, enum lru_source *out)
{
	enum lru_source want = opts->force_source;
	bool stock = f->flags & (LRU_FEAT_FENTRY | LRU_FEAT_STOCK_KPROBE);

	if (want == LRU_SOURCE_AUTO && opts->force_fallback)
		want = LRU_SOURCE_STOCK_TRACEPOINTS;
	switch (want) {
	case LRU_SOURCE_AUTO:
		if (f->flags & LRU_FEAT_SHRINK)
			*out = LRU_SOURCE_SERIES;
		else if (stock)
			*out = LRU_SOURCE_STOCK_FENTRY;
		else if (f->flags & LRU_FEAT_STOCK)
			*out = LRU_SOURCE_STOCK_TRACEPOINTS;
		else
			return LRU_ERR_NO_TRACEPOINT;
		return LRU_OK;
	case LRU_SOURCE_SERIES:
		*out = want;
		return (f->flags & LRU_FEAT_SHRINK) ? LRU_OK : LRU_ERR_NO_SOURCE;
	case LRU_SOURCE_STOCK_FENTRY:
		*out = want;
		return stock ? LRU_OK : LRU_ERR_NO_SOURCE;
	case LRU_SOURCE_STOCK_TRACEPOINTS:
		*out = want;
		return (f->flags & LRU_FEAT_STOCK) ? LRU_OK : LRU_ERR_NO_SOURCE;
	default:
		return LRU_ERR_NO_SOURCE;	/* proc-only needs no tracer */
	}
}

/* What the stock object loads: see stock_autoload(). */
struct stock_want {
	bool classic;		/* the classic lists and moves (stock-fentry) */
	bool mglru;		/* MGLRU by fentry on its functions */
	bool gen_events;	/* MGLRU by the series' mm_vmscan_lru_gen_* */
	bool kprobes;		/* kprobe twins instead of fentry/fexit */
};

/*
 * Autoload the stock object's programs this kernel and source want: the
 * classic ones and the moves for stock-fentry, the MGLRU ones when asked,
 * from the series' events or from fentry/fexit (or their kprobe twins
 * where the kernel has no fentry).  Returns how many programs will load.
 */
static int stock_autoload(struct stock_bpf *skel, const struct stock_probe *p,
			  const struct stock_want *w)
{
	struct bpf_program *prog;
	int n = 0;

	bpf_object__for_each_program(prog, skel->obj) {
		const char *sec = bpf_program__section_name(prog);
		const char *slash = strchr(sec, '/');
		bool is_kprobe = strncmp(sec, "kprobe/", 7) == 0 ||
				 strncmp(sec, "kretprobe/", 10) == 0;
		int i = slash ? stock_fn_index(slash + 1) : -1;
		bool want = false;

		if (strncmp(sec, "tp_btf/mm_vmscan_lru_gen_", 25) == 0) {
			want = w->gen_events;
		} else if (i >= 0 && is_kprobe == w->kprobes &&
			   stock_fn_ok(p, i, w->kprobes)) {
			switch (stock_fns[i].group) {
			case STOCK_CORE:
			case STOCK_MOVE:
				want = w->classic;
				break;
			case STOCK_MGLRU:
				want = w->mglru;
				break;
			case STOCK_BOTH:
				/* shrink_folio_list: fentry MGLRU counts pgsteal there */
				want = w->classic || w->mglru;
				break;
			}
		}
		bpf_program__set_autoload(prog, want);
		n += want;
	}
	return n;
}

/*
 * With a minimal BTF: every series event through its raw_tp twin, and a
 * note when a program left still makes libbpf read the kernel's BTF.
 */
static void use_raw_twins(struct lru_tracer *t)
{
	struct bpf_object *objs[2] = { t->skel->obj, t->stock ? t->stock->obj : NULL };
	const char *prog = NULL;
	size_t i;

	for (i = 0; i < 2 && objs[i]; i++) {
		min_btf_use_raw_twins(objs[i]);
		if (!prog)
			prog = min_btf_needs_kernel_btf(objs[i]);
	}
	if (prog)
		snprintf(t->btf_note, sizeof(t->btf_note),
			 "%s attaches by its BTF id: libbpf reads the kernel's whole BTF as well",
			 prog);
}

struct lru_tracer *lru_tracer_open(const struct lru_tracer_opts *opts, int *err)
{
	struct lru_tracer_opts defaults;
	struct lru_features f;
	struct lru_tracer *t;
	struct lrutrace_bpf *skel;
	struct stock_probe sp;
	enum lru_source source;
	bool full, series, balance, move, classic, mglru, kprobes, gen_events, lat;
	LIBBPF_OPTS(bpf_object_open_opts, open_opts);
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
	rc = probe_all(&f, &sp);
	if (rc) {
		*err = rc;
		return NULL;
	}
	rc = choose_source(opts, &f, &source);
	if (rc) {
		*err = rc;
		return NULL;
	}
	series = source == LRU_SOURCE_SERIES;
	full = source != LRU_SOURCE_STOCK_TRACEPOINTS;
	balance = series && (f.flags & LRU_FEAT_BALANCE);
	move = series && (f.flags & LRU_FEAT_MOVE);
	kprobes = !(f.flags & LRU_FEAT_FENTRY);
	classic = source == LRU_SOURCE_STOCK_FENTRY;
	/*
	 * MGLRU's programs: with stock-fentry, or when MGLRU is on now; the
	 * series source takes the series' own events where there are some.
	 */
	gen_events = series && (f.flags & LRU_FEAT_GEN_EVENTS) &&
		     (f.flags & LRU_FEAT_MGLRU_ON);
	mglru = !gen_events && (f.flags & LRU_FEAT_MGLRU_FN) &&
		(classic || (f.flags & LRU_FEAT_MGLRU_ON));

	t = calloc(1, sizeof(*t));
	if (!t) {
		*err = LRU_ERR_NOMEM;
		return NULL;
	}
	t->stats_fd = -1;
	t->features = f.flags;
	t->source = source;
	t->mode = full ? LRU_MODE_FULL : LRU_MODE_FALLBACK;
	t->on_event = opts->on_event;
	t->ctx = opts->ctx;
	t->ncpus = libbpf_num_possible_cpus();
	t->list_cache_mask = list_cache_mask();
	/* SPLITLRU_MAP_READS=walk: the bench's side-by-side reference */
	t->batch_reads = !(getenv("SPLITLRU_MAP_READS") &&
			   !strcmp(getenv("SPLITLRU_MAP_READS"), "walk"));
	if (t->ncpus <= 0) {
		free(t);
		*err = LRU_ERR_IO;
		return NULL;
	}
	if (classic) {
		/* what the series' events would carry, this source rebuilds */
		t->features |= LRU_FEAT_BALANCE | LRU_FEAT_MOVE;
	} else {
		if (!balance)
			t->features &= ~LRU_FEAT_BALANCE;
		if (!move)
			t->features &= ~LRU_FEAT_MOVE;
	}

	if (opts->low_memory)
		min_btf_choose(t->btf_path, sizeof(t->btf_path), t->btf_note, sizeof(t->btf_note));
	open_opts.btf_custom_path = t->btf_path[0] ? t->btf_path : NULL;
	skel = lrutrace_bpf__open_opts(&open_opts);
	if (!skel) {
		free(t);
		*err = errno == ENOMEM ? LRU_ERR_NOMEM : LRU_ERR_LOAD;
		return NULL;
	}
	t->skel = skel;

	bpf_program__set_autoload(skel->progs.lru_shrink, series);
	bpf_program__set_autoload(skel->progs.scan_balance, balance);
	bpf_program__set_autoload(skel->progs.lru_move, move);
	bpf_program__set_autoload(skel->progs.fb_isolate, !full);
	bpf_program__set_autoload(skel->progs.fb_shrink_inactive, !full);
	bpf_program__set_autoload(skel->progs.fb_shrink_active, !full);
	/*
	 * The latency programs feed the histograms and, where the events
	 * carry no reclaimer (stock sources), current_reclaimer().
	 */
	lat = !opts->no_hists || !series;
	/* lat covers !no_hists, the shrink histograms' switch (SET_FILTERS) */
	t->hists_written = lat;
	bpf_program__set_autoload(skel->progs.direct_begin, lat && (f.flags & LRU_FEAT_DIRECT_LAT));
	bpf_program__set_autoload(skel->progs.direct_end, lat && (f.flags & LRU_FEAT_DIRECT_LAT));
	bpf_program__set_autoload(skel->progs.memcg_begin, lat && (f.flags & LRU_FEAT_MEMCG_LAT));
	bpf_program__set_autoload(skel->progs.memcg_end, lat && (f.flags & LRU_FEAT_MEMCG_LAT));
	SET_FILTERS(skel->rodata, t, opts);

	/* Without a stream the ring buffer only costs memory: make it one page. */
	bpf_map__set_max_entries(skel->maps.events,
				 opts->on_event ? ringbuf_size(opts->ringbuf_bytes)
						: (size_t)sysconf(_SC_PAGESIZE));

	if (classic || mglru || gen_events) {
		struct stock_want want = {
			.classic = classic, .mglru = mglru,
			.gen_events = gen_events, .kprobes = kprobes,
		};

		t->stock = stock_bpf__open_opts(&open_opts);
		if (!t->stock) {
			*err = errno == ENOMEM ? LRU_ERR_NOMEM : LRU_ERR_LOAD;
			lru_tracer_destroy(t);
			return NULL;
		}
		mglru = mglru || gen_events;
		if (stock_autoload(t->stock, &sp, &want) == 0) {
			stock_bpf__destroy(t->stock);
			t->stock = NULL;
			mglru = false;
		} else {
			SET_FILTERS(t->stock->rodata, t, opts);
			t->stock_kprobes = kprobes;
		}
	}
	t->mglru_progs = mglru;
	if (t->btf_path[0])
		use_raw_twins(t);
	/* whatever reads the kernel's whole BTF does it in a loader process */
	t->in_child = opts->low_memory && t->btf_note[0];
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

/* The stock object fills lrutrace's maps: hand it their fds, then load. */
static int load_stock(struct lru_tracer *t)
{
	struct {
		struct bpf_map *stock, *own;
	} shared[] = {
		{ t->stock->maps.list_counts, t->skel->maps.list_counts },
		{ t->stock->maps.list_cache, t->skel->maps.list_cache },
		{ t->stock->maps.balance, t->skel->maps.balance },
		{ t->stock->maps.move_counts, t->skel->maps.move_counts },
		{ t->stock->maps.hists, t->skel->maps.hists },
		{ t->stock->maps.counters, t->skel->maps.counters },
		{ t->stock->maps.events, t->skel->maps.events },
		{ t->stock->maps.in_reclaim, t->skel->maps.in_reclaim },
	};
	size_t i;
	int rc;

	for (i = 0; i < sizeof(shared) / sizeof(shared[0]); i++) {
		rc = bpf_map__reuse_fd(shared[i].stock, bpf_map__fd(shared[i].own));
		if (rc)
			return rc;
	}
	return stock_bpf__load(t->stock);
}

/* Load both objects in this process; an lru_error. */
static int load_objects(void *arg)
{
	struct lru_tracer *t = arg;
	int rc = lrutrace_bpf__load(t->skel);

	if (!rc && t->stock)
		rc = load_stock(t);
	if (!rc)
		return LRU_OK;
	/* EACCES is the verifier's refusal, not a missing privilege */
	return rc == -EPERM ? LRU_ERR_PERM : LRU_ERR_LOAD;
}

static int attach_objects(void *arg)
{
	struct lru_tracer *t = arg;

	if (lrutrace_bpf__attach(t->skel))
		return errno == EPERM ? LRU_ERR_PERM : LRU_ERR_ATTACH;
	if (t->stock && stock_bpf__attach(t->stock)) {
		int e = errno;

		lrutrace_bpf__detach(t->skel);
		return e == EPERM ? LRU_ERR_PERM : LRU_ERR_ATTACH;
	}
	return LRU_OK;
}

/*
 * Load and attach in a loader process, which alone parses the kernel's
 * whole BTF; the note says so, with that process's peak RSS.
 */
static int load_in_child(struct lru_tracer *t)
{
	struct load_child_ops ops = {
		.skel = { t->skel->skeleton, t->stock ? t->stock->skeleton : NULL },
		.load = load_objects, .attach = attach_objects, .arg = t,
	};
	int rc = load_child_run(&ops, &t->child);
	size_t len = strlen(t->btf_note);

	if (t->child.peak_kb >= 0)
		snprintf(t->btf_note + len, sizeof(t->btf_note) - len,
			 ", in a short-lived loader process (peak RSS %ld kB)", t->child.peak_kb);
	return rc;
}

/*
 * In a loader process (t->in_child) the load attaches too: the child must
 * hand over everything before it exits, and a second child only to attach
 * would parse the kernel's BTF again.  The attach's result is kept for
 * lru_tracer_attach to return, so callers see the same calls and errors.
 */
int lru_tracer_load(struct lru_tracer *t)
{
	int rc;

	if (!t || t->loaded)
		return LRU_ERR_INVAL;
	if (!(t->features & LRU_FEAT_PRIVILEGED))
		return LRU_ERR_PERM;
	rc = t->in_child ? load_in_child(t) : load_objects(t);
	if (rc)
		return rc;
	t->loaded = true;
	/*
	 * libbpf has freed what it parsed (BTF, ELF); glibc keeps the freed
	 * heap unless asked, and the tool runs for hours after this.
	 */
	malloc_trim(0);
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
	int rc;

	if (!t || !t->loaded)
		return LRU_ERR_INVAL;
	if (t->in_child)	/* attached at load; detached links are gone for good */
		rc = t->child.attach_err ? t->child.attach_err
					 : t->child.linked ? LRU_OK : LRU_ERR_INVAL;
	else
		rc = attach_objects(t);
	if (rc)
		return rc;
	t->attached = true;
	return LRU_OK;
}

void lru_tracer_detach(struct lru_tracer *t)
{
	if (!t || !t->attached)
		return;
	if (t->in_child) {
		load_child_detach(&t->child);	/* closing a link's fd detaches it */
	} else {
		lrutrace_bpf__detach(t->skel);
		if (t->stock)
			stock_bpf__detach(t->stock);
	}
	t->attached = false;
}

void lru_tracer_destroy(struct lru_tracer *t)
{
	if (!t)
		return;
	lru_tracer_detach(t);
	ring_buffer__free(t->rb);
	load_child_free(&t->child);	/* the loader process's fds, if any */
	stock_bpf__destroy(t->stock);
	lrutrace_bpf__destroy(t->skel);
	if (t->stats_fd >= 0)
		close(t->stats_fd);
	free(t->read_keys);
	free(t->read_values);
	free(t);
}

enum lru_mode lru_tracer_mode(const struct lru_tracer *t)
{
	return t ? t->mode : LRU_MODE_FALLBACK;
}

enum lru_source lru_tracer_source(const struct lru_tracer *t)
{
	return t ? t->source : LRU_SOURCE_PROC_ONLY;
}

unsigned lru_tracer_features(const struct lru_tracer *t)
{
	return t ? t->features : 0;
}

uint32_t lru_tracer_cannot(const struct lru_tracer *t)
{
	return t ? t->cannot : 0;
}

const char *lru_tracer_limits(const struct lru_tracer *t)
{
	return t ? t->limits : "";
}

const char *lru_tracer_btf(const struct lru_tracer *t)
{
	return t && t->btf_path[0] ? t->btf_path : NULL;
}

const char *lru_tracer_btf_note(const struct lru_tracer *t)
{
	return t ? t->btf_note : "";
}

/* ----------------------------------------------------------- snapshots */

/*
 * Reading a map for a snapshot.  splitlrutop reads every map once a
 * second, and under TCG each bpf() call costs tens of microseconds:
 * walking a hash map with get_next_key + lookup is two calls per entry,
 * BPF_MAP_LOOKUP_BATCH (5.6+, hash and array maps) about one per
 * MAP_BATCH entries.  A kernel or map without batch reads falls back to
 * the walk; lru_tracer_set_batch_reads(t, false) forces it, so a test can
 * read the same frozen maps both ways and compare.
 */
#define MAP_BATCH 256

struct map_entries {
	const char *keys, *values;	/* count entries each, packed */
	size_t key_size, value_size;	/* value_size: all CPUs' values */
	__u32 count;
};

/* One entry's value as a lookup returns it: per CPU, 8-byte aligned. */
static size_t map_value_size(const struct lru_tracer *t, const struct bpf_map *map)
{
	enum bpf_map_type type = bpf_map__type(map);
	size_t size = bpf_map__value_size(map);

	if (type == BPF_MAP_TYPE_PERCPU_HASH || type == BPF_MAP_TYPE_PERCPU_ARRAY ||
	    type == BPF_MAP_TYPE_LRU_PERCPU_HASH)
		return ((size + 7) & ~(size_t)7) * (size_t)t->ncpus;
	return size;
}

/* Room in the read buffers for need entries of the map being read. */
static int map_room(struct lru_tracer *t, const struct map_entries *e, size_t need)
{
	if (lru_snapshot_grow((void **)&t->read_keys, &t->read_keys_cap,
			      need * e->key_size, 1) ||
	    lru_snapshot_grow((void **)&t->read_values, &t->read_values_cap,
			      need * e->value_size, 1))
		return LRU_ERR_NOMEM;
	return LRU_OK;
}

/*
 * The batch read.  ENOENT ends the map and may come with its last
 * entries; a first call the kernel refuses (EINVAL, ENOTSUPP: no batch
 * ops for this map or kernel) returns 1, so that the caller walks.
 * ENOSPC (a hash bucket larger than MAP_BATCH) walks as well.
 */
static int read_batch(struct lru_tracer *t, int fd, struct map_entries *e)
{
	char in[64], out[64];	/* the batch token: a bucket or an index */
	void *pin = NULL;
	__u32 n = 0, count;
	int err;

	DECLARE_LIBBPF_OPTS(bpf_map_batch_opts, opts);
	if (e->key_size > sizeof(in))
		return 1;
	for (;;) {
		if (map_room(t, e, (size_t)n + MAP_BATCH))
			return LRU_ERR_NOMEM;
		count = MAP_BATCH;
		err = bpf_map_lookup_batch(fd, pin, out, t->read_keys + (size_t)n * e->key_size,
					   t->read_values + (size_t)n * e->value_size,
					   &count, &opts);
		if (err && err != -ENOENT)
			return 1;
		n += count;
		if (err)
			break;
		memcpy(in, out, sizeof(in));
		pin = in;
	}
	e->count = n;
	return LRU_OK;
}

/* The walk: two calls per entry; an entry deleted meanwhile is skipped. */
static int read_walk(struct lru_tracer *t, int fd, struct map_entries *e)
{
	char prev[64];
	void *pprev = NULL;
	__u32 n = 0;

	if (e->key_size > sizeof(prev))
		return LRU_ERR_INVAL;
	for (;;) {
		char *key;

		if (map_room(t, e, (size_t)n + 1))
			return LRU_ERR_NOMEM;
		key = t->read_keys + (size_t)n * e->key_size;
		if (bpf_map_get_next_key(fd, pprev, key))
			break;
		memcpy(prev, key, e->key_size);
		pprev = prev;
		if (bpf_map_lookup_elem(fd, key, t->read_values + (size_t)n * e->value_size))
			continue;
		n++;
	}
	e->count = n;
	return LRU_OK;
}

/* Every entry of map into *e (the tracer's buffers, valid until the next read). */
static int read_map(struct lru_tracer *t, const struct bpf_map *map, struct map_entries *e)
{
	int fd = bpf_map__fd(map), rc = 1;

	e->key_size = bpf_map__key_size(map);
	e->value_size = map_value_size(t, map);
	if (t->batch_reads)
		rc = read_batch(t, fd, e);
	if (rc != LRU_OK)
		t->last_read_batched = false;
	if (rc == 1)
		rc = read_walk(t, fd, e);
	e->keys = t->read_keys;
	e->values = t->read_values;
	return rc;
}

#define ENTRY_KEY(e, i) ((const void *)((e)->keys + (size_t)(i) * (e)->key_size))
#define ENTRY_VALUE(e, i) ((const void *)((e)->values + (size_t)(i) * (e)->value_size))

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

/*
 * A per-CPU hash map of u64 counters into a sorted snapshot array of
 * elements of elem bytes: the key at offset 0, the counts summed over
 * CPUs at counts_off.
 */
struct counts_layout {
	size_t elem, counts_off, counts_size;
	int (*cmp)(const void *, const void *);
};

#define COUNTS_LAYOUT(type, cmp_fn) ((struct counts_layout){ sizeof(type), \
	offsetof(type, counts), sizeof(((type *)0)->counts), cmp_fn })

static int read_counts(struct lru_tracer *t, const struct bpf_map *map, void **arr,
		       size_t *nr, size_t *cap, struct counts_layout l)
{
	struct map_entries e;
	int rc = read_map(t, map, &e);

	if (rc)
		return rc;
	if (e.key_size > l.counts_off)
		return LRU_ERR_IO;
	if (lru_snapshot_grow(arr, cap, e.count, l.elem))
		return LRU_ERR_NOMEM;
	for (__u32 i = 0; i < e.count; i++) {
		char *out = (char *)*arr + (size_t)i * l.elem;

		memcpy(out, ENTRY_KEY(&e, i), e.key_size);
		sum_percpu(ENTRY_VALUE(&e, i), t->ncpus, l.counts_size / sizeof(__u64),
			   (__u64 *)(out + l.counts_off));
	}
	*nr = e.count;
	qsort(*arr, *nr, l.elem, l.cmp);
	return LRU_OK;
}

#define NR_LIST_COUNTS (sizeof(struct lru_list_counts) / sizeof(__u64))

/* Sorted lists with a key more than once (hash and cache slots): one, summed. */
static void merge_equal_lists(struct lru_snapshot *s)
{
	size_t out = 0;

	qsort(s->lists, s->nr_lists, sizeof(*s->lists), snapshot_cmp_list_key);
	for (size_t i = 0; i < s->nr_lists; i++) {
		if (out && !snapshot_cmp_list_key(&s->lists[out - 1], &s->lists[i])) {
			__u64 *to = (__u64 *)&s->lists[out - 1].counts;
			const __u64 *from = (const __u64 *)&s->lists[i].counts;

			for (size_t k = 0; k < NR_LIST_COUNTS; k++)
				to[k] += from[k];
			continue;
		}
		s->lists[out++] = s->lists[i];
	}
	s->nr_lists = out;
}

/* Each CPU's taken list_cache slots, added to the lists list_counts gave. */
static int add_list_cache(struct lru_tracer *t, struct lru_snapshot *s)
{
	struct map_entries e;
	int rc = read_map(t, t->skel->maps.list_cache, &e);

	if (rc)
		return rc;
	if (e.value_size != sizeof(struct lru_list_cache_slot) * t->ncpus)
		return LRU_ERR_IO;
	for (__u32 i = 0; i < e.count; i++) {
		const struct lru_list_cache_slot *slot = ENTRY_VALUE(&e, i);

		for (int cpu = 0; cpu < t->ncpus; cpu++, slot++) {
			struct lru_list_stat l = { slot->key, slot->counts };

			if (!slot->counts.shrinks)	/* never taken */
				continue;
			if (lru_snapshot_add_list(s, &l))
				return LRU_ERR_NOMEM;
		}
	}
	merge_equal_lists(s);
	return LRU_OK;
}

static int read_lists(struct lru_tracer *t, struct lru_snapshot *s)
{
	int rc = read_counts(t, t->skel->maps.list_counts, (void **)&s->lists, &s->nr_lists,
			     &s->cap_lists,
			     COUNTS_LAYOUT(struct lru_list_stat, snapshot_cmp_list_key));

	return rc ? rc : add_list_cache(t, s);
}

static int read_moves(struct lru_tracer *t, struct lru_snapshot *s)
{
	return read_counts(t, t->skel->maps.move_counts, (void **)&s->moves, &s->nr_moves,
			   &s->cap_moves,
			   COUNTS_LAYOUT(struct lru_move_stat, snapshot_cmp_move_key));
}

/* The balance map is not per CPU: its entries are the last decisions. */
static int read_balance(struct lru_tracer *t, struct lru_snapshot *s)
{
	struct map_entries e;
	int rc = read_map(t, t->skel->maps.balance, &e);

	if (rc)
		return rc;
	if (lru_snapshot_grow((void **)&s->balance, &s->cap_balance, e.count,
			      sizeof(*s->balance)))
		return LRU_ERR_NOMEM;
	for (__u32 i = 0; i < e.count; i++)
		memcpy(&s->balance[i], ENTRY_VALUE(&e, i), sizeof(*s->balance));
	s->nr_balance = e.count;
	qsort(s->balance, s->nr_balance, sizeof(*s->balance), snapshot_cmp_balance);
	return LRU_OK;
}

/* A per-CPU array of n-counter values, summed into out[key][n]. */
static int read_array(struct lru_tracer *t, const struct bpf_map *map, __u64 *out,
		      __u32 nr, size_t n)
{
	struct map_entries e;
	int rc = read_map(t, map, &e);

	if (rc)
		return rc;
	if (e.count != nr)
		return LRU_ERR_IO;
	for (__u32 i = 0; i < e.count; i++) {
		__u32 key = *(const __u32 *)ENTRY_KEY(&e, i);

		if (key >= nr)
			return LRU_ERR_IO;
		sum_percpu(ENTRY_VALUE(&e, i), t->ncpus, n, out + (size_t)key * n);
	}
	return LRU_OK;
}

/*
 * The shrink and move counters are not counted in BPF (a map lookup per
 * event saved): they are the sums of the per-list shrinks and moves.
 */
static void sum_event_counters(struct lru_snapshot *s)
{
	__u64 shrinks = 0, moves = 0;

	for (size_t i = 0; i < s->nr_lists; i++)
		shrinks += s->lists[i].counts.shrinks;
	for (size_t i = 0; i < s->nr_moves; i++)
		moves += s->moves[i].counts.moves;
	s->counters[LRU_CNT_SHRINK] = shrinks;
	s->counters[LRU_CNT_MOVE] = moves;
}

static int read_arrays(struct lru_tracer *t, struct lru_snapshot *s)
{
	int rc = LRU_OK;

	/* nothing writes the histograms: one bpf() call a frame saved (splitlrutop) */
	if (t->hists_written)
		rc = read_array(t, t->skel->maps.hists, (__u64 *)s->hists, LRU_HIST_NR,
				LRU_HIST_SLOTS);
	else
		memset(s->hists, 0, sizeof(s->hists));
	if (!rc)
		rc = read_array(t, t->skel->maps.counters, (__u64 *)s->counters, LRU_CNT_NR, 1);
	if (!rc)
		sum_event_counters(s);
	return rc;
}

bool lru_tracer_has_mglru(const struct lru_tracer *t)
{
	return t && t->stock && t->mglru_progs;
}

/* Aging over CPUs: the counts add up, the sequence numbers are the largest. */
static void sum_aging(const struct lru_tracer *t, const void *buf, struct lru_mglru_aging *a)
{
	memset(a, 0, sizeof(*a));
	for (int cpu = 0; cpu < t->ncpus; cpu++) {
		const struct lru_mglru_aging *v = (const void *)((const char *)buf +
			sizeof(struct lru_mglru_aging) * cpu);

		a->attempts += v->attempts;
		a->increments += v->increments;
		a->forced += v->forced;
		if (v->max_seq > a->max_seq)
			a->max_seq = v->max_seq;
		if (v->min_seq[0] > a->min_seq[0])
			a->min_seq[0] = v->min_seq[0];
		if (v->min_seq[1] > a->min_seq[1])
			a->min_seq[1] = v->min_seq[1];
	}
}

static int read_aging(struct lru_tracer *t, struct lru_mglru_snapshot *s)
{
	struct map_entries e;
	int rc = read_map(t, t->stock->maps.mglru_aging, &e);

	if (rc)
		return rc;
	if (lru_snapshot_grow((void **)&s->aging, &s->cap_aging, e.count, sizeof(*s->aging)))
		return LRU_ERR_NOMEM;
	for (__u32 i = 0; i < e.count; i++) {
		memcpy(&s->aging[i].key, ENTRY_KEY(&e, i), sizeof(s->aging[i].key));
		sum_aging(t, ENTRY_VALUE(&e, i), &s->aging[i].aging);
	}
	s->nr_aging = e.count;
	qsort(s->aging, s->nr_aging, sizeof(*s->aging), lru_mglru_cmp_aging);
	return LRU_OK;
}

/* MGLRU's per-type counters and aging, when its programs run. */
int lru_tracer_mglru_snapshot(struct lru_tracer *t, struct lru_mglru_snapshot *s)
{
	struct timespec ts;
	int rc;

	if (!t || !t->loaded || !s)
		return LRU_ERR_INVAL;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	s->ts_ns = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	s->nr_mglru = s->nr_aging = 0;
	if (!t->stock || !t->mglru_progs)
		return LRU_OK;
	t->last_read_batched = t->batch_reads;
	rc = read_counts(t, t->stock->maps.mglru_counts, (void **)&s->mglru, &s->nr_mglru,
			 &s->cap_mglru,
			 COUNTS_LAYOUT(struct lru_mglru_stat, lru_mglru_cmp_key));
	return rc ? rc : read_aging(t, s);
}

void lru_tracer_set_batch_reads(struct lru_tracer *t, bool on)
{
	if (t)
		t->batch_reads = on;
}

bool lru_tracer_batched(const struct lru_tracer *t)
{
	return t && t->last_read_batched;
}

int lru_tracer_snapshot(struct lru_tracer *t, struct lru_snapshot *s)
{
	struct timespec ts;
	int rc;

	if (!t || !t->loaded || !s)
		return LRU_ERR_INVAL;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	s->ts_ns = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	t->last_read_batched = t->batch_reads;
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
	__u64 sum = 0, *buf;

	if (!t || !t->loaded || !(buf = calloc((size_t)t->ncpus, sizeof(*buf))))
		return 0;
	if (!bpf_map_lookup_elem(bpf_map__fd(t->skel->maps.counters), &id, buf))
		sum_percpu(buf, t->ncpus, 1, &sum);
	free(buf);
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

/*
 * Call fn for each loaded program of the tracer's objects, with its fd:
 * libbpf's, or the one the loader process handed over.
 */
static int for_each_loaded_prog(struct lru_tracer *t,
				int (*fn)(void *arg, struct bpf_program *prog,
					  const struct bpf_prog_info *info),
				void *arg)
{
	struct bpf_object_skeleton *skels[2] = {
		t->skel->skeleton, t->stock ? t->stock->skeleton : NULL,
	};
	int o, i, rc;

	for (o = 0; o < 2 && skels[o]; o++) {
		for (i = 0; i < skels[o]->prog_cnt; i++) {
			struct bpf_program *prog = *skels[o]->progs[i].prog;
			struct bpf_prog_info info = {};
			__u32 len = sizeof(info);
			int fd = t->in_child ? load_child_prog_fd(&t->child, o, i)
					     : bpf_program__fd(prog);

			if (fd < 0)
				continue;	/* not loaded on this kernel */
			if (bpf_obj_get_info_by_fd(fd, &info, &len))
				return LRU_ERR_IO;
			rc = fn(arg, prog, &info);
			if (rc)
				return rc;
		}
	}
	return LRU_OK;
}

static int add_self_stats(void *arg, struct bpf_program *prog,
			  const struct bpf_prog_info *info)
{
	struct lru_self_stats *s = arg;

	s->run_cnt += info->run_cnt;
	s->run_time_ns += info->run_time_ns;
	return 0;
}

int lru_tracer_self_stats(struct lru_tracer *t, struct lru_self_stats *s)
{
	if (!t || !t->loaded || !s)
		return LRU_ERR_INVAL;
	memset(s, 0, sizeof(*s));
	return for_each_loaded_prog(t, add_self_stats, s);
}

struct prog_stats_arg {
	struct lru_prog_stat *out;
	size_t max, n;
};

static int add_prog_stat(void *arg, struct bpf_program *prog,
			 const struct bpf_prog_info *info)
{
	struct prog_stats_arg *a = arg;

	if (a->n < a->max) {
		struct lru_prog_stat *p = &a->out[a->n];

		snprintf(p->name, sizeof(p->name), "%s", bpf_program__name(prog));
		snprintf(p->attach, sizeof(p->attach), "%s", bpf_program__section_name(prog));
		p->run_cnt = info->run_cnt;
		p->run_time_ns = info->run_time_ns;
	}
	a->n++;
	return 0;
}

int lru_tracer_prog_stats(struct lru_tracer *t, struct lru_prog_stat *out, size_t max)
{
	struct prog_stats_arg a = { .out = out, .max = out ? max : 0 };
	int rc;

	if (!t || !t->loaded)
		return LRU_ERR_INVAL;
	rc = for_each_loaded_prog(t, add_prog_stat, &a);
	return rc ? rc : (int)a.n;
}

/* ------------------------------------------------------------- cgroups */

int lru_memcg_id_from_path(const char *path, uint64_t *id)
{
	struct sl_cgroup cg;
	const char *full;
	struct {
		struct file_handle fh;
		uint64_t cgid;
	} h;
	struct statfs sfs;
	struct stat st;
	int mount_id;

	if (!path || !*path || !id)
		return LRU_ERR_INVAL;
	if (sl_cgroup_resolve(NULL, path, 0, &cg))
		return LRU_ERR_NO_CGROUP;
	full = cg.path;
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
