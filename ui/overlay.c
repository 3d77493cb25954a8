/* overlay.c - what opens over the panes: the help generated from the key
 * table, the GPU picker with type-to-filter, and the prompt that takes an
 * exact value or a file name. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explorer_state.h"
#include "layout.h"

/* ---- text input, shared by the prompt and the picker's filter ---- */

static void input_append(struct explorer *e, int key)
{
	size_t len = strlen(e->input);
	unsigned cp = (unsigned)key;
	char buf[4];
	size_t n;

	if (cp < 0x80) {
		buf[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		buf[0] = (char)(0xC0 | cp >> 6);
		buf[1] = (char)(0x80 | (cp & 0x3F));
		n = 2;
	} else if (cp < 0x10000) {
		buf[0] = (char)(0xE0 | cp >> 12);
		buf[1] = (char)(0x80 | (cp >> 6 & 0x3F));
		buf[2] = (char)(0x80 | (cp & 0x3F));
		n = 3;
	} else {
		buf[0] = (char)(0xF0 | cp >> 18);
		buf[1] = (char)(0x80 | (cp >> 12 & 0x3F));
		buf[2] = (char)(0x80 | (cp >> 6 & 0x3F));
		buf[3] = (char)(0x80 | (cp & 0x3F));
		n = 4;
	}
	if (len + n < sizeof(e->input)) {
		memcpy(e->input + len, buf, n);
		e->input[len + n] = '\0';
	}
}

static void input_backspace(struct explorer *e)
{
	size_t len = strlen(e->input);

	while (len > 0 && ((unsigned char)e->input[len - 1] & 0xC0) == 0x80)
		len--;
	if (len > 0)
		len--;
	e->input[len] = '\0';
}

static bool printable(int key)
{
	return key >= 0x20 && key != 0x7F && key < 0x110000 && !(key >= 0x80 && key < 0xA0);
}

/* ---- the GPU picker ---- */

static bool contains_ci(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	if (n == 0)
		return true;
	for (; *hay; hay++) {
		size_t i = 0;
		while (i < n && hay[i] &&
		       tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
			i++;
		if (i == n)
			return true;
	}
	return false;
}

static void picker_filter(struct explorer *e)
{
	size_t n = gpu_db_device_count(e->db);
	size_t *items = realloc(e->picker_items, (n ? n : 1) * sizeof(*items));

	if (!items)
		return;
	e->picker_items = items;
	e->n_picker_items = 0;
	for (size_t i = 0; i < n; i++) {
		struct gpu g;
		char cc[16];

		if (!gpu_db_device_at(e->db, i, &g))
			continue;
		gpu_arch_cc_string(&g.arch, cc, sizeof(cc));
		if (contains_ci(g.name, e->input) || contains_ci(g.aliases, e->input) ||
		    contains_ci(g.arch.arch, e->input) || contains_ci(g.arch.family, e->input) ||
		    contains_ci(cc, e->input))
			items[e->n_picker_items++] = i;
	}
	if (e->picker_selected >= (int)e->n_picker_items)
		e->picker_selected = e->n_picker_items ? (int)e->n_picker_items - 1 : 0;
	if (e->picker_selected < 0)
		e->picker_selected = 0;
}

void overlay_open_picker(struct explorer *e)
{
	e->overlay = OVERLAY_PICKER;
	e->input[0] = '\0';
	e->picker_selected = 0;
	e->picker_scroll = 0;
	picker_filter(e);
	/* Start on the current GPU. */
	for (size_t i = 0; i < e->n_picker_items; i++) {
		struct gpu g;
		if (gpu_db_device_at(e->db, e->picker_items[i], &g) &&
		    strcmp(g.name, e->whatif->cur.gpu.name) == 0)
			e->picker_selected = (int)i;
	}
}

static enum reaction picker_key(struct explorer *e, int key)
{
	int page = 10;

	switch (key) {
	case KEY_CODE_ESC:
		e->overlay = OVERLAY_NONE;
		return REACT_REDRAW;
	case KEY_CODE_UP:
		if (e->picker_selected > 0)
			e->picker_selected--;
		return REACT_REDRAW;
	case KEY_CODE_DOWN:
		if (e->picker_selected + 1 < (int)e->n_picker_items)
			e->picker_selected++;
		return REACT_REDRAW;
	case KEY_CODE_PGUP:
		e->picker_selected = e->picker_selected > page ? e->picker_selected - page : 0;
		return REACT_REDRAW;
	case KEY_CODE_PGDN:
		e->picker_selected += page;
		if (e->picker_selected >= (int)e->n_picker_items)
			e->picker_selected = e->n_picker_items ? (int)e->n_picker_items - 1 : 0;
		return REACT_REDRAW;
	case KEY_CODE_BACKSPACE:
		input_backspace(e);
		picker_filter(e);
		return REACT_REDRAW;
	case KEY_CODE_ENTER: {
		struct gpu g;
		if (e->n_picker_items == 0)
			return REACT_REDRAW;
		e->overlay = OVERLAY_NONE;
		if (gpu_db_device_at(e->db, e->picker_items[e->picker_selected], &g)) {
			whatif_set_gpu(e->whatif, &g);
			e->whatif->focus = WHATIF_GPU;
			explorer_refresh(e);
			if (!e->view.cur.ok)
				explorer_say(e, true, "this launch does not fit %s: u undoes", g.name);
		}
		return REACT_REDRAW;
	}
	default:
		if (!printable(key))
			return REACT_NONE;
		input_append(e, key);
		e->picker_selected = 0;
		picker_filter(e);
		return REACT_REDRAW;
	}
}

static void picker_draw(struct explorer *e, struct canvas *c)
{
	struct rect r = layout_overlay(c->width, c->height, 64, 24);
	struct rect in = rect_inner(r);
	int rows = in.h - 2;
	char line[EXPLORER_INPUT_MAX + 64];

	if (in.h < 3 || in.w < 10)
		return;
	canvas_fill(c, r.x, r.y, r.w, r.h, ' ', CANVAS_NORMAL);
	canvas_frame(c, r.x, r.y, r.w, r.h, "GPU: type to filter, Enter picks, Esc cancels", CANVAS_FRAME);
	snprintf(line, sizeof(line), "filter: %s_", e->input);
	canvas_text(c, in.x, in.y, in.w, CANVAS_CURRENT, line);
	snprintf(line, sizeof(line), "%zu of %zu", e->n_picker_items, gpu_db_device_count(e->db));
	canvas_text(c, in.x + in.w - (int)strlen(line), in.y, (int)strlen(line), CANVAS_DIM, line);
	if (e->picker_selected < e->picker_scroll)
		e->picker_scroll = e->picker_selected;
	if (rows > 0 && e->picker_selected >= e->picker_scroll + rows)
		e->picker_scroll = e->picker_selected - rows + 1;
	if (e->n_picker_items == 0)
		canvas_text(c, in.x, in.y + 2, in.w, CANVAS_DIM, "no GPU matches");
	for (int i = 0; i < rows && e->picker_scroll + i < (int)e->n_picker_items; i++) {
		int idx = e->picker_scroll + i;
		bool sel = idx == e->picker_selected;
		struct gpu g;
		char cc[16];

		if (!gpu_db_device_at(e->db, e->picker_items[idx], &g))
			continue;
		gpu_arch_cc_string(&g.arch, cc, sizeof(cc));
		snprintf(line, sizeof(line), "%c %-*.*s %-3s%-7s %3d %s", sel ? '>' : ' ',
			 in.w > 26 ? in.w - 24 : 1, in.w > 26 ? in.w - 24 : 1, g.name,
			 g.arch.vendor == GPU_AMD ? "" : "cc", cc, g.sm_count,
			 gpu_units(&g.arch));
		canvas_text(c, in.x, in.y + 2 + i, in.w, sel ? CANVAS_FOCUS : CANVAS_NORMAL, line);
	}
}

/* ---- the value and file-name prompt ---- */

void overlay_open_prompt(struct explorer *e, enum prompt_purpose purpose, enum whatif_field f)
{
	e->overlay = OVERLAY_PROMPT;
	e->prompt_purpose = purpose;
	e->prompt_field = f;
	e->input[0] = '\0';
	if (purpose == PROMPT_SAVE)
		snprintf(e->input, sizeof(e->input), "whatif.occ");
}

static enum reaction prompt_enter(struct explorer *e)
{
	struct occ_error err = { 0 };
	char msg[600];

	e->overlay = OVERLAY_NONE;
	if (e->prompt_purpose == PROMPT_SAVE) {
		if (!e->input[0])
			return REACT_REDRAW;
		if (whatif_save(e->whatif, e->input, &err)) {
			explorer_say(e, false, "saved to %s (occview --load %s reopens it)", e->input, e->input);
		} else {
			occ_error_format(&err, msg, sizeof(msg));
			explorer_say(e, true, "%s", msg);
		}
		return REACT_REDRAW;
	}
	if (!e->input[0])
		return REACT_REDRAW;
	if (!whatif_set_text(e->whatif, e->prompt_field, e->input, &err)) {
		occ_error_format(&err, msg, sizeof(msg));
		explorer_say(e, true, "%s", msg);
		return REACT_REDRAW;
	}
	explorer_refresh(e);
	return REACT_REDRAW;
}

static enum reaction prompt_key(struct explorer *e, int key)
{
	switch (key) {
	case KEY_CODE_ESC:
		e->overlay = OVERLAY_NONE;
		return REACT_REDRAW;
	case KEY_CODE_ENTER:
		return prompt_enter(e);
	case KEY_CODE_BACKSPACE:
		input_backspace(e);
		return REACT_REDRAW;
	default:
		if (!printable(key))
			return REACT_NONE;
		input_append(e, key);
		return REACT_REDRAW;
	}
}

static void prompt_draw(struct explorer *e, struct canvas *c)
{
	struct rect r = e->layout.status;
	char now[128], line[512];

	if (rect_empty(r))
		return;
	canvas_fill(c, r.x, r.y, r.w, r.h, ' ', CANVAS_FOCUS);
	if (e->prompt_purpose == PROMPT_SAVE) {
		snprintf(line, sizeof(line), "save the launch to: %s_  (Enter saves, Esc cancels)", e->input);
	} else {
		whatif_format(e->whatif, e->prompt_field, false, now, sizeof(now));
		snprintf(line, sizeof(line), "%s (now %s): %s_  (Enter sets, Esc cancels)",
			 whatif_label(e->whatif, e->prompt_field), now, e->input);
	}
	canvas_text(c, r.x, r.y, r.w, CANVAS_FOCUS, line);
}

/* ---- help, from the key table ---- */

/* The help text: one entry per action, keys then help, the help wrapped at
 * width cells under its own column. */
enum { HELP_KEYS_W = 19, HELP_MAX_LINES = ACT_N * 3 };

static int help_lines(char lines[][160], int max, int width)
{
	int n = 0, text_w = width - HELP_KEYS_W > 20 ? width - HELP_KEYS_W : 20;

	for (int a = ACT_NONE + 1; a < ACT_N && n < max; a++) {
		const char *help = key_action_help((enum action)a);
		char keys[64];
		bool first = true;

		key_names((enum action)a, keys, sizeof(keys));
		while (*help && n < max) {
			int len = (int)strlen(help), cut = len;
			if (len > text_w) {
				cut = text_w;
				while (cut > 0 && help[cut] != ' ')
					cut--;
				if (cut == 0)
					cut = text_w;
			}
			snprintf(lines[n++], 160, "%-*s%.*s", HELP_KEYS_W, first ? keys : "", cut, help);
			first = false;
			help += cut;
			while (*help == ' ')
				help++;
		}
	}
	return n;
}

static enum reaction help_key(struct explorer *e, int key)
{
	switch (key) {
	case KEY_CODE_UP:
	case 'k':
		if (e->help_scroll > 0)
			e->help_scroll--;
		return REACT_REDRAW;
	case KEY_CODE_DOWN:
	case 'j':
		e->help_scroll++;
		return REACT_REDRAW;
	case KEY_CODE_PGUP:
		e->help_scroll = e->help_scroll > 10 ? e->help_scroll - 10 : 0;
		return REACT_REDRAW;
	case KEY_CODE_PGDN:
		e->help_scroll += 10;
		return REACT_REDRAW;
	default:
		e->overlay = OVERLAY_NONE;
		return REACT_REDRAW;
	}
}

static void help_draw(struct explorer *e, struct canvas *c)
{
	char lines[HELP_MAX_LINES][160];
	struct rect r = layout_overlay(c->width, c->height, 110, ACT_N + 4);
	int n = help_lines(lines, HELP_MAX_LINES, r.w - 2);
	struct rect in;
	int rows;

	r = layout_overlay(c->width, c->height, 110, n + 3);
	in = rect_inner(r);
	rows = in.h - 1;

	if (in.h < 2 || in.w < 10)
		return;
	if (e->help_scroll > n - rows)
		e->help_scroll = n - rows > 0 ? n - rows : 0;
	canvas_fill(c, r.x, r.y, r.w, r.h, ' ', CANVAS_NORMAL);
	canvas_frame(c, r.x, r.y, r.w, r.h, "Keys (any other key closes; Up/Down scroll)", CANVAS_FRAME);
	for (int i = 0; i < rows && e->help_scroll + i < n; i++)
		canvas_text(c, in.x, in.y + i, in.w, CANVAS_NORMAL, lines[e->help_scroll + i]);
	canvas_text(c, in.x, in.y + in.h - 1, in.w, CANVAS_DIM,
		    e->help_scroll + rows < n ? "(more below: Down)" :
		    "Flags, files and formats: man occview, man occview-formats");
}

/* ---- a notice at start ---- */

static void notice_draw(struct explorer *e, struct canvas *c)
{
	struct rect r = layout_overlay(c->width, c->height, 64, 9);
	struct rect in = rect_inner(r);
	int used;

	if (in.h < 2 || in.w < 10)
		return;
	canvas_fill(c, r.x, r.y, r.w, r.h, ' ', CANVAS_NORMAL);
	canvas_frame(c, r.x, r.y, r.w, r.h, "Notice", CANVAS_FRAME);
	used = canvas_wrap(c, in.x + 1, in.y, in.w - 2, in.h - 1, CANVAS_WARNING, e->notice);
	canvas_text(c, in.x + 1, in.y + (used < in.h - 1 ? used + 1 : in.h - 1), in.w - 2, CANVAS_DIM,
		    "Any key continues.");
}

enum reaction overlay_key(struct explorer *e, int key)
{
	switch (e->overlay) {
	case OVERLAY_NOTICE:
		(void)key;
		e->overlay = OVERLAY_NONE;
		return REACT_REDRAW;
	case OVERLAY_HELP:
		return help_key(e, key);
	case OVERLAY_PICKER:
		return picker_key(e, key);
	case OVERLAY_PROMPT:
		return prompt_key(e, key);
	case OVERLAY_NONE:
		break;
	}
	return REACT_NONE;
}

void overlay_draw(struct explorer *e, struct canvas *c)
{
	switch (e->overlay) {
	case OVERLAY_HELP:
		help_draw(e, c);
		break;
	case OVERLAY_PICKER:
		picker_draw(e, c);
		break;
	case OVERLAY_PROMPT:
		prompt_draw(e, c);
		break;
	case OVERLAY_NOTICE:
		notice_draw(e, c);
		break;
	case OVERLAY_NONE:
		break;
	}
}
