/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * model.h: what splitlrutop knows about the machine at one moment (a
 * sample), and what the screen shows about one interval (a frame, derived
 * from two samples).
 *
 * The sampler is the only code that fills a sample; record.c writes and
 * reads samples; derive.c turns two samples into a frame; the display units
 * only read frames.  A sample holds cumulative counters and instantaneous
 * sizes exactly as the sources gave them, so a recording replays through
 * the same derivation as a live run and gives the same frames.
 *
 * Missing is not zero: a value a source did not provide is SL_MISSING and
 * is shown as "-".
 */
#ifndef SPLITLRUTOP_MODEL_H
#define SPLITLRUTOP_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lru_events.h"
#include "sl_derive.h"	/* SL_MISSING, the figures */
#include "sl_limits.h"	/* enum lru_source, enum sl_limit */
#include "sl_snapshot.h"

#define SL_MAX_NODES 8
#define SL_MAX_MEMCGS 32
#define SL_MEMCG_PATH 96
#define SL_HISTORY 64		/* sparkline samples kept per node */

/*
 * The fields read from /proc and /sys: X(ID, file's name, libmmstat key).
 * source_proc.c builds its key arrays from the third column, so they follow
 * these tables by construction.
 */

/* Per-node sizes from nodeN/meminfo, in kB. */
#define SL_MEM_FIELDS(X)                                                     \
	X(TOTAL, "MemTotal", MI_MEM_TOTAL) X(FREE, "MemFree", MI_MEM_FREE)   \
	X(ACTIVE_ANON, "Active(anon)", MI_ACTIVE_ANON)                       \
	X(INACTIVE_ANON, "Inactive(anon)", MI_INACTIVE_ANON)                 \
	X(ACTIVE_FILE, "Active(file)", MI_ACTIVE_FILE)                       \
	X(INACTIVE_FILE, "Inactive(file)", MI_INACTIVE_FILE)                 \
	X(UNEVICTABLE, "Unevictable", MI_UNEVICTABLE)

/*
 * The balance lines our kernel patch prints per node in /proc/zoneinfo.
 * Each anon line is followed by its file line (derive.c relies on it).
 * Series v1 has only lru_scan_*, its decided share; v2 adds the decided
 * and target pairs and keeps lru_scan_* equal to the decided one.
 */
#define SL_ZBAL_FIELDS(X)                                                    \
	X(ROTATED_ANON, "lru_rotated_anon", VM_LRU_ROTATED_ANON)             \
	X(ROTATED_FILE, "lru_rotated_file", VM_LRU_ROTATED_FILE)             \
	X(ANON_COST, "lru_anon_cost", VM_LRU_ANON_COST)                      \
	X(FILE_COST, "lru_file_cost", VM_LRU_FILE_COST)                      \
	X(ANON_PERMILLE, "lru_scan_anon_permille", VM_LRU_SCAN_ANON_PERMILLE) \
	X(FILE_PERMILLE, "lru_scan_file_permille", VM_LRU_SCAN_FILE_PERMILLE) \
	X(DECIDED_ANON_PERMILLE, "lru_decided_anon_permille",                \
	  VM_LRU_DECIDED_ANON_PERMILLE)                                      \
	X(DECIDED_FILE_PERMILLE, "lru_decided_file_permille",                \
	  VM_LRU_DECIDED_FILE_PERMILLE)                                      \
	X(TARGET_ANON_PERMILLE, "lru_target_anon_permille",                  \
	  VM_LRU_TARGET_ANON_PERMILLE)                                       \
	X(TARGET_FILE_PERMILLE, "lru_target_file_permille",                  \
	  VM_LRU_TARGET_FILE_PERMILLE)

