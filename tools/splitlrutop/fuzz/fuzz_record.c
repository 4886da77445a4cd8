// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: splitlrutop's recording reader (-r FILE).  The reader
 * takes a path, so each input goes to a memfd and is opened through
 * /proc/self/fd; every indexed sample is then loaded, as -r does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "record.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static struct sl_sample *sample;
	static int fd = -1;
	static char path[64];
	struct sl_replay *r;
	char err[256];

	if (fd < 0) {
		fd = memfd_create("fuzz-record", MFD_CLOEXEC);
		if (fd < 0)
			abort();
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		sample = malloc(sizeof(*sample));
		if (!sample)
			abort();
		sl_sample_init(sample);	/* its counter arrays are reused */
	}
	if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	r = sl_replay_open(path, err, sizeof(err));
	if (!r)
		return 0;
	for (size_t i = 0; i < sl_replay_count(r); i++)
		sl_replay_load(r, i, sample, err, sizeof(err));
	sl_replay_close(r);
	return 0;
}
