// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/bench/bench_runner.h"

#include "app/common/cli_exit.h"
#include "app/common/gpu_host.h"

#include "app/common/data_paths.h"
#include "app/common/message_text.h"
#include "bench/plan.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTimer>

#include <stdexcept>
#include <utility>
#include <vector>

namespace reducescope::app {
namespace {

constexpr int kBadInputExit = 2;
constexpr int kHostErrorExit = 69;  // --gpu-host: the host could not be reached or runs another version

// "1 result", "3 results"
QString countResults(int n)
{
    return n == 1 ? QCoreApplication::translate("BenchRunner", "1 result")
                  : QCoreApplication::translate("BenchRunner", "%1 results").arg(n);
}

/// The results file's `incomplete` (English, like the rest of the file: it is data, not UI):
/// how the run ended and how far it got, "cancelled after 5 of 12 results".
std::string incompleteReason(bool cancelled, bool crashed, int exitCode, int received, int total)
{
    const std::string how = cancelled ? "cancelled"
                            : crashed ? "reducescope-cli crashed"
                                      : "reducescope-cli exited (code " + std::to_string(exitCode) + ") without its done line";
    return how + " after " + std::to_string(received) + " of " + std::to_string(total) + (total == 1 ? " result" : " results");
}

bool isPowerOfTwo(int v) { return v > 0 && (v & (v - 1)) == 0; }

// A list as typed, as the CLI gets it: no spaces, size suffixes in capitals.
QString compact(const QString& text) { return text.simplified().remove(QLatin1Char(' ')); }

} // namespace

QString BenchRequest::validate() const
{
    static const QStringList modes{QStringLiteral("per-launch"), QStringLiteral("loop"), QStringLiteral("graph")};
    static const QStringList caches{QStringLiteral("hot"), QStringLiteral("cold")};
    if (n < 1 || n > kMaxN)
        return QCoreApplication::translate("BenchRequest", "N: expected 1 .. %1, got %2").arg(kMaxN).arg(n);
    if (reps < 1 || reps > 100000)
        return QCoreApplication::translate("BenchRequest", "repetitions: expected 1 .. 100000, got %1").arg(reps);
    if (!modes.contains(mode))
        return QCoreApplication::translate("BenchRequest", "mode: expected per-launch | loop | graph, got \"%1\"").arg(mode);
    if (!caches.contains(cache))
        return QCoreApplication::translate("BenchRequest", "cache: expected hot | cold, got \"%1\"").arg(cache);
    if (block_size < 32 || block_size > 1024 || !isPowerOfTwo(block_size))
        return QCoreApplication::translate("BenchRequest", "block size: expected a power of two in 32 .. 1024, got %1").arg(block_size);
    if (coarse_factor < 1 || coarse_factor > 64 || !isPowerOfTwo(coarse_factor))
        return QCoreApplication::translate("BenchRequest", "coarse factor: expected a power of two in 1 .. 64, got %1").arg(coarse_factor);
    if (!sweep.isEmpty() && sweep != QLatin1String("n") && sweep != QLatin1String("block_size")
        && sweep != QLatin1String("coarse_factor"))
        return QCoreApplication::translate("BenchRequest", "sweep: expected none | n | block_size | coarse_factor, got \"%1\"").arg(sweep);
    if (!own_source.isEmpty() && !sweep.isEmpty())
        return QCoreApplication::translate("BenchRequest", "my kernel: runs at one N; set the sweep to none");
    if (!sweep.isEmpty() && sweep_values.trimmed().isEmpty())
        return QCoreApplication::translate("BenchRequest", "sweep values: empty (e.g. 1K..1G for N, 64,128,256 for block size)");
    const std::string values = compact(sweep_values).toStdString();
    if (sweep == QLatin1String("n")) {
        // The CLI's own parser and limits: a range of powers of two (1K..1G) or a list (1000,4096).
        try {
            bench::parse_sizes(values);
        } catch (const std::invalid_argument& e) {
            return QCoreApplication::translate("BenchRequest", "sweep values: %1").arg(QString::fromUtf8(e.what()));
        }
    } else if (!sweep.isEmpty()) {
        const unsigned lo = sweep == QLatin1String("block_size") ? 32 : 1;
        const unsigned hi = sweep == QLatin1String("block_size") ? 1024 : 64;
        const QString expected = QCoreApplication::translate("BenchRequest", "sweep values: expected a list of powers of two in %1 .. %2, got \"%3\"");
        std::vector<unsigned int> list;
        try {
            list = bench::parse_uint_list(values);
        } catch (const std::invalid_argument&) {
            return expected.arg(lo).arg(hi).arg(sweep_values.trimmed());
        }
        for (const unsigned v : list)
            if (v < lo || v > hi || !bench::is_power_of_two(v))
                return expected.arg(lo).arg(hi).arg(v);
    }
    return {};
}

QStringList BenchRequest::arguments() const
{
    if (!own_source.isEmpty()) {
        // The own kernel at N, the chosen strategies beside it at the settings' block size and
        // coarse factor (kernel bench's defaults: 256 and 4), CUB when none is chosen.
        QStringList a{QStringLiteral("kernel"), QStringLiteral("bench"), QStringLiteral("--source"), own_source,
                      QStringLiteral("--strategies"),
                      strategies.isEmpty() ? QStringLiteral("cub") : strategies.join(QLatin1Char(','))};
        a << QStringLiteral("--reps") << QString::number(reps) << QStringLiteral("--mode") << mode
          << QStringLiteral("--cache") << cache << QStringLiteral("--n") << QString::number(n);
        return a;
    }
    QStringList a{QStringLiteral("bench")};
    if (!strategies.isEmpty())
        a << QStringLiteral("--strategies") << strategies.join(QLatin1Char(','));
    a << QStringLiteral("--reps") << QString::number(reps) << QStringLiteral("--mode") << mode
      << QStringLiteral("--cache") << cache;
    if (sweep == QLatin1String("n"))
        a << QStringLiteral("--sweep-n") << compact(sweep_values).toUpper();
    else
        a << QStringLiteral("--n") << QString::number(n);
    QString blocks = QString::number(block_size);
    QString coarse = QString::number(coarse_factor);
    if (sweep == QLatin1String("block_size"))
        blocks = compact(sweep_values);
    if (sweep == QLatin1String("coarse_factor"))
        coarse = compact(sweep_values);
    a << QStringLiteral("--block-size") << blocks << QStringLiteral("--coarse-factor") << coarse;
    return a;
}

BenchRunner::BenchRunner(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<BenchOutcome>();
}

BenchRunner::~BenchRunner()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

QString BenchRunner::cliPath() const { return m_cliPath.isEmpty() ? app::locateCli() : m_cliPath; }

bool BenchRunner::isRunning() const { return m_process && m_process->state() != QProcess::NotRunning; }

bool BenchRunner::start(const BenchRequest& request, QString* error)
{
    auto refuse = [&](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    if (isRunning())
        return refuse(tr("a benchmark is already running"));
    if (const QString why = request.validate(); !why.isEmpty())
        return refuse(why);
    const QString cli = cliPath();
    if (cli.isEmpty())
        return refuse(tr("reducescope-cli not found next to the app, in the build tree or on PATH (set REDUCESCOPE_CLI)"));

    if (m_process)
        m_process->deleteLater();
    m_process = new QProcess(this);
    m_buffer.clear();
    m_stderr.clear();
    m_errorLine.clear();
    m_cancelled = false;
    m_done = false;
    m_sawStdout = false;
    m_sawStart = false;
    m_fresh = false;
    m_savedPath.clear();
    m_total = 0;
    m_host = currentGpuHost();
    const QStringList args = request.arguments() + m_host.arguments();
    m_command = QStringLiteral("reducescope-cli ") + args.join(QLatin1Char(' '));
    connect(m_process, &QProcess::readyReadStandardOutput, this, &BenchRunner::readStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        const QByteArray got = m_process->readAllStandardError();
        m_stderr += got;
        if (m_stderr.size() > 64 * 1024)
            m_stderr = m_stderr.right(64 * 1024);
        // The GPU host's state while the run waits: its GPU lock, Slurm's queue (kernels/cli/remote.h).
        for (const QByteArray& line : got.split('\n'))
            if (m_host.isRemote() && (line.contains(": waiting for GPU ") || line.contains(": srun: job ")))
                emit hostSaid(QString::fromUtf8(line.trimmed()).section(QStringLiteral(": "), 1));
    });
    connect(m_process, &QProcess::finished, this, &BenchRunner::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &BenchRunner::onError);
    m_process->start(cli, args);
    return true;
}

void BenchRunner::cancel()
{
    if (!isRunning())
        return;
    m_cancelled = true;
    m_process->kill();
}

void BenchRunner::readStdout()
{
    const QByteArray chunk = m_process->readAllStandardOutput();
    m_sawStdout = m_sawStdout || !chunk.isEmpty();
    m_buffer += chunk;
    qsizetype nl;
    while ((nl = m_buffer.indexOf('\n')) >= 0) {
        const QByteArray line = m_buffer.left(nl).trimmed();
        m_buffer.remove(0, nl + 1);
        if (!line.isEmpty())
            handleLine(line);
    }
}

void BenchRunner::handleLine(const QByteArray& line)
{
    if (m_cancelled)
        return;
    bench::StreamLine l;
    try {
        l = bench::read_line(std::string_view(line.constData(), std::size_t(line.size())));
    } catch (const bench::SchemaError& e) {
        emit lineRejected(tr("reducescope-cli printed a line this app cannot read: %1").arg(readerMessage(e)));
        return;
    }
    using T = bench::StreamLine::Type;
    switch (l.type) {
    case T::Start: {
        m_document = std::move(l.header);
        m_document.tool = bench::Tool{};  // the child's version is not in its lines
        m_document.command = m_command.toStdString();
        m_document.date = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
        if (m_host.isRemote())
            m_document.gpu_host = m_host.destination.toStdString();
        m_sawStart = true;
        m_fresh = true;
        m_total = int(l.total);
        emit runStarted(m_document, int(l.total));
        break;
    }
    case T::Progress:
        emit progress(int(l.progress.index), int(l.progress.total), QString::fromStdString(l.progress.strategy),
                      qint64(l.progress.n));
        break;
    case T::Result:
        if (!m_fresh) {
            m_document = {};  // a result before any start line: this run's, not the previous run's
            m_fresh = true;
        }
        m_document.results.push_back(std::move(l.result));
        emit resultReady(m_document.results.back());
        break;
    case T::Done:
        m_done = true;
        if (l.counters)
            m_document.counters = std::move(l.counters);
        break;
    case T::Error: m_errorLine = QString::fromStdString(l.message); break;
    }
}

QString BenchRunner::stderrLine() const
{
    // The CLI's last line, without its "reducescope-cli: " prefix (the pane says who spoke),
    // elided in the middle beyond kMaxShownMessage characters.
    const QList<QByteArray> lines = m_stderr.trimmed().split('\n');
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        QString line = QString::fromUtf8(it->trimmed());
        if (line.isEmpty())
            continue;
        if (line.startsWith(QLatin1String("reducescope-cli: ")))
            line = line.mid(17);
        if (line.size() > kMaxShownMessage) {
            const int keep = kMaxShownMessage / 2;
            line = line.left(keep) + QStringLiteral(" … ") + line.right(keep);
        }
        return line;
    }
    return {};
}