/* System-wide event counters from /proc/vmstat. */
#define SL_VM_FIELDS(X)                                                      \
	X(PGSCAN_ANON, "pgscan_anon", VM_PGSCAN_ANON)                        \
	X(PGSCAN_FILE, "pgscan_file", VM_PGSCAN_FILE)                        \
	X(PGSTEAL_ANON, "pgsteal_anon", VM_PGSTEAL_ANON)                     \
	X(PGSTEAL_FILE, "pgsteal_file", VM_PGSTEAL_FILE)                     \
	X(PGSCAN_KSWAPD, "pgscan_kswapd", VM_PGSCAN_KSWAPD)                  \
	X(PGSCAN_DIRECT, "pgscan_direct", VM_PGSCAN_DIRECT)                  \
	X(PGSTEAL_KSWAPD, "pgsteal_kswapd", VM_PGSTEAL_KSWAPD)               \
	X(PGSTEAL_DIRECT, "pgsteal_direct", VM_PGSTEAL_DIRECT)               \
	X(PGACTIVATE, "pgactivate", VM_PGACTIVATE)                           \
	X(PGDEACTIVATE, "pgdeactivate", VM_PGDEACTIVATE)                     \
	X(PGROTATED, "pgrotated", VM_PGROTATED)                              \
	X(PGREFILL, "pgrefill", VM_PGREFILL)                                 \
	X(PSWPIN, "pswpin", VM_PSWPIN) X(PSWPOUT, "pswpout", VM_PSWPOUT)     \
	X(REFAULT_ANON, "workingset_refault_anon", VM_WORKINGSET_REFAULT_ANON) \
	X(REFAULT_FILE, "workingset_refault_file", VM_WORKINGSET_REFAULT_FILE)

/* A memory cgroup's memory.stat (v2 names; looked up by name). */
#define SL_CG_FIELDS(X)                                                      \
	X(ANON, "anon") X(FILE, "file")                                      \
	X(ACTIVE_ANON, "active_anon") X(INACTIVE_ANON, "inactive_anon")      \
	X(ACTIVE_FILE, "active_file") X(INACTIVE_FILE, "inactive_file")      \
	X(PGSCAN, "pgscan") X(PGSTEAL, "pgsteal")                            \
	X(PGSCAN_KSWAPD, "pgscan_kswapd") X(PGSCAN_DIRECT, "pgscan_direct")  \
	X(PGACTIVATE, "pgactivate") X(PGDEACTIVATE, "pgdeactivate")          \
	X(PGREFILL, "pgrefill")

#define SL__ENUM(prefix, id) prefix##id,
#define SL__MEM(id, name, key) SL__ENUM(SL_MEM_, id)
#define SL__ZBAL(id, name, key) SL__ENUM(SL_ZBAL_, id)
#define SL__VM(id, name, key) SL__ENUM(SL_VM_, id)
#define SL__CG(id, name) SL__ENUM(SL_CG_, id)
enum sl_mem_field { SL_MEM_FIELDS(SL__MEM) SL_MEM_NR };
enum sl_zbal_field { SL_ZBAL_FIELDS(SL__ZBAL) SL_ZBAL_NR };
enum sl_vm_field { SL_VM_FIELDS(SL__VM) SL_VM_NR };
enum sl_cg_field { SL_CG_FIELDS(SL__CG) SL_CG_NR };

extern const char *const sl_mem_names[SL_MEM_NR];
extern const char *const sl_zbal_names[SL_ZBAL_NR];
extern const char *const sl_vm_names[SL_VM_NR];
extern const char *const sl_cg_names[SL_CG_NR];

/*
 * The four evictable lists, in the kernel's order (enum sl_lru); their
 * names are lru_name(LRU_NAMES_LRU, l).
 */
#define SL_NR_LISTS 4

/* Who reclaimed: the display's split; memcg reclaim counts as direct. */
enum sl_who { SL_WHO_KSWAPD, SL_WHO_DIRECT, SL_WHO_OTHER, SL_WHO_NR };
extern const char *const sl_who_names[SL_WHO_NR];

/*
 * The decision that stands for a node (sl_node_decision): the loader's own
 * struct lru_balance, as the BPF side saw it (sl_balance_record's fields).
 */
struct sl_decision {
	bool present;
	struct lru_balance b;
};

/* ---- MGLRU (multi-gen LRU): only filled while lru_gen/enabled is on ---- */

#define SL_MAX_GENS 8		/* MAX_NR_GENS is 4; room for a later kernel */
#define SL_MAX_LRUVECS 64	/* lru_gen lruvecs kept: (memcg, node) pairs */
#define SL_MAX_GEN_COUNTS 8	/* per node: (type, swappiness) pairs seen */
enum sl_gen_type { SL_GEN_ANON, SL_GEN_FILE, SL_GEN_TYPES };
extern const char *const sl_gen_type_names[SL_GEN_TYPES];

/* One generation of a lruvec, as /sys/kernel/debug/lru_gen prints it. */
struct sl_gen {
	uint64_t seq, age_ms;
	uint64_t pages[SL_GEN_TYPES];
};

