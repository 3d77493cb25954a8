/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* whatif.h - the what-if state: the baseline launch as loaded, the current
 * launch as the user changed it, the focused parameter, undo and redo, and
 * saving to a launch file. Curses-free and unit-tested. */
#ifndef OCC_WHATIF_H
#define OCC_WHATIF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "gpu.h"
#include "launch.h"
#include "params.h"

/* The fields are the launch parameters of params.h below PARAM_WHATIF_N, in
 * its order; their steps, ranges and names are its table's. */

#define WHATIF_HISTORY 128

struct whatif_state {
	struct launch launch;
	struct gpu gpu;
	bool base_gpu;                /* gpu is the baseline's, as the record was loaded */
	/* PARAM_BIT of the fields the user typed, clicked or stepped, even to
	 * the value shown: a value a record lacks is displayed as a default
	 * (0 B of shared memory), and typing that same value gives it. */
	unsigned given;
};

/* One state of the history, derived again when undo or redo brings it
 * back: the launch, and its GPU by name: the baseline's own (which may
 * carry what the record measured) or the database's device of that name. */
struct whatif_entry {
	struct launch launch;
	char gpu[GPU_NAME_MAX];
	bool base_gpu, stand_in;
	unsigned given;
};

struct whatif {
	const struct gpu_db *db;
	struct whatif_state base;     /* the loaded launch */
	struct whatif_state cur;      /* what the panes show */
	enum launch_param focus;
	struct whatif_entry undo[WHATIF_HISTORY];  /* oldest first; the oldest drops out when full */
	int n_undo;
	struct whatif_entry redo[WHATIF_HISTORY];
	int n_redo;
};

/* NULL when out of memory. The current launch starts equal to the baseline. */
struct whatif *whatif_new(const struct gpu_db *db, const struct launch *base,
			  const struct gpu *gpu);
void whatif_free(struct whatif *w);
/* Makes l on gpu the new baseline and current launch; clears the history. */
void whatif_rebase(struct whatif *w, const struct launch *l, const struct gpu *gpu);

/* Steps field f by one unit (big: a large step) up (dir > 0) or down. Values
 * stay inside what launch_check accepts on the current GPU; a step that cannot
 * move returns false and changes nothing. Steps on block and grid keep their
 * total and make them one-dimensional. */
bool whatif_step(struct whatif *w, enum launch_param f, int dir, bool big);
/* Sets f from text as the command line would read it ("16x16", "48K",
 * "default", a GPU name). False with err set (no file, field named) on a bad
 * value; nothing changes then. */
bool whatif_set_text(struct whatif *w, enum launch_param f, const char *text,
		     struct occ_error *err);
/* Sets a numeric field (a click on a chart); false if the value is not valid. */
bool whatif_set_value(struct whatif *w, enum launch_param f, int64_t value);
/* gpu: a device of the what-if's database (gpu_db_find, gpu_db_device_at),
 * or the baseline's; false for any other, since the history keeps GPUs by
 * name. */
bool whatif_set_gpu(struct whatif *w, const struct gpu *gpu);

/* Makes l the current launch, one undoable change (a recovered or saved
 * launch file's): its GPU is the baseline's when l names none or the
 * baseline's name, else the database's device of that exact name; false,
 * nothing changed, when there is no such device. Not checked, as a GPU
 * switch is not: the explorer shows why a launch does not fit. */
bool whatif_set_launch(struct whatif *w, const struct launch *l);

bool whatif_undo(struct whatif *w);
bool whatif_redo(struct whatif *w);
/* Back to the baseline, as one undoable change; false if already there. */
bool whatif_reset(struct whatif *w);

/* True when field f of the current launch differs from the baseline. */
bool whatif_changed(const struct whatif *w, enum launch_param f);
/* The fields of the current launch the user gave (PARAM_BIT), changed or
 * not: the overrides, with those that differ from the baseline. */
unsigned whatif_given(const struct whatif *w);
/* True when any field of the current launch (or its GPU) differs from the
 * baseline: what a dropped session has to save. */
bool whatif_any_changed(const struct whatif *w);
/* The field's value as shown on screen ("256", "16x16x1", "48 KiB", "default",
 * the GPU's name), from the current launch or the baseline. */
void whatif_format(const struct whatif *w, enum launch_param f, bool base, char *buf,
		   size_t size);
/* The field's label in the current GPU's vendor's words: "workgroup",
 * "VGPRs", "LDS", "dynamic LDS" on AMD (param_label). */
const char *whatif_label(const struct whatif *w, enum launch_param f);
/* Whether f is a parameter of the current GPU's vendor: carveout and barriers
 * are NVIDIA's, wave size, AGPRs and SGPRs AMD's. The others keep their value
 * across a switch of vendor. */
bool whatif_applies(const struct whatif *w, enum launch_param f);

/* Writes the current launch as a launch file (occview-formats(5)) through a
 * temporary file in the same directory and rename(2), so a crash never leaves
 * half a file. False with err (file named) on failure. */
bool whatif_save(const struct whatif *w, const char *path, struct occ_error *err);
/* The same, followed by each named scenario of sc (NULL: none) as a
 * "[scenario NAME]" section holding a whole launch (occview-formats(5)). */
struct scenarios;
bool whatif_save_scenarios(const struct whatif *w, const struct scenarios *sc, const char *path,
			   struct occ_error *err);
/* Where recovery files go: $XDG_STATE_HOME/occview, or
 * ~/.local/state/occview. False when neither variable is set. */
bool whatif_recovery_dir(char *buf, size_t size);
/* This session's recovery file in that directory:
 * recovery-YYYYMMDDTHHMMSS-PID.occ (local time of the first call), so two
 * dropped sessions never write one file. */
bool whatif_recovery_path(char *buf, size_t size);
/* The newest recovery file (by modification time) in buf, and how many
 * there are; 0 when none. */
int whatif_recovery_newest(char *buf, size_t size);
/* Whether path names a recovery file in the recovery directory. */
bool whatif_is_recovery_file(const char *path);
/* How many recovery files a save keeps, the newest. */
#define WHATIF_RECOVERY_KEPT 8
/* Saves the current launch to this session's recovery file, creating its
 * directory, and removes all but the newest WHATIF_RECOVERY_KEPT. */
bool whatif_save_recovery(const struct whatif *w, char *path, size_t size,
			  struct occ_error *err);

#endif
