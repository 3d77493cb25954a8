/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_explorer.c - the whole explorer on canvases: golden first screens at
 * 80x24 and 200x60 in ASCII and UTF-8, what-if keys whose results on screen
 * equal the engine's, overlays, saving, clicks, animation and every size. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine.h"
#include "explorer.h"
#include "explorer_state.h"
#include "launch_file.h"
#include "occupancy.h"
#include "paneutil.h"
#include "settings.h"

/* The session of the explorer open now (one at a time). */
static struct session *session;

/* occview with no argument: the embedded default. */
static struct explorer *open_default(bool ascii)
{
	return explorer_open_flags(NULL, ascii, &session);
}

/* The screen as text. */
static char *screen(struct explorer *e, int cols, int rows, bool ascii)
{
	struct canvas *c = canvas_new(cols, rows, ascii);
	char *text;

	ck_assert(c != NULL);
	explorer_draw(e, c);
	text = canvas_text_of(c);
	canvas_free(c);
	return text;
}

static void golden_screen(struct explorer *e, int cols, int rows, bool ascii, const char *name)
{
	char *text = screen(e, cols, rows, ascii);
	golden_text(name, text);
	free(text);
}

static void keys(struct explorer *e, const int *k, size_t n)
{
	for (size_t i = 0; i < n; i++)
		ck_assert_int_ne(explorer_key(e, k[i]), REACT_QUIT);
}

static void type(struct explorer *e, const char *s)
{
	for (; *s; s++)
		explorer_key(e, (unsigned char)*s);
}

/* The engine's result for the launch the explorer shows now. */
static void engine(const struct explorer *e, struct occ_result *r)
{
	const struct view *v = explorer_view(e);
	struct occ_input in;

	occ_input_from_launch(&v->cur.launch, &in);
	occ_compute(&v->cur.gpu.arch, &in, r);
}

START_TEST(test_first_screens)
{
	struct explorer *e = open_default(true);

	golden_screen(e, 80, 24, true, "explorer_80x24_ascii.txt");
	golden_screen(e, 200, 60, true, "explorer_200x60_ascii.txt");
	explorer_close(e, session);
	e = open_default(false);
	golden_screen(e, 80, 24, false, "explorer_80x24_utf8.txt");
	golden_screen(e, 200, 60, false, "explorer_200x60_utf8.txt");
	explorer_close(e, session);
}
END_TEST

START_TEST(test_every_pane_at_80x24)
{
	struct explorer *e = open_default(true);
	static const char *const names[] = { "table", "charts", "sms", "rules" };

	for (int p = 0; p < 4; p++) {
		char name[64];
		explorer_key(e, '1' + p);
		snprintf(name, sizeof(name), "explorer_80x24_%s.txt", names[p]);
		golden_screen(e, 80, 24, true, name);
	}
	explorer_close(e, session);
}
END_TEST

START_TEST(test_block_step_follows_engine)
{
	struct explorer *e = open_default(true);
	const struct view *v = explorer_view(e);
	struct occ_result r;
	char *text, want[64];

	/* Focus starts on the block size: one warp up. */
	explorer_key(e, KEY_CODE_RIGHT);
	ck_assert_int_eq(v->cur.in.threads_per_block, 288);
	engine(e, &r);
	ck_assert_int_eq(v->cur.r.active_warps_per_sm, r.active_warps_per_sm);
	text = screen(e, 200, 60, true);
	ck_assert_msg(strstr(text, "[block 288]") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "baseline  block 256") != NULL, "%s", text);
	snprintf(want, sizeof(want), "occupancy %.1f%% (baseline 100.0%%, %+.1f)",
		 r.theoretical_occupancy_pct, r.theoretical_occupancy_pct - 100.0);
	ck_assert_msg(strstr(text, want) != NULL, "want %s in\n%s", want, text);
	free(text);
	explorer_close(e, session);
}
END_TEST

