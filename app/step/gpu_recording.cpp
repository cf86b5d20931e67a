// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/step/gpu_recording.h"

#include "app/common/gpu_host.h"

#include "app/common/file_read.h"
#include "app/common/cli_client.h"
#include "app/common/data_paths.h"
#include "app/common/message_text.h"
#include "model/simulate.h"
#include "model/trace_json.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <cmath>
#include <utility>

namespace reducescope::app {
namespace {

QStringList qStrings(const std::vector<std::string>& v)
{
    QStringList out;
    for (const std::string& s : v)
        out << QString::fromStdString(s);
    return out;
}

OriginTrace failure(const QString& message)
{
    OriginTrace out;
    out.error = message;
    return out;
}

} // namespace

GpuRecorder::GpuRecorder(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<RecordingOutcome>();
}

GpuRecorder::~GpuRecorder()
{
    abort();
}

QString GpuRecorder::cliPath() const { return m_cliPath.isEmpty() ? app::locateCli() : m_cliPath; }

bool GpuRecorder::isRunning() const { return m_process && m_process->state() != QProcess::NotRunning; }

QStringList GpuRecorder::arguments(const model::Trace& t)
{
    // `--input=` keeps a leading minus sign from reading as an option; the values are the model's
    // own (%.9g: every float exactly), at most 4096 of about 16 characters.
    return {QStringLiteral("trace"), QStringLiteral("--on-gpu"), QStringLiteral("--json"),
            QStringLiteral("--strategy"), QString::fromStdString(t.strategy),
            QStringLiteral("--input=") + requestOf(t).input,
            QStringLiteral("--block-size"), QString::number(t.params.block_size),
            QStringLiteral("--coarse-factor"), QString::number(t.params.coarse_factor)};
}

void GpuRecorder::abort()
{
    if (!isRunning())
        return;
    // Killed and left to die on its own: the GUI thread does not wait for the driver's teardown.
    QProcess* p = std::exchange(m_process, nullptr);
    p->disconnect(this);
    connect(p, &QProcess::finished, p, &QObject::deleteLater);
    p->kill();
}

std::optional<RecordingOutcome> GpuRecorder::start(const TraceRequest& request)
{
    abort();
    m_cancelled = false;
    auto now = [](RecordingOutcome::Kind kind, const QString& message) {
        RecordingOutcome o;
        o.kind = kind;
        o.message = message;
        return o;
    };
    const TraceOutcome model = buildTrace(request);  // validates and resolves the default block size
    if (model.error)
        return now(RecordingOutcome::Kind::Refused, model.error->message);
    const model::Trace& m = *model.trace;
    if (m.params.warp_size != 32 || m.params.banks != 32)
        return now(RecordingOutcome::Kind::Refused,
                   tr("a GPU records warps of 32 lanes and 32 banks (this request has warp size %1, %2 banks): the step "
                      "model is shown").arg(m.params.warp_size).arg(m.params.banks));
    const QString cli = cliPath();
    if (cli.isEmpty())
        return now(RecordingOutcome::Kind::NoDevice,
                   tr("no CUDA device: reducescope-cli was not found next to the app or in the build tree (set "
                      "REDUCESCOPE_CLI)"));
    if (m_process)
        m_process->deleteLater();
    m_process = new QProcess(this);
    connect(m_process, &QProcess::finished, this, &GpuRecorder::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;  // crashes arrive through finished()
        RecordingOutcome o;
        o.kind = RecordingOutcome::Kind::NoDevice;
        o.message = tr("no CUDA device: cannot start %1: %2").arg(echoPath(m_process->program(), 80), m_process->errorString());
        emit finished(o);
    });
    m_process->start(cli, arguments(m) + currentGpuHost().arguments());  // app/common/gpu_host.h
    return std::nullopt;
}

void GpuRecorder::cancel()
{
    if (!isRunning())
        return;
    m_cancelled = true;
    m_process->kill();
}

