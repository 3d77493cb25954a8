/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* keys.h - the one table of key bindings. KEY_ACTIONS lists every action with
 * its help text; KEY_BINDINGS binds keys to actions in a context. The action
 * enum, the dispatch, the help overlay and the man page's key list (checked by
 * tests/test_keys) all come from these two lists. Curses-free: app.c turns
 * curses key codes into the KEY_* codes below. */
#ifndef OCC_KEYS_H
#define OCC_KEYS_H

#include <stddef.h>

struct engine_words;

/* Special keys, above every Unicode code point. Printable keys are their code point. */
enum key_code {
	KEY_CODE_UP = 0x110000, KEY_CODE_DOWN, KEY_CODE_LEFT, KEY_CODE_RIGHT,
	KEY_CODE_SLEFT, KEY_CODE_SRIGHT, KEY_CODE_PGUP, KEY_CODE_PGDN,
	KEY_CODE_HOME, KEY_CODE_END, KEY_CODE_TAB, KEY_CODE_BTAB, KEY_CODE_ENTER,
	KEY_CODE_ESC, KEY_CODE_BACKSPACE, KEY_CODE_F1, KEY_CODE_TICK,
	KEY_CODE_F10, KEY_CODE_WHEEL_UP, KEY_CODE_WHEEL_DOWN,
	KEY_CODE_SWALLOWED,   /* an escape sequence read whole that means nothing here */
};

#define KEY_CTRL(c) ((c) & 0x1f)

/* Where a binding applies: CTX_ANY everywhere outside text input. */
/* CTX_KERNELS: the kernel browser is on screen (a report is loaded). */
/* CTX_LIST: the help, a list of its own. */
enum key_context { CTX_ANY, CTX_RULES, CTX_SMS, CTX_LIST, CTX_KERNELS };

/* Where an action belongs, for the help's sections. */
enum key_group { KG_GLOBAL, KG_LAUNCH, KG_PANES, KG_COMPARE, KG_FINDINGS, KG_BROWSER, KG_N };

/* X(action, group, help). The help is written in the words of the GPU
 * shown, from its engine (engine_words_compose): "{unit}" is "SM", "CU"
 * or "WGP", "{warps}" "warps" or "waves" (key_action_help_in); the man
 * page gives NVIDIA's. */
