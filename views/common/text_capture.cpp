// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/text_capture.h"

#include <QPaintEngine>
#include <QWidget>

#include <cmath>

namespace reducescope::views {

class TextCapture::Engine : public QPaintEngine {
public:
    Engine()
        : QPaintEngine(QPaintEngine::AllFeatures)
    {
    }

    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    void updateState(const QPaintEngineState&) override {}
    void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
    void drawPath(const QPainterPath&) override {}
    void drawPolygon(const QPointF*, int, PolygonDrawMode) override {}
    void drawLines(const QLineF*, int) override {}
    void drawRects(const QRectF*, int) override {}
    void drawEllipse(const QRectF&) override {}
    void drawImage(const QRectF&, const QImage&, const QRectF&, Qt::ImageConversionFlags) override {}
    void drawTiledPixmap(const QRectF&, const QPixmap&, const QPointF&) override {}
    Type type() const override { return QPaintEngine::User; }

    void drawTextItem(const QPointF& p, const QTextItem& item) override
    {
        const QPointF at = state->transform().map(p);
        const qreal width = item.width();
        // The next run of the same line continues the previous entry.
        if (!texts.isEmpty() && std::abs(at.y() - lastY) < 0.5 && std::abs(at.x() - lastEnd) < 1.5)
            texts.back() += item.text();
        else
            texts << item.text();
        lastY = at.y();
        lastEnd = at.x() + width * state->transform().m11();
    }

    QStringList texts;
    qreal lastY = -1e9;
    qreal lastEnd = -1e9;
};

TextCapture::TextCapture(QSize size)
    : m_size(size)
    , m_engine(std::make_unique<Engine>())
{
}

TextCapture::~TextCapture() = default;

QPaintEngine* TextCapture::paintEngine() const { return m_engine.get(); }

QStringList TextCapture::strings() const { return m_engine->texts; }

int TextCapture::metric(PaintDeviceMetric metric) const
{
    switch (metric) {
    case PdmWidth: return m_size.width();
    case PdmHeight: return m_size.height();
    case PdmWidthMM: return int(m_size.width() * 25.4 / 96);
    case PdmHeightMM: return int(m_size.height() * 25.4 / 96);
    case PdmNumColors: return 1 << 24;
    case PdmDepth: return 32;
    case PdmDpiX:
    case PdmDpiY:
    case PdmPhysicalDpiX:
    case PdmPhysicalDpiY: return 96;
    case PdmDevicePixelRatio: return 1;
    case PdmDevicePixelRatioScaled: return int(QPaintDevice::devicePixelRatioFScale());
    }
    return 0;
}

QStringList paintedStrings(QWidget* widget)
{
    TextCapture capture(widget->size().expandedTo(QSize(1, 1)));
    widget->render(&capture, QPoint(), QRegion(), QWidget::DrawChildren);
    return capture.strings();
}

} // namespace reducescope::views
