#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Helpers of tests/guest/prometheus-inside.sh, against the Prometheus at
127.0.0.1:9090 that scrapes lrutrace --listen.

  wait-ready SECONDS   until Prometheus is ready and its lrutrace target up
  fetch URL            print the body of URL
  compare JSONL        Prometheus's samples against lrutrace's --json lines
  target JOB SECONDS TEXT
                       until JOB's target is down with TEXT in its last
                       error: prints "health|lastError" (the last seen)

compare prints "RESULT PASS|name|detail" or "RESULT FAIL|name|detail".
"""
import json
import sys
import time
import urllib.parse
import urllib.request

PROM = "http://127.0.0.1:9090"
INACTIVE = ("inactive_anon", "inactive_file")


def get(url, timeout=10):
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return r.read().decode()


def query(expr):
    url = PROM + "/api/v1/query?" + urllib.parse.urlencode({"query": expr})
    body = json.loads(get(url))
    if body.get("status") != "success":
        raise RuntimeError(f"query {expr}: {body}")
    return body["data"]["result"]


def wait_ready(seconds):
    end = time.time() + seconds
    while time.time() < end:
        try:
            get(PROM + "/-/ready", timeout=2)
            targets = json.loads(get(PROM + "/api/v1/targets"))["data"]["activeTargets"]
            if targets and all(t["health"] == "up" for t in targets):
                return 0
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(1)
    return 1


def target_down(job, seconds, text):
    end, seen = time.time() + seconds, "none|no such target"
    while time.time() < end:
        try:
            for t in json.loads(get(PROM + "/api/v1/targets"))["data"]["activeTargets"]:
                if t["labels"].get("job") == job:
                    seen = f"{t['health']}|{t['lastError']}"
                    if t["health"] == "down" and text in t["lastError"]:
                        print(seen)
                        return 0
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(1)
    print(seen)
    return 1


def result(ok, name, detail):
    print(f"RESULT {'PASS' if ok else 'FAIL'}|{name}|{detail}")


def json_lines(path):
    """lrutrace's intervals: (ts, inactive pages scanned, {(nid, memcg): anon permille})."""
    out = []
    for line in open(path):
        o = json.loads(line)
        scanned = sum(l["scanned"] for l in o.get("lists", []) if l["lru"] in INACTIVE)
        shares = {(str(b["nid"]), str(b["memcg_id"])): b.get("decided_anon_permille", b.get("anon_permille"))
                  for b in o.get("balance", [])}
        out.append((o["ts"], scanned, shares))
    return out


def prefix_at(lines, t):
    """Index of the last interval that ended at or before t, or -1."""
    k = -1
    for i, (ts, _, _) in enumerate(lines):
        if ts <= t:
            k = i
    return k


def compare_scanned(lines):
    series = query("splitlru_lru_scanned_pages_total[15m]")
    series = [s for s in series if s["metric"].get("lru") in INACTIVE]
    by_time = {}
    for s in series:
        for t, v in s["values"]:
            by_time[t] = by_time.get(t, 0) + int(float(v))
    sums, total = [], 0
    for _, scanned, _ in lines:
        total += scanned
        sums.append(total)
    exact, checked = 0, 0
    for t in sorted(by_time):
        k = prefix_at(lines, t)
        if k < 0:
            continue
        near = [sums[j] for j in (k - 1, k, k + 1) if 0 <= j < len(sums)]
        step = max(lines[j][1] for j in (k, k + 1) if j < len(lines))
        diff = min(abs(by_time[t] - s) for s in near)
        exact += diff == 0
        checked += 1
        if diff > step:
            result(False, "scanned inactive pages: Prometheus against lrutrace --json",
                   f"at {t}: Prometheus {by_time[t]}, lrutrace sums {near}, one interval {step}")
            return
    last = max(by_time) if by_time else None
    ok = checked > 0 and sums and sums[-1] > 0
    result(ok, "scanned inactive pages: every scrape within one interval of lrutrace --json",
           f"{checked} scrapes, {exact} exact; at the last Prometheus {by_time.get(last)}, "
           f"lrutrace {sums[-1] if sums else None}")


def compare_share(lines):
    series = query('splitlru_decided_share_permille{type="anon"}[15m]')
    checked = 0
    for s in series:
        key = (s["metric"].get("node"), s["metric"].get("memcg"))
        t, v = s["values"][-1]
        k = prefix_at(lines, t)
        latest, seen = None, []
        for i, (_, _, shares) in enumerate(lines):
            if key in shares:
                latest = shares[key]
            if k - 1 <= i <= k + 1 and latest is not None:
                seen.append(latest)
        if int(float(v)) not in seen:
            result(False, "decided anon share: Prometheus against lrutrace --json",
                   f"{key} at {t}: Prometheus {v}, lrutrace {seen}")
            return
        checked += 1
    result(checked > 0, "decided anon share: the last scrape equals lrutrace --json's latest decision",
           f"{checked} (node, memcg) series")


def main():
    cmd = sys.argv[1]
    if cmd == "wait-ready":
        return wait_ready(float(sys.argv[2]))
    if cmd == "fetch":
        sys.stdout.write(get(sys.argv[2]))
        return 0
    if cmd == "target":
        return target_down(sys.argv[2], float(sys.argv[3]), sys.argv[4])
    if cmd == "compare":
        lines = json_lines(sys.argv[2])
        compare_scanned(lines)
        compare_share(lines)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
