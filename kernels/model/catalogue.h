// SPDX-License-Identifier: GPL-3.0-or-later
// The one strategy catalogue (a house rule, docs/architecture.md): an id names the same thing in
// the model, the CUDA kernels, the CLI, the JSON files and the GUI. Every fact about a strategy
// lives in its entry here; every other list of strategies (the model's replays, the CUDA launchers,
// the recording variants, the benchmark's entries, run_on_gpu.sh) is derived from it or checked
// against it by tests/kernels/model/tst_catalogue.cpp. docs/adding-a-strategy.md walks through adding one.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

namespace reducescope::model {

/// Groups in the order the seeds teach them (used by pickers and `reducescope-cli list`).
enum class Family { Basics, SharedMemory, ManyBlocks, WarpPrimitives, DotProduct, Baseline };

/// What a strategy computes. `Dot` reads two vectors (8 bytes per element) and sums their products.
/// The `cub` baseline is `Sum`; the benchmark also runs its Max beside `coarsened_max`.
enum class Reduction { Sum, Max, Dot };

/// How the blocks' results reach `*output`.
enum class Merge {
    /// Atomics into `*output`, which must hold the identity before each launch (the benchmark
    /// resets it inside the timed work). Single-block kernels store instead when the grid is one block.
    Atomic,
    /// The final value is stored by one thread (a second kernel, block 0 after grid.sync, CUB): no reset.
    Store,
    /// Atomics, but the kernel zeroes `*output` itself (`self_reset`: no reset before a launch).
    SelfReset,
    /// Atomics into a ring of three outputs (`zero_ahead`): launch number e (given by the caller)
    /// adds into ring[e % 3], which launch e - 1 zeroed, and zeroes ring[(e + 1) % 3]: no reset
    /// before a launch and no wait in it.
    ZeroAhead,
};

/// One catalogue entry. Everything here is a fact about the strategy's kernel (or baseline); the
/// sources are the seeds named in `seed` and docs/design-notes.md ("Grid shape and work per thread").
struct StrategyInfo {
    std::string_view id;           ///< e.g. "convergent"
    Family family;
    std::string_view summary;      ///< one line: what it teaches
    std::string_view seed;         ///< where it comes from, e.g. "seeds 000, 002 (PMPP Fig 10.9)"
    std::string_view source_file;  ///< kernel file in kernels/cuda, e.g. "reduce_basic.cu"; "" for cpu
    /// The __global__ function(s) the benchmark reports, "+"-joined when there are two
    /// ("two_pass_partials+two_pass_final"); the library call for cub; "" for cpu.
    std::string_view kernels;
    Reduction operation = Reduction::Sum;
    /// Elements one thread reads before any tree, at coarse factor 1 (2: first add during the
    /// load; 4: float4 loads). Times C when `uses_coarse_factor`. 0 for the baselines (no grid).
    int elements_per_thread = 0;
    bool uses_coarse_factor = false;  ///< COARSE_FACTOR (C) multiplies the work per thread
    bool single_block = false;        ///< textbook kernel is one block (model's default block size = n/2)
    bool in_place = false;            ///< reduces its input in global memory (the benchmark restores it)
    bool needs_partials = false;      ///< one float per block in global memory (a second phase reads them)
    bool whole_warps = false;         ///< needs blockDim.x >= 32 (warp shuffles over full warps)
    bool cooperative = false;         ///< cooperative launch: the grid is capped at the co-resident blocks
    Merge merge = Merge::Atomic;
    bool expected_wrong = false;      ///< `race`: the result loses updates by design
    // Which parts exist (tests/kernels/model/tst_catalogue.cpp holds each registry to these):
    bool has_model = false;      ///< a step-model replay (model::replay_ids())
    bool has_kernel = false;     ///< runs on the GPU: a launcher in the CUDA registry (cuda::kernel_ids())
    bool has_recording = false;  ///< a recording variant (cuda::recording_ids(), `trace --on-gpu`)
    bool has_bench = false;      ///< the benchmark runs it (GPU launcher, or bench::host_strategies())
};

/// Every strategy, in catalogue order.
std::span<const StrategyInfo> catalogue();

/// The id a strategy has now: `id` itself, or the new id of a renamed one ("cub_single_pass" ->
/// "cub_block_one_pass"), so that old results files and command lines still load.
std::string_view current_id(std::string_view id);

/// The entry for `id`, or nullptr when unknown.
const StrategyInfo* find_strategy(std::string_view id);

/// Human name of a family ("Basics and divergence", ...).
std::string_view family_name(Family f);

/// Machine name of a family: "basics", "shared_memory", "many_blocks", "warp_primitives",
/// "dot_product", "baseline" (results files' `family`, `reducescope-cli list --json`).
std::string_view family_key(Family f);

/// "atomic", "store", "self_reset", "zero_ahead".
std::string_view merge_name(Merge m);

/// "sum", "max", "dot" (the results file's `operation`).
std::string_view reduction_name(Reduction r);

/// Elements one thread covers at coarse factor `coarse` (elements_per_thread, times C when the
/// strategy uses it). 0 for the baselines.
std::size_t elements_per_thread(const StrategyInfo& s, unsigned int coarse);

/// Blocks of the strategy's (first) kernel for n elements, block size `block` and coarse factor
/// `coarse`: ceil(n / (elements_per_thread * block)), at least 1 (docs/design-notes.md). Callers
/// cap it at the co-resident blocks where `cooperative`. nullopt for the baselines.
std::optional<std::size_t> grid_blocks(const StrategyInfo& s, std::size_t n, unsigned int block, unsigned int coarse);

} // namespace reducescope::model
