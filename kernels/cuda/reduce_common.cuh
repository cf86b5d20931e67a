// SPDX-License-Identifier: GPL-3.0-or-later
// Pieces shared by every kernel file: the step probe and the operation identities.
//
// The probe. Every kernel is a template over a `Probe` type and calls `probe.record(...)` inside
// the guarded code of each step. The default, NoProbe, has empty inline members: the production
// instantiation compiles to the same machine code as a kernel without the calls. A recording
// variant (the GPU-recorded traces of the step pane) passes a probe that writes the active mask
// (__activemask() inside the guard), the index each lane touched and the value after the step.
#pragma once

#include <cuda_runtime.h>

namespace reducescope::cuda {

/// The steps of docs/design-notes.md, in the order a kernel runs them.
enum class Step : int {
    Load,
    Coarsen,
    Tree,
    Shuffle,
    WarpPartial,
    FinalWarp,
    Atomic,
    Write,
    GridSync,
    SecondPass,
    Reset,  ///< self_reset: the ticket, and the zero of *output by the launch's first block
};

/// Where a recorded index points.
enum class Space : int { Global, Shared, Register };

/// The probe that records nothing. `iteration` is the stride (tree), the shuffle offset, or the
/// coarsening tile; `index` is the element index in `space`; `value` is the value after the step.
struct NoProbe {
    __device__ __forceinline__ void record(Step, unsigned int /*iteration*/, Space,
                                           unsigned int /*index*/, float /*value*/) const
    {
    }
    /// The probe to pass to a strategy's second kernel (two_pass_final): a recording probe marks
    /// its records with kernel 1; this one records nothing either way.
    NoProbe for_kernel(unsigned int /*kernel*/) const { return *this; }
};

/// The largest block any kernel is launched with (the benchmark's --block-size range). Every kernel
/// says so with __launch_bounds__(kMaxBlockThreads): the compiler then keeps each thread within
/// 64 registers (65536 per multiprocessor / 1024 threads), so a launch of 1024 threads never fails
/// for lack of registers. (Without it, self_reset at C = 16 took 80 registers and could not launch
/// 1024 threads; docs/benchmarks.md.)
inline constexpr unsigned int kMaxBlockThreads = 1024;

/// Every lane of a warp takes part in the shuffles (blocks are whole warps).
inline constexpr unsigned int kFullMask = 0xffffffffu;

/// Reads input[i], or the identity of the sum when i is past the end (the tail of the last block).
__device__ __forceinline__ float load_or_zero(const float* input, unsigned int i, unsigned int n)
{
    return i < n ? input[i] : 0.0f;
}

} // namespace reducescope::cuda
