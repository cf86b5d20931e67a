// SPDX-License-Identifier: GPL-3.0-or-later
// The error of every reader of a results file (results_file.h, and the counters it carries):
// what the app and the CLI catch to show why a file was refused.
#pragma once

#include <stdexcept>

namespace reducescope::bench {

/// A results file (or a JSON line) that does not follow docs/results-format.md. what() is one
/// line naming the field and the allowed values or range.
struct SchemaError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

} // namespace reducescope::bench