START_TEST(test_registers_and_smem)
{
	struct explorer *e = open_default(true);
	const struct view *v = explorer_view(e);
	const int tab_plus[] = { KEY_CODE_TAB, '+', '+', '+', '+', '+', '+', '+', '+' };
	struct occ_result r;

	keys(e, tab_plus, sizeof(tab_plus) / sizeof(tab_plus[0]));
	ck_assert_int_eq(v->cur.in.regs_per_thread, 40);
	engine(e, &r);
	ck_assert_int_eq(v->cur.r.active_blocks_per_sm, r.active_blocks_per_sm);
	ck_assert_int_eq(v->cur.r.block_limit[OCC_REGISTERS], r.block_limit[OCC_REGISTERS]);
	/* Dynamic shared memory typed exactly. */
	explorer_key(e, KEY_CODE_TAB);
	explorer_key(e, KEY_CODE_TAB);
	explorer_key(e, KEY_CODE_ENTER);
	type(e, "48K");
	explorer_key(e, KEY_CODE_ENTER);
	ck_assert_int_eq(v->cur.launch.dynamic_smem_bytes, 49152);
	engine(e, &r);
	ck_assert_int_eq(v->cur.r.block_limit[OCC_SHARED_MEM], r.block_limit[OCC_SHARED_MEM]);
	ck_assert_int_eq(v->cur.r.active_warps_per_sm, r.active_warps_per_sm);
	/* Undo twice: back to 40 registers and no dynamic shared memory... */
	explorer_key(e, 'u');
	ck_assert_int_eq(v->cur.launch.dynamic_smem_bytes, 0);
	explorer_key(e, KEY_CTRL('r'));
	ck_assert_int_eq(v->cur.launch.dynamic_smem_bytes, 49152);
	/* ...and reset to the baseline in one step. */
	explorer_key(e, 'R');
	ck_assert_int_eq(v->cur.in.regs_per_thread, 32);
	ck_assert_int_eq(v->cur.launch.dynamic_smem_bytes, 0);
	explorer_close(e, session);
}
END_TEST

START_TEST(test_bad_value_keeps_launch)
{
	struct explorer *e = open_default(true);
	const struct view *v = explorer_view(e);
	char *text;

	explorer_key(e, KEY_CODE_ENTER);
	type(e, "abc");
	explorer_key(e, KEY_CODE_ENTER);
	ck_assert_int_eq(v->cur.in.threads_per_block, 256);
	text = screen(e, 80, 24, true);
	ck_assert_msg(strstr(text, "block") != NULL, "%s", text);
	free(text);
	explorer_close(e, session);
}
END_TEST

START_TEST(test_gpu_picker)
{
	struct explorer *e = open_default(true);
	const struct view *v = explorer_view(e);
	struct occ_result r;
	char *text;

	explorer_key(e, 'g');
	type(e, "T4");
	text = screen(e, 80, 24, true);
	ck_assert_msg(strstr(text, "filter: T4_") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "Tesla T4") != NULL, "%s", text);
	free(text);
	explorer_key(e, KEY_CODE_ENTER);
	ck_assert_msg(strstr(v->cur.gpu.name, "T4") != NULL, "%s", v->cur.gpu.name);
	ck_assert_int_eq(v->cur.gpu.arch.cc_major, 7);
	engine(e, &r);
	ck_assert_int_eq(v->cur.r.active_warps_per_sm, r.active_warps_per_sm);
	explorer_key(e, 'u');
	ck_assert_int_eq(v->cur.gpu.arch.cc_major, 9);
	/* Esc closes without a change. */
	explorer_key(e, 'g');
	type(e, "A100");
	explorer_key(e, KEY_CODE_ESC);
	ck_assert_int_eq(v->cur.gpu.arch.cc_major, 9);
	explorer_close(e, session);
}
END_TEST

/* The help shows the keys of the pane in use first, then every group under
 * its heading (an action's help without its group's name in front: "select
 * the previous line" under "Kernel browser"), then the legend. */
