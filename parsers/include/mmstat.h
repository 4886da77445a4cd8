/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libmmstat: parsers for the kernel's memory statistics files.
 *
 *   /proc/meminfo, /sys/devices/system/node/nodeN/meminfo   mmstat_meminfo
 *   /proc/vmstat,  /sys/devices/system/node/nodeN/vmstat    mmstat_vmstat
 *   /proc/zoneinfo                                          mmstat_zoneinfo
 *   cgroup memory.stat (v1 and v2), memory.numa_stat        mmstat_memcg
 *   /proc/pressure/memory, cgroup memory.pressure           mmstat_psi
 *   /sys/kernel/debug/lru_gen (MGLRU generations)           mmstat_lru_gen
 *
 * Each kind has one context with _new / _read / _free.  _new opens the file
 * once; every _read re-reads it from offset 0 with pread() until EOF (a
 * file the kernel prints in one piece, such as /proc/meminfo, ends at the
 * first read that comes back short: one pread per sample), so a sampler
 * pays one open() and no allocation per sample once the buffers have grown.  _parse parses a caller's buffer instead (tests, fuzzers,
 * captures held in memory).
 *
 * Every path is opened below a root directory ("/" when root is NULL), so a
 * capture of another machine's /proc and /sys parses exactly like the live
 * files.
 *
 * The values of a sample live in the context and stay valid until the next
 * _read, _parse or _free of that context.  Keep two contexts to compare two
 * samples (mmstat_delta).  No global state: one context per thread is safe.
 *
 * Errors: functions returning int give 0 on success and -1 on failure; the
 * context's mmstat_error then says which file, which line and why.
 */
#ifndef MMSTAT_H
#define MMSTAT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Pass as root to make a context that opens nothing and is used only with
 * _parse (tests, fuzzers, files already in memory).
 */
extern const char mmstat_no_file[];
#define MMSTAT_NO_FILE mmstat_no_file

/*
 * The largest sample a context reads (bytes): a file that goes on past it
 * is not a statistics file (a symlink to a device, a runaway capture), and
 * _read fails with MMSTAT_ERR_IO and sys_errno EFBIG.  The biggest real
 * one, /proc/zoneinfo of a 16-node machine with 1024 CPUs, is ~40 MiB.
 */
#define MMSTAT_MAX_FILE (256u << 20)

/* The unit a value is printed in by the kernel. */
enum mmstat_unit {
	MMSTAT_UNIT_COUNT,	/* events or items; also unitless HugePages_* */
	MMSTAT_UNIT_KB,		/* kibibytes ("kB") */
	MMSTAT_UNIT_PAGES,	/* base pages of the machine that wrote it */
	MMSTAT_UNIT_BYTES,
	MMSTAT_UNIT_CENTIPERCENT, /* PSI avgN: 1234 means 12.34 % */
	MMSTAT_UNIT_USEC,	/* PSI total stall time */
	MMSTAT_UNIT_HUGEPAGES,	/* transparent huge pages (PMD size), vmstat
				 * nr_*_hugepages and nr_*_pmdmapped */
	MMSTAT_UNIT_MSEC,	/* lru_gen: a generation's age */
};

/* One "key value" of a file, in the order the file has them. */
struct mmstat_entry {
	const char *name;	/* the kernel's key, exactly as printed */
	uint64_t value;
	int key;		/* enum of the table's kind, or MMSTAT_KEY_UNKNOWN */
	enum mmstat_unit unit;
};

#define MMSTAT_KEY_UNKNOWN (-1)

/*
 * What a table holds, and so which enum its keys are.  Every enum key
 * carries its kind in the bits above MMSTAT_KEY_KIND_SHIFT, so a key of
 * one kind looked up in a table of another fails (errno EINVAL) instead
 * of returning whatever has the same position.
 */
enum mmstat_table_kind {
	MMSTAT_TABLE_MEMINFO = 1,	/* MMSTAT_MI_* */
	MMSTAT_TABLE_VMSTAT,		/* MMSTAT_VM_*: vmstat, zoneinfo counters */
	MMSTAT_TABLE_ZONE,		/* MMSTAT_ZONE_*: a zone's own lines */
	MMSTAT_TABLE_PCP,		/* MMSTAT_PCP_*: a pageset */
	MMSTAT_TABLE_PSI,		/* MMSTAT_PSI_* */
	MMSTAT_TABLE_MEMCG,		/* no enum: by name */
};

