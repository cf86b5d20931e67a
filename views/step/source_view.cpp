// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/step/source_view.h"

#include "model/kernel_sources.h"
#include "views/common/view_colors.h"

#include <QApplication>
#include <QFontDatabase>
#include <QFontInfo>
#include <QPaintEvent>
#include <QPainter>
#include <QTextBlock>

namespace reducescope::views {

class SourceView::Gutter : public QWidget {
public:
    explicit Gutter(SourceView* view) : QWidget(view), m_view(view) {}
    QSize sizeHint() const override { return QSize(m_view->gutterWidth(), 0); }

protected:
    void paintEvent(QPaintEvent* event) override { m_view->paintGutter(event); }

private:
    SourceView* m_view;
};

SourceView::SourceView(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_gutter(new Gutter(this))
{
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    fitToFont();
    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { setViewportMargins(gutterWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& rect, int dy) {
        if (dy)
            m_gutter->scroll(0, dy);
        else
            m_gutter->update(0, rect.y(), m_gutter->width(), rect.height());
    });
    setViewportMargins(gutterWidth(), 0, 0, 0);
}

void SourceView::showText(const QString& name, const QString& text)
{
    if (name == m_file && text == m_text && !document()->isEmpty())
        return;
    m_file = name;
    m_text = text;
    setPlainText(text);
    applyHighlight();
}

void SourceView::showFile(const QString& file)
{
    if (file == m_file && m_text.isEmpty() && !document()->isEmpty())
        return;
    m_file = file;
    m_text.clear();
    const std::string name = file.toStdString();
    const std::string_view text = model::kernel_source(name);
    if (text.empty())
        setPlainText(tr("// %1 is not embedded in this build: kernels/cuda has no such file yet.")
                         .arg(file.isEmpty() ? tr("(no kernel file)") : file));
    else
        setPlainText(QString::fromUtf8(text.data(), qsizetype(text.size())));
    applyHighlight();
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
    selections += quietSelections();  // after the bands, so the quiet colour wins on highlighted lines
    setExtraSelections(selections);
    if (!m_lines.isEmpty()) {
        const QTextBlock first = document()->findBlockByNumber(m_lines.front() - 1);
        if (first.isValid()) {
            // Centre the step's first line, so a little context shows above it.
            QTextCursor cursor(first);
            setTextCursor(cursor);
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

int SourceView::gutterWidth() const
{
    int digits = 1;
    for (int max = std::max(1, blockCount()); max >= 10; max /= 10)
        ++digits;
    return 12 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * std::max(3, digits);
}

void SourceView::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect cr = contentsRect();
    m_gutter->setGeometry(QRect(cr.left(), cr.top(), gutterWidth(), cr.height()));
}

void SourceView::fitToFont()
{
    // Monospaced at the window's text size, never below 11 pt (presentation mode sets the window's
    // text in pixels: the code grows with it).
    const QFont window = QApplication::font();
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(11);
    if (window.pixelSize() > 0)
        mono.setPixelSize(std::max(window.pixelSize(), QFontInfo(mono).pixelSize()));
    else
        mono.setPointSizeF(std::max<qreal>(11, window.pointSizeF()));
    setFont(mono);
}

void SourceView::changeEvent(QEvent* event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyHighlight();
}

void SourceView::paintGutter(QPaintEvent* event)
{
    const ViewColors colors = ViewColors::fromPalette(palette());
    QPainter p(m_gutter);
    p.fillRect(event->rect(), palette().color(QPalette::AlternateBase));
    QTextBlock block = firstVisibleBlock();
    int number = block.blockNumber();
    qreal top = blockBoundingGeometry(block).translated(contentOffset()).top();
    p.setFont(font());
    while (block.isValid() && top <= event->rect().bottom()) {
        const qreal h = blockBoundingRect(block).height();
        if (block.isVisible() && top + h >= event->rect().top()) {
            const bool marked = m_lines.contains(number + 1);
            QFont f = font();
            f.setBold(marked);
            p.setFont(f);
            p.setPen(marked ? colors.written : colors.mutedText);
            p.drawText(QRectF(0, top, m_gutter->width() - 6, h), Qt::AlignRight | Qt::AlignVCenter,
                       QString::number(number + 1));
        }
        block = block.next();
        top += h;
        ++number;
    }
}

} // namespace reducescope::views
