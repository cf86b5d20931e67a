// SPDX-License-Identifier: GPL-3.0-or-later
// Runs `reducescope-cli bench` as a child process (docs/architecture.md: a kernel fault cannot
// take the window down, Cancel is a kill) and turns its JSON lines (docs/results-format.md, read by
// bench::read_line) into one bench::ResultsFile and signals.
#pragma once

#include "app/bench/bench_results.h"
#include "app/common/cli_client.h"
#include "app/common/gpu_host.h"
#include "bench/plan.h"

#include <QObject>
#include <QProcess>
#include <QStringList>

#include <optional>

class QTimer;

namespace reducescope::app {

/// What the user asked to run; arguments() is the CLI command line after `bench`.
struct BenchRequest {
    QStringList strategies;        ///< catalogue ids; empty = the CLI's default set
    qint64 n = 1048576;            ///< elements, 1 .. kMaxN
    int reps = 100;                ///< timed repetitions, 1 .. 100000
    QString mode = QStringLiteral("graph");  ///< per-launch | loop | graph
    QString cache = QStringLiteral("hot");   ///< hot | cold
    int block_size = 256;          ///< threads per block, a power of two 32 .. 1024
    int coarse_factor = 4;         ///< a power of two 1 .. 64
    QString sweep;                 ///< "" (none), "n", "block_size" or "coarse_factor"
    QString sweep_values;          ///< "n": a range "1K..1G" or a list "1000,4096"; others: a list "64,128,256"
    /// A student's own .cu file: the run is `kernel bench --source FILE` (the kernel at N beside
    /// the chosen strategies, CUB when none is chosen; docs/your-own-kernel.md), no sweep; its
    /// result is the row "my kernel (FILE)". Empty: a `bench` run.
    QString own_source;

    /// The largest N: the kernels' and the CLI's (bench::kMaxN, 2^31); the CLI checks device memory.
    static constexpr qint64 kMaxN = qint64(bench::kMaxN);
    /// Empty when valid; else one line naming the field and the allowed range. Accepts exactly
    /// what `reducescope-cli bench` accepts (the same parsers, kernels/bench/plan.h), so a value
    /// the CLI would refuse is refused here, naming the pane's field ("N", "sweep values").
    QString validate() const;
    /// `bench` and its options, e.g. {"bench", "--n", "1048576", ...}.
    QStringList arguments() const;
};

/// How a run ended.
struct BenchOutcome {
    enum class Kind {
        Completed,      ///< exit 0: every result verified (or expected wrong)
        SomeFailed,     ///< exit 1: a result was wrong or a kernel failed; rows say which
        BadInput,       ///< exit 2: bad arguments or not enough device memory for N
        NoDevice,       ///< exit 77: no CUDA device or driver
        Crashed,        ///< the child died (signal) or exited with another code
        StartFailed,    ///< the CLI could not be started (not found, not executable)
        Cancelled,      ///< the user cancelled; finished rows are kept
        Incomplete,     ///< exit 0 but no `done` line: the run stopped early (or printed nothing)
        ErrorReported,  ///< the CLI printed an {"type":"error"} line (whatever its exit code)
    };
    Kind kind = Kind::Completed;
    int exitCode = 0;
    QString message;   ///< one line for people, with the CLI's own message where it gave one
};

class BenchRunner : public QObject {
    Q_OBJECT
public:
    explicit BenchRunner(QObject* parent = nullptr);
    ~BenchRunner() override;

    /// Overrides the CLI path (tests); empty = app::locateCli() (app/common/data_paths.h) at each start.
    void setCliPath(const QString& path) { m_cliPath = path; }
    /// Longest CLI message shown, in characters; a longer stderr line is elided in the middle
    /// (a 100 MB line without a newline must not become one label that widens the window).
    static constexpr int kMaxShownMessage = 300;

    /// The CLI that the next run will start (may be empty).
    QString cliPath() const;

    /// Starts a run. False (and *error) when one is running, the request is invalid or the CLI is
    /// missing; then nothing starts.
    bool start(const BenchRequest& request, QString* error);
    /// Kills the child; finished() follows with Kind::Cancelled. No-op when idle.
    void cancel();
    /// True while a child runs.
    bool isRunning() const;
    /// The command line of the run started last ("reducescope-cli bench --n ..."); empty before.
    QString command() const { return m_command; }
    /// The run as a results file (what an export of this run writes; nothing left out): the start
    /// line's header (device, params, ceilings; the command and the start time) and one result per
    /// result line, growing as they come; `incomplete` once a run ended without its done line. It
    /// stays where it is (the pane's views point at it); a new run replaces its contents when its
    /// start line arrives, so until then it holds the previous run.
    const bench::ResultsFile& document() const { return m_document; }

    /// The GPU host of the run started last (this computer: !isRemote()).
    const GpuHost& host() const { return m_host; }
    /// Where the last remote run was saved (remoteResultsPath); empty when none was.
    QString savedPath() const { return m_savedPath; }

    /// Asks the CLI for the local GPU (`reducescope-cli devices --json`); answers with deviceProbed.
    void probeDevice();

signals:
    /// The start line arrived: `header` (document(), still without results) has the device,
    /// params and ceilings; `total` kernel runs will follow.
    void runStarted(const reducescope::bench::ResultsFile& header, int total);
    /// A kernel run begins (0-based index of total).
    void progress(int index, int total, const QString& strategy, qint64 n);
    /// One verified (or failed) kernel result, just added to document().
    void resultReady(const reducescope::bench::Result& result);
    /// The child ended; the results received so far stay in document().
    void finished(const reducescope::app::BenchOutcome& outcome);
    /// A stdout line that is not valid output (shown, the run continues).
    void lineRejected(const QString& message);
    /// Answer to probeDevice(): `device` set when a GPU is there; otherwise `message` says why
    /// (noDevice: the CLI said exit 77).
    void deviceProbed(const std::optional<reducescope::bench::Device>& device, bool noDevice, const QString& message);
    /// Also an answer to probeDevice(): how many CUDA devices `reducescope-cli devices` listed
    /// (0 when it said there is none, -1 when it could not tell).
    void devicesCounted(int count);
    /// The GPU host's state while the run waits, the CLI's English line without its prefix
    /// ("127.0.0.1: waiting for GPU 0, held by alice since 10:02", "gpu1: srun: job 12 queued ...").
    void hostSaid(const QString& line);

private:
    void readStdout();
    void handleLine(const QByteArray& line);
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);
    QString stderrLine() const;
    /// Results of this run received so far (0 before its first start or result line).
    int receivedRows() const;
    int failedRows() const;

    QString m_cliPath;
    QProcess* m_process = nullptr;
    DeviceProbe* m_probe = nullptr;
    QByteArray m_buffer;
    QByteArray m_stderr;
    QString m_errorLine;     ///< message of an {"type":"error"} line
    bool m_cancelled = false;
    bool m_sawStart = false;  ///< the run's "start" line came (m_document has its header)
    bool m_fresh = false;     ///< m_document holds this run (a start or result line came), not the previous one
    int m_total = 0;          ///< results the start line announced
    bool m_done = false;     ///< the done line arrived
    bool m_sawStdout = false; ///< the child printed anything at all on stdout
    QString m_command;        ///< "reducescope-cli " + the request's arguments
    bench::ResultsFile m_document;
    GpuHost m_host;           ///< where the run started last goes
    QString m_savedPath;
};

} // namespace reducescope::app

Q_DECLARE_METATYPE(reducescope::app::BenchOutcome)
