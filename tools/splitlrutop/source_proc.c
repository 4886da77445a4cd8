// SPDX-License-Identifier: GPL-2.0-only
/*
 * source_proc.c: the /proc and /sys half of the sampler, all through
 * libmmstat.  Contexts are opened once and re-read with pread() on every
 * sample, so a sample costs no open() once the memcg list is settled; a
 * rescan of the memcgs keeps the contexts of the ones it finds again.
 *
 * The only files read here without libmmstat are the single-word sysctls
 * (vm.lru_scan_balance, vm.swappiness, lru_gen/enabled): one word, no
 * format to parse, kept open too (word_file.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <linux/magic.h>

#include "sl_cgroup.h"
#include "mmstat.h"
#include "sampler.h"
#include "word_file.h"

/*
 * Every N samples: look for new cgroups, and try again the files that
 * could not be opened (a one-word file, debugfs's lru_gen).
 */
#define MEMCG_RESCAN_SAMPLES 5
#define MEMCG_MAX_DEPTH 4

struct proc_memcg {
	char path[SL_MEMCG_PATH];
	uint64_t id;
	struct mmstat_memcg *stat;
	/* where each SL_CG key was in the last sample: the kernel keeps its order */
	int cg_at[SL_CG_NR];
};

struct sl_proc_source {
	char root[512];			/* "" for "/" */
	struct mmstat_meminfo *meminfo;
	struct mmstat_vmstat *vmstat;
	struct mmstat_zoneinfo *zoneinfo;
	struct mmstat_psi *psi;		/* NULL: no PSI */
	struct mmstat_lru_gen *lru_gen;	/* opened when MGLRU is first seen on */
	enum sl_lru_gen_state lru_gen_missing;	/* why not, until a retry */
	struct sl_word_file policy, mglru, swappiness;
	int nr_nodes;
	int nids[SL_MAX_NODES];
	struct mmstat_meminfo *node_meminfo[SL_MAX_NODES];	/* NULL: none */
	char cgroup_dir[600];		/* cgroup v2 mount; "" without one */
	bool cgroup_fs;			/* it is cgroupfs, not a capture's copy */
	int nr_memcgs;
	struct proc_memcg memcgs[SL_MAX_MEMCGS];
	unsigned samples;
	bool want_memcgs;	/* off: no memory.stat read (sl_proc_want_memcgs) */
	bool zbal_absent;	/* zoneinfo had no lru_* lines (a stock kernel) */
};

/* The libmmstat keys, from the third column of model.h's tables. */
#define KEY(id, name, key) MMSTAT_##key,
static const int mem_keys[SL_MEM_NR] = { SL_MEM_FIELDS(KEY) };
static const int zbal_keys[SL_ZBAL_NR] = { SL_ZBAL_FIELDS(KEY) };
static const int vm_keys[SL_VM_NR] = { SL_VM_FIELDS(KEY) };
#undef KEY

static uint64_t get(const struct mmstat_table *t, int key)
{
	uint64_t v;

	return mmstat_table_get(t, key, &v) == 0 ? v : SL_MISSING;
}

static void set_err(char *err, size_t len, const struct mmstat_error *e)
{
	mmstat_error_string(e, err, len);
}

/* ---- memory cgroups ---- */

/* a + b into buf; -1 when it does not fit (such a cgroup is skipped). */
static int join(char *buf, size_t len, const char *a, const char *b)
{
	int n = snprintf(buf, len, "%s%s", a, b);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}

static void memcgs_free(struct proc_memcg *m, int nr)
{
	for (int i = 0; i < nr; i++)
		mmstat_memcg_free(m[i].stat);
}

/*
 * The memcg at REL, with its context from the last scan when the
 * directory is the same one (same path, same inode: not removed and made
 * again), so a rescan opens only the new cgroups' files.  Only on
 * cgroupfs, where memory.stat cannot be replaced under the open file; a
 * capture's may be (a rename), and is opened afresh at each rescan.
 */
static void memcg_add(struct sl_proc_source *p, const char *rel,
		      struct proc_memcg *old, int nr_old)
{
	char dir[1200], file[1300];
	const char *path = rel[0] ? rel : "/";
	struct mmstat_error e;
	struct stat st;

