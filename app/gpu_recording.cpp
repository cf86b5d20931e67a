// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gpu_recording.h"

#include "app/bench_results.h"
#include "app/message_text.h"
#include "model/simulate.h"
#include "model/trace_json.h"

#if REDUCESCOPE_WITH_RECORDING
#include "cuda/recorded_trace.h"
#include "cuda/reduce_api.h"
#endif

#include <QFileInfo>

#include <cmath>
#include <exception>
#include <stdexcept>

namespace reducescope::app {
namespace {

QStringList qStrings(const std::vector<std::string>& v)
{
    QStringList out;
    for (const std::string& s : v)
        out << QString::fromStdString(s);
    return out;
}

OriginTrace failure(const QString& message, bool noDevice = false)
{
    OriginTrace out;
    out.error = message;
    out.noDevice = noDevice;
    return out;
}

} // namespace

GpuStatus probeGpu()
{
    GpuStatus s;
#if REDUCESCOPE_WITH_RECORDING
    try {
        const std::vector<gpu::DeviceInfo> devices = gpu::list_devices();
        const gpu::DeviceInfo& d = devices.front();
        s.available = true;
        s.device = QStringLiteral("%1 (sm_%2%3)").arg(QString::fromStdString(d.name)).arg(d.cc_major).arg(d.cc_minor);
    } catch (const gpu::NoDevice& e) {
        s.reason = QStringLiteral("no CUDA device: %1").arg(oneLineMessage(QString::fromUtf8(e.what()), 200));
    } catch (const std::exception& e) {
        s.reason = QStringLiteral("no usable CUDA device: %1").arg(oneLineMessage(QString::fromUtf8(e.what()), 200));
    }
#else
    s.reason = QStringLiteral("no CUDA device: this build has no CUDA kernels (built without nvcc or with "
                              "REDUCESCOPE_CUDA=OFF); open a trace recorded elsewhere instead");
#endif
    return s;
}

OriginTrace recordOnGpu(const TraceRequest& request)
{
    const TraceOutcome model = buildTrace(request);  // validates and resolves the default block size
    if (model.error)
        return failure(model.error->message);
    const model::Trace& m = *model.trace;
    if (m.params.warp_size != 32 || m.params.banks != 32)
        return failure(QStringLiteral("a GPU records warps of 32 lanes and 32 banks (this request has warp size %1, "
                                      "%2 banks): the step model is shown")
                           .arg(m.params.warp_size).arg(m.params.banks));
#if REDUCESCOPE_WITH_RECORDING
    if (!gpu::can_record(m.strategy))
        return failure(QStringLiteral("%1 has no GPU recording variant: the step model is shown").arg(request.strategy));
    try {
        const gpu::Recording rec = gpu::record_on_gpu(m.strategy, std::span<const float>(m.input.data(), std::size_t(m.n)),
                                                      unsigned(m.params.block_size), unsigned(m.params.coarse_factor));
        OriginTrace out;
        const nlohmann::json j = gpu::recorded_trace_json(rec);
        out.trace = std::make_shared<const model::Trace>(gpu::recorded_trace(rec));
        out.origin.recordedOnGpu = true;
        out.origin.device = QString::fromStdString(rec.device);
        out.origin.records = qint64(rec.calls.size());
        out.origin.notRecorded = qStrings(j.at("recording").at("not_recorded").get<std::vector<std::string>>());
        out.origin.splitWarps = qStrings(j.at("recording").at("split_warps").get<std::vector<std::string>>());
        return out;
    } catch (const gpu::NoDevice& e) {
        return failure(QStringLiteral("no CUDA device: %1").arg(oneLineMessage(QString::fromUtf8(e.what()), 200)), true);
    } catch (const std::invalid_argument& e) {
        return failure(QStringLiteral("the recording refused these parameters: %1; the step model is shown")
                           .arg(oneLineMessage(QString::fromUtf8(e.what()), 200)));
    } catch (const std::exception& e) {
        return failure(QStringLiteral("recording failed: %1; the step model is shown")
                           .arg(oneLineMessage(QString::fromUtf8(e.what()), 200)));
    }
#else
    return failure(probeGpu().reason, true);
#endif
}

OriginTrace readTraceFile(const QString& path)
{
    if (path.isEmpty())
        return failure(QStringLiteral("no file name given (expected a trace .json file)"));
    QString error;
    const std::optional<QByteArray> bytes = BenchResultsReader::readBytes(path, &error);
    if (!bytes)
        return failure(error);
    const model::TraceFileResult r = model::read_trace_file(std::string_view(bytes->constData(), std::size_t(bytes->size())));
    if (!r.file)
        return failure(QStringLiteral("%1: %2").arg(echoPath(QFileInfo(path).fileName()), QString::fromStdString(r.error)));
    OriginTrace out;
    out.trace = std::make_shared<const model::Trace>(r.file->trace);
    out.origin.recordedOnGpu = r.file->recorded_on_gpu;
    out.origin.device = QString::fromStdString(r.file->recording.device);
    out.origin.records = r.file->recording.records;
    out.origin.notRecorded = qStrings(r.file->recording.not_recorded);
    out.origin.splitWarps = qStrings(r.file->recording.split_warps);
    out.origin.file = path;
    out.origin.description = QString::fromStdString(r.file->description);
    return out;
}

QString originBanner(const TraceOrigin& o)
{
    const QString from = o.file.isEmpty() ? QString() : QStringLiteral(" · from %1").arg(echoPath(QFileInfo(o.file).fileName(), 60));
    if (!o.recordedOnGpu)
        return QStringLiteral("Step model%1").arg(from);
    return QStringLiteral("Recorded on the GPU: %1 — %2 probe records%3")
        .arg(echoValue(o.device, 80)).arg(o.records).arg(from);
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
