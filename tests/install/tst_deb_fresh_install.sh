#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# ctest -L deb: `cpack -G DEB` of this build, then packaging/check-deb-fresh.sh on it (a
# fresh Debian 12 chroot). Takes minutes and downloads from a Debian mirror, so it runs only when
# asked: REDUCESCOPE_DEB_CHECK=1 ctest -L deb (as root). Otherwise, and where it cannot run (not root,
# no debootstrap, no mirror, an NCCL no Debian package provides), it exits 77 (skipped).
#   tst_deb_fresh_install.sh BUILD_DIR CPACK_COMMAND CHECK_SCRIPT NCCL_OUTSIDE_DPKG(0/1)
set -euo pipefail
build=$1 cpack=$2 check=$3 nccl_outside=$4
if [ "${REDUCESCOPE_DEB_CHECK:-0}" != 1 ]; then
  echo "tst_deb_fresh_install: SKIP: set REDUCESCOPE_DEB_CHECK=1 to run it (root, debootstrap, a Debian mirror; minutes)"
  exit 77
fi
[ "$(id -u)" = 0 ] || { echo "tst_deb_fresh_install: SKIP: needs root (chroot)"; exit 77; }
command -v debootstrap >/dev/null || { echo "tst_deb_fresh_install: SKIP: debootstrap is not installed"; exit 77; }
command -v dpkg-shlibdeps >/dev/null || { echo "tst_deb_fresh_install: SKIP: dpkg-dev is not installed (cpack -G DEB)"; exit 77; }
if [ "$nccl_outside" = 1 ]; then
  echo "tst_deb_fresh_install: SKIP: this build links an NCCL no Debian package provides (configure with -DREDUCESCOPE_NCCL=OFF)"
  exit 77
fi
work=$build/deb-check
rm -rf "$work" && mkdir -p "$work/package"
"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$work/package" >"$work/cpack.log" 2>&1 \
  || { tail -20 "$work/cpack.log"; exit 1; }
debs=("$work"/package/*.deb)
[ ${#debs[@]} = 1 ] && [ -f "${debs[0]}" ] || { echo "tst_deb_fresh_install: cpack made ${#debs[@]} packages"; exit 1; }
REDUCESCOPE_DEB_OUT=$work exec bash "$check" "${debs[0]}"
