/* strutil.h - small string and file helpers shared by the readers and writers. */
#ifndef OCC_STRUTIL_H
#define OCC_STRUTIL_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"

/* snprintf into a fixed buffer, always terminated; returns false if cut. */
bool str_copy(char *dst, size_t size, const char *src);
/* Trims ASCII white space in place; returns s. */
char *str_trim(char *s);
bool str_ieq(const char *a, const char *b);
/* Edit distance ignoring ASCII case, for "did you mean" lists. */
int str_distance(const char *a, const char *b);
/* Copies text for display: control characters and bytes that are not UTF-8
 * become \xNN escapes. Output is cut at a character boundary. */
void str_sanitize(const char *in, char *out, size_t size);
/* True when the bytes hold a NUL or are not UTF-8: binary input. *at (if not
 * NULL) gets the 1-based line of the first such byte. */
bool str_is_binary(const char *text, size_t len, long *at);
/* Reads a whole file (at most max_bytes) into a NUL-terminated heap buffer. */
char *str_read_file(const char *path, size_t max_bytes, size_t *len, struct occ_error *err);

#endif
