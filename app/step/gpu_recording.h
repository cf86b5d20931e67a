// SPDX-License-Identifier: GPL-3.0-or-later
// GPU-recorded traces for the step pane: recording the current request through a child
// `reducescope-cli trace --on-gpu --json` (docs/architecture.md: work that touches a GPU runs in a
// child process; the GUI thread never waits), reading a saved trace file (model::read_trace_file),
// and where a trace on screen came from. No CUDA here: the app does not link the CUDA runtime.
#pragma once

#include "app/step/trace_request.h"

#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace reducescope::app {

/// Whether the step pane can record on a GPU here, and why not.
struct GpuStatus {
    bool available = false;
    QString device;   ///< e.g. "NVIDIA H200 (sm_90)" when available
    QString reason;   ///< when not available, e.g. "no CUDA device: ..." (the switch's tooltip)
};

/// A trace that did not come from the step model of this request, and where it came from.
struct TraceOrigin {
    bool recordedOnGpu = false;   ///< recorded by the kernel's probe (else a model trace from a file)
    QString device;               ///< the GPU that recorded it
    qint64 records = 0;           ///< probe records behind it
    QStringList notRecorded;      ///< what a probe cannot see
    QStringList splitWarps;       ///< warps whose records carried different __activemask() values
    QString file;                 ///< the file it was read from; empty when recorded here just now
    QString description;          ///< the file's "description", if any
    /// Set for a trace of the student's own kernel (the kernel editor, CPU engine): the __global__
    /// function it ran, or "kernel" when the engine chose; empty for every other trace.
    QString ownKernel;
    QString ownSource;            ///< that kernel's source text (the step pane's source view shows it)
};

/// A recorded (or file) trace with its origin, or the one-line reason there is none.
struct OriginTrace {
    std::shared_ptr<const model::Trace> trace;
    TraceOrigin origin;
    QString error;                ///< set when trace is null
};

/// How a recording ended.
struct RecordingOutcome {
    enum class Kind {
        Recorded,    ///< `trace` holds the recording
        Refused,     ///< the request cannot be recorded (warp size or banks not 32, no recording
                     ///< variant, sizes the recording refuses: the CLI's exit 2)
        NoDevice,    ///< no GPU or driver here (exit 77), or no CLI to ask
        Failed,      ///< the CLI crashed, failed (exit 1) or printed what this app cannot read
        Cancelled,   ///< cancel() killed it
    };
    Kind kind = Kind::Failed;
    OriginTrace trace;            ///< trace and origin when Recorded
    QString message;              ///< one line for the "trace" field; empty when Recorded
};

/// Records a request on GPU 0 through a child `reducescope-cli trace --on-gpu --json`: one at a
/// time, cancellable; the answer comes as finished(). The request is checked first (model
/// validation; warp size and banks must be 32), so refusals known here cost no process.
class GpuRecorder : public QObject {
    Q_OBJECT
public:
    explicit GpuRecorder(QObject* parent = nullptr);
    ~GpuRecorder() override;

    /// The CLI to run (tests put a stand-in here); empty: app::locateCli() at each start.
    void setCliPath(const QString& path) { m_cliPath = path; }
    QString cliPath() const;

    /// The arguments after the program for `request` (whose model trace is `trace`: its resolved
    /// block size and exact input values are passed, so the GPU runs what the model shows).
    static QStringList arguments(const model::Trace& trace);

    /// Starts recording `request`; a recording already running is aborted first. Returns the
    /// outcome at once when it is known without a process (Refused: invalid request, warp size or
    /// banks not 32; NoDevice: no CLI); otherwise nothing, and finished() follows.
    std::optional<RecordingOutcome> start(const TraceRequest& request);
    /// Kills a running recording; finished() follows with Kind::Cancelled. No-op when idle.
    void cancel();
    /// Kills a running recording without a finished() (its request is no longer wanted).
    void abort();
    bool isRunning() const;

signals:
    void finished(const reducescope::app::RecordingOutcome& outcome);

private:
    void onFinished(int exitCode, QProcess::ExitStatus status);

    QString m_cliPath;
    QProcess* m_process = nullptr;
    bool m_cancelled = false;
};

/// Reads a trace file written by `reducescope-cli trace --json` (model) or `--on-gpu --json`
/// (recorded). On failure: null trace and error "FILE: field: what is allowed".
OriginTrace readTraceFile(const QString& path);

/// Reads the bytes of a trace (`name` is what errors call it, e.g. the file name).
OriginTrace parseTrace(const QByteArray& bytes, const QString& name);

/// The text that marks a recorded trace, e.g. "Recorded on the GPU: NVIDIA H200 (sm_90) — 8 probe
/// records", with " · from shared.json" for a file; "Step model · from FILE" for a model trace
/// read from a file.
QString originBanner(const TraceOrigin& origin);

/// The request that reproduces `trace` in the editors (strategy, its n input values, params).
TraceRequest requestOf(const model::Trace& trace);

} // namespace reducescope::app

Q_DECLARE_METATYPE(reducescope::app::RecordingOutcome)
