// SPDX-License-Identifier: GPL-2.0-only
/* term.c: curses setup/teardown, colours, signals; see term.h. */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <langinfo.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "term.h"

static volatile sig_atomic_t stop_signal;
static volatile sig_atomic_t curses_active;
static bool use_colour;
static const struct sl_glyphs *glyphs = &sl_glyphs_ascii;
static SCREEN *screen;

/*
 * What the screen shows: a copy of the last canvas drawn.  A frame
 * changes a few numbers, so only the cells that differ from it are handed
 * to curses; erasing and re-adding every cell cost more than sampling
 * (issue 17: 40 % of an interactive frame's instructions).  rows 0:
 * nothing shown yet, or the size changed: repaint all.
 */
static struct sl_canvas shown;

static void on_stop(int sig)
{
	stop_signal = sig;
}

/* Crash: put the terminal back first, then die of the same signal. */
static void on_fatal(int sig)
{
	if (curses_active) {
		curses_active = 0;
		endwin();
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

void sl_signals_install(void)
{
	struct sigaction sa;
	static const int stops[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	static const int fatal[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_stop;	/* no SA_RESTART: wake the key wait */
	for (size_t i = 0; i < sizeof(stops) / sizeof(stops[0]); i++)
		sigaction(stops[i], &sa, NULL);
	sa.sa_handler = on_fatal;
	sa.sa_flags = SA_RESETHAND;
	for (size_t i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++)
		sigaction(fatal[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);	/* a closed pipe is an error return */
}

bool sl_stop_requested(void)
{
	return stop_signal != 0;
}

int sl_stop_signal(void)
{
	return stop_signal;
}

static void colours_init(void)
{
	static const struct { short role, fg; } roles[] = {
		{ SL_A_ACTIVE_ANON, COLOR_RED },
		{ SL_A_INACTIVE_ANON, COLOR_MAGENTA },
		{ SL_A_ACTIVE_FILE, COLOR_BLUE },
		{ SL_A_INACTIVE_FILE, COLOR_CYAN },
		{ SL_A_UNEVICTABLE, COLOR_YELLOW },
		{ SL_A_FREE, COLOR_GREEN },
		{ SL_A_WARN, COLOR_YELLOW },
		{ SL_A_TITLE, COLOR_CYAN },
	};

	start_color();
	use_default_colors();
	for (size_t i = 0; i < sizeof(roles) / sizeof(roles[0]); i++)
		init_pair(roles[i].role, roles[i].fg, -1);
}

int sl_term_open(const struct sl_term_opts *opts, char *err, size_t errlen)
{
	const char *term = getenv("TERM");

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		snprintf(err, errlen, "not a terminal: use -b for batch output");
		return -1;
	}
	screen = newterm(term, stdout, stdin);
	if (!screen) {
		snprintf(err, errlen, "cannot use terminal type '%s'", term ? term : "(unset)");
		return -1;
	}
	curses_active = 1;
	atexit(sl_term_close);
	/*
	 * Until the first endwin(), ncurses flushes its output at every
	 * cursor move (its mvcur cannot tell a doupdate from a terminfo
	 * program's call): a frame that changed five spots was five write()s.
	 * A screen that has been left and resumed writes each refresh at
	 * once.  Done first: the resume does not send again the keypad and
	 * cursor modes set before it.
	 */
	endwin();
	refresh();
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	/*
	 * No look for typeahead while updating: it costs two poll() calls per
	 * refresh, and a screen this small is out before a key could matter.
	 */
	typeahead(-1);
	curs_set(0);
	glyphs = !opts->ascii && !strcmp(nl_langinfo(CODESET), "UTF-8")
		? &sl_glyphs_utf8 : &sl_glyphs_ascii;
	use_colour = !opts->mono && has_colors() && !getenv("NO_COLOR");
	if (use_colour)
		colours_init();
	return 0;
}

void sl_term_close(void)
{
	if (!curses_active)
		return;
	curses_active = 0;
	curs_set(1);
	endwin();
	delscreen(screen);
	screen = NULL;
	sl_canvas_free(&shown);
	fflush(stdout);
}

void sl_term_size(int *rows, int *cols)
{
	getmaxyx(stdscr, *rows, *cols);
}

const struct sl_glyphs *sl_term_glyphs(void)
{
	return glyphs;
}

static attr_t curses_attr(unsigned char a)
{
	attr_t out = A_NORMAL;
	int role = a & SL_A_COLOR_MASK;

	if (a & SL_A_BOLD)
		out |= A_BOLD;
	if (a & SL_A_REVERSE)
		out |= A_REVERSE;
	if (use_colour && role != SL_A_NORMAL)
		out |= COLOR_PAIR(role);
	else if (role == SL_A_WARN)
		out |= A_BOLD;	/* monochrome: warnings still stand out */
	return out;
}

static bool same_cell(const struct sl_cell *a, const struct sl_cell *b)
{
	return a->ch == b->ch && a->attr == b->attr;
}

/* Cells [from, to) of row r, one curses call per run of one attribute. */
static void draw_span(const struct sl_cell *line, int r, int from, int to,
		      int rows, int cols)
{
	wchar_t run[512];

	for (int i = from; i < to;) {
		int n = 0;
		unsigned char a = line[i].attr;
		while (i + n < to && line[i + n].attr == a && n < (int)(sizeof(run) / sizeof(run[0])) - 1) {
			run[n] = line[i + n].ch;
			n++;
		}
		run[n] = L'\0';
		attrset(curses_attr(a));
		/* The bottom-right cell would scroll: leave it out. */
		int len = (r == rows - 1 && i + n == cols) ? n - 1 : n;
		if (len > 0)
			mvaddnwstr(r, i, run, len);
		i += n;
	}
}

void sl_term_draw(const struct sl_canvas *c)
{
	int rows, cols;
	bool full = false, changed = false;

	sl_term_size(&rows, &cols);
	if (shown.rows != c->rows || shown.cols != c->cols) {
		sl_canvas_free(&shown);
		if (sl_canvas_init(&shown, c->rows, c->cols, c->glyphs))
			shown.rows = shown.cols = 0;	/* no copy: repaint every time */
		erase();
		full = changed = true;
	}
	int width = c->cols < cols ? c->cols : cols;
	for (int r = 0; r < c->rows && r < rows; r++) {
		const struct sl_cell *line = c->cells + r * c->cols;
		struct sl_cell *old = shown.rows ? shown.cells + r * shown.cols : NULL;
		int from = 0, to = width;

		if (!full) {
			if (!memcmp(line, old, (size_t)to * sizeof(*line)))
				continue;	/* most rows: nothing changed */
			while (from < to && same_cell(&line[from], &old[from]))
				from++;
			while (to > from && same_cell(&line[to - 1], &old[to - 1]))
				to--;
			if (from == to)
				continue;
		}
		draw_span(line, r, from, to, rows, cols);
		if (old)
			memcpy(old + from, line + from, (size_t)(to - from) * sizeof(*line));
		changed = true;
	}
	if (!changed)
		return;		/* nothing to send: no refresh, no write */
	attrset(A_NORMAL);
	refresh();
}

/*
 * Wait for a key ourselves rather than in getch(): on a terminal that hung
 * up, getch() returns ERR at once, the same as "no key yet", and the loop
 * would spin a core until killed (no SIGHUP comes when the process is not
 * the session leader's foreground job, e.g. under setsid).  poll() tells
 * the two apart: a hangup ends the run as SIGHUP would.
 */
static bool key_or_signal(int timeout_ms)
{
	struct pollfd pfd = { .fd = STDIN_FILENO, .events = POLLIN };
	int n = poll(&pfd, 1, timeout_ms);

	if (n == 0)
		return false;
	if (n < 0)
		return true;	/* a signal: SIGWINCH is getch()'s KEY_RESIZE */
	if (pfd.revents & (POLLHUP | POLLERR | POLLNVAL)) {
		stop_signal = SIGHUP;
		return false;
	}
	return true;
}

int sl_term_key(int timeout_ms)
{
	int ch;

	if (!key_or_signal(timeout_ms))
		return SL_KEY_NONE;
	timeout(0);
	ch = getch();
	switch (ch) {
	case ERR: return SL_KEY_NONE;
	case KEY_RESIZE: return SL_KEY_RESIZE;
	case KEY_LEFT: return SL_KEY_LEFT;
	case KEY_RIGHT: return SL_KEY_RIGHT;
	case KEY_HOME: return SL_KEY_HOME;
	case KEY_END: return SL_KEY_END;
	default: return ch >= 0 && ch < 256 ? ch : SL_KEY_NONE;
	}
}
