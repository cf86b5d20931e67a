// SPDX-License-Identifier: GPL-3.0-or-later
// The kernel editor's text widget: a CUDA C++ editor with a line-number gutter, syntax highlighting
// (views/kernel/cuda_highlighter.h) and the engine's diagnostics and faults marked where they
// are: a wave underline on the line, the message as the line's tooltip, the line number in the
// gutter in the mark's colour. It shows what it is given; the app runs the compiler and the engine.
#pragma once

#include "model/text.h"

#include <QPlainTextEdit>
#include <QString>
#include <QVector>

namespace reducescope::views {

class CudaHighlighter;

/// One thing the engine said about a line of the source: a compile error or warning (Clang's
/// diagnostic, `reducescope-cli kernel check/trace`, exit 2) or a kernel fault found while it ran
/// (exit 1: a data race, a barrier reached by part of a block, an out-of-bounds access, ...).
struct KernelMark {
    enum class Severity { Error, Warning, Note, Fault };  ///< Note: a compiler's note ("declared here")
    Severity severity = Severity::Error;
    int line = 0;        ///< 1-based; 0: the whole source (no line)
    int column = 0;      ///< 1-based; 0: none
    QString kind;        ///< a fault's kind as the engine names it ("race", "barrier", ...); empty for diagnostics
    QString message;     ///< the engine's text, as it said it (English)
    /// A fault's message as a message of the model (model::Fault::text): shown in the window's
    /// language (markMessage). Empty for diagnostics and for a fault an older CLI gave as text only.
    model::Text text;
    int step = -1;       ///< a fault's step (0-based), -1 when none
    QVector<int> lanes;  ///< a fault's lanes (global thread indices)
};

/// What a mark says, in the window's language: modelText(mark.text) when the mark has a text,
/// else its message as the engine said it.
QString markMessage(const KernelMark& mark);

class KernelEditor : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit KernelEditor(QWidget* parent = nullptr);

    CudaHighlighter* highlighter() const { return m_highlighter; }

    /// Marks to show (replacing the previous ones). A mark past the last line goes on the last line
    /// with text.
    void setMarks(const QVector<KernelMark>& marks);
    const QVector<KernelMark>& marks() const { return m_marks; }
    /// The tooltip of 1-based `line`: its marks' messages, one a line; empty when it has none.
    QString lineToolTip(int line) const;
    /// 1-based lines that carry an underline now (ascending, each once).
    QVector<int> underlinedLines() const;

    /// Puts the cursor at 1-based line and column (clamped), centres it and takes the focus.
    void jumpTo(int line, int column = 1);
    /// 1-based line of the text cursor.
    int cursorLine() const;

    /// Monospaced at the application font's size, at least 11 pt (as views::SourceView), so
    /// presentation mode's larger text reaches the code too.
    void fitToFont();
    int gutterWidth() const;

protected:
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void paintGutter(class QPaintEvent* event);
    void applyMarks();
    /// The 1-based line a mark is shown on (past the end: the last line with text).
    int lineOf(const KernelMark& mark) const;
    QColor markColor(KernelMark::Severity severity) const;

    class Gutter;
    Gutter* m_gutter = nullptr;
    CudaHighlighter* m_highlighter = nullptr;
    QVector<KernelMark> m_marks;
};

} // namespace reducescope::views
