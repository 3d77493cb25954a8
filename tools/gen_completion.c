/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* gen_completion.c - writes occview's bash or zsh completion from the option
 * table (cli_flag_at), at build time, so that no option can be missing from
 * them; an option the table says nothing of stops the build.
 *
 * usage: tools/gen_completion bash|zsh > FILE */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char header[] =
	"# SPDX-License-Identifier: MIT\n"
	"# Copyright (c) 2026 the occview developers\n"
	"# %s completion for occview(1), written by tools/gen_completion from the\n"
	"# option table of src/session/cli.c at build time: edit the table, not this.\n";

/* --gpu's words: the database's names, aliases and architectures (sm_XX,
 * gfxNNN), as `occview --list-gpus --format csv` lists them. */
static const char gpu_awk[] =
	"awk -F, 'NR > 1 { print $1; print $3; n = split($NF, a, \";\"); "
	"for (i = 1; i <= n; i++) print a[i] }'";

static bool all_flags(struct cli_flag *f, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!cli_flag_at(i, &f[i])) {
			fprintf(stderr, "gen_completion: --%s has no line (or the wrong value kind) "
				"in cli.c's flag_help\n", f[i].name);
			return false;
		}
	return true;
}

static void bash(const struct cli_flag *f, size_t n)
{
	printf(header, "bash");
	printf("\n# The GPUs whose name, alias or architecture starts with $1, any case.\n"
	       "_occview_gpus()\n{\n"
	       "\t\"$2\" --list-gpus --format csv 2>/dev/null | %s |\n"
	       "\t\tawk -v cur=\"$1\" 'length($0) && tolower(substr($0, 1, length(cur))) == "
	       "tolower(cur) {\n"
	       "\t\t\t# typed in capitals (MI3): offered in capitals (MI300X)\n"
	       "\t\t\tif (cur != tolower(cur) && cur == toupper(cur)) $0 = toupper($0)\n"
	       "\t\t\tif (!seen[$0]++) print }'\n}\n\n", gpu_awk);
	printf("_occview()\n{\n"
	       "\tlocal cur prev IFS=$'\\n'\n"
	       "\tCOMPREPLY=()\n"
	       "\tcur=${COMP_WORDS[COMP_CWORD]}\n"
	       "\tprev=${COMP_WORDS[COMP_CWORD - 1]}\n"
	       "\t# --option=value: bash breaks the word at '=' (COMP_WORDBREAKS)\n"
	       "\tif [[ $cur == = ]]; then\n\t\tcur=\n"
	       "\telif [[ $prev == = && $COMP_CWORD -ge 2 ]]; then\n"
	       "\t\tprev=${COMP_WORDS[COMP_CWORD - 2]}\n"
	       "\telif [[ $cur == --*=* ]]; then\n\t\tprev=${cur%%%%=*}\n\t\tcur=${cur#*=}\n\tfi\n"
	       "\tcase $prev in\n");
	for (size_t i = 0; i < n; i++)
		switch (f[i].arg) {
		case CLI_ARG_GPU:
			printf("\t--%s)\n"
			       "\t\t# A,B,...: the last name of the list\n"
			       "\t\tlocal head=\n\t\t[[ $cur == *,* ]] && head=${cur%%,*},\n"
			       "\t\tCOMPREPLY=($(_occview_gpus \"${cur##*,}\" \"${COMP_WORDS[0]}\" |\n"
			       "\t\t\tawk -v head=\"$head\" '{ print head $0 }'))\n\t\treturn\n\t\t;;\n",
			       f[i].name);
			break;
		case CLI_ARG_WORDS:
			printf("\t--%s)\n\t\tCOMPREPLY=($(IFS=' '; compgen -W \"%s\" -- \"$cur\"))\n"
			       "\t\treturn\n\t\t;;\n", f[i].name, f[i].words);
			break;
		case CLI_ARG_FILE:
			printf("\t--%s)\n\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n\t\treturn\n\t\t;;\n",
			       f[i].name);
			break;
		case CLI_ARG_OTHER:
			printf("\t--%s)\n\t\treturn\n\t\t;;\n", f[i].name);
			break;
		case CLI_ARG_NONE:
			break;
		}
	printf("\tesac\n\tif [[ $cur == -* ]]; then\n\t\tCOMPREPLY=($(IFS=' '; compgen -W \"");
	for (size_t i = 0; i < n; i++)
		printf("%s--%s", i ? " " : "", f[i].name);
	for (size_t i = 0; i < n; i++)
		if (f[i].short_name)
			printf(" -%c", f[i].short_name);
	printf("\" -- \"$cur\"))\n\t\treturn\n\tfi\n"
	       "\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n}\n"
	       "complete -o filenames -F _occview occview\n");
}

/* zsh's _arguments wants ':' and brackets in a description escaped. */
static void zsh_text(const char *s)
{
	for (; *s; s++) {
		if (*s == ':' || *s == '[' || *s == ']' || *s == '\\')
			putchar('\\');
		if (*s == '\'')
			fputs("'\\''", stdout);
		else
			putchar(*s);
	}
}

static void zsh(const struct cli_flag *f, size_t n)
{
	printf("#compdef occview\n");
	printf(header, "zsh");
	printf("\n_occview_gpus()\n{\n\tlocal -a gpus\n"
	       "\tgpus=(${(f)\"$(_call_program gpus ${words[1]} --list-gpus --format csv "
	       "2>/dev/null |\n\t\t%s | awk 'length($0) && !seen[$0]++')\"})\n"
	       "\t_describe -t gpus 'GPU' gpus\n}\n\n_arguments -s -S \\\n", gpu_awk);
	for (size_t i = 0; i < n; i++) {
		putchar('\t');
		putchar('\'');
		if (f[i].short_name)
			printf("(-%c --%s)'{-%c,--%s}'", f[i].short_name, f[i].name, f[i].short_name,
			       f[i].name);
		else
			printf("%s--%s", strcmp(f[i].name, "gpu-db") == 0 ? "*" : "", f[i].name);
		if (f[i].arg != CLI_ARG_NONE)
			putchar('=');
		putchar('[');
		zsh_text(f[i].help);
		putchar(']');
		switch (f[i].arg) {
		case CLI_ARG_GPU: fputs(":GPU:_occview_gpus", stdout); break;
		case CLI_ARG_WORDS: printf(":%s:(%s)", f[i].name, f[i].words); break;
		case CLI_ARG_FILE: fputs(":file:_files", stdout); break;
		case CLI_ARG_OTHER: printf(":%s: ", f[i].name); break;
		case CLI_ARG_NONE: break;
		}
		fputs("' \\\n", stdout);
	}
	printf("\t'*:input file:_files'\n");
}

int main(int argc, char **argv)
{
	struct cli_flag f[128];
	size_t n = cli_flag_count();

	if (argc != 2 || (strcmp(argv[1], "bash") != 0 && strcmp(argv[1], "zsh") != 0) ||
	    n > sizeof(f) / sizeof(f[0])) {
		fputs("usage: gen_completion bash|zsh\n", stderr);
		return 2;
	}
	if (!all_flags(f, n))
		return 1;
	if (strcmp(argv[1], "bash") == 0)
		bash(f, n);
	else
		zsh(f, n);
	return ferror(stdout) || fflush(stdout) != 0;
}
