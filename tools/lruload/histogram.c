// SPDX-License-Identifier: GPL-2.0-or-later
/* histogram.c: log-linear latency histogram; see histogram.h. */
#include "histogram.h"

#include <string.h>

unsigned hist_index(uint64_t value)
{
	unsigned top, shift;

	if (value < HIST_SUB)
		return (unsigned)value;
	top = 63u - (unsigned)__builtin_clzll(value);
	shift = top - HIST_SUB_BITS;
	/* value >> shift lies in [HIST_SUB, 2 * HIST_SUB). */
	return (shift + 1) * HIST_SUB + (unsigned)(value >> shift) - HIST_SUB;
}

uint64_t hist_bucket_low(unsigned index)
{
	unsigned shift;

	if (index < HIST_SUB)
		return index;
	shift = index / HIST_SUB - 1;
	return (uint64_t)(index % HIST_SUB + HIST_SUB) << shift;
}

static uint64_t hist_bucket_high(unsigned index)
{
	return index + 1 < HIST_BUCKETS ? hist_bucket_low(index + 1) - 1 : UINT64_MAX;
}

void hist_reset(struct histogram *hist)
{
	memset(hist, 0, sizeof(*hist));
}

void hist_add(struct histogram *hist, uint64_t value)
{
	hist->bucket[hist_index(value)]++;
	hist->count++;
	if (value > hist->max)
		hist->max = value;
}

void hist_merge(struct histogram *into, const struct histogram *from)
{
	for (unsigned i = 0; i < HIST_BUCKETS; i++)
		into->bucket[i] += from->bucket[i];
	into->count += from->count;
	if (from->max > into->max)
		into->max = from->max;
}

uint64_t hist_quantile(const struct histogram *hist, double q)
{
	uint64_t rank, seen = 0;
	double want;

	if (!hist->count)
		return 0;
	want = q * (double)hist->count;
	rank = (uint64_t)want;
	if ((double)rank < want)
		rank++;
	if (rank < 1)
		rank = 1;
	for (unsigned i = 0; i < HIST_BUCKETS; i++) {
		seen += hist->bucket[i];
		if (seen >= rank) {
			uint64_t high = hist_bucket_high(i);

			return high < hist->max ? high : hist->max;
		}
	}
	return hist->max;
}
