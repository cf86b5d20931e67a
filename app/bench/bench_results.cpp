// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/bench/bench_results.h"

#include "app/common/file_read.h"
#include "app/common/message_text.h"

#include "bench/compare.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <limits>
#include <string>

namespace reducescope::app {
using views::BenchDevice;
using views::BenchResult;
using views::BenchResults;
using views::BenchStatus;

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

QString csvField(const QString& s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n')))
        return s;
    QString q = s;
    q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

QString csvNumber(const std::optional<double>& v) { return v ? QString::number(*v, 'g', 10) : QString(); }

} // namespace

std::optional<bench::ResultsFile> BenchResultsReader::parseDocument(const QByteArray& json, QString* error)
{
    try {
        return bench::read_results(std::string_view(json.constData(), std::size_t(json.size())));
    } catch (const bench::SchemaError& e) {
        if (error)
            *error = readerMessage(e);
        return std::nullopt;
    }
}

std::optional<bench::ResultsFile> BenchResultsReader::readDocument(const QString& path, QString* error)
{
    const std::optional<QByteArray> bytes = readFileBytes(path, kMaxFileBytes, error);
    if (!bytes)
        return std::nullopt;
    QString why;
    auto f = parseDocument(*bytes, &why);
    if (!f && error)
        *error = QStringLiteral("%1: %2").arg(echoPath(QFileInfo(path).fileName()), why);
    return f;
}

std::optional<BenchResults> BenchResultsReader::readFile(const QString& path, QString* error)
{
    const auto f = readDocument(path, error);
    if (!f)
        return std::nullopt;
    return toViews(*f, QFileInfo(path).fileName());
}

std::optional<BenchResults> BenchResultsReader::parse(const QByteArray& json, QString* error)
{
    const auto f = parseDocument(json, error);
    if (!f)
        return std::nullopt;
    return toViews(*f, QString());
}

std::optional<BenchLine> BenchResultsReader::parseLine(const QByteArray& line, QString* error)
{
    try {
        return toViews(bench::read_line(std::string_view(line.constData(), std::size_t(line.size()))));
    } catch (const bench::SchemaError& e) {
        if (error)
            *error = readerMessage(e);
        return std::nullopt;
    }
}

std::optional<QList<BenchDevice>> BenchResultsReader::parseDevices(const QByteArray& text, QString* error)
{
    try {
        QList<BenchDevice> out;
        for (const bench::Device& d : bench::read_device_list(std::string_view(text.constData(), std::size_t(text.size()))))
            out << toViews(d);
        return out;
    } catch (const bench::SchemaError& e) {
        if (error)
            *error = readerMessage(e);
        return std::nullopt;
    }
}


BenchDevice toViews(const bench::Device& d)
{
    BenchDevice v;
    v.index = d.index;
    v.name = qs(d.name);
    v.compute_capability = qs(d.compute_capability);
    v.sms = d.sms;
    v.l2_bytes = d.l2_bytes;
    v.memory_bytes = d.memory_bytes;
    v.peak_bandwidth_gbs = d.peak_bandwidth_gbs;
    v.driver_version = qs(d.driver_version);
    v.runtime_version = qs(d.runtime_version);
    return v;
}

BenchResult toViews(const bench::Result& r)
{
    BenchResult v;
    v.strategy = qs(r.strategy);
    v.family = qs(r.family);
    v.kernel = qs(r.kernel);
    v.operation = qs(r.operation);
    v.n = qint64(r.n);
    v.block_size = r.block_size;
    v.coarse_factor = r.coarse_factor;
    v.grid_size = qint64(r.grid_size);
    v.mode = qs(r.mode);
    v.cache = qs(r.cache);
    v.status = BenchStatus(int(r.status));  // the same order as bench::Status
    v.message = qs(r.message);
    v.result = r.result;
    v.reference = r.reference;
    v.abs_error = r.abs_error;
    v.tolerance = r.tolerance;
    if (r.time_ms)
        v.time = views::BenchTime{r.time_ms->median, r.time_ms->min, r.time_ms->max};
    v.bytes_read = r.bytes_read;
    if (r.status == bench::Status::Ok) {
        // Contract: speeds are null unless ok. A file that breaks it still never shows them.
        v.bandwidth_gbs = r.bandwidth_gbs;
        v.pct_peak = r.pct_peak;
        v.pct_ceiling = r.pct_ceiling;
        v.speedup_vs_cpu = r.speedup_vs_cpu;
        v.speedup_vs_cub = r.speedup_vs_cub;
    }
    v.ceiling_read_gbs = r.ceiling_read_gbs;
    const bench::EngineFields engine = bench::engine_fields(r);
    v.noise = engine.noise;
    v.noise_recorded = engine.source == bench::NoiseSource::Recorded;
    v.noisy = engine.noisy;
    v.low_clock = engine.low_clock;
    if (r.multi_gpu) {
        v.gpus = r.multi_gpu->gpus;
        v.combine = qs(r.multi_gpu->combine);
    }
    return v;
}

BenchResults toViews(const bench::ResultsFile& f, const QString& source)
{
    BenchResults v;
    v.source = source;
    if (f.tool) {
        v.tool_version = qs(f.tool->version);
        v.tool_commit = qs(f.tool->commit);
    }
    v.date = qs(f.date);
    v.command = qs(f.command);
    if (f.incomplete)
        v.incomplete = qs(*f.incomplete);
    v.device = toViews(f.device);
    const bench::Params& p = f.params;
    v.params.n = qint64(p.n);
    v.params.reps = p.reps;
    v.params.warmup = p.warmup;
    v.params.mode = qs(p.mode);
    v.params.cache = qs(p.cache);
    v.params.block_size = p.block_size;
    v.params.coarse_factor = p.coarse_factor;
    v.params.seed = qint64(p.seed);
    if (p.stopping)
        v.params.max_noise = p.stopping->max_noise;
    for (const std::string& s : p.strategies)
        v.params.strategies << qs(s);
    if (p.sweep) {
        v.params.sweep_param = qs(p.sweep->param);
        for (const std::uint64_t x : p.sweep->values)
            v.params.sweep_values << double(x);
        if (p.sweep->second) {
            v.params.sweep_param2 = qs(p.sweep->second->param);
            for (const std::uint64_t x : p.sweep->second->values)
                v.params.sweep_values2 << double(x);
        }
    }
    if (f.ceilings) {
        v.ceiling_read_gbs = f.ceilings->read_gbs;
        v.ceiling_copy_gbs = f.ceilings->copy_gbs;
    }
    v.results.reserve(qsizetype(f.results.size()));
    for (const bench::Result& r : f.results)
        v.results << toViews(r);
    return v;
}

BenchLine toViews(const bench::StreamLine& l)
{
    using T = bench::StreamLine::Type;
    BenchLine v;
    v.type = BenchLine::Type(int(l.type));  // the same order
    switch (l.type) {
    case T::Start:
        v.total = int(l.total);
        v.header = toViews(l.header, QString());
        break;
    case T::Progress:
        v.index = int(l.progress.index);
        v.total = int(l.progress.total);
        v.strategy = qs(l.progress.strategy);
        v.n = qint64(l.progress.n);
        break;
    case T::Result: v.result = toViews(l.result); break;
    case T::Done: v.elapsed_s = l.elapsed_s; break;
    case T::Error: v.message = qs(l.message); break;
    }
    return v;
}

QList<views::ScalingPoint> scalingPoints(const bench::ResultsFile& f)
{
    QList<views::ScalingPoint> out;
    for (const bench::Result& r : f.results) {
        if (!r.multi_gpu)
            continue;
        views::ScalingPoint p;
        p.gpus = r.multi_gpu->gpus;
        p.combine = qs(r.multi_gpu->combine);
        p.n = qint64(r.n);
        p.status = qs(std::string{bench::status_name(r.status)});
        const bool numbers = r.time_ms && r.multi_gpu->algbw_gbs && r.multi_gpu->busbw_gbs;
        p.ok = r.status == bench::Status::Ok && numbers && p.gpus >= 1;
        if (numbers) {
            p.median_ms = r.time_ms->median;
            p.algbw_gbs = *r.multi_gpu->algbw_gbs;
            p.busbw_gbs = *r.multi_gpu->busbw_gbs;
        }
        out << p;
    }
    return out;
}

QByteArray benchResultsToJson(const bench::ResultsFile& f) { return QByteArray::fromStdString(bench::write_results(f)); }

bool writeResultsFile(const QString& path, const bench::ResultsFile& f, QString* error)
{
    try {
        bench::write_results_file(QFile::encodeName(path).toStdString(), f);
        return true;
    } catch (const std::exception& e) {
        if (error) {
            // "cannot write PATH: why" -> "PATH: cannot write (why)", the pane's form.
            QString why = QString::fromUtf8(e.what());
            why = why.mid(why.indexOf(QStringLiteral(": ")) + 2);
            *error = QCoreApplication::translate("BenchResults", "%1: cannot write (%2)").arg(echoPath(path), why);
        }
        return false;
    }
}

QByteArray benchResultsToCsv(const BenchResults& r)
{
    QStringList lines;
    lines << QStringLiteral("strategy,family,kernel,n,block_size,coarse_factor,grid_size,mode,cache,status,"
                            "time_median_ms,time_min_ms,time_max_ms,bytes_read,bandwidth_gbs,pct_peak,pct_ceiling,"
                            "speedup_vs_cpu,speedup_vs_cub,result,reference,abs_error,tolerance,message");
    for (const BenchResult& x : r.results) {
        QStringList f;
        f << csvField(x.strategy) << csvField(x.family) << csvField(x.kernel) << QString::number(x.n)
          << QString::number(x.block_size) << QString::number(x.coarse_factor) << QString::number(x.grid_size)
          << csvField(x.mode) << csvField(x.cache) << views::benchStatusId(x.status)
          << (x.time ? QString::number(x.time->median_ms, 'g', 10) : QString())
          << (x.time ? QString::number(x.time->min_ms, 'g', 10) : QString())
          << (x.time ? QString::number(x.time->max_ms, 'g', 10) : QString())
          << QString::number(x.bytes_read) << csvNumber(x.bandwidth_gbs) << csvNumber(x.pct_peak)
          << csvNumber(x.pct_ceiling) << csvNumber(x.speedup_vs_cpu) << csvNumber(x.speedup_vs_cub)
          << csvNumber(x.result) << csvNumber(x.reference) << csvNumber(x.abs_error) << csvNumber(x.tolerance)
          << csvField(x.message);
        lines << f.join(QLatin1Char(','));
    }
    return (lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8();
}

QByteArray benchResultsToMarkdown(const BenchResults& r, const QList<std::optional<double>>& speedups,
                                  const QString& baseline)
{
    const auto cell = [](QString s) { return s.replace(QLatin1Char('|'), QStringLiteral("\\|")).replace(QLatin1Char('\n'), QLatin1Char(' ')); };
    const auto num = [](const std::optional<double>& v, int decimals) {
        return v ? QString::number(*v, 'f', decimals) : QStringLiteral("–");
    };
    const auto tr = [](const char* s) { return QCoreApplication::translate("BenchResults", s); };
    QStringList lines;
    lines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 | %11 |")
                 .arg(tr("Strategy"), tr("N"), tr("Block"), tr("C"), tr("Mode"), tr("Cache"), tr("Status"),
                      tr("Median (µs)"), tr("Bandwidth (GB/s)"), tr("% of peak"))
                 .arg(QCoreApplication::translate("BenchResults", "Speed-up vs %1").arg(cell(baseline)));
    lines << QStringLiteral("|---|--:|--:|--:|---|---|---|--:|--:|--:|--:|");
    for (qsizetype i = 0; i < r.results.size(); ++i) {
        const BenchResult& x = r.results[i];
        // The speed-up read in place: a std::optional<double> copied out of a conditional expression
        // made GCC 12 warn (-Wmaybe-uninitialized) about its value when it is empty.
        const QString speedup = i < speedups.size() && speedups[i]
            ? QString::number(*speedups[i], 'f', 2) + QStringLiteral("×") : QStringLiteral("–");
        lines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 | %11 |")
                     .arg(cell(x.strategy), QString::number(x.n), QString::number(x.block_size),
                          QString::number(x.coarse_factor), cell(x.mode), cell(x.cache), views::benchStatusId(x.status),
                          x.time ? QString::number(x.time->median_ms * 1000, 'f', 3) : QStringLiteral("–"),
                          num(x.bandwidth_gbs, 1))
                     .arg(num(x.pct_peak, 1), speedup);
    }
    return (lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8();
}

QList<std::optional<double>> benchSpeedups(const BenchResults& r, const QString& baseline)
{
    // The baseline's verified results indexed by n once (comparing every result with
    // every other took 31 s for 20000 results). Per n, the best match for each (operation, block
    // size, coarse factor) is found among the few baseline results of that n.
    QHash<qint64, QList<const BenchResult*>> byN;
    for (const BenchResult& b : r.results)
        if (b.strategy == baseline && b.hasSpeed())
            byN[b.n] << &b;
    QHash<QString, const BenchResult*> chosen;
    QList<std::optional<double>> out;
    out.reserve(r.results.size());
    for (const BenchResult& x : r.results) {
        std::optional<double> s;
        if (x.hasSpeed()) {
            if (baseline == QLatin1String("cpu") && x.speedup_vs_cpu) {
                s = x.speedup_vs_cpu;
            } else if (baseline == QLatin1String("cub") && x.speedup_vs_cub) {
                s = x.speedup_vs_cub;
            } else {
                // The baseline at the same n; prefer the same operation, block size and coarse
                // factor. Memoized per (n, operation, block size, coarse factor): a sweep asks the
                // same question for every strategy.
                const QString key = QStringLiteral("%1/%2/%3/%4").arg(x.n).arg(x.operation).arg(x.block_size).arg(x.coarse_factor);
                auto hit = chosen.constFind(key);
                if (hit == chosen.constEnd()) {
                    const BenchResult* pick = nullptr;
                    int bestScore = -1;
                    for (const BenchResult* b : byN.value(x.n)) {
                        const int score = (b->operation == x.operation ? 4 : 0) + (b->block_size == x.block_size ? 2 : 0)
                            + (b->coarse_factor == x.coarse_factor ? 1 : 0);
                        if (score > bestScore) {
                            pick = b;
                            bestScore = score;
                            if (score == 7)
                                break;
                        }
                    }
                    hit = chosen.insert(key, pick);
                }
                const BenchResult* best = *hit;
                if (best && x.time->median_ms > 0)
                    s = best->time->median_ms / x.time->median_ms;
            }
        }
        out << s;
    }
    return out;
}

} // namespace reducescope::app
