// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/code_gutter.h"

#include <QApplication>
#include <QFontDatabase>
#include <QFontInfo>
#include <QPlainTextEdit>

#include <algorithm>
#include <utility>

namespace reducescope::views {

CodeGutter::CodeGutter(QPlainTextEdit* view, std::function<int()> width, std::function<void(QPaintEvent*)> paint)
    : QWidget(view)
    , m_width(std::move(width))
    , m_paint(std::move(paint))
{
    connect(view, &QPlainTextEdit::updateRequest, this, [this](const QRect& rect, int dy) {
        if (dy)
            scroll(0, dy);
        else
            update(0, rect.y(), this->width(), rect.height());
    });
}

QSize CodeGutter::sizeHint() const { return QSize(m_width(), 0); }

void CodeGutter::paintEvent(QPaintEvent* event) { m_paint(event); }

int codeGutterWidth(const QPlainTextEdit& view, int padding)
{
    int digits = 1;
    for (int max = std::max(1, view.blockCount()); max >= 10; max /= 10)
        ++digits;
    return padding + view.fontMetrics().horizontalAdvance(QLatin1Char('9')) * std::max(3, digits);
}

QFont codeFont()
{
    const QFont window = QApplication::font();
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(11);
    if (window.pixelSize() > 0)
        mono.setPixelSize(std::max(window.pixelSize(), QFontInfo(mono).pixelSize()));
    else
        mono.setPointSizeF(std::max<qreal>(11, window.pointSizeF()));
    return mono;
}

} // namespace reducescope::views
