// SPDX-License-Identifier: GPL-3.0-or-later
// The model's words in the window's language: a message of the step model (kernels/model/text.h),
// a strategy's summary, seed or family, a refusal, through Qt's translation tools. Their English is
// written once, in the model (kernels/model/text.cpp, catalogue.cpp, marked as model/words.h says),
// and lupdate reads it there; this file looks each text up by (context, English, disambiguation):
// "ModelText" and the message id, "StrategySummary" / "StrategySeed" and the strategy id, "Family".
// With no translation installed (English) the words are the model's own English, plurals included.
#pragma once

#include "model/catalogue.h"
#include "model/simulate.h"
#include "model/trace.h"

#include <QString>
#include <QStringList>

#include <span>

namespace reducescope::views {

/// `t` in the application's language (QCoreApplication::translate, context "ModelText", the id as
/// disambiguation, the plural argument as n); nested messages likewise. An id the model does not
/// define shows as the id.
QString modelText(const model::Text& t);

/// Sentences in the application's language, joined by a space (none after a full-width stop).
QString modelSentences(std::span<const model::Text> sentences);

/// A step's label / explanation: from its messages when it has them, else (a trace file written
/// before messages) its English.
QString stepLabel(const model::Step& step);
QString stepExplanation(const model::Step& step);

/// A refusal of the model (validate(), parse_input()) in the application's language.
QString refusalText(const model::ParamError& error);

/// A strategy's one-line summary and its family's name in the application's language (English
/// from the catalogue when there is no translation for the catalogue's current text).
QString strategySummary(const model::StrategyInfo& info);
/// Where a strategy comes from ("seeds 000, 002 (PMPP Fig 10.9, ...)") in the application's language.
QString strategySeed(const model::StrategyInfo& info);
QString familyName(model::Family family);

/// A float32 value as the step view shows it, `significant` digits ('g' format): NaN, ∞ and −∞
/// by name, and the sign of a zero kept ("-0" for negative zero: a GPU's IEEE-754 sum keeps it,
/// -0 + -0 = -0, and Qt's number formatting would drop it; other numbers as QString::number).
QString floatText(float value, int significant = 5);

} // namespace reducescope::views
