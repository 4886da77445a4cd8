// SPDX-License-Identifier: GPL-2.0-only
/*
 * tui.c: the interactive screen.  The loop waits for a key or the next
 * sample, derives a frame and hands the canvas to term.c; the keys change
 * only the view (and, for b, the sysctl).  Live and replay share the key
 * handling; replay adds stepping.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app.h"
#include "canvas.h"
#include "record.h"
#include "ui.h"

/*
 * Longest wait for a key.  A stop signal or a resize ends the wait at
 * once (no SA_RESTART); the bound is for one that lands between the check
 * and the wait.  Waits otherwise last until the next sample, so at a 1 s
 * refresh the loop wakes once a second, not four times.
 */
#define KEY_WAIT_MS 1000

static const unsigned steps_ms[] = { 250, 500, 1000, 2000, 3000, 5000, 10000, 30000, 60000 };

unsigned sl_interval_step(unsigned ms, int direction)
{
	size_t n = sizeof(steps_ms) / sizeof(steps_ms[0]);

	if (direction > 0) {
		for (size_t i = 0; i < n; i++)
			if (steps_ms[i] > ms)
				return steps_ms[i];
		return steps_ms[n - 1];
	}
	for (size_t i = n; i-- > 0;)
		if (steps_ms[i] < ms)
			return steps_ms[i];
	return steps_ms[0];
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

struct tui {
	const struct sl_options *o;
	struct sl_view view;
	struct sl_canvas canvas;
	struct sl_history hist;
	struct sl_frame frame;
	struct sl_sample *prev, *cur;	/* prev NULL before the second sample */
	char status[256];
	char message[256];		/* shown in the status line for a while */
	char message_seen[256];		/* the message when first seen at a sample */
	uint64_t message_since;		/* ... and when */
	bool confirm;			/* waiting for y/n after b */
	char confirm_to[SL_WORD];
	bool replay;
	bool quit;
};

/*
 * A message stays at least MESSAGE_NS, then goes at the next sample: a
 * key answered just before a sample must not flash by unread.
 */
#define MESSAGE_NS 2000000000ull

static void expire_message(struct tui *t, uint64_t now)
{
	if (strcmp(t->message, t->message_seen)) {
		snprintf(t->message_seen, sizeof(t->message_seen), "%s", t->message);
		t->message_since = now;
	}
	if (t->message[0] && now - t->message_since >= MESSAGE_NS)
		t->message[0] = t->message_seen[0] = '\0';
}

static int canvas_fit(struct tui *t)
{
	int rows, cols;

	sl_term_size(&rows, &cols);
	if (t->canvas.rows == rows && t->canvas.cols == cols)
		return 0;
	sl_canvas_free(&t->canvas);
	return sl_canvas_init(&t->canvas, rows, cols, sl_term_glyphs());
}

static void redraw(struct tui *t, const char *position)
{
	if (canvas_fit(t))
		return;
	if (t->cur)
		sl_derive(&t->frame, t->prev, t->cur, &t->view, &t->hist);
	if (t->confirm)
		snprintf(t->status, sizeof(t->status),
			 " switch vm.lru_scan_balance to '%s'? y confirms, any other key cancels",
			 t->confirm_to);
	else if (t->message[0])
		snprintf(t->status, sizeof(t->status), " %s", t->message);
	else
		snprintf(t->status, sizeof(t->status), " %s%sq quit  h help  space %s  n node  m memcg  s sort%s",
			 position ? position : "", position ? "  " : "",
			 t->replay ? "play" : "pause", t->replay ? "  <- -> step" : "  +/- interval  b policy");
	if (t->cur)
		sl_draw_screen(&t->canvas, &t->frame, &t->view, t->status, t->replay);
	else
		sl_canvas_clear(&t->canvas);
	sl_term_draw(&t->canvas);
}

static void next_node(struct tui *t)
{
	const struct sl_sample *s = t->cur;
	int i;

	if (!s || s->nr_nodes == 0)
		return;
	if (t->view.node < 0) {
		t->view.node = s->nodes[0].nid;
		return;
	}
	for (i = 0; i < s->nr_nodes && s->nodes[i].nid != t->view.node; i++)
		;
	t->view.node = i + 1 < s->nr_nodes ? s->nodes[i + 1].nid : -1;
}

/* Keys both modes share; returns true when it used the key. */
static bool common_key(struct tui *t, int key)
{
	if (key == 'q' || key == 'Q') {
		t->quit = true;		/* from any screen, help included */
		return true;
	}
	if (t->view.help && key != SL_KEY_RESIZE && key != SL_KEY_NONE) {
		t->view.help = false;
		return true;
	}
	switch (key) {
	case 'h': case '?':
		t->view.help = true;
		return true;
	case 'n':
		next_node(t);
		return true;
	case 'm':
		t->view.memcg = !t->view.memcg;
		return true;
	case 's':
		t->view.sort = (enum sl_col)((t->view.sort + 1) % SL_COL_NR);
		return true;
	case SL_KEY_RESIZE:
		return true;
	default:
		return false;
	}
}

static int tui_live(struct tui *t)
{
	const struct sl_options *o = t->o;
	struct sl_recorder *rec = NULL;
	struct sl_sampler *sp;
	struct sl_sample *buf = NULL;
	unsigned interval = o->interval_ms;
	const char *btf;
	char err[600];
	int rc = 0;

	sp = sl_sampler_new(&o->sampler, err, sizeof(err));
	if (!sp) {
		sl_term_close();
		fprintf(stderr, "splitlrutop: %s\n", err);
		return 1;
	}
	/* on the status line now, on stderr once the screen is gone */
	btf = sl_btf_line(o, sp);
	if (btf)
		snprintf(t->message, sizeof(t->message), "%s", btf);
	if (o->write_path && !(rec = sl_recorder_open(o->write_path, err, sizeof(err)))) {
		sl_sampler_free(sp);
		sl_term_close();
		fprintf(stderr, "splitlrutop: %s\n", err);
		return 1;
	}
	buf = sl_sample_pair_new();
	if (!buf) {
		snprintf(err, sizeof(err), "out of memory");
		rc = 1;
		goto out;
	}
	uint64_t deadline = 0, now = now_ns();
	for (unsigned long i = 0; !t->quit && !sl_stop_requested();) {
		if (!t->view.paused && now >= deadline) {
			struct sl_sample *cur = &buf[i % 2];
			if (sl_sampler_sample(sp, cur, err, sizeof(err))) {
				rc = 1;
				break;
			}
			if (rec && sl_recorder_write(rec, cur)) {
				snprintf(err, sizeof(err), "writing %s failed", o->write_path);
				rc = 1;
				break;
			}
			t->prev = i ? t->cur : NULL;
			t->cur = cur;
			sl_history_add(&t->hist, t->prev, t->cur);
			/*
			 * The sample's own clock stands for now: a clock read
			 * fewer a frame (a system call where the clocksource has
			 * no vDSO path).  The wait below is then longer by the
			 * drawing's few ms, which the deadline does not carry.
			 */
			now = cur->mono_ns;
			expire_message(t, now);
			deadline = (deadline && deadline + interval * 1000000ull > now
				    ? deadline : now) + interval * 1000000ull;
			i++;
			redraw(t, NULL);
			if (sl_stop_requested())
				break;
		}
		uint64_t wait = t->view.paused ? KEY_WAIT_MS
				: deadline > now ? (deadline - now + 999999) / 1000000 : 0;
		int key = sl_term_key(wait > KEY_WAIT_MS ? KEY_WAIT_MS : (int)wait);
		now = now_ns();
		if (key == SL_KEY_NONE)
			continue;
		bool memcg_shown = t->view.memcg;
		if (t->confirm) {
			t->confirm = false;
			if (key == 'y' || key == 'Y') {
				if (sl_set_scan_balance(o->sampler.root, t->confirm_to, err, sizeof(err)))
					snprintf(t->message, sizeof(t->message), "%s", err);
				else
					snprintf(t->message, sizeof(t->message),
						 "vm.lru_scan_balance is now '%s'", t->confirm_to);
			} else {
				snprintf(t->message, sizeof(t->message), "vm.lru_scan_balance unchanged");
			}
		} else if (common_key(t, key)) {
			/* the memcg view came or went: the samples follow it */
			if (t->view.memcg != memcg_shown && !o->sampler.memcgs) {
				sl_sampler_want_memcgs(sp, t->view.memcg);
				if (t->view.memcg)
					deadline = 0;	/* none in the samples yet: one at once */
			}
		} else {
			switch (key) {
			case ' ':
				t->view.paused = !t->view.paused;
				break;
			case '+': case '-':
				interval = sl_interval_step(interval, key == '+' ? 1 : -1);
				sl_sampler_set_interval(sp, interval);
				deadline = now + interval * 1000000ull;
				snprintf(t->message, sizeof(t->message), "refresh every %.2fs",
					 interval / 1000.0);
				break;
			case 'b':
				if (!t->cur || !t->cur->policy[0]) {
					snprintf(t->message, sizeof(t->message),
						 "no vm.lru_scan_balance: this kernel lacks the splitlru series");
				} else if (geteuid() != 0) {
					snprintf(t->message, sizeof(t->message),
						 "only root can switch vm.lru_scan_balance");
				} else {
					t->confirm = true;
					snprintf(t->confirm_to, sizeof(t->confirm_to), "%s",
						 strcmp(t->cur->policy, "rotation") ? "rotation" : "cost");
				}
				break;
			default:
				continue;
			}
		}
		redraw(t, NULL);
	}
out:
	sl_term_close();
	if (btf)
		fprintf(stderr, "splitlrutop: %s\n", btf);
	if (rc)
		fprintf(stderr, "splitlrutop: %s\n", err);
	sl_sample_pair_free(buf);
	sl_recorder_close(rec);
	sl_sampler_free(sp);
	return rc;
}

/*
 * Replay position i: load samples so that the history ends at i exactly as
 * it did when the run was live (the last SL_HISTORY samples up to i).
 */
static int replay_seek(struct tui *t, struct sl_replay *r, size_t i,
		       struct sl_sample *buf, char *err, size_t errlen)
{
	size_t start = i + 1 > SL_HISTORY ? i + 1 - SL_HISTORY : 0;
	size_t from = start ? start - 1 : 0;

	sl_history_init(&t->hist);
	for (size_t k = from; k <= i; k++) {
		if (sl_replay_load(r, k, &buf[k % 2], err, errlen))
			return -1;
		if (k >= start)
			sl_history_add(&t->hist, k ? &buf[(k + 1) % 2] : NULL, &buf[k % 2]);
	}
	t->cur = &buf[i % 2];
	t->prev = i ? &buf[(i + 1) % 2] : NULL;
	return 0;
}

static int tui_replay(struct tui *t)
{
	const struct sl_options *o = t->o;
	struct sl_sample *buf = sl_sample_pair_new();
	char err[600], position[128], truncated[160] = "";
	struct sl_replay *r;
	size_t pos = 0;
	unsigned speed_ms = 0;
	uint64_t next = 0;
	bool playing = false;
	int rc = 0;

	r = sl_replay_open(o->read_path, err, sizeof(err));
	if (!r || !buf || sl_replay_count(r) == 0) {
		sl_term_close();
		fprintf(stderr, "splitlrutop: %s\n", !buf ? "out of memory"
			: r ? "the recording holds no complete sample" : err);
		sl_sample_pair_free(buf);
		sl_replay_close(r);
		return 1;
	}
	size_t n = sl_replay_count(r);
	if (sl_replay_truncated(r))
		snprintf(truncated, sizeof(truncated), " TRUNCATED after %zu samples", n);
	/* Start on the first frame that has an interval. */
	pos = n > 1 ? 1 : 0;
	t->replay = true;
	t->view.paused = false;
	/* dirty: load the samples at pos; draw: the screen is out of date */
	bool dirty = true, draw = true;
	while (!t->quit && !sl_stop_requested()) {
		if (dirty) {
			if (replay_seek(t, r, pos, buf, err, sizeof(err))) {
				rc = 1;
				break;
			}
			if (!speed_ms)
				speed_ms = t->cur->interval_ms ? (unsigned)t->cur->interval_ms : 1000;
			dirty = false;
			draw = true;
		}
		/* Paused on a frame, the loop only waits for keys: nothing to redraw. */
		if (draw) {
			snprintf(position, sizeof(position), "REPLAY %zu/%zu%s%s", pos, n - 1,
				 truncated, playing ? " >" : "");
			redraw(t, position);
			draw = false;
		}
		uint64_t now = now_ns(), wait = KEY_WAIT_MS;
		if (playing)
			wait = next > now ? (next - now + 999999) / 1000000 : 0;
		int key = sl_term_key(wait > KEY_WAIT_MS ? KEY_WAIT_MS : (int)wait);
		if (playing && now_ns() >= next) {
			if (pos + 1 < n) {
				pos++;
				dirty = true;
			} else {
				playing = false;
				draw = true;
			}
			next = now_ns() + speed_ms * 1000000ull;
		}
		if (key == SL_KEY_NONE)
			continue;
		draw = true;	/* any key may change the view or the status line */
		if (common_key(t, key))
			continue;
		switch (key) {
		case ' ':
			playing = !playing;
			next = now_ns() + speed_ms * 1000000ull;
			break;
		case SL_KEY_RIGHT: case '.':
			if (pos + 1 < n) {
				pos++;
				dirty = true;
			}
			break;
		case SL_KEY_LEFT: case ',':
			if (pos > 0) {
				pos--;
				dirty = true;
			}
			break;
		case SL_KEY_HOME:
			pos = 0;
			dirty = true;
			break;
		case SL_KEY_END:
			pos = n - 1;
			dirty = true;
			break;
		case '+': case '-':
			speed_ms = sl_interval_step(speed_ms, key == '+' ? 1 : -1);
			break;
		}
	}
	sl_term_close();
	if (rc)
		fprintf(stderr, "splitlrutop: %s\n", err);
	else if (sl_replay_truncated(r))
		fprintf(stderr, "splitlrutop: %s is truncated: it replays up to sample %zu, "
			"the last complete one\n", o->read_path, n - 1);
	sl_sample_pair_free(buf);
	sl_replay_close(r);
	return rc;
}

int sl_run_tui(const struct sl_options *o)
{
	struct tui t = { .o = o, .view = o->view };
	char err[256];
	int rc;

	sl_history_init(&t.hist);
	if (sl_term_open(&o->term, err, sizeof(err))) {
		fprintf(stderr, "splitlrutop: %s\n", err);
		return 1;
	}
	rc = o->read_path ? tui_replay(&t) : tui_live(&t);
	sl_canvas_free(&t.canvas);
	return rc;
}
