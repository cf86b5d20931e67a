// SPDX-License-Identifier: GPL-3.0-or-later
// The one strategy catalogue (DESIGN.md): an id names the same thing in the model, the CUDA
// kernels, the CLI, the JSON files and the GUI.
#pragma once

#include <span>
#include <string_view>

namespace reducescope::model {

/// Groups in the order the seeds teach them (used by pickers and `reducescope-cli list`).
enum class Family { Basics, SharedMemory, ManyBlocks, WarpPrimitives, DotProduct, Baseline };

/// One catalogue entry.
struct StrategyInfo {
    std::string_view id;           ///< e.g. "convergent"
    Family family;
    std::string_view summary;      ///< one line: what it teaches
    std::string_view seed;         ///< where it comes from, e.g. "seeds 000, 002 (PMPP Fig 10.9)"
    std::string_view source_file;  ///< kernel file in kernels/cuda, e.g. "reduce_basic.cu"
    bool has_model;                ///< false for dot_*, cub, cpu (benchmark-only)
    bool single_block;             ///< textbook kernel is one block (default block size = n/2)
    bool expected_wrong;           ///< `race`
};

/// Every strategy, in catalogue order.
std::span<const StrategyInfo> catalogue();

/// The entry for `id`, or nullptr when unknown.
const StrategyInfo* find_strategy(std::string_view id);

/// Human name of a family ("Basics and divergence", ...).
std::string_view family_name(Family f);

} // namespace reducescope::model
