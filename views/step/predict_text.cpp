// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/step/predict_text.h"

#include "views/common/model_text.h"

#include "model/warp_summary.h"

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
    // Chinese lists its items with 、, not a comma.
    const QString separator = Text::tr(", ", "between the items of a list: a, b and c");
    if (items.size() > limit) {
        const int more = int(items.size()) - limit;
        return Text::tr("%1 and %2", "the first items of a long list and how many more: a, b and 5 more")
            .arg(items.mid(0, limit).join(separator), Text::tr("%n more", "", more));
    }
    return Text::tr("%1 and %2").arg(items.mid(0, items.size() - 1).join(separator), items.back());
}

QString warpName(const model::Step& s, int id)
{
    if (id < 0 || id >= int(s.warps.size()))
        return Text::tr("warp #%1").arg(id);
    const model::WarpRecord& w = s.warps[std::size_t(id)];
    return s.grid_dim > 1 || w.block > 0 ? Text::tr("block %1 · warp %2").arg(w.block).arg(w.warp) : Text::tr("warp %1").arg(w.warp);
}

// "Step 3 of simple", or in compare mode "Step 3 of simple (the left column, not convergent)".
QString stepOf(const model::Question& q, const model::Trace& t, const QString& other)
{
    const QString kernel = QString::fromStdString(t.strategy);
    return other.isEmpty() ? Text::tr("Step %1 of %2").arg(q.step + 1).arg(kernel)
                           : Text::tr("Step %1 of %2 (the left column, not %3)").arg(q.step + 1).arg(kernel, other);
}

// The number of an id as the summary names it: a warp's number in its block, a thread, a cell.
int itemNumber(const model::Question& q, const model::Trace& t, int id)
{
    if (q.kind != model::QuestionKind::DivergentWarps)
        return id;
    const model::Step& s = t.steps[std::size_t(q.step)];
    return id >= 0 && id < int(s.warps.size()) ? s.warps[std::size_t(id)].warp : id;
}

// Ids named as people count them, from the counted data: "all 16 warps", "warps 0–7",
// "warps 0–7 and 12", "warp 3", "8 warps: 0, 2, 4, …, 14 (every 2nd)"; threads and cells alike.
// Warps of several blocks are named one by one (block 1 · warp 3), shortened by listed().
QString summarised(const model::Question& q, const model::Trace& t, const std::vector<int>& ids)
{
    if (ids.empty())
        return {};
    const int n = int(ids.size());
    const bool warps = q.kind == model::QuestionKind::DivergentWarps;
    const bool threads = q.kind == model::QuestionKind::ActiveLanes;
    const model::Step& s = t.steps[std::size_t(q.step)];
    const bool blocks = warps && (s.grid_dim > 1 || std::any_of(s.warps.begin(), s.warps.end(), [](const auto& w) { return w.block > 0; }));
    if (n > 1 && n == int(q.choices.size()))
        return warps ? Text::tr("all %n warps", "", n) : threads ? Text::tr("all %n threads", "", n) : Text::tr("all %n cells", "", n);
    if (n == 1 || blocks) {
        QStringList items;
        for (int id : ids)
            items << answerItemName(q, t, id);
        return listed(items);
    }
    std::vector<int> numbers;
    for (int id : ids)
        numbers.push_back(itemNumber(q, t, id));
    const QStringList parts = laneRangeParts(numbers);
    const auto plural = [&](const QString& list) {
        return warps ? Text::tr("warps %1").arg(list) : threads ? Text::tr("threads %1").arg(list) : Text::tr("cells %1").arg(list);
    };
    if (parts.size() <= 6)
        return plural(listed(parts));
    // Evenly spaced (every 2nd warp, every 64th thread): the first ones, the last, the spacing.
    bool even = numbers.size() >= 4;
    const int d = numbers.size() >= 2 ? numbers[1] - numbers[0] : 0;
    for (std::size_t i = 1; even && i < numbers.size(); ++i)
        even = numbers[i] - numbers[i - 1] == d;
    if (even && d > 1) {
        // "0, 2, 4, …, 14"; Chinese: "0、2、4、…、14".
        const QString list = QStringList{QString::number(numbers[0]), QString::number(numbers[1]), QString::number(numbers[2]),
                                         QStringLiteral("…"), QString::number(numbers.back())}
                                 .join(Text::tr(", ", "between the items of a list: a, b and c"));
        return warps ? Text::tr("%n warps: %1 (%2 apart)", "", n).arg(list).arg(d)
             : threads ? Text::tr("%n threads: %1 (%2 apart)", "", n).arg(list).arg(d)
                       : Text::tr("%n cells: %1 (%2 apart)", "", n).arg(list).arg(d);
    }
    return plural(listed(parts, 6));
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

static QString questionPieces(const model::Question& q, const model::Trace& t, const QString& compared)
{
    const auto stepOf = [&](const model::Question& question) { return ::reducescope::views::stepOf(question, t, compared); };
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

static QString gradePieces(const model::Question& q, const model::Grade& g, const model::Trace& t)
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
    const int rightN = int(q.expected_set.size());
    const QString right = summarised(q, t, q.expected_set);
    QString fact;
    switch (q.kind) {
    case model::QuestionKind::DivergentWarps:
        fact = rightN == 0 ? Text::tr("no warp diverges")
             : rightN == 1 ? Text::tr("%1 diverges").arg(right)
                           : Text::tr("%1 diverge").arg(right);
        break;
    case model::QuestionKind::ActiveLanes:
        fact = rightN == 0 ? Text::tr("no lane is active")
             : rightN == 1 ? Text::tr("%1 is active").arg(right)
                           : Text::tr("%1 are active").arg(right);
        break;
    default:
        fact = rightN == 0 ? Text::tr("no cell is written")
             : rightN == 1 ? Text::tr("%1 is written").arg(right)
                           : Text::tr("%1 are written").arg(right);
        break;
    }
    if (g.right)
        return Text::tr("Right: %1.").arg(fact);
    QStringList parts;
    if (!g.missed.empty())
        parts << Text::tr("missed %1").arg(summarised(q, t, g.missed));
    if (!g.extra.empty())
        parts << Text::tr("not among the right answers: %1").arg(summarised(q, t, g.extra));
    // "missed …; not among the right answers: …" (Chinese: "漏选：…；多选：…").
    return Text::tr("Not quite (%1): %2.").arg(parts.join(Text::tr("; ", "between the two parts of a verdict: missed …; not among …")), fact);
}

// The sentences are put together from pieces; in Chinese the spaces a piece leaves between two
// Chinese characters go ("全部 16 个线程束发生分支发散", docs/glossary.md).
QString questionText(const model::Question& q, const model::Trace& t, const QString& compared)
{
    return tidyChineseSpaces(questionPieces(q, t, compared));
}

QString gradeText(const model::Question& q, const model::Grade& g, const model::Trace& t)
{
    return tidyChineseSpaces(gradePieces(q, g, t));
}

QString scoreText(const model::Score& score)
{
    return Text::tr("Score: %1 of %n right", "", score.asked).arg(score.right);
}

} // namespace reducescope::views
