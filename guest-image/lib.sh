# SPDX-License-Identifier: GPL-2.0-or-later
# Shared shell helpers of the guest-image scripts: cache layout, cache keys,
# progress and error reporting.  Sourced, never executed.

SPLITLRU_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SPLITLRU_CACHE=${SPLITLRU_CACHE:-/var/cache/splitlru}
KERNEL_TARBALL=${KERNEL_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
SPLITLRU_START=${SPLITLRU_START:-$(date +%s)}

die() {
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

# step NAME: one progress line with the time since the script started.
step() {
	printf '[%4ss] %s\n' "$(($(date +%s) - SPLITLRU_START))" "$*" >&2
}

# The version of the kernel source package, part of every kernel cache key.
kernel_source_version() {
	[ -r "$KERNEL_TARBALL" ] ||
		die "$KERNEL_TARBALL is missing: install linux-source-6.1 (make deps)"
	dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null ||
		stat -c '%s-%Y' "$KERNEL_TARBALL"
}

# series_patches VARIANT: the patch files the variant applies, in order.
# "stock" and "stock-debug" apply none; "patched" and "debug" apply
# kernel-patch/series.
series_patches() {
	case "$1" in stock|stock-debug) return 0 ;; esac
	local series="$SPLITLRU_TOP/kernel-patch/series" name
	[ -f "$series" ] || return 0
	while read -r name _; do
		case "$name" in ''|'#'*) continue ;; esac
		[ -f "$SPLITLRU_TOP/kernel-patch/$name" ] ||
			die "kernel-patch/series names $name, which does not exist"
		printf '%s\n' "$SPLITLRU_TOP/kernel-patch/$name"
	done <"$series"
}

# Debian's own kernel (qemu-run --kernel distro), pinned here and nowhere
# else.  Keep it at the version of the linux-source-6.1 the other kernels
# are built from (dpkg-query -W linux-source-6.1), so that all the kernels
# share one source.  The package is installed into the guest image, so
# moving the pin rebuilds the image.
DISTRO_KERNEL_ABI=6.1.0-57-amd64
DISTRO_KERNEL_VERSION=6.1.192-3
DISTRO_KERNEL_PACKAGE=linux-image-$DISTRO_KERNEL_ABI
# The modules the guest cannot boot without, loaded by the initramfs:
# the virtio disk and consoles, the root file system, the 9p shares.
DISTRO_INITRAMFS_MODULES="virtio_pci virtio_blk virtio_console crc32c_generic ext4 9pnet_virtio 9p"

# kernel_key VARIANT: hash of everything the kernel build depends on.  The
# distro kernel's initramfs is made inside the image, so its key is the
# image's.
kernel_key() {
	local p
	if [ "$1" = distro ]; then
		printf 'distro kernel v1 %s\n' "$(image_key)" | sha256sum | cut -c1-16
		return 0
	fi
	{
		echo "build-kernel v1 $1"
		kernel_source_version
		config_fragments "$1" | xargs sha256sum | cut -d" " -f1
		series_patches "$1" | while read -r p; do
			printf '%s ' "${p##*/}"
			sha256sum "$p" | cut -d' ' -f1
		done
	} | sha256sum | cut -c1-16
}

kernel_dir() { echo "$SPLITLRU_CACHE/kernel/$1-$(kernel_key "$1")"; }

# kernel_btf VARIANT: the file holding the BTF of that kernel, for bpftool
# and libbpf on the host (btf dump file PATH): our kernels' vmlinux, or the
# raw BTF taken out of Debian's vmlinuz.  It exists once the kernel is built.
kernel_btf() {
	case "$1" in
	distro) echo "$(kernel_dir distro)/vmlinux.btf" ;;
	*) echo "$(kernel_dir "$1")/vmlinux" ;;
	esac
}

# image_key: hash of the guest root image recipe.  Bump IMAGE_RECIPE when
# build-image changes what goes into the image (not how it reports).
IMAGE_RECIPE="bookworm minbase v2 distro-kernel"
image_key() {
	{
		echo "$IMAGE_RECIPE"
		echo "$DISTRO_KERNEL_PACKAGE=$DISTRO_KERNEL_VERSION $DISTRO_INITRAMFS_MODULES"
		cat "$SPLITLRU_TOP/guest-image/packages" "$SPLITLRU_TOP/guest-image/boot-stub"
	} | sha256sum | cut -c1-16
}

image_path() { echo "$SPLITLRU_CACHE/image/rootfs-$(image_key).ext4"; }

# The packages make deb built (mk/make-deb's DEB_OUT) that the guest
# installs: the tools and the library they link, not -dev or -dbgsym.
debs_dir() { echo "${DEB_OUT:-$SPLITLRU_TOP/build/deb}"; }
guest_debs() { ls -1 "$(debs_dir)"/splitlru-tools_*.deb "$(debs_dir)"/libmmstat1_*.deb 2>/dev/null; }

# tools_image_path: the image with guest_debs installed (install-debs), a
# qcow2 overlay keyed by the image and the packages' bytes, so that a new
# build of either never boots an old one.  Empty when make deb has not run.
tools_image_path() {
	local debs key
	debs=$(guest_debs) && [ -n "$debs" ] || return 0
	key=$({ image_key; sha256sum $debs | cut -d' ' -f1; } | sha256sum | cut -c1-16)
	echo "$SPLITLRU_CACHE/image/tools-$key.qcow2"
}

# need_space DIR MIB: fail early, with the numbers, when DIR's file system
# cannot hold MIB more mebibytes.
need_space() {
	local avail
	mkdir -p "$1" 2>/dev/null || die "cannot create $1 (set SPLITLRU_CACHE to a writable directory)"
	avail=$(df -Pm "$1" | awk 'NR == 2 { print $4 }')
	[ "${avail:-0}" -ge "$2" ] ||
		die "not enough space for the cache in $1: ${avail} MiB free, ${2} MiB needed"
}

# verify_config FRAGMENT CONFIG: print each option not set as asked.
verify_config() {
	awk '
	NR == FNR {
		if ($0 ~ /^CONFIG_[A-Za-z0-9_]+=/) {
			split($0, kv, "="); want[kv[1]] = substr($0, length(kv[1]) + 2)
		} else if ($0 ~ /^# CONFIG_[A-Za-z0-9_]+ is not set/) {
			want[$2] = "n"
		}
		next
	}
	/^CONFIG_/ { split($0, kv, "="); have[kv[1]] = substr($0, length(kv[1]) + 2) }
	END {
		for (k in want) {
			h = (k in have) ? have[k] : "n"
			if (h != want[k]) printf "%s(wanted %s, got %s)\n", k, want[k], h
		}
	}' "$1" "$2"
}

# config_fragments VARIANT: the config fragments merged over tinyconfig.
# The debug variants (make soak; the lock count of make bench) add
# the kernel's own checkers and lock statistics.
config_fragments() {
	echo "$SPLITLRU_TOP/kernel-patch/guest.config"
	case "$1" in debug|stock-debug) echo "$SPLITLRU_TOP/kernel-patch/debug.config" ;; esac
	return 0
}