START_TEST(test_help_lists_every_action)
{
	struct explorer *e = open_default(true);
	char *text, *all = NULL;
	size_t len = 0;

	explorer_key(e, '?');
	text = screen(e, 200, 60, true);
	ck_assert_msg(strstr(text, "|The launch (what-if) (here)") != NULL, "%s", text);
	free(text);
	/* every page of it, scrolled a page at a time */
	for (int page = 0; page < 4; page++) {
		text = screen(e, 200, 60, true);
		all = realloc(all, len + strlen(text) + 1);
		ck_assert_ptr_nonnull(all);
		strcpy(all + len, text);
		len += strlen(text);
		free(text);
		for (int i = 0; i < 5; i++)
			explorer_key(e, KEY_CODE_PGDN);
	}
	for (int a = ACT_NONE + 1; a < ACT_N; a++) {
		const char *title = key_group_title(key_action_group((enum action)a));
		size_t tl = strlen(title);
		char text_in_words[256], *help = text_in_words;

		/* in the shown GPU's words: the default's, NVIDIA's */
		key_action_help_in((enum action)a, engine_words(&explorer_view(e)->cur.gpu.arch),
				   text_in_words, sizeof(text_in_words));
		if (strncasecmp(help, title, tl) == 0 && help[tl] == ':')
			help += tl + 2;
		ck_assert_msg(strstr(all, help) != NULL, "help lacks \"%s\"", help);
	}
	for (int g = 0; g < KG_N; g++)
		ck_assert_msg(strstr(all, key_group_title((enum key_group)g)) != NULL, "no heading %d", g);
	ck_assert(strstr(all, "|Legend") != NULL);
	ck_assert(strstr(all, "O the launch's own point on a chart") != NULL);
	free(all);
	/* Any other key closes it; q there does not quit. */
	ck_assert_int_ne(explorer_key(e, 'q'), REACT_QUIT);
	ck_assert_int_eq(explorer_key(e, 'q'), REACT_QUIT);
	explorer_close(e, session);
}
END_TEST

/* The launch file at path: its first launch's registers. */
static int saved_registers(const char *path)
{
	struct occ_error err = { 0 };
	struct launch_set set;
	struct launch defaults;
	int regs;

	launch_init(&defaults);
	ck_assert_msg(launch_file_load(path, &defaults, &set, &err), "%s", err.message);
	ck_assert_int_eq((int)set.n, 1);
	regs = set.items[0].launch.regs_per_thread;
	launch_set_done(&set);
	return regs;
}

static void save_as(struct explorer *e, const char *path)
{
	explorer_key(e, 's');
	explorer_key(e, KEY_CTRL('u'));
	type(e, path);
	explorer_key(e, KEY_CODE_ENTER);
}

START_TEST(test_save_and_load_back)
{
	struct explorer *e = open_default(true);
	char dir[] = "/tmp/occview-test-XXXXXX", path[256], cwd[1024], want[1100], *text;
	struct launch_set set;
	struct occ_error err = { 0 };
	struct launch defaults;

	ck_assert(mkdtemp(dir) != NULL);
	ck_assert(getcwd(cwd, sizeof(cwd)) != NULL);
	snprintf(path, sizeof(path), "%s/saved.occ", dir);
	explorer_key(e, KEY_CODE_TAB);
	explorer_key(e, ']');   /* 32 + 8 registers */
	/* s says where it saves: the working directory's whatif.occ, whole */
	explorer_key(e, 's');
	snprintf(want, sizeof(want), "save the launch to: %s/whatif.occ_", cwd);
	text = screen(e, 200, 60, true);
	ck_assert_msg(strstr(text, want) != NULL, "%s", text);
	free(text);
	explorer_key(e, KEY_CODE_ESC);
	save_as(e, path);
	snprintf(want, sizeof(want), "saved to %s (occview --load %s reopens it)", path, path);
	ck_assert_str_eq(e->message, want);
	launch_init(&defaults);
	ck_assert_msg(launch_file_load(path, &defaults, &set, &err), "%s", err.message);
	ck_assert_int_eq((int)set.n, 1);
	ck_assert_int_eq(set.items[0].launch.regs_per_thread, 40);
	ck_assert_int_eq(launch_threads_per_block(&set.items[0].launch), 256);
	launch_set_done(&set);
	/* The file is there: asked first, and n leaves it as it was. */
	explorer_key(e, ']');   /* 48 */
	save_as(e, path);
	text = screen(e, 200, 60, true);
	snprintf(want, sizeof(want), "%s exists: overwrite it? (y overwrites", path);
	ck_assert_msg(strstr(text, want) != NULL, "%s", text);
	free(text);
	explorer_key(e, 'n');
	ck_assert_int_eq(saved_registers(path), 40);
	snprintf(want, sizeof(want), "not saved: %s is as it was", path);
	ck_assert_str_eq(e->message, want);
	/* y overwrites it. */
	save_as(e, path);
	explorer_key(e, 'y');
	ck_assert_int_eq(saved_registers(path), 48);
	unlink(path);
	rmdir(dir);
	explorer_close(e, session);
}
END_TEST

/* o on the recovery notice: the recovered launch is the what-if, u undoes
 * it, and q removes the recovery file (as after occview --load). */