#define KEY_ACTIONS(X) \
	X(ACT_QUIT, KG_GLOBAL, "quit (the terminal is restored)") \
	X(ACT_HELP, KG_GLOBAL, "show or hide this help") \
	X(ACT_NEXT_FIELD, KG_LAUNCH, "focus the next launch parameter") \
	X(ACT_PREV_FIELD, KG_LAUNCH, "focus the previous launch parameter") \
	X(ACT_INC, KG_LAUNCH, "step the focused parameter up by its unit ({a_warp}, {a_reg}, an allocation unit)") \
	X(ACT_DEC, KG_LAUNCH, "step the focused parameter down by its unit") \
	X(ACT_INC_BIG, KG_LAUNCH, "step the focused parameter up by a large step") \
	X(ACT_DEC_BIG, KG_LAUNCH, "step the focused parameter down by a large step") \
	X(ACT_EDIT, KG_LAUNCH, "type an exact value for the focused parameter") \
	X(ACT_GPU, KG_LAUNCH, "pick the GPU (type to filter)") \
	X(ACT_UNDO, KG_LAUNCH, "undo the last change") \
	X(ACT_REDO, KG_LAUNCH, "redo what was undone") \
	X(ACT_RESET, KG_LAUNCH, "reset every parameter to the baseline (the loaded launch)") \
	X(ACT_SCENARIO_SAVE, KG_LAUNCH, "name the current launch as a scenario (s saves the scenarios with it)") \
	X(ACT_SCENARIO_NEXT, KG_LAUNCH, "flip to the next named scenario (u undoes the flip)") \
	X(ACT_SAVE, KG_LAUNCH, "save the current launch to a launch file (its full path shown; asks before replacing a file)") \
	X(ACT_NEXT_LAUNCH, KG_GLOBAL, "show the next loaded launch") \
	X(ACT_PREV_LAUNCH, KG_GLOBAL, "show the previous loaded launch") \
	X(ACT_TAB_TABLE, KG_PANES, "show the occupancy table") \
	X(ACT_TAB_CHARTS, KG_PANES, "show the charts") \
	X(ACT_TAB_SMS, KG_PANES, "show the per-{unit} occupancy") \
	X(ACT_TAB_RULES, KG_PANES, "show the findings") \
	X(ACT_TAB_KERNELS, KG_PANES, "show the kernel browser (a report loaded)") \
	X(ACT_TAB_TIMELINE, KG_PANES, "show the timeline: active {warps} per {unit} over time") \
	X(ACT_NEXT_PANE, KG_PANES, "show the next pane (small terminals)") \
	X(ACT_ZOOM, KG_PANES, "give the chosen pane the whole screen, or give it back") \
	X(ACT_TOGGLE_PCT, KG_PANES, "charts: active {warps} or occupancy %") \
	X(ACT_ANIMATE, KG_PANES, "play or pause the scheduling simulation (per-{unit} and timeline panes)") \
	X(ACT_FRAME_NEXT, KG_PANES, "animation: a frame forward, paused there") \
	X(ACT_FRAME_PREV, KG_PANES, "animation: a frame back, paused there") \
	X(ACT_ANIMATE_STOP, KG_PANES, "animation: stop, the whole run shown again") \
	X(ACT_MODEL, KG_PANES, "next {block}-duration model (uniform, slow {blocks}, varied, {warp} spread, tail kernel)") \
	X(ACT_SCROLL_UP, KG_FINDINGS, "select the previous finding") \
	X(ACT_SCROLL_DOWN, KG_FINDINGS, "select the next finding") \
	X(ACT_SCROLL_FIRST, KG_FINDINGS, "select the first finding") \
	X(ACT_SCROLL_LAST, KG_FINDINGS, "select the last finding") \
	X(ACT_PAGE_UP, KG_FINDINGS, "scroll the findings up a page") \
	X(ACT_PAGE_DOWN, KG_FINDINGS, "scroll the findings down a page") \
	X(ACT_EXPAND, KG_FINDINGS, "expand the finding into its step-by-step derivation") \
	X(ACT_KERNEL_UP, KG_BROWSER, "kernel browser: select the previous line") \
	X(ACT_KERNEL_DOWN, KG_BROWSER, "kernel browser: select the next line") \
	X(ACT_KERNEL_PAGE_UP, KG_BROWSER, "kernel browser: up a page") \
	X(ACT_KERNEL_PAGE_DOWN, KG_BROWSER, "kernel browser: down a page") \
	X(ACT_KERNEL_FIRST, KG_BROWSER, "kernel browser: the first line") \
	X(ACT_KERNEL_LAST, KG_BROWSER, "kernel browser: the last line") \
	X(ACT_KERNEL_LOAD, KG_BROWSER, "kernel browser: make the selected record the baseline and current launch") \
	X(ACT_SEARCH, KG_FINDINGS, "search the list as you type (findings, browser, help): Enter keeps it, Esc goes back") \
	X(ACT_SEARCH_NEXT, KG_FINDINGS, "the next match of the search") \
	X(ACT_SEARCH_PREV, KG_FINDINGS, "the previous match of the search") \
	X(ACT_KERNEL_FILTER, KG_BROWSER, "kernel browser: filter by name as you type (Enter keeps it, Esc clears it)") \
	X(ACT_KERNEL_CLEAR, KG_BROWSER, "kernel browser: clear the filter") \
	X(ACT_KERNEL_SORT, KG_BROWSER, "kernel browser: sort by the next column") \
	X(ACT_KERNEL_SORT_BY, KG_BROWSER, "kernel browser: sort by the key's column (keys in column order); again reverses; or click a header") \
	X(ACT_KERNEL_REVERSE, KG_BROWSER, "kernel browser: reverse the sort") \
	X(ACT_KERNEL_GROUP, KG_BROWSER, "kernel browser: group identical launches of a kernel (count, total time) or not") \
	X(ACT_REPORT_GPU, KG_BROWSER, "kernel browser: pick the GPU for every record of the report that does not say which GPU ran it") \
	X(ACT_REFERENCE, KG_COMPARE, "the current launch, or the selected record in the kernel browser, becomes the reference") \
	X(ACT_REFERENCE_CLEAR, KG_COMPARE, "clear the reference") \
	X(ACT_COMPARE_GPU, KG_COMPARE, "add the current GPU to the GPUs compared in the table, or remove it") \
	X(ACT_THEME, KG_GLOBAL, "the next colour theme, kept in the settings file") \
	X(ACT_REDRAW, KG_GLOBAL, "redraw the screen")

