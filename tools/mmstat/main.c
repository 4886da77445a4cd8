// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmstat: print the kernel's memory statistics files for scripts.
 * The sampling loop; the command line is args.c's.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "sl_cli.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sleep_for(double seconds)
{
	struct timespec ts = { (time_t)seconds,
		(long)((seconds - (double)(time_t)seconds) * 1e9) };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* The selected rows of a sample as a table, for mmstat_delta. */
static struct mmstat_table selected(const struct sample *s, const size_t *sel,
				    size_t nsel, struct mmstat_entry *buf)
{
	for (size_t k = 0; k < nsel; k++)
		buf[k] = s->ent[sel[k]];
	return (struct mmstat_table){ .entries = buf, .count = nsel };
}

/*
 * Bytes of a transparent huge page, for vmstat's nr_*_hugepages and
 * nr_*_pmdmapped: the capture's (or this machine's) hpage_pmd_size, else
 * what a PMD maps with --page-size pages: page_size / 8 of them (512 x
 * 4 KiB = 2 MiB on x86-64, 2048 x 16 KiB = 32 MiB on arm64).
 */
static uint64_t hugepage_size(const struct opts *o)
{
	char path[4200], text[32];
	unsigned long long size = 0;
	struct stat st;
	ssize_t n = -1;
	int fd;

	snprintf(path, sizeof(path), "%s/sys/kernel/mm/transparent_hugepage/hpage_pmd_size",
		 o->root ? o->root : "");
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd >= 0) {		/* a regular file only, as libmmstat reads */
		if (!fstat(fd, &st) && S_ISREG(st.st_mode))
			n = read(fd, text, sizeof(text) - 1);
		close(fd);
	}
	if (n > 0) {
		text[n] = '\0';
		size = strtoull(text, NULL, 10);
	}
	if (!size && o->page_size <= UINT32_MAX)
		size = (unsigned long long)(o->page_size * (o->page_size / 8));
	return size ? size : 1;
}

/*
 * Everything a sample prints goes to a memory stream first and reaches
 * stdout only when the whole of it was formatted: a unit overflow on the
 * second key must not leave the first on stdout for an eval to use.
 */
static int out_begin(struct opts *o, char **buf, size_t *len)
{
	o->out = open_memstream(buf, len);
	if (!o->out) {
		fprintf(stderr, "mmstat: out of memory\n");
		return EXIT_IO;
	}
	return EXIT_OK;
}

/*
 * Writes the stream's text to the sink when ret is EXIT_OK.  On stdout, as
 * every splitlru tool does (sl_cli.h): a reader that has left ("| head")
 * ends the run quietly (o->done, status 0); a failed write is an error,
 * said once ("mmstat: stdout: reason"), status 1.
 */
static int out_end(struct opts *o, char **buf, size_t *len, int ret)
{
	int flushed;

	if (fclose(o->out) && ret == EXIT_OK) {
		fprintf(stderr, "mmstat: out of memory\n");
		ret = EXIT_IO;
	}
	o->out = NULL;
	if (ret == EXIT_OK && o->sink == stdout) {
		if (*len && !sl_stdout_gone())
			fwrite(*buf, 1, *len, stdout);
		flushed = sl_stdout_flush();
		if (flushed < 0)
			ret = EXIT_IO;
		o->done = flushed > 0;
	} else if (ret == EXIT_OK &&
		   ((*len && fwrite(*buf, 1, *len, o->sink) != *len) || fflush(o->sink))) {
		fprintf(stderr, "mmstat: write error: %m\n");
		ret = EXIT_IO;
	}
	free(*buf);
	*buf = NULL;
	return ret;
}

static int run_rates(struct opts *o, struct source *src, struct sample *s)
{
	struct sample prev = { 0 };
	struct mmstat_entry *b = NULL;
	struct mmstat_rate *rates = NULL;
	size_t *sel = NULL, nsel = 0, len;
	double t0 = now(), t1;
	char *buf = NULL;
	int ret = EXIT_OK;

	for (long seq = 1; ret == EXIT_OK && !o->done && (o->count < 0 || seq <= o->count);
	     seq++) {
		struct sample tmp = prev;
		struct mmstat_table before, after;

		prev = *s, *s = tmp;	/* the last sample becomes "before" */
		if (o->between)
			o->between(o->between_arg, seq);
		else
			sleep_for(o->interval);
		ret = source_sample(src, s);
		t1 = now();
		free(sel);
		sel = NULL;
		if (ret == EXIT_OK)
			ret = select_rows(o, s, &sel, &nsel);
		if (ret != EXIT_OK)
			break;
		b = realloc(b, (nsel + 1) * sizeof(*b));
		rates = realloc(rates, (nsel + 1) * sizeof(*rates));
		if (!b || !rates)
			abort();
		before = (struct mmstat_table){ .entries = prev.ent, .count = prev.n };
		after = selected(s, sel, nsel, b);
		ret = out_begin(o, &buf, &len);
		if (ret == EXIT_OK)
			ret = out_end(o, &buf, &len,
				      print_rates(o, rates, mmstat_delta(&before, &after, t1 - t0,
									 rates, nsel), seq));
		t0 = t1;
	}
	free(b), free(rates), free(sel);
	sample_free(&prev);
	return ret;
}

int mmstat_run(struct opts *o)
{
	struct sample s = { 0 };
	struct source *src;
	size_t *sel = NULL, nsel = 0, len;
	char *buf = NULL;
	int ret;

	if (!o->sink)
		o->sink = stdout;
	if (!o->page_size)
		o->page_size = (uint64_t)sysconf(_SC_PAGESIZE);
	o->hugepage_size = hugepage_size(o);
	src = source_open(o, &ret);
	if (!src)
		return ret;
	ret = source_sample(src, &s);
	if (ret == EXIT_OK)
		ret = select_rows(o, &s, &sel, &nsel);
	if (ret == EXIT_OK && o->interval > 0)
		ret = run_rates(o, src, &s);
	else if (ret == EXIT_OK && (ret = out_begin(o, &buf, &len)) == EXIT_OK)
		ret = out_end(o, &buf, &len, print_sample(o, src, &s, sel, nsel));
	free(sel);
	sample_free(&s);
	source_close(src);
	return ret;
}

#ifndef MMSTAT_NO_MAIN
int main(int argc, char **argv)
{
	struct opts o = OPTS_INIT;
	int ret;

	sl_cli_init("mmstat");
	ret = parse_args(&o, argc, argv, 0);

	if (ret == EXIT_OK)
		ret = mmstat_run(&o);
	free(o.keys);
	return ret;
}
#endif