START_TEST(test_recovery_opens)
{
	char dir[] = "/tmp/occview-test-XXXXXX", folder[300], path[400], *text;
	struct explorer_options o = { .ascii = true, .notice = "A session saved its launch." };
	struct occ_error err = { 0 };
	struct explorer *e = open_default(true);

	ck_assert(mkdtemp(dir) != NULL);
	setenv("XDG_STATE_HOME", dir, 1);
	snprintf(folder, sizeof(folder), "%s/occview", dir);
	ck_assert_int_eq(mkdir(folder, 0700), 0);
	snprintf(path, sizeof(path), "%s/recovery-20261127T061200-4242.occ", folder);
	explorer_key(e, KEY_CODE_TAB);
	explorer_key(e, ']');   /* 40 registers */
	explorer_key(e, KEY_CODE_TAB);
	explorer_key(e, KEY_CODE_TAB);
	explorer_key(e, KEY_CODE_ENTER);
	type(e, "12K");        /* dynamic shared memory */
	explorer_key(e, KEY_CODE_ENTER);
	save_as(e, path);
	ck_assert_int_eq(access(path, F_OK), 0);
	explorer_close(e, session);

	session = session_new(db, NULL, &err);
	ck_assert_ptr_nonnull(session);
	o.recovery = path;
	e = explorer_new(session, NULL, 0, &o);
	text = screen(e, 80, 24, true);
	ck_assert_msg(strstr(text, "o opens it now (u undoes)") != NULL, "%s", text);
	free(text);
	ck_assert_int_eq(e->whatif->cur.launch.regs_per_thread, 32);
	ck_assert_int_eq(explorer_key(e, 'o'), REACT_REDRAW);
	ck_assert_int_eq(explorer_view(e)->cur.launch.regs_per_thread, 40);
	ck_assert_int_eq((int)explorer_view(e)->cur.launch.dynamic_smem_bytes, 12 * 1024);
	ck_assert(strstr(e->message, "is the what-if (u undoes it") != NULL);
	explorer_key(e, 'u');
	ck_assert_int_eq(explorer_view(e)->cur.launch.regs_per_thread, 32);
	explorer_key(e, 'U');
	ck_assert_int_eq(access(path, F_OK), 0);
	ck_assert_int_eq(explorer_key(e, 'q'), REACT_QUIT);
	ck_assert_int_ne(access(path, F_OK), 0);
	explorer_close(e, session);
	rmdir(folder);
	rmdir(dir);
}
END_TEST

/* T steps through the themes and keeps the choice in the settings file,
 * every other line as it was. */
START_TEST(test_theme_key)
{
	static const char *const themes[] = { "default", "monochrome", "high-contrast", NULL };
	struct explorer_options o = { .ascii = true, .themes = themes, .theme = "monochrome" };
	char dir[] = "/tmp/occview-test-XXXXXX", path[400], want[600], text[256] = "";
	struct occ_error err = { 0 };
	struct occ_settings st;
	struct explorer *e;
	FILE *f;

	ck_assert(mkdtemp(dir) != NULL);
	setenv("XDG_CONFIG_HOME", dir, 1);
	session = session_new(db, NULL, &err);
	ck_assert_ptr_nonnull(session);
	e = explorer_new(session, NULL, 0, &o);
	ck_assert_str_eq(explorer_theme(e), "monochrome");
	/* no settings file yet: made, with its folder */
	explorer_key(e, 'T');
	ck_assert_str_eq(explorer_theme(e), "high-contrast");
	snprintf(path, sizeof(path), "%s/occview/config", dir);
	snprintf(want, sizeof(want), "theme high-contrast, saved in %s", path);
	ck_assert_str_eq(e->message, want);
	ck_assert(settings_load(path, &st, &err));
	ck_assert_str_eq(st.theme, "high-contrast");
	/* the user's lines kept; the theme's replaced where it stands */
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("# mine\ngpu = Tesla T4\n  theme=neon\ncolor = no\n", f);
	fclose(f);
	explorer_key(e, 'T');
	ck_assert_str_eq(explorer_theme(e), "default");
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_gt(fread(text, 1, sizeof(text) - 1, f), 0);
	fclose(f);
	ck_assert_str_eq(text, "# mine\ngpu = Tesla T4\ntheme = default\ncolor = no\n");
	explorer_key(e, 'T');
	ck_assert_str_eq(explorer_theme(e), "monochrome");
	explorer_close(e, session);
	unlink(path);
	snprintf(path, sizeof(path), "%s/occview", dir);
	rmdir(path);
	rmdir(dir);
}
END_TEST

