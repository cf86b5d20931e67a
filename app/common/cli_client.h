// SPDX-License-Identifier: GPL-3.0-or-later
// The child-process client that both panes use: `reducescope-cli` runs every piece of work that
// touches a GPU (docs/architecture.md: a kernel fault cannot take the window down, the GUI thread
// never waits). Here: asking the CLI which GPUs there are.
#pragma once

#include "bench/results_file.h"

#include <QObject>
#include <QProcess>
#include <QString>

#include <optional>

class QTimer;

namespace reducescope::app {

/// What `reducescope-cli devices --json` said about the GPUs here.
struct DeviceProbeResult {
    std::optional<bench::Device> device;       ///< the first device, when there is one
    bool noDevice = false;                     ///< the CLI said there is none (exit 77)
    QString message;                           ///< why there is no device (noDevice: the CLI's line as it said it, English, unquoted); empty when there is
    int count = -1;                            ///< devices listed; 0: none, -1: could not tell, -2: the CLI did not start
};

/// Asks `reducescope-cli devices --json`, as a child process, for the GPUs here: the driver's
/// start-up can take seconds, so the GUI thread never waits for it, and a CLI that does not answer
/// within the timeout is killed. Used by the benchmark pane (BenchRunner::probeDevice()) and the step pane's GPU recorder.
class DeviceProbe : public QObject {
    Q_OBJECT
public:
    explicit DeviceProbe(QObject* parent = nullptr);
    ~DeviceProbe() override;

    /// Longest wait for an answer, in milliseconds.
    static constexpr int kDefaultTimeoutMs = 20000;
    /// Starts the CLI at `cli` (a path; not empty). No-op while a probe runs.
    void start(const QString& cli, int timeoutMs = kDefaultTimeoutMs);
    bool isRunning() const;

signals:
    /// The answer, once per start().
    void finished(const reducescope::app::DeviceProbeResult& result);

private:
    void finish(const DeviceProbeResult& result);

    QProcess* m_process = nullptr;
    QTimer* m_timer = nullptr;
};

} // namespace reducescope::app

Q_DECLARE_METATYPE(reducescope::app::DeviceProbeResult)
