// SPDX-License-Identifier: GPL-3.0-or-later
// The kernel editor's child processes: `reducescope-cli kernel check` (which kernels a source
// holds) and `reducescope-cli kernel trace --json` (the CPU engine's trace of the student's kernel,
// issue 25; contract in docs/your-own-kernel.md). The GUI thread never waits: a run ends in a
// signal; a new run drops the one still running (its answer is never delivered).
#pragma once

#include "model/trace.h"
#include "views/kernel/kernel_editor.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>
#include <optional>

class QProcess;
class QTemporaryFile;
class QTimer;

namespace reducescope::app {

/// A problem with one of the editor's fields: the field ("input", "block-size", "grid",
/// "elements-per-thread", "shared-bytes", "warp-size", "banks", "kernel") and a one-line message
/// naming the allowed range.
struct KernelFieldError {
    QString field;
    QString message;
};

/// What the editor asks the engine: the source text and the launch.
struct KernelRunRequest {
    enum class Mode { Check, Trace };
    Mode mode = Mode::Trace;
    QString source;        ///< the kernel source, as in the editor
    QString input = QStringLiteral("6,2,7,4,5,8,3,1");  ///< input list (model::parse_input's rules)
    QString kernel;        ///< the __global__ function to run; empty: the engine's choice
    int blockSize = 0;     ///< threads per block; 0: the engine plans it
    int grid = 0;          ///< blocks; 0: the engine plans it
    /// values one thread reads (`--elements-per-thread`, 1..4096), which the engine's plan of
    /// block and grid follows; 0: not passed, the engine's default 2
    int elementsPerThread = 0;
    /// bytes of each `extern __shared__` array (`--shared-bytes`, 1..49152); 0: not passed, the
    /// engine's default 4 x block size
    int sharedBytes = 0;
    int warpSize = 32;     ///< 32, or 4, 8, 16 (teaching)
    int banks = 32;        ///< 32, or 4, 8, 16

    /// The first field that is out of range (input parsed by model::parse_input, 1..4096 values;
    /// block size a power of two in 1..1024 or 0; grid 0..65535; elements per thread 0..4096;
    /// shared bytes 0..49152; warp size and banks 4, 8, 16 or 32), else nothing. The editor shows
    /// it at the field and starts nothing.
    std::optional<KernelFieldError> validate() const;
    /// The message of an out-of-range value `got` (as the user typed it) of "block-size", "grid",
    /// "elements-per-thread" or "shared-bytes": the field's name, its range and what empty means.
    static QString rangeMessage(const QString& field, const QString& got);
    /// The CLI's arguments, the source read from `sourcePath`.
    QStringList arguments(const QString& sourcePath) const;
};

/// A kernel the source holds (`kernel check --json`).
struct KernelEntry {
    QString name;
    int line = 0;
    QString signature;  ///< "input_output", "in_place", ...
};

/// How a run ended.
struct KernelRunOutcome {
    enum class Kind {
        Traced,        ///< exit 0: `trace` holds the engine's trace (Trace mode), `kernels` (Check)
        Faulted,       ///< exit 1: the kernel has a fault (`marks`); `trace` the partial one, if readable
        Refused,       ///< exit 2: compile error, unsupported construct or bad input (`marks`, `message`)
        Failed,        ///< no CLI, it crashed, exit 74 or another code, or printed what cannot be read
    };
    KernelRunRequest::Mode mode = KernelRunRequest::Mode::Trace;
    Kind kind = Kind::Failed;
    quint64 run = 0;                             ///< the run's number (KernelRunner::start's answer)
    std::shared_ptr<const model::Trace> trace;
    QVector<KernelEntry> kernels;
    QVector<views::KernelMark> marks;            ///< diagnostics (Refused) or faults (Faulted)
    QString message;                             ///< one line for the status; empty when Traced
    int exitCode = -1;
    qint64 elapsedMs = 0;                        ///< start to answer, child included
};

/// Runs one `reducescope-cli kernel ...` child at a time.
class KernelRunner : public QObject {
    Q_OBJECT
public:
    explicit KernelRunner(QObject* parent = nullptr);
    ~KernelRunner() override;

    /// The CLI to run; empty: app::locateCli().
    void setCliPath(const QString& path) { m_cli = path; }
    /// Longest wait for an answer (ms); the child is killed past it. Default 60 s.
    void setTimeout(int ms) { m_timeoutMs = ms; }

    /// Starts `request` (validated by the caller) and returns its run number. A run still going is
    /// killed and dropped first: only the newest run's outcome is ever emitted.
    quint64 start(const KernelRunRequest& request);
    /// Kills the running child, if any; nothing is emitted for it.
    void cancel();
    bool isRunning() const { return m_process != nullptr; }
    quint64 currentRun() const { return m_run; }
    /// Runs started and runs dropped (killed by a newer one or cancel()) so far.
    int started() const { return m_started; }
    int dropped() const { return m_dropped; }

    /// Reads the child's answer (exposed for tests): exit code, stdout, stderr.
    static KernelRunOutcome read(KernelRunRequest::Mode mode, int exitCode, const QByteArray& out, const QByteArray& err);

signals:
    void finished(const reducescope::app::KernelRunOutcome& outcome);

private:
    void drop();
    void finish(KernelRunOutcome outcome);

    QString m_cli;
    int m_timeoutMs = 60000;
    QProcess* m_process = nullptr;
    QTemporaryFile* m_sourceFile = nullptr;
    QTimer* m_timer = nullptr;
    QElapsedTimer m_clock;
    KernelRunRequest::Mode m_mode = KernelRunRequest::Mode::Trace;
    quint64 m_run = 0;
    int m_started = 0;
    int m_dropped = 0;
};

} // namespace reducescope::app

Q_DECLARE_METATYPE(reducescope::app::KernelRunOutcome)
