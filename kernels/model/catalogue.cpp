// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/catalogue.h"

#include <array>

namespace reducescope::model {
namespace {
using F = Family;
// id, family, summary, seed, file, has_model, single_block, expected_wrong
constexpr std::array kStrategies{
    StrategyInfo{"simple", F::Basics, "stride doubles from 1, tid % stride == 0 adds: active lanes thin out inside every warp (divergence)",
                 "seeds 000, 002 (PMPP Fig 10.6, exercises 1 and 6a)", "reduce_basic.cu", true, true, false},
    StrategyInfo{"convergent", F::Basics, "stride halves from blockDim, tid < stride adds: active lanes stay packed, no divergence until one warp is left",
                 "seeds 000, 002 (PMPP Fig 10.9, exercises 2 and 6b)", "reduce_basic.cu", true, true, false},
    StrategyInfo{"convergent_reversed", F::Basics, "the convergent tree folded toward the right end; the result lands in the last element",
                 "seed 002 (PMPP exercise 3)", "reduce_basic.cu", true, true, false},
    StrategyInfo{"interleaved_strided", F::SharedMemory, "shared-memory tree with index = 2*stride*tid: packed lanes, but strided words collide in banks",
                 "seed 003 (bank conflicts)", "reduce_basic.cu", true, true, false},
    StrategyInfo{"shared", F::SharedMemory, "first add while loading into shared memory, then the convergent tree on chip",
                 "seeds 000, 002 (PMPP Fig 10.11)", "reduce_basic.cu", true, true, false},
    StrategyInfo{"segmented", F::ManyBlocks, "many blocks, each reduces 2*blockDim elements in shared memory, one atomicAdd per block",
                 "seeds 000, 002", "reduce_multiblock.cu", true, false, false},
    StrategyInfo{"coarsened", F::ManyBlocks, "each thread first sums COARSE_FACTOR*2 elements in a register: fewer blocks, barriers and atomics",
                 "seeds 000, 002 (PMPP Fig 10.15, exercise 5)", "reduce_multiblock.cu", true, false, false},
    StrategyInfo{"coarsened_max", F::ManyBlocks, "the coarsened kernel as a max reduction; float atomic max by a compare-and-swap loop",
                 "seeds 000, 002 (PMPP exercise 4)", "reduce_multiblock.cu", true, false, false},
    StrategyInfo{"atomic_naive", F::ManyBlocks, "every thread atomicAdds its element into one address: correct but fully serialised",
                 "seed 003", "reduce_multiblock.cu", true, false, false},
    StrategyInfo{"race", F::ManyBlocks, "every thread does a plain *output += x: read-modify-write races lose updates (expected wrong)",
                 "seed 003", "reduce_multiblock.cu", true, false, true},
    StrategyInfo{"warp_shuffle", F::WarpPrimitives, "__shfl_down_sync tree in registers, then one atomicAdd per warp",
                 "seeds 001, 003", "reduce_warp.cu", true, false, false},
    StrategyInfo{"block_reduce", F::WarpPrimitives, "two levels: shuffle within each warp, one warp reduces the per-warp partials, one atomic per block",
                 "seed 001", "reduce_warp.cu", true, false, false},
    StrategyInfo{"two_pass", F::WarpPrimitives, "block partials written to global memory, a second kernel reduces them: no atomics",
                 "seed 003", "reduce_warp.cu", true, false, false},
    StrategyInfo{"grid_sync", F::WarpPrimitives, "one cooperative kernel: block partials, grid.sync(), then block 0 reduces them",
                 "seed 003", "reduce_warp.cu", true, false, false},
    StrategyInfo{"vectorized", F::WarpPrimitives, "float4 (packed) loads in a grid-stride loop, then the two-level block reduce",
                 "seed 001", "reduce_warp.cu", true, false, false},
    StrategyInfo{"self_reset", F::WarpPrimitives, "vectorized, but the kernel zeroes its own output: the block with the first ticket zeroes it (release), the others wait for that (acquire) before their atomicAdd",
                 "beyond the seeds: PTX memory model (release/acquire)", "reduce_warp.cu", true, false, false},
    StrategyInfo{"dot_shared", F::DotProduct, "dot product: multiply pairs, then the shared-memory tree and one atomicAdd per block",
                 "seed 000", "dot_product.cu", false, false, false},
    StrategyInfo{"dot_coarsened", F::DotProduct, "dot product with thread coarsening in registers",
                 "seed 000", "dot_product.cu", false, false, false},
    StrategyInfo{"dot_fma", F::DotProduct, "coarsened dot product accumulating with fmaf",
                 "seed 000", "dot_product.cu", false, false, false},
    StrategyInfo{"cub", F::Baseline, "CUB DeviceReduce::Sum / Max: the library baseline",
                 "CUB (CCCL)", "baselines.cu", false, false, false},
    StrategyInfo{"cub_single_pass", F::Baseline, "CUB's single-pass sum: one kernel, one atomicAdd per block (CCCL 3.1's not_guaranteed DeviceReduce, or the same design from CUB's BlockLoad and BlockReduce)",
                 "CUB (CCCL)", "baselines.cu", false, false, false},
    StrategyInfo{"cpu", F::Baseline, "sequential float64 reduction on the CPU: the reference and the CPU baseline",
                 "-", "", false, false, false},
};
} // namespace

std::span<const StrategyInfo> catalogue() { return kStrategies; }

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
    case Family::Basics: return "Basics and divergence";
    case Family::SharedMemory: return "Shared memory and banks";
    case Family::ManyBlocks: return "Many blocks and atomics";
    case Family::WarpPrimitives: return "Warp primitives";
    case Family::DotProduct: return "Dot product";
    case Family::Baseline: return "Baselines";
    }
    return "";
}

} // namespace reducescope::model
