/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * term.h: the terminal, in one place: curses setup and teardown, colours,
 * SIGWINCH, and restoring the terminal on every exit path (normal return,
 * exit(), SIGINT/SIGTERM/SIGHUP, and crashes).
 */
#ifndef SPLITLRUTOP_TERM_H
#define SPLITLRUTOP_TERM_H

#include <stdbool.h>
#include <stddef.h>

#include "canvas.h"

#define SL_KEY_NONE (-1)
#define SL_KEY_RESIZE (-2)
#define SL_KEY_LEFT (-3)
#define SL_KEY_RIGHT (-4)
#define SL_KEY_HOME (-5)
#define SL_KEY_END (-6)

struct sl_term_opts {
	bool ascii;		/* no UTF-8 glyphs even in a UTF-8 locale */
	bool mono;		/* no colour even where the terminal has it */
};

/* Enter curses mode.  0, or -1 with err set (no terminal, unknown TERM). */
int sl_term_open(const struct sl_term_opts *opts, char *err, size_t errlen);
/* Leave curses mode and restore the terminal.  Safe to call twice. */
void sl_term_close(void);
void sl_term_size(int *rows, int *cols);
const struct sl_glyphs *sl_term_glyphs(void);
/* Copy the canvas to the screen. */
void sl_term_draw(const struct sl_canvas *c);
/* The next key, waiting at most timeout_ms; SL_KEY_NONE on timeout. */
int sl_term_key(int timeout_ms);

/*
 * Signals: SIGINT, SIGTERM, SIGHUP and SIGQUIT set a flag the main loops
 * poll; fatal signals restore the terminal and then die as they would have.
 * sl_signals_install is also used by batch mode (no curses).
 */
void sl_signals_install(void);
bool sl_stop_requested(void);
int sl_stop_signal(void);

#endif /* SPLITLRUTOP_TERM_H */
