#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# demo.sh [LOG]: the background workload of `make run`.
#
# Loops forever through four phases, so that a live display of the split LRU
# tells a story: a file stream (the file lists churn, anon is left alone),
# anon growth into swap (the anon lists fill and reclaim turns to them), the
# two mixed, and a memory cgroup under memory.max (reclaim inside one memcg).
# Sizes fit the guest: 512 MiB of memory, 512 MiB of swap, TCG emulation.
#
# One line per phase change goes to LOG (default /var/tmp/splitlru/demo.log),
# never to the terminal the display owns; each phase's final JSON report is
# left beside it as demo-PHASE.json.  SIGTERM or SIGINT stops the running
# lruload (which prints its final report) and ends the demo with status 0.
#
# Environment: SPLITLRU_DEMO_SECONDS (25) per phase, SPLITLRU_DEMO_DIR
# (/var/tmp/splitlru) for the files, SPLITLRU_DEMO_MEMCG (splitlru-demo, below
# the cgroup2 mount) for phase 4.
set -u

log=${1:-/var/tmp/splitlru/demo.log}
seconds=${SPLITLRU_DEMO_SECONDS:-25}
files=${SPLITLRU_DEMO_DIR:-/var/tmp/splitlru}
memcg=${SPLITLRU_DEMO_MEMCG:-splitlru-demo}
lruload=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/tools/lruload/build/lruload
reports=$(dirname "$log")
child=

log() {
	printf '%s %s\n' "$(date +%T)" "$*" >>"$log"
}

stop() {
	trap - TERM INT HUP
	if [ -n "$child" ]; then
		kill -TERM "$child" 2>/dev/null
		wait "$child" 2>/dev/null
	fi
	log "demo stopped"
	exit 0
}

# phase NUMBER NAME DESCRIPTION LRULOAD-ARGS...: one phase, in the background
# so that a signal reaches the trap while we wait.
phase() {
	local number=$1 name=$2 what=$3 status
	shift 3
	log "phase $number/4 $name: $what"
	"$lruload" "$@" --duration "$seconds" --dir "$files" \
		>"$reports/demo-$name.json" 2>>"$log" &
	child=$!
	wait "$child"
	status=$?
	child=
	if [ "$status" -ne 0 ]; then
		log "phase $number/4 $name: lruload exited with status $status"
		sleep 5	# a phase that cannot run must not spin the loop
	fi
}

mkdir -p "$reports" "$files" || exit 1
if [ ! -x "$lruload" ]; then
	log "error: $lruload is missing: run make -C tools/lruload"
	echo "demo.sh: $lruload is missing: run make -C tools/lruload" >&2
	exit 1
fi
trap stop TERM INT HUP
log "demo started: 4 phases of ${seconds}s, files in $files (pid $$)"

# The stream and fileset files are shared by the phases (same sizes, same
# names), so only the first round writes them.
while :; do
	phase 1 stream "a 640 MiB file read sequentially, more than memory" \
		stream --size 640M
	phase 2 anon "480 MiB of anon memory grows into swap, 20% of it hot" \
		anon --size 480M
	phase 3 mix "192 MiB anon, 96 MiB file set and the 640 MiB stream" \
		mix --anon 192M --fileset 96M --stream 640M
	phase 4 memcg "96 MiB anon + 96 MiB file set in a memcg of memory.max 128 MiB" \
		mix --anon 96M --fileset 96M --memcg "$memcg" --memory-max 128M
	# Leave no empty cgroup behind between rounds (lruload has exited).
	case $memcg in
	/*) rmdir "$memcg" 2>/dev/null ;;
	*) rmdir "/sys/fs/cgroup/$memcg" 2>/dev/null ;;
	esac
done
