// SPDX-License-Identifier: GPL-3.0-or-later
// Marks for the model's words: the one place each English text of a strategy (its summary, its
// seed, its family's name) and of the model's messages (text.cpp) is written. The CLI prints the
// English; the app translates the same text with Qt (views/common/model_text.h). Nothing here
// includes Qt: each macro is the text it marks.
//
// lupdate reads the marks: cmake/UpdateTranslations.cmake runs it over kernels/model with
//   -tr-function-alias QT_TRANSLATE_NOOP3+=REDUCESCOPE_WORDS,QT_TRANSLATE_NOOP3+=REDUCESCOPE_MESSAGE,
//                      QT_TRANSLATE_N_NOOP3+=REDUCESCOPE_PLURAL_MESSAGE,QT_TRANSLATE_NOOP+=REDUCESCOPE_NAME
// so a mark is, to lupdate, a Qt translation mark: (context, source text, disambiguation). It files
// the text in resources/translations/*.ts under that context, with the disambiguation as the
// entry's <comment>; the app looks it up by the same three (QCoreApplication::translate). lupdate
// reads the source as text, so each argument of a mark must be a string literal (adjacent literals
// are joined) and a mark's parentheses must close after its three (or two) arguments.
//
// The contexts in use: "StrategySummary" and "StrategySeed" (disambiguation: the strategy id),
// "Family" (no disambiguation), "ModelText" (disambiguation: the message id).
#pragma once

/// A strategy's words: `text`, filed for translation in `context` under the disambiguation `id`
/// (the strategy id). Expands to `text`.
#define REDUCESCOPE_WORDS(context, text, id) text

/// A name without a disambiguation (a family's): `text`, filed in `context`. Expands to `text`.
#define REDUCESCOPE_NAME(context, text) text

/// A message of model::message_catalogue() without a plural argument: its id, and `text` as both
/// English forms. Expands to a model::MessageDef (model/text.h).
#define REDUCESCOPE_MESSAGE(context, text, id) ::reducescope::model::MessageDef{id, text, text, -1}

/// A message with a plural argument: `text` is its `other` form (the source text the translations
/// start from, numerus in the .ts files). Expands to a model::MessageDef whose `one` form and
/// plural argument are given after it with MessageDef::with_one().
#define REDUCESCOPE_PLURAL_MESSAGE(context, text, id) ::reducescope::model::MessageDef{id, text, text, -1}