int BenchRunner::receivedRows() const { return m_fresh ? int(m_document.results.size()) : 0; }

int BenchRunner::failedRows() const
{
    if (!m_fresh)
        return 0;
    int failed = 0;
    for (const bench::Result& r : m_document.results)
        failed += r.status == bench::Status::Wrong || r.status == bench::Status::Error;
    return failed;
}

void BenchRunner::onFinished(int exitCode, QProcess::ExitStatus status)
{
    m_stderr += m_process->readAllStandardError();
    if (m_stderr.size() > 64 * 1024)
        m_stderr = m_stderr.right(64 * 1024);
    readStdout();
    if (!m_buffer.trimmed().isEmpty()) {
        handleLine(m_buffer.trimmed());
        m_buffer.clear();
    }
    BenchOutcome o;
    o.exitCode = exitCode;
    const QString said = toolSaid(!m_errorLine.isEmpty() ? m_errorLine : stderrLine());  // the CLI speaks English
    const int received = receivedRows();
    const int failed = failedRows();
    // A run without its "done" line stopped before its last cell: its export says so, and the
    // reader then takes params.sweep as the plan (results_file.h ResultsFile::incomplete).
    if (!m_done && m_sawStart)
        m_document.incomplete = incompleteReason(m_cancelled, status == QProcess::CrashExit, exitCode, received, m_total);
    if (m_cancelled) {
        o.kind = BenchOutcome::Kind::Cancelled;
        o.message = tr("Cancelled; %1 kept.").arg(received == 1 ? tr("1 finished result") : tr("%1 finished results").arg(received));
    } else if (status == QProcess::CrashExit) {
        o.kind = BenchOutcome::Kind::Crashed;
        o.message = tr("reducescope-cli crashed after %1").arg(countResults(received))
            + (said.isEmpty() ? QString() : QStringLiteral(": ") + said);
    } else if (!m_errorLine.isEmpty() && exitCode != kBadInputExit && exitCode != kNoDeviceExit) {
        // An error line is an error whatever the exit code says.
        o.kind = BenchOutcome::Kind::ErrorReported;
        o.message = tr("reducescope-cli reported an error after %1 (exit %2): %3")
                        .arg(countResults(received)).arg(exitCode).arg(m_errorLine.left(kMaxShownMessage));
    } else if (exitCode == 0 && !m_done) {
        o.kind = BenchOutcome::Kind::Incomplete;
        if (!m_sawStdout)
            o.message = tr("No results: reducescope-cli exited (code 0) and printed nothing%1")
                            .arg(said.isEmpty() ? QString() : QStringLiteral(" on stdout; stderr: ") + said);
        else
            o.message = tr("Incomplete: reducescope-cli exited (code 0) after %1 without its \"done\" line; "
                           "the rows received are kept")
                            .arg(countResults(received));
    } else if (exitCode == 0) {
        o.kind = BenchOutcome::Kind::Completed;
        o.message = tr("Done: %1.").arg(countResults(received));
    } else if (exitCode == 1) {
        o.kind = BenchOutcome::Kind::SomeFailed;
        if (!said.isEmpty())
            o.message = tr("reducescope-cli: %1").arg(said);
        else if (failed > 0)
            o.message = failed == 1 ? tr("Done, but 1 result is wrong or failed (see Status).")
                                    : tr("Done, but %1 results are wrong or failed (see Status).").arg(failed);
        else
            o.message = tr("reducescope-cli failed (exit 1) after %1 without saying why%2")
                            .arg(countResults(received))
                            .arg(m_done ? QString() : tr("; the run is incomplete (no \"done\" line)"));
    } else if (exitCode == kBadInputExit) {
        o.kind = BenchOutcome::Kind::BadInput;
        o.message = said.isEmpty() ? tr("reducescope-cli rejected the arguments (exit 2)") : said;
    } else if (exitCode == kHostErrorExit && m_host.isRemote()) {
        o.kind = BenchOutcome::Kind::StartFailed;
        o.message = said.isEmpty() ? tr("the GPU host %1 could not be reached (exit 69)").arg(m_host.destination) : said;
    } else if (exitCode == kNoDeviceExit) {
        o.kind = BenchOutcome::Kind::NoDevice;
        o.message = tr("No CUDA device (reducescope-cli exit 77): %1").arg(said.isEmpty() ? tr("no GPU or driver found") : said);
    } else {
        o.kind = BenchOutcome::Kind::Crashed;
        o.message = tr("reducescope-cli failed (exit %1) after %2").arg(exitCode).arg(countResults(received))
            + (said.isEmpty() ? QString() : QStringLiteral(": ") + said);
    }
    // Every remote run is kept here (docs/remote.md), so the lecture can be replayed offline.
    if (m_host.isRemote() && m_sawStart && received > 0) {
        const QString path = remoteResultsPath(m_host.hostName(), QString::fromStdString(m_document.device.name),
                                               QString::fromStdString(m_document.date));
        QDir().mkpath(QFileInfo(path).absolutePath());
        try {
            bench::write_results_file(path.toStdString(), m_document);
            m_savedPath = path;
            addRecentResult(path);
        } catch (const std::exception& e) {
            o.message += QLatin1Char(' ') + tr("(not saved: %1)").arg(QString::fromUtf8(e.what()));
        }
    }
    emit finished(o);
}

void BenchRunner::onError(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart)
        return;  // crashes arrive through finished()
    BenchOutcome o;
    o.kind = BenchOutcome::Kind::StartFailed;
    o.exitCode = -1;
    o.message = tr("cannot start %1: %2").arg(m_process->program(), m_process->errorString());
    emit finished(o);
}

void BenchRunner::probeDevice()
{
    if (m_probe && m_probe->isRunning())
        return;
    const QString cli = cliPath();
    if (cli.isEmpty()) {
        emit deviceProbed(std::nullopt, false, tr("reducescope-cli not found: benchmarks cannot run from this build"));
        return;
    }
    if (!m_probe) {
        m_probe = new DeviceProbe(this);
        connect(m_probe, &DeviceProbe::finished, this, [this](const DeviceProbeResult& r) {
            if (r.count != -2)  // -2: the CLI did not start, so nothing was counted
                emit devicesCounted(r.count);
            emit deviceProbed(r.device, r.noDevice, r.message);
        });
    }
    m_probe->start(cli);
}

} // namespace reducescope::app
