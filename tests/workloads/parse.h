/* parse.h: strict parsing of the command line's numbers.
 *
 * Each parser takes the whole string or nothing: no leading blanks, signs,
 * trailing garbage or silent wrap-around.  They return 0, or -EINVAL for a
 * malformed string and -ERANGE for one out of range.
 */
#ifndef LRULOAD_PARSE_H
#define LRULOAD_PARSE_H

#include <stdint.h>

/* Bytes: decimal digits with an optional binary suffix K, M, G or T (any
 * case), optionally followed by "iB" or "B": 4096, 64K, 200M, 1GiB. */
int parse_size(const char *text, uint64_t *bytes);

/* Decimal digits, or 0x followed by hex digits. */
int parse_u64(const char *text, uint64_t *value);

/* A whole percentage, 0 to 100. */
int parse_percent(const char *text, unsigned *percent);

/* Seconds, a positive decimal fraction at most PARSE_SECONDS_MAX: 30, 0.5. */
#define PARSE_SECONDS_MAX 31536000.0	/* a year */
int parse_seconds(const char *text, double *seconds);

#endif
