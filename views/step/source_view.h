// SPDX-License-Identifier: GPL-3.0-or-later
// The kernel source pane: an embedded kernels/cuda file with line numbers and the current step's
// lines highlighted. By default it shows the kernel as a student reads it (PMPP prints it so): the
// recording hooks (`probe.record(...)` lines) folded away and the step tags (`// @strategy.step`)
// left off, the line numbers still the file's.
#pragma once

#include <QPlainTextEdit>
#include <QString>
#include <QVector>

namespace reducescope::views {

/// Read-only source text with a line-number gutter; highlightLines() marks and scrolls to lines.
/// Long lines wrap at the view's width (no horizontal scroll bar, nothing cut off); a wrapped line
/// keeps one number. One text block per line of the file, so block n is line n+1 whether or not
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
    /// Folded: one line tall, showing the step's first highlighted line (presentation mode gives the
    /// picture the room); a click unfolds it (foldedChanged). Unfolded: as tall as its splitter says.
    void setFolded(bool on);
    bool folded() const { return m_folded; }
    /// Height of the folded view: one line of code and the frame, in pixels.
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

    class Gutter;
    Gutter* m_gutter = nullptr;
    QString m_file;
    QString m_ownText;   ///< showText()'s text; empty when an embedded file is shown
    QVector<int> m_lines;
    QString m_text;              ///< the file as embedded (or the notice)
    bool m_instrumented = false;
    bool m_folded = false;
    /// Recording hooks (`probe.record(...)` lines) and step tags (`// @strategy.step`) in the
    /// file: drawn in a quiet colour so students read the kernel, not the instrumentation.
    QList<QTextEdit::ExtraSelection> quietSelections() const;
};

} // namespace reducescope::views
