// SPDX-License-Identifier: GPL-3.0-or-later
// The default launch of a student's own kernel (docs/your-own-kernel.md, "Launch"): one planning
// function for the SIMT engine (simt::run, `kernel trace`) and the GPU (`kernel bench`,
// cuda::Runner), so both launch the same block and grid. Qt-free, CUDA-free.
#pragma once

#include <cstddef>

namespace reducescope::model {

struct StrategyInfo;

/// Elements per thread the default launch assumes when none is given: two, as the catalogue's
/// one-block textbook kernels read (PMPP Fig 10.6's tree: block = n / 2).
inline constexpr int kDefaultElementsPerThread = 2;
/// Largest elements per thread an own kernel's launch takes (`--elements-per-thread`).
inline constexpr int kMaxElementsPerThread = 4096;

/// A launch: threads per block and blocks.
struct OwnLaunch {
    unsigned int block = 1;  ///< a power of two in 1..1024 when planned
    unsigned int grid = 1;   ///< 1..65535 when planned
};

/// The launch of an own kernel on `n` values (n >= 1) when it reads `elements_per_thread` values
/// per thread (E, 1..kMaxElementsPerThread; 0 is taken as kDefaultElementsPerThread):
/// - block: `block` when nonzero (the user's --block-size), else
///   min(1024, bit_ceil(ceil(n / E))), then at least `min_block` (the warp size, for a kernel that
///   uses a warp-wide intrinsic: its shuffles need whole warps; at most 1024);
/// - grid: `grid` when nonzero (the user's --grid), else ceil(n / (E × block)), clamped to 1..65535.
/// E = 2 and min_block = 1 is the catalogue's textbook plan: block n / 2 rounded up to a power of
/// two, grid ceil(n / (2 × block)).
OwnLaunch plan_own_launch(std::size_t n, unsigned int elements_per_thread = kDefaultElementsPerThread,
                          unsigned int min_block = 1, unsigned int block = 0, unsigned int grid = 0);

/// Floats an in-place kernel's input holds (its n values, then zeros, the identity of a sum):
/// max(n, max(2, E) × block × grid). At E <= 2 the catalogue's rule, 2 × block × grid (a tree
/// whose first step reads input[i + blockDim.x] of every block's 2 × block values); a kernel that
/// reads E > 2 values per thread reads up to E × block × grid of them.
std::size_t own_in_place_values(std::size_t n, unsigned int elements_per_thread, OwnLaunch launch);

/// Bytes of dynamic shared memory (`<<<grid, block, bytes>>>`) the strategy's own launcher passes
/// at `block` threads where an own kernel's default, 4 × block (a float per thread), is too few:
/// interleaved_padded's 4 × (block + block / 32), its tree's words and their padding
/// (kernels/cuda/reduce_basic.cu). 0 for every other strategy (the default serves, or the kernel
/// has only static shared arrays). What `kernel trace --shared-bytes` needs to run that file.
long long catalogue_shared_bytes(const StrategyInfo& s, unsigned int block);

} // namespace reducescope::model