#define MMSTAT_KEY_KIND_SHIFT 12
#define MMSTAT_KEY_KIND(key) ((int)(key) >> MMSTAT_KEY_KIND_SHIFT)
#define MMSTAT_KEY_INDEX(key) ((int)(key) & ((1 << MMSTAT_KEY_KIND_SHIFT) - 1))

/*
 * A view of entries in file order.  index, when not NULL, maps a key's
 * MMSTAT_KEY_INDEX to its position (or -1), so lookups by enum are O(1)
 * on top-level tables.
 */
struct mmstat_table {
	const struct mmstat_entry *entries;
	size_t count;
	const int32_t *index;
	size_t index_len;
	enum mmstat_table_kind kind;
};

/*
 * Look up an enum key (MMSTAT_MI_*, MMSTAT_VM_*, ...).  Returns 0 and sets
 * *value, or -1 when the file did not have the key (errno ENOENT: missing
 * is not zero) or when the key is not of the table's kind (errno EINVAL).
 * The typed lookups below say more, and are checked by the compiler.
 */
int mmstat_table_get(const struct mmstat_table *t, int key, uint64_t *value);
/* Look up any key by its kernel name; NULL when absent. */
const struct mmstat_entry *mmstat_table_find(const struct mmstat_table *t,
					     const char *name);

const char *mmstat_unit_name(enum mmstat_unit unit);	/* "kB", "pages", ... */

/* ---- errors ---- */

enum mmstat_error_kind {
	MMSTAT_ERR_NONE = 0,
	MMSTAT_ERR_IO = 2,	/* open/read failed; sys_errno says why */
	MMSTAT_ERR_PARSE = 3,	/* the file's text is not what the kernel writes */
	MMSTAT_ERR_NOMEM = 4,
};

struct mmstat_error {
	enum mmstat_error_kind kind;
	int sys_errno;		/* for MMSTAT_ERR_IO */
	unsigned line;		/* 1-based; 0 when not about one line */
	char path[512];		/* the file as opened (root included) */
	char reason[160];
};

/* "PATH:LINE: REASON" (or "PATH: REASON") into buf; returns buf. */
char *mmstat_error_string(const struct mmstat_error *e, char *buf, size_t len);

/* ---- keys the library knows by enum ---- */

/*
 * X-macro lists: one place for each kind's known keys, their kernel names
 * and units.  Unknown keys are still kept (key = MMSTAT_KEY_UNKNOWN).
 */