START_TEST(test_tabs_and_clicks)
{
	struct explorer *e = open_default(true);
	char *text;

	/* Click the second tab, wherever the tab bar is. */
	text = screen(e, 80, 24, true);
	{
		char *bar = strstr(text, "[1 Occupancy]");
		char *row = bar;
		int y = 0;

		ck_assert(bar != NULL);
		while (row > text && row[-1] != '\n')
			row--;
		for (char *p = text; p < row; p++)
			y += *p == '\n';
		ck_assert_int_eq(explorer_click(e, (int)(strstr(bar, "2 ") - row), y), REACT_REDRAW);
	}
	free(text);
	text = screen(e, 80, 24, true);
	ck_assert_msg(strstr(text, "[2 ") != NULL, "%s", text);
	free(text);
	explorer_close(e, session);
}
END_TEST

START_TEST(test_animation_plays_and_stops)
{
	struct explorer *e = open_default(true);
	int frames = 0;

	ck_assert(!explorer_animating(e));
	explorer_key(e, 'a');
	ck_assert(explorer_animating(e));
	while (explorer_tick(e) == REACT_REDRAW && frames < 1000)
		frames++;
	ck_assert(!explorer_animating(e));
	ck_assert_int_gt(frames, 10);
	explorer_close(e, session);
}
END_TEST

/* a plays in either picture of the simulation: from the timeline it stays
 * there (it jumped to the per-SM pane); . and , step a frame, paused, and
 * both panes say the playhead's time. The default launch: 1584 blocks of 256
 * threads, 8 resident per SM on the H100's 132 SMs (the table's "Active
 * blocks per SM 8"), so 1056 a wave and a uniform run of 2.00 block
 * durations; frame 2 of PLAYBACK_FRAMES (80) is t = 0.05. */
START_TEST(test_playhead_and_steps)
{
	struct explorer *e = open_default(true);
	char *text;

	free(screen(e, 80, 24, true));
	explorer_key(e, '6');
	free(screen(e, 80, 24, true));
	ck_assert(e->layout.tabbed);
	explorer_key(e, 'a');
	ck_assert_int_eq(e->active, PANE_TIMELINE);
	ck_assert(explorer_animating(e));
	explorer_key(e, 'a');
	ck_assert(!explorer_animating(e));
	ck_assert_int_eq(e->view.play.state, PLAYBACK_PAUSED);
	explorer_key(e, 'A');
	ck_assert_int_eq(e->view.play.state, PLAYBACK_OFF);
	explorer_key(e, '.');
	explorer_key(e, '.');
	explorer_key(e, '.');
	text = screen(e, 80, 24, true);
	ck_assert_msg(strstr(text, "paused: t = 0.05 of 2.00 (uniform") != NULL, "%s", text);
	free(text);
	explorer_key(e, ',');
	text = screen(e, 80, 24, true);
	ck_assert_msg(strstr(text, "paused: t = 0.03 of 2.00") != NULL ||
		      strstr(text, "paused: t = 0.02 of 2.00") != NULL, "%s", text);
	free(text);
	/* the per-SM pane shows the same frame */
	explorer_key(e, '3');
	text = screen(e, 80, 24, true);
	ck_assert_msg(strstr(text, "paused: t = 0.0") != NULL, "%s", text);
	free(text);
	/* from the table, a brings the per-SM pane */
	explorer_key(e, '1');
	explorer_key(e, 'a');
	ck_assert_int_eq(e->active, PANE_SMS);
	explorer_close(e, session);
}
END_TEST

/* Durations that vary: the frames are recorded in one pass, in slices (ticks)
 * after a, the per-SM pane saying so over the whole run while the frame at
 * the playhead is not recorded yet; then steps are lookups. 200,000 blocks of
 * the default launch (256 threads, 8 resident per SM on the H100's 132 SMs)
 * with 10% of the blocks 4x slower: the first redraw's fixed part of a slice
 * cannot record them all. The run's length is the simulation's (249.00 on
 * screen); frame 79 of 80 is 79/80 of it, 245.89. */
