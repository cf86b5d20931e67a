// SPDX-License-Identifier: GPL-3.0-or-later
// `reducescope-cli bench --table`: a results document (docs/results-format.md) as a plain-text
// table for a terminal, with the cache state, the noise and the flags (NOISY, LOW-CLOCK, ...) in
// every row.
#pragma once

#include <string>

namespace reducescope::bench {

struct ResultsFile;

/// The table of a results file (results_file.h): a header line (device, mode, cache state and how
/// cold was made, noise limit, ceilings) and one row per result with its median time in us, its
/// noise in %, samples and stop rule, bandwidth, % of the read ceiling, the speed-up against the
/// faster library baseline (named), and flags: NOISY (noise above the limit), LOW-CLOCK (a clock
/// below 75 % of its maximum), ABOVE-CEILING (faster than the measured read ceiling), and the
/// status when it is not ok; under the rows, for each result that is not ok and has a message,
/// "STATUS: STRATEGY at n = N: MESSAGE"; then a "determinism" block for the results with `repeat`. A field
/// the file's JSON would not hold (to_json leaves it out or writes null) and an empty string print
/// as "-"; members kept in `extra` are not shown. Never throws.
std::string format_table(const ResultsFile& file);

} // namespace reducescope::bench