/*
 * One lruvec of /sys/kernel/debug/lru_gen.  memcg_id is the kernel's
 * mem_cgroup_id() (not the cgroup inode id the BPF keys and memcg rows
 * use): the path is what ties them together.
 */
struct sl_lruvec_gens {
	int nid;
	unsigned memcg_id;
	char memcg[SL_MEMCG_PATH];	/* "/" for the root; "" without memcg */
	uint64_t min_seq, max_seq;
	int nr_gens;
	struct sl_gen gens[SL_MAX_GENS];	/* min_seq .. max_seq */
};

/*
 * Why a sample has no generations (recorded as lru_gen=WORD).  OK: read;
 * OFF: MGLRU is off, nothing asked.
 */
enum sl_lru_gen_state {
	SL_LRU_GEN_OFF,
	SL_LRU_GEN_OK,
	SL_LRU_GEN_NO_DEBUGFS,	/* no /sys/kernel/debug/lru_gen: debugfs not mounted */
	SL_LRU_GEN_NOT_ROOT,	/* debugfs is root's */
	SL_LRU_GEN_NO_KERNEL,	/* no lru_gen/enabled: kernel without CONFIG_LRU_GEN */
	SL_LRU_GEN_BAD,		/* the file did not parse, or its lruvecs did not fit */
	SL_LRU_GEN_STATE_NR,
};
extern const char *const sl_lru_gen_state_names[SL_LRU_GEN_STATE_NR];
/* The one-line reason shown on screen and in the JSON; NULL for OK and OFF. */
const char *sl_lru_gen_reason(enum sl_lru_gen_state st);

/*
 * MGLRU evictions of one node by (type, swappiness), summed over memcgs
 * and reclaimers, cumulative since attach: the BPF programs' counts
 * (lru_mglru_counts).  type is the one isolate_folios() chose.
 */
struct sl_gen_count {
	uint8_t type;		/* enum sl_gen_type */
	uint8_t swappiness;	/* 0..200, 201: anon only */
	uint64_t evictions;	/* evict_folios() runs */
	uint64_t scanned;	/* pages isolated (6.1's pgscan_*) */
	uint64_t reclaimed;	/* pgsteal_* */
};

struct sl_node_sample {
	int nid;
	uint64_t mem[SL_MEM_NR];
	uint64_t zbal[SL_ZBAL_NR];
	struct sl_decision decision;
	/* MGLRU by BPF, when the sample has_gen_counts */
	int nr_gen_counts;
	struct sl_gen_count gen_counts[SL_MAX_GEN_COUNTS];
	uint64_t aging_steps;		/* new generations; SL_MISSING */
	uint64_t aging_attempts;	/* try_to_inc_max_seq() calls; SL_MISSING */
};

struct sl_memcg_sample {
	uint64_t id;			/* cgroup id (the directory's inode) */
	char path[SL_MEMCG_PATH];	/* relative to the cgroup root; "/" for it */
	uint64_t stat[SL_CG_NR];
};

/*
 * What a sample lacks besides its source's limits (sl_sample.cannot); the
 * source line is written from both.
 */
enum sl_missing_bits {
	SL_LACK_BPF = 1u << 0,		/* no decision events, no per-list counters */
	SL_LACK_ZBAL = 1u << 1,		/* zoneinfo has no lru_* lines: stock kernel */
	SL_LACK_PSI = 1u << 2,
	SL_LACK_MEMCG = 1u << 3,	/* no cgroup v2 memory controller */
	SL_LACK_NODE_MEMINFO = 1u << 4,	/* no nodeN/meminfo: /proc/meminfo as node 0 */
	SL_LACK_DECISION = 1u << 5,	/* recordings without source=: stock-tracepoints */
};

/* Why BPF is off, as a short reason code (recorded, so replay says it too). */
enum sl_bpf_reason {
	SL_BPF_ON,
	SL_BPF_NOT_BUILT,	/* built without the loader library */
	SL_BPF_NOT_ROOT,
	SL_BPF_NO_BTF,
	SL_BPF_LOAD_FAILED,
	SL_BPF_DISABLED,	/* --no-bpf */
	SL_BPF_REASON_NR,
};
extern const char *const sl_bpf_reason_names[SL_BPF_REASON_NR];

#define SL_WORD 16