#define KEY_ENUM_ITEM(id, group, help) id,
enum action { ACT_NONE, KEY_ACTIONS(KEY_ENUM_ITEM) ACT_N };
#undef KEY_ENUM_ITEM

/* B(key code, key name, context, action) */
#define KEY_BINDINGS(B) \
	B('q', "q", CTX_ANY, ACT_QUIT) \
	B(KEY_CODE_F10, "F10", CTX_ANY, ACT_QUIT) \
	B('?', "?", CTX_ANY, ACT_HELP) \
	B(KEY_CODE_F1, "F1", CTX_ANY, ACT_HELP) \
	B(KEY_CODE_TAB, "Tab", CTX_ANY, ACT_NEXT_FIELD) \
	B(KEY_CODE_BTAB, "Shift-Tab", CTX_ANY, ACT_PREV_FIELD) \
	B('+', "+", CTX_ANY, ACT_INC) \
	B('=', "=", CTX_ANY, ACT_INC) \
	B(KEY_CODE_RIGHT, "Right", CTX_ANY, ACT_INC) \
	B('-', "-", CTX_ANY, ACT_DEC) \
	B(KEY_CODE_LEFT, "Left", CTX_ANY, ACT_DEC) \
	B(KEY_CODE_WHEEL_UP, "Wheel-Up", CTX_ANY, ACT_INC) \
	B(KEY_CODE_WHEEL_DOWN, "Wheel-Down", CTX_ANY, ACT_DEC) \
	B(']', "]", CTX_ANY, ACT_INC_BIG) \
	B(KEY_CODE_SRIGHT, "Shift-Right", CTX_ANY, ACT_INC_BIG) \
	B('[', "[", CTX_ANY, ACT_DEC_BIG) \
	B(KEY_CODE_SLEFT, "Shift-Left", CTX_ANY, ACT_DEC_BIG) \
	B(KEY_CODE_ENTER, "Enter", CTX_ANY, ACT_EDIT) \
	B('g', "g", CTX_ANY, ACT_GPU) \
	B('u', "u", CTX_ANY, ACT_UNDO) \
	B(KEY_CTRL('r'), "Ctrl-R", CTX_ANY, ACT_REDO) \
	B('U', "U", CTX_ANY, ACT_REDO) \
	B('R', "R", CTX_ANY, ACT_RESET) \
	B('s', "s", CTX_ANY, ACT_SAVE) \
	B('S', "S", CTX_ANY, ACT_SCENARIO_SAVE) \
	B('\'', "'", CTX_ANY, ACT_SCENARIO_NEXT) \
	B('n', "n", CTX_ANY, ACT_NEXT_LAUNCH) \
	B('p', "p", CTX_ANY, ACT_PREV_LAUNCH) \
	B('1', "1", CTX_ANY, ACT_TAB_TABLE) \
	B('2', "2", CTX_ANY, ACT_TAB_CHARTS) \
	B('3', "3", CTX_ANY, ACT_TAB_SMS) \
	B('4', "4", CTX_ANY, ACT_TAB_RULES) \
	B('5', "5", CTX_ANY, ACT_TAB_KERNELS) \
	B('6', "6", CTX_ANY, ACT_TAB_TIMELINE) \
	B('`', "`", CTX_ANY, ACT_NEXT_PANE) \
	B('z', "z", CTX_ANY, ACT_ZOOM) \
	B('%', "%", CTX_ANY, ACT_TOGGLE_PCT) \
	B('a', "a", CTX_ANY, ACT_ANIMATE) \
	B('.', ".", CTX_ANY, ACT_FRAME_NEXT) \
	B(',', ",", CTX_ANY, ACT_FRAME_PREV) \
	B('A', "A", CTX_ANY, ACT_ANIMATE_STOP) \
	B('m', "m", CTX_ANY, ACT_MODEL) \
	B('k', "k", CTX_RULES, ACT_SCROLL_UP) \
	B(KEY_CODE_UP, "Up", CTX_RULES, ACT_SCROLL_UP) \
	B('j', "j", CTX_RULES, ACT_SCROLL_DOWN) \
	B(KEY_CODE_DOWN, "Down", CTX_RULES, ACT_SCROLL_DOWN) \
	B(KEY_CODE_WHEEL_UP, "Wheel-Up", CTX_RULES, ACT_SCROLL_UP) \
	B(KEY_CODE_WHEEL_DOWN, "Wheel-Down", CTX_RULES, ACT_SCROLL_DOWN) \
	B(KEY_CODE_HOME, "Home", CTX_RULES, ACT_SCROLL_FIRST) \
	B('G', "G", CTX_RULES, ACT_SCROLL_LAST) \
	B(KEY_CODE_END, "End", CTX_RULES, ACT_SCROLL_LAST) \
	B(KEY_CODE_PGUP, "PgUp", CTX_RULES, ACT_PAGE_UP) \
	B(KEY_CODE_PGDN, "PgDn", CTX_RULES, ACT_PAGE_DOWN) \
	B('e', "e", CTX_RULES, ACT_EXPAND) \
	B(' ', "Space", CTX_RULES, ACT_EXPAND) \
	B('k', "k", CTX_KERNELS, ACT_KERNEL_UP) \
	B(KEY_CODE_UP, "Up", CTX_KERNELS, ACT_KERNEL_UP) \
	B('j', "j", CTX_KERNELS, ACT_KERNEL_DOWN) \
	B(KEY_CODE_DOWN, "Down", CTX_KERNELS, ACT_KERNEL_DOWN) \
	B(KEY_CODE_WHEEL_UP, "Wheel-Up", CTX_KERNELS, ACT_KERNEL_UP) \
	B(KEY_CODE_WHEEL_DOWN, "Wheel-Down", CTX_KERNELS, ACT_KERNEL_DOWN) \
	B(KEY_CODE_PGUP, "PgUp", CTX_KERNELS, ACT_KERNEL_PAGE_UP) \
	B(KEY_CODE_PGDN, "PgDn", CTX_KERNELS, ACT_KERNEL_PAGE_DOWN) \
	B(KEY_CODE_HOME, "Home", CTX_KERNELS, ACT_KERNEL_FIRST) \
	B(KEY_CODE_END, "End", CTX_KERNELS, ACT_KERNEL_LAST) \
	B('G', "G", CTX_KERNELS, ACT_KERNEL_LAST) \
	B(KEY_CODE_ENTER, "Enter", CTX_KERNELS, ACT_KERNEL_LOAD) \
	B('/', "/", CTX_RULES, ACT_SEARCH) \
	B('/', "/", CTX_KERNELS, ACT_SEARCH) \
	B('/', "/", CTX_LIST, ACT_SEARCH) \
	B('n', "n", CTX_RULES, ACT_SEARCH_NEXT) \
	B('n', "n", CTX_KERNELS, ACT_SEARCH_NEXT) \
	B('n', "n", CTX_LIST, ACT_SEARCH_NEXT) \
	B('N', "N", CTX_RULES, ACT_SEARCH_PREV) \
	B('N', "N", CTX_KERNELS, ACT_SEARCH_PREV) \
	B('N', "N", CTX_LIST, ACT_SEARCH_PREV) \
	B('\\', "\\", CTX_KERNELS, ACT_KERNEL_FILTER) \
	B(KEY_CODE_ESC, "Esc", CTX_KERNELS, ACT_KERNEL_CLEAR) \
	B('o', "o", CTX_KERNELS, ACT_KERNEL_SORT) \
	B('O', "O", CTX_KERNELS, ACT_KERNEL_REVERSE) \
	B('I', "I", CTX_KERNELS, ACT_KERNEL_SORT_BY) \
	B('K', "K", CTX_KERNELS, ACT_KERNEL_SORT_BY) \
	B('D', "D", CTX_KERNELS, ACT_KERNEL_SORT_BY) \
	B('B', "B", CTX_KERNELS, ACT_KERNEL_SORT_BY) \
	B('E', "E", CTX_KERNELS, ACT_KERNEL_SORT_BY) \
	B('M', "M", CTX_KERNELS, ACT_KERNEL_SORT_BY) \
	B('H', "H", CTX_KERNELS, ACT_KERNEL_SORT_BY) \
	B('A', "A", CTX_KERNELS, ACT_KERNEL_SORT_BY) \
	B('J', "J", CTX_KERNELS, ACT_KERNEL_SORT_BY) \
	B('T', "T", CTX_KERNELS, ACT_KERNEL_SORT_BY) \
	B('L', "L", CTX_KERNELS, ACT_KERNEL_SORT_BY) \
	B('Z', "Z", CTX_KERNELS, ACT_KERNEL_SORT_BY) \
	B('W', "W", CTX_KERNELS, ACT_KERNEL_SORT_BY) \
	B('P', "P", CTX_KERNELS, ACT_KERNEL_SORT_BY) \
	B('X', "X", CTX_KERNELS, ACT_KERNEL_SORT_BY) \
	B('c', "c", CTX_KERNELS, ACT_KERNEL_GROUP) \
	B('g', "g", CTX_KERNELS, ACT_REPORT_GPU) \
	B('r', "r", CTX_ANY, ACT_REFERENCE) \
	B('x', "x", CTX_ANY, ACT_REFERENCE_CLEAR) \
	B('C', "C", CTX_ANY, ACT_COMPARE_GPU) \
	B('T', "T", CTX_ANY, ACT_THEME) \
	B(KEY_CTRL('l'), "Ctrl-L", CTX_ANY, ACT_REDRAW)

