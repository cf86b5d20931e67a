// SPDX-License-Identifier: GPL-3.0-or-later
// The counters panel: this step's counters, running totals up to it, the trace totals, and the
// step's explanation; two traces side by side in compare mode.
#pragma once

#include "model/trace.h"

#include <QWidget>

#include <memory>

class QLabel;

namespace reducescope::views {

/// Counter table for one or two traces at a step. Values come from the traces' counters.
class CountersView : public QWidget {
    Q_OBJECT
public:
    explicit CountersView(QWidget* parent = nullptr);

    /// Shows `a` at step `stepA`, and `b` at `stepB` beside it when b is not null.
    void setTraces(std::shared_ptr<const model::Trace> a, int stepA,
                   std::shared_ptr<const model::Trace> b = nullptr, int stepB = 0);

    /// The panel as plain text (tests, the clipboard).
    QString plainText() const;

private:
    QLabel* m_label = nullptr;
};

/// Counters of steps 0..k summed (the running totals shown in the panel).
model::StepCounters runningTotals(const model::Trace& trace, int k);

} // namespace reducescope::views