	if (p->nr_memcgs == SL_MAX_MEMCGS)
		return;
	if (join(dir, sizeof(dir), p->cgroup_dir, rel) || stat(dir, &st))
		return;
	struct proc_memcg *m = &p->memcgs[p->nr_memcgs];
	for (int i = 0; p->cgroup_fs && i < nr_old; i++)
		if (old[i].stat && old[i].id == (uint64_t)st.st_ino && !strcmp(old[i].path, path)) {
			*m = old[i];
			old[i].stat = NULL;	/* moved, not to be freed */
			p->nr_memcgs++;
			return;
		}
	if (join(file, sizeof(file), dir, "/memory.stat") || access(file, R_OK))
		return;
	/* mmstat_memcg_new takes the cgroup directory below root. */
	if (join(dir, sizeof(dir), p->cgroup_dir + strlen(p->root), rel))
		return;
	m->stat = mmstat_memcg_new(p->root[0] ? p->root : NULL, dir,
				   MMSTAT_MEMCG_STAT, &e);
	if (!m->stat)
		return;
	snprintf(m->path, sizeof(m->path), "%s", path);
	m->id = (uint64_t)st.st_ino;	/* a cgroup v2 directory's inode is its id */
	for (int k = 0; k < SL_CG_NR; k++)
		m->cg_at[k] = -1;
	p->nr_memcgs++;
}

/* Breadth first, so the top of a big tree is what fits. */
static void memcgs_scan(struct sl_proc_source *p)
{
	char queue[SL_MAX_MEMCGS * 4][SL_MEMCG_PATH];
	int depth[SL_MAX_MEMCGS * 4];
	int head = 0, tail = 0;
	struct proc_memcg old[SL_MAX_MEMCGS];
	int nr_old = p->nr_memcgs;

	memcpy(old, p->memcgs, (size_t)nr_old * sizeof(old[0]));
	p->nr_memcgs = 0;
	if (!p->cgroup_dir[0]) {
		memcgs_free(old, nr_old);
		return;
	}
	queue[tail][0] = '\0';
	depth[tail++] = 0;
	while (head < tail && p->nr_memcgs < SL_MAX_MEMCGS) {
		char dir[1200];
		const char *rel = queue[head];
		int d = depth[head++];
		DIR *dp;
		struct dirent *de;

		memcg_add(p, rel, old, nr_old);
		if (d == MEMCG_MAX_DEPTH)
			continue;
		dp = join(dir, sizeof(dir), p->cgroup_dir, rel) ? NULL : opendir(dir);
		if (!dp)
			continue;
		while ((de = readdir(dp)) && tail < (int)(sizeof(depth) / sizeof(depth[0]))) {
			if (de->d_type != DT_DIR || de->d_name[0] == '.')
				continue;
			int n = snprintf(queue[tail], SL_MEMCG_PATH, "%s/%s", rel, de->d_name);
			if (n > 0 && n < SL_MEMCG_PATH)
				depth[tail++] = d + 1;
		}
		closedir(dp);
	}
	memcgs_free(old, nr_old);	/* the ones not found again */
}

/* The cgroup2 mount, the one every tool finds (sl_cgroup.h), if it has memcgs. */
static void find_cgroup2(struct sl_proc_source *p)
{
	char mount[PATH_MAX], probe[PATH_MAX + 64], controller[64];
	FILE *f;

	p->cgroup_dir[0] = '\0';
	if (!sl_cgroup_mount(p->root, mount, sizeof(mount)))
		return;
	snprintf(probe, sizeof(probe), "%s%s/cgroup.controllers", p->root, mount);
	f = fopen(probe, "re");
	if (!f)
		return;
	/* A v2 hierarchy without the memory controller has no memcgs. */
	while (fscanf(f, "%63s", controller) == 1)
		if (!strcmp(controller, "memory")) {
			snprintf(p->cgroup_dir, sizeof(p->cgroup_dir), "%s%s", p->root, mount);
			break;
		}
	fclose(f);
	struct statfs sfs;
	p->cgroup_fs = p->cgroup_dir[0] && statfs(p->cgroup_dir, &sfs) == 0 &&
		(unsigned long)sfs.f_type == CGROUP2_SUPER_MAGIC;
}

/* ---- open, sample, close ---- */

struct sl_proc_source *sl_proc_open(const char *root, char *err, size_t errlen)
{
	struct sl_proc_source *p = calloc(1, sizeof(*p));
	struct mmstat_error e;

	if (!p) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (root && strcmp(root, "/"))
		snprintf(p->root, sizeof(p->root), "%s", root);
	const char *mroot = p->root[0] ? p->root : NULL;
	sl_word_file_init(&p->policy, p->root, "/proc/sys/vm/lru_scan_balance");
	sl_word_file_init(&p->mglru, p->root, "/sys/kernel/mm/lru_gen/enabled");
	sl_word_file_init(&p->swappiness, p->root, "/proc/sys/vm/swappiness");

	p->meminfo = mmstat_meminfo_new(mroot, &e);
	if (!p->meminfo)
		goto fail;
	p->vmstat = mmstat_vmstat_new(mroot, &e);
	if (!p->vmstat)
		goto fail;
	p->zoneinfo = mmstat_zoneinfo_new(mroot, &e);
	if (!p->zoneinfo)
		goto fail;
	if (mmstat_zoneinfo_read(p->zoneinfo)) {
		e = *mmstat_zoneinfo_error(p->zoneinfo);
		goto fail;
	}
	p->psi = mmstat_psi_new(mroot, NULL, &e);	/* optional */