#define MMSTAT_MEMINFO_KEYS(X)                                               \
	X(MEM_TOTAL, "MemTotal", KB) X(MEM_FREE, "MemFree", KB)              \
	X(MEM_USED, "MemUsed", KB) X(MEM_AVAILABLE, "MemAvailable", KB)      \
	X(BUFFERS, "Buffers", KB) X(CACHED, "Cached", KB)                    \
	X(SWAP_CACHED, "SwapCached", KB) X(ACTIVE, "Active", KB)             \
	X(INACTIVE, "Inactive", KB) X(ACTIVE_ANON, "Active(anon)", KB)       \
	X(INACTIVE_ANON, "Inactive(anon)", KB)                               \
	X(ACTIVE_FILE, "Active(file)", KB)                                   \
	X(INACTIVE_FILE, "Inactive(file)", KB)                               \
	X(UNEVICTABLE, "Unevictable", KB) X(MLOCKED, "Mlocked", KB)          \
	X(SWAP_TOTAL, "SwapTotal", KB) X(SWAP_FREE, "SwapFree", KB)          \
	X(ZSWAP, "Zswap", KB) X(ZSWAPPED, "Zswapped", KB)                    \
	X(DIRTY, "Dirty", KB) X(WRITEBACK, "Writeback", KB)                  \
	X(ANON_PAGES, "AnonPages", KB) X(MAPPED, "Mapped", KB)               \
	X(SHMEM, "Shmem", KB) X(FILE_PAGES, "FilePages", KB)                 \
	X(KRECLAIMABLE, "KReclaimable", KB) X(SLAB, "Slab", KB)              \
	X(SRECLAIMABLE, "SReclaimable", KB) X(SUNRECLAIM, "SUnreclaim", KB)  \
	X(KERNEL_STACK, "KernelStack", KB)                                   \
	X(SHADOW_CALL_STACK, "ShadowCallStack", KB)                          \
	X(PAGE_TABLES, "PageTables", KB)                                     \
	X(SEC_PAGE_TABLES, "SecPageTables", KB)                              \
	X(NFS_UNSTABLE, "NFS_Unstable", KB) X(BOUNCE, "Bounce", KB)          \
	X(WRITEBACK_TMP, "WritebackTmp", KB)                                 \
	X(COMMIT_LIMIT, "CommitLimit", KB)                                   \
	X(COMMITTED_AS, "Committed_AS", KB)                                  \
	X(VMALLOC_TOTAL, "VmallocTotal", KB)                                 \
	X(VMALLOC_USED, "VmallocUsed", KB)                                   \
	X(VMALLOC_CHUNK, "VmallocChunk", KB) X(PERCPU, "Percpu", KB)         \
	X(HARDWARE_CORRUPTED, "HardwareCorrupted", KB)                       \
	X(ANON_HUGE_PAGES, "AnonHugePages", KB)                              \
	X(SHMEM_HUGE_PAGES, "ShmemHugePages", KB)                            \
	X(SHMEM_PMD_MAPPED, "ShmemPmdMapped", KB)                            \
	X(FILE_HUGE_PAGES, "FileHugePages", KB)                              \
	X(FILE_PMD_MAPPED, "FilePmdMapped", KB)                              \
	X(CMA_TOTAL, "CmaTotal", KB) X(CMA_FREE, "CmaFree", KB)              \
	X(BALLOON, "Balloon", KB)                                            \
	X(HUGEPAGES_TOTAL, "HugePages_Total", COUNT)                         \
	X(HUGEPAGES_FREE, "HugePages_Free", COUNT)                           \
	X(HUGEPAGES_RSVD, "HugePages_Rsvd", COUNT)                           \
	X(HUGEPAGES_SURP, "HugePages_Surp", COUNT)                           \
	X(HUGEPAGESIZE, "Hugepagesize", KB) X(HUGETLB, "Hugetlb", KB)        \
	X(DIRECT_MAP_4K, "DirectMap4k", KB)                                  \
	X(DIRECT_MAP_2M, "DirectMap2M", KB)                                  \
	X(DIRECT_MAP_1G, "DirectMap1G", KB)

/*
 * /proc/vmstat, nodeN/vmstat and the counters in /proc/zoneinfo share these
 * names.  The lru_* balance lines are printed only by our kernel patch, in
 * each node's "per-node stats" block of /proc/zoneinfo.
 */
