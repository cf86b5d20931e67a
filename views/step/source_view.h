// SPDX-License-Identifier: GPL-3.0-or-later
// The kernel source pane: an embedded kernels/cuda file with line numbers and the current step's
// lines highlighted. By default it shows the kernel as a student reads it (PMPP prints it so): the
// recording hooks (`probe.record(...)` lines) folded away and the step tags (`// @strategy.step`)
// left off, the line numbers still the file's.
#pragma once

#include <QPlainTextEdit>
#include <QString>
#include <QVector>

#include <functional>

namespace reducescope::views {

/// Where a line of code that is wider than `maxWidth` continues on a new row: the index in `line`
/// at which each continuation row starts (empty when the line fits). `width(text)` measures text in
/// the same unit as `maxWidth`; a continuation row is measured with `indent` before it. A line breaks
/// between statements, after an assignment, after a call's opening parenthesis or a comma or
/// semicolon of an argument list or a `for` header, or before a comment, and never inside square brackets, a string, or between a
/// keyword and its parenthesis, as long as such a place fits ("input[i +⏎1]" never happens). Only a
/// row with no such place in reach breaks inside a parenthesis at its lowest depth (then inside an
/// index, then inside a string), and only a row with no space in reach breaks between characters
/// (nothing is ever cut off).
QVector<qsizetype> codeRowStarts(const QString& line, const std::function<qreal(const QString&)>& width, qreal maxWidth,
                                 const QString& indent);

/// Read-only source text with a line-number gutter; highlightLines() marks and scrolls to lines.
/// Long lines wrap at the view's width where codeRowStarts() says (outside expressions; no
/// horizontal scroll bar, nothing cut off), continuation rows indented; a wrapped line keeps one
/// number. One text block per line of the file, so block n is line n+1 whether or not
/// the instrumentation is shown.
class SourceView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit SourceView(QWidget* parent = nullptr);

    /// Shows the recording hooks and step tags (true) or the kernel as printed in PMPP (false, the
    /// default): hook lines hidden, tags and the spaces before them left off. Line numbers and
    /// highlighted lines are the file's either way.
    void setInstrumentationShown(bool on);
    bool instrumentationShown() const { return m_instrumented; }
    /// Folded: as tall as the step's lines (from its first highlighted line to its last, on the
    /// rows they wrap to), at least kMinFoldedRows and at most kMaxFoldedRows rows, the step's first
    /// line at the top (presentation mode gives the picture the room); a click unfolds it
    /// (foldedChanged). Unfolded: as tall as its splitter says.
    void setFolded(bool on);
    bool folded() const { return m_folded; }
    static constexpr int kMinFoldedRows = 3;
    static constexpr int kMaxFoldedRows = 6;
    /// Height of the folded view: the step's lines (their rows, kMinFoldedRows..kMaxFoldedRows) and the frame, in pixels.
    int foldedHeight() const;

    /// The lines on screen, in order (hidden hook lines left out), and the file's line number
    /// (1-based) of each: what a student reads and the number beside it.
    QStringList displayedLines() const;
    QVector<int> displayedLineNumbers() const;

    /// Shows the embedded file `file` (model::kernel_source); a notice when it is not embedded.
    void showFile(const QString& file);
    QString file() const { return m_file; }
    /// Shows `text` under the name `name` (a source that is not embedded: the student's kernel from
    /// the kernel editor). The quiet colour of step tags and probe hooks applies as for a file.
    void showText(const QString& name, const QString& text);

    /// Highlights 1-based `lines` and scrolls the first into view.
    void highlightLines(const QVector<int>& lines);
    QVector<int> highlightedLines() const { return m_lines; }

    /// Monospaced, at the application font's size, at least 11 pt. Called at construction and
    /// when presentation mode changes the application font (its own font is explicit, so Qt's
    /// font propagation does not reach it).
    void fitToFont();

    /// Width of the line-number gutter in pixels.
    int gutterWidth() const;

    /// The rows each visible line takes on screen, as shown (continuation rows with their indent):
    /// one entry per displayed line, in order. Folded, every line is one row.
    QVector<QStringList> displayedRows() const;

signals:
    /// setFolded() or a click on the folded view changed the fold.
    void foldedChanged(bool folded);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void paintGutter(QPaintEvent* event);
    void applyHighlight();
    /// Puts the file's text in (tags left off unless instrumented) and hides the hook lines.
    void fillText();
    void fitMargins();
    /// The text width the lines are wrapped to (the viewport less the document margins), in pixels.
    qreal wrapWidth() const;
    /// Lays the lines out again when the width they were wrapped for changed.
    void rewrapIfNeeded();

    class Gutter;
    Gutter* m_gutter = nullptr;
    QString m_file;
    QString m_ownText;   ///< showText()'s text; empty when an embedded file is shown
    QVector<int> m_lines;
    QString m_text;              ///< the file as embedded (or the notice)
    QStringList m_shown;         ///< each block's line as shown (tags left off unless instrumented), unwrapped
    qreal m_wrappedFor = -1;     ///< wrapWidth() when the text was put in; -1: not wrapped (folded)
    bool m_filling = false;
    bool m_instrumented = false;
    bool m_folded = false;
    /// Recording hooks (`probe.record(...)` lines) and step tags (`// @strategy.step`) in the
    /// file: drawn in a quiet colour so students read the kernel, not the instrumentation.
    QList<QTextEdit::ExtraSelection> quietSelections() const;
};

} // namespace reducescope::views
