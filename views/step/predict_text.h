// SPDX-License-Identifier: GPL-3.0-or-later
// Predict mode in words: the questions of model/predict.h and their grades as the text the class
// reads (through Qt's translation, context "PredictText"). Sentences are built from the counted
// data of the question and the grade, with correct singular and plural.
#pragma once

#include "model/predict.h"
#include "model/trace.h"

#include <QString>

namespace reducescope::views {

/// The question, naming its kernel, e.g. "Step 3 of simple: which warps diverge? Click them (no
/// warp is an answer too)." In compare mode (`compared`: the other column's strategy id) it says
/// which of the two it asks about: "Step 3 of simple (the left column, not convergent): ...".
QString questionText(const model::Question& question, const model::Trace& trace, const QString& compared = QString());

/// How an id of a Set answer is named: "block 1 · warp 3" / "warp 3", "thread 37", "cell 12".
QString answerItemName(const model::Question& question, const model::Trace& trace, int id);

/// The verdict, e.g. "Right: all 16 warps diverge.", "Right: warps 0–7 diverge.", "Not quite
/// (missed warp 3): warps 0–3 diverge." or "Not quite: cell 0 holds 19, not 17." Sets are
/// summarised from the counted ids (runs, "all n", evenly spaced ids), not listed one by one.
QString gradeText(const model::Question& question, const model::Grade& grade, const model::Trace& trace);

/// The running score, e.g. "Score: 3 of 4 right".
QString scoreText(const model::Score& score);

} // namespace reducescope::views
