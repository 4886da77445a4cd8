/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rng.h: the workload's own pseudo-random generator.
 *
 * xoshiro256** seeded through splitmix64 (Blackman and Vigna).  It is ours,
 * not libc's random(), so that a seed names the same access sequence on every
 * machine and libc: the benchmark's runs are only comparable if that holds.
 */
#ifndef LRULOAD_RNG_H
#define LRULOAD_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

static inline uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline void rng_seed(struct rng *rng, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		rng->s[i] = splitmix64(&seed);
}

static inline uint64_t rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(struct rng *rng)
{
	uint64_t *s = rng->s;
	uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rng_rotl(s[3], 45);
	return result;
}

/* A value in [0, bound): Lemire's multiply-high.  Its bias, at most
 * bound / 2^64, is far below anything a page-access pattern could show, and
 * it never loops, so every call consumes exactly one draw. */
static inline uint64_t rng_below(struct rng *rng, uint64_t bound)
{
	return (uint64_t)(((unsigned __int128)rng_next(rng) * bound) >> 64);
}

#endif
