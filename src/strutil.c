/* strutil.c - small string and file helpers shared by the readers and writers. */
#include "config.h"

#include "strutil.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool str_copy(char *dst, size_t size, const char *src)
{
	int n = snprintf(dst, size, "%s", src ? src : "");
	return n >= 0 && (size_t)n < size;
}

char *str_trim(char *s)
{
	size_t n = strlen(s);
	size_t i = 0;

	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	while (isspace((unsigned char)s[i]))
		i++;
	if (i > 0)
		memmove(s, s + i, n - i + 1);
	return s;
}

bool str_ieq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return false;
	return *a == *b;
}

int str_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	int *row;
	int result;

	if (la > 256)
		la = 256;
	if (lb > 256)
		lb = 256;
	row = malloc((lb + 1) * sizeof(*row));
	if (!row)
		return (int)(la > lb ? la : lb);
	for (size_t j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int diag = row[0];
		row[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int up = row[j];
			int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
			int best = diag + cost;
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	result = row[lb];
	free(row);
	return result;
}

/* Length of the valid UTF-8 sequence at s (at most n bytes), 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len;
	unsigned min;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if ((s[0] & 0xE0) == 0xC0) {
		len = 2; min = 0x80; cp = s[0] & 0x1F;
	} else if ((s[0] & 0xF0) == 0xE0) {
		len = 3; min = 0x800; cp = s[0] & 0x0F;
	} else if ((s[0] & 0xF8) == 0xF0) {
		len = 4; min = 0x10000; cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3F);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	/* C1 controls are as dangerous to a terminal as C0 ones. */
	if (cp >= 0x80 && cp < 0xA0)
		return 0;
	return len;
}

void str_sanitize(const char *in, char *out, size_t size)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t n = strlen(in);
	size_t o = 0;

	if (size == 0)
		return;
	for (size_t i = 0; i < n;) {
		size_t len = utf8_len(s + i, n - i);
		if (len == 0 || s[i] < 0x20 || s[i] == 0x7F) {
			if (o + 4 >= size)
				break;
			snprintf(out + o, size - o, "\\x%02X", s[i]);
			o += 4;
			i++;
			continue;
		}
		if (o + len >= size)
			break;
		memcpy(out + o, s + i, len);
		o += len;
		i += len;
	}
	out[o] = '\0';
}

/* True when none of the 8 bytes at s is 0 or >= 0x80: plain ASCII text. */
static bool ascii8(const unsigned char *s)
{
	uint64_t w;

	memcpy(&w, s, sizeof(w));
	/* A byte is 0 iff (b - 1) & ~b has its top bit set (no borrow can come
	 * in from a lower byte unless that byte is 0, which fails anyway). */
	return ((w | ((w - 0x0101010101010101ull) & ~w)) & 0x8080808080808080ull) == 0;
}

bool str_is_binary(const char *text, size_t len, long *at)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0;

	/* Linear and cheap: runs of ASCII eight bytes at a time, lines counted
	 * only when there is something to report. */
	while (i < len) {
		size_t l = 1;

		if (len - i >= 8 && ascii8(s + i)) {
			i += 8;
			continue;
		}
		if (s[i] >= 0x80) {
			l = utf8_len(s + i, len - i);
			/* C1 code points in otherwise valid UTF-8 are rare, but text. */
			if (l == 0 && len - i >= 2 && s[i] == 0xC2 && s[i + 1] >= 0x80 && s[i + 1] < 0xA0)
				l = 2;
		}
		if (s[i] == 0 || l == 0) {
			if (at) {
				long line = 1;

				for (const unsigned char *p = s;
				     (p = memchr(p, '\n', (size_t)(s + i - p))) != NULL; p++)
					line++;
				*at = line;
			}
			return true;
		}
		i += l;
	}
	return false;
}

char *str_read_file(const char *path, size_t max_bytes, size_t *len, struct occ_error *err)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0;

	if (!f) {
		occ_error_set(err, OCC_ENOINPUT, path, 0, NULL, "cannot open: %s", strerror(errno));
		return NULL;
	}
	for (;;) {
		if (n + 4096 + 1 > cap) {
			size_t ncap = cap ? cap * 2 : 65536;
			char *nb = realloc(buf, ncap);
			if (!nb) {
				occ_error_set(err, OCC_EDATA, path, 0, NULL, "out of memory");
				goto fail;
			}
			buf = nb;
			cap = ncap;
		}
		size_t got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (n > max_bytes) {
			occ_error_set(err, OCC_EDATA, path, 0, NULL, "file larger than %zu bytes", max_bytes);
			goto fail;
		}
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		occ_error_set(err, OCC_ENOINPUT, path, 0, NULL, "cannot read: %s", strerror(errno));
		goto fail;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
fail:
	fclose(f);
	free(buf);
	return NULL;
}