#define MMSTAT_VMSTAT_KEYS(X)                                                \
	X(NR_FREE_PAGES, "nr_free_pages", PAGES)                             \
	X(NR_ZONE_INACTIVE_ANON, "nr_zone_inactive_anon", PAGES)             \
	X(NR_ZONE_ACTIVE_ANON, "nr_zone_active_anon", PAGES)                 \
	X(NR_ZONE_INACTIVE_FILE, "nr_zone_inactive_file", PAGES)             \
	X(NR_ZONE_ACTIVE_FILE, "nr_zone_active_file", PAGES)                 \
	X(NR_ZONE_UNEVICTABLE, "nr_zone_unevictable", PAGES)                 \
	X(NR_INACTIVE_ANON, "nr_inactive_anon", PAGES)                       \
	X(NR_ACTIVE_ANON, "nr_active_anon", PAGES)                           \
	X(NR_INACTIVE_FILE, "nr_inactive_file", PAGES)                       \
	X(NR_ACTIVE_FILE, "nr_active_file", PAGES)                           \
	X(NR_UNEVICTABLE, "nr_unevictable", PAGES)                           \
	X(NR_ISOLATED_ANON, "nr_isolated_anon", PAGES)                       \
	X(NR_ISOLATED_FILE, "nr_isolated_file", PAGES)                       \
	X(NR_ANON_PAGES, "nr_anon_pages", PAGES)                             \
	X(NR_MAPPED, "nr_mapped", PAGES)                                     \
	X(NR_FILE_PAGES, "nr_file_pages", PAGES)                             \
	X(NR_DIRTY, "nr_dirty", PAGES) X(NR_WRITEBACK, "nr_writeback", PAGES) \
	X(NR_SHMEM, "nr_shmem", PAGES)                                       \
	X(NR_SWAPCACHED, "nr_swapcached", PAGES)                             \
	X(NR_KERNEL_STACK, "nr_kernel_stack", KB)                            \
	X(WORKINGSET_REFAULT_ANON, "workingset_refault_anon", COUNT)         \
	X(WORKINGSET_REFAULT_FILE, "workingset_refault_file", COUNT)         \
	X(WORKINGSET_ACTIVATE_ANON, "workingset_activate_anon", COUNT)       \
	X(WORKINGSET_ACTIVATE_FILE, "workingset_activate_file", COUNT)       \
	X(WORKINGSET_RESTORE_ANON, "workingset_restore_anon", COUNT)         \
	X(WORKINGSET_RESTORE_FILE, "workingset_restore_file", COUNT)         \
	X(PGPGIN, "pgpgin", KB) X(PGPGOUT, "pgpgout", KB)                    \
	X(PSWPIN, "pswpin", COUNT) X(PSWPOUT, "pswpout", COUNT)              \
	X(PGFAULT, "pgfault", COUNT) X(PGMAJFAULT, "pgmajfault", COUNT)      \
	X(PGREFILL, "pgrefill", COUNT)                                       \
	X(PGSTEAL_KSWAPD, "pgsteal_kswapd", COUNT)                           \
	X(PGSTEAL_DIRECT, "pgsteal_direct", COUNT)                           \
	X(PGSCAN_KSWAPD, "pgscan_kswapd", COUNT)                             \
	X(PGSCAN_DIRECT, "pgscan_direct", COUNT)                             \
	X(PGSCAN_ANON, "pgscan_anon", COUNT)                                 \
	X(PGSCAN_FILE, "pgscan_file", COUNT)                                 \
	X(PGSTEAL_ANON, "pgsteal_anon", COUNT)                               \
	X(PGSTEAL_FILE, "pgsteal_file", COUNT)                               \
	X(PGACTIVATE, "pgactivate", COUNT)                                   \
	X(PGDEACTIVATE, "pgdeactivate", COUNT)                               \
	X(PGROTATED, "pgrotated", COUNT)                                     \
	X(ALLOCSTALL_NORMAL, "allocstall_normal", COUNT)                     \
	X(OOM_KILL, "oom_kill", COUNT)                                       \
	X(LRU_ROTATED_ANON, "lru_rotated_anon", COUNT)                       \
	X(LRU_ROTATED_FILE, "lru_rotated_file", COUNT)                       \
	X(LRU_ANON_COST, "lru_anon_cost", COUNT)                             \
	X(LRU_FILE_COST, "lru_file_cost", COUNT)                             \
	X(LRU_SCAN_ANON_PERMILLE, "lru_scan_anon_permille", COUNT)           \
	X(LRU_SCAN_FILE_PERMILLE, "lru_scan_file_permille", COUNT)          \
	X(NR_ANON_THPS, "nr_anon_transparent_hugepages", HUGEPAGES)          \
	X(NR_FILE_THPS, "nr_file_hugepages", HUGEPAGES)                      \
	X(NR_SHMEM_THPS, "nr_shmem_hugepages", HUGEPAGES)                    \
	X(NR_FILE_PMDMAPPED, "nr_file_pmdmapped", HUGEPAGES)                 \
	X(NR_SHMEM_PMDMAPPED, "nr_shmem_pmdmapped", HUGEPAGES)               \
	X(NR_FOLL_PIN_ACQUIRED, "nr_foll_pin_acquired", COUNT)               \
	X(NR_FOLL_PIN_RELEASED, "nr_foll_pin_released", COUNT)               \
	/* series v2: appended, so that the values above keep their numbers */ \
	X(LRU_DECIDED_ANON_PERMILLE, "lru_decided_anon_permille", COUNT)     \
	X(LRU_DECIDED_FILE_PERMILLE, "lru_decided_file_permille", COUNT)     \
	X(LRU_TARGET_ANON_PERMILLE, "lru_target_anon_permille", COUNT)       \
	X(LRU_TARGET_FILE_PERMILLE, "lru_target_file_permille", COUNT)

