#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Analysis of stockcheck's output (bpf/tests/stockcheck.c) for the
# stock-*.t guest tests: totals, per-list comparisons, the pairing of
# reconstructed decisions with the series' own, and bpf_stats costs.
#
#   stock-check.py totals DIR NAME       inactive scanned/reclaimed per type
#   stock-check.py mglru DIR NAME        MGLRU scanned/reclaimed per type
#   stock-check.py lists DIR A B         per-list totals of A against B
#   stock-check.py pair DIR SERIES STOCK decisions paired and compared
#   stock-check.py cost DIR NAME         ns per run of every program
#   stock-check.py reads DIR NAME        how the maps were read, and whether
#                                        batch and walk reads agree
import json
import sys
from collections import defaultdict

LRU = ["inactive_anon", "active_anon", "inactive_file", "active_file", "unevictable"]
MODE = ["equal", "fract", "anon", "file", "unknown"]
FORCED = ["none", "no_swap", "memcg_swappiness0", "priority0", "file_tiny",
          "cache_trim", "unknown"]


def summary(d, name):
    with open(f"{d}/{name}.json") as f:
        return json.load(f)


def events(d, name, kind):
    out = []
    with open(f"{d}/{name}.events") as f:
        for line in f:
            o = json.loads(line)
            if o["t"] == kind:
                out.append(o)
    return out


def totals(d, name):
    s = summary(d, name)
    t = defaultdict(int)
    for l in s["lists"]:
        t[(l["lru"], "scanned")] += l["scanned"]
        t[(l["lru"], "reclaimed")] += l["reclaimed"]
    print(t[(0, "scanned")], t[(2, "scanned")], t[(0, "reclaimed")], t[(2, "reclaimed")])


def mglru(d, name):
    s = summary(d, name)
    t = defaultdict(int)
    for g in s["mglru"]:
        t[(g["type"], "scanned")] += g["scanned"]
        t[(g["type"], "reclaimed")] += g["reclaimed"]
        t["evictions"] += g["evictions"]
    aging = sum(a["increments"] for a in s["aging"])
    print(t[(0, "scanned")], t[(1, "scanned")], t[(0, "reclaimed")], t[(1, "reclaimed")],
          t["evictions"], aging)


def lists(d, a, b):
    fields = ["scanned", "taken", "reclaimed", "activated", "deactivated", "rotated"]
    ta, tb = defaultdict(int), defaultdict(int)
    for name, t in ((a, ta), (b, tb)):
        for l in summary(d, name)["lists"]:
            for f in fields:
                t[(l["lru"], f)] += l[f]
    for lru in range(4):
        for f in fields:
            print(LRU[lru], f, ta[(lru, f)], tb[(lru, f)])


