# Shared compiler settings for every C component.  Included by the
# sub-Makefiles (parsers/, bpf/, tools/*, tests/workloads/); each builds into
# its own build/ directory, which git ignores.
#
#   make SANITIZE=1   ASan + UBSan build (issue: hardening)
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

ifneq ($(V),1)
Q = @
msg = @printf '  %-8s %s\n' $(1) $(2);
else
Q =
msg =
endif
