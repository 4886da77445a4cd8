# Shared compiler settings for every C component.  Included by the
# sub-Makefiles (parsers/, bpf/, tools/*, tests/workloads/); each builds into
# its own build/ directory, which git ignores.
#
#   make SANITIZE=1   ASan + UBSan build (issue 8); see BUILD_MODE below
#   make V=1          show the full commands

CC      ?= cc
CFLAGS  ?= -O2 -g
CFLAGS  += -std=gnu11 -Wall -Wextra -Wshadow -Wformat=2 -Wno-unused-parameter \
	   -D_GNU_SOURCE -fno-strict-aliasing
LDFLAGS ?=

ifeq ($(SANITIZE),1)
CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS += -fsanitize=address,undefined
endif

# One build/ per component serves both modes (the tests and the guest find
# the binaries there).  build/.mode says which mode filled it; switching
# empties it first, so sanitized and plain objects never link together and
# a binary is never silently of the other mode.  A build/ without the
# stamp predates it and was plain.  Every component's Makefile runs in its
# own directory and builds into build/, so this covers them all.
BUILD_MODE := $(if $(filter 1,$(SANITIZE)),sanitize,plain)
ifneq ($(BUILD_MODE),$(shell cat build/.mode 2>/dev/null || { [ -d build ] && echo plain || echo $(BUILD_MODE); }))
$(info   MODE     $(notdir $(CURDIR))/build was $(shell cat build/.mode 2>/dev/null || echo plain), now $(BUILD_MODE): rebuilding)
$(shell rm -rf build)
endif
$(shell mkdir -p build && echo $(BUILD_MODE) >build/.mode)

ifneq ($(V),1)
Q = @
msg = @printf '  %-8s %s\n' $(1) $(2);
else
Q =
msg =
endif
