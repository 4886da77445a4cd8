// SPDX-License-Identifier: GPL-2.0-only
/* ui_format.c: number formatting and the degraded banner's words. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui.h"

/*
 * kb * mul / 2^shift, rounded as printf rounds that exact binary value:
 * to nearest, ties to even.  (kb / 1024^u is exact in a double, so this
 * is what "%.1f" of it prints, times ten, without the float machinery.)
 */
static uint64_t shift_round(uint64_t kb, unsigned mul, int shift)
{
	unsigned __int128 x = (unsigned __int128)kb * mul;
	unsigned __int128 unit = (unsigned __int128)1 << shift;
	uint64_t q = (uint64_t)(x >> shift);
	unsigned __int128 r = x & (unit - 1);

	if (shift && (2 * r > unit || (2 * r == unit && (q & 1))))
		q++;
	return q;
}

/* Decimal digits of v before p, backwards; returns the first one. */
static char *put_digits(char *p, uint64_t v)
{
	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	return p;
}

/* text into buf, cut to len as snprintf("%s") cuts it. */
static void put_text(char *buf, size_t len, const char *text)
{
	size_t k = strlen(text);

	if (len == 0)
		return;
	if (k >= len)
		k = len - 1;
	memcpy(buf, text, k);
	buf[k] = '\0';
}

/*
 * What snprintf "%.1f%c" (below 10 of a unit) or "%.0f%c" of kb / 1024^u
 * printed, digit for digit: the memory panel formats a dozen sizes a
 * frame, and printf's floats were a tenth of a frame's instructions.
 */
char *sl_fmt_kb(char *buf, size_t len, uint64_t kb)
{
	static const char units[] = "KMGTP";
	char text[32], *end = text + sizeof(text) - 1, *p = end;
	int u = 0;

	if (kb == SL_MISSING) {
		snprintf(buf, len, "-");
		return buf;
	}
	while ((kb >> (10 * u)) >= 1024 && u < 4)
		u++;
	*end = '\0';
	*--p = units[u];
	if (u > 0 && (kb >> (10 * u)) < 10) {
		uint64_t tenths = shift_round(kb, 10, 10 * u);
		*--p = (char)('0' + tenths % 10);
		*--p = '.';
		p = put_digits(p, tenths / 10);
	} else {
		p = put_digits(p, shift_round(kb, 1, 10 * u));
	}
	put_text(buf, len, p);
	return buf;
}

/*
 * "%.0f" of 0 <= v < 1000 without printf's float machinery: the table
 * prints a few dozen such rates a frame.  nearbyint rounds as printf does
 * (half to even, in the current rounding mode).
 */
static void fmt_whole(char *buf, size_t len, double v)
{
	char digits[24];

	digits[sizeof(digits) - 1] = '\0';
	put_text(buf, len, put_digits(digits + sizeof(digits) - 1, (uint64_t)nearbyint(v)));
}

char *sl_fmt_rate(char *buf, size_t len, double v)
{
	static const char units[] = " kMGT";
	int u = 0;

	if (isnan(v)) {
		snprintf(buf, len, "-");
		return buf;
	}
	while (v >= 1000 && u < 4) {
		v /= 1000;
		u++;
	}
	if (u == 0 && v >= 0)
		fmt_whole(buf, len, v);
	else if (u == 0)
		snprintf(buf, len, "%.0f", v);
	else if (v < 100)
		snprintf(buf, len, "%.1f%c", v, units[u]);
	else
		snprintf(buf, len, "%.0f%c", v, units[u]);
	return buf;
}

char *sl_fmt_count(char *buf, size_t len, uint64_t v)
{
	return sl_fmt_rate(buf, len, v == SL_MISSING ? NAN : (double)v);
}

char *sl_fmt_pm(char *buf, size_t len, int pm)
{
	if (pm < 0)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%d", pm);
	return buf;
}

char *sl_fmt_pct(char *buf, size_t len, double frac)
{
	if (isnan(frac))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.0f%%", frac * 100);
	return buf;
}

static const char *bpf_reason_text(unsigned reason)
{
	switch (reason) {
	case SL_BPF_NOT_BUILT: return "built without the loader";
	case SL_BPF_NOT_ROOT: return "not root, or no CAP_BPF";
	case SL_BPF_NO_BTF: return "kernel has no BTF";
	case SL_BPF_LOAD_FAILED: return "load failed";
	case SL_BPF_DISABLED: return "--no-bpf, --root or SPLITLRU_NO_BPF";
	default: return "off";
	}
}

/* What a sample lacks besides its source's limits, in the source line's words. */
static const struct {
	uint32_t bit;
	const char *text;
} lacks[] = {
	{ SL_LACK_ZBAL, "no lru_* lines in zoneinfo (stock kernel)" },
	{ SL_LACK_PSI, "no PSI" },
	{ SL_LACK_MEMCG, "no cgroup v2 memory controller" },
	{ SL_LACK_NODE_MEMINFO, "no node meminfo" },
};

/*
 * "source NAME[ (why no BPF)]: its limits; what else is missing"; the
 * series with nothing missing reads as just "source series".
 */
void sl_source_text(char *buf, size_t len, const struct sl_sample *s)
{
	bool listed = s->cannot != 0;
	size_t n;

	n = (size_t)snprintf(buf, len, "source %s", lru_source_name(s->source));
#define ADD(...) do { if (n < len) n += (size_t)snprintf(buf + n, len - n, __VA_ARGS__); } while (0)
	if (s->missing & SL_LACK_BPF)
		ADD(" (no BPF: %s)", bpf_reason_text(s->bpf_reason));
	if (listed) {
		ADD(": ");
		if (n < len)
			n += (size_t)sl_limits_text(buf + n, len - n, s->cannot);
	}
	for (size_t i = 0; i < sizeof(lacks) / sizeof(lacks[0]); i++) {
		if (!(s->missing & lacks[i].bit))
			continue;
		ADD("%s%s", listed ? "; " : ": ", lacks[i].text);
		listed = true;
	}
#undef ADD
}

bool sl_source_complete(const struct sl_sample *s)
{
	if (s->cannot)
		return false;
	for (size_t i = 0; i < sizeof(lacks) / sizeof(lacks[0]); i++)
		if (s->missing & lacks[i].bit)
			return false;
	return true;
}
