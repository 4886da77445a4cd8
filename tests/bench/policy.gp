# SPDX-License-Identifier: GPL-2.0-or-later
# policy.gp: the policy experiment's plots.  Called by tests/bench/policy
# with outdir set; reads the data files it prepared there:
#   policy-share.dat       blocks "workload policy" of "t_s decided_permille"
#   policy-efficiency.dat  "cell cost rotation": pages scanned per reclaimed
#   policy-p99_us.dat, policy-pages_per_s.dat  "cell" then median, min, max
#                          per contender (contenders names them)
set terminal png size 1000,600 font ",11"
set grid ytics
set key outside right top

# No block when no run had a balance decision (MGLRU alone, or no reclaim).
if (blocks > 0) {
	set output outdir."/policy-share.png"
	set title "Decided anon share of the memcg's reclaim over time (swappiness ".swappiness.", first pair)"
	set xlabel "seconds since the run's first reclaim"
	set ylabel "anon share decided (per mille)"
	set yrange [0:1000]
	plot for [i = 0:blocks - 1] outdir."/policy-share.dat" index i using 1:2 \
		with linespoints lw 2 title columnheader(1)
}

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

# Per cell and contender: the median with the lowest and highest run as
# the error bar (3 pairs: the whole spread).  "contenders" names the
# columns: policy-FIGURE.dat has "cell" then median, min, max per contender.
set style histogram errorbars gap 1 lw 1
set xlabel "workload / swappiness"
n = words(contenders)
set output outdir."/policy-p99.png"
set title "p99 of an access (median and range over the pairs)"
set ylabel "microseconds"
set logscale y
set yrange [*:*]
plot for [i = 1:n] outdir."/policy-p99_us.dat" using (column(3*i - 1)):(column(3*i)):(column(3*i + 1)):xtic(1) \
	title word(contenders, i)
unset logscale y
set output outdir."/policy-throughput.png"
set title "Accesses per second (median and range over the pairs; higher is better)"
set ylabel "pages per second"
set yrange [0:*]
plot for [i = 1:n] outdir."/policy-pages_per_s.dat" using (column(3*i - 1)):(column(3*i)):(column(3*i + 1)):xtic(1) \
	title word(contenders, i)
