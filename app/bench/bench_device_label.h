// SPDX-License-Identifier: GPL-3.0-or-later
// The line at the top of the benchmark pane: which results are shown and where they were recorded
// (GPU, SMs, L2, peak, driver; date, mode, cache, reps, sweep, an incomplete run), the comparison file's, and what this
// machine can run (its GPU, no CUDA device, a build without CUDA kernels). It keeps the facts and
// words them in the window's language, again on a language change.
#pragma once

#include "bench/results_file.h"

#include <QLabel>

#include <optional>

namespace reducescope::app {

class BenchDeviceLabel : public QLabel {
    Q_OBJECT
public:
    explicit BenchDeviceLabel(QWidget* parent = nullptr);

    /// The results shown (null: none) and the comparison file (null: none), each with where it
    /// came from (`shownSource`, `comparedSource`: a file name, or "run" for this run); only their
    /// device, date, params and `incomplete` are kept (copied: the files may go after the call).
    void setResults(const bench::ResultsFile* shown, const QString& shownSource, const bench::ResultsFile* compared,
                    const QString& comparedSource);
    /// The answer of the device probe: this machine's GPU, or none (`noDevice`: no CUDA device;
    /// else the GPU is unknown), with the reason.
    void setLocalDevice(const std::optional<bench::Device>& device, bool noDevice, const QString& why);
    /// Where the GPU work goes (app/common/gpu_host.h): a GPU host's destination, or empty for this
    /// computer. The local-device line then names the host ("GPU 0 of GPU host gpu1: ...").
    void setGpuHost(const QString& destination);
    /// A run found no CUDA device (`message`: the CLI's reason).
    void setNoDeviceAfterRun(const QString& message);
    /// This build has no CUDA kernels (built without nvcc).
    void setNoCudaBuild();
    /// The text as shown, without markup.
    QString plainText() const;

    /// Its font from its parent's, 1.15 times as large on the desktop: at construction and when the
    /// benchmark pane's font changes (presentation mode), which its own explicit font keeps from
    /// reaching it.
    void fitToFont();

protected:
    void changeEvent(QEvent* event) override;

private:
    /// What is known about this machine.
    enum class Local { NotAsked, Device, NoDevice, Unknown, NoDeviceAfterRun, NoCudaBuild };
    /// The part of a results set the line words.
    struct Header {
        QString source, date;
        bench::Device device;
        QString mode, cache;  ///< params.mode, params.cache
        int reps = 0;         ///< params.reps
        QString sweep, sweep2;  ///< the swept parameters (views::sweepParam, secondSweepParam); empty: none
        QString incomplete;   ///< the file's `incomplete` (why the run stopped early), empty when finished
        QString gpuHost;      ///< the file's `gpu_host`: the GPU host it came from; empty: recorded where it ran
        std::vector<bench::GpuProcess> otherProcesses;  ///< the file's `gpu_processes` (none: empty)
    };
    void reword();
    static std::optional<Header> header(const bench::ResultsFile* r, const QString& source);

    std::optional<Header> m_shown, m_compared;
    Local m_local = Local::NotAsked;
    bench::Device m_device;
    QString m_why;
    QString m_gpuHost;
};

} // namespace reducescope::app
