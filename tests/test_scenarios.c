/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_scenarios.c - named what-if launches: kept by name, flipped through in
 * order, listed with the current one marked, written into the saved launch
 * file as [scenario NAME] sections and read back from it; and
 * whatif_set_launch, which makes one the what-if as one undoable change. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpu.h"
#include "launch.h"
#include "launch_file.h"
#include "scenarios.h"
#include "strutil.h"
#include "whatif.h"
#include "testutil.h"

static struct launch with_registers(int regs)
{
	struct launch l;

	launch_init(&l);
	l.regs_per_thread = regs;
	return l;
}

START_TEST(test_put_next_list)
{
	struct scenarios s;
	struct launch a = with_registers(32), b = with_registers(64);
	char list[128];

	scenarios_init(&s);
	ck_assert_int_eq(scenarios_next(&s), -1);
	ck_assert_int_eq(scenarios_put(&s, "  ", &a), -1);
	ck_assert_int_eq(scenarios_put(&s, " base ", &a), 0);
	ck_assert_int_eq(scenarios_put(&s, "64 regs", &b), 1);
	scenarios_list(&s, list, sizeof(list));
	ck_assert_str_eq(list, "base, [64 regs]");
	/* the same name replaces its launch, in its place */
	b.regs_per_thread = 72;
	ck_assert_int_eq(scenarios_put(&s, "64 regs", &b), 1);
	ck_assert_int_eq(s.n, 2);
	ck_assert_int_eq(s.items[1].launch.regs_per_thread, 72);
	/* flipping goes round in order */
	ck_assert_int_eq(scenarios_next(&s), 0);
	scenarios_list(&s, list, sizeof(list));
	ck_assert_str_eq(list, "[base], 64 regs");
	ck_assert_int_eq(scenarios_next(&s), 1);
	ck_assert_int_eq(scenarios_next(&s), 0);
	/* a name the section line could not hold is made safe */
	ck_assert_int_eq(scenarios_put(&s, "a]b#c\n", &a), 2);
	ck_assert_str_eq(s.items[2].name, "a?b?c");
	/* at most SCENARIOS_MAX */
	for (int i = s.n; i < SCENARIOS_MAX; i++) {
		char name[16];

		snprintf(name, sizeof(name), "n%d", i);
		ck_assert_int_eq(scenarios_put(&s, name, &a), i);
	}
	ck_assert_int_eq(scenarios_put(&s, "one more", &a), -1);
	ck_assert_int_eq(scenarios_put(&s, "base", &b), 0);
}
END_TEST

/* Saved with the current launch and read back: the file's own launch first,
 * then each scenario, a whole launch, under its name. */
START_TEST(test_saved_and_read_back)
{
	char dir[] = "/tmp/occview-test-XXXXXX", path[256];
	struct occ_error err = { 0 };
	struct launch l = with_registers(32), d;
	struct scenarios s;
	struct launch_set set;
	struct whatif *w;
	struct gpu g;

	ck_assert(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/w.occ", dir);
	ck_assert(gpu_db_find(db, "T4", &g, &err));
	str_copy(l.gpu_name, sizeof(l.gpu_name), g.name);
	w = whatif_new(db, &l, &g);
	ck_assert_ptr_nonnull(w);
	scenarios_init(&s);
	l.regs_per_thread = 64;
	scenarios_put(&s, "64 regs", &l);
	l.regs_per_thread = 40;
	l.block[0] = 512;
	scenarios_put(&s, "big blocks", &l);
	ck_assert_msg(whatif_save_scenarios(w, &s, path, &err), "%s", err.message);
	launch_init(&d);
	ck_assert_msg(launch_file_load(path, &d, &set, &err), "%s", err.message);
	ck_assert_int_eq((int)set.n, 3);
	ck_assert_str_eq(set.items[0].scenario, "");
	ck_assert_int_eq(set.items[0].launch.regs_per_thread, 32);
	ck_assert_str_eq(set.items[1].scenario, "64 regs");
	ck_assert_int_eq(set.items[1].launch.regs_per_thread, 64);
	ck_assert_str_eq(set.items[1].launch.gpu_name, "Tesla T4");
	ck_assert_str_eq(set.items[2].scenario, "big blocks");
	ck_assert_int_eq(set.items[2].launch.regs_per_thread, 40);
	ck_assert_int_eq(launch_threads_per_block(&set.items[2].launch), 512);
	launch_set_done(&set);
	/* a section line that is not one is said at its line */
	{
		FILE *f = fopen(path, "w");

		ck_assert_ptr_nonnull(f);
		fputs("block = 128\n[other]\n", f);
		fclose(f);
	}
	ck_assert(!launch_file_load(path, &d, &set, &err));
	ck_assert_int_eq(err.line, 2);
	ck_assert(strstr(err.message, "[scenario NAME]") != NULL);
	whatif_free(w);
	unlink(path);
	rmdir(dir);
}
END_TEST

/* A scenario becomes the what-if as one change: undo brings the launch
 * before it back; its GPU is the database's device of its name. */
START_TEST(test_set_launch)
{
	struct occ_error err = { 0 };
	struct launch l = with_registers(32), s;
	struct whatif *w;
	struct gpu g;

	ck_assert(gpu_db_find(db, "H100", &g, &err));
	str_copy(l.gpu_name, sizeof(l.gpu_name), g.name);
	w = whatif_new(db, &l, &g);
	ck_assert_ptr_nonnull(w);
	s = with_registers(64);
	ck_assert(gpu_db_find(db, "T4", &g, &err));
	str_copy(s.gpu_name, sizeof(s.gpu_name), g.name);
	ck_assert(whatif_set_launch(w, &s));
	ck_assert_int_eq(w->cur.launch.regs_per_thread, 64);
	ck_assert_str_eq(w->cur.gpu.name, "Tesla T4");
	ck_assert(whatif_any_changed(w));
	ck_assert(whatif_undo(w));
	ck_assert_int_eq(w->cur.launch.regs_per_thread, 32);
	ck_assert_str_ne(w->cur.gpu.name, "Tesla T4");
	ck_assert(!whatif_any_changed(w));
	/* no such device: nothing changes */
	str_copy(s.gpu_name, sizeof(s.gpu_name), "No Such GPU 9000");
	ck_assert(!whatif_set_launch(w, &s));
	ck_assert_int_eq(w->cur.launch.regs_per_thread, 32);
	whatif_free(w);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("scenarios");
	TCase *tc = tcase_create("scenarios");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_put_next_list);
	tcase_add_test(tc, test_saved_and_read_back);
	tcase_add_test(tc, test_set_launch);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
