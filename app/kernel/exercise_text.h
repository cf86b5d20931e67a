// SPDX-License-Identifier: GPL-3.0-or-later
// The verdict of an exercise lesson (kernels/model/lesson.h, model::check_exercise) in the window's
// language: one sentence per check, built from the counted numbers of the student's trace, e.g.
// "Divergent warps in steps 1–5: 16 at step 2 (want 0 in every step)". The model's own
// descriptions (ClaimCheck::description) are English only; these are the words the kernel pane shows.
#pragma once

#include "model/lesson.h"
#include "model/trace.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace reducescope::app {

/// The sentences of an exercise verdict (translation context "ExerciseText").
class ExerciseText {
    Q_DECLARE_TR_FUNCTIONS(ExerciseText)
public:
    /// The sentence for check `index` of `verdict` (the checks of `exercise` in file order, then the
    /// changed-lines rule when the exercise has one, then the held-back input's result check,
    /// model::held_back_check_index()), with its numbers: the value counted (for an "each" check
    /// the step it was counted at), how many steps were selected, and what is wanted. `trace` is the
    /// trace the verdict was computed from (for the fault's kind and line and the result and its
    /// exact sum); `heldBack` the second run's, on model::held_back_input() (its result, exact sum
    /// and first fault), or null when it was not run ("Result on a second input: not run"). An index
    /// past the verdict's checks gives an empty string.
    static QString check(const model::LessonExercise& exercise, const model::ExerciseVerdict& verdict, int index,
                         const model::Trace& trace, const model::Trace* heldBack);
    /// Every check's sentence, in order.
    static QStringList checks(const model::LessonExercise& exercise, const model::ExerciseVerdict& verdict,
                              const model::Trace& trace, const model::Trace* heldBack);
    /// The summary line: "Solved: all 4 checks hold" or "Not yet: 3 of 4 checks hold".
    static QString summary(const model::ExerciseVerdict& verdict);
    /// A measure of the lesson format ("divergent_warps", ...) as a noun phrase ("Divergent warps").
    static QString measureName(const QString& measure);
    /// A fault kind of the engine ("data_race", ...) as a noun phrase ("data race"); an unknown
    /// kind as written.
    static QString faultKind(const QString& kind);
    /// What a check wants: "want 0", "want at most 1", ... (op and value of the claim).
    static QString want(model::LessonClaim::Op op, double value);
};

} // namespace reducescope::app
