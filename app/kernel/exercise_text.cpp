// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/kernel/exercise_text.h"

#include "views/common/model_text.h"

#include <cmath>

namespace reducescope::app {
namespace {

QString num(double v) { return views::numberText(v); }

} // namespace

QString ExerciseText::measureName(const QString& m)
{
    if (m == QLatin1String("divergent_warps")) return tr("Divergent warps");
    if (m == QLatin1String("active_lanes")) return tr("Active lanes");
    if (m == QLatin1String("max_conflict_ways")) return tr("Worst bank conflict (ways)");
    if (m == QLatin1String("shared_wavefronts")) return tr("Shared-memory wavefronts");
    if (m == QLatin1String("extra_shared_wavefronts")) return tr("Extra shared-memory wavefronts (from bank conflicts)");
    if (m == QLatin1String("global_sectors")) return tr("Global-memory sectors");
    if (m == QLatin1String("barriers")) return tr("Barriers");
    if (m == QLatin1String("atomics")) return tr("Atomic operations");
    if (m == QLatin1String("adds")) return tr("Additions");
    if (m == QLatin1String("lost_updates")) return tr("Lost updates");
    if (m == QLatin1String("step_count")) return tr("Steps");
    if (m == QLatin1String("grid_size")) return tr("Blocks launched");
    if (m == QLatin1String("block_size")) return tr("Threads per block");
    if (m == QLatin1String("result_error")) return tr("Error of the result");
    if (m == QLatin1String("faults")) return tr("Faults");
    return m;
}

QString ExerciseText::faultKind(const QString& k)
{
    return views::faultKindText(k);  // the words every view shows (views/common/model_text.h)
}

QString ExerciseText::want(model::LessonClaim::Op op, double value)
{
    using Op = model::LessonClaim::Op;
    const QString v = num(value);
    switch (op) {
    case Op::Eq: return tr("want %1").arg(v);
    case Op::Ne: return tr("want anything but %1").arg(v);
    case Op::Lt: return tr("want less than %1").arg(v);
    case Op::Le: return tr("want at most %1").arg(v);
    case Op::Gt: return tr("want more than %1").arg(v);
    case Op::Ge: return tr("want at least %1").arg(v);
    }
    return v;
}

QString ExerciseText::check(const model::LessonExercise& exercise, const model::ExerciseVerdict& verdict, int index,
                            const model::Trace& trace, const model::Trace* heldBack)
{
    if (index < 0 || index >= int(verdict.checks.size()))
        return {};
    const model::ClaimCheck& c = verdict.checks[std::size_t(index)];
    if (index == model::held_back_check_index(exercise)) {  // the second run, on the held-back input
        if (!heldBack)
            return tr("Result on a second input: not run");
        const model::LessonClaim rule = model::held_back_rule(exercise);
        const QString wanted = want(rule.op, rule.value);
        const QString result = views::floatText(heldBack->result, 9);
        if (!heldBack->faults.empty()) {
            const model::Fault& f = heldBack->faults.front();
            return tr("Result on a second input %1, exact sum %2: off by %3, with a %4 at line %5 (%6, no fault)")
                .arg(result, num(heldBack->reference), num(c.actual), faultKind(QString::fromStdString(f.kind)))
                .arg(f.line)
                .arg(wanted);
        }
        return tr("Result on a second input %1, exact sum %2: off by %3 (%4)")
            .arg(result, num(heldBack->reference), num(c.actual), wanted);
    }
    if (index >= int(exercise.checks.size()))  // the changed-lines rule
        return tr("Lines changed from the starting source: %1 (%2)")
            .arg(num(c.actual), want(model::LessonClaim::Op::Le, exercise.max_changed_lines.value_or(0)));
    const model::LessonClaim& claim = exercise.checks[std::size_t(index)];
    const QString measure = QString::fromStdString(claim.measure);
    const QString wanted = want(claim.op, claim.value);
    // Trace measures: one number of the whole run.
    if (measure == QLatin1String("faults")) {
        if (trace.faults.empty() || c.actual == 0)
            return tr("Faults: none (%1)").arg(wanted);
        const model::Fault& f = trace.faults.front();
        return tr("Faults: %1, the first a %2 at line %3 (%4)")
            .arg(num(c.actual), faultKind(QString::fromStdString(f.kind)))
            .arg(f.line)
            .arg(wanted);
    }
    if (measure == QLatin1String("result_error"))
        return tr("Result %1, exact sum %2: off by %3 (%4)")
            .arg(views::floatText(trace.result, 9), num(trace.reference), num(c.actual), wanted);
    if (measure == QLatin1String("step_count") || measure == QLatin1String("grid_size") || measure == QLatin1String("block_size"))
        return tr("%1: %2 (%3)").arg(measureName(measure), num(c.actual), wanted);
    // Per-step measures over the steps the check selects.
    QString what = measureName(measure);
    if (claim.first_step > 0)
        what = tr("%1 in steps %2–%3").arg(what).arg(claim.first_step).arg(claim.last_step);
    else if (claim.stride_lo)
        what = tr("%1 at strides %2–%3").arg(what).arg(*claim.stride_lo).arg(*claim.stride_hi);
    if (c.selected == 0)
        return tr("%1: no step selected (%2)").arg(what, wanted);
    using Over = model::LessonClaim::Over;
    switch (claim.over) {
    case Over::Each:
        if (!c.holds)
            return tr("%1: %2 at step %3 (%4 in every step)").arg(what, num(c.actual)).arg(c.step).arg(wanted);
        if (claim.op == model::LessonClaim::Op::Eq)
            return tr("%1: %2 in each of the %n step(s) (%3)", nullptr, c.selected).arg(what, num(c.actual), wanted);
        return tr("%1: as wanted in each of the %n step(s) (%2 in every step)", nullptr, c.selected).arg(what, wanted);
    case Over::Sum: return tr("%1: %2 in all %n step(s) together (%3)", nullptr, c.selected).arg(what, num(c.actual), wanted);
    case Over::Max: return tr("%1: largest %2 in %n step(s) (%3)", nullptr, c.selected).arg(what, num(c.actual), wanted);
    case Over::Min: return tr("%1: smallest %2 in %n step(s) (%3)", nullptr, c.selected).arg(what, num(c.actual), wanted);
    case Over::Count:
        return tr("%1: not zero in %2 of %n step(s) (%3)", nullptr, c.selected).arg(what, num(c.actual), wanted);
    }
    return {};
}

QStringList ExerciseText::checks(const model::LessonExercise& exercise, const model::ExerciseVerdict& verdict,
                                 const model::Trace& trace, const model::Trace* heldBack)
{
    QStringList out;
    for (int i = 0; i < int(verdict.checks.size()); ++i)
        out << check(exercise, verdict, i, trace, heldBack);
    return out;
}

QString ExerciseText::summary(const model::ExerciseVerdict& verdict)
{
    const int total = int(verdict.checks.size());
    int holding = 0;
    for (const model::ClaimCheck& c : verdict.checks)
        holding += c.holds ? 1 : 0;
    if (verdict.passed)
        return tr("Solved: all %n check(s) hold", nullptr, total);
    return tr("Not yet: %1 of %n check(s) hold", nullptr, total).arg(holding);
}

} // namespace reducescope::app
