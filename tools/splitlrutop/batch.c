// SPDX-License-Identifier: GPL-2.0-only
/*
 * batch.c: -b.  Prints one frame per interval as plain text (ASCII, 80
 * columns, frames separated by a blank line) or, with --json, as one JSON
 * object per line.  The first frame comes one interval after the start,
 * because a frame is the difference of two samples.  Replaying (-r) prints
 * every frame of the recording at once.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "canvas.h"
#include "json.h"
#include "record.h"
#include "sl_cli.h"
#include "ui.h"

#define BATCH_COLS 80
#define BATCH_ROWS 200

struct batch {
	const struct sl_options *o;
	struct sl_canvas canvas;
	struct sl_history hist;
	struct sl_frame frame;
	struct sl_sample *s;	/* the two samples a run alternates between */
};

/*
 * 0 when the frame is out; 1 when the reader went away (| head), which
 * ends the run quietly; -1, said on stderr by the core, for any other
 * failure (a full disk, /dev/full): frames must not vanish with status 0.
 */
static int output_status(void)
{
	return sl_stdout_flush();
}

static int emit(struct batch *b, const struct sl_sample *prev, const struct sl_sample *cur,
		bool first)
{
	sl_derive(&b->frame, prev, cur, &b->o->view, &b->hist);
	if (b->o->json) {
		if (sl_json_print(&b->frame, &b->o->view, stdout))
			return -1;
	} else {
		int rows = sl_draw_batch(&b->canvas, &b->frame, &b->o->view);
		if (!first)
			fputc('\n', stdout);
		sl_canvas_print(&b->canvas, rows, stdout);
	}
	return output_status();
}

/*
 * Sample i is in cur: add it to the history and, from the second sample
 * on, print the frame of prev..cur.  0 to go on; 1 to stop (count frames
 * printed, or the reader went away); -1 on an error.
 */
static int step(struct batch *b, long i, const struct sl_sample *prev,
		const struct sl_sample *cur, long *printed)
{
	int out;

	sl_history_add(&b->hist, i ? prev : NULL, cur);
	if (i == 0)
		return 0;
	out = emit(b, prev, cur, *printed == 0);
	if (out)
		return out;
	return ++*printed == b->o->count && b->o->count ? 1 : 0;
}

static void sleep_until(uint64_t deadline_ns)
{
	struct timespec ts = {
		.tv_sec = (time_t)(deadline_ns / 1000000000ull),
		.tv_nsec = (long)(deadline_ns % 1000000000ull),
	};
	/* EINTR from SIGINT/SIGTERM ends the wait; the loop sees the flag. */
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

static int batch_replay(struct batch *b)
{
	const struct sl_options *o = b->o;
	struct sl_sample *s = b->s;
	char err[600];
	int rc = 0;

	struct sl_replay *r = sl_replay_open(o->read_path, err, sizeof(err));
	if (!r) {
		fprintf(stderr, "splitlrutop: %s\n", err);
		return 1;
	}
	size_t n = sl_replay_count(r);
	long printed = 0;
	for (size_t i = 0; i < n; i++) {
		struct sl_sample *cur = &s[i % 2], *prev = &s[(i + 1) % 2];
		if (sl_replay_load(r, i, cur, err, sizeof(err))) {
			fprintf(stderr, "splitlrutop: %s\n", err);
			rc = 1;
			break;
		}
		int out = step(b, (long)i, prev, cur, &printed);
		if (out) {
			rc = out < 0;
			break;
		}
	}
	if (sl_replay_truncated(r))
		fprintf(stderr, "splitlrutop: %s is truncated: replayed %zu complete samples, "
			"the sample at line %u is incomplete\n", o->read_path, n,
			sl_replay_truncated(r));
	sl_replay_close(r);
	return rc;
}

static int batch_live(struct batch *b)
{
	const struct sl_options *o = b->o;
	struct sl_recorder *rec = NULL;
	struct sl_sampler *sp;
	struct sl_sample *s = b->s;
	char err[600];
	int rc = 0;

	sp = sl_sampler_new(&o->sampler, err, sizeof(err));
	if (!sp) {
		fprintf(stderr, "splitlrutop: %s\n", err);
		return 1;
	}
	if (!o->quiet && sl_sampler_bpf_detail(sp)[0])
		fprintf(stderr, "splitlrutop: BPF: %s\n", sl_sampler_bpf_detail(sp));
	if (sl_btf_line(o, sp))
		fprintf(stderr, "splitlrutop: %s\n", sl_btf_line(o, sp));
	if (o->write_path && !(rec = sl_recorder_open(o->write_path, err, sizeof(err)))) {
		fprintf(stderr, "splitlrutop: %s\n", err);
		sl_sampler_free(sp);
		return 1;
	}
	uint64_t deadline = 0;
	long printed = 0;
	for (long i = 0; !sl_stop_requested(); i++) {
		struct sl_sample *cur = &s[i % 2], *prev = &s[(i + 1) % 2];
		if (i) {
			sleep_until(deadline);
			if (sl_stop_requested())
				break;
		}
		if (sl_sampler_sample(sp, cur, err, sizeof(err))) {
			fprintf(stderr, "splitlrutop: %s\n", err);
			rc = 1;
			break;
		}
		if (i == 0)
			deadline = cur->mono_ns;
		deadline += (uint64_t)o->interval_ms * 1000000ull;
		if (rec && sl_recorder_write(rec, cur)) {
			fprintf(stderr, "splitlrutop: writing %s: %s\n", o->write_path, strerror(errno));
			rc = 1;
			break;
		}
		int out = step(b, i, prev, cur, &printed);
		if (out) {
			rc = out < 0;
			break;
		}
	}
	sl_recorder_close(rec);
	sl_sampler_free(sp);
	return rc;
}

int sl_run_batch(const struct sl_options *o)
{
	struct batch b = { .o = o };
	int rc;

	sl_history_init(&b.hist);
	b.s = sl_sample_pair_new();
	if (!b.s || sl_canvas_init(&b.canvas, BATCH_ROWS, BATCH_COLS, &sl_glyphs_ascii)) {
		fprintf(stderr, "splitlrutop: out of memory\n");
		sl_sample_pair_free(b.s);
		return 1;
	}
	rc = o->read_path ? batch_replay(&b) : batch_live(&b);
	sl_canvas_free(&b.canvas);
	sl_sample_pair_free(b.s);
	return rc;
}
