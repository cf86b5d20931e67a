// SPDX-License-Identifier: GPL-3.0-or-later
// What a kernel promises and what it asks of its caller (issue 27: a headline compares like with
// like). Determinism in CCCL's terms (cuda::execution::determinism, CCCL 3.1): gpu_to_gpu (the same
// bits on every GPU), run_to_run (the same bits every run on one GPU: a fixed order), not_guaranteed
// (float atomics: the hardware's order). And the state the caller keeps between launches beyond
// the call itself. Plain C++, from the catalogue (model/catalogue.h) and determinism.h's order.
#pragma once

#include <string>
#include <string_view>

namespace reducescope::bench {

/// A kernel's contract at one launch shape.
struct Contract {
    std::string determinism;   ///< "gpu_to_gpu" | "run_to_run" | "not_guaranteed"
    std::string caller_keeps;  ///< "" (nothing) or one phrase, e.g. "a ring of 3 outputs and the launch number"
    bool operator==(const Contract&) const = default;
};

/// The contract of catalogue id `strategy` launched with `grid_size` blocks (0 = unknown / the
/// library's own grid). cpu: gpu_to_gpu (a sequential float64 sum). CCCL's modes: as required.
/// cub (DeviceReduce without a requirement): run_to_run (CUB's documented default). Kernels: by
/// determinism.h sum_order (fixed -> run_to_run, atomic -> not_guaranteed); caller_keeps from the
/// merge (an output reset before each launch, counted; self_reset's two counters zeroed once;
/// zero_ahead's ring). Unknown ids: not_guaranteed, "".
Contract contract_of(std::string_view strategy, unsigned int grid_size);

/// The library baselines whose order is fixed (cub, cub_run_to_run, cub_gpu_to_gpu): those a
/// deterministic kernel is compared with.
bool is_fixed_order_baseline(std::string_view strategy);

/// "deterministic (run_to_run)" or "not deterministic" plus ", caller keeps ..." when it does: the
/// short text the table and the docs' headlines print.
std::string contract_text(const Contract& c);

} // namespace reducescope::bench
