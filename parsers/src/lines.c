// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The line core every parser reads through: split a sample into lines,
 * split a line into key, number and tail, and parse numbers strictly.
 * Strict because the parsers we replace turn garbage into 0 and wrap on
 * overflow; here either one is an error that names the line.
 */
#include <string.h>

#include "internal.h"

bool mm_is_blank(char c)
{
	return c == ' ' || c == '\t';
}

char *mm_skip_blanks(char *p)
{
	while (mm_is_blank(*p))
		p++;
	return p;
}

/*
 * Captures made with dd or from a sysfs attribute can end in NUL padding:
 * drop it.  A NUL with text after it is damage, not padding.
 */
static int mm_trim_nuls(struct mm_file *f)
{
	char *nul = memchr(f->buf, '\0', f->len), *q;
	unsigned line = 1;

	if (!nul)
		return 0;
	for (q = nul; q < f->buf + f->len; q++)
		if (*q)
			break;
	if (q == f->buf + f->len) {
		f->len = (size_t)(nul - f->buf);
		return 0;
	}
	for (q = f->buf; q < nul; q++)
		line += *q == '\n';
	return mm_fail(f, line, "NUL byte inside the text");
}

static unsigned count_lines(const char *p, const char *end)
{
	unsigned n = 0;

	while ((p = memchr(p, '\n', (size_t)(end - p))))
		n++, p++;
	return n;
}

int mm_cursor_init(struct mm_cursor *c, struct mm_file *f)
{
	if (mm_trim_nuls(f))
		return -1;
	/*
	 * The kernel ends every line with a newline, so text after the last
	 * one is a cut-off capture: "MemTotal: 1234" of "MemTotal: 12345 kB"
	 * would otherwise parse as a smaller number.
	 */
	if (f->len && f->buf[f->len - 1] != '\n')
		return mm_fail(f, count_lines(f->buf, f->buf + f->len) + 1,
			       "file ends in the middle of a line (truncated?)");
	if (!f->len)
		return mm_fail(f, 0, "empty file");
	c->p = f->buf;
	c->end = f->buf + f->len;
	c->lineno = 0;
	return 0;
}

bool mm_next_line(struct mm_cursor *c, char **line, size_t *len)
{
	while (c->p < c->end) {
		char *start = c->p;
		char *nl = memchr(start, '\n', (size_t)(c->end - start));
		char *stop = nl ? nl : c->end;

		c->p = nl ? nl + 1 : c->end;
		c->lineno++;
		c->indent = (unsigned)(mm_skip_blanks(start) - start);
		start += c->indent;
		/* CRLF captures (files copied through Windows tools). */
		while (stop > start && (mm_is_blank(stop[-1]) || stop[-1] == '\r'))
			stop--;
		if (stop == start)
			continue;
		*stop = '\0';
		*line = start;
		*len = (size_t)(stop - start);
		return true;
	}
	return false;
}

int mm_each_line(struct mm_file *f, mm_line_fn fn, void *ctx)
{
	struct mm_cursor c;
	char *text;
	size_t len;

	if (mm_cursor_init(&c, f))
		return -1;
	while (mm_next_line(&c, &text, &len))
		if (fn(ctx, c.lineno, text, c.indent))
			return -1;
	return 0;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

const char *mm_parse_u64(char **pp, uint64_t *out)
{
	char *p = *pp;
	uint64_t v = 0;

	if (*p == '-')
		return "negative value";
	if (!is_digit(*p))
		return "expected a decimal number";
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		return "hexadecimal value (the kernel prints decimal)";
	for (; is_digit(*p); p++)
		if (__builtin_mul_overflow(v, 10, &v) ||
		    __builtin_add_overflow(v, (uint64_t)(*p - '0'), &v))
			return "value does not fit in 64 bits";
	*pp = p;
	*out = v;
	return NULL;
}

const char *mm_parse_centi(char **pp, uint64_t *out)
{
	uint64_t whole, frac;
	char *p = *pp, *fp;
	const char *why = mm_parse_u64(&p, &whole);

	if (why)
		return why;
	if (*p != '.')
		return "expected a number with two decimals";
	fp = ++p;
	if (!is_digit(p[0]) || !is_digit(p[1]) || is_digit(p[2]))
		return "expected a number with two decimals";
	why = mm_parse_u64(&p, &frac);
	if (why)
		return why;
	if (whole > (UINT64_MAX - frac) / 100)
		return "value does not fit in 64 bits";
	*out = whole * 100 + frac;
	*pp = fp + 2;
	return NULL;
}

/* A number must end at a blank or at the end of the line: "12kB" is not 12. */
static const char *mm_end_of_number(const char *p)
{
	return (*p && !mm_is_blank(*p)) ? "unexpected text right after the number" : NULL;
}

/*
 * The key ends at the first blank or ':'.  "Key:" or "Key  :" is the colon
 * form (meminfo, also "ShadowCallStack:12345678 kB"); otherwise the word
 * form "key value" (vmstat), where a ':' later in the line ("scanned 0
 * (a: 17 i: 17)" of 2.6.18 zoneinfo) belongs to the tail.
 */
const char *mm_split_field(char *line, struct mm_field *f)
{
	char *end = line, *p;
	const char *why;

	while (*end && *end != ':' && !mm_is_blank(*end))
		end++;
	f->name = NULL;
	p = mm_skip_blanks(end);
	f->had_colon = *p == ':';
	if (end == line)
		return "empty key";
	if (f->had_colon)
		p = mm_skip_blanks(p + 1);
	*end = '\0';
	f->name = line;
	f->name_len = (size_t)(end - line);
	if (!*p)
		return "no value after the key";
	why = mm_parse_u64(&p, &f->value);
	if (!why)
		why = mm_end_of_number(p);
	if (why)
		return why;
	f->tail = mm_skip_blanks(p);
	return NULL;
}

int mm_fail_field(struct mm_file *file, unsigned line,
		  const struct mm_field *f, const char *why)
{
	if (f->name)
		return mm_fail(file, line, "%s: %s", f->name, why);
	return mm_fail(file, line, "%s", why);
}

const char *mm_next_assign(char **pp, char **name, uint64_t *value,
			   bool *centi)
{
	char *p = mm_skip_blanks(*pp), *eq, *num;
	const char *why;

	*name = NULL;
	if (!*p)
		return NULL;
	for (eq = p; *eq && *eq != '=' && !mm_is_blank(*eq); eq++)
		;
	if (*eq != '=' || eq == p)
		return "expected name=value";
	*eq = '\0';
	*name = p;
	num = p = eq + 1;
	why = mm_parse_u64(&p, value);
	*centi = !why && *p == '.';
	if (*centi) {	/* PSI's "avg10=1.25" */
		p = num;
		why = mm_parse_centi(&p, value);
	}
	if (!why)
		why = mm_end_of_number(p);
	if (why)
		return why;
	if (*p)
		*p++ = '\0';	/* terminate the value's word for the next call */
	*pp = p;
	return NULL;
}
