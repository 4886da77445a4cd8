// SPDX-License-Identifier: GPL-2.0-or-later
/* report.c: the run's JSON report, built with json-c. */
#include "lruload.h"

#include <inttypes.h>
#include <json-c/json.h>
#include <stdio.h>

static struct json_object *json_u64(uint64_t value)
{
	return json_object_new_uint64(value);
}

/* A double printed with a fixed number of decimals: json-c's default %.17g
 * would print 0.1 as 0.10000000000000001. */
static struct json_object *json_fixed(double value, int decimals)
{
	char text[64];

	snprintf(text, sizeof(text), "%.*f", decimals, value);
	return json_object_new_double_s(value, text);
}

static struct json_object *json_seconds(double seconds)
{
	return json_fixed(seconds, 6);
}

static struct json_object *json_rate(uint64_t count, double seconds)
{
	return json_fixed(seconds > 0 ? (double)count / seconds : 0, 1);
}

static struct json_object *latency_json(const struct histogram *latency)
{
	struct json_object *obj = json_object_new_object();

	json_object_object_add(obj, "samples", json_u64(latency->count));
	json_object_object_add(obj, "p50", json_u64(hist_quantile(latency, 0.50)));
	json_object_object_add(obj, "p99", json_u64(hist_quantile(latency, 0.99)));
	json_object_object_add(obj, "max", json_u64(latency->max));
	return obj;
}

static struct json_object *limit_json(const struct memcg_limit *limit)
{
	if (!limit->set)
		return NULL;
	return limit->unlimited ? json_object_new_string("max") : json_u64(limit->bytes);
}

static struct json_object *component_json(const struct report *report, unsigned i)
{
	const struct access_stream *stream = &report->plan->stream[i];
	const struct component_stats *stats = &report->stats[i];
	struct json_object *obj = json_object_new_object();
	bool file = stream->kind != COMPONENT_ANON;

	json_object_object_add(obj, "kind", json_object_new_string(component_name(stream->kind)));
	json_object_object_add(obj, "bytes", json_u64(stream->pages * report->config->page_size));
	json_object_object_add(obj, "pages", json_u64(stream->pages));
	json_object_object_add(obj, "hot_pages", stream->pattern == PATTERN_HOTCOLD ?
			       json_u64(stream->hot_pages) : NULL);
	json_object_object_add(obj, "passes_completed", json_u64(stream->pass));
	json_object_object_add(obj, "accesses", json_u64(stats->accesses));
	json_object_object_add(obj, file ? "pages_read" : "pages_touched",
			       json_u64(stats->accesses));
	json_object_object_add(obj, "pages_per_s", json_rate(stats->accesses, report->window_s));
	json_object_object_add(obj, "latency_ns", latency_json(&stats->latency));
	return obj;
}

struct json_object *report_json(const struct report *report)
{
	const struct lruload_config *config = report->config;
	const struct access_plan *plan = report->plan;
	struct json_object *obj = json_object_new_object();
	struct json_object *components = json_object_new_array();
	uint64_t touched = 0, read = 0;
	struct histogram latency;
	char hash[24];

	hist_reset(&latency);
	for (unsigned i = 0; i < plan->count; i++) {
		if (plan->stream[i].kind == COMPONENT_ANON)
			touched += report->stats[i].accesses;
		else
			read += report->stats[i].accesses;
		hist_merge(&latency, &report->stats[i].latency);
		json_object_array_add(components, component_json(report, i));
	}
	snprintf(hash, sizeof(hash), "0x%016" PRIx64, plan->hash);

	json_object_object_add(obj, "type", json_object_new_string(report->type));
	json_object_object_add(obj, "mode", json_object_new_string(mode_name(config->mode)));
	json_object_object_add(obj, "seed", json_u64(config->seed));
	json_object_object_add(obj, "page_size", json_u64(config->page_size));
	json_object_object_add(obj, "pattern", json_object_new_string(pattern_name(config->pattern)));
	json_object_object_add(obj, "hot_pct", json_u64(config->hot_pct));
	json_object_object_add(obj, "hot_share", json_u64(config->hot_share));
	json_object_object_add(obj, "sample_every", json_u64(config->sample_every));
	json_object_object_add(obj, "passes_requested", config->passes ? json_u64(config->passes) : NULL);
	json_object_object_add(obj, "anon_passes", config->anon_passes ? json_u64(config->anon_passes) : NULL);
	json_object_object_add(obj, "duration_requested_s", config->duration ? json_seconds(config->duration) : NULL);
	json_object_object_add(obj, "memcg", report->memcg ? json_object_new_string(report->memcg) : NULL);
	json_object_object_add(obj, "memory_max", limit_json(&config->memory_max));
	json_object_object_add(obj, "swap_max", limit_json(&config->swap_max));
	json_object_object_add(obj, "setup_s", json_seconds(report->setup_s));
	json_object_object_add(obj, "elapsed_s", json_seconds(report->elapsed_s));
	json_object_object_add(obj, "window_s", json_seconds(report->window_s));
	if (report->stop_reason)
		json_object_object_add(obj, "stop_reason", json_object_new_string(report->stop_reason));
	json_object_object_add(obj, "passes_completed", json_u64(plan->passes));
	json_object_object_add(obj, "sequence_hash", json_object_new_string(hash));
	json_object_object_add(obj, "accesses", json_u64(touched + read));
	json_object_object_add(obj, "pages_touched", json_u64(touched));
	json_object_object_add(obj, "pages_read", json_u64(read));
	json_object_object_add(obj, "pages_per_s", json_rate(touched + read, report->window_s));
	json_object_object_add(obj, "latency_ns", latency_json(&latency));
	json_object_object_add(obj, "components", components);
	return obj;
}
