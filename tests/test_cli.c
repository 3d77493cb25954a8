/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_cli.c - the command line's AMD launch flags: parsing, what they set on
 * a launch read from a file, and the usage error each vendor's flags are for
 * the other vendor's GPUs (param_check_vendor). */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gpu.h"
#include "testutil.h"

/* Parses a NULL-terminated argument list after "occview". */
static bool parse(struct cli_options *o, struct occ_error *err, const char *const *args)
{
	char *argv[32];
	int argc = 0;

	argv[argc++] = (char *)"occview";
	for (; *args && argc < 31; args++)
		argv[argc++] = (char *)*args;
	argv[argc] = NULL;
	occ_error_clear(err);
	return cli_parse(argc, argv, o, err);
}

static struct gpu find(const char *name)
{
	struct occ_error err = { 0 };
	struct gpu g;

	ck_assert_msg(gpu_db_find(db, name, &g, &err), "%s: %s", name, err.message);
	return g;
}

START_TEST(amd_flags_set_the_launch)
{
	static const char *const args[] = { "--wave-size", "32", "--vgprs", "96", "--agprs", "64",
					    "--sgprs", "40", NULL };
	struct cli_options o;
	struct occ_error err;

	ck_assert(parse(&o, &err, args));
	ck_assert_int_eq(o.given.values.wave_size, 32);
	ck_assert_int_eq(o.given.values.regs_per_thread, 96);
	ck_assert_int_eq(o.given.values.agprs, 64);
	ck_assert_int_eq(o.given.values.sgprs, 40);
	ck_assert_uint_eq(o.given.set, PARAM_BIT(PARAM_WAVE_SIZE) | PARAM_BIT(PARAM_REGISTERS) |
			  PARAM_BIT(PARAM_AGPRS) | PARAM_BIT(PARAM_SGPRS));
	/* --vgprs is the AMD spelling of --registers: remembered, for its message. */
	ck_assert_uint_eq(o.given.amd_spelled, PARAM_BIT(PARAM_REGISTERS));
}
END_TEST

START_TEST(amd_flags_override_a_file)
{
	static const char *const args[] = { "--wave-size", "64", "--agprs", "8", NULL };
	struct cli_options o;
	struct occ_error err;
	struct launch from_file;

	ck_assert(parse(&o, &err, args));
	launch_init(&from_file);
	from_file.wave_size = 32;
	from_file.agprs = 128;
	from_file.sgprs = 90;
	from_file.regs_per_thread = 70;
	param_copy(&from_file, &o.given.values, o.given.set);
	ck_assert_int_eq(from_file.wave_size, 64);
	ck_assert_int_eq(from_file.agprs, 8);
	/* Not given: the file's values stay. */
	ck_assert_int_eq(from_file.sgprs, 90);
	ck_assert_int_eq(from_file.regs_per_thread, 70);
}
END_TEST

START_TEST(amd_flag_values_refused)
{
	static const char *const cases[][3] = {
		{ "--wave-size", "48", "--wave-size" },
		{ "--wave-size", "0", "--wave-size" },
		{ "--wave-size", "sixty-four", "--wave-size" },
		{ "--vgprs", "-1", "--vgprs" },
		{ "--agprs", "-1", "--agprs" },
		{ "--sgprs", "x", "--sgprs" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *args[] = { cases[i][0], cases[i][1], NULL };
		struct cli_options o;
		struct occ_error err;

		ck_assert_msg(!parse(&o, &err, args), "%s %s accepted", cases[i][0], cases[i][1]);
		ck_assert_int_eq(err.status, OCC_EUSAGE);
		ck_assert_str_eq(err.field, cases[i][2]);
	}
}
END_TEST

/* Each vendor's flags name themselves in a usage error for the other's GPU. */
START_TEST(vendor_flags_checked_against_the_gpu)
{
	static const struct { const char *flag, *value; bool amd_only; } flags[] = {
		{ "--wave-size", "64", true }, { "--vgprs", "32", true },
		{ "--agprs", "16", true }, { "--sgprs", "40", true },
		{ "--barriers", "2", false }, { "--carveout", "50", false },
	};
	struct gpu h100 = find("H100"), mi300x = find("mi300x"), rx = find("rx7900xtx");

	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		const char *args[] = { flags[i].flag, flags[i].value, NULL };
		const struct gpu *wrong = flags[i].amd_only ? &h100 : &mi300x;
		const struct gpu *right = flags[i].amd_only ? &mi300x : &h100;
		struct cli_options o;
		struct occ_error err;

		ck_assert(parse(&o, &err, args));
		ck_assert_msg(param_check_vendor(o.given.set, o.given.amd_spelled, right, &err), "%s: %s", flags[i].flag, err.message);
		if (flags[i].amd_only)
			ck_assert(param_check_vendor(o.given.set, o.given.amd_spelled, &rx, &err));
		occ_error_clear(&err);
		ck_assert_msg(!param_check_vendor(o.given.set, o.given.amd_spelled, wrong, &err), "%s accepted for %s", flags[i].flag,
			      wrong->name);
		ck_assert_int_eq(err.status, OCC_EUSAGE);
		ck_assert_str_eq(err.field, flags[i].flag);
		ck_assert_ptr_nonnull(strstr(err.message, wrong->name));
	}
}
END_TEST