/* A zone's own lines in /proc/zoneinfo (not its counters). */
#define MMSTAT_ZONE_KEYS(X)                                                  \
	X(FREE, "free", PAGES) X(BOOST, "boost", PAGES)                      \
	X(MIN, "min", PAGES) X(LOW, "low", PAGES) X(HIGH, "high", PAGES)     \
	X(PROMO, "promo", PAGES) X(SCANNED, "scanned", PAGES)                \
	X(NODE_SCANNED, "node_scanned", PAGES)                               \
	X(ACTIVE, "active", PAGES) X(INACTIVE, "inactive", PAGES)            \
	X(SPANNED, "spanned", PAGES) X(PRESENT, "present", PAGES)            \
	X(MANAGED, "managed", PAGES) X(CMA, "cma", PAGES)                    \
	X(NODE_UNRECLAIMABLE, "node_unreclaimable", COUNT)                   \
	X(ALL_UNRECLAIMABLE, "all_unreclaimable", COUNT)                     \
	X(PREV_PRIORITY, "prev_priority", COUNT)                             \
	X(START_PFN, "start_pfn", COUNT)                                     \
	X(INACTIVE_RATIO, "inactive_ratio", COUNT)                           \
	X(NODE_INACTIVE_RATIO, "node_inactive_ratio", COUNT)

/* One CPU's pageset in /proc/zoneinfo. */
#define MMSTAT_PCP_KEYS(X)                                                   \
	X(COUNT, "count", PAGES) X(HIGH, "high", PAGES)                      \
	X(BATCH, "batch", PAGES) X(HIGH_MIN, "high_min", PAGES)              \
	X(HIGH_MAX, "high_max", PAGES)                                       \
	X(STAT_THRESHOLD, "vm stats threshold", COUNT)                       \
	X(PCP, "pcp", COUNT)

/* PSI: "some avg10=..." becomes some_avg10, and so on. */
#define MMSTAT_PSI_KEYS(X)                                                   \
	X(SOME_AVG10, "some_avg10", CENTIPERCENT)                            \
	X(SOME_AVG60, "some_avg60", CENTIPERCENT)                            \
	X(SOME_AVG300, "some_avg300", CENTIPERCENT)                          \
	X(SOME_TOTAL, "some_total", USEC)                                    \
	X(FULL_AVG10, "full_avg10", CENTIPERCENT)                            \
	X(FULL_AVG60, "full_avg60", CENTIPERCENT)                            \
	X(FULL_AVG300, "full_avg300", CENTIPERCENT)                          \
	X(FULL_TOTAL, "full_total", USEC)

#define MMSTAT__ENUM(prefix, id, name, unit) prefix##id,
#define MMSTAT__MI(id, name, unit) MMSTAT__ENUM(MMSTAT_MI_, id, name, unit)
#define MMSTAT__VM(id, name, unit) MMSTAT__ENUM(MMSTAT_VM_, id, name, unit)
#define MMSTAT__ZONE(id, name, unit) MMSTAT__ENUM(MMSTAT_ZONE_, id, name, unit)
#define MMSTAT__PCP(id, name, unit) MMSTAT__ENUM(MMSTAT_PCP_, id, name, unit)
#define MMSTAT__PSI(id, name, unit) MMSTAT__ENUM(MMSTAT_PSI_, id, name, unit)
/* The enumerator before a kind's first key, which gets the kind's base. */
#define MMSTAT__BEFORE(kind) ((MMSTAT_TABLE_##kind << MMSTAT_KEY_KIND_SHIFT) - 1)

/*
 * MMSTAT_MI_MEM_TOTAL ... : each kind's keys, numbered from its base
 * (MMSTAT_KEY_INDEX gives 0, 1, ...); MMSTAT_MI_NR ... how many there are.
 */
