#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# lrutrace's --listen server on the host, without BPF: the server alone
# (tools/lrutrace/listen_test.c publishes a new sample every 50 ms, as the
# sampling loop does) answers GET /metrics and refuses everything else the
# way docs/lrutrace.md says, clients that connect and never send keep no
# sample from being published, and once the source is gone a scrape gets
# 503 with the reason, not the last numbers.  Then the real binary: a port in use is
# exit 1, a bad address exit 2, both before any BPF is touched.
. "$(dirname "$0")/../lib/tap.sh"
cd "$TAP_TOP" || exit 1

if ! out=$(make --no-print-directory -s -C tools/lrutrace listen-test 2>&1); then
	fail "the listen test driver builds"
	diag "$out"
	done_testing
fi
pass "the listen test driver builds"
tmp=$(mktemp -d)
server=tools/lrutrace/build/lrutrace-listen-test
port=$((20000 + $$ % 20000))
trap 'kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
trap '' PIPE	# the server may close before a big request is sent: not fatal here

"$server" "127.0.0.1:$port" >"$tmp/out" 2>"$tmp/err" &
pid=$!
for i in $(seq 50); do grep -q listening "$tmp/err" && break; sleep 0.1; done
like "$(cat "$tmp/err")" '^listening' "the server listens on 127.0.0.1:$port"

# request TEXT: send it, print the whole answer ("closed" when there is none)
request() {
	local answer
	exec 3<>"/dev/tcp/127.0.0.1/$port" || { echo "connect failed"; return; }
	printf '%b' "$1" >&3 2>/dev/null
	answer=$(timeout 10 cat <&3 | tr -d '\r')
	exec 3<&-
	printf '%s\n' "${answer:-closed}" 2>/dev/null	# a reader may stop at the status line
}
# status TEXT: the status line of the answer, with shell builtins only
status() {
	local line=
	exec 3<>"/dev/tcp/127.0.0.1/$port" || { echo "connect failed"; return; }
	printf '%b' "$1" >&3 2>/dev/null
	IFS= read -r -t 10 line <&3
	exec 3<&-
	line=${line%$'\r'}
	printf '%s\n' "${line:-closed}"
}
sample() { request 'GET /metrics HTTP/1.0\r\n\r\n' | sed -n 's/^lrutrace_test_sample //p'; }

resp=$(request 'GET /metrics HTTP/1.0\r\n\r\n')
like "$(head -1 <<<"$resp")" '^HTTP/1.0 200 OK$' "GET /metrics: 200"
like "$resp" 'Content-Type: text/plain; version=0.0.4' "in the Prometheus text format"
like "$resp" 'lrutrace_test_sample [0-9]+' "with the latest sample"
like "$(request 'GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n' | head -1)" '^HTTP/1.0 200' "an HTTP/1.1 GET: 200, and the connection closed"
like "$(request 'POST /metrics HTTP/1.0\r\nContent-Length: 0\r\n\r\n' | head -1)" '^HTTP/1.0 405' "POST: 405"
like "$(request 'HEAD /metrics HTTP/1.0\r\n\r\n' | head -1)" '^HTTP/1.0 405' "HEAD: 405"
like "$(request 'GET / HTTP/1.0\r\n\r\n' | head -1)" '^HTTP/1.0 404' "GET /: 404"
like "$(request 'GET /metrics/x HTTP/1.0\r\n\r\n' | head -1)" '^HTTP/1.0 404' "GET /metrics/x: 404"
big=$(head -c 5000 /dev/zero | tr '\0' a)
like "$(request "GET /metrics HTTP/1.0\r\nX-Big: $big\r\n\r\n" | head -1)" '^HTTP/1.0 413' "a request over 4 KiB: 413"
huge=$(head -c 100000 /dev/zero | tr '\0' a)
like "$(request "GET /metrics HTTP/1.0\r\nX-Big: $huge\r\n\r\n" 2>/dev/null | head -1)" '^(HTTP/1.[01] 4[0-9][0-9]|closed)' "100 KB of headers: refused"
like "$(request '\x01\x02garbage\r\n\r\n' | head -1)" '^(HTTP/1.[01] 400( |$)|closed$)' "garbage: 400 or closed"
like "$(request 'GET /metrics\r\n\r\n' | head -1)" '^(HTTP/1.[01] 400( |$)|closed$)' "HTTP/0.9: 400 or closed"

# Eight clients that connect and send nothing hold every slot: a ninth
# waits in the listen queue until their 5 s are up, and sampling goes on
# behind them all the while.
before=$(sample)
for fd in 10 11 12 13 14 15 16 17; do eval "exec $fd<>/dev/tcp/127.0.0.1/$port"; done
sleep 0.3
ninth=$(request 'GET /metrics HTTP/1.0\r\n\r\n')
for fd in 10 11 12 13 14 15 16 17; do eval "exec $fd<&-"; done
like "$(head -1 <<<"$ninth")" '^HTTP/1.0 200' "a ninth connection is answered once a stalled one is dropped"
after=$(sed -n 's/^lrutrace_test_sample //p' <<<"$ninth")
cmp_ok "${after:-0}" -gt "$((${before:-0} + 20))" "samples were published while 8 clients stalled ($before -> $after)"

