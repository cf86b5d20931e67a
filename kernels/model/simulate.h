// SPDX-License-Identifier: GPL-3.0-or-later
// Entry point of the step model: input values + parameters -> Trace.
#pragma once

#include "model/trace.h"

#include <optional>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace reducescope::model {

/// Limits of the step model (issue: the step model).
inline constexpr int kMaxInputLength = 4096;

/// A validation failure: the field ("block-size", "input", ...) and a one-line message that
/// names the allowed range, e.g. "block-size must be a power of two in 1..1024 (got 3)".
struct ParamError {
    std::string field;
    std::string message;
};

/// Checks strategy id, input length (1..4096) and params. Returns the first problem, if any.
std::optional<ParamError> validate(std::string_view strategy, std::size_t input_length,
                                   const Params& params);

/// Block size of multi-block strategies on inputs large enough for two such blocks.
inline constexpr int kDefaultBlockSize = 256;

/// Elements one thread of `strategy` covers with coarse factor `coarse_factor`
/// (docs/design-notes.md, "Grid shape and work per thread"): 2 for the tree kernels and
/// `segmented`, 2C for `coarsened*`, C for `block_reduce` / `two_pass` / `grid_sync`, 4C for
/// `vectorized` / `self_reset`, 1 otherwise.
int elements_per_thread(std::string_view strategy, int coarse_factor);

/// Resolves defaults (block_size 0 -> the strategy's default for this input length):
/// single-block strategies: half the input rounded up to a power of two (at most 1024), so the
/// default is the textbook one-block kernel. Multi-block strategies: kDefaultBlockSize, or on
/// inputs too small for two blocks of it, the largest power of two that gives two blocks
/// (at least 2 threads; a warp for `warp_shuffle`; two warps for the two-level kernels), so a small
/// input shows the strategy instead of one block of padding.
Params resolve(std::string_view strategy, std::size_t input_length, Params params);

/// Replays the strategy's kernel step by step on `input` (1..4096 floats; NaN and Inf propagate
/// as IEEE arithmetic does). Precondition: validate() returned nothing; otherwise throws
/// std::invalid_argument with the ParamError message.
Trace simulate(std::string_view strategy, std::span<const float> input, const Params& params = {});

/// How much simulate() records. Full: every field of trace.h. ValuesOnly: labels, tags, strides,
/// values, output, atomics, result and reference, but no lanes, warps or access records; of the
/// counters only barriers, atomics and adds are filled. For sweeps that only check results: the
/// arithmetic is the same code, in the same order, and it is several times faster.
enum class Detail { Full, ValuesOnly };

/// simulate() with an explicit level of detail.
Trace simulate(std::string_view strategy, std::span<const float> input, const Params& params, Detail detail);

/// Parses "6,2,7,4,5,8,3,1" (commas and/or whitespace; nan, inf, -inf accepted).
/// On failure returns a ParamError with field "input".
struct ParsedInput {
    std::vector<float> values;
    std::optional<ParamError> error;
};
ParsedInput parse_input(std::string_view text);

} // namespace reducescope::model
