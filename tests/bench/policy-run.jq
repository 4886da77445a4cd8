# policy-run.jq: with --argjson id ID and -s over `lrutrace stat --json`
# lines, one CSV fragment for the memcg ID: pages scanned and reclaimed per
# list (inactive_anon, active_anon, inactive_file, active_file), anon pages
# scanned in intervals where file pages were being reclaimed, and the median
# decided anon share over the intervals in which the memcg was reclaimed,
# and the decision's most frequent mode there ("fract", or "file/cache_trim"
# style for a forced mode with its cause).
def lrus: ["inactive_anon", "active_anon", "inactive_file", "active_file"];
def total(f): map(f) | add // 0;
def median: sort | if length == 0 then "" elif length % 2 == 1 then .[length / 2 | floor] else (.[length / 2 - 1] + .[length / 2]) / 2 end;

[.[] | { lists: [.lists[] | select(.memcg_id == $id)],
         balance: [.balance[] | select(.memcg_id == $id)] }] as $iv
| [$iv[] | select(.lists | total(.scanned) > 0)] as $busy
| (lrus | map(. as $l | $iv | total(.lists | map(select(.lru == $l)) | total(.scanned)))) as $scanned
| (lrus | map(. as $l | $iv | total(.lists | map(select(.lru == $l)) | total(.reclaimed)))) as $reclaimed
| ($iv | map(select(.lists | map(select(.lru | endswith("_file"))) | total(.reclaimed) > 0)
             | .lists | map(select(.lru | endswith("_anon"))) | total(.scanned)) | add // 0) as $anon_while_file
| ($busy | map(.balance[0].anon_permille // empty) | median) as $decided
| ($busy | map(.balance[0] // empty | if .mode == "fract" then "fract" else "\(.mode)/\(.forced_by)" end)
         | group_by(.) | max_by(length) // [""] | .[0]) as $mode
| $scanned + $reclaimed + [$anon_while_file, $decided, $mode] | map(tostring) | join(",")
