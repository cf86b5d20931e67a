// SPDX-License-Identifier: GPL-3.0-or-later
// The step view: one step of a Trace, custom-painted for a classroom (large type, strong colours).
#pragma once

#include "model/trace.h"
#include "views/step_layout.h"
#include "views/view_colors.h"

#include <QWidget>

#include <memory>

namespace reducescope::views {

/// Renders steps[step] of a trace: cells, read->write arrows, lanes by warp, bank strip, atomics,
/// barrier, legend. Only reads the trace. Height follows width (put it in a QScrollArea).
class StepView : public QWidget {
    Q_OBJECT
public:
    explicit StepView(QWidget* parent = nullptr);

    /// Shows `trace` (may be null: an empty view); keeps the step index, clamped.
    void setTrace(std::shared_ptr<const model::Trace> trace);
    std::shared_ptr<const model::Trace> trace() const { return m_trace; }

    /// A band across the top saying where the trace came from (e.g. "Recorded on the GPU: NVIDIA
    /// H200 (sm_90) — 8 probe records"); empty for the step model. Exports include it.
    void setBanner(const QString& banner);
    QString banner() const { return m_banner; }

    /// Shows step k (clamped to the trace's steps).
    void setStep(int k);
    int step() const { return m_step; }

    /// Geometry of what is drawn at the current width (for tests and exports).
    const StepLayout& currentLayout() const;
    /// Layout of the current step at another width (exports).
    StepLayout layoutForWidth(int width) const;

    /// Paints `layout` with this view's colours (background included) at the painter's origin.
    void paintLayout(QPainter& painter, const StepLayout& layout) const;

    const ViewColors& colors() const { return m_colors; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// Emitted after each paint event (first-frame timing).
    void painted();

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void invalidate();

    std::shared_ptr<const model::Trace> m_trace;
    int m_step = 0;
    QString m_banner;
    ViewColors m_colors;
    mutable StepLayout m_layout;
    mutable bool m_layoutValid = false;
};

} // namespace reducescope::views
