/* test_canvas.c - the cell grid: clipping, sanitizing, ASCII mode, text output, charts. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "chart.h"
#include "gpu.h"
#include "sweep.h"
#include "testutil.h"

static char *render(const struct canvas *c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	canvas_write(c, f);
	fclose(f);
	return buf;
}

START_TEST(test_text_is_clipped_and_trimmed)
{
	struct canvas *c = canvas_new(6, 2, true);
	char *out;

	ck_assert_int_eq(canvas_text(c, 1, 0, 3, CANVAS_NORMAL, "abcdef"), 3);
	canvas_text(c, 4, 1, 10, CANVAS_NORMAL, "xyz");
	canvas_put(c, -1, 0, 'q', CANVAS_NORMAL);
	canvas_put(c, 6, 0, 'q', CANVAS_NORMAL);
	out = render(c);
	ck_assert_str_eq(out, " abc\n    xy\n");
	free(out);
	canvas_free(c);
}
END_TEST

START_TEST(test_control_characters_are_escaped)
{
	struct canvas *c = canvas_new(20, 1, true);
	char *out;

	canvas_text(c, 0, 0, 20, CANVAS_NORMAL, "a\033[2Jb");
	out = render(c);
	ck_assert_str_eq(out, "a\\x1B[2Jb\n");
	ck_assert_ptr_null(strchr(out, '\033'));
	free(out);
	canvas_free(c);
}
END_TEST

START_TEST(test_ascii_mode_replaces_wide_glyphs)
{
	struct canvas *a = canvas_new(3, 1, true), *u = canvas_new(3, 1, false);
	char *oa, *ou;

	canvas_text(a, 0, 0, 3, CANVAS_NORMAL, "\xE2\x97\x8F");
	canvas_text(u, 0, 0, 3, CANVAS_NORMAL, "\xE2\x97\x8F");
	oa = render(a);
	ou = render(u);
	ck_assert_str_eq(oa, "?\n");
	ck_assert_str_eq(ou, "\xE2\x97\x8F\n");
	free(oa);
	free(ou);
	canvas_free(a);
	canvas_free(u);
}
END_TEST

START_TEST(test_bad_sizes)
{
	ck_assert_ptr_null(canvas_new(0, 5, true));
	ck_assert_ptr_null(canvas_new(5, -1, true));
}
END_TEST

/* The registers chart of the embedded default marks its point and labels its axes. */
START_TEST(test_chart_marks_current_point)
{
	struct occ_error err = { 0 };
	struct gpu_db *db = gpu_db_new_builtin(&err);
	struct gpu g;
	struct occ_input in = { 256, 32, 0, 0, -1, 1 };
	struct sweep s;
	struct canvas *c = canvas_new(80, 14, true);
	char *out;

	ck_assert_ptr_nonnull(db);
	ck_assert(gpu_db_find(db, "H100", &g, &err));
	ck_assert(sweep_compute(&g.arch, &in, SWEEP_REGISTERS, &s));
	chart_draw(c, 0, 0, 80, 14, &s, false);
	out = render(c);
	ck_assert_ptr_nonnull(strstr(out, "Active warps per SM vs registers per thread"));
	ck_assert_ptr_nonnull(strstr(out, "O current: 32 -> 64 warps (100.0%)"));
	ck_assert_ptr_nonnull(strstr(out, "  64 |"));
	ck_assert_ptr_nonnull(strstr(out, "255"));
	/* Tiny regions draw a note, never outside their box. */
	canvas_clear(c);
	chart_draw(c, 70, 12, 10, 2, &s, false);
	free(out);
	out = render(c);
	ck_assert_ptr_nonnull(strstr(out, "Active war"));
	free(out);
	sweep_done(&s);
	canvas_free(c);
	gpu_db_free(db);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("canvas");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_text_is_clipped_and_trimmed);
	tcase_add_test(tc, test_control_characters_are_escaped);
	tcase_add_test(tc, test_ascii_mode_replaces_wide_glyphs);
	tcase_add_test(tc, test_bad_sizes);
	tcase_add_test(tc, test_chart_marks_current_point);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
