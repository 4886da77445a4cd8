/* SPDX-License-Identifier: GPL-2.0-or-later */
/* histogram.h: a log-linear latency histogram.
 *
 * Values below 2^HIST_SUB_BITS are counted exactly; above, each power of two
 * is cut into 2^HIST_SUB_BITS equal buckets, so a bucket is at most 1/16
 * (6.25%) of its value wide.  It holds any uint64_t in fixed memory, which is
 * why the workload can sample for hours without storing samples.
 */
#ifndef LRULOAD_HISTOGRAM_H
#define LRULOAD_HISTOGRAM_H

#include <stdint.h>

#define HIST_SUB_BITS 4
#define HIST_SUB (1u << HIST_SUB_BITS)
#define HIST_BUCKETS ((64 - HIST_SUB_BITS + 1) * HIST_SUB)

struct histogram {
	uint64_t count;
	uint64_t max;
	uint64_t bucket[HIST_BUCKETS];
};

void hist_reset(struct histogram *hist);
void hist_add(struct histogram *hist, uint64_t value);
void hist_merge(struct histogram *into, const struct histogram *from);

/* The smallest bucket bound at or above the value of rank ceil(q * count),
 * clamped to the largest value seen: never below the true quantile and at
 * most 6.25% above it.  0 for an empty histogram. */
uint64_t hist_quantile(const struct histogram *hist, double q);

/* Bucket arithmetic, exposed for the tests. */
unsigned hist_index(uint64_t value);
uint64_t hist_bucket_low(unsigned index);

#endif
