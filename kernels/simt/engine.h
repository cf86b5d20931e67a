// SPDX-License-Identifier: GPL-3.0-or-later
// The SIMT engine: a student's own CUDA reduction kernel, compiled by Clang 14 (as a library) to
// LLVM IR for the device, run on the CPU warp by warp in lock step, and recorded as a model::Trace
// in the step model's format (kernels/model/trace.h), so every view of the step pane shows it.
//
// Qt-free, CUDA-free: no toolkit is needed, the CUDA names a kernel uses come from the engine's own
// prelude (prelude.cpp). The contract (accepted signatures, launch, where the result is read, the
// faults) is docs/your-own-kernel.md; why the IR is interpreted and not the AST is in
// docs/architecture.md ("The SIMT engine").
#pragma once

#include "model/trace.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace reducescope::simt {

/// One compiler or engine message at a place of the student's source (1-based line and column;
/// 0 when it has no place). severity: "error", "warning" or "note".
struct Diagnostic {
    int line = 0;
    int column = 0;
    std::string severity = "error";
    std::string message;
};

/// What a kernel's parameter list is, i.e. how the engine launches it (docs/your-own-kernel.md).
enum class Signature {
    InputOutput,   ///< (const float* input, float* output, unsigned n [, Probe]): input untouched, n values
    InPlace,       ///< (float* input, float* output [, Probe]): input padded to 2 * block * grid, reduced in place
    /// (const float* input, float* partials, unsigned n [, Probe]): as input_output, the second parameter's
    /// name starting with "partial"; the first kernel of a two-pass reduction: block b writes its sum to
    /// partials[b] (grid floats), then the source's other input_output kernel runs <<<1, 1024>>> on
    /// (partials, output, grid) (docs/your-own-kernel.md, "Two-pass kernels").
    TwoPassFirst,
    Unsupported,   ///< anything else: listed by `kernel check`, refused by run()
};

/// "input_output", "in_place", "two_pass_first", "unsupported" (the CLI's JSON words).
std::string_view to_string(Signature s);

/// A __global__ function of the compiled source.
struct KernelInfo {
    std::string name;        ///< as written in the source (a template's name with its arguments)
    std::string symbol;      ///< the mangled name in the IR
    int line = 0;            ///< line of its definition
    int column = 0;
    Signature signature = Signature::Unsupported;
    std::string refusal;     ///< why it cannot run (Unsupported, or an unsupported construct), else empty
    /// It uses a warp-wide intrinsic (a __shfl*_sync, __ballot_sync, __all_sync / __any_sync,
    /// __activemask), itself or through an inlined __device__ function: its default launch has
    /// whole warps (block at least the warp size; docs/your-own-kernel.md, "Launch").
    bool warp_wide = false;
};

/// A compiled source: the decoded kernels. Opaque; made by compile(), used by run().
class Program;

/// The result of compile(): `program` is null when the source did not compile (then
/// `diagnostics` holds at least one error). Warnings may accompany a program.
struct CompileResult {
    std::shared_ptr<const Program> program;
    std::vector<KernelInfo> kernels;
    std::vector<Diagnostic> diagnostics;
};

/// A header a source may include with `#include "NAME"` (the catalogue's reduce_common.cuh): its
/// name as written in the directive and its text. Held in memory like the source; nothing is read
/// from disk.
struct Header {
    std::string name;
    std::string text;
};

/// Compiles `source` (CUDA C++, device code; the prelude is included first) in memory with
/// Clang 14 for sm_80, -O0 with debug lines and columns, FMA contraction as nvcc does by default,
/// then inlines __device__ functions, promotes scalars to registers and decodes every kernel.
/// `file_name` is only used in messages. Never throws for a bad source: errors are diagnostics.
/// A construct the engine cannot run is an error at its line and column, naming it.
/// `headers` are the files `#include "NAME"` finds (none by default: a student's kernel is one file).
/// `warp_size` (4, 8, 16 or 32; anything else is taken as 32) is the value of the macro
/// REDUCESCOPE_WARP_SIZE the source sees: the warp size run() will use, for a source that needs it
/// as a constant (the catalogue's `constexpr kWarpSize`; nvcc leaves the macro undefined and the
/// source defaults it to 32). A program whose source names the macro runs only at that warp size.
CompileResult compile(std::string_view source, std::string_view file_name = "kernel.cu",
                      std::span<const Header> headers = {}, int warp_size = 32);

