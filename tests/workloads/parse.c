/* parse.c: strict number parsing; see parse.h. */
#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Decimal digits from *text; stops at the first non-digit. */
static int parse_digits(const char **text, uint64_t *value)
{
	const char *p = *text;
	uint64_t v = 0;

	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	for (; isdigit((unsigned char)*p); p++) {
		unsigned digit = (unsigned)(*p - '0');

		if (v > (UINT64_MAX - digit) / 10)
			return -ERANGE;
		v = v * 10 + digit;
	}
	*text = p;
	*value = v;
	return 0;
}

int parse_size(const char *text, uint64_t *bytes)
{
	const char *p = text;
	unsigned shift = 0;
	uint64_t v;
	int rc = parse_digits(&p, &v);

	if (rc)
		return rc;
	switch (toupper((unsigned char)*p)) {
	case 'K': shift = 10; p++; break;
	case 'M': shift = 20; p++; break;
	case 'G': shift = 30; p++; break;
	case 'T': shift = 40; p++; break;
	}
	if (shift && strcmp(p, "iB") == 0)
		p += 2;
	else if (*p == 'B')
		p++;
	if (*p)
		return -EINVAL;
	if (v > (UINT64_MAX >> shift))
		return -ERANGE;
	*bytes = v << shift;
	return 0;
}

int parse_u64(const char *text, uint64_t *value)
{
	const char *p = text;
	uint64_t v = 0;
	int rc;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		p += 2;
		if (!isxdigit((unsigned char)*p))
			return -EINVAL;
		for (; isxdigit((unsigned char)*p); p++) {
			unsigned digit = isdigit((unsigned char)*p) ? (unsigned)(*p - '0')
				: (unsigned)(toupper((unsigned char)*p) - 'A' + 10);

			if (v > (UINT64_MAX >> 4))
				return -ERANGE;
			v = (v << 4) | digit;
		}
	} else if ((rc = parse_digits(&p, &v))) {
		return rc;
	}
	if (*p)
		return -EINVAL;
	*value = v;
	return 0;
}

int parse_percent(const char *text, unsigned *percent)
{
	uint64_t v;
	int rc = parse_u64(text, &v);

	if (rc)
		return rc;
	if (v > 100)
		return -ERANGE;
	*percent = (unsigned)v;
	return 0;
}

int parse_seconds(const char *text, double *seconds)
{
	char *end;
	double v;

	/* strtod alone would take blanks, signs, "inf", "nan" and hex floats. */
	if (!isdigit((unsigned char)text[0]) && text[0] != '.')
		return -EINVAL;
	if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
		return -EINVAL;
	errno = 0;
	v = strtod(text, &end);
	if (end == text || *end)
		return -EINVAL;
	if (errno == ERANGE || !isfinite(v) || v > PARSE_SECONDS_MAX)
		return -ERANGE;
	if (v <= 0)
		return -ERANGE;
	*seconds = v;
	return 0;
}
