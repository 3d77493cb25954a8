/* explorer_state.h - the explorer's state, shared by explorer.c (keys and
 * clicks), chrome.c (parameter bar, tabs, status line) and overlay.c (help,
 * GPU picker, value prompt). Private to ui/. */
#ifndef OCC_EXPLORER_STATE_H
#define OCC_EXPLORER_STATE_H

#include "explorer.h"

#include <sys/types.h>

#include "browser.h"
#include "layout.h"
#include "view.h"
#include "whatif.h"

enum overlay { OVERLAY_NONE, OVERLAY_HELP, OVERLAY_PICKER, OVERLAY_PROMPT, OVERLAY_NOTICE };
enum prompt_purpose { PROMPT_EDIT, PROMPT_SAVE };

#define EXPLORER_MODELS 6
#define EXPLORER_INPUT_MAX 256

struct explorer_record {
	struct launch launch;
	struct gpu gpu;
};

struct explorer {
	const struct gpu_db *db;
	struct explorer_record *records;     /* launches; NULL when a report is loaded */
	size_t n_records, index;             /* index: the record the baseline came from */

	/* A report (has_report): its records, the browser's compact rows, what
	 * the user's flags give every record, and the file's last seen state for
	 * live reload. */
	bool has_report;
	struct report report;
	struct browser browser;
	char path[1024];
	struct gpu given_gpu;
	struct launch given_launch;
	struct report_launch_given given;
	long long seen_mtime_ns;
	long long seen_size;

	struct whatif *whatif;
	struct view view;
	struct layout layout;
	enum pane_id active;                 /* the pane shown when tabbed */
	struct pane panes[PANE_N];
	bool ascii, mouse;
	struct sim_params models[EXPLORER_MODELS];
	int n_models, model;
	char source[256];
	char message[512];                   /* replaces the key hints until the next key */
	char notice[1200];                   /* OVERLAY_NOTICE's text */
	bool message_is_error;
	struct rect field_rect[WHATIF_N_FIELDS];  /* where each parameter was drawn */
	struct rect tab_rect[PANE_N];

	enum overlay overlay;
	int help_scroll;
	enum prompt_purpose prompt_purpose;
	enum whatif_field prompt_field;
	char input[EXPLORER_INPUT_MAX];      /* prompt text or picker filter, UTF-8 */
	size_t *picker_items;                /* device indices matching the filter */
	size_t n_picker_items;
	int picker_selected, picker_scroll;
};

/* chrome.c */
void chrome_draw_params(struct explorer *e, struct canvas *c, struct rect r);
void chrome_draw_tabs(struct explorer *e, struct canvas *c, struct rect r);
void chrome_draw_status(struct explorer *e, struct canvas *c, struct rect r);
void chrome_draw_too_small(struct canvas *c);

/* overlay.c */
void overlay_open_picker(struct explorer *e);
void overlay_open_prompt(struct explorer *e, enum prompt_purpose purpose, enum whatif_field f);
enum reaction overlay_key(struct explorer *e, int key);
void overlay_draw(struct explorer *e, struct canvas *c);

/* explorer.c: recomputes the view after the launch changed. */
void explorer_refresh(struct explorer *e);
void explorer_say(struct explorer *e, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