void GpuRecorder::onFinished(int exitCode, QProcess::ExitStatus status)
{
    const QByteArray out = m_process->readAllStandardOutput();
    // The CLI's last line on stderr, without its "reducescope-cli: " prefix.
    QString said = oneLineMessage(QString::fromUtf8(m_process->readAllStandardError()).trimmed().section(QLatin1Char('\n'), -1), 200);
    if (said.startsWith(QLatin1String("reducescope-cli: ")))
        said = said.mid(17);
    if (said.startsWith(QLatin1String("no GPU: ")))
        said = said.mid(8);
    said = toolSaid(said);  // the CLI speaks English
    RecordingOutcome o;
    if (m_cancelled) {
        o.kind = RecordingOutcome::Kind::Cancelled;
        o.message = tr("recording cancelled: the step model is shown");
    } else if (status == QProcess::CrashExit) {
        o.kind = RecordingOutcome::Kind::Failed;
        o.message = tr("recording failed: reducescope-cli crashed%1; the step model is shown")
                        .arg(said.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(said));
    } else if (exitCode == 77) {
        o.kind = RecordingOutcome::Kind::NoDevice;
        o.message = tr("no CUDA device: %1").arg(said.isEmpty() ? tr("reducescope-cli found no GPU or driver") : said);
    } else if (exitCode == 2) {
        o.kind = RecordingOutcome::Kind::Refused;
        o.message = tr("the recording refused these parameters: %1; the step model is shown").arg(said);
    } else if (exitCode != 0) {
        o.kind = RecordingOutcome::Kind::Failed;
        o.message = tr("recording failed (reducescope-cli exit %1)%2; the step model is shown")
                        .arg(exitCode).arg(said.isEmpty() ? QString() : QStringLiteral(": ") + said);
    } else {
        o.trace = parseTrace(out, tr("the recording of reducescope-cli"));
        if (o.trace.trace && !o.trace.origin.recordedOnGpu)
            o.trace = OriginTrace{nullptr, {}, tr("reducescope-cli printed a step-model trace, not a recording")};
        if (o.trace.trace) {
            o.kind = RecordingOutcome::Kind::Recorded;
        } else {
            o.kind = RecordingOutcome::Kind::Failed;
            o.message = tr("recording failed: %1; the step model is shown").arg(o.trace.error);
        }
    }
    emit finished(o);
}

OriginTrace readTraceFile(const QString& path)
{
    if (path.isEmpty())
        return failure(QCoreApplication::translate("GpuRecorder", "no file name given (expected a trace .json file)"));
    QString error;
    const std::optional<QByteArray> bytes = readFileBytes(path, qint64(bench::kMaxResultsFileBytes), &error);
    if (!bytes)
        return failure(error);
    OriginTrace out = parseTrace(*bytes, echoPath(QFileInfo(path).fileName()));
    if (out.trace)
        out.origin.file = path;
    return out;
}

OriginTrace parseTrace(const QByteArray& bytes, const QString& name)
{
    const model::TraceFileResult r = model::read_trace_file(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    if (!r.file)
        return failure(QStringLiteral("%1: %2").arg(name, QString::fromStdString(r.error)));
    OriginTrace out;
    out.trace = std::make_shared<const model::Trace>(r.file->trace);
    out.origin.recordedOnGpu = r.file->recorded_on_gpu;
    out.origin.device = QString::fromStdString(r.file->recording.device);
    out.origin.records = r.file->recording.records;
    out.origin.notRecorded = qStrings(r.file->recording.not_recorded);
    out.origin.splitWarps = qStrings(r.file->recording.split_warps);
    out.origin.description = QString::fromStdString(r.file->description);
    return out;
}

QString originBanner(const TraceOrigin& o)
{
    const QString from = o.file.isEmpty()
        ? QString()
        : QStringLiteral(" · ") + QCoreApplication::translate("GpuRecorder", "from %1").arg(echoPath(QFileInfo(o.file).fileName(), 60));
    if (!o.ownKernel.isEmpty())
        return QCoreApplication::translate("GpuRecorder", "Your kernel %1 on the CPU engine").arg(echoValue(o.ownKernel, 60)) + from;
    if (!o.recordedOnGpu)
        return QCoreApplication::translate("GpuRecorder", "Step model") + from;
    return QCoreApplication::translate("GpuRecorder", "Recorded on the GPU: %1 — %n probe record(s)", nullptr, int(o.records))
               .arg(echoValue(o.device, 80)) + from;
}

TraceRequest requestOf(const model::Trace& t)
{
    TraceRequest r;
    r.strategy = QString::fromStdString(t.strategy);
    QStringList values;
    for (int i = 0; i < t.n && i < int(t.input.size()); ++i) {
        const float v = t.input[std::size_t(i)];
        values << (std::isnan(v) ? QStringLiteral("nan") : std::isinf(v) ? (v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf"))
                                                                          : QString::number(double(v), 'g', 9));
    }
    r.input = values.join(QLatin1Char(','));
    r.params = t.params;
    return r;
}

} // namespace reducescope::app
