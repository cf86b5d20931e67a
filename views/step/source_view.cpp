// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/step/source_view.h"

#include "model/kernel_sources.h"
#include "views/common/code_gutter.h"
#include "views/common/view_colors.h"

#include <QMouseEvent>
#include <QScrollBar>
#include <QFontMetricsF>
#include <QPaintEvent>
#include <QPainter>
#include <QTextBlock>

#include <cmath>

namespace reducescope::views {
namespace {

// A recording hook: a line whose statement is a probe call (kernels/cuda: `probe.record(...)`).
bool isHookLine(const QString& text) { return text.trimmed().startsWith(QLatin1String("probe.")); }

// `line` without its step tag (`// @simple.tree`) and the spaces before it.
QString withoutTag(const QString& line)
{
    const qsizetype tag = line.indexOf(QLatin1String("// @"));
    if (tag < 0)
        return line;
    QString out = line.left(tag);
    while (!out.isEmpty() && out.back().isSpace())
        out.chop(1);
    return out;
}

} // namespace

// The line-number gutter: views/common/code_gutter.h's, under the name the header declares.
class SourceView::Gutter : public CodeGutter {
public:
    using CodeGutter::CodeGutter;
};

SourceView::SourceView(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_gutter(new Gutter(this, [this] { return gutterWidth(); }, [this](QPaintEvent* e) { paintGutter(e); }))
{
    setReadOnly(true);
    // Long lines wrap at the view's width: nothing is cut off and no horizontal scroll bar comes
    // and goes with the column's width (the counters layout showed one).
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    fitToFont();
    connect(this, &QPlainTextEdit::blockCountChanged, this, &SourceView::fitMargins);
    fitMargins();
}

void SourceView::fitMargins()
{
    // The gutter grows with the font (presentation mode): the text starts after it, never under it.
    setViewportMargins(gutterWidth(), 0, 0, 0);
    const QRect cr = contentsRect();
    m_gutter->setGeometry(QRect(cr.left(), cr.top(), gutterWidth(), cr.height()));
}

void SourceView::showText(const QString& name, const QString& text)
{
    if (name == m_file && !text.isEmpty() && text == m_ownText && !document()->isEmpty())
        return;
    m_file = name;
    m_ownText = text;
    m_text = text;
    fillText();
}

void SourceView::showFile(const QString& file)
{
    if (file == m_file && m_ownText.isEmpty() && !document()->isEmpty())
        return;
    m_file = file;
    m_ownText.clear();
    const std::string name = file.toStdString();
    const std::string_view text = model::kernel_source(name);
    if (text.empty())
        m_text = tr("// %1 is not embedded in this build: kernels/cuda has no such file yet.")
                     .arg(file.isEmpty() ? tr("(no kernel file)") : file);
    else
        m_text = QString::fromUtf8(text.data(), qsizetype(text.size()));
    fillText();
}

void SourceView::fillText()
{
    QStringList lines = m_text.split(QLatin1Char('\n'));
    // A student's own text (the kernel editor's) is shown as written: nothing in it is a hook or
    // tag of the catalogue's recording, even when it began as a copy of a catalogue file.
    const bool own = !m_ownText.isEmpty();
    if (!m_instrumented && !own)
        for (QString& line : lines)
            line = withoutTag(line);
    setPlainText(lines.join(QLatin1Char('\n')));
    // One block per line of the file: hidden hook lines keep the numbering of the rest.
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next())
        block.setVisible(m_instrumented || own || !isHookLine(block.text()));
    document()->markContentsDirty(0, document()->characterCount());
    fitMargins();
    applyHighlight();
}

void SourceView::setInstrumentationShown(bool on)
{
    if (on == m_instrumented)
        return;
    m_instrumented = on;
    fillText();
}

int SourceView::foldedHeight() const
{
    // The line starts one document margin down; below it, no room for a sliver of the next one.
    return fontMetrics().lineSpacing() + 2 * frameWidth() + int(std::ceil(document()->documentMargin())) + 1;
}

void SourceView::setFolded(bool on)
{
    if (on == m_folded)
        return;
    m_folded = on;
    // Folded: the one line does not wrap (its end may run past the edge); unfolded it wraps.
    setLineWrapMode(on ? QPlainTextEdit::NoWrap : QPlainTextEdit::WidgetWidth);
    setMaximumHeight(on ? foldedHeight() : QWIDGETSIZE_MAX);
    setVerticalScrollBarPolicy(on ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded);
    setToolTip(on ? tr("The kernel source, folded to the step's line: click to unfold it (S)") : QString());
    applyHighlight();
    emit foldedChanged(on);
}

void SourceView::mousePressEvent(QMouseEvent* event)
{
    if (m_folded && event->button() == Qt::LeftButton) {
        setFolded(false);
        event->accept();
        return;
    }
    QPlainTextEdit::mousePressEvent(event);
}

QStringList SourceView::displayedLines() const
{
    QStringList out;
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next())
        if (block.isVisible())
            out << block.text();
    return out;
}