	/*
	 * The nodes are the ones /proc/zoneinfo lists.  One node's meminfo is
	 * /proc/meminfo, read anyway: its own file would cost a second read
	 * every sample for the same figures.
	 */
	size_t nr = mmstat_zoneinfo_nr_nodes(p->zoneinfo);
	for (size_t i = 0; i < nr && p->nr_nodes < SL_MAX_NODES; i++) {
		int nid = mmstat_zoneinfo_node(p->zoneinfo, i)->node;
		p->nids[p->nr_nodes] = nid;
		if (nr > 1)
			p->node_meminfo[p->nr_nodes] = mmstat_node_meminfo_new(mroot, nid, &e);
		p->nr_nodes++;
	}
	if (p->nr_nodes == 0) {
		p->nids[0] = 0;
		p->nr_nodes = 1;
	}
	find_cgroup2(p);
	return p;
fail:
	set_err(err, errlen, &e);
	sl_proc_close(p);
	return NULL;
}

void sl_proc_want_memcgs(struct sl_proc_source *p, bool want)
{
	if (want && !p->want_memcgs)
		p->samples = 0;		/* what changed while off: rescan now */
	p->want_memcgs = want;
}

void sl_proc_close(struct sl_proc_source *p)
{
	if (!p)
		return;
	mmstat_meminfo_free(p->meminfo);
	mmstat_vmstat_free(p->vmstat);
	mmstat_zoneinfo_free(p->zoneinfo);
	mmstat_psi_free(p->psi);
	mmstat_lru_gen_free(p->lru_gen);
	for (int i = 0; i < p->nr_nodes; i++)
		mmstat_meminfo_free(p->node_meminfo[i]);
	memcgs_free(p->memcgs, p->nr_memcgs);
	sl_word_file_close(&p->policy);
	sl_word_file_close(&p->mglru);
	sl_word_file_close(&p->swappiness);
	free(p);
}

static void sample_node(struct sl_proc_source *p, int i, struct sl_sample *s,
			const struct mmstat_table *global_mi)
{
	struct sl_node_sample *n = &s->nodes[s->nr_nodes++];
	const struct mmstat_table *mi = global_mi;
	const struct mmstat_node *zn;

	n->nid = p->nids[i];
	if (p->node_meminfo[i] && mmstat_meminfo_read(p->node_meminfo[i]) == 0)
		mi = mmstat_meminfo_table(p->node_meminfo[i]);
	else if (p->nr_nodes > 1)
		s->missing |= SL_LACK_NODE_MEMINFO;
	/* /proc/meminfo is the node's own on a one-node machine. */
	if (mi != global_mi || p->nr_nodes == 1)
		for (int k = 0; k < SL_MEM_NR; k++)
			n->mem[k] = get(mi, mem_keys[k]);

	zn = mmstat_zoneinfo_find_node(p->zoneinfo, n->nid);
	for (int k = 0; zn && k < SL_ZBAL_NR; k++)
		n->zbal[k] = get(&zn->stats, zbal_keys[k]);
	if (n->zbal[SL_ZBAL_ANON_PERMILLE] == SL_MISSING)
		s->missing |= SL_LACK_ZBAL;
}

/* Why /sys/kernel/debug/lru_gen cannot be opened, from open()'s errno. */
static enum sl_lru_gen_state lru_gen_missing(const struct sl_proc_source *p, int err)
{
	char path[700];

	if (err == EACCES || err == EPERM)
		return SL_LRU_GEN_NOT_ROOT;
	snprintf(path, sizeof(path), "%s/sys/kernel/mm/lru_gen/enabled", p->root);
	return access(path, F_OK) ? SL_LRU_GEN_NO_KERNEL : SL_LRU_GEN_NO_DEBUGFS;
}

/*
 * MGLRU's generations, only while it is on (the file shows none
 * otherwise, and reading it walks every memcg).  The file is opened on
 * first use and kept; a failed open is tried again at the next rescan,
 * because debugfs may be mounted meanwhile (until then the sample says
 * why as the last try found).
 */
static void sample_lru_gen(struct sl_proc_source *p, struct sl_sample *s, bool retry)
{
	struct mmstat_error e;

	if (!sl_mglru_on(s->mglru)) {
		s->lru_gen = SL_LRU_GEN_OFF;
		return;
	}
	if (!p->lru_gen) {
		/* OFF: not tried yet */
		if (!retry && p->lru_gen_missing != SL_LRU_GEN_OFF) {
			s->lru_gen = p->lru_gen_missing;
			return;
		}
		p->lru_gen = mmstat_lru_gen_new(p->root[0] ? p->root : NULL, NULL, &e);
		if (!p->lru_gen) {
			s->lru_gen = p->lru_gen_missing = lru_gen_missing(p, e.sys_errno);
			return;
		}
	}
	if (mmstat_lru_gen_read(p->lru_gen)) {
		const struct mmstat_error *re = mmstat_lru_gen_error(p->lru_gen);
		s->lru_gen = re->kind == MMSTAT_ERR_IO ? lru_gen_missing(p, re->sys_errno)
						       : SL_LRU_GEN_BAD;
		return;
	}
	sl_sample_set_lru_gen(s, p->lru_gen);
}

