// SPDX-License-Identifier: GPL-3.0-or-later
// CUDA C++ syntax highlighting for the kernel editor (views/kernel/kernel_editor.h): C++ keywords
// and the CUDA qualifiers, the built-in variables, the intrinsics reduction kernels call, comments,
// numbers, strings and preprocessor lines. The word lists follow the CUDA C++ Programming Guide
// (sections "Function Execution Space Specifiers", "Built-in Variables", "Synchronization
// Functions", "Warp Shuffle Functions", "Atomic Functions").
#pragma once

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <array>

namespace reducescope::views {

/// Colours a QTextDocument of CUDA C++ line by line; a /* */ comment may span lines (block state 1
/// = inside one).
class CudaHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    /// What a piece of text is. Keyword covers C++ keywords and the CUDA qualifiers (__global__,
    /// __device__, __shared__, __host__, __restrict__, __forceinline__, ...): both are the language.
    enum class Kind { Keyword, Builtin, Intrinsic, Comment, Number, String, Preprocessor };
    static constexpr int kKinds = 7;

    explicit CudaHighlighter(QTextDocument* document);

    /// The format of `kind` (tests compare a block's format ranges with it).
    QTextCharFormat format(Kind kind) const { return m_formats[std::size_t(kind)]; }
    /// Sets the colours for a dark (true) or light background and highlights the document again.
    void setDark(bool dark);

protected:
    void highlightBlock(const QString& text) override;

private:
    std::array<QTextCharFormat, kKinds> m_formats;
};

} // namespace reducescope::views
