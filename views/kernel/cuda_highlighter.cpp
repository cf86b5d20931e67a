// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/kernel/cuda_highlighter.h"

#include <QColor>
#include <QFont>
#include <algorithm>
#include <QSet>
#include <QString>

namespace reducescope::views {
namespace {

const QSet<QString>& keywords()
{
    static const QSet<QString> k = [] {
        QSet<QString> s;
        for (const char* w : {"alignas", "alignof", "auto", "bool", "break", "case", "char", "const", "constexpr",
                              "continue", "decltype", "default", "do", "double", "else", "enum", "explicit", "extern",
                              "false", "float", "for", "goto", "if", "inline", "int", "long", "namespace", "nullptr",
                              "operator", "reinterpret_cast", "return", "short", "signed", "sizeof", "static",
                              "static_assert", "static_cast", "const_cast", "struct", "switch", "template", "true",
                              "typedef", "typename", "union", "unsigned", "using", "void", "volatile", "while",
                              "size_t", "float2", "float4", "int2", "int4", "uint", "dim3",
                              // CUDA execution space and memory space specifiers, and the hints
                              "__global__", "__device__", "__host__", "__shared__", "__constant__", "__managed__",
                              "__restrict__", "__forceinline__", "__noinline__", "__launch_bounds__"})
            s.insert(QString::fromLatin1(w));
        return s;
    }();
    return k;
}

const QSet<QString>& builtins()
{
    static const QSet<QString> k = [] {
        QSet<QString> s;
        for (const char* w : {"threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize"})
            s.insert(QString::fromLatin1(w));
        return s;
    }();
    return k;
}

bool isIntrinsic(const QString& w)
{
    static const QSet<QString> k = [] {
        QSet<QString> s;
        for (const char* x : {"__syncthreads", "__syncwarp", "__activemask", "__threadfence", "__threadfence_block",
                              "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
                              "__ballot_sync", "__any_sync", "__all_sync", "__syncthreads_count",
                              "__syncthreads_and", "__syncthreads_or", "fmaf", "fminf", "fmaxf", "min", "max"})
            s.insert(QString::fromLatin1(x));
        return s;
    }();
    return k.contains(w) || w.startsWith(QLatin1String("atomic")) || w.startsWith(QLatin1String("__shfl_"));
}

} // namespace

CudaHighlighter::CudaHighlighter(QTextDocument* document)
    : QSyntaxHighlighter(document)
{
    setDark(false);
}

void CudaHighlighter::setDark(bool dark)
{
    auto make = [](QColor c, bool bold = false, bool italic = false) {
        QTextCharFormat f;
        f.setForeground(c);
        if (bold)
            f.setFontWeight(QFont::Bold);
        f.setFontItalic(italic);
        return f;
    };
    // Light: dark hues on white; dark: light hues on the dark theme's base. Each kind differs from
    // the plain text in hue, and keywords in weight too (readable on a projector).
    m_formats[std::size_t(Kind::Keyword)] = make(dark ? QColor(0x82, 0xaa, 0xff) : QColor(0x00, 0x33, 0xb3), true);
    m_formats[std::size_t(Kind::Builtin)] = make(dark ? QColor(0xff, 0xcb, 0x6b) : QColor(0x87, 0x10, 0x94));
    m_formats[std::size_t(Kind::Intrinsic)] = make(dark ? QColor(0x4e, 0xc9, 0xb0) : QColor(0x00, 0x6e, 0x6e), true);
    m_formats[std::size_t(Kind::Comment)] = make(dark ? QColor(0x8a, 0x93, 0x9e) : QColor(0x6a, 0x73, 0x7d), false, true);
    m_formats[std::size_t(Kind::Number)] = make(dark ? QColor(0xf7, 0x8c, 0x6c) : QColor(0x09, 0x86, 0x58));
    m_formats[std::size_t(Kind::String)] = make(dark ? QColor(0xc3, 0xe8, 0x8d) : QColor(0xa3, 0x15, 0x15));
    m_formats[std::size_t(Kind::Preprocessor)] = make(dark ? QColor(0xc7, 0x92, 0xea) : QColor(0x80, 0x50, 0x00));
    rehighlight();
}

void CudaHighlighter::highlightBlock(const QString& text)
{
    const QTextCharFormat& comment = m_formats[std::size_t(Kind::Comment)];
    const int n = int(text.size());
    int i = 0;
    setCurrentBlockState(0);
    if (previousBlockState() == 1) {  // inside a /* */ comment from an earlier line
        const int end = int(text.indexOf(QLatin1String("*/")));
        if (end < 0) {
            setFormat(0, n, comment);
            setCurrentBlockState(1);
            return;
        }
        setFormat(0, end + 2, comment);
        i = end + 2;
    }
    // A preprocessor line: '#' first on the line, up to a comment.
    if (i == 0) {
        int k = 0;
        while (k < n && text[k].isSpace())
            ++k;
        if (k < n && text[k] == QLatin1Char('#')) {
            int end = int(text.indexOf(QLatin1String("//"), k));
            if (end < 0)
                end = n;
            setFormat(k, end - k, m_formats[std::size_t(Kind::Preprocessor)]);
            i = end;
        }
    }
    while (i < n) {
        const QChar c = text[i];
        if (c == QLatin1Char('/') && i + 1 < n && text[i + 1] == QLatin1Char('/')) {
            setFormat(i, n - i, comment);
            return;
        }
        if (c == QLatin1Char('/') && i + 1 < n && text[i + 1] == QLatin1Char('*')) {
            const int end = int(text.indexOf(QLatin1String("*/"), i + 2));
            if (end < 0) {
                setFormat(i, n - i, comment);
                setCurrentBlockState(1);
                return;
            }
            setFormat(i, end + 2 - i, comment);
            i = end + 2;
            continue;
        }
        if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            int k = i + 1;
            while (k < n && text[k] != c) {
                if (text[k] == QLatin1Char('\\'))
                    ++k;
                ++k;
            }
            const int end = std::min(n, k + 1);
            setFormat(i, end - i, m_formats[std::size_t(Kind::String)]);
            i = end;
            continue;
        }
        if (c.isDigit() || (c == QLatin1Char('.') && i + 1 < n && text[i + 1].isDigit())) {
            // 42, 0x1F, 1.5f, 1e-3, 32u: digits, letters, points and an exponent's sign.
            int k = i + 1;
            while (k < n && (text[k].isLetterOrNumber() || text[k] == QLatin1Char('.') ||
                             ((text[k] == QLatin1Char('-') || text[k] == QLatin1Char('+')) &&
                              (text[k - 1] == QLatin1Char('e') || text[k - 1] == QLatin1Char('E')) &&
                              !text.mid(i, 2).startsWith(QLatin1String("0x")))))
                ++k;
            setFormat(i, k - i, m_formats[std::size_t(Kind::Number)]);
            i = k;
            continue;
        }
        if (c.isLetter() || c == QLatin1Char('_')) {
            int k = i + 1;
            while (k < n && (text[k].isLetterOrNumber() || text[k] == QLatin1Char('_')))
                ++k;
            const QString word = text.mid(i, k - i);
            if (keywords().contains(word))
                setFormat(i, k - i, m_formats[std::size_t(Kind::Keyword)]);
            else if (builtins().contains(word))
                setFormat(i, k - i, m_formats[std::size_t(Kind::Builtin)]);
            else if (isIntrinsic(word))
                setFormat(i, k - i, m_formats[std::size_t(Kind::Intrinsic)]);
            i = k;
            continue;
        }
        ++i;
    }
}

} // namespace reducescope::views
