// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/model_text.h"

#include "model/warp_summary.h"

#include <QLocale>

#include <QCoreApplication>

#include <cmath>

namespace reducescope::views {
namespace {

QString fromUtf8(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

QString argText(const model::TextArg& a)
{
    switch (a.kind) {
    case model::TextArg::Kind::Count: return QString::number(a.count);
    case model::TextArg::Kind::Number: return QString::fromStdString(model::format_number(a.number));
    case model::TextArg::Kind::Code: return QString::fromStdString(a.code);
    case model::TextArg::Kind::Nested: return a.nested.empty() ? QString() : modelText(a.nested.front());
    }
    return {};
}

// %1..%9 replaced in one pass (text put in is never scanned again: code such as "tid % 4" is safe).
QString substitute(const QString& pattern, const QStringList& args)
{
    QString out;
    out.reserve(pattern.size() + 32);
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (c == QLatin1Char('%') && i + 1 < pattern.size()) {
            const QChar d = pattern.at(i + 1);
            if (d >= QLatin1Char('1') && d <= QLatin1Char('9')) {
                const int k = d.unicode() - '1';
                if (k < args.size())
                    out += args.at(k);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

bool endsSentenceWithoutSpace(const QString& s)
{
    if (s.isEmpty())
        return false;
    const QChar last = s.back();
    return last == QChar(0x3002) || last == QChar(0xFF01) || last == QChar(0xFF1F) || last == QChar(0xFF09)
        || last == QChar(0xFF1B) || last == QChar(0x300D);
}

} // namespace

QString modelText(const model::Text& t)
{
    const model::MessageDef* def = model::find_message(t.id);
    if (!def)
        return QString::fromStdString(t.id);
    QStringList args;
    args.reserve(qsizetype(t.args.size()));
    for (const model::TextArg& a : t.args)
        args << argText(a);
    const std::string source(def->other);
    const std::string id(def->id);
    QString pattern;
    if (def->plural >= 0 && std::size_t(def->plural) < t.args.size()) {
        const model::TextArg& p = t.args[std::size_t(def->plural)];
        const int n = p.kind == model::TextArg::Kind::Count ? int(p.count) : 0;
        pattern = QCoreApplication::translate("ModelText", source.c_str(), id.c_str(), n);
        // Untranslated (English, or a language without this message): the model's own forms,
        // whose singular the source text (the plural form) does not have.
        if (pattern == QString::fromUtf8(source.c_str()).replace(QStringLiteral("%n"), QString::number(n)))
            pattern = fromUtf8(n == 1 ? def->one : def->other).replace(QStringLiteral("%n"), QString::number(n));
    } else {
        pattern = QCoreApplication::translate("ModelText", source.c_str(), id.c_str());
    }
    return substitute(pattern, args);
}

QString modelSentences(std::span<const model::Text> sentences)
{
    QString out;
    for (const model::Text& t : sentences) {
        const QString s = modelText(t);
        if (!out.isEmpty() && !endsSentenceWithoutSpace(out))
            out += QLatin1Char(' ');
        out += s;
    }
    return out;
}

QString stepLabel(const model::Step& step)
{
    return step.label_text.empty() ? QString::fromStdString(step.label) : modelText(step.label_text);
}

QString stepExplanation(const model::Step& step)
{
    return step.explanation_text.empty() ? QString::fromStdString(step.explanation)
                                         : modelSentences(step.explanation_text);
}

QString refusalText(const model::ParamError& error)
{
    return error.text.empty() ? QString::fromStdString(error.message) : modelText(error.text);
}

QString strategySummary(const model::StrategyInfo& info)
{
    const std::string source(info.summary);
    const std::string id(info.id);
    return QCoreApplication::translate("StrategySummary", source.c_str(), id.c_str());
}

QString strategySeed(const model::StrategyInfo& info)
{
    const std::string source(info.seed);
    const std::string id(info.id);
    return QCoreApplication::translate("StrategySeed", source.c_str(), id.c_str());
}

QString familyName(model::Family family)
{
    const std::string name(model::family_name(family));
    return QCoreApplication::translate("Family", name.c_str());
}

QString faultKindText(const QString& k)
{
    if (k == QLatin1String("data_race")) return QCoreApplication::translate("FaultKind", "data race");
    if (k == QLatin1String("partial_barrier")) return QCoreApplication::translate("FaultKind", "barrier reached by part of the block");
    if (k == QLatin1String("out_of_bounds")) return QCoreApplication::translate("FaultKind", "out-of-bounds access");
    if (k == QLatin1String("misaligned")) return QCoreApplication::translate("FaultKind", "misaligned access");
    if (k == QLatin1String("shuffle_inactive_lane")) return QCoreApplication::translate("FaultKind", "shuffle from an inactive lane");
    if (k == QLatin1String("endless_loop")) return QCoreApplication::translate("FaultKind", "endless loop");
    if (k == QLatin1String("division_by_zero")) return QCoreApplication::translate("FaultKind", "division by zero");
    if (k == QLatin1String("unreachable")) return QCoreApplication::translate("FaultKind", "unreachable code reached");
    return k;
}

QString faultText(const model::Fault& fault)
{
    return fault.text.empty() ? QString::fromStdString(fault.message) : modelText(fault.text);
}

QString noteText(const model::Note& note)
{
    return note.text.empty() ? QString::fromStdString(note.message) : modelText(note.text);
}

QString laneRangesText(const std::vector<int>& lanes)
{
    return laneRangeParts(lanes).join(QStringLiteral(", "));
}

QStringList laneRangeParts(const std::vector<int>& lanes)
{
    QStringList parts;
    for (const auto& [lo, hi] : model::id_runs(lanes)) {
        if (lo == hi)
            parts << QString::number(lo);
        else if (hi == lo + 1)
            parts << QString::number(lo) << QString::number(hi);
        else
            parts << QStringLiteral("%1–%2").arg(lo).arg(hi);
    }
    return parts;
}

QString floatText(float value, int significant)
{
    return QString::fromStdString(model::number_text(double(value), significant));
}

QString numberText(double value, int significant)
{
    return QString::fromStdString(model::number_text(value, significant));
}

QString compactText(double value, int maxChars, int significant)
{
    return QString::fromStdString(model::compact_number(value, maxChars, significant));
}

QString tidyChineseSpaces(const QString& text)
{
    // Chinese characters and the full-width punctuation of a Chinese sentence (、。，：；（）！？).
    const auto cjk = [](QChar c) {
        const char16_t u = c.unicode();
        return c.script() == QChar::Script_Han || (u >= 0x3001 && u <= 0x3002) || u == 0xFF01 || u == 0xFF08 ||
               u == 0xFF09 || u == 0xFF0C || u == 0xFF1A || u == 0xFF1B || u == 0xFF1F;
    };
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char(' ') && i > 0 && i + 1 < text.size() && cjk(text.at(i - 1)) && cjk(text.at(i + 1)))
            continue;
        out += c;
    }
    return out;
}

bool italicNotes()
{
    // The window's language is QLocale's default (app/common/language.cpp sets it).
    return QLocale().language() != QLocale::Chinese;
}

QString noteHtml(const QString& html)
{
    return italicNotes() ? QStringLiteral("<i>%1</i>").arg(html) : html;
}

} // namespace reducescope::views