/*
 * A memcg's SL_CG keys, each looked for first where it was last time:
 * one compare instead of a walk through memory.stat's 50-odd names.
 */
static void sample_memcg_keys(struct proc_memcg *m, const struct mmstat_table *t,
			      uint64_t *stat)
{
	for (int k = 0; k < SL_CG_NR; k++) {
		int at = m->cg_at[k];
		const struct mmstat_entry *e;

		if (at >= 0 && (size_t)at < t->count && !strcmp(t->entries[at].name, sl_cg_names[k]))
			e = &t->entries[at];
		else
			e = mmstat_table_find(t, sl_cg_names[k]);
		m->cg_at[k] = e ? (int)(e - t->entries) : -1;
		stat[k] = e ? e->value : SL_MISSING;
	}
}

/* Every memcg's memory.stat: only while someone shows or keeps them. */
static void sample_memcgs(struct sl_proc_source *p, struct sl_sample *s, bool rescan)
{
	bool vanished = false;

	if (rescan)
		memcgs_scan(p);
	for (int i = 0; i < p->nr_memcgs; i++) {
		struct proc_memcg *m = &p->memcgs[i];
		if (mmstat_memcg_read(m->stat)) {
			vanished = true;	/* removed since the scan */
			continue;
		}
		struct sl_memcg_sample *ms = &s->memcgs[s->nr_memcgs++];
		ms->id = m->id;
		snprintf(ms->path, sizeof(ms->path), "%s", m->path);
		sample_memcg_keys(m, mmstat_memcg_table(m->stat), ms->stat);
	}
	if (vanished)
		p->samples = 0;		/* rescan next time */
}

int sl_proc_sample(struct sl_proc_source *p, struct sl_sample *s,
		   char *err, size_t errlen)
{
	const struct mmstat_table *mi, *vm;
	char word[SL_WORD];
	bool rescan = p->samples++ % MEMCG_RESCAN_SAMPLES == 0;

	if (mmstat_meminfo_read(p->meminfo)) {
		set_err(err, errlen, mmstat_meminfo_error(p->meminfo));
		return -1;
	}
	if (mmstat_vmstat_read(p->vmstat)) {
		set_err(err, errlen, mmstat_vmstat_error(p->vmstat));
		return -1;
	}
	/*
	 * zoneinfo is the largest of these files and only its lru_* lines
	 * change what a sample holds: without them (a stock kernel) it is
	 * read again at the rescans only, in case a capture's copy changes.
	 */
	if ((!p->zbal_absent || rescan) && mmstat_zoneinfo_read(p->zoneinfo)) {
		set_err(err, errlen, mmstat_zoneinfo_error(p->zoneinfo));
		return -1;
	}
	mi = mmstat_meminfo_table(p->meminfo);
	vm = mmstat_vmstat_table(p->vmstat);
	s->swap_total = get(mi, MMSTAT_MI_SWAP_TOTAL);
	s->swap_free = get(mi, MMSTAT_MI_SWAP_FREE);
	for (int k = 0; k < SL_VM_NR; k++)
		s->vm[k] = get(vm, vm_keys[k]);

	if (p->psi && mmstat_psi_read(p->psi) == 0) {
		const struct mmstat_table *psi = mmstat_psi_table(p->psi);
		s->psi_some10 = get(psi, MMSTAT_PSI_SOME_AVG10);
		s->psi_full10 = get(psi, MMSTAT_PSI_FULL_AVG10);
	} else {
		s->missing |= SL_LACK_PSI;
	}

	sl_word_file_read(&p->policy, rescan, s->policy, sizeof(s->policy));
	sl_word_file_read(&p->mglru, rescan, s->mglru, sizeof(s->mglru));
	sl_word_file_read(&p->swappiness, rescan, word, sizeof(word));
	if (word[0])
		s->swappiness = strtoull(word, NULL, 10);

	for (int i = 0; i < p->nr_nodes; i++)
		sample_node(p, i, s, mi);
	p->zbal_absent = s->missing & SL_LACK_ZBAL;
	sample_lru_gen(p, s, rescan);

	if (!p->cgroup_dir[0])
		s->missing |= SL_LACK_MEMCG;
	if (p->want_memcgs)
		sample_memcgs(p, s, rescan);
	return 0;
}
