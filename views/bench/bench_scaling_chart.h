// SPDX-License-Identifier: GPL-3.0-or-later
// Multi-GPU scaling (`bench --gpus K`): kernel-plus-combine time and bandwidth against the GPU
// count K, one line per combine (nccl_allreduce, nccl_reduce, p2p, collective_baseline), at one N.
// Shows the GPU count, and says plainly when only one GPU or no NCCL is available. Draws the
// multi-GPU results of the results file it is given (those with `gpus` and `combine`); only
// verified ones with a time, algbw and busbw are drawn, the others are flagged.
#pragma once

#include "views/bench/bench_display.h"

#include <QList>
#include <QString>
#include <QWidget>

#include <vector>

class QCustomPlot;
class QLabel;
class QComboBox;

namespace reducescope::views {

class BenchScalingChart : public QWidget {
    Q_OBJECT
public:
    explicit BenchScalingChart(QWidget* parent = nullptr);

    /// What this machine offers: `gpuCount` CUDA devices (0: none; -1: unknown, nothing said) and
    /// whether the CLI was built with NCCL (default: this build's REDUCESCOPE_HAVE_NCCL). Drives
    /// the message above the charts.
    void setAvailability(int gpuCount, bool ncclBuilt);
    /// The multi-GPU results of `file` to draw (all sizes; the N selector picks one, the largest
    /// by default). A file without any shows what to run. The chart keeps a copy of those results.
    void setResults(const bench::ResultsFile& file);

    /// The message shown above the charts (for tests).
    QString message() const;
    /// The sizes offered by the N selector, ascending.
    QList<qint64> sizes() const;
    /// The N drawn now (0 when nothing is drawn).
    qint64 currentN() const;
    /// Selects the N drawn (ignored if absent).
    void setCurrentN(qint64 n);
    /// The combines drawn as lines, in legend order.
    QStringList drawnCombines() const;
    /// Results at the current N that are not drawn because they are not verified ("K=2 p2p: skipped").
    QStringList flags() const { return m_flags; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void updateMessage();

    QLabel* m_message = nullptr;
    QComboBox* m_sizes = nullptr;
    QCustomPlot* m_time = nullptr;
    QCustomPlot* m_bandwidth = nullptr;
    std::vector<bench::Result> m_results;  ///< the file's results with multi_gpu, in file order
    QStringList m_flags;
    int m_gpuCount = -1;  // -1: not told
    bool m_ncclBuilt = true;
};

} // namespace reducescope::views
