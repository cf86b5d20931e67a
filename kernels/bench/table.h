// SPDX-License-Identifier: GPL-3.0-or-later
// `reducescope-cli bench --table`: a results document (docs/results-format.md) as a plain-text
// table for a terminal, with the cache state, the noise and the flags (NOISY, LOW-CLOCK, ...) in
// every row.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace reducescope::bench {

/// The table of a results document: a header line (device, mode, cache state and how cold was
/// made, noise limit, ceilings) and one row per result with its median time in us, its noise in
/// %, samples and stop rule, bandwidth, % of the read ceiling, the speed-up against the faster
/// library baseline (named), and flags: NOISY (noise above the limit), LOW-CLOCK (a clock below
/// 75 % of its maximum), ABOVE-CEILING (faster than the measured read ceiling), and the status
/// when it is not ok. Missing fields print as "-". Never throws on a well-formed document.
std::string format_table(const nlohmann::json& doc);

} // namespace reducescope::bench