/// The macro compile() defines as the warp size it compiles for.
inline constexpr std::string_view kWarpSizeMacro = "REDUCESCOPE_WARP_SIZE";

/// The prelude: the CUDA names the engine declares (threadIdx ... atomics, float4, NoProbe).
std::string_view prelude();

/// How to launch (docs/your-own-kernel.md, "Launch").
struct LaunchOptions {
    std::string kernel;      ///< kernel name (KernelInfo::name or symbol); empty = the only runnable one
    /// A two-pass first kernel's second (name or symbol); empty = the source's only other input_output kernel.
    std::string second_kernel;
    /// Values one thread reads (E, 1..model::kMaxElementsPerThread): the default launch's block
    /// and grid follow it (model::plan_own_launch), as does an in_place kernel's padding
    /// (model::own_in_place_values). 2 = the catalogue's one-block textbook kernels.
    int elements_per_thread = 2;
    /// 0 = planned: min(1024, bit_ceil(ceil(n / E))) (n/2 rounded up to a power of two at E = 2),
    /// at least the warp size for a kernel that uses a warp-wide intrinsic (KernelInfo::warp_wide)
    int block_size = 0;
    int grid = 0;            ///< 0 = planned: ceil(n / (E * block)) (in_place kernels: one block while it covers n)
    int warp_size = 32;      ///< 32, or 4/8/16 as a teaching aid
    int banks = 32;          ///< 32, or 4/8/16
    /// Size of `extern __shared__` arrays, as the third launch parameter `<<<grid, block, bytes>>>`:
    /// 1..kMaxSharedBytes; 0 = 4 x block size (a float per thread, the catalogue launchers' usual).
    long long shared_bytes = 0;
    /// The endless-loop limit: a run that executes more warp instructions than this stops with
    /// the fault "endless_loop" naming the limit.
    long long instruction_limit = 50'000'000;
    bool full_detail = true; ///< false: values, counters and faults only (no lane/warp/access records)
};

/// A run: the trace up to the end, or up to and including the step where the first fault
/// happened (then trace.faults holds it). `error` is set, and the trace empty, when the launch
/// itself is refused (unknown kernel, bad sizes): a message naming the field and its range.
struct RunResult {
    model::Trace trace;
    std::optional<Diagnostic> error;
    long long warp_instructions = 0;  ///< warp-wide instructions executed (the engine's speed measure)
};

/// Runs the kernel on `input` (1..kMaxEngineInput floats) and records it step by step: a step ends
/// at each block barrier (__syncthreads), before a shuffle or atomic that follows other work of
/// the warp, and at the end of the kernel (docs/your-own-kernel.md, "Steps").
RunResult run(const Program& program, std::span<const float> input, const LaunchOptions& options);

/// Most dynamic shared memory per block (CUDA's default limit without an opt-in: 48 KiB).
inline constexpr long long kMaxSharedBytes = 48 * 1024;

/// Most lane records a full-detail trace holds (steps x threads of the launch, counted from its
/// 64th step on): past it the run stops with the fault "endless_loop" naming the limit, before
/// a loop that never ends fills the memory (a trace of 2^19 lane records is about 50 MB of JSON).
/// A kernel that ends takes far fewer: the catalogue's at 65 536 values, about 400 000.
inline constexpr long long kMaxTraceLaneRecords = 1 << 19;

/// Largest input run() takes (the step pane itself shows at most model::kMaxInputLength).
inline constexpr int kMaxEngineInput = 1 << 20;

} // namespace reducescope::simt
