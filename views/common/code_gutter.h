// SPDX-License-Identifier: GPL-3.0-or-later
// What the two code views share (views/kernel/kernel_editor.h, the student's editable kernel, and
// views/step/source_view.h, the read-only catalogue source): the line-number gutter at the view's
// left edge that follows its scrolling, the gutter's width, and the monospaced code font. Each view
// paints its own numbers and marks in the gutter.
#pragma once

#include <QAbstractTextDocumentLayout>
#include <QFont>
#include <QPlainTextEdit>
#include <QTextBlock>
#include <QTextDocument>
#include <QWidget>

#include <functional>

class QPaintEvent;

namespace reducescope::views {

/// The line-number strip of a code view (a child of `view`). Its width comes from `width` (pixels,
/// the view's gutterWidth()) and `paint` draws it (the view's paintGutter()); it scrolls with the
/// view's text and repaints the strip beside every part of the text the view repaints. The view
/// sets its geometry and the viewport margin that leaves it room.
class CodeGutter : public QWidget {
public:
    CodeGutter(QPlainTextEdit* view, std::function<int()> width, std::function<void(QPaintEvent*)> paint);
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::function<int()> m_width;
    std::function<void(QPaintEvent*)> m_paint;
};

/// Width in pixels of the gutter for `view`'s line numbers: as many digits as its last line number
/// has, at least three, in the view's font, plus `padding` pixels (the room of the view's marks).
int codeGutterWidth(const QPlainTextEdit& view, int padding);

/// Calls `line(number, top, height)` for each shown line of `view` beside the gutter's exposed
/// rectangle `exposed`, in order: `number` is the 0-based line, `top` and `height` (pixels, gutter
/// coordinates) its block's. `first` is the view's first visible block and `top` its top in gutter
/// coordinates (QPlainTextEdit::firstVisibleBlock() and blockBoundingGeometry(first)
/// .translated(contentOffset()).top(), which only the view can ask).
template <class Line>
void forEachGutterLine(const QPlainTextEdit& view, QTextBlock first, qreal top, const QRect& exposed, Line&& line)
{
    const QAbstractTextDocumentLayout* layout = view.document()->documentLayout();
    for (int number = first.blockNumber(); first.isValid() && top <= exposed.bottom(); first = first.next(), ++number) {
        const qreal h = layout->blockBoundingRect(first).height();
        if (first.isVisible() && top + h >= exposed.top())
            line(number, top, h);
        top += h;
    }
}

/// The code font: the system's monospaced font at the application font's size, never below 11 pt
/// (presentation mode sets the application font in pixels, so the code grows with it). A view sets
/// it explicitly, so the application font's later changes reach it only through this function.
QFont codeFont();

} // namespace reducescope::views
