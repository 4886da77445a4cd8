# SPDX-License-Identifier: GPL-2.0-or-later
# policy.gp: the policy experiment's plots.  Called by tests/bench/policy
# with outdir set; reads the data files it prepared there:
#   policy-share.dat       blocks "workload policy" of "t_s decided_permille"
#   policy-efficiency.dat  "cell cost rotation": pages scanned per reclaimed
set terminal png size 1000,600 font ",11"
set grid ytics
set key outside right top

set output outdir."/policy-share.png"
set title "Decided anon share of the memcg's reclaim over time (swappiness ".swappiness.", first pair)"
set xlabel "seconds since the run's first reclaim"
set ylabel "anon share decided (per mille)"
set yrange [0:1000]
plot for [i = 0:blocks - 1] outdir."/policy-share.dat" index i using 1:2 \
	with linespoints lw 2 title columnheader(1)

set output outdir."/policy-efficiency.png"
set title "Pages scanned per page reclaimed, all four lists (median over pairs; lower is better)"
set xlabel "workload / swappiness"
set ylabel "scanned per reclaimed"
set autoscale y
set yrange [0:*]
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set xtics rotate by -45
plot outdir."/policy-efficiency.dat" using 2:xtic(1) title "cost (5.8+)", \
	'' using 3 title "rotation (2007)"
