/* jsonw.c - the streaming JSON writer (jsonw.h): jansson's layout and
 * number and string forms, written straight to the stream. */
#include "config.h"

#include "jsonw.h"

#include <inttypes.h>
#include <string.h>

void jsonw_init(struct jsonw *w, FILE *out, int base)
{
	memset(w, 0, sizeof(*w));
	w->out = out;
	w->base = base;
}

static void newline(struct jsonw *w, int depth)
{
	fputc('\n', w->out);
	for (int i = 0; i < w->base + 2 * depth; i++)
		fputc(' ', w->out);
}

/* Before a value: after a key nothing; in an array the separator and the
 * new line jansson puts before every item. */
static void before_value(struct jsonw *w)
{
	if (w->after_key) {
		w->after_key = false;
		return;
	}
	if (w->depth == 0)
		return;
	if (!w->empty[w->depth - 1])
		fputc(',', w->out);
	w->empty[w->depth - 1] = false;
	newline(w, w->depth);
}

static void open(struct jsonw *w, char c)
{
	before_value(w);
	fputc(c, w->out);
	if (w->depth < JSONW_MAX_DEPTH) {
		w->empty[w->depth] = true;
		w->closer[w->depth] = c == '{' ? '}' : ']';
	}
	w->depth++;
}

void jsonw_object(struct jsonw *w)
{
	open(w, '{');
}

void jsonw_array(struct jsonw *w)
{
	open(w, '[');
}

void jsonw_end(struct jsonw *w)
{
	if (w->depth == 0)
		return;
	w->depth--;
	if (w->depth >= JSONW_MAX_DEPTH)
		return;
	if (!w->empty[w->depth])
		newline(w, w->depth);
	fputc(w->closer[w->depth], w->out);
}

/* jansson's escaping: the two JSON must-escapes, the short forms of
 * \b \f \n \r \t, \u00XX for the other controls; UTF-8 as it is. */
static void string(struct jsonw *w, const char *s)
{
	const char *run = s;

	fputc('"', w->out);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		const char *esc = NULL;
		char buf[8];

		switch (ch) {
		case '"': esc = "\\\""; break;
		case '\\': esc = "\\\\"; break;
		case '\b': esc = "\\b"; break;
		case '\f': esc = "\\f"; break;
		case '\n': esc = "\\n"; break;
		case '\r': esc = "\\r"; break;
		case '\t': esc = "\\t"; break;
		default:
			if (ch < 0x20) {
				snprintf(buf, sizeof(buf), "\\u%04X", ch);
				esc = buf;
			}
			break;
		}
		if (!esc)
			continue;
		fwrite(run, 1, (size_t)(s - run), w->out);
		fputs(esc, w->out);
		run = s + 1;
	}
	fwrite(run, 1, (size_t)(s - run), w->out);
	fputc('"', w->out);
}

void jsonw_key(struct jsonw *w, const char *key)
{
	before_value(w);
	string(w, key);
	fputs(": ", w->out);
	w->after_key = true;
}

void jsonw_string(struct jsonw *w, const char *s)
{
	before_value(w);
	string(w, s);
}

void jsonw_int(struct jsonw *w, int64_t v)
{
	before_value(w);
	fprintf(w->out, "%" PRId64, v);
}

/* As jansson's jsonp_dtostr with precision 10: %.10g, ".0" where that
 * reads as an integer, no '+' or leading zeros in the exponent. */
void jsonw_real(struct jsonw *w, double v)
{
	char buf[64], *e;
	int n;

	before_value(w);
	n = snprintf(buf, sizeof(buf), "%.10g", v);
	if (n < 0 || (size_t)n >= sizeof(buf) - 3) {
		fputs("null", w->out);
		return;
	}
	if (!strchr(buf, '.') && !strchr(buf, 'e')) {
		strcpy(buf + n, ".0");
		n += 2;
	}
	e = strchr(buf, 'e');
	if (e) {
		char *start = e + 1, *end = start + 1;

		if (*start == '-')
			start++;
		while (*end == '0')
			end++;
		if (end != start)
			memmove(start, end, (size_t)n - (size_t)(end - buf) + 1);
	}
	fputs(buf, w->out);
}

void jsonw_bool(struct jsonw *w, bool v)
{
	before_value(w);
	fputs(v ? "true" : "false", w->out);
}

void jsonw_null(struct jsonw *w)
{
	before_value(w);
	fputs("null", w->out);
}
