// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/common/message_text.h"

#include "app/common/language.h"

#include <algorithm>
#include <limits>

namespace reducescope::app {
namespace {

bool needsEscape(char32_t c)
{
    return c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x2028 || c == 0x2029
        || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0xfeff;
}

void appendEscaped(QString* out, char32_t c)
{
    switch (c) {
    case U'\n': *out += QStringLiteral("\\n"); return;
    case U'\r': *out += QStringLiteral("\\r"); return;
    case U'\t': *out += QStringLiteral("\\t"); return;
    default: break;
    }
    if (c < 0x100)
        *out += QStringLiteral("\\x%1").arg(uint(c), 2, 16, QLatin1Char('0'));
    else
        *out += QStringLiteral("\\u%1").arg(uint(c), 4, 16, QLatin1Char('0'));
}

// Escapes text[from, to) and stops once `max` output characters are reached (never splitting an
// escape or a surrogate pair). Returns whether everything fit.
bool escapeInto(QString* out, const QString& text, qsizetype from, qsizetype to, int max)
{
    qsizetype i = from;
    while (i < to) {
        char32_t c = text.at(i).unicode();
        qsizetype width = 1;
        if (text.at(i).isHighSurrogate() && i + 1 < to && text.at(i + 1).isLowSurrogate()) {
            c = QChar::surrogateToUcs4(text.at(i), text.at(i + 1));
            width = 2;
        }
        QString piece;
        if (width == 1 && text.at(i).isSurrogate()) {
            // A lone surrogate: U+DC80..U+DCFF is a byte of a file name that is not UTF-8
            // (native_path.h), shown as that byte; any other cannot be shown and is escaped too.
            if (c >= 0xDC80 && c <= 0xDCFF)
                piece = QStringLiteral("\\x%1").arg(uint(c - 0xDC00), 2, 16, QLatin1Char('0'));
            else
                appendEscaped(&piece, c);
        } else if (needsEscape(c))
            appendEscaped(&piece, c);
        else
            piece = text.mid(i, width);
        if (out->size() + piece.size() > max)
            return false;
        *out += piece;
        i += width;
    }
    return true;
}

} // namespace

QString echoValue(const QString& text, int max)
{
    QString out;
    if (!escapeInto(&out, text, 0, text.size(), max))
        out += QStringLiteral("…");
    return out;
}

QString echoPath(const QString& path, int max)
{
    QString whole;
    if (escapeInto(&whole, path, 0, path.size(), max))
        return whole;
    // Too long: keep the end (at most `max` source characters, escaped and trimmed to `max`).
    const qsizetype from = std::max<qsizetype>(0, path.size() - max);
    QString tail;
    escapeInto(&tail, path, from, path.size(), std::numeric_limits<int>::max());
    return QStringLiteral("…") + tail.right(max);
}

QString oneLineMessage(const QString& message, int maxValue)
{
    qsizetype open = -1;
    QChar quote;
    for (qsizetype i = 0; i < message.size(); ++i) {
        if (message.at(i) == QLatin1Char('\'') || message.at(i) == QLatin1Char('"')) {
            open = i;
            quote = message.at(i);
            break;
        }
    }
    const qsizetype close = open >= 0 ? message.lastIndexOf(quote) : -1;
    if (open < 0 || close <= open)
        return echoValue(message, std::numeric_limits<int>::max());
    return echoValue(message.left(open + 1), std::numeric_limits<int>::max())
        + echoValue(message.mid(open + 1, close - open - 1), maxValue)
        + echoValue(message.mid(close), std::numeric_limits<int>::max());
}

QString toolSaid(const QString& text)
{
    if (text.isEmpty() || currentLanguage() == QLatin1String("en"))
        return text;
    return QStringLiteral("“%1”").arg(text);
}

} // namespace reducescope::app
