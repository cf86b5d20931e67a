// SPDX-License-Identifier: GPL-3.0-or-later
// Words about a step as a textbook counts it (model::step_phase): "stride 3 of 3", "write the
// result", and a label or sentence made safe to wrap: no line break inside an expression.
#pragma once

#include "model/simulate.h"

#include <QString>

namespace reducescope::views {

/// The phase of a step in the window's language (context "StepWords"): "stride 3 of 3" (PMPP's
/// count of a tree's strides, model::StepPhase::index of count), "write the result", "load",
/// "merge into *output"; empty for model::StepKind::Other.
QString stepPhaseText(const model::StepPhase& phase);

/// `text` with every space inside square brackets, and the spaces on both sides of a C operator
/// ("+", "%", "==", "<", ...), made no-break spaces (U+00A0), so a word-wrapped label breaks between
/// words but never inside "input[i + 1]" or "tid % 2 == 0"; a space between a digit and a Chinese
/// character is kept too ("第 2 / 11 步" stays on one line). Prose in parentheses still wraps.
/// Unbalanced brackets: spaces after an unclosed "[" are kept whole up to the end.
QString keepExpressionsWhole(const QString& text);

} // namespace reducescope::views