/* --registers means registers per thread on both vendors: never refused. */
START_TEST(shared_flags_pass_on_both)
{
	static const char *const args[] = { "--registers", "64", "--block-size", "128",
					    "--shared-mem", "4K", NULL };
	struct cli_options o;
	struct occ_error err;
	struct gpu h100 = find("H100"), mi300x = find("mi300x");

	ck_assert(parse(&o, &err, args));
	ck_assert(param_check_vendor(o.given.set, o.given.amd_spelled, &h100, &err));
	ck_assert(param_check_vendor(o.given.set, o.given.amd_spelled, &mi300x, &err));
}
END_TEST

/* The short options GNU and htop users type, each the same as its long one. */
START_TEST(short_options_are_the_long_ones)
{
	static const char *const help[] = { "-h", NULL }, *const version[] = { "-V", NULL },
			  *const screen[] = { "-CMU", NULL }, *const colour[] = { "--no-colour", NULL },
			  *const unicode[] = { "--no-unicode", "x.occ", NULL };
	struct cli_options o;
	struct occ_error err;

	ck_assert(parse(&o, &err, help));
	ck_assert(o.help && !o.version);
	ck_assert(parse(&o, &err, version));
	ck_assert(o.version && !o.help);
	ck_assert(parse(&o, &err, screen));
	ck_assert(o.no_color && o.no_mouse && o.ascii);
	ck_assert(parse(&o, &err, colour));
	ck_assert(o.no_color && !o.no_mouse && !o.ascii);
	ck_assert(parse(&o, &err, unicode));
	ck_assert(o.ascii && o.n_files == 1);
}
END_TEST

/* An unknown short option is unknown, not a missing value. */
START_TEST(unknown_short_option)
{
	static const char *const args[] = { "-x", NULL };
	struct cli_options o;
	struct occ_error err;

	ck_assert(!parse(&o, &err, args));
	ck_assert_int_eq(err.status, OCC_EUSAGE);
	ck_assert_ptr_nonnull(strstr(err.message, "unknown option \"-x\""));
}
END_TEST

/* The settings file under the flags: --gpu, a FILE or --load keep the
 * settings' GPU off; color = no is -C; the theme is passed on. */
START_TEST(settings_under_the_flags)
{
	static const char *const none[] = { NULL }, *const gpu[] = { "--gpu", "A100", NULL },
			  *const file[] = { "x.occ", NULL };
	struct occ_settings st = { .gpu = "Tesla T4", .theme = "high-contrast",
				   .color = SETTINGS_COLOR_NO };
	struct cli_options o;
	struct occ_error err;

	ck_assert(parse(&o, &err, none));
	ck_assert(cli_apply_settings(&st, "config", &o, &err));
	ck_assert_str_eq(o.given.values.gpu_name, "Tesla T4");
	ck_assert(o.given.set & PARAM_BIT(PARAM_GPU));
	ck_assert(o.no_color);
	ck_assert_str_eq(o.theme, "high-contrast");
	ck_assert(parse(&o, &err, gpu));
	ck_assert(cli_apply_settings(&st, "config", &o, &err));
	ck_assert_str_eq(o.given.values.gpu_name, "A100");
	ck_assert(parse(&o, &err, file));
	ck_assert(cli_apply_settings(&st, "config", &o, &err));
	ck_assert(!(o.given.set & PARAM_BIT(PARAM_GPU)));
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("cli");
	TCase *tc = tcase_create("amd_flags");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, amd_flags_set_the_launch);
	tcase_add_test(tc, amd_flags_override_a_file);
	tcase_add_test(tc, amd_flag_values_refused);
	tcase_add_test(tc, vendor_flags_checked_against_the_gpu);
	tcase_add_test(tc, shared_flags_pass_on_both);
	tcase_add_test(tc, short_options_are_the_long_ones);
	tcase_add_test(tc, unknown_short_option);
	tcase_add_test(tc, settings_under_the_flags);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
