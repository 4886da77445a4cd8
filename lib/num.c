// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * num.c: strict parsing of the command line's numbers; see sl_num.h.
 *
 * Written without strtoull()/strtod(): those skip blanks, take signs
 * ("-1" is 2^64-1 to strtoull), "inf", "nan" and hex floats, and strtod
 * follows LC_NUMERIC, so "0.5" would fail under a locale whose decimal
 * point is a comma once a tool has called setlocale().
 */
#include "sl_num.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int hex_value(char c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Decimal digits from *text, at least one; stops at the first non-digit. */
static int parse_digits(const char **text, uint64_t *value)
{
	const char *p = *text;
	uint64_t v = 0;
	int overflow = 0;

	if (!is_digit(*p))
		return -EINVAL;
	for (; is_digit(*p); p++) {
		unsigned digit = (unsigned)(*p - '0');

		if (v > (UINT64_MAX - digit) / 10)
			overflow = 1;	/* keep going: "99..9x" is malformed */
		else
			v = v * 10 + digit;
	}
	*text = p;
	*value = v;
	return overflow ? -ERANGE : 0;
}

int sl_parse_size(const char *text, uint64_t *bytes)
{
	const char *p = text;
	unsigned shift = 0;
	uint64_t v;
	int rc = parse_digits(&p, &v);

	if (rc == -EINVAL)
		return rc;
	switch (*p) {
	case 'k': case 'K': shift = 10; p++; break;
	case 'm': case 'M': shift = 20; p++; break;
	case 'g': case 'G': shift = 30; p++; break;
	case 't': case 'T': shift = 40; p++; break;
	}
	if (shift && strcmp(p, "iB") == 0)
		p += 2;
	else if (!shift && strcmp(p, "B") == 0)
		p++;
	if (*p)
		return -EINVAL;
	if (rc)
		return rc;
	if (v > (UINT64_MAX >> shift))
		return -ERANGE;
	*bytes = v << shift;
	return 0;
}

int sl_parse_size_range(const char *text, uint64_t min, uint64_t max,
			uint64_t *bytes)
{
	uint64_t v;
	int rc = sl_parse_size(text, &v);

	if (rc)
		return rc;
	if (v < min || v > max)
		return -ERANGE;
	*bytes = v;
	return 0;
}

int sl_parse_u64(const char *text, uint64_t *value)
{
	const char *p = text;
	uint64_t v = 0;
	int rc = 0;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		p += 2;
		if (hex_value(*p) < 0)
			return -EINVAL;
		for (; hex_value(*p) >= 0; p++) {
			if (v > (UINT64_MAX >> 4))
				rc = -ERANGE;
			else
				v = (v << 4) | (uint64_t)hex_value(*p);
		}
	} else {
		rc = parse_digits(&p, &v);
		if (rc == -EINVAL)
			return rc;
	}
	if (*p)
		return -EINVAL;
	if (rc)
		return rc;
	*value = v;
	return 0;
}

int sl_parse_uint(const char *text, uint64_t min, uint64_t max,
		  uint64_t *value)
{
	const char *p = text;
	uint64_t v;
	int rc = parse_digits(&p, &v);

	if (rc == -EINVAL || *p)
		return -EINVAL;
	if (rc || v < min || v > max)
		return -ERANGE;
	*value = v;
	return 0;
}

int sl_parse_seconds(const char *text, double min, double max,
		     double *seconds)
{
	const char *p = text;
	uint64_t whole = 0, frac = 0;
	double v, scale = 1;
	int whole_digits = is_digit(*p), frac_digits = 0, rc = 0;

	if (whole_digits)
		rc = parse_digits(&p, &whole);
	if (*p == '.') {
		/* up to 18 digits are exact in frac; later ones cannot matter */
		for (p++; is_digit(*p); p++, frac_digits++) {
			if (frac_digits < 18) {
				frac = frac * 10 + (uint64_t)(*p - '0');
				scale *= 10;
			}
		}
		if (!frac_digits)
			return -EINVAL;	/* "5." */
	}
	if ((!whole_digits && !frac_digits) || *p)
		return -EINVAL;
	/* one division of two exact values: "0.3" is the double nearest 0.3 */
	v = (double)whole + (double)frac / scale;
	if (rc || !(v >= min && v <= max))
		return -ERANGE;
	*seconds = v;
	return 0;
}

const char *sl_num_strerror(int err)
{
	switch (err) {
	case -EINVAL: return "malformed";
	case -ERANGE: return "out of range";
	default: return strerror(err < 0 ? -err : err);
	}
}

const char *sl_size_str(uint64_t bytes, char *buf, unsigned long len)
{
	static const char suffix[] = "KMGT";
	int i = -1;

	while (i < 3 && bytes && !(bytes & 1023)) {
		bytes >>= 10;
		i++;
	}
	if (i < 0)
		snprintf(buf, len, "%llu", (unsigned long long)bytes);
	else
		snprintf(buf, len, "%llu%c", (unsigned long long)bytes, suffix[i]);
	return buf;
}
