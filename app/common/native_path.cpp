// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/common/native_path.h"

namespace reducescope::app {
namespace {

/// Length of the valid UTF-8 sequence at bytes[i] (1..4), or 0 when the byte there starts none
/// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF). `cp` gets its code point.
int utf8Sequence(const QByteArray& bytes, qsizetype i, char32_t* cp)
{
    const auto at = [&](qsizetype k) { return static_cast<unsigned char>(bytes[k]); };
    const unsigned char c = at(i);
    const qsizetype left = bytes.size() - i;
    const auto cont = [&](qsizetype k) { return (at(i + k) & 0xC0) == 0x80; };
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF && left >= 2 && cont(1)) {
        *cp = (char32_t(c & 0x1F) << 6) | (at(i + 1) & 0x3F);
        return 2;
    }
    if (c >= 0xE0 && c <= 0xEF && left >= 3 && cont(1) && cont(2)) {
        const char32_t v = (char32_t(c & 0x0F) << 12) | (char32_t(at(i + 1) & 0x3F) << 6) | (at(i + 2) & 0x3F);
        if (v < 0x800 || (v >= 0xD800 && v <= 0xDFFF))
            return 0;
        *cp = v;
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4 && left >= 4 && cont(1) && cont(2) && cont(3)) {
        const char32_t v = (char32_t(c & 0x07) << 18) | (char32_t(at(i + 1) & 0x3F) << 12) |
                           (char32_t(at(i + 2) & 0x3F) << 6) | (at(i + 3) & 0x3F);
        if (v < 0x10000 || v > 0x10FFFF)
            return 0;
        *cp = v;
        return 4;
    }
    return 0;
}

} // namespace

QString decodeNativePath(const QByteArray& bytes)
{
    QString out;
    out.reserve(bytes.size());
    for (qsizetype i = 0; i < bytes.size();) {
        char32_t cp = 0;
        const int n = utf8Sequence(bytes, i, &cp);
        if (n == 0) {
            out += QChar(char16_t(0xDC00 + static_cast<unsigned char>(bytes[i])));
            ++i;
            continue;
        }
        if (cp >= 0x10000) {
            out += QChar(QChar::highSurrogate(cp));
            out += QChar(QChar::lowSurrogate(cp));
        } else {
            out += QChar(char16_t(cp));
        }
        i += n;
    }
    return out;
}

QByteArray encodeNativePath(const QString& path)
{
    QByteArray out;
    out.reserve(path.size());
    for (qsizetype i = 0; i < path.size(); ++i) {
        const char16_t u = path.at(i).unicode();
        if (u >= 0xDC80 && u <= 0xDCFF) {
            out += char(u - 0xDC00);
            continue;
        }
        if (QChar::isHighSurrogate(u) && i + 1 < path.size() && path.at(i + 1).isLowSurrogate()) {
            out += QString(path.mid(i, 2)).toUtf8();
            ++i;
            continue;
        }
        if (QChar::isSurrogate(u)) {
            out += "\xEF\xBF\xBD";
            continue;
        }
        out += QString(QChar(u)).toUtf8();
    }
    return out;
}

} // namespace reducescope::app
