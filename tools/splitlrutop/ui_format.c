// SPDX-License-Identifier: GPL-2.0-only
/* ui_format.c: number formatting and the degraded banner's words. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui.h"

char *sl_fmt_kb(char *buf, size_t len, uint64_t kb)
{
	static const char units[] = "KMGTP";
	double v = (double)kb;
	int u = 0;

	if (kb == SL_MISSING) {
		snprintf(buf, len, "-");
		return buf;
	}
	while (v >= 1024 && u < 4) {
		v /= 1024;
		u++;
	}
	if (v < 10 && u > 0)
		snprintf(buf, len, "%.1f%c", v, units[u]);
	else
		snprintf(buf, len, "%.0f%c", v, units[u]);
	return buf;
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
	if (u == 0)
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
	case SL_BPF_NOT_BUILT: return "no BPF (built without the loader)";
	case SL_BPF_NOT_ROOT: return "no BPF (not root, or no CAP_BPF)";
	case SL_BPF_NO_BTF: return "no BPF (kernel has no BTF)";
	case SL_BPF_LOAD_FAILED: return "no BPF (load failed)";
	case SL_BPF_DISABLED: return "no BPF (--no-bpf or --root)";
	default: return "no BPF";
	}
}

bool sl_mglru_on(const char *word)
{
	/* lru_gen/enabled is a hex mask: 0x0000 is off. */
	return word[0] && strspn(word, "0x") != strlen(word);
}

void sl_degraded_text(char *buf, size_t len, const struct sl_sample *s)
{
	size_t n = 0;

	buf[0] = '\0';
#define ADD(...) do { if (n < len) n += (size_t)snprintf(buf + n, len - n, __VA_ARGS__); } while (0)
	if (s->missing & SL_LACK_BPF)
		ADD("%s: decisions from zoneinfo, list rates from vmstat", bpf_reason_text(s->bpf_reason));
	else if (s->missing & SL_LACK_DECISION)
		ADD("BPF on stock events: no decisions, no memcg lists");
	if (s->missing & SL_LACK_ZBAL)
		ADD("%sno lru_* lines in zoneinfo (stock kernel)", n ? "; " : "");
	if (s->missing & SL_LACK_PSI)
		ADD("%sno PSI", n ? "; " : "");
	if (s->missing & SL_LACK_MEMCG)
		ADD("%sno cgroup v2 memory controller", n ? "; " : "");
	if (s->missing & SL_LACK_NODE_MEMINFO)
		ADD("%sno node meminfo", n ? "; " : "");
	if (sl_mglru_on(s->mglru))
		ADD("%sMGLRU is on: reclaim bypasses these lists", n ? "; " : "");
#undef ADD
}