QVector<int> SourceView::displayedLineNumbers() const
{
    QVector<int> out;
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next())
        if (block.isVisible())
            out << block.blockNumber() + 1;
    return out;
}

void SourceView::highlightLines(const QVector<int>& lines)
{
    m_lines = lines;
    applyHighlight();
}

void SourceView::applyHighlight()
{
    const ViewColors colors = ViewColors::fromPalette(palette());
    QColor band = colors.written;
    band.setAlphaF(colors.dark ? 0.35 : 0.18);
    QList<QTextEdit::ExtraSelection> selections;
    for (int line : m_lines) {
        const QTextBlock block = document()->findBlockByNumber(line - 1);
        if (!block.isValid())
            continue;
        QTextEdit::ExtraSelection sel;
        sel.format.setBackground(band);
        sel.format.setProperty(QTextFormat::FullWidthSelection, true);
        sel.cursor = QTextCursor(block);
        selections.push_back(sel);
    }
    if (m_instrumented)
        selections += quietSelections();  // after the bands, so the quiet colour wins on highlighted lines
    setExtraSelections(selections);
    if (!m_lines.isEmpty()) {
        const QTextBlock first = document()->findBlockByNumber(m_lines.front() - 1);
        if (first.isValid()) {
            // Centre the step's first line, so a little context shows above it; folded, that line
            // is the one line shown.
            QTextCursor cursor(first);
            setTextCursor(cursor);
            if (m_folded)
                verticalScrollBar()->setValue(first.firstLineNumber());
            else
                centerCursor();
        }
    }
    m_gutter->update();
}

QList<QTextEdit::ExtraSelection> SourceView::quietSelections() const
{
    QColor quiet = palette().color(QPalette::Text);
    quiet.setAlphaF(0.38);
    QList<QTextEdit::ExtraSelection> out;
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        const QString text = block.text();
        int from = -1;
        if (text.trimmed().startsWith(QLatin1String("probe.")))
            from = int(text.indexOf(QLatin1String("probe.")));
        else if (const int tag = int(text.indexOf(QLatin1String("// @"))); tag >= 0)
            from = tag;
        if (from < 0)
            continue;
        QTextEdit::ExtraSelection sel;
        sel.format.setForeground(quiet);
        sel.cursor = QTextCursor(block);
        sel.cursor.setPosition(block.position() + from);
        sel.cursor.setPosition(block.position() + int(text.size()), QTextCursor::KeepAnchor);
        out.push_back(sel);
    }
    return out;
}

int SourceView::gutterWidth() const { return codeGutterWidth(*this, 12); }

void SourceView::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    fitMargins();
}

void SourceView::fitToFont()
{
    setFont(codeFont());
    fitMargins();
    if (m_folded)
        setMaximumHeight(foldedHeight());
}

void SourceView::changeEvent(QEvent* event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyHighlight();
    else if (event->type() == QEvent::FontChange)
        fitMargins();
}

void SourceView::paintGutter(QPaintEvent* event)
{
    const ViewColors colors = ViewColors::fromPalette(palette());
    QPainter p(m_gutter);
    p.fillRect(event->rect(), palette().color(QPalette::AlternateBase));
    p.setFont(font());
    const qreal lineHeight = QFontMetricsF(font()).lineSpacing();
    const QTextBlock first = firstVisibleBlock();
    forEachGutterLine(*this, first, blockBoundingGeometry(first).translated(contentOffset()).top(), event->rect(),
                      [&](int number, qreal top, qreal h) {
        const bool marked = m_lines.contains(number + 1);
        QFont f = font();
        f.setBold(marked);
        p.setFont(f);
        p.setPen(marked ? colors.written : colors.mutedText);
        // A wrapped line: its number beside its first row.
        p.drawText(QRectF(0, top, m_gutter->width() - 6, std::min(h, lineHeight)), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(number + 1));
    });
}

} // namespace reducescope::views
