#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Write the hand-made fixtures of tests/fixtures/mmstat/ (run once, commit).

Each follows the seq_printf() formats of its kernel version's mm/vmstat.c,
fs/proc/meminfo.c and drivers/base/node.c, including the column widths
(%-12s key padding, %8s zone names, "%8lu kB" values), so the parsers see
the spacing old kernels really wrote.  Values are arbitrary but distinct.
"""
import os
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else "tests/fixtures/mmstat"


def write(name, rel, text, mode="w"):
    path = os.path.join(OUT, name, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode, newline="") as f:
        f.write(text)


def meminfo(pairs, prefix=""):
    out = []
    for k, v in pairs:
        if k.startswith("HugePages_"):
            out.append("%s%-15s %5d\n" % (prefix, k + ":", v))
        else:
            out.append("%s%-15s %8d kB\n" % (prefix, k + ":", v))
    return "".join(out)


def zone_stats(names, base, indent):
    return "".join("\n%s%-12s %d" % (indent, n, base + 7 * i) for i, n in enumerate(names))


def protection(vals):
    return "\n        protection: (%s)" % ", ".join(str(v) for v in vals)


# ---- 2.6.18: no Active(anon), scanned with (a: i:), "cpu: N pcp: M" ----
MI_2618 = [("MemTotal", 2059516), ("MemFree", 162732), ("Buffers", 213048),
           ("Cached", 1380184), ("SwapCached", 0), ("Active", 996412),
           ("Inactive", 757304), ("HighTotal", 1179584), ("HighFree", 4408),
           ("LowTotal", 879932), ("LowFree", 158324), ("SwapTotal", 4192956),
           ("SwapFree", 4192900), ("Dirty", 104), ("Writeback", 0),
           ("AnonPages", 160400), ("Mapped", 52260), ("Slab", 94056),
           ("PageTables", 3412), ("NFS_Unstable", 0), ("Bounce", 0),
           ("CommitLimit", 5222712), ("Committed_AS", 376640),
           ("VmallocTotal", 116728), ("VmallocUsed", 5792),
           ("VmallocChunk", 110492), ("HugePages_Total", 4),
           ("HugePages_Free", 3), ("HugePages_Rsvd", 1), ("Hugepagesize", 4096)]
ZS_2618 = ["nr_anon_pages", "nr_mapped", "nr_file_pages", "nr_slab",
           "nr_page_table_pages", "nr_dirty", "nr_writeback", "nr_unstable",
           "nr_bounce", "numa_hit", "numa_miss", "numa_foreign",
           "numa_interleave", "numa_local", "numa_other"]


def zone_2618(node, name, base, prot, start):
    s = "Node %d, zone %8s" % (node, name)
    s += ("\n  pages free     %d\n        min      %d\n        low      %d"
          "\n        high     %d\n        active   %d\n        inactive %d"
          "\n        scanned  %d (a: %d i: %d)\n        spanned  %d"
          "\n        present  %d") % (base, base // 50, base // 40, base // 30,
                                      base * 2, base * 3, 5, 17, 18,
                                      base * 9, base * 8)
    s += zone_stats(ZS_2618, base + 1, "    ")
    s += protection(prot) + "\n  pagesets"
    for cpu in (0, 1):
        for pcp in (0, 1):
            s += ("\n    cpu: %d pcp: %d\n              count: %d"
                  "\n              high:  %d\n              batch: %d") % (
                      cpu, pcp, 10 + cpu * 2 + pcp, 186 if pcp == 0 else 62,
                      31 if pcp == 0 else 15)
        s += "\n  vm stats threshold: %d" % 16
    s += "\n  all_unreclaimable: 0\n  prev_priority:     12\n  start_pfn:         %d\n" % start
    return s


VM_2618 = "".join("%s %d\n" % (n, 1000 + i) for i, n in enumerate(
    ZS_2618[:9] + ["pgpgin", "pgpgout", "pswpin", "pswpout", "pgalloc_dma",
                   "pgfree", "pgactivate", "pgdeactivate", "pgfault",
                   "pgmajfault", "pgrefill_dma", "pgsteal_dma", "pgscan_kswapd_dma",
                   "pgscan_direct_dma", "pginodesteal", "slabs_scanned",
                   "kswapd_steal", "kswapd_inodesteal", "pageoutrun",
                   "allocstall", "pgrotated"]))


def linux_2618():
    write("linux-2.6.18", "proc/meminfo", meminfo(MI_2618))
    write("linux-2.6.18", "proc/zoneinfo",
          zone_2618(0, "DMA", 2970, [0, 874, 2007], 0) +
          zone_2618(0, "Normal", 41000, [0, 0, 9059], 4096) +
          zone_2618(0, "HighMem", 1160, [0, 0, 0], 229376))
    write("linux-2.6.18", "proc/vmstat", VM_2618)


# ---- 2.6.32: Active(anon), pagesets without pcp, 2 nodes ----
ZS_2632 = ["nr_free_pages", "nr_inactive_anon", "nr_active_anon",
           "nr_inactive_file", "nr_active_file", "nr_unevictable", "nr_mlock",
           "nr_anon_pages", "nr_mapped", "nr_file_pages", "nr_dirty",
           "nr_writeback", "nr_slab_reclaimable", "nr_slab_unreclaimable",
           "nr_page_table_pages", "nr_kernel_stack", "nr_unstable",
           "nr_bounce", "nr_vmscan_write", "nr_writeback_temp",
           "nr_isolated_anon", "nr_isolated_file", "nr_shmem", "numa_hit",
           "numa_miss", "numa_foreign", "numa_interleave", "numa_local",
           "numa_other"]


def pagesets(cpus, fields, threshold):
    s = "\n  pagesets"
    for cpu in range(cpus):
        s += "\n    cpu: %d" % cpu
        for k, v in fields:
            s += "\n              %s %d" % (k, v + cpu)
        s += "\n  vm stats threshold: %d" % threshold
    return s


PCP_OLD = [("count:", 30), ("high: ", 186), ("batch:", 31)]


def zone_2632(node, name, base, prot, start, managed=False, tail="2632"):
    s = "Node %d, zone %8s" % (node, name)
    s += ("\n  pages free     %d\n        min      %d\n        low      %d"
          "\n        high     %d\n        scanned  0\n        spanned  %d"
          "\n        present  %d") % (base, base // 50, base // 40, base // 30,
                                      base * 9, base * 8)
    if managed:
        s += "\n        managed  %d" % (base * 7)
    s += zone_stats(ZS_2632, base + 3, "    ")
    s += protection(prot) + pagesets(2, PCP_OLD, 24)
    s += "\n  all_unreclaimable: 0"
    if tail == "2632":
        s += "\n  prev_priority:     12"
    s += "\n  start_pfn:         %d\n  inactive_ratio:    %d\n" % (start, 3)
    return s


MI_2632 = [("MemTotal", 8058204), ("MemFree", 5331064), ("Buffers", 188352),
           ("Cached", 1756028), ("SwapCached", 0), ("Active", 1436236),
           ("Inactive", 916216), ("Active(anon)", 409228),
           ("Inactive(anon)", 1116), ("Active(file)", 1027008),
           ("Inactive(file)", 915100), ("Unevictable", 0), ("Mlocked", 0),
           ("SwapTotal", 2097144), ("SwapFree", 2097144), ("Dirty", 60),
           ("Writeback", 0), ("AnonPages", 408084), ("Mapped", 36196),
           ("Shmem", 2284), ("Slab", 329436), ("SReclaimable", 293708),
           ("SUnreclaim", 35728), ("KernelStack", 2080), ("PageTables", 6716),
           ("NFS_Unstable", 0), ("Bounce", 0), ("WritebackTmp", 0),
           ("CommitLimit", 6126244), ("Committed_AS", 804584),
           ("VmallocTotal", 34359738367), ("VmallocUsed", 286196),
           ("VmallocChunk", 34359446632), ("HardwareCorrupted", 0),
           ("AnonHugePages", 243712), ("HugePages_Total", 0),
           ("HugePages_Free", 0), ("HugePages_Rsvd", 0),
           ("HugePages_Surp", 0), ("Hugepagesize", 2048),
           ("DirectMap4k", 8192), ("DirectMap2M", 8380416)]
NODE_MI = ["MemTotal", "MemFree", "MemUsed", "Active", "Inactive",
           "Active(anon)", "Inactive(anon)", "Active(file)", "Inactive(file)",
           "Unevictable", "Mlocked", "Dirty", "Writeback", "FilePages",
           "Mapped", "AnonPages", "Shmem", "KernelStack", "PageTables",
           "NFS_Unstable", "Bounce", "WritebackTmp", "Slab", "SReclaimable",
           "SUnreclaim", "HugePages_Total", "HugePages_Free", "HugePages_Surp"]


def node_meminfo(node, base):
    pairs = [(k, base + 13 * i) for i, k in enumerate(NODE_MI)]
    return meminfo(pairs, "Node %d " % node)


def linux_2632():
    n = "linux-2.6.32"
    write(n, "proc/meminfo", meminfo(MI_2632))
    write(n, "proc/zoneinfo",
          zone_2632(0, "DMA", 3971, [0, 2991, 3948, 3948], 16) +
          zone_2632(0, "DMA32", 700000, [0, 0, 957, 957], 4096) +
          zone_2632(0, "Normal", 200000, [0, 0, 0, 0], 1048576) +
          zone_2632(1, "Normal", 900000, [0, 0, 0, 0], 2359296))
    for node in (0, 1):
        write(n, "sys/devices/system/node/node%d/meminfo" % node,
              node_meminfo(node, 4000000 + node * 1000))


# ---- 3.10: managed, no prev_priority; cgroup v1 memory.stat ----
V1_STAT = ["cache", "rss", "rss_huge", "mapped_file", "swap", "pgpgin",
           "pgpgout", "pgfault", "pgmajfault", "inactive_anon", "active_anon",
           "inactive_file", "active_file", "unevictable",
           "hierarchical_memory_limit", "hierarchical_memsw_limit"]


def linux_310():
    n = "linux-3.10"
    mi = [p for p in MI_2632 if p[0] != "HardwareCorrupted"]
    write(n, "proc/meminfo", meminfo(mi))
    write(n, "proc/zoneinfo",
          zone_2632(0, "DMA", 3976, [0, 2991, 3948, 3948], 1, True, "310") +
          zone_2632(0, "DMA32", 765000, [0, 0, 957, 957], 4096, True, "310") +
          zone_2632(0, "Normal", 245000, [0, 0, 0, 0], 1048576, True, "310"))
    stat = "".join("%s %d\n" % (k, 4096 * (i + 1)) for i, k in enumerate(V1_STAT[:14]))
    stat += "hierarchical_memory_limit 9223372036854775807\n"
    stat += "hierarchical_memsw_limit 9223372036854775807\n"
    stat += "".join("total_%s %d\n" % (k, 8192 * (i + 1)) for i, k in enumerate(V1_STAT[:14]))
    write(n, "sys/fs/cgroup/memory/user.slice/memory.stat", stat)


# ---- 4.8: node-based LRU, per-node stats, node_scanned ----
NS_48 = ["nr_inactive_anon", "nr_active_anon", "nr_inactive_file",
         "nr_active_file", "nr_unevictable", "nr_isolated_anon",
         "nr_isolated_file", "nr_pages_scanned", "workingset_refault",
         "workingset_activate", "workingset_nodereclaim", "nr_anon_pages",
         "nr_mapped", "nr_file_pages", "nr_dirty", "nr_writeback",
         "nr_writeback_temp", "nr_shmem", "nr_shmem_hugepages",
         "nr_shmem_pmdmapped", "nr_anon_transparent_hugepages",
         "nr_unstable", "nr_vmscan_write", "nr_vmscan_immediate_reclaim",
         "nr_dirtied", "nr_written"]
ZS_48 = ["nr_free_pages", "nr_zone_inactive_anon", "nr_zone_active_anon",
         "nr_zone_inactive_file", "nr_zone_active_file",
         "nr_zone_unevictable", "nr_zone_write_pending", "nr_mlock",
         "nr_slab_reclaimable", "nr_slab_unreclaimable",
         "nr_page_table_pages", "nr_kernel_stack", "nr_bounce",
         "nr_zspages", "numa_hit", "numa_miss", "numa_foreign",
         "numa_interleave", "numa_local", "numa_other", "nr_free_cma"]


def zone_48(node, name, base, prot, start, first):
    s = "Node %d, zone %8s" % (node, name)
    if first:
        s += "\n  per-node stats" + zone_stats(NS_48, 100000 * (node + 1), "      ")
    s += ("\n  pages free     %d\n        min      %d\n        low      %d"
          "\n        high     %d\n   node_scanned  0\n        spanned  %d"
          "\n        present  %d\n        managed  %d") % (
              base, base // 50, base // 40, base // 30, base * 9, base * 8, base * 7)
    s += zone_stats(ZS_48, base + 5, "      ")
    s += protection(prot) + pagesets(2, PCP_OLD, 40)
    s += "\n  node_unreclaimable:  0\n  start_pfn:           %d\n  node_inactive_ratio:  0\n" % start
    return s


def linux_48():
    write("linux-4.8", "proc/zoneinfo",
          zone_48(0, "DMA", 3975, [0, 2892, 3857, 3857], 1, True) +
          zone_48(0, "DMA32", 740000, [0, 0, 964, 964], 4096, False) +
          zone_48(0, "Normal", 246000, [0, 0, 0, 0], 1048576, False) +
          zone_48(1, "Normal", 990000, [0, 0, 0, 0], 2097152, True))


# ---- 4.18 / 5.15 / 6.1: protection before the counters, empty zones ----
NS_515 = ["nr_inactive_anon", "nr_active_anon", "nr_inactive_file",
          "nr_active_file", "nr_unevictable", "nr_slab_reclaimable",
          "nr_slab_unreclaimable", "nr_isolated_anon", "nr_isolated_file",
          "workingset_nodes", "workingset_refault_anon",
          "workingset_refault_file", "workingset_activate_anon",
          "workingset_activate_file", "workingset_restore_anon",
          "workingset_restore_file", "workingset_nodereclaim",
          "nr_anon_pages", "nr_mapped", "nr_file_pages", "nr_dirty",
          "nr_writeback", "nr_writeback_temp", "nr_shmem",
          "nr_shmem_hugepages", "nr_shmem_pmdmapped", "nr_file_hugepages",
          "nr_file_pmdmapped", "nr_anon_transparent_hugepages",
          "nr_vmscan_write", "nr_vmscan_immediate_reclaim", "nr_dirtied",
          "nr_written", "nr_kernel_misc_reclaimable", "nr_foll_pin_acquired",
          "nr_foll_pin_released", "nr_kernel_stack", "nr_page_table_pages",
          "nr_swapcached"]
BALANCE = ["lru_rotated_anon", "lru_rotated_file", "lru_anon_cost",
           "lru_file_cost", "lru_scan_anon_permille", "lru_scan_file_permille"]
# Series v2: the decided and the target shares; lru_scan_* repeat the decided
BALANCE_V2 = BALANCE[:4] + ["lru_decided_anon_permille",
                            "lru_decided_file_permille",
                            "lru_target_anon_permille",
                            "lru_target_file_permille"] + BALANCE[4:]
ZS_515 = ["nr_free_pages", "nr_zone_inactive_anon", "nr_zone_active_anon",
          "nr_zone_inactive_file", "nr_zone_active_file",
          "nr_zone_unevictable", "nr_zone_write_pending", "nr_mlock",
          "nr_bounce", "nr_zspages", "nr_free_cma", "numa_hit", "numa_miss",
          "numa_foreign", "numa_interleave", "numa_local", "numa_other"]


def zone_new(node, name, base, prot, start, first, ver, balance=None):
    s = "Node %d, zone %8s" % (node, name)
    if first:
        s += "\n  per-node stats" + zone_stats(NS_515, 200000 * (node + 1), "      ")
        if balance:
            keys = BALANCE_V2 if len(balance) == len(BALANCE_V2) else BALANCE
            s += "".join("\n      %-12s %d" % (k, v) for k, v in zip(keys, balance))
    s += "\n  pages free     %d" % base
    if ver >= 5:
        s += "\n        boost    %d" % (base // 100)
    s += ("\n        min      %d\n        low      %d\n        high     %d"
          "\n        spanned  %d\n        present  %d\n        managed  %d") % (
              base // 50, base // 40, base // 30, base * 9 if base else 0,
              base * 8, base * 7)
    if ver >= 5:
        s += "\n        cma      0"
    s += protection(prot)
    if not base:       # not populated: the kernel stops after protection
        return s + "\n"
    s += zone_stats(ZS_515, base + 11, "      ")
    s += pagesets(2, PCP_OLD, 24)
    s += "\n  node_unreclaimable:  0\n  start_pfn:           %d\n" % start
    return s


def zoneinfo_new(ver, balance=None):
    z = zone_new(0, "DMA", 3840, [0, 1833, 1833, 1833, 1833], 1, False, ver)
    z += zone_new(0, "DMA32", 60000, [0, 0, 0, 0, 0], 4096, True, ver,
                  balance and balance[0])
    z += zone_new(0, "Normal", 0, [0, 0, 0, 0, 0], 0, False, ver)
    z += zone_new(0, "Movable", 0, [0, 0, 0, 0, 0], 0, False, ver)
    z += zone_new(1, "DMA", 0, [0, 0, 0, 0, 0], 0, False, ver)
    z += zone_new(1, "DMA32", 64000, [0, 0, 0, 0, 0], 65536, True, ver,
                  balance and balance[1])
    z += zone_new(1, "Normal", 0, [0, 0, 0, 0, 0], 0, False, ver)
    z += zone_new(1, "Movable", 0, [0, 0, 0, 0, 0], 0, False, ver)
    return z


V2_STAT = ["anon", "file", "kernel_stack", "pagetables", "percpu", "sock",
           "shmem", "file_mapped", "file_dirty", "file_writeback",
           "swapcached", "anon_thp", "file_thp", "shmem_thp",
           "inactive_anon", "active_anon", "inactive_file", "active_file",
           "unevictable", "slab_reclaimable", "slab_unreclaimable", "slab",
           "workingset_refault_anon", "workingset_refault_file",
           "workingset_activate_anon", "workingset_activate_file",
           "workingset_restore_anon", "workingset_restore_file",
           "workingset_nodereclaim", "pgfault", "pgmajfault", "pgrefill",
           "pgscan", "pgsteal", "pgactivate", "pgdeactivate", "pglazyfree",
           "pglazyfreed", "thp_fault_alloc", "thp_collapse_alloc"]


def linux_newer(name, ver, mi, balance=None, psi=True, memcg=True):
    write(name, "proc/meminfo", meminfo(mi))
    write(name, "proc/zoneinfo", zoneinfo_new(ver, balance))
    for node in (0, 1):
        write(name, "sys/devices/system/node/node%d/meminfo" % node,
              node_meminfo(node, 240000 + node * 500))
        write(name, "sys/devices/system/node/node%d/vmstat" % node,
              "".join("%s %d\n" % (k, 50 * i + node) for i, k in enumerate(NS_515 + ZS_515[:8])))
    if psi:
        write(name, "proc/pressure/memory",
              "some avg10=1.25 avg60=0.40 avg300=0.07 total=123456\n"
              "full avg10=0.50 avg60=0.10 avg300=0.01 total=65432\n")
    if memcg:
        cg = "sys/fs/cgroup/workload.slice/"
        write(name, cg + "memory.stat",
              "".join("%s %d\n" % (k, 4096 * (i + 3)) for i, k in enumerate(V2_STAT)))
        write(name, cg + "memory.numa_stat",
              "".join("%s N0=%d N1=%d\n" % (k, 4096 * i, 8192 * i)
                      for i, k in enumerate(V2_STAT[:29])))


MI_515 = [p for p in MI_2632] + [("KReclaimable", 293708), ("Percpu", 3456),
                                  ("ShmemHugePages", 0), ("ShmemPmdMapped", 0),
                                  ("FileHugePages", 0), ("FilePmdMapped", 0),
                                  ("Hugetlb", 0)]
MI_61 = MI_515 + [("Zswap", 0), ("Zswapped", 0), ("SecPageTables", 0)]


def odd_formats():
    """One capture with every oddity the parsers must survive at once."""
    mi = meminfo(MI_61[:30]) + "ShadowCallStack:12345678 kB\n\n" + \
        meminfo([("Balloon", 4096), ("HugePages_Total", 7)])
    lines = mi.split("\n")
    lines.insert(3, "")                      # a blank line in the middle
    write("odd-formats", "proc/meminfo", "\r\n".join(lines) + "\0\0\0\0")
    write("odd-formats", "proc/vmstat",
          "nr_free_pages 5\r\n\r\npgscan_anon 18446744073709551615\r\n")


def main():
    linux_2618()
    linux_2632()
    linux_310()
    linux_48()
    linux_newer("linux-4.18", 4, [p for p in MI_515 if p[0] not in
                                  ("KReclaimable", "FileHugePages", "FilePmdMapped", "Hugetlb")],
                psi=False, memcg=False)
    linux_newer("linux-5.15", 5, MI_515)
    linux_newer("linux-6.1-numa2", 6, MI_61)
    linux_newer("linux-6.1-numa2-patched", 6, MI_61,
                balance=[[1234, 56789, 345, 6789, 52, 948],
                         [0, 17, 0, 12, 0, 1000]])
    # v2: node 0 a fract 312/688 whose targets came out 871/129 (ten times
    # as much anon as file), node 1 equal mode
    linux_newer("linux-6.1-numa2-patched-v2", 6, MI_61,
                balance=[[1234, 56789, 345, 6789, 312, 688, 871, 129, 312, 688],
                         [0, 17, 0, 12, 200, 800, 250, 750, 200, 800]])
    odd_formats()


main()
