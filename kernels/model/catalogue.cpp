// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/catalogue.h"
#include "model/words.h"

#include <algorithm>
#include <array>

namespace reducescope::model {
namespace {
using F = Family;
using R = Reduction;
using M = Merge;

// Fields left out take their defaults (catalogue.h): false, Sum, Merge::Atomic, 0. The summary and
// the seed are the one home of their English: marked for translation (model/words.h) with their
// context and the entry's id, which the app looks them up by.
constexpr std::array kStrategies{
    // ---- Basics and divergence (reduce_basic.cu): one block per 2*blockDim.x elements, in place
    StrategyInfo{.id = "simple", .family = F::Basics,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "stride doubles from 1, tid % stride == 0 adds: active lanes thin out inside every warp (divergence)",
                                              "simple"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seeds 000, 002 (PMPP Fig 10.6, exercises 1 and 6a)", "simple"),
                 .source_file = "reduce_basic.cu",
                 .kernels = "simple_reduce_sum", .operation = R::Sum, .elements_per_thread = 2,
                 .single_block = true, .in_place = true,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    StrategyInfo{.id = "convergent", .family = F::Basics,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "stride halves from blockDim, tid < stride adds: active lanes stay packed, no divergence until one warp is left",
                                              "convergent"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seeds 000, 002 (PMPP Fig 10.9, exercises 2 and 6b)", "convergent"),
                 .source_file = "reduce_basic.cu",
                 .kernels = "convergent_reduce_sum", .operation = R::Sum, .elements_per_thread = 2,
                 .single_block = true, .in_place = true,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    StrategyInfo{.id = "convergent_reversed", .family = F::Basics,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "the convergent tree folded toward the right end; the result lands in the last element",
                                              "convergent_reversed"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seed 002 (PMPP exercise 3)", "convergent_reversed"),
                 .source_file = "reduce_basic.cu",
                 .kernels = "convergent_reversed_reduce_sum", .operation = R::Sum, .elements_per_thread = 2,
                 .single_block = true, .in_place = true,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    // ---- Shared memory and banks (reduce_basic.cu): first add during the load into shared memory
    StrategyInfo{.id = "interleaved_strided", .family = F::SharedMemory,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "shared-memory tree with index = 2*stride*tid: packed lanes, but strided words collide in banks",
                                              "interleaved_strided"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seed 003 (bank conflicts)", "interleaved_strided"),
                 .source_file = "reduce_basic.cu",
                 .kernels = "interleaved_strided_reduce_sum", .operation = R::Sum, .elements_per_thread = 2,
                 .single_block = true,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    StrategyInfo{.id = "interleaved_padded", .family = F::SharedMemory,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "interleaved_strided with one unused word after every 32 in shared memory: the strided words spread over all banks, no conflicts",
                                              "interleaved_padded"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seed 003 (bank conflicts: padding)", "interleaved_padded"),
                 .source_file = "reduce_basic.cu",
                 .kernels = "interleaved_padded_reduce_sum", .operation = R::Sum, .elements_per_thread = 2,
                 .single_block = true,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    StrategyInfo{.id = "shared", .family = F::SharedMemory,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "first add while loading into shared memory, then the convergent tree on chip",
                                              "shared"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seeds 000, 002 (PMPP Fig 10.11)", "shared"),
                 .source_file = "reduce_basic.cu",
                 .kernels = "shared_reduce_sum", .operation = R::Sum, .elements_per_thread = 2,
                 .single_block = true,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    StrategyInfo{.id = "warp_unrolled", .family = F::SharedMemory,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "shared, but the last warp finishes alone: no __syncthreads() for the last strides, __syncwarp() between each read and write of volatile shared memory",
                                              "warp_unrolled"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seed 001 (warpReduce with __syncwarp, Volta and later)", "warp_unrolled"),
                 .source_file = "reduce_basic.cu",
                 .kernels = "warp_unrolled_reduce_sum", .operation = R::Sum, .elements_per_thread = 2,
                 .single_block = true,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    // ---- Many blocks and atomics (reduce_multiblock.cu)
    StrategyInfo{.id = "segmented", .family = F::ManyBlocks,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "many blocks, each reduces 2*blockDim elements in shared memory, one atomicAdd per block",
                                              "segmented"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seeds 000, 002", "segmented"),
                 .source_file = "reduce_multiblock.cu",
                 .kernels = "segmented_reduce_sum", .operation = R::Sum, .elements_per_thread = 2,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    StrategyInfo{.id = "coarsened", .family = F::ManyBlocks,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "each thread first sums COARSE_FACTOR*2 elements in a register: fewer blocks, barriers and atomics",
                                              "coarsened"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seeds 000, 002 (PMPP Fig 10.15, exercise 5)", "coarsened"),
                 .source_file = "reduce_multiblock.cu",
                 .kernels = "coarsened_reduce_sum", .operation = R::Sum, .elements_per_thread = 2,
                 .uses_coarse_factor = true,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    StrategyInfo{.id = "coarsened_max", .family = F::ManyBlocks,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "the coarsened kernel as a max reduction; float atomic max by a compare-and-swap loop",
                                              "coarsened_max"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seeds 000, 002 (PMPP exercise 4)", "coarsened_max"),
                 .source_file = "reduce_multiblock.cu",
                 .kernels = "coarsened_reduce_max", .operation = R::Max, .elements_per_thread = 2,
                 .uses_coarse_factor = true,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    StrategyInfo{.id = "atomic_naive", .family = F::ManyBlocks,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "every thread atomicAdds its element into one address: correct but fully serialised",
                                              "atomic_naive"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seed 003", "atomic_naive"),
                 .source_file = "reduce_multiblock.cu",
                 .kernels = "atomic_naive_reduce_sum", .operation = R::Sum, .elements_per_thread = 1,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    StrategyInfo{.id = "race", .family = F::ManyBlocks,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "every thread does a plain *output += x: read-modify-write races lose updates (expected wrong)",
                                              "race"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seed 003", "race"),
                 .source_file = "reduce_multiblock.cu",
                 .kernels = "race_reduce_sum", .operation = R::Sum, .elements_per_thread = 1,
                 .expected_wrong = true,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    // ---- Warp primitives (reduce_warp.cu): whole warps only
    StrategyInfo{.id = "warp_shuffle", .family = F::WarpPrimitives,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "__shfl_down_sync tree in registers, then one atomicAdd per warp",
                                              "warp_shuffle"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seeds 001, 003", "warp_shuffle"),
                 .source_file = "reduce_warp.cu",
                 .kernels = "warp_shuffle_reduce_sum", .operation = R::Sum, .elements_per_thread = 1,
                 .whole_warps = true,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    StrategyInfo{.id = "block_reduce", .family = F::WarpPrimitives,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "two levels: shuffle within each warp, one warp reduces the per-warp partials, one atomic per block",
                                              "block_reduce"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seed 001", "block_reduce"),
                 .source_file = "reduce_warp.cu",
                 .kernels = "block_reduce_reduce_sum", .operation = R::Sum, .elements_per_thread = 1,
                 .uses_coarse_factor = true, .whole_warps = true,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    StrategyInfo{.id = "two_pass", .family = F::WarpPrimitives,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "block partials written to global memory, a second kernel reduces them: no atomics",
                                              "two_pass"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seed 003", "two_pass"),
                 .source_file = "reduce_warp.cu",
                 .kernels = "two_pass_partials+two_pass_final", .operation = R::Sum, .elements_per_thread = 1,
                 .uses_coarse_factor = true, .needs_partials = true, .whole_warps = true, .merge = M::Store,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    StrategyInfo{.id = "grid_sync", .family = F::WarpPrimitives,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "one cooperative kernel: block partials, grid.sync(), then block 0 reduces them",
                                              "grid_sync"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seed 003", "grid_sync"),
                 .source_file = "reduce_warp.cu",
                 .kernels = "grid_sync_reduce_sum", .operation = R::Sum, .elements_per_thread = 1,
                 .uses_coarse_factor = true, .needs_partials = true, .whole_warps = true, .cooperative = true,
                 .merge = M::Store,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    StrategyInfo{.id = "vectorized", .family = F::WarpPrimitives,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "float4 (packed) loads in a grid-stride loop, then the two-level block reduce",
                                              "vectorized"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seed 001", "vectorized"),
                 .source_file = "reduce_warp.cu",
                 .kernels = "vectorized_reduce_sum", .operation = R::Sum, .elements_per_thread = 4,
                 .uses_coarse_factor = true, .whole_warps = true,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    StrategyInfo{.id = "self_reset", .family = F::WarpPrimitives,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "vectorized, but the kernel zeroes its own output: the block with the first ticket zeroes it (release), the others wait for that (acquire) before their atomicAdd",
                                              "self_reset"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "beyond the seeds: PTX memory model (release/acquire)", "self_reset"),
                 .source_file = "reduce_warp.cu",
                 .kernels = "self_reset_reduce_sum", .operation = R::Sum, .elements_per_thread = 4,
                 .uses_coarse_factor = true, .whole_warps = true, .merge = M::SelfReset,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    StrategyInfo{.id = "zero_ahead", .family = F::WarpPrimitives,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "vectorized into a ring of three outputs: launch e adds into ring[e % 3], which launch e - 1 zeroed, and zeroes ring[(e + 1) % 3]; no reset, no fence, no wait",
                                              "zero_ahead"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "beyond the seeds: the one-kernel experiments of docs/benchmarks.md", "zero_ahead"),
                 .source_file = "reduce_warp.cu",
                 .kernels = "zero_ahead_reduce_sum", .operation = R::Sum, .elements_per_thread = 4,
                 .uses_coarse_factor = true, .whole_warps = true, .merge = M::ZeroAhead,
                 .has_model = true, .has_kernel = true, .has_recording = true, .has_bench = true},
    // ---- Dot product (dot_product.cu): benchmark only
    StrategyInfo{.id = "dot_shared", .family = F::DotProduct,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "dot product: multiply pairs, then the shared-memory tree and one atomicAdd per block",
                                              "dot_shared"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seed 000", "dot_shared"),
                 .source_file = "dot_product.cu",
                 .kernels = "dot_shared_reduce_sum", .operation = R::Dot, .elements_per_thread = 2,
                 .has_kernel = true, .has_bench = true},
    StrategyInfo{.id = "dot_coarsened", .family = F::DotProduct,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "dot product with thread coarsening in registers",
                                              "dot_coarsened"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seed 000", "dot_coarsened"),
                 .source_file = "dot_product.cu",
                 .kernels = "dot_coarsened_reduce_sum", .operation = R::Dot, .elements_per_thread = 2,
                 .uses_coarse_factor = true,
                 .has_kernel = true, .has_bench = true},
    StrategyInfo{.id = "dot_fma", .family = F::DotProduct,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "coarsened dot product accumulating with fmaf",
                                              "dot_fma"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "seed 000", "dot_fma"),
                 .source_file = "dot_product.cu",
                 .kernels = "dot_fma_reduce_sum", .operation = R::Dot, .elements_per_thread = 2,
                 .uses_coarse_factor = true,
                 .has_kernel = true, .has_bench = true},
    // ---- Baselines
    StrategyInfo{.id = "cub", .family = F::Baseline,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "CUB DeviceReduce::Sum / Max: the library baseline",
                                              "cub"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "CUB (CCCL)", "cub"),
                 .source_file = "baselines.cu",
                 .kernels = "cub::DeviceReduce::Sum", .operation = R::Sum, .merge = M::Store,
                 .has_kernel = true, .has_bench = true},
    StrategyInfo{.id = "cub_block_one_pass", .family = F::Baseline,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "one pass built from CUB's block primitives (BlockLoad, BlockReduce) with one atomicAdd per block; the caller resets the output before each launch; not deterministic",
                                              "cub_block_one_pass"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "CUB (CCCL)", "cub_block_one_pass"),
                 .source_file = "baselines.cu",
                 .kernels = "cub_block_kernel", .operation = R::Sum, .merge = M::Atomic,
                 .has_kernel = true, .has_bench = true},
    StrategyInfo{.id = "cub_block_ring", .family = F::Baseline,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "cub_block_one_pass with zero_ahead's contract: the caller numbers launches and keeps a ring of three outputs, each launch zeroes the next slot; no reset; not deterministic",
                                              "cub_block_ring"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "CUB (CCCL)", "cub_block_ring"),
                 .source_file = "baselines.cu",
                 .kernels = "cub_block_kernel", .operation = R::Sum, .merge = M::ZeroAhead,
                 .has_kernel = true, .has_bench = true},
    StrategyInfo{.id = "cub_not_guaranteed", .family = F::Baseline,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "CCCL 3.1's DeviceReduce::Sum requiring determinism::not_guaranteed (one pass, atomics; it zeroes the output itself); built only with REDUCESCOPE_CCCL_DIR",
                                              "cub_not_guaranteed"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "CUB (CCCL)", "cub_not_guaranteed"),
                 .source_file = "baselines.cu",
                 .kernels = "cub::DeviceReduce::Sum", .operation = R::Sum, .merge = M::Atomic,
                 .has_kernel = true, .has_bench = true},
    StrategyInfo{.id = "cub_run_to_run", .family = F::Baseline,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "CCCL 3.1's DeviceReduce::Sum requiring determinism::run_to_run (the same bits every run on one GPU); built only with REDUCESCOPE_CCCL_DIR",
                                              "cub_run_to_run"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "CUB (CCCL)", "cub_run_to_run"),
                 .source_file = "baselines.cu",
                 .kernels = "cub::DeviceReduce::Sum", .operation = R::Sum, .merge = M::Store,
                 .has_kernel = true, .has_bench = true},
    StrategyInfo{.id = "cub_gpu_to_gpu", .family = F::Baseline,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "CCCL 3.1's DeviceReduce::Sum requiring determinism::gpu_to_gpu (the same bits on every GPU: a reproducible accumulator); built only with REDUCESCOPE_CCCL_DIR",
                                              "cub_gpu_to_gpu"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "CUB (CCCL)", "cub_gpu_to_gpu"),
                 .source_file = "baselines.cu",
                 .kernels = "cub::DeviceReduce::Sum", .operation = R::Sum, .merge = M::Store,
                 .has_kernel = true, .has_bench = true},
    StrategyInfo{.id = "cpu", .family = F::Baseline,
                 .summary = REDUCESCOPE_WORDS("StrategySummary",
                                              "sequential float64 reduction on the CPU: the reference and the CPU baseline",
                                              "cpu"),
                 .seed = REDUCESCOPE_WORDS("StrategySeed", "-", "cpu"),
                 .source_file = "", .kernels = "", .operation = R::Sum, .merge = M::Store,
                 .has_bench = true},
};
} // namespace

std::span<const StrategyInfo> catalogue() { return kStrategies; }

std::string_view current_id(std::string_view id)
{
    // Renamed ids (results files and command lines written before the rename still work).
    if (id == "cub_single_pass")
        return "cub_block_one_pass";  // it was always the block-primitive kernel (issue 27)
    return id;
}

const StrategyInfo* find_strategy(std::string_view id)
{
    for (const auto& s : kStrategies)
        if (s.id == id)
            return &s;
    return nullptr;
}

std::string_view family_name(Family f)
{
    switch (f) {
    case Family::Basics: return REDUCESCOPE_NAME("Family", "Basics and divergence");
    case Family::SharedMemory: return REDUCESCOPE_NAME("Family", "Shared memory and banks");
    case Family::ManyBlocks: return REDUCESCOPE_NAME("Family", "Many blocks and atomics");
    case Family::WarpPrimitives: return REDUCESCOPE_NAME("Family", "Warp primitives");
    case Family::DotProduct: return REDUCESCOPE_NAME("Family", "Dot product");
    case Family::Baseline: return REDUCESCOPE_NAME("Family", "Baselines");
    }
    return "";
}

std::string_view family_key(Family f)
{
    switch (f) {
    case Family::Basics: return "basics";
    case Family::SharedMemory: return "shared_memory";
    case Family::ManyBlocks: return "many_blocks";
    case Family::WarpPrimitives: return "warp_primitives";
    case Family::DotProduct: return "dot_product";
    case Family::Baseline: return "baseline";
    }
    return "";
}

std::string_view merge_name(Merge m)
{
    switch (m) {
    case Merge::Atomic: return "atomic";
    case Merge::Store: return "store";
    case Merge::SelfReset: return "self_reset";
    case Merge::ZeroAhead: return "zero_ahead";
    }
    return "";
}

std::string_view reduction_name(Reduction r)
{
    switch (r) {
    case Reduction::Sum: return "sum";
    case Reduction::Max: return "max";
    case Reduction::Dot: return "dot";
    }
    return "";
}

std::size_t elements_per_thread(const StrategyInfo& s, unsigned int coarse)
{
    const std::size_t e = static_cast<std::size_t>(std::max(0, s.elements_per_thread));
    return s.uses_coarse_factor ? e * coarse : e;
}

std::optional<std::size_t> grid_blocks(const StrategyInfo& s, std::size_t n, unsigned int block, unsigned int coarse)
{
    const std::size_t per_block = elements_per_thread(s, coarse) * block;
    if (per_block == 0)
        return std::nullopt;
    return std::max<std::size_t>(1, (n + per_block - 1) / per_block);
}

} // namespace reducescope::model