struct sl_sample {
	uint64_t seq;
	uint64_t mono_ns;		/* CLOCK_MONOTONIC: rates use this */
	uint64_t real_s;		/* wall clock, for the header only */
	uint64_t boot_s;		/* CLOCK_BOOTTIME: uptime */
	uint64_t interval_ms;		/* the refresh interval asked for */
	char policy[SL_WORD];		/* vm.lru_scan_balance, "" when absent */
	uint64_t swappiness;
	char mglru[SL_WORD];		/* lru_gen/enabled, "" when absent */
	uint64_t psi_some10, psi_full10;	/* centipercent */
	uint64_t swap_total, swap_free;	/* kB */
	uint64_t vm[SL_VM_NR];
	uint64_t self_cpu_ns;		/* splitlrutop's own user+sys time */
	uint64_t self_rss_kb;		/* its peak RSS */
	uint64_t bpf_events;		/* events the BPF side counted, cumulative */
	uint64_t bpf_drops;
	uint32_t missing;		/* enum sl_missing_bits */
	uint32_t bpf_reason;		/* enum sl_bpf_reason */
	uint32_t source;		/* enum lru_source the figures came from */
	uint32_t cannot;		/* what it cannot give: 1 << enum sl_limit */
	/*
	 * Slots past nr_nodes and nr_memcgs stay as sl_sample_init made them:
	 * fill the next one and count it (nodes[nr_nodes++]), so that
	 * sl_sample_reset has only the used ones to clear.
	 */
	int nr_nodes;
	struct sl_node_sample nodes[SL_MAX_NODES];
	int nr_memcgs;
	struct sl_memcg_sample memcgs[SL_MAX_MEMCGS];
	/*
	 * The BPF per-list counters, cumulative since attach, exactly as the
	 * loader's snapshot has them (its lists only; keyed by node, memcg,
	 * list and reclaimer).  A frame's counts are lru_snapshot_delta of two
	 * samples' (derive.c).  have_lists: the sample has them (BPF on);
	 * have_memcg_lists: they carry memcgs (not the stock events').
	 */
	struct lru_snapshot bpf;
	bool have_lists, have_memcg_lists;
	/*
	 * MGLRU: the generations of /sys/kernel/debug/lru_gen (lru_gen
	 * says whether they were read), and whether the nodes' gen_counts
	 * and aging come from BPF (the MGLRU programs ran).
	 */
	uint32_t lru_gen;		/* enum sl_lru_gen_state */
	int nr_lruvecs;
	/* past nr_lruvecs not cleared by sl_sample_reset: clear a slot to fill it */
	struct sl_lruvec_gens lruvecs[SL_MAX_LRUVECS];
	bool have_gen_counts;
};

/* A sample with nothing known yet (its bpf arrays start empty). */
void sl_sample_init(struct sl_sample *s);
/* The same for a sample used before: its bpf arrays are kept for reuse. */
void sl_sample_reset(struct sl_sample *s);
/* Free what the sample holds (not the sample). */
void sl_sample_release(struct sl_sample *s);
/*
 * The two samples a loop alternates between (previous and current), in one
 * allocation; sl_sample_pair_free() it.  NULL when out of memory.
 */
struct sl_sample *sl_sample_pair_new(void);
void sl_sample_pair_free(struct sl_sample *pair);
/* lru_gen/enabled's word says MGLRU is on (a nonzero hex mask). */
bool sl_mglru_on(const char *word);
const struct sl_node_sample *sl_sample_node(const struct sl_sample *s, int nid);
const struct sl_memcg_sample *sl_sample_memcg(const struct sl_sample *s, uint64_t id);
/*
 * Count one (type, swappiness) of a node's MGLRU evictions into n: added
 * to the entry of that pair.  -1 when the node has no room left.
 */
int sl_node_add_gen_count(struct sl_node_sample *n, const struct sl_gen_count *c);

struct mmstat_lru_gen;
/*
 * The generations libmmstat parsed into s->lruvecs (lruvecs beyond
 * SL_MAX_LRUVECS or generations beyond SL_MAX_GENS make it SL_LRU_GEN_BAD:
 * a partial sum would pass for the node's).  Sets s->lru_gen.
 */
void sl_sample_set_lru_gen(struct sl_sample *s, const struct mmstat_lru_gen *g);

#endif /* SPLITLRUTOP_MODEL_H */
