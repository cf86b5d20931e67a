// SPDX-License-Identifier: GPL-3.0-or-later
// Numbers as people write them: the one formatting of a value that the step view, the table, the
// exports, the predict verdicts and the CLI show. Pure C++ (no Qt); views/common/model_text.h
// wraps it as floatText() / compactText().
//
// Rules (issue 24, "numbers as people write them"):
// - an integer value (every float32 sum of small integers is one) is written with all its digits,
//   never in exponent form: 2098176, not 2.09818e+06 (up to 10^15; beyond, exponent form);
// - any other value is written with `significant` significant digits in fixed notation where it
//   lies in [1e-4, 1e15), trailing zeros dropped, at least one digit after the point (so that a
//   rounded value never reads as an exact integer): 0.1, 3.14159, 123456.7; outside that range in
//   exponent form (1.5e-07);
// - NaN, ∞ and −∞ by name; a negative zero keeps its sign ("-0": a GPU's IEEE-754 sum keeps it).
// - where a box is too narrow, compact_number() shortens: 2098176 -> "2.1M" (k, M, G, T: 10^3,
//   10^6, 10^9, 10^12), 0.333333 -> "0.33"; the view then shows the exact text on hover.
#pragma once

#include <string>

namespace reducescope::model {

/// `value` in full as the rules above say; `significant` (1..17) digits for a value that is not an
/// integer. UTF-8 ("∞", "−∞").
std::string number_text(double value, int significant = 6);

/// The shortest form of `value` of at most `max_chars` characters (counted as code points; at least
/// 1): number_text(value, significant) when it fits, else fewer significant digits, else the value
/// in thousands, millions, ... with one or no decimal ("2.1M", "21M", "4k"). When nothing fits it
/// returns the shortest form it has (the caller then draws no number). Never exponent form for a
/// value in [1e-4, 1e15).
std::string compact_number(double value, int max_chars, int significant = 6);

/// True when compact_number(value, max_chars, significant) is not the full number_text (the
/// view shows the full text on hover).
bool is_shortened(double value, int max_chars, int significant = 6);

/// Code points of a UTF-8 string (what a width in characters counts).
int text_length(const std::string& utf8);

} // namespace reducescope::model