def pair(d, series_name, stock_name):
    """
    The series' mm_vmscan_scan_balance fires inside get_scan_count(), the
    first call of shrink_lruvec(); the stock record is taken at
    shrink_lruvec() entry.  So per thread, in time order, each stock record
    is followed by its series event before the thread's next stock record.
    """
    ser = defaultdict(list)
    sto = defaultdict(list)
    for o in events(d, series_name, "balance"):
        ser[o["pid"]].append(o)
    for o in events(d, stock_name, "balance"):
        sto[o["pid"]].append(o)
    pairs, lone_stock, lone_series = [], 0, 0
    for pid in set(ser) | set(sto):
        merged = sorted([(o["ts"], 0, o) for o in sto[pid]] +
                        [(o["ts"], 1, o) for o in ser[pid]], key=lambda x: (x[0], x[1]))
        pending = None
        for ts, kind, o in merged:
            if kind == 0:
                if pending is not None:
                    lone_stock += 1
                pending = o
            else:
                if pending is None:
                    lone_series += 1
                else:
                    pairs.append((pending, o))
                    pending = None
        if pending is not None:
            lone_stock += 1
    mode_ok = forced_ok = share_ok = target_ok = 0
    causes = defaultdict(int)
    target_causes = defaultdict(int)
    examples = {}
    for st, se in pairs:
        m = st["mode"] == se["mode"]
        f = st["forced"] == se["forced"]
        sh = abs(st["apm"] - se["apm"]) <= 1
        mode_ok += m
        forced_ok += f
        share_ok += sh
        tg = abs(st["tapm"] - se["tapm"]) <= 1
        target_ok += tg
        if not tg:
            target_causes[target_cause(st, se, m and f, sh)] += 1
        if m and f and sh:
            continue
        if not (m and f):
            key = "mode %s/%s (stock) vs %s/%s (series)" % (
                MODE[st["mode"]], FORCED[st["forced"]], MODE[se["mode"]], FORCED[se["forced"]])
        elif st["ac"] != se["ac"] or st["fc"] != se["fc"]:
            key = "share: costs differ (%s)" % MODE[se["mode"]]
        elif st["swp"] != se["swp"]:
            key = "share: swappiness differs"
        elif se["mode"] == 0:
            key = "share: equal mode, list sizes moved between shrink_lruvec entry and get_scan_count"
        else:
            key = "share: %s, same inputs" % MODE[se["mode"]]
        causes[key] += 1
        examples.setdefault(key, (st, se))
    n = len(pairs)
    print(f"pairs {n} lone_stock {lone_stock} lone_series {lone_series} "
          f"mode_ok {mode_ok} forced_ok {forced_ok} share_ok {share_ok} "
          f"target_ok {target_ok}")
    modes = defaultdict(int)
    for st, se in pairs:
        modes["%s/%s" % (MODE[se["mode"]], FORCED[se["forced"]])] += 1
    print("modes " + " ".join(f"{k}={v}" for k, v in sorted(modes.items())))
    for k, v in sorted(causes.items(), key=lambda x: -x[1]):
        st, se = examples[k]
        print(f"cause {v} {k}; e.g. stock apm={st['apm']} ac={st['ac']} fc={st['fc']} "
              f"prio={st['prio']} scan={st['scan']} series apm={se['apm']} ac={se['ac']} "
              f"fc={se['fc']} prio={se['prio']} scan={se['scan']}")
    for k, v in sorted(target_causes.items(), key=lambda x: -x[1]):
        print(f"target cause {v} {k}")


def target_cause(st, se, mode_agrees, share_agrees):
    """
    Why the share of the scan targets differs although it is computed the
    same way: the targets scale the list sizes, which the stock record
    reads at shrink_lruvec() entry and the series inside get_scan_count().
    """
    if not mode_agrees:
        return "the modes differ"
    if not share_agrees:
        return "the decided shares differ"
    if st["ap"] != se["ap"] or st["fp"] != se["fp"]:
        return "list sizes moved between shrink_lruvec entry and get_scan_count"
    return "%s, same inputs" % MODE[se["mode"]]


def cost(d, name):
    s = summary(d, name)
    for p in s["progs"]:
        if p["run_cnt"]:
            print("%-24s %-36s %9d runs %7.0f ns/run" % (
                name, p["attach"], p["run_cnt"], p["run_time_ns"] / p["run_cnt"]))
    tot_n = sum(p["run_cnt"] for p in s["progs"])
    tot_t = sum(p["run_time_ns"] for p in s["progs"])
    if tot_n:
        print("%-24s %-36s %9d runs %7.0f ns/run" % (name, "all programs", tot_n, tot_t / tot_n))


def reads(d, name):
    r = summary(d, name)["reads"]
    print("batched=%s walk_batched=%s differs=%s" % (
        str(r["batched"]).lower(), str(r["walk_batched"]).lower(), r["differs"] or "none"))


def main():
    cmd, d = sys.argv[1], sys.argv[2]
    if cmd == "totals":
        totals(d, sys.argv[3])
    elif cmd == "mglru":
        mglru(d, sys.argv[3])
    elif cmd == "lists":
        lists(d, sys.argv[3], sys.argv[4])
    elif cmd == "pair":
        pair(d, sys.argv[3], sys.argv[4])
    elif cmd == "cost":
        cost(d, sys.argv[3])
    elif cmd == "reads":
        reads(d, sys.argv[3])
    else:
        sys.exit("unknown command " + cmd)


main()
