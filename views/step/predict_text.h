// SPDX-License-Identifier: GPL-3.0-or-later
// Predict mode in words: the questions of model/predict.h and their grades as the text the class
// reads (through Qt's translation, context "PredictText"). Sentences are built from the counted
// data of the question and the grade, with correct singular and plural.
#pragma once

#include "model/predict.h"
#include "model/trace.h"

#include <QString>

namespace reducescope::views {

/// The question, e.g. "Step 3: which warps diverge? Click them (none is an answer too)." or
/// "Step 2: what does cell 0 hold after this step? Type a number."
QString questionText(const model::Question& question, const model::Trace& trace);

/// How an id of a Set answer is named: "block 1 · warp 3" / "warp 3", "thread 37", "cell 12".
QString answerItemName(const model::Question& question, const model::Trace& trace, int id);

/// The verdict, e.g. "Right: warps 0 and 2 diverge." or "Not quite: missed warp 3; warp 5 does
/// not diverge." or "Not quite: cell 0 holds 19, not 17."
QString gradeText(const model::Question& question, const model::Grade& grade, const model::Trace& trace);

/// The running score, e.g. "Score: 3 of 4 right".
QString scoreText(const model::Score& score);

} // namespace reducescope::views
