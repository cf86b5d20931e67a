// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/kernel/kernel_editor.h"

#include "views/common/code_gutter.h"
#include "views/common/model_text.h"
#include "views/common/view_colors.h"
#include "views/kernel/cuda_highlighter.h"

#include <QHelpEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QTextBlock>
#include <QToolTip>

#include <algorithm>

namespace reducescope::views {

// The line-number gutter: views/common/code_gutter.h's, under the name the header declares.
class KernelEditor::Gutter : public CodeGutter {
public:
    using CodeGutter::CodeGutter;
};

KernelEditor::KernelEditor(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_gutter(new Gutter(this, [this] { return gutterWidth(); }, [this](QPaintEvent* e) { paintGutter(e); }))
    , m_highlighter(new CudaHighlighter(document()))
{
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabChangesFocus(false);
    fitToFont();
    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { setViewportMargins(gutterWidth(), 0, 0, 0); });
    setViewportMargins(gutterWidth(), 0, 0, 0);
    m_highlighter->setDark(ViewColors::fromPalette(palette()).dark);
}

void KernelEditor::setMarks(const QVector<KernelMark>& marks)
{
    m_marks = marks;
    applyMarks();
}

QColor KernelEditor::markColor(KernelMark::Severity severity) const
{
    const bool dark = ViewColors::fromPalette(palette()).dark;
    switch (severity) {
    case KernelMark::Severity::Warning: return dark ? QColor(0xff, 0xc1, 0x07) : QColor(0xb2, 0x6b, 0x00);
    case KernelMark::Severity::Note: return dark ? QColor(0x90, 0xca, 0xf9) : QColor(0x15, 0x65, 0xc0);
    case KernelMark::Severity::Fault: return dark ? QColor(0xff, 0x80, 0x40) : QColor(0xd0, 0x40, 0x00);
    case KernelMark::Severity::Error: break;
    }
    return dark ? QColor(0xff, 0x5c, 0x5c) : QColor(0xd0, 0x00, 0x00);
}

void KernelEditor::applyMarks()
{
    QList<QTextEdit::ExtraSelection> selections;
    for (const KernelMark& m : m_marks) {
        if (m.line <= 0)
            continue;
        const QTextBlock block = document()->findBlockByNumber(lineOf(m) - 1);
        if (!block.isValid())
            continue;
        // The underline starts at the mark's column (Clang's caret) and runs to the line's end; a
        // line of blanks only, or a column past the end, is underlined whole.
        const QString text = block.text();
        int from = m.column > 0 ? std::min(m.column - 1, int(text.size())) : 0;
        int indent = 0;
        while (indent < text.size() && text[indent].isSpace())
            ++indent;
        if (m.column <= 0 || from >= text.size())
            from = indent < text.size() ? indent : 0;
        QTextEdit::ExtraSelection sel;
        sel.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        sel.format.setUnderlineColor(markColor(m.severity));
        sel.format.setToolTip(lineToolTip(m.line));
        sel.cursor = QTextCursor(block);
        sel.cursor.setPosition(block.position() + from);
        sel.cursor.setPosition(block.position() + std::max(std::min(from + 1, int(text.size())), int(text.size())),
                               QTextCursor::KeepAnchor);
        selections.push_back(sel);
    }
    setExtraSelections(selections);
    m_gutter->update();
}

int KernelEditor::lineOf(const KernelMark& m) const
{
    // Past the end (a trailing newline's empty block, an "end of file" diagnostic): the last line
    // with text, so the underline is seen.
    QTextBlock block = document()->findBlockByNumber(std::min(m.line, std::max(1, blockCount())) - 1);
    if (m.line > blockCount() || !block.isValid())
        for (block = document()->lastBlock(); block.isValid() && block.text().trimmed().isEmpty() && block.previous().isValid();)
            block = block.previous();
    return block.isValid() ? block.blockNumber() + 1 : 1;
}

QString markMessage(const KernelMark& mark)
{
    return mark.text.empty() ? mark.message : modelText(mark.text);
}

QString KernelEditor::lineToolTip(int line) const
{
    QStringList out;
    for (const KernelMark& m : m_marks)
        if (m.line > 0 && lineOf(m) == line)
            out << markMessage(m);
    return out.join(QLatin1Char('\n'));
}

QVector<int> KernelEditor::underlinedLines() const
{
    QVector<int> out;
    for (const QTextEdit::ExtraSelection& s : extraSelections())
        if (s.format.underlineStyle() == QTextCharFormat::WaveUnderline)
            out << s.cursor.block().blockNumber() + 1;
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

void KernelEditor::jumpTo(int line, int column)
{
    const QTextBlock block = document()->findBlockByNumber(std::clamp(line, 1, std::max(1, blockCount())) - 1);
    QTextCursor c(block);
    c.setPosition(block.position() + std::clamp(column - 1, 0, int(block.text().size())));
    setTextCursor(c);
    centerCursor();
    setFocus(Qt::OtherFocusReason);
}

int KernelEditor::cursorLine() const { return textCursor().blockNumber() + 1; }

bool KernelEditor::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        // Over the text or the gutter: the marks of the line under the pointer.
        const QPoint inViewport = viewport()->mapFromGlobal(help->globalPos());
        const QTextCursor c = cursorForPosition(QPoint(std::max(0, inViewport.x()), inViewport.y()));
        const QString tip = lineToolTip(c.blockNumber() + 1);
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QPlainTextEdit::event(event);
}

int KernelEditor::gutterWidth() const { return codeGutterWidth(*this, 16); }

void KernelEditor::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect cr = contentsRect();
    m_gutter->setGeometry(QRect(cr.left(), cr.top(), gutterWidth(), cr.height()));
}

void KernelEditor::fitToFont()
{
    setFont(codeFont());
    setTabStopDistance(4 * fontMetrics().horizontalAdvance(QLatin1Char(' ')));
    setViewportMargins(gutterWidth(), 0, 0, 0);
}

void KernelEditor::changeEvent(QEvent* event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        m_highlighter->setDark(ViewColors::fromPalette(palette()).dark);
        applyMarks();
    } else if (event->type() == QEvent::ApplicationFontChange) {
        fitToFont();
    }
}

void KernelEditor::paintGutter(QPaintEvent* event)
{
    const ViewColors colors = ViewColors::fromPalette(palette());
    QPainter p(m_gutter);
    p.fillRect(event->rect(), palette().color(QPalette::AlternateBase));
    const QTextBlock first = firstVisibleBlock();
    forEachGutterLine(*this, first, blockBoundingGeometry(first).translated(contentOffset()).top(), event->rect(),
                      [&](int number, qreal top, qreal h) {
        const KernelMark* mark = nullptr;
        for (const KernelMark& m : m_marks)
            if (m.line > 0 && lineOf(m) == number + 1 && (!mark || m.severity < mark->severity))
                mark = &m;
        QFont f = font();
        f.setBold(mark != nullptr);
        p.setFont(f);
        p.setPen(mark ? markColor(mark->severity) : colors.mutedText);
        if (mark)  // a bar at the gutter's edge: the line has a mark even where colour is not seen
            p.fillRect(QRectF(m_gutter->width() - 4, top, 3, h), markColor(mark->severity));
        p.drawText(QRectF(0, top, m_gutter->width() - 8, h), Qt::AlignRight | Qt::AlignVCenter, QString::number(number + 1));
    });
}

} // namespace reducescope::views