enum mmstat_meminfo_key {
	MMSTAT__MI_BEFORE = MMSTAT__BEFORE(MEMINFO), MMSTAT_MEMINFO_KEYS(MMSTAT__MI)
	MMSTAT__MI_END
};
enum mmstat_vmstat_key {
	MMSTAT__VM_BEFORE = MMSTAT__BEFORE(VMSTAT), MMSTAT_VMSTAT_KEYS(MMSTAT__VM)
	MMSTAT__VM_END
};
enum mmstat_zone_key {
	MMSTAT__ZONE_BEFORE = MMSTAT__BEFORE(ZONE), MMSTAT_ZONE_KEYS(MMSTAT__ZONE)
	MMSTAT__ZONE_END
};
enum mmstat_pcp_key {
	MMSTAT__PCP_BEFORE = MMSTAT__BEFORE(PCP), MMSTAT_PCP_KEYS(MMSTAT__PCP)
	MMSTAT__PCP_END
};
enum mmstat_psi_key {
	MMSTAT__PSI_BEFORE = MMSTAT__BEFORE(PSI), MMSTAT_PSI_KEYS(MMSTAT__PSI)
	MMSTAT__PSI_END
};
#define MMSTAT_MI_NR MMSTAT_KEY_INDEX(MMSTAT__MI_END)
#define MMSTAT_VM_NR MMSTAT_KEY_INDEX(MMSTAT__VM_END)
#define MMSTAT_ZONE_NR MMSTAT_KEY_INDEX(MMSTAT__ZONE_END)
#define MMSTAT_PCP_NR MMSTAT_KEY_INDEX(MMSTAT__PCP_END)
#define MMSTAT_PSI_NR MMSTAT_KEY_INDEX(MMSTAT__PSI_END)

/*
 * Typed lookups: the entry of a key (its value, unit and name), or NULL
 * with errno ENOENT when the file lacks it (missing is not zero), or
 * EINVAL when the table is of another kind.  A key of the wrong enum is
 * a compiler warning (-Wenum-conversion, in gcc's and clang's -Wextra;
 * -Werror=enum-conversion makes it an error) and, converted anyway, fails
 * at run time with EINVAL: every key carries its kind.
 *
 *   const struct mmstat_entry *e =
 *           mmstat_get_meminfo(mmstat_meminfo_table(m), MMSTAT_MI_MEM_AVAILABLE);
 *   if (e) printf("%llu %s\n", (unsigned long long)e->value, mmstat_unit_name(e->unit));
 */
const struct mmstat_entry *mmstat_get_meminfo(const struct mmstat_table *t,
					      enum mmstat_meminfo_key key);
const struct mmstat_entry *mmstat_get_vmstat(const struct mmstat_table *t,
					     enum mmstat_vmstat_key key);
const struct mmstat_entry *mmstat_get_zone(const struct mmstat_table *t,
					   enum mmstat_zone_key key);
const struct mmstat_entry *mmstat_get_pcp(const struct mmstat_table *t,
					  enum mmstat_pcp_key key);
const struct mmstat_entry *mmstat_get_psi(const struct mmstat_table *t,
					  enum mmstat_psi_key key);

/*
 * Memory cgroup keys are too many and change too often to enumerate:
 * look them up by name (mmstat_table_find).
 */

/* ---- /proc/meminfo and nodeN/meminfo ---- */

struct mmstat_meminfo;

struct mmstat_meminfo *mmstat_meminfo_new(const char *root,
					  struct mmstat_error *err);
/* nodeN/meminfo; every line's "Node N" prefix must match node. */
struct mmstat_meminfo *mmstat_node_meminfo_new(const char *root, int node,
					       struct mmstat_error *err);
int mmstat_meminfo_read(struct mmstat_meminfo *m);
int mmstat_meminfo_parse(struct mmstat_meminfo *m, const char *buf, size_t len);
const struct mmstat_table *mmstat_meminfo_table(const struct mmstat_meminfo *m);
const struct mmstat_error *mmstat_meminfo_error(const struct mmstat_meminfo *m);
void mmstat_meminfo_free(struct mmstat_meminfo *m);

/* ---- /proc/vmstat and nodeN/vmstat ---- */

struct mmstat_vmstat;

struct mmstat_vmstat *mmstat_vmstat_new(const char *root,
					struct mmstat_error *err);
struct mmstat_vmstat *mmstat_node_vmstat_new(const char *root, int node,
					     struct mmstat_error *err);
int mmstat_vmstat_read(struct mmstat_vmstat *v);
int mmstat_vmstat_parse(struct mmstat_vmstat *v, const char *buf, size_t len);
const struct mmstat_table *mmstat_vmstat_table(const struct mmstat_vmstat *v);
const struct mmstat_error *mmstat_vmstat_error(const struct mmstat_vmstat *v);
void mmstat_vmstat_free(struct mmstat_vmstat *v);

/* ---- /proc/zoneinfo ---- */

struct mmstat_pageset {
	unsigned cpu;
	struct mmstat_table fields;	/* count, high, batch, ... (MMSTAT_PCP_*) */
};