START_TEST(test_animation_records_frames)
{
	struct explorer_options o = { .ascii = true };
	struct param_set flags = { .set = PARAM_BIT(PARAM_GRID) };
	struct occ_error err = { 0 };
	struct explorer *e;
	char *text;
	int ticks = 0;

	launch_init(&flags.values);
	flags.values.grid[0] = 200000;
	o.model = (struct sim_params){ .model = SIM_SLOW_SHARE, .slow_share = 0.1,
				       .slow_factor = 4.0 };
	session = session_new(db, &flags, &err);
	ck_assert_ptr_nonnull(session);
	e = explorer_new(session, NULL, 0, &o);
	ck_assert_ptr_nonnull(e);
	free(screen(e, 200, 60, true));
	while (explorer_busy(e))
		explorer_tick(e);
	/* the launch's moment is recorded at once */
	explorer_key(e, 'a');
	text = screen(e, 200, 60, true);
	ck_assert(strstr(text, "playing: t = 0.00 of") != NULL);
	free(text);
	/* the end (, from off) once everything is */
	explorer_key(e, 'A');
	explorer_key(e, ',');
	text = screen(e, 200, 60, true);
	ck_assert(strstr(text, "preparing the animation") != NULL);
	free(text);
	ck_assert(explorer_busy(e));
	while (explorer_busy(e) && ticks < 100000) {
		explorer_tick(e);
		ticks++;
	}
	ck_assert_int_gt(ticks, 0);
	ck_assert_int_eq(e->view.play.frame, PLAYBACK_FRAMES);
	text = screen(e, 200, 60, true);
	ck_assert(strstr(text, "paused: t = 249.00 of 249.00") != NULL);
	free(text);
	/* stepping back and forth: lookups, nothing to record */
	explorer_key(e, ',');
	explorer_key(e, ',');
	explorer_key(e, '.');
	ck_assert(!explorer_busy(e));
	text = screen(e, 200, 60, true);
	ck_assert(strstr(text, "paused: t = 245.89 of 249.00") != NULL && !strstr(text, "preparing"));
	free(text);
	explorer_close(e, session);
}
END_TEST

START_TEST(test_notice_at_start)
{
	struct explorer_options o = { .ascii = true, .notice = "A session saved its launch in /x/r.occ." };
	struct occ_error err = { 0 };
	struct explorer *e;
	char *text;

	session = session_new(db, NULL, &err);
	ck_assert_ptr_nonnull(session);
	e = explorer_new(session, NULL, 0, &o);
	text = screen(e, 80, 24, true);
	ck_assert_msg(strstr(text, "/x/r.occ") != NULL, "%s", text);
	free(text);
	/* The first key only closes it: q does not quit yet. */
	ck_assert_int_eq(explorer_key(e, 'q'), REACT_REDRAW);
	text = screen(e, 80, 24, true);
	ck_assert(strstr(text, "/x/r.occ") == NULL);
	free(text);
	ck_assert_int_eq(explorer_key(e, 'q'), REACT_QUIT);
	explorer_close(e, session);
}
END_TEST

/* The explorer's own actions reply and leave the acting to explorer.c
 * (htop's HandlerResult): a step of the registers changes the what-if and
 * asks for the view again, which stays as it was until the reply is acted
 * on; a key does both. */
START_TEST(test_actions_reply)
{
	struct explorer *e = open_default(true);
	struct explorer_reply y = { .react = REACT_NONE };
	unsigned long generation = e->view.generation;
	int regs = e->whatif->cur.launch.regs_per_thread;

	e->whatif->focus = PARAM_REGISTERS;
	explorer_own_action(e, ACT_INC, &y);
	ck_assert_int_eq(y.react, REACT_REDRAW);
	ck_assert(y.refresh);
	ck_assert_int_eq(e->whatif->cur.launch.regs_per_thread, regs + 1);
	ck_assert_uint_eq(e->view.generation, generation);
	ck_assert_int_eq(e->view.cur.launch.regs_per_thread, regs);
	ck_assert_int_eq(explorer_key(e, '+'), REACT_REDRAW);
	ck_assert_int_eq(e->view.cur.launch.regs_per_thread, regs + 2);
	/* what to say is replied too, and said by explorer.c */
	memset(&y, 0, sizeof(y));
	explorer_own_action(e, ACT_NEXT_LAUNCH, &y);
	ck_assert(!y.load);
	ck_assert_str_eq(y.message, "only one launch is loaded");
	ck_assert_str_eq(e->message, "");
	explorer_key(e, 'n');
	ck_assert_str_eq(e->message, "only one launch is loaded");
	explorer_close(e, session);
}
END_TEST

