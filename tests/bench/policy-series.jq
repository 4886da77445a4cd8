# policy-series.jq: with --argjson id ID over `lrutrace stat --json` lines,
# "TS,DECIDED,SCANNED" for each interval in which the memcg ID was reclaimed:
# the anon share (per mille) of the latest balance decision and of the pages
# actually scanned.
def total(f): map(f) | add // 0;
[.lists[] | select(.memcg_id == $id)] as $lists
| ($lists | total(.scanned)) as $all
| select($all > 0)
| [.balance[] | select(.memcg_id == $id)][0].anon_permille as $decided
| "\(.ts),\($decided // ""),\($lists | map(select(.lru | endswith("_anon"))) | total(.scanned) * 1000 / $all | floor)"
