// SPDX-License-Identifier: GPL-3.0-or-later
// The kernel source pane: an embedded kernels/cuda file with line numbers and the current step's
// lines highlighted.
#pragma once

#include <QPlainTextEdit>
#include <QString>
#include <QVector>

namespace reducescope::views {

/// Read-only source text with a line-number gutter; highlightLines() marks and scrolls to lines.
class SourceView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit SourceView(QWidget* parent = nullptr);

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

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void paintGutter(QPaintEvent* event);
    void applyHighlight();

    class Gutter;
    Gutter* m_gutter = nullptr;
    QString m_file;
    QString m_text;   ///< showText()'s text; empty when an embedded file is shown
    QVector<int> m_lines;
    /// Recording hooks (`probe.record(...)` lines) and step tags (`// @strategy.step`) in the
    /// file: drawn in a quiet colour so students read the kernel, not the instrumentation.
    QList<QTextEdit::ExtraSelection> quietSelections() const;
};

} // namespace reducescope::views
