// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/step/predict_text.h"

#include "views/common/model_text.h"

#include <QCoreApplication>
#include <QStringList>

#include <cmath>

namespace reducescope::views {
namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(PredictText)
};

QString number(double v)
{
    if (std::isnan(v))
        return QStringLiteral("NaN");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    return numberText(v);
}

// "a", "a and b", "a, b and c"; more than `limit`: the first ones and "and 5 more".
QString listed(const QStringList& items, int limit = 8)
{
    if (items.isEmpty())
        return {};
    if (items.size() == 1)
        return items.front();
    if (items.size() > limit) {
        const int more = int(items.size()) - limit;
        return Text::tr("%1 and %2").arg(items.mid(0, limit).join(QStringLiteral(", ")), Text::tr("%n more", "", more));
    }
    return Text::tr("%1 and %2").arg(items.mid(0, items.size() - 1).join(QStringLiteral(", ")), items.back());
}

QStringList names(const model::Question& q, const model::Trace& t, const std::vector<int>& ids)
{
    QStringList out;
    for (int id : ids)
        out << answerItemName(q, t, id);
    return out;
}

QString warpName(const model::Step& s, int id)
{
    if (id < 0 || id >= int(s.warps.size()))
        return Text::tr("warp #%1").arg(id);
    const model::WarpRecord& w = s.warps[std::size_t(id)];
    return s.grid_dim > 1 || w.block > 0 ? Text::tr("block %1 · warp %2").arg(w.block).arg(w.warp) : Text::tr("warp %1").arg(w.warp);
}

QString stepOf(const model::Question& q)
{
    return Text::tr("Step %1").arg(q.step + 1);
}

} // namespace

QString answerItemName(const model::Question& q, const model::Trace& t, int id)
{
    switch (q.kind) {
    case model::QuestionKind::DivergentWarps: return warpName(t.steps[std::size_t(q.step)], id);
    case model::QuestionKind::ActiveLanes: return Text::tr("thread %1").arg(id);
    case model::QuestionKind::WrittenCells: return Text::tr("cell %1").arg(id);
    default: return QString::number(id);
    }
}

QString questionText(const model::Question& q, const model::Trace& t)
{
    switch (q.kind) {
    case model::QuestionKind::DivergentWarps:
        return Text::tr("%1: which warps diverge? Click them (no warp is an answer too).").arg(stepOf(q));
    case model::QuestionKind::ActiveLanes:
        if (q.scope_warp >= 0)
            return Text::tr("%1: which lanes of %2 are active? Click them.")
                .arg(stepOf(q), warpName(t.steps[std::size_t(q.step)], q.scope_warp));
        return Text::tr("%1: which lanes are active? Click them.").arg(stepOf(q));
    case model::QuestionKind::CellValue:
        return Text::tr("%1: what does cell %2 hold after this step? Type a number.").arg(stepOf(q)).arg(q.cell);
    case model::QuestionKind::WrittenCells:
        return Text::tr("%1: which cells does this step write? Click them.").arg(stepOf(q));
    case model::QuestionKind::WorstConflictWays:
        return Text::tr("%1: how many ways has the worst bank conflict of this step? Type a number (1 = conflict-free).").arg(stepOf(q));
    case model::QuestionKind::OutputValue:
        return Text::tr("%1: what does *output hold after this step? Type a number.").arg(stepOf(q));
    }
    return {};
}

QString gradeText(const model::Question& q, const model::Grade& g, const model::Trace& t)
{
    if (q.form == model::AnswerForm::Number) {
        const QString what = q.kind == model::QuestionKind::CellValue ? Text::tr("cell %1 holds").arg(q.cell)
                           : q.kind == model::QuestionKind::OutputValue ? Text::tr("*output holds")
                                                                        : Text::tr("the worst conflict is");
        QString value = number(g.expected);
        if (q.kind == model::QuestionKind::WorstConflictWays)
            value = g.expected <= 1 ? Text::tr("1-way (conflict-free)") : Text::tr("%1-way").arg(number(g.expected));
        if (g.right)
            return Text::tr("Right: %1 %2.").arg(what, value);
        if (!g.given)
            return Text::tr("No answer: %1 %2.").arg(what, value);
        return Text::tr("Not quite: %1 %2, not %3.").arg(what, value, number(*g.given));
    }
    const QStringList right = names(q, t, q.expected_set);
    QString fact;
    switch (q.kind) {
    case model::QuestionKind::DivergentWarps:
        fact = right.isEmpty() ? Text::tr("no warp diverges")
             : right.size() == 1 ? Text::tr("%1 diverges").arg(right.front())
                                 : Text::tr("%1 diverge").arg(listed(right));
        break;
    case model::QuestionKind::ActiveLanes:
        fact = right.isEmpty() ? Text::tr("no lane is active")
             : right.size() == 1 ? Text::tr("%1 is active").arg(right.front())
                                 : Text::tr("%1 are active").arg(listed(right));
        break;
    default:
        fact = right.isEmpty() ? Text::tr("no cell is written")
             : right.size() == 1 ? Text::tr("%1 is written").arg(right.front())
                                 : Text::tr("%1 are written").arg(listed(right));
        break;
    }
    if (g.right)
        return Text::tr("Right: %1.").arg(fact);
    QStringList parts;
    if (!g.missed.empty())
        parts << Text::tr("missed %1").arg(listed(names(q, t, g.missed)));
    if (!g.extra.empty())
        parts << Text::tr("not among the right answers: %1").arg(listed(names(q, t, g.extra)));
    return Text::tr("Not quite (%1): %2.").arg(parts.join(QStringLiteral("; ")), fact);
}

QString scoreText(const model::Score& score)
{
    return Text::tr("Score: %1 of %n right", "", score.asked).arg(score.right);
}

} // namespace reducescope::views
