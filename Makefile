# SPDX-License-Identifier: GPL-2.0-or-later
# splitlru: see README.md.  The targets, in the order a newcomer needs them:
#
#   make run      boot the guest into splitlrutop with a demo workload
#   make check    every test (host unit tests and guest tests) under prove
#   make check-host  the host unit tests only; SANITIZE=1 for ASan+UBSan
#   make bench    benchmarks: ratios measured side by side (see README)
#   make fuzz     libFuzzer on every parser and tool input, FUZZ_SECONDS each (default 600)
#   make soak     the debug kernel under SOAK_SECONDS (default 600) of churn
#   make deb      Debian packages into build/deb/ (dpkg-buildpackage), then lintian
#   make clean    remove build outputs (the kernel/image cache stays)
#
# Steps, each also a target of its own:
#   make deps     apt-get install what mk/host-packages lists and is missing
#   make build    the host-side C components (libraries, tools, workloads)
#   make kernel   the patched guest kernel   (guest-image/build-kernel),
#                 then its minimal BTF (bpf/min-btf; every kernel-* too)
#   make kernel-stock  the same kernel without kernel-patch/series
#   make kernel-distro Debian's own linux-image-6.1.0-*-amd64, installed into the image
#   make kernel-debug  the patched kernel with kernel-patch/debug.config
#   make kernel-stock-debug  the same without the series (make bench's
#                 lru_lock count compares the two)
#   make image    the guest root image       (guest-image/build-image)
#   make guest    kernel + image
#   make guest-tools  make deb, then those packages installed into an
#                 overlay of the image (guest-image/install-debs), which the
#                 guest tests boot: make check's tests run the installed
#                 tools; SPLITLRU_GUEST_TOOLS=build runs the build tree's
#   make install  the tools, their man pages and libmmstat under
#                 $(DESTDIR)$(PREFIX) (PREFIX defaults to /usr/local)
#   make distclean  clean, and drop the cache in $(SPLITLRU_CACHE)

SPLITLRU_CACHE ?= /var/cache/splitlru
export SPLITLRU_CACHE

# Host-side components, built in this order when their Makefile exists.
COMPONENTS := lib parsers bpf tools/lruload tools/mmstat tools/lrutrace tools/splitlrutop
BUILT      := $(foreach c,$(COMPONENTS),$(if $(wildcard $(c)/Makefile),$(c)))

PROVE ?= prove
TESTS := tests/unit tests/guest

.PHONY: print-components run check check-host bench fuzz soak deb install clean distclean deps build kernel kernel-stock kernel-debug kernel-stock-debug kernel-distro image guest guest-tools

run: build guest
	guest-image/qemu-run --interactive --timeout 0 -- guest-image/demo-session

# make check SANITIZE=1: the host tests run on the ASan+UBSan build; the
# guest image has no ASan runtime, so the guest tests then run on the plain
# build (build/.mode makes the switch a rebuild, see mk/common.mk).
# The guest tests run the tools the packages installed (guest-tools), as
# a user has them; SPLITLRU_GUEST_TOOLS=build make check runs the build
# tree's instead, without building the packages.
# make run and make bench boot the build tree's (qemu-run's default).
SPLITLRU_GUEST_TOOLS ?= installed
check: export SPLITLRU_GUEST_TOOLS := $(SPLITLRU_GUEST_TOOLS)
CHECK_TOOLS := $(if $(filter installed,$(SPLITLRU_GUEST_TOOLS)),guest-tools)

ifeq ($(SANITIZE),1)
check: build guest kernel-distro $(CHECK_TOOLS)
	$(PROVE) -r tests/unit
	@echo "check: guest tests run the plain build (no libasan in the guest)"
	$(MAKE) --no-print-directory build SANITIZE=0
	MAKEFLAGS= $(PROVE) -r tests/guest
else
check: build guest kernel-distro $(CHECK_TOOLS)
	$(PROVE) -r $(TESTS)
endif

check-host: build
	$(PROVE) -r tests/unit

bench: build guest kernel-stock
	$(MAKE) --no-print-directory -C parsers build/bench/mmstat-bench
	tests/bench/run

FUZZ_SECONDS ?= 600
FUZZ_DIRS := parsers tools/lruload tools/mmstat tools/lrutrace tools/splitlrutop
fuzz: build
	@set -e; for d in $(filter $(BUILT),$(FUZZ_DIRS)); do $(MAKE) --no-print-directory -C $$d fuzz FUZZ_SECONDS=$(FUZZ_SECONDS); done

SOAK_SECONDS ?= 600
soak: build image kernel-debug
	SOAK_SECONDS=$(SOAK_SECONDS) $(PROVE) -v tests/soak/soak.t

# Built from a copy of the tree (mk/make-deb), so debian/rules clean leaves
# these builds alone; needs no kernel and no guest.
deb:
	@mk/make-deb

deps:
	@mk/install-deps

# No kernel needed: bpf/ builds against its checked-in vmlinux.h.
build: deps
	@set -e; for c in $(BUILT); do $(MAKE) --no-print-directory -C $$c all; done
	@$(MIN_BTF)

# After each kernel, its minimal BTF for the BPF programs (bpf/min-btf,
# into bpf/build/min-btf/, which the guest sees over 9p): splitlrutop
# loads against it instead of the kernel's whole BTF (issue 17).
MIN_BTF = $(MAKE) --no-print-directory -C bpf min-btf-files

kernel: deps
	guest-image/build-kernel patched
	$(MIN_BTF)

kernel-stock: deps
	guest-image/build-kernel stock
	$(MIN_BTF)

kernel-debug: deps
	guest-image/build-kernel debug
	$(MIN_BTF)

kernel-stock-debug: deps
	guest-image/build-kernel stock-debug
	$(MIN_BTF)

# Debian's kernel package lives in the image: this extracts its boot files.
kernel-distro: deps image
	guest-image/build-kernel distro
	$(MIN_BTF)

image: deps
	guest-image/build-image

# Always rebuilds the packages: they must be the tree's as it is now.
guest-tools: deps guest
	@mk/make-deb
	guest-image/install-debs

guest: kernel image

# After make build; each component's install builds what is missing.
INSTALL_DIRS := parsers tools/lrutrace tools/splitlrutop tools/lruload
install:
	@set -e; for d in $(INSTALL_DIRS); do $(MAKE) --no-print-directory -C $$d install; done

# The components make build builds, for tests/unit/build.t.
print-components:
	@echo $(BUILT)

clean:
	@for c in $(BUILT); do $(MAKE) --no-print-directory -C $$c clean; done

distclean: clean
	rm -rf $(SPLITLRU_CACHE)
