// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target: the whole of mmstat after its command line, the
 * sampling loop included (issue 15: a double free there was out of every
 * fuzzer's reach).  The input is a command line (words split at spaces),
 * then the file's text for each sample, all separated by NUL bytes:
 *
 *   "-i 1 -c 3 -f json zoneinfo min\0<sample 1>\0<sample 2>\0<sample 3>"
 *
 * Every file of every KIND under a private --root gets sample 1's text;
 * in interval mode the files are rewritten with the next text between two
 * samples (in place: the contexts keep their fds and pread them again),
 * instead of sleeping.  Output goes to /dev/null; the exit code must be
 * one mmstat documents.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz_cli.h"

#define MAX_SAMPLES 5

static const char *const files[] = {
	"proc/meminfo", "proc/vmstat", "proc/zoneinfo", "proc/pressure/memory",
	"sys/devices/system/node/node0/meminfo", "sys/devices/system/node/node0/vmstat",
	"sys/fs/cgroup/cg/memory.stat", "sys/fs/cgroup/cg/memory.numa_stat",
	"sys/fs/cgroup/cg/memory.pressure", "sys/kernel/debug/lru_gen",
};

static char root[64];

struct samples {
	const char *text[MAX_SAMPLES];
	size_t len[MAX_SAMPLES];
	int n;
};

static void write_all(const struct samples *s, int k)
{
	char path[256];

	if (k >= s->n)
		k = s->n - 1;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		int fd;

		snprintf(path, sizeof(path), "%s/%s", root, files[i]);
		fd = open(path, O_WRONLY | O_TRUNC | O_CREAT | O_CLOEXEC, 0600);
		if (fd < 0 || (s->len[k] && write(fd, s->text[k], s->len[k]) != (ssize_t)s->len[k]))
			abort();
		close(fd);
	}
}

static void between(void *arg, long seq)
{
	write_all(arg, (int)seq);	/* sample seq + 1 of the run */
}

static void make_root(void)
{
	static const char *const dirs[] = { "proc", "proc/pressure", "sys", "sys/devices",
		"sys/devices/system", "sys/devices/system/node",
		"sys/devices/system/node/node0", "sys/fs", "sys/fs/cgroup",
		"sys/fs/cgroup/cg", "sys/kernel", "sys/kernel/debug" };
	char path[256];

	snprintf(root, sizeof(root), "%s/mmstat-fuzz-XXXXXX",
		 access("/dev/shm", W_OK) ? "/tmp" : "/dev/shm");
	if (!mkdtemp(root))
		abort();
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", root, dirs[i]);
		if (mkdir(path, 0700))
			abort();
	}
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static FILE *null;
	char *copy, *argv[FUZZ_MAX_ARGS], *p, *end;
	struct samples s = { 0 };
	struct opts o = OPTS_INIT;
	int ret;

	if (!null) {
		make_root();
		null = fopen("/dev/null", "we");
		if (!null)
			abort();
	}
	copy = malloc(size + 1);
	memcpy(copy, data, size);
	copy[size] = '\0';
	end = copy + size;
	p = copy + strlen(copy);	/* the command line ends at the first NUL */
	while (p < end && s.n < MAX_SAMPLES) {
		s.text[s.n] = ++p;
		p += strnlen(p, (size_t)(end - p));
		s.len[s.n] = (size_t)(p - s.text[s.n]);
		s.n++;
	}
	if (!s.n) {
		free(copy);
		return 0;
	}
	if (parse_args(&o, fuzz_argv(copy, ' ', argv), argv, FUZZ_ARGP_FLAGS) == EXIT_OK) {
		o.root = root;
		o.sink = null;
		o.between = between;
		o.between_arg = &s;
		if (o.count < 0 || o.count > MAX_SAMPLES)
			o.count = MAX_SAMPLES;
		write_all(&s, 0);
		ret = mmstat_run(&o);
		if (ret < 0 || ret > EXIT_ABSENT)
			abort();
	}
	free(o.keys);
	free(copy);
	return 0;
}
