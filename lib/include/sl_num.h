/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sl_num.h: the numbers of every tool's command line, parsed one way.
 *
 * Each parser takes the whole string or nothing: no leading blanks, no
 * signs, no trailing garbage, no silent wrap-around.  They return 0 and
 * store the value, or return -EINVAL for a malformed string and -ERANGE for
 * a well-formed one outside the range asked for (or outside 64 bits), and
 * leave *out alone.  sl_num_strerror() says which, in words.
 *
 * Sizes (every tool, every size option): decimal digits, optionally
 * followed by K, M, G or T (either case), optionally followed by "iB"; or
 * digits followed by "B".  The suffixes are binary: 1K = 1024, 1M = 1024K,
 * and so on; "1KiB" and "1K" are the same.  No fractions ("1.5G"), no hex.
 *   4096  4096B  64K  64k  200M  200MiB  1G  2T
 */
#ifndef SL_NUM_H
#define SL_NUM_H

#include <stdint.h>

/* Bytes in SL_SIZE_SYNTAX; -ERANGE past UINT64_MAX (16777216T). */
int sl_parse_size(const char *text, uint64_t *bytes);
/* The same, and -ERANGE outside [min, max]. */
int sl_parse_size_range(const char *text, uint64_t min, uint64_t max,
			uint64_t *bytes);

/* One line a usage message can quote after a bad size. */
#define SL_SIZE_SYNTAX \
	"digits with an optional binary suffix K, M, G or T, with or without iB; 1K = 1024"

/*
 * The human form of a size, for messages: the largest binary suffix that is
 * exact ("4K", "1G", "1536K", "100"); len at least SL_SIZE_STR_LEN.
 */
#define SL_SIZE_STR_LEN 24
const char *sl_size_str(uint64_t bytes, char *buf, unsigned long len);

/* Decimal digits, or 0x and hex digits: 0 to 2^64-1 (seeds, masks). */
int sl_parse_u64(const char *text, uint64_t *value);

/* Decimal digits only, in [min, max] (counts, node numbers, ports). */
int sl_parse_uint(const char *text, uint64_t min, uint64_t max,
		  uint64_t *value);

/*
 * Seconds as a decimal fraction ("30", "0.5", ".25"), in [min, max]; no
 * sign, exponent, hex, "inf" or "nan".  min must be above 0 for a duration
 * that must not be zero.
 */
int sl_parse_seconds(const char *text, double min, double max,
		     double *seconds);

/* A year: the longest duration any tool takes. */
#define SL_SECONDS_MAX 31536000.0

/* "malformed", "out of range", or strerror() for anything else. */
const char *sl_num_strerror(int err);

#endif /* SL_NUM_H */
