# SPDX-License-Identifier: LGPL-2.1-or-later
# Shared compiler settings for every C component.  Included first by the
# sub-Makefiles (lib/, parsers/, bpf/, tools/*, tests/workloads/).
#
#   make SANITIZE=1   ASan + UBSan build, in a folder of its own
#   make V=1          show the full commands
#
# Build folders.  Each mode builds into its own folder, build.plain/ or
# build.sanitize/, so switching modes rebuilds nothing that is already
# there and deletes nothing.  `build` is a symlink to the folder of the mode
# built last: tests and the guest find the binaries under build/.  The link
# is switched by a recipe (mode-link), never while the Makefile is parsed,
# so `make -n` changes nothing.
#
# Header dependencies come from the compiler (-MMD -MP): every object is
# rebuilt when any header it includes changes, whichever component owns it.

CC      ?= cc
CFLAGS  ?= -O2 -g
CFLAGS  += -std=gnu11 -Wall -Wextra -Wshadow -Wformat=2 -Wno-unused-parameter \
	   -D_GNU_SOURCE -fno-strict-aliasing -MMD -MP
LDFLAGS ?=

ifeq ($(SANITIZE),1)
CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS += -fsanitize=address,undefined
endif

BUILD_MODE := $(if $(filter 1,$(SANITIZE)),sanitize,plain)
BUILD      := build.$(BUILD_MODE)

# The project's version, printed by every tool's --version.
SPLITLRU_VERSION := $(shell cat $(dir $(lastword $(MAKEFILE_LIST)))../VERSION 2>/dev/null || echo 0)
CFLAGS += -DSPLITLRU_VERSION='"$(SPLITLRU_VERSION)"'

.DEFAULT_GOAL := all
.PHONY: all mode-link
all: mode-link

# A build/ that is a real folder predates the per-mode folders: replace it.
mode-link:
	$(Q)if [ -d build ] && [ ! -L build ]; then rm -rf build; fi; \
	[ "$$(readlink build 2>/dev/null)" = $(BUILD) ] || ln -sfn $(BUILD) build

ifneq ($(V),1)
Q = @
msg = @printf '  %-8s %s\n' $(1) $(2);
else
Q =
msg =
endif

# The compiler's dependency files, from earlier builds of this mode.
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
