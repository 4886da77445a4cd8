/* SPDX-License-Identifier: GPL-2.0-only */
/* json.h: a frame as one line of JSON (--json); see json.c. */
#ifndef SPLITLRUTOP_JSON_H
#define SPLITLRUTOP_JSON_H

#include <stdio.h>

#include "derive.h"

int sl_json_print(const struct sl_frame *f, const struct sl_view *v, FILE *out);

#endif /* SPLITLRUTOP_JSON_H */
