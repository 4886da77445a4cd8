// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * lru_format.c: enum names and event formatting, shared by every tool so
 * that an event reads the same in lrutrace, splitlrutop and the tests.
 * The words are the kernel's own (TP_printk of the series' events).
 */
#include <stdio.h>
#include <string.h>
#include "lru_format.h"

static const char *const lru_names[SL_LRU_NR] = {
	"inactive_anon", "active_anon", "inactive_file", "active_file",
	"unevictable",
};
static const char *const reclaimer_names[SL_RECLAIMER_NR] = {
	"kswapd", "direct", "memcg", "proactive", "node", "other",
};
static const char *const reason_names[SL_REASON_NR] = {
	"balance", "age_anon", "kswapd_age", "skipped", "unknown",
};
static const char *const move_names[SL_MOVE_NR] = {
	"rotate_writeback", "activate_access", "deactivate",
	"deactivate_file", "lazyfree", "refault_activate", "unknown",
};
static const char *const policy_names[SL_POLICY_NR] = {
	"cost", "rotation", "unknown",
};
static const char *const mode_names[SL_MODE_NR] = {
	"equal", "fract", "anon", "file", "unknown",
};
static const char *const forced_names[SL_FORCED_NR] = {
	"none", "no_swap", "memcg_swappiness0", "priority0", "file_tiny",
	"cache_trim", "unknown",
};

static const struct {
	const char *const *names;
	unsigned count;
} tables[LRU_NAMES_NR] = {
	[LRU_NAMES_LRU] = { lru_names, SL_LRU_NR },
	[LRU_NAMES_RECLAIMER] = { reclaimer_names, SL_RECLAIMER_NR },
	[LRU_NAMES_REASON] = { reason_names, SL_REASON_NR },
	[LRU_NAMES_MOVE] = { move_names, SL_MOVE_NR },
	[LRU_NAMES_POLICY] = { policy_names, SL_POLICY_NR },
	[LRU_NAMES_MODE] = { mode_names, SL_MODE_NR },
	[LRU_NAMES_FORCED_BY] = { forced_names, SL_FORCED_NR },
};

const char *lru_name(enum lru_name_kind kind, unsigned value)
{
	if ((unsigned)kind >= LRU_NAMES_NR || value >= tables[kind].count)
		return "?";
	return tables[kind].names[value];
}

int lru_name_parse(enum lru_name_kind kind, const char *word)
{
	unsigned i;

	if ((unsigned)kind >= LRU_NAMES_NR || !word)
		return -1;
	for (i = 0; i < tables[kind].count; i++)
		if (strcmp(tables[kind].names[i], word) == 0)
			return (int)i;
	return -1;
}

unsigned lru_name_count(enum lru_name_kind kind)
{
	return (unsigned)kind < LRU_NAMES_NR ? tables[kind].count : 0;
}

