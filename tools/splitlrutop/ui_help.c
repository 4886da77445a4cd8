// SPDX-License-Identifier: GPL-2.0-only
/* ui_help.c: the help screen (h or ?): every key, and how to read the screen. */
#include "ui.h"

static const char *const live_keys[] = {
	"q          quit (the terminal is restored)",
	"h ?        this help; any key returns",
	"space      pause / resume sampling",
	"+ -        longer / shorter refresh interval",
	"n          cycle the node shown: all, node 0, node 1, ...",
	"m          memcg view on / off",
	"s          next sort column (scan, recl, rot, act, deact, eff)",
	"b          switch vm.lru_scan_balance cost <-> rotation (root; asks y/n)",
};

static const char *const replay_keys[] = {
	"q          quit (the terminal is restored)",
	"h ?        this help; any key returns",
	"space      play / pause the replay",
	"right .    next sample          left ,   previous sample",
	"home end   first / last sample",
	"+ -        slower / faster playback",
	"n          cycle the node shown: all, node 0, node 1, ...",
	"m          memcg view on / off",
	"s          next sort column (scan, recl, rot, act, deact, eff)",
};

static const char *const legend[] = {
	"Bar: A active anon, a inactive anon, F active file, f inactive file,",
	"     U unevictable, . free, blank: kernel and other memory.",
	"anon/file: the pressure the kernel decided and its scan targets' share",
	"     (event or zoneinfo) beside the share actually scanned.",
	"MGLRU on: per generation, oldest first, a # bar and pages per type;",
	"     evicting: the type isolate_folios() chose, with its swappiness.",
	"'-' means the source does not have the value: missing is not zero.",
};

int sl_draw_help(struct sl_canvas *c, int row, int max_row, bool replay)
{
	const char *const *keys = replay ? replay_keys : live_keys;
	size_t nr = replay ? sizeof(replay_keys) / sizeof(replay_keys[0])
		: sizeof(live_keys) / sizeof(live_keys[0]);

	if (row < max_row)
		sl_canvas_puts(c, row++, 0, SL_A_TITLE | SL_A_BOLD,
			       replay ? "splitlrutop help: replay keys" : "splitlrutop help: keys");
	for (size_t i = 0; i < nr && row < max_row; i++)
		sl_canvas_printf(c, row++, 2, SL_A_NORMAL, "%s", keys[i]);
	if (row < max_row)
		row++;
	for (size_t i = 0; i < sizeof(legend) / sizeof(legend[0]) && row < max_row; i++)
		sl_canvas_printf(c, row++, 2, SL_A_NORMAL, "%s", legend[i]);
	return row;
}
