# SPDX-License-Identifier: GPL-2.0-or-later
# libFuzzer targets of one component.  The including Makefile sets
#   FUZZ_TARGETS   names; fuzz/fuzz_NAME.c is each one's harness
#   FUZZ_SRCS      the sources under test (linked into every target);
#                  FUZZ_SRCS_NAME and FUZZ_LDLIBS_NAME add to target NAME's
#   FUZZ_CPPFLAGS  include paths
#   seeds_NAME     seed files of target NAME (fixtures); fuzz/regress/NAME-*
#                  (crashes found earlier) are always added
# and gets build.fuzz/fuzz/fuzz_NAME and `make fuzz` (FUZZ_SECONDS each, default
# 10; the top Makefile's `make fuzz` passes 600).  Always ASan+UBSan with
# clang, whatever SANITIZE says.  A crash is saved as build.fuzz/fuzz/NAME-crash-*
# and fails the run: copy it to fuzz/regress/NAME-WHAT and fix the code.
FUZZ_SECONDS ?= 10
FUZZ_CFLAGS  := -O1 -g -std=gnu11 -D_GNU_SOURCE -fno-strict-aliasing \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_DIR     := build.fuzz
FUZZ_BINS    := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz/fuzz_%)

$(FUZZ_DIR)/fuzz/fuzz_%: fuzz/fuzz_%.c $(FUZZ_SRCS) $(wildcard *.c *.h)
	@mkdir -p $(@D)
	$(call msg,CLANG,$@)clang $(FUZZ_CPPFLAGS) $(FUZZ_CFLAGS) -o $@ $< $(FUZZ_SRCS) $(FUZZ_SRCS_$*) $(FUZZ_LDLIBS_$*)

.PHONY: fuzz fuzz-seeds
fuzz: $(FUZZ_BINS) fuzz-seeds
	@for name in $(FUZZ_TARGETS); do \
		f=$(FUZZ_DIR)/fuzz/fuzz_$$name; corpus=$(FUZZ_DIR)/corpus/$$name; mkdir -p $$corpus; \
		echo "  FUZZ     $$name for $(FUZZ_SECONDS)s"; \
		$$f -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -print_final_stats=1 \
		    -artifact_prefix=$(FUZZ_DIR)/fuzz/$$name- $$corpus \
		    $(FUZZ_DIR)/seeds/$$name > $(FUZZ_DIR)/fuzz/$$name.log 2>&1 \
		    || { tail -40 $(FUZZ_DIR)/fuzz/$$name.log; exit 1; }; \
		grep -E '^(#[0-9]+ *DONE|Done)' $(FUZZ_DIR)/fuzz/$$name.log | tail -1; \
	done

fuzz-seeds:
	@for name in $(FUZZ_TARGETS); do rm -rf $(FUZZ_DIR)/seeds/$$name; mkdir -p $(FUZZ_DIR)/seeds/$$name; done
	@$(foreach t,$(FUZZ_TARGETS),i=0; for f in $(seeds_$(t)) $(wildcard fuzz/regress/$(t)-*); do \
		i=$$((i+1)); cp $$f $(FUZZ_DIR)/seeds/$(t)/$$i; done;)