struct mmstat_zone {
	int node;
	const char *name;		/* "DMA", "DMA32", "Normal", ... */
	struct mmstat_table fields;	/* free, min, low, ... (MMSTAT_ZONE_*) */
	const uint64_t *protection;	/* lowmem_reserve[], in pages */
	size_t nr_protection;
	struct mmstat_table stats;	/* nr_free_pages, ... (MMSTAT_VM_*) */
	const struct mmstat_pageset *pagesets;
	size_t nr_pagesets;
	/*
	 * The file's order, for printing the zone as the kernel did: the
	 * first nr_fields_before_pagesets fields come before the pagesets,
	 * the others (node_unreclaimable, start_pfn, ...) after them; the
	 * protection line comes after the counters (2.6.x) or before them.
	 */
	size_t nr_fields_before_pagesets;
	int protection_after_stats;
};

struct mmstat_node {
	int node;
	/* The "per-node stats" block (MMSTAT_VM_*), with our lru_* lines. */
	struct mmstat_table stats;
	const struct mmstat_zone *zones;	/* every zone, populated or not */
	size_t nr_zones;
};

struct mmstat_zoneinfo;

struct mmstat_zoneinfo *mmstat_zoneinfo_new(const char *root,
					    struct mmstat_error *err);
int mmstat_zoneinfo_read(struct mmstat_zoneinfo *z);
int mmstat_zoneinfo_parse(struct mmstat_zoneinfo *z, const char *buf, size_t len);
size_t mmstat_zoneinfo_nr_nodes(const struct mmstat_zoneinfo *z);
const struct mmstat_node *mmstat_zoneinfo_node(const struct mmstat_zoneinfo *z,
					       size_t i);
/* The node with this number, or NULL. */
const struct mmstat_node *mmstat_zoneinfo_find_node(const struct mmstat_zoneinfo *z,
						    int node);
const struct mmstat_error *mmstat_zoneinfo_error(const struct mmstat_zoneinfo *z);
void mmstat_zoneinfo_free(struct mmstat_zoneinfo *z);

/* ---- memory cgroups ---- */

enum mmstat_memcg_file {
	MMSTAT_MEMCG_STAT,	/* memory.stat, v1 or v2 (told apart by content) */
	MMSTAT_MEMCG_NUMA_STAT,	/* memory.numa_stat, v1 or v2 */
};

enum mmstat_memcg_version { MMSTAT_MEMCG_V1 = 1, MMSTAT_MEMCG_V2 = 2 };

struct mmstat_memcg;

/*
 * cgroup is the cgroup's directory: absolute ("/sys/fs/cgroup/x", taken
 * below root) or relative to /sys/fs/cgroup.  numa_stat keys are named
 * "anon.N0" (v2 "anon N0=..") or "total.N0" and "total" (v1 "total=.. N0=..").
 */
struct mmstat_memcg *mmstat_memcg_new(const char *root, const char *cgroup,
				      enum mmstat_memcg_file which,
				      struct mmstat_error *err);
int mmstat_memcg_read(struct mmstat_memcg *c);
int mmstat_memcg_parse(struct mmstat_memcg *c, const char *buf, size_t len);
const struct mmstat_table *mmstat_memcg_table(const struct mmstat_memcg *c);
/* Which cgroup version the last sample came from. */
enum mmstat_memcg_version mmstat_memcg_version(const struct mmstat_memcg *c);
const struct mmstat_error *mmstat_memcg_error(const struct mmstat_memcg *c);
void mmstat_memcg_free(struct mmstat_memcg *c);

/* ---- PSI ---- */

struct mmstat_psi;

/* path NULL: /proc/pressure/memory; else e.g. "/sys/fs/cgroup/x/memory.pressure". */
struct mmstat_psi *mmstat_psi_new(const char *root, const char *path,
				  struct mmstat_error *err);
/* memory.pressure of a cgroup, absolute or relative to /sys/fs/cgroup. */
struct mmstat_psi *mmstat_psi_cgroup_new(const char *root, const char *cgroup,
					 struct mmstat_error *err);
