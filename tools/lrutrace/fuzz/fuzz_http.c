// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target: the request parser of lrutrace --listen.  listen.c is
 * included so its static handle_request() is reached exactly as the serve
 * loop calls it: the bytes received so far in a client's buffer, bounded
 * and NUL-terminated the same way.  The client has no socket (fd -1), so
 * respond() writes nowhere.  Inputs are split at 0xff bytes into
 * successive recv()s, as a slow client would send them.
 */
#include "../listen.c"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static struct client c;
	static const char body[] = "lrutrace_up 1\n";
	size_t i = 0;

	c.fd = -1;
	c.len = 0;
	while (i < size && c.fd == -1) {
		size_t n = 0;

		while (i + n < size && data[i + n] != 0xff)
			n++;
		if (n > MAX_REQUEST - 1 - c.len)
			n = MAX_REQUEST - 1 - c.len;
		memcpy(c.buf + c.len, data + i, n);
		c.len += n;
		c.buf[c.len] = '\0';
		i += n + 1;
		if (c.len >= MAX_REQUEST - 1)
			break;		/* 413, as the serve loop answers */
		handle_request(&c, body, sizeof(body) - 1);
		if (c.len == 0)
			break;		/* answered: the client was dropped */
	}
	return 0;
}
