// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/step/step_words.h"

#include <QCoreApplication>

namespace reducescope::views {
namespace {

struct Words {
    Q_DECLARE_TR_FUNCTIONS(StepWords)
};

} // namespace

QString stepPhaseText(const model::StepPhase& phase)
{
    switch (phase.kind) {
    case model::StepKind::Stride: return Words::tr("stride %1 of %2").arg(phase.index).arg(phase.count);
    case model::StepKind::Write: return Words::tr("write the result");
    case model::StepKind::Load: return Words::tr("load");
    case model::StepKind::Merge: return Words::tr("merge into *output");
    case model::StepKind::Other: break;
    }
    return {};
}

QString keepExpressionsWhole(const QString& text)
{
    // Inside [...]: an index expression, kept whole. Outside: the spaces around an operator of C
    // ("tid % 2 == 0", "i + 1"), so that a line breaks between words, not inside code. Prose in
    // parentheses still wraps.
    static const QStringList operators{QStringLiteral("+"),  QStringLiteral("-"),  QStringLiteral("*"),  QStringLiteral("/"),
                                       QStringLiteral("%"),  QStringLiteral("=="), QStringLiteral("!="), QStringLiteral("<"),
                                       QStringLiteral("<="), QStringLiteral(">"),  QStringLiteral(">="), QStringLiteral("="),
                                       QStringLiteral("+="), QStringLiteral("&&"), QStringLiteral("||"), QStringLiteral("<<"),
                                       QStringLiteral(">>")};
    QString out = text;
    int depth = 0;
    for (qsizetype i = 0; i < out.size(); ++i) {
        const QChar c = out.at(i);
        if (c == QLatin1Char('['))
            ++depth;
        else if (c == QLatin1Char(']') && depth > 0)
            --depth;
        else if (c == QLatin1Char(' ') && depth > 0)
            out[i] = QChar(0x00A0);
    }
    // Chinese: a number stays with the character beside it ("第 2 / 11 步" never ends a line at "11").
    const auto han = [](QChar c) { return c.script() == QChar::Script_Han; };
    for (qsizetype i = 1; i + 1 < out.size(); ++i)
        if (out.at(i) == QLatin1Char(' ') && ((han(out.at(i - 1)) && out.at(i + 1).isDigit()) ||
                                              (out.at(i - 1).isDigit() && han(out.at(i + 1)))))
            out[i] = QChar(0x00A0);
    // " op " outside brackets: both spaces no-break.
    for (qsizetype i = 0; i < out.size(); ++i) {
        if (out.at(i) != QLatin1Char(' '))
            continue;
        const qsizetype end = out.indexOf(QLatin1Char(' '), i + 1);
        if (end < 0)
            break;
        if (operators.contains(out.mid(i + 1, end - i - 1))) {
            out[i] = QChar(0x00A0);
            out[end] = QChar(0x00A0);
        }
    }
    return out;
}

} // namespace reducescope::views