int mmstat_psi_read(struct mmstat_psi *p);
int mmstat_psi_parse(struct mmstat_psi *p, const char *buf, size_t len);
const struct mmstat_table *mmstat_psi_table(const struct mmstat_psi *p);
const struct mmstat_error *mmstat_psi_error(const struct mmstat_psi *p);
void mmstat_psi_free(struct mmstat_psi *p);

/* ---- the multi-gen LRU: /sys/kernel/debug/lru_gen ---- */

/*
 * MGLRU's generations (Documentation/admin-guide/mm/multigen_lru.rst),
 * one lruvec per memcg and node with memory, as mm/vmscan.c
 * lru_gen_seq_show() prints them:
 *
 *   memcg     1 /                       (before the first node only)
 *    node     0
 *             3      12345        100        200       seq age_ms anon file
 *             4        123         50         10       ... up to max_seq
 *
 * Needs root and debugfs; the file exists when the kernel has
 * CONFIG_LRU_GEN, and shows generations only while
 * /sys/kernel/mm/lru_gen/enabled is on.  lru_gen_full (pass its path)
 * adds the oldest generations of each type marked 'x' once evicted, and
 * per generation the refault tiers and mm walk statistics, which are
 * checked and skipped.
 */
enum mmstat_lru_gen_type { MMSTAT_LRU_GEN_ANON, MMSTAT_LRU_GEN_FILE };

struct mmstat_lru_gen_gen {
	uint64_t seq;		/* the generation's sequence number */
	uint64_t age_ms;	/* since it was created */
	uint64_t pages[2];	/* [MMSTAT_LRU_GEN_ANON], [MMSTAT_LRU_GEN_FILE] */
	int evicted[2];		/* lru_gen_full 'x': below that type's min_seq */
};

struct mmstat_lru_gen_lruvec {
	unsigned memcg_id;	/* mem_cgroup_id(); 0 without memcg */
	const char *memcg_path;	/* "/" for the root, "" without memcg */
	int node;
	uint64_t min_seq;	/* the oldest generation of either type */
	uint64_t max_seq;	/* the youngest */
	const struct mmstat_lru_gen_gen *gens;	/* min_seq .. max_seq, in order */
	size_t nr_gens;
};

struct mmstat_lru_gen;

/* path NULL: /sys/kernel/debug/lru_gen; or e.g. "/sys/kernel/debug/lru_gen_full". */
struct mmstat_lru_gen *mmstat_lru_gen_new(const char *root, const char *path,
					  struct mmstat_error *err);
int mmstat_lru_gen_read(struct mmstat_lru_gen *g);
int mmstat_lru_gen_parse(struct mmstat_lru_gen *g, const char *buf, size_t len);
/* The lruvecs in file order: memcgs in the kernel's walk, nodes ascending. */
size_t mmstat_lru_gen_nr_lruvecs(const struct mmstat_lru_gen *g);
const struct mmstat_lru_gen_lruvec *mmstat_lru_gen_lruvec(const struct mmstat_lru_gen *g,
							  size_t i);
/* The lruvec of this memcg id and node, or NULL. */
const struct mmstat_lru_gen_lruvec *mmstat_lru_gen_find(const struct mmstat_lru_gen *g,
							unsigned memcg_id, int node);
const struct mmstat_error *mmstat_lru_gen_error(const struct mmstat_lru_gen *g);
void mmstat_lru_gen_free(struct mmstat_lru_gen *g);

/* ---- the machine's NUMA nodes ---- */

/*
 * The node numbers under root's /sys/devices/system/node (every nodeN
 * directory), ascending, into nodes[0..max).  Returns how many there are,
 * which may be more than max (call again with more room), or -1 with
 * *err set.  A kernel without NUMA has node0 alone.
 */
int mmstat_nodes(const char *root, int *nodes, size_t max, struct mmstat_error *err);

/* ---- two samples into rates ---- */

struct mmstat_rate {
	const char *name;
	double delta;		/* after - before, in the entry's unit */
	double per_second;	/* delta / seconds */
	enum mmstat_unit unit;
};

/*
 * For each entry of after that before also has (matched by name), writes
 * one rate into out[] (at most max) and returns how many it wrote.  A key
 * only one sample has is skipped: it is not a rate of zero.
 */
size_t mmstat_delta(const struct mmstat_table *before,
		    const struct mmstat_table *after, double seconds,
		    struct mmstat_rate *out, size_t max);

#ifdef __cplusplus
}
#endif

#endif /* MMSTAT_H */
