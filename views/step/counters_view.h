// SPDX-License-Identifier: GPL-3.0-or-later
// The counters panel: this step's counters, running totals up to it, the trace totals, and the
// step's explanation; two traces side by side in compare mode.
#pragma once

#include "model/trace.h"

#include <QString>
#include <QVector>
#include <QWidget>

#include <memory>
#include <optional>

class QLabel;

namespace reducescope::views {

/// Model figures beside Nsight Compute's for one strategy, prepared by the app from a results
/// file (docs/hardware-counters.md); the view only renders it.
struct HardwareComparison {
    /// One measured quantity: the model's figure, the hardware's, and why they agree or differ.
    struct Row {
        QString quantity;     ///< e.g. "divergent branches"
        QString modelName;    ///< what the model counts, e.g. "divergent warp-steps"
        QString metric;       ///< the ncu metric, e.g. "smsp__sass_branch_targets_threads_divergent.sum"
        QString model;        ///< the model's figure as text
        QString hardware;     ///< the hardware's figure, or "not collected"
        QString why;          ///< one line: why they agree or differ
        bool agree = false;
        bool measured = true; ///< false: the file has no hardware figure for it
    };
    QString title;            ///< e.g. "shared: model vs hardware (Nsight Compute, NVIDIA H200)"
    QString config;           ///< what was measured: n, block size, launches
    QString configNote;       ///< set when the trace on screen has another configuration
    QVector<Row> rows;        ///< empty when the file has nothing for this strategy
    QString note;             ///< anything else (no entry for the strategy, the file's model differs, ...)
    QString file;             ///< the results file it came from
};

/// One trace at one step as the counters panel shows it, with the model's running totals of
/// steps 0..step (model::running_totals()): the view shows the sums it is given.
struct TraceAtStep {
    std::shared_ptr<const model::Trace> trace;
    int step = 0;                      ///< 0-based, clamped to the trace's steps
    model::StepCounters throughStep;   ///< counters of steps 0..step summed
};

/// Counter table for one or two traces at a step. Values come from the traces' counters.
class CountersView : public QWidget {
    Q_OBJECT
public:
    explicit CountersView(QWidget* parent = nullptr);

    /// Shows `a`, and `b` beside it when b.trace is not null (in compare mode the running totals
    /// are not shown: this step and the whole trace of each).
    void setTraces(const TraceAtStep& a, const TraceAtStep& b = {});

    /// Heads the panel with `banner` (empty: none). `probeRecording`: trace `a` was recorded by a
    /// GPU probe ("Recorded on the GPU: ..."), so the counters a probe cannot see read "not recorded"
    /// with a note why; false (a model trace, the CPU engine's trace of an own kernel): every
    /// counter is the trace's.
    void setRecordedBanner(const QString& banner, bool probeRecording = true);

    /// Shows model vs hardware under the counters (nullopt: hidden).
    void setHardwareComparison(const std::optional<HardwareComparison>& comparison);
    /// The model-vs-hardware section as plain text, empty when hidden.
    QString hardwareText() const;

    /// The panel as plain text (tests, the clipboard).
    QString plainText() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void render();

    QLabel* m_banner = nullptr;
    QLabel* m_label = nullptr;
    QLabel* m_hardware = nullptr;
    TraceAtStep m_a, m_b;
    QString m_recordedBanner;
    bool m_probeRecording = false;  ///< the banner's trace is a GPU probe's recording
};

} // namespace reducescope::views