/* comm with anything but printable ASCII replaced, safe in JSON and text */
static void clean_comm(const char *comm, char out[LRU_COMM_LEN])
{
	int i;

	for (i = 0; i < LRU_COMM_LEN - 1 && comm[i]; i++) {
		unsigned char c = (unsigned char)comm[i];

		out[i] = (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') ? '?' : (char)c;
	}
	out[i] = '\0';
}

int lru_event_format_text(const struct lru_event *e, double rel_s,
			  char *buf, size_t len)
{
	char comm[LRU_COMM_LEN];

	clean_comm(e->comm, comm);
	switch (e->type) {
	case LRU_EV_SHRINK: {
		const struct lru_shrink_event *s = &e->shrink;

		return snprintf(buf, len,
			"%.6f %-15s %7u shrink  nid=%u memcg=%llu lru=%s reclaimer=%s reason=%s priority=%u nr_to_scan=%llu nr_scanned=%llu nr_taken=%llu nr_reclaimed=%llu nr_activated=%llu nr_deactivated=%llu nr_rotated=%llu nr_unmap_fail=%llu nr_writeback_io=%llu",
			rel_s, comm, e->pid, s->nid,
			(unsigned long long)s->memcg_id,
			lru_name(LRU_NAMES_LRU, s->lru),
			lru_name(LRU_NAMES_RECLAIMER, s->reclaimer),
			lru_name(LRU_NAMES_REASON, s->reason), s->priority,
			(unsigned long long)s->nr_to_scan,
			(unsigned long long)s->nr_scanned,
			(unsigned long long)s->nr_taken,
			(unsigned long long)s->nr_reclaimed,
			(unsigned long long)s->nr_activated,
			(unsigned long long)s->nr_deactivated,
			(unsigned long long)s->nr_rotated,
			(unsigned long long)s->nr_unmap_fail,
			(unsigned long long)s->nr_writeback_io);
	}
	case LRU_EV_BALANCE: {
		const struct lru_balance *b = &e->balance;

		return snprintf(buf, len,
			"%.6f %-15s %7u balance nid=%u memcg=%llu priority=%u policy=%s mode=%s forced_by=%s swappiness=%u anon_cost=%llu file_cost=%llu rotated_anon=%llu rotated_file=%llu anon_pages=%llu file_pages=%llu anon_permille=%u file_permille=%u scan=%llu/%llu/%llu/%llu",
			rel_s, comm, e->pid, b->nid,
			(unsigned long long)b->memcg_id, b->priority,
			lru_name(LRU_NAMES_POLICY, b->policy),
			lru_name(LRU_NAMES_MODE, b->mode),
			lru_name(LRU_NAMES_FORCED_BY, b->forced_by),
			b->swappiness,
			(unsigned long long)b->anon_cost,
			(unsigned long long)b->file_cost,
			(unsigned long long)b->rotated_anon,
			(unsigned long long)b->rotated_file,
			(unsigned long long)b->anon_pages,
			(unsigned long long)b->file_pages,
			b->anon_permille, b->file_permille,
			(unsigned long long)b->scan[SL_LRU_INACTIVE_ANON],
			(unsigned long long)b->scan[SL_LRU_ACTIVE_ANON],
			(unsigned long long)b->scan[SL_LRU_INACTIVE_FILE],
			(unsigned long long)b->scan[SL_LRU_ACTIVE_FILE]);
	}
	case LRU_EV_MOVE: {
		const struct lru_move_event *m = &e->move;

		return snprintf(buf, len,
			"%.6f %-15s %7u move    nid=%u memcg=%llu from_lru=%s to_lru=%s reason=%s nr_pages=%llu pfn=0x%llx",
			rel_s, comm, e->pid, m->nid,
			(unsigned long long)m->memcg_id,
			lru_name(LRU_NAMES_LRU, m->from_lru),
			lru_name(LRU_NAMES_LRU, m->to_lru),
			lru_name(LRU_NAMES_MOVE, m->reason),
			(unsigned long long)m->nr_pages,
			(unsigned long long)m->pfn);
	}
	}
	return snprintf(buf, len, "%.6f %-15s %7u unknown type=%u", rel_s,
			comm, e->pid, e->type);
}

int lru_event_format_json(const struct lru_event *e, double rel_s,
			  char *buf, size_t len)
{
	char comm[LRU_COMM_LEN];

	clean_comm(e->comm, comm);
	switch (e->type) {
	case LRU_EV_SHRINK: {
		const struct lru_shrink_event *s = &e->shrink;

		return snprintf(buf, len,
			"{\"ts\":%.6f,\"event\":\"shrink\",\"comm\":\"%s\",\"pid\":%u,\"cpu\":%u,\"nid\":%u,\"memcg_id\":%llu,\"lru\":\"%s\",\"reclaimer\":\"%s\",\"reason\":\"%s\",\"priority\":%u,\"nr_to_scan\":%llu,\"nr_scanned\":%llu,\"nr_taken\":%llu,\"nr_reclaimed\":%llu,\"nr_activated\":%llu,\"nr_deactivated\":%llu,\"nr_rotated\":%llu,\"nr_unmap_fail\":%llu,\"nr_writeback_io\":%llu,\"fallback\":%s}",
			rel_s, comm, e->pid, e->cpu, s->nid,
			(unsigned long long)s->memcg_id,
			lru_name(LRU_NAMES_LRU, s->lru),
			lru_name(LRU_NAMES_RECLAIMER, s->reclaimer),
			lru_name(LRU_NAMES_REASON, s->reason), s->priority,
			(unsigned long long)s->nr_to_scan,
			(unsigned long long)s->nr_scanned,
			(unsigned long long)s->nr_taken,
			(unsigned long long)s->nr_reclaimed,
			(unsigned long long)s->nr_activated,
			(unsigned long long)s->nr_deactivated,
			(unsigned long long)s->nr_rotated,
			(unsigned long long)s->nr_unmap_fail,
			(unsigned long long)s->nr_writeback_io,
			s->fallback ? "true" : "false");
	}
	case LRU_EV_BALANCE: {
		const struct lru_balance *b = &e->balance;

		return snprintf(buf, len,
			"{\"ts\":%.6f,\"event\":\"balance\",\"comm\":\"%s\",\"pid\":%u,\"cpu\":%u,\"nid\":%u,\"memcg_id\":%llu,\"priority\":%u,\"policy\":\"%s\",\"mode\":\"%s\",\"forced_by\":\"%s\",\"swappiness\":%u,\"anon_cost\":%llu,\"file_cost\":%llu,\"rotated_anon\":%llu,\"rotated_file\":%llu,\"anon_pages\":%llu,\"file_pages\":%llu,\"fraction_anon\":%llu,\"fraction_file\":%llu,\"denominator\":%llu,\"anon_permille\":%u,\"file_permille\":%u,\"scan_inactive_anon\":%llu,\"scan_active_anon\":%llu,\"scan_inactive_file\":%llu,\"scan_active_file\":%llu}",
			rel_s, comm, e->pid, e->cpu, b->nid,
			(unsigned long long)b->memcg_id, b->priority,
			lru_name(LRU_NAMES_POLICY, b->policy),
			lru_name(LRU_NAMES_MODE, b->mode),
			lru_name(LRU_NAMES_FORCED_BY, b->forced_by),
			b->swappiness,
			(unsigned long long)b->anon_cost,
			(unsigned long long)b->file_cost,
			(unsigned long long)b->rotated_anon,
			(unsigned long long)b->rotated_file,
			(unsigned long long)b->anon_pages,
			(unsigned long long)b->file_pages,
			(unsigned long long)b->fraction_anon,
			(unsigned long long)b->fraction_file,
			(unsigned long long)b->denominator,
			b->anon_permille, b->file_permille,
			(unsigned long long)b->scan[SL_LRU_INACTIVE_ANON],
			(unsigned long long)b->scan[SL_LRU_ACTIVE_ANON],
			(unsigned long long)b->scan[SL_LRU_INACTIVE_FILE],
			(unsigned long long)b->scan[SL_LRU_ACTIVE_FILE]);
	}
	case LRU_EV_MOVE: {
		const struct lru_move_event *m = &e->move;

		return snprintf(buf, len,
			"{\"ts\":%.6f,\"event\":\"move\",\"comm\":\"%s\",\"pid\":%u,\"cpu\":%u,\"nid\":%u,\"memcg_id\":%llu,\"from_lru\":\"%s\",\"to_lru\":\"%s\",\"reason\":\"%s\",\"nr_pages\":%llu,\"pfn\":%llu}",
			rel_s, comm, e->pid, e->cpu, m->nid,
			(unsigned long long)m->memcg_id,
			lru_name(LRU_NAMES_LRU, m->from_lru),
			lru_name(LRU_NAMES_LRU, m->to_lru),
			lru_name(LRU_NAMES_MOVE, m->reason),
			(unsigned long long)m->nr_pages,
			(unsigned long long)m->pfn);
	}
	}
	return snprintf(buf, len,
			"{\"ts\":%.6f,\"event\":\"unknown\",\"type\":%u}",
			rel_s, e->type);
}
