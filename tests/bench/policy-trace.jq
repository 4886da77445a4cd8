# policy-trace.jq: over `lrutrace stat --json` lines (not slurped: one pass,
# the guest is slow), one CSV line per interval and memcg that reclaimed:
#   iv,MEMCG_ID,TS,SCAN_IA,SCAN_AA,SCAN_IF,SCAN_AF,RECL_IA,RECL_AA,RECL_IF,RECL_AF,DECIDED,MODE
# summed over nodes and reclaimers; DECIDED is the anon share (per mille)
# of the memcg's latest decision, MODE "fract" or MODE/FORCED_BY.
# Under MGLRU the lists see nothing; then, per interval and memcg whose
# MGLRU evictions scanned, the per-type pages (lrutrace's "mglru"):
#   mg,MEMCG_ID,TS,SCAN_ANON,SCAN_FILE,RECL_ANON,RECL_FILE,EVICTIONS
def lrus: ["inactive_anon", "active_anon", "inactive_file", "active_file"];
def types: ["anon", "file"];
def classic:
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
	| map(tostring) | join(",");
def mglru_lines:
	.ts as $ts
	| (.mglru // []) | group_by(.memcg_id)[]
	| select(map(.scanned) | add > 0)
	| . as $g
	| (types | map(. as $t | $g | map(select(.type == $t) | .scanned) | add // 0)) as $s
	| (types | map(. as $t | $g | map(select(.type == $t) | .reclaimed) | add // 0)) as $r
	| (["mg", ($g[0].memcg_id | tostring), $ts] + $s + $r + [($g | map(.evictions) | add)])
	| map(tostring) | join(",");
classic, mglru_lines