# A client that never finishes its request is dropped after 5 s.
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /metrics HTTP/1.0\r\n' >&3
t0=$SECONDS
timeout 15 cat <&3 >/dev/null
exec 3<&-
cmp_ok "$((SECONDS - t0))" -le 8 "an unfinished request is dropped (after $((SECONDS - t0)) s)"

# 200 requests in a row: every one answered, the server's memory flat.
rss() { awk '$1 == "VmRSS:" { print $2 }' "/proc/$pid/status"; }
rss0=$(rss)
for i in $(seq 200); do status 'GET /metrics HTTP/1.0\r\n\r\n'; done >"$tmp/answers"
is "$(grep -c '^HTTP/1.0 200' "$tmp/answers")" 200 "200 GETs: 200 answers 200"
# ASan keeps freed blocks in quarantine, so RSS grows by design there; the
# sanitized server is checked by LeakSanitizer instead, at its exit below.
if [ "$(readlink tools/lrutrace/build)" = build.sanitize ]; then
	skip "RSS flat over 200 requests" "ASan quarantine; LeakSanitizer checks the exit"
else
	cmp_ok "$(($(rss) - rss0))" -le 256 "RSS flat over 200 requests (${rss0} kB -> $(rss) kB)"
fi

# The port is taken: a second server (and lrutrace) fail with status 1.
"$server" "127.0.0.1:$port" 2>"$tmp/err2"
is "$?" 1 "a second server on the same port: exit 1"
like "$(cat "$tmp/err2")" "--listen '127.0.0.1:$port': Address already in use" "saying why"
out=$(make --no-print-directory -s -C tools/lrutrace all 2>&1)
is "$?" 0 "lrutrace builds" || diag "$out"
err=$(tools/lrutrace/build/lrutrace stat --listen "127.0.0.1:$port" 2>&1)
is "$?" 1 "lrutrace stat --listen on a port in use: exit 1"
like "$err" "Address already in use" "before it loads anything"
err=$(tools/lrutrace/build/lrutrace stat --listen "no-such-host.invalid:$port" 2>&1)
is "$?" 2 "lrutrace --listen with an address that does not resolve: exit 2"
err=$(tools/lrutrace/build/lrutrace stat --listen "0.0.0.0:$port" 2>&1)
is "$?" 2 "lrutrace --listen on every address without --listen-remote: exit 2"
like "$err" "not a loopback address; add --listen-remote" "saying how to mean it"
"$server" "[::]:$((port + 1))" 2>"$tmp/err3"
is "$?" 2 "the server refuses [::] as well"
LISTEN_REMOTE=1 "$server" "0.0.0.0:$((port + 2))" >/dev/null 2>"$tmp/err4" &
rpid=$!
for i in $(seq 50); do grep -q listening "$tmp/err4" && break; sleep 0.1; done
like "$(cat "$tmp/err4")" '^listening' "with remote allowed it serves 0.0.0.0"
kill -TERM "$rpid"; wait "$rpid"
err=$(tools/lrutrace/build/lrutrace stat --listen 0 2>&1)
is "$?" 2 "lrutrace --listen 0: exit 2"
like "$err" 'from 1 to 65535' "the port must be 1 to 65535"

# The source goes away after the 40th sample (2 s): from then on a scrape
# gets 503 and the reason in one line, never the last numbers, though
# the loop goes on publishing.
main_port=$port port=$((port + 3))
LISTEN_TEST_GONE_AFTER=40 "$server" "127.0.0.1:$port" >/dev/null 2>"$tmp/err5" &
gpid=$!
for i in $(seq 50); do grep -q listening "$tmp/err5" && break; sleep 0.1; done
like "$(status 'GET /metrics HTTP/1.0\r\n\r\n')" '^HTTP/1.0 200' "before the source goes: 200"
for i in $(seq 100); do
	gone=$(request 'GET /metrics HTTP/1.0\r\n\r\n')
	[[ $gone == *" 503 "* ]] && break
	sleep 0.1
done
like "$(head -1 <<<"$gone")" '^HTTP/1.0 503 Service Unavailable$' "once the source is gone: 503"
is "$(sed '1,/^$/d' <<<"$gone")" "source gone: the test took the source away at once" \
	"with the reason in one line"
like "$gone" 'Content-Type: text/plain' "as plain text"
sleep 0.3
again=$(request 'GET /metrics HTTP/1.0\r\n\r\n')
like "$(head -1 <<<"$again")" '^HTTP/1.0 503' "later samples are not served either"
is "$(grep -c lrutrace_test_sample <<<"$again")" 0 "no numbers in the answer"
kill -TERM "$gpid"
wait "$gpid"
is "$?" 0 "the server with its source gone stops on SIGTERM (under ASan: no leak)"
port=$main_port

kill -TERM "$pid"
wait "$pid"
is "$?" 0 "the server stops on SIGTERM, exit 0 (under ASan: no leak)"
like "$(cat "$tmp/out")" '^published [0-9]+' "having published every sample"
pid=

done_testing