struct key_binding {
	int key;
	const char *name;
	enum key_context context;
	enum action action;
};

/* The action bound to key in context (bindings for CTX_ANY apply everywhere);
 * ACT_NONE if none. */
enum action key_action(int key, enum key_context context);
/* a's help as written in the table, {words} and all. */
const char *key_action_help(enum action a);
/* a's help in the words w ("show the per-CU occupancy"), into buf; NULL w:
 * NVIDIA's, as the man page has it. */
void key_action_help_in(enum action a, const struct engine_words *w, char *buf, size_t size);
enum key_group key_action_group(enum action a);
/* "Everywhere", "The launch (what-if)", ...: a group's heading. */
const char *key_group_title(enum key_group g);
/* "Tab", "+ = Right": every key bound to a, space separated, into buf. */
void key_names(enum action a, char *buf, size_t size);
size_t key_binding_count(void);
const struct key_binding *key_binding_at(size_t i);

/* Escape sequences the terminal description does not know arrive as ESC and
 * the bytes after it. Given the bytes read after an ESC so far (seq, n of
 * them): KEY_SEQ_MORE while a sequence is still open (a CSI "ESC [" until its
 * final byte 0x40-0x7E, an SS3 "ESC O" until the byte after it), else the
 * key it stands for: Home and End, PgUp and PgDn, the arrows (Shift with
 * modifier 2), F1 and F10 in the xterm, VT220 and rxvt spellings, and
 * KEY_CODE_SWALLOWED for any other whole sequence (Alt with a key, a mouse
 * report curses did not take, a paste bracket), so that its bytes never act
 * as keys of their own. n == 0: a lone Esc. The terminal loop hands it only
 * bytes after "ESC [" or "ESC O": an Esc followed by anything else (another
 * Esc, a q typed at once) is Esc and then that key, so an Esc never eats the
 * key after it (Alt-1 is Esc, then 1). */
enum { KEY_SEQ_MORE = -2, KEY_SEQ_MAX = 32 };
int key_decode_escape(const int *seq, size_t n);

#endif
