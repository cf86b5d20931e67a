// SPDX-License-Identifier: GPL-3.0-or-later
// Internal to the step model: the last step of a block-level kernel, where each block's result
// reaches *output (a plain store by one thread, or one atomic per block).
#pragma once

#include "model/recorder.h"

#include <string>
#include <vector>

namespace reducescope::model::detail {

/// How the block results reach *output.
struct MergeSpec {
    MemorySpace space = MemorySpace::Global; ///< where the block results live (values of the step)
    std::vector<float> values;               ///< that array (copied into the step)
    std::vector<int> value_index;            ///< per block: index in `values` of its result
    int writer_tid = 0;                      ///< threadIdx.x of the thread that merges
    bool store = false;                      ///< true: plain store `*output = ...` (one block); false: atomics
    std::string expression;                  ///< e.g. "input[0]" or "shared_data[0]"
    int shared_word = 0;                     ///< word read, when space == Shared
    Text explanation_tail;                   ///< a last sentence of the explanation (e.g. why atomics); empty: none
    std::string tag;                         ///< step tag; empty: "write" for a store, "atomic" otherwise
    Text label;                              ///< empty: the default label
    /// self_reset: before its atomic each writer thread waits with acquire loads of this 64-bit
    /// word (`epoch[1]`); the model records the first load of the wait (the wait is normally over
    /// at once; more polls are the hardware's timing).
    std::string wait_expression;
};

/// Records the merge step (tag `write` for a store, `atomic` otherwise) and sets trace.result.
void merge_step(Trace& trace, const Geometry& g, MergeSpec spec);

/// Applies the operation in float32: a + b, or fmaxf(a, b).
float combine(Operation op, float a, float b);

} // namespace reducescope::model::detail
