# policy-trace.jq: over `lrutrace stat --json` lines (not slurped: one pass,
# the guest is slow), one CSV line per interval and memcg that reclaimed:
#   iv,MEMCG_ID,TS,SCAN_IA,SCAN_AA,SCAN_IF,SCAN_AF,RECL_IA,RECL_AA,RECL_IF,RECL_AF,DECIDED,MODE
# summed over nodes and reclaimers; DECIDED is the anon share (per mille)
# of the memcg's latest decision, MODE "fract" or MODE/FORCED_BY.
def lrus: ["inactive_anon", "active_anon", "inactive_file", "active_file"];
.ts as $ts
| (.balance | map({key: (.memcg_id | tostring), value: .}) | from_entries) as $bal
| .lists | group_by(.memcg_id)[]
| select(map(.scanned) | add > 0)
| (.[0].memcg_id | tostring) as $id
| . as $l
| (lrus | map(. as $lru | $l | map(select(.lru == $lru) | .scanned) | add // 0)) as $s
| (lrus | map(. as $lru | $l | map(select(.lru == $lru) | .reclaimed) | add // 0)) as $r
| $bal[$id] as $b
| (["iv", $id, $ts] + $s + $r
   + [($b.decided_anon_permille // $b.anon_permille // ""),
      (if $b == null then "" elif $b.mode == "fract" then "fract" else "\($b.mode)/\($b.forced_by)" end)])
| map(tostring) | join(",")
