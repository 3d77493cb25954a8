/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* output_sarif.c - the regression gate as SARIF 2.1.0 (OASIS Static
 * Analysis Results Interchange Format), the log code-scanning services
 * (GitHub code scanning, GitLab, Azure DevOps) read: one run, occview as
 * its tool with a rule per --fail-on condition, one result per condition a
 * kernel got worse in. */
#include "config.h"

#include "output_diff.h"

#include <string.h>

#include "jsonw.h"
#include "strutil.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

static const char *const rule_text[DIFF_N_FAILS] = {
	"A kernel's theoretical occupancy fell.",
	"A kernel fits fewer blocks (workgroups) per SM (CU).",
	"A kernel spills more registers or uses more scratch memory.",
	"A kernel uses more registers (VGPRs or AGPRs).",
};

static void text_object(struct jsonw *w, const char *key, const char *text)
{
	jsonw_key(w, key);
	jsonw_object(w);
	jsonw_key(w, "text");
	jsonw_string(w, text);
	jsonw_end(w);
}

static void rule(struct jsonw *w, const char *id, const char *text)
{
	jsonw_object(w);
	jsonw_key(w, "id");
	jsonw_string(w, id);
	text_object(w, "shortDescription", text);
	jsonw_end(w);
}

static void result(struct jsonw *w, const char *rule_id, const char *level, const char *message,
		   const char *uri, const char *kernel, const char *arch)
{
	char qualified[700];

	snprintf(qualified, sizeof(qualified), "%s [%s]", kernel, arch);
	jsonw_object(w);
	jsonw_key(w, "ruleId");
	jsonw_string(w, rule_id);
	jsonw_key(w, "level");
	jsonw_string(w, level);
	text_object(w, "message", message);
	jsonw_key(w, "locations");
	jsonw_array(w);
	jsonw_object(w);
	jsonw_key(w, "physicalLocation");
	jsonw_object(w);
	jsonw_key(w, "artifactLocation");
	jsonw_object(w);
	jsonw_key(w, "uri");
	jsonw_string(w, uri);
	jsonw_end(w);
	jsonw_end(w);
	jsonw_key(w, "logicalLocations");
	jsonw_array(w);
	jsonw_object(w);
	jsonw_key(w, "name");
	jsonw_string(w, kernel);
	jsonw_key(w, "fullyQualifiedName");
	jsonw_string(w, qualified);
	jsonw_key(w, "kind");
	jsonw_string(w, "function");
	jsonw_end(w);
	jsonw_end(w);
	jsonw_end(w);
	jsonw_end(w);
	jsonw_end(w);
}

/* The message of condition i for kernel k, with its figures. */
static void message(const struct diff_kernel *k, int i, const char *name, char *out,
		    size_t size)
{
	const struct diff_side *o = &k->old, *n = &k->new;

	switch (1u << i) {
	case DIFF_FAIL_OCCUPANCY:
		snprintf(out, size, "%s [%s]: theoretical occupancy %.2f%% -> %.2f%%", name, k->arch,
			 o->occupancy_pct, n->occupancy_pct);
		break;
	case DIFF_FAIL_BLOCKS:
		snprintf(out, size, "%s [%s]: %s per %s %d -> %d", name, k->arch, n->blocks_word,
			 n->unit, o->blocks_per_sm, n->blocks_per_sm);
		break;
	case DIFF_FAIL_SPILLS:
		snprintf(out, size, "%s [%s]: spilled registers %lld -> %lld, scratch %lld -> %lld "
			 "bytes", name, k->arch, (long long)o->spills.value,
			 (long long)n->spills.value, (long long)o->scratch_bytes.value,
			 (long long)n->scratch_bytes.value);
		break;
	default:
		snprintf(out, size, "%s [%s]: %s %lld -> %lld", name, k->arch, n->registers_word,
			 (long long)o->registers, (long long)n->registers);
		break;
	}
	if (n->regs_to_lose > 0) {
		size_t len = strlen(out);

		snprintf(out + len, size - len, "; %d more %s %s another of its %s",
			 n->regs_to_lose, n->regs_to_lose == 1 ? n->register_word : n->registers_word,
			 n->regs_to_lose == 1 ? "loses" : "lose", n->blocks_word);
	}
}

bool output_diff_sarif(FILE *out, const struct diff_result *d,
		       const struct output_diff_files *f)
{
	struct jsonw w;
	char uri[1024];

	str_sanitize(f->new_file, uri, sizeof(uri));
	jsonw_init(&w, out, 0);
	jsonw_object(&w);
	jsonw_key(&w, "$schema");
	jsonw_string(&w, SARIF_SCHEMA);
	jsonw_key(&w, "version");
	jsonw_string(&w, "2.1.0");
	jsonw_key(&w, "runs");
	jsonw_array(&w);
	jsonw_object(&w);
	jsonw_key(&w, "tool");
	jsonw_object(&w);
	jsonw_key(&w, "driver");
	jsonw_object(&w);
	jsonw_key(&w, "name");
	jsonw_string(&w, PACKAGE_NAME);
	jsonw_key(&w, "version");
	jsonw_string(&w, PACKAGE_VERSION);
	jsonw_key(&w, "rules");
	jsonw_array(&w);
	for (int i = 0; i < DIFF_N_FAILS; i++)
		rule(&w, diff_fail_name(i), rule_text[i]);
	rule(&w, "analysis", "A kernel could not be analysed, so the gate cannot judge it.");
	jsonw_end(&w);
	jsonw_end(&w);
	jsonw_end(&w);
	jsonw_key(&w, "results");
	jsonw_array(&w);
	for (size_t j = 0; j < d->n; j++) {
		const struct diff_kernel *k = &d->kernels[j];
		char name[512], msg[1024];

		str_sanitize(k->name, name, sizeof(name));
		if (k->status == DIFF_ERROR) {
			const struct diff_side *s = k->old.present && !k->old.ok ? &k->old : &k->new;
			char why[300];

			str_sanitize(s->why, why, sizeof(why));
			snprintf(msg, sizeof(msg), "%.500s [%s] could not be analysed: %s", name,
				 k->arch, why);
			result(&w, "analysis", "error", msg, uri, name, k->arch);
			continue;
		}
		for (int i = 0; i < DIFF_N_FAILS; i++) {
			if (!(k->worse & (1u << i)))
				continue;
			message(k, i, name, msg, sizeof(msg));
			result(&w, diff_fail_name(i), k->failed & (1u << i) ? "error" : "warning", msg,
			       uri, name, k->arch);
		}
	}
	jsonw_end(&w);
	jsonw_end(&w);
	jsonw_end(&w);
	jsonw_end(&w);
	if (!jsonw_flush(&w))
		return false;
	fputc('\n', out);
	return !ferror(out);
}
