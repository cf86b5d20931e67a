// SPDX-License-Identifier: GPL-3.0-or-later
// Which words a custom-painted widget or a chart shows, without reading pixels: a paint device
// whose engine draws nothing and records every text item painted on it (tst_language's test for
// English left in the Chinese window, and StepView::paintedStrings()).
#pragma once

#include <QPaintDevice>
#include <QSize>
#include <QStringList>

#include <memory>

class QWidget;

namespace reducescope::views {

/// A paint device of `size` pixels (at 96 dpi) that records the text painted on it. Text items
/// that QPainter splits (a line of mixed scripts, a run per font) are joined again when they sit
/// on one baseline side by side, so strings() holds one entry per painted line.
class TextCapture : public QPaintDevice {
public:
    explicit TextCapture(QSize size);
    ~TextCapture() override;

    QPaintEngine* paintEngine() const override;
    /// The painted lines, in painting order.
    QStringList strings() const;

protected:
    int metric(PaintDeviceMetric metric) const override;

private:
    class Engine;
    QSize m_size;
    std::unique_ptr<Engine> m_engine;
};

/// The lines of text `widget` (and its visible children) paints at its current size.
QStringList paintedStrings(QWidget* widget);

} // namespace reducescope::views
