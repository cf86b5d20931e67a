#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Packs a reducescope-cli built here with the SIMT engine (Clang/LLVM 14 as a library) for a GPU
# machine that has no LLVM 14: pack_engine_carry.sh BUILD_DIR [DEST]  (DEST: .device-carry/engine).
# DEST gets reducescope-cli and gpu_kernel_bench (stripped) and libs.tar.xz: every library the CLI
# needs that is not glibc's, except two large ones the engine never calls, which get stubs:
#   libz3.so.4       (LLVM's optional SMT solver): each Z3_ symbol libLLVM imports, as abort()
#   libicudata.so.72 (ICU's data tables, for libxml2): the one data symbol icudt72_dat, empty
# NCCL, zlib and liblzma are left out: the GPU machine has them.
# The device call unpacks libs.tar.xz and sets LD_LIBRARY_PATH (docs/results/.../call.sh, kbench).
set -euo pipefail
B=${1:?usage: pack_engine_carry.sh BUILD_DIR [DEST]}
D=${2:-.device-carry/engine}
CLI=$B/kernels/cli/reducescope-cli
[ -x "$CLI" ] || { echo "pack_engine_carry.sh: $CLI not built" >&2; exit 2; }
mkdir -p "$D"
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
strip -o "$D/reducescope-cli" "$CLI"
KB=$(find "$B" -name gpu_kernel_bench -type f -perm -u+x | head -1)
[ -n "$KB" ] && strip -o "$D/gpu_kernel_bench" "$KB"
mkdir -p "$W/lib"
ldd "$CLI" | awk '/=>/ {print $3}' | while read -r lib; do
    case $(basename "$lib") in
        libc.so*|libm.so*|libpthread.so*|libdl.so*|librt.so*|ld-linux*|libgcc_s.so*|libstdc++.so*) ;;
        libz3.so*|libicudata.so*) ;;
        libnccl.so*|libz.so*|liblzma.so*) ;;  # the GPU machine has its own (its build links NCCL)
        *) cp -L "$lib" "$W/lib/" ;;
    esac
done
# libz3 stub: every Z3_ function libLLVM imports aborts (LLVM calls none unless asked for Z3).
LLVM=$(ldd "$CLI" | awk '/libLLVM/ {print $3}')
nm -D --undefined-only "$LLVM" | awk '$2 ~ /^Z3_/ {print $2}' | sort -u |
    sed 's/.*/void &(void) { __builtin_trap(); }/' > "$W/z3.c"
gcc -shared -fPIC -o "$W/lib/libz3.so.4" -Wl,-soname,libz3.so.4 "$W/z3.c"
echo 'const char icudt72_dat[64] __attribute__((aligned(16))) = {0};' > "$W/icu.c"
gcc -shared -fPIC -o "$W/lib/libicudata.so.72" -Wl,-soname,libicudata.so.72 "$W/icu.c"
tar cJf "$D/libs.tar.xz" -C "$W/lib" .
ls -la "$D"
