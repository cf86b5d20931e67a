// SPDX-License-Identifier: GPL-3.0-or-later
// The model's words in the window's language: a message of the step model (kernels/model/text.h),
// a strategy's summary, seed or family, a refusal, through Qt's translation tools. Their English is
// written once, in the model (kernels/model/text.cpp, catalogue.cpp, marked as model/words.h says),
// and lupdate reads it there; this file looks each text up by (context, English, disambiguation):
// "ModelText" and the message id, "StrategySummary" / "StrategySeed" and the strategy id, "Family".
// With no translation installed (English) the words are the model's own English, plurals included.
#pragma once

#include "model/catalogue.h"
#include "model/number_text.h"
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

/// A fault kind of the SIMT engine (model::Fault::kind: "data_race", "partial_barrier",
/// "out_of_bounds", "misaligned", "shuffle_inactive_lane", "endless_loop", "division_by_zero",
/// "unreachable") as a noun phrase in the application's language ("data race", 数据竞争; context
/// "FaultKind"); an unknown kind as written.
QString faultKindText(const QString& kind);
/// A fault's sentence in the application's language: its message (model::Fault::text) when it
/// has one, else its English (`message`, a trace file written before faults carried messages).
QString faultText(const model::Fault& fault);
/// An own kernel's note (model::Note) in the window's language: its text, else its English.
QString noteText(const model::Note& note);
/// Lane (or thread) indices as consecutive runs (model::id_runs), as the CLI prints them: a run of
/// three or more as a range with an en dash, two as two numbers ("0–3, 8, 10, 11"), so that a
/// whole warp reads "0–31" and not 32 numbers. Empty for no lanes.
QString laneRangesText(const std::vector<int>& lanes);
/// The parts laneRangesText() joins: one per id alone, two for a pair, "lo–hi" for a longer run
/// (ascending `lanes`, as model::id_runs takes them); the predict texts list them their own way.
QStringList laneRangeParts(const std::vector<int>& lanes);

/// A float32 value as every view shows it (model::number_text, kernels/model/number_text.h):
/// integers with all their digits (2098176, never 2.09818e+06), others with `significant`
/// significant digits, NaN, ∞ and −∞ by name, the sign of a zero kept ("-0").
QString floatText(float value, int significant = 6);
/// The same for a float64 value (a reference sum, a typed answer).
QString numberText(double value, int significant = 7);
/// The shortest form of `value` in at most `maxChars` characters ("2.1M" for 2098176 in 4):
/// model::compact_number. Where it differs from numberText the view shows numberText on hover.
QString compactText(double value, int maxChars, int significant = 6);

/// `text` without the spaces that a sentence put together from pieces leaves between two Chinese
/// characters or beside Chinese punctuation: "全部 16 个线程束 发生分支发散" -> "全部 16 个线程束发生分支发散",
/// "（相隔 4） 是活跃的" -> "（相隔 4）是活跃的". A space between a Chinese character and a digit or a
/// Latin word stays ("16 个", "lane 0"); English text (no Chinese) is returned as it is.
QString tidyChineseSpaces(const QString& text);

/// Whether a note set apart from the text around it (a strategy's seed, a caption) is set in
/// italics: yes, except in Chinese, which has no italic type (a slanted 汉字 is a distorted one).
bool italicNotes();
/// `html` (already escaped) as such a note: "<i>html</i>", or `html` as it is in Chinese.
QString noteHtml(const QString& html);

} // namespace reducescope::views
