// SPDX-License-Identifier: GPL-3.0-or-later
// The CUDA kernel sources (kernels/cuda/*.cu, *.cuh), embedded into the binary at build time so
// the source pane shows the real files and the model can point at their lines.
//
// Step tags: a line of kernel source belongs to a step when a `//` comment on it carries the tag
// `@<strategy>.<step>` (several tags may share a line), e.g.
//     input[i] += input[i + stride];   // @simple.tree @convergent.tree
#pragma once

#include <string_view>
#include <vector>

namespace reducescope::model {

/// Names of the embedded files (e.g. "reduce_basic.cu"), sorted.
std::vector<std::string_view> kernel_source_files();

/// Text of an embedded file, or an empty view when unknown.
std::string_view kernel_source(std::string_view file);

/// 1-based line numbers in `file` whose comments carry `marker` (e.g. "@convergent.tree"),
/// ascending; empty when the file or the tag is unknown.
std::vector<int> marker_lines(std::string_view file, std::string_view marker);

} // namespace reducescope::model