/* The partition field: hidden while "all" unless focused, so the baseline
 * row stays on 80x24; focused it shows, and - steps to 131 of the H100's
 * 132 SMs: the explorer's partition screen (the per-SM pane, 131 bars). */
START_TEST(test_partition_field)
{
	struct explorer *e = open_default(true);
	char *text = screen(e, 80, 24, true);

	ck_assert_ptr_null(strstr(text, "SMs all"));
	free(text);
	e->whatif->focus = PARAM_SMS;
	text = screen(e, 80, 24, true);
	ck_assert_ptr_nonnull(strstr(text, "[SMs all]"));
	free(text);
	ck_assert_int_eq(explorer_key(e, '-'), REACT_REDRAW);
	ck_assert_int_eq(e->view.cur.launch.sms, 131);
	ck_assert_int_eq(e->view.cur.sched.units, 131);
	explorer_key(e, '3');
	golden_screen(e, 80, 24, true, "explorer_80x24_partition_sms.txt");
	explorer_key(e, '4');
	golden_screen(e, 80, 24, true, "explorer_80x24_partition_rules.txt");
	explorer_close(e, session);
}
END_TEST

/* The GPUs compared stay on their GPUs when the what-if comes back to its
 * own: undoing a change of GPU analysed every GPU listed on the current one
 * (the overrides no longer named a GPU, so the launch's own was taken). */
START_TEST(test_compared_gpus_after_undo)
{
	struct param_set flags = { .set = PARAM_BIT(PARAM_REGISTERS) };
	struct explorer *e;
	const struct view *v;
	double t4;

	launch_init(&flags.values);
	flags.values.regs_per_thread = 64;
	e = explorer_open_flags(&flags, true, &session);
	v = explorer_view(e);
	explorer_key(e, 'C');
	explorer_key(e, 'g');
	type(e, "T4");
	explorer_key(e, KEY_CODE_ENTER);
	explorer_key(e, 'C');
	ck_assert_uint_eq(v->n_gpus, 2);
	ck_assert_str_eq(v->gpus[1].name, "Tesla T4");
	ck_assert_str_eq(v->on_gpu[1].gpu.name, "Tesla T4");
	t4 = v->on_gpu[1].r.theoretical_occupancy_pct;
	explorer_key(e, 'u');
	ck_assert_str_ne(v->cur.gpu.name, "Tesla T4");
	ck_assert_str_eq(v->on_gpu[1].gpu.name, "Tesla T4");
	ck_assert_double_eq(v->on_gpu[1].r.theoretical_occupancy_pct, t4);
	explorer_close(e, session);
}
END_TEST

START_TEST(test_every_size)
{
	struct explorer *e = open_default(false);

	for (int cols = 1; cols <= 300; cols += 7)
		for (int rows = 1; rows <= 100; rows += 3) {
			char *text = screen(e, cols, rows, false);
			free(text);
		}
	{
		char *text = screen(e, 20, 5, true);
		ck_assert_msg(strstr(text, "terminal too small") != NULL, "%s", text);
		free(text);
	}
	explorer_close(e, session);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("explorer");
	TCase *tc = tcase_create("explorer");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_first_screens);
	tcase_add_test(tc, test_every_pane_at_80x24);
	tcase_add_test(tc, test_block_step_follows_engine);
	tcase_add_test(tc, test_registers_and_smem);
	tcase_add_test(tc, test_bad_value_keeps_launch);
	tcase_add_test(tc, test_gpu_picker);
	tcase_add_test(tc, test_help_lists_every_action);
	tcase_add_test(tc, test_save_and_load_back);
	tcase_add_test(tc, test_recovery_opens);
	tcase_add_test(tc, test_theme_key);
	tcase_add_test(tc, test_tabs_and_clicks);
	tcase_add_test(tc, test_animation_plays_and_stops);
	tcase_add_test(tc, test_notice_at_start);
	tcase_add_test(tc, test_playhead_and_steps);
	tcase_add_test(tc, test_animation_records_frames);
	tcase_add_test(tc, test_every_size);
	tcase_add_test(tc, test_actions_reply);
	tcase_add_test(tc, test_partition_field);
	tcase_add_test(tc, test_compared_gpus_after_undo);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
