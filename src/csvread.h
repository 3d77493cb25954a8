/* csvread.h - a whole CSV text parsed by libcsv into rows of trimmed fields,
 * each row knowing the line it started on. Rows that are entirely empty are dropped. */
#ifndef OCC_CSVREAD_H
#define OCC_CSVREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"

struct csv_row {
	long line;
	size_t n;
	char **fields;
};

struct csv_rows {
	size_t n;
	struct csv_row *rows;
};

/* name is used in messages. A UTF-8 BOM is skipped; CRLF is accepted. */
bool csvread_parse(const char *name, const char *text, size_t len, struct csv_rows *out,
		   struct occ_error *err);
void csvread_free(struct csv_rows *rows);
/* Index of the column named `name` (case-insensitive) in a header row, or -1. */
int csvread_column(const struct csv_row *header, const char *name);
/* Field i of a row, or "" when the row is shorter (ragged rows). */
const char *csvread_field(const struct csv_row *row, int i);

/* A row of a table read by column name, with what an error names: the file,
 * the row's line and the column (the GPU database readers). */
struct csv_cell {
	const char *file;
	const struct csv_row *header;
	const struct csv_row *row;
	struct occ_error *err;
};

const char *csvread_named(const struct csv_cell *c, const char *col);
/* A whole number in [min, max]; empty is 0 when optional. */
bool csvread_int(const struct csv_cell *c, const char *col, int64_t min, int64_t max,
		 bool optional, int64_t *out);
/* The text, which must fit size (and be there when required). */
bool csvread_text(const struct csv_cell *c, const char *col, char *out, size_t size,
		  bool required);

#endif
