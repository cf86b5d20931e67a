// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/hardware_counters.h"

#include "app/bench_results.h"
#include "app/message_text.h"
#include "bench/counters_compare.h"
#include "model/catalogue.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>
#include <exception>

namespace reducescope::app {
namespace {

constexpr int kMaxKernels = 1000;
constexpr int kMaxMetrics = 200;

struct Bad {
    QString message;
};

QString got(const QJsonValue& v)
{
    QString text;
    switch (v.type()) {
    case QJsonValue::Null: text = QStringLiteral("null"); break;
    case QJsonValue::Bool: text = v.toBool() ? QStringLiteral("true") : QStringLiteral("false"); break;
    case QJsonValue::Double: text = QString::number(v.toDouble(), 'g', 12); break;
    case QJsonValue::String: text = QLatin1Char('"') + v.toString() + QLatin1Char('"'); break;
    case QJsonValue::Array: text = QStringLiteral("an array"); break;
    case QJsonValue::Object: text = QStringLiteral("an object"); break;
    case QJsonValue::Undefined: text = QStringLiteral("nothing"); break;
    }
    return QStringLiteral(" (got %1)").arg(echoValue(text));
}

QJsonValue need(const QJsonObject& o, const QString& key, const QString& path)
{
    if (!o.contains(key))
        throw Bad{path + key + QStringLiteral(" is missing")};
    return o.value(key);
}

qint64 integer(const QJsonValue& v, const QString& name, qint64 lo, qint64 hi)
{
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || d != std::floor(d) || d < double(lo) || d > double(hi))
        throw Bad{QStringLiteral("%1 must be an integer in %2..%3").arg(name).arg(lo).arg(hi) + got(v)};
    return qint64(d);
}

// ncu prints "(512, 1, 1)"; an integer is accepted too.
int blockSizeOf(const QJsonValue& v, const QString& name)
{
    int b = 0;
    if (v.isDouble())
        b = int(integer(v, name, 1, 1024));
    else if (v.isString()) {
        static const QRegularExpression re(QStringLiteral("^\\(?\\s*(\\d{1,4})\\s*(,\\s*1\\s*,\\s*1\\s*)?\\)?$"));
        const auto m = re.match(v.toString());
        if (m.hasMatch())
            b = m.captured(1).toInt();
    }
    if (b < 1 || b > 1024 || (b & (b - 1)) != 0)
        throw Bad{name + QStringLiteral(" must be a power of two in 1..1024, as a number or as ncu prints it, \"(512, 1, 1)\"") + got(v)};
    return b;
}

HardwareKernel readKernel(const QJsonValue& value, const QString& p)
{
    if (!value.isObject())
        throw Bad{p + QStringLiteral(" must be an object") + got(value)};
    const QJsonObject o = value.toObject();
    const QString q = p + QLatin1Char('.');
    HardwareKernel k;
    const QJsonValue id = need(o, QStringLiteral("strategy"), q);
    const model::StrategyInfo* info = id.isString() ? model::find_strategy(id.toString().toStdString()) : nullptr;
    if (!info || !info->has_model)
        throw Bad{q + QStringLiteral("strategy must be a strategy id with a step model, e.g. shared") + got(id)};
    k.strategy = id.toString();
    const QJsonValue kernel = o.value(QStringLiteral("kernel"));
    if (!kernel.isUndefined() && !kernel.isString())
        throw Bad{q + QStringLiteral("kernel must be a string") + got(kernel)};
    k.kernel = kernel.toString().left(300);
    k.blockSize = blockSizeOf(need(o, QStringLiteral("block_size"), q), q + QStringLiteral("block_size"));
    const QJsonValue grid = o.value(QStringLiteral("grid_size"));
    k.gridSize = grid.isString() ? grid.toString().left(40) : grid.isDouble() ? QString::number(grid.toDouble()) : QString();
    k.launches = int(integer(need(o, QStringLiteral("launches"), q), q + QStringLiteral("launches"), 1, 1000000));
    const QJsonValue equal = o.value(QStringLiteral("hardware_all_launches_equal"));
    if (!equal.isUndefined() && !equal.isBool())
        throw Bad{q + QStringLiteral("hardware_all_launches_equal must be true or false") + got(equal)};
    k.allLaunchesEqual = equal.toBool(true);
    const QJsonValue hw = need(o, QStringLiteral("hardware"), q);
    if (!hw.isObject())
        throw Bad{q + QStringLiteral("hardware must be an object {metric: value}") + got(hw)};
    const QJsonObject metrics = hw.toObject();
    if (metrics.size() > kMaxMetrics)
        throw Bad{q + QStringLiteral("hardware must hold at most %1 metrics (got %2)").arg(kMaxMetrics).arg(metrics.size())};
    for (auto it = metrics.begin(); it != metrics.end(); ++it) {
        // The metrics read are counts (.sum of events): whole numbers, at most 2^53.
        const double d = it.value().toDouble(-1);
        if (!it.value().isDouble() || !(d >= 0) || !(d <= 9007199254740992.0) || d != std::floor(d))
            throw Bad{q + QStringLiteral("hardware.%1 must be a whole number in 0..2^53 (a count)").arg(echoValue(it.key(), 80)) +
                      got(it.value())};
        k.hardware.insert(it.key(), d);
    }
    const QJsonValue fileModel = o.value(QStringLiteral("model"));
    if (fileModel.isObject()) {
        const QJsonObject m = fileModel.toObject();
        for (auto it = m.begin(); it != m.end() && k.fileModel.size() < kMaxMetrics; ++it)
            k.fileModel.insert(it.key(), integer(it.value(), q + QStringLiteral("model.") + echoValue(it.key(), 80), 0, qint64(1) << 53));
    } else if (!fileModel.isUndefined() && !fileModel.isNull()) {
        throw Bad{q + QStringLiteral("model must be an object or null") + got(fileModel)};
    }
    return k;
}

QString number(double v)
{
    return v == std::floor(v) && std::abs(v) < 1e15 ? QString::number(qint64(v)) : QString::number(v, 'g', 6);
}

// The words of the comparison (lupdate context "HardwareCounters").
struct Words {
    Q_DECLARE_TR_FUNCTIONS(HardwareCounters)
};

// The row's name and what the model counts for it, in bench::CounterRowKind order.
struct RowWords {
    const char* quantity;
    const char* modelName;
};
constexpr RowWords kRowWords[] = {
    {QT_TRANSLATE_NOOP("HardwareCounters", "divergent branches"), QT_TRANSLATE_NOOP("HardwareCounters", "divergent warp-steps")},
    {QT_TRANSLATE_NOOP("HardwareCounters", "bank conflicts, shared loads"), QT_TRANSLATE_NOOP("HardwareCounters", "extra load wavefronts")},
    {QT_TRANSLATE_NOOP("HardwareCounters", "bank conflicts, shared stores"), QT_TRANSLATE_NOOP("HardwareCounters", "extra store wavefronts")},
    {QT_TRANSLATE_NOOP("HardwareCounters", "wavefronts, shared loads"), QT_TRANSLATE_NOOP("HardwareCounters", "load wavefronts")},
    {QT_TRANSLATE_NOOP("HardwareCounters", "wavefronts, shared stores"), QT_TRANSLATE_NOOP("HardwareCounters", "store wavefronts")},
};

// docs/hardware-counters.md says the same at length.
QString reasonText(bench::CounterReason r)
{
    using R = bench::CounterReason;
    switch (r) {
    case R::NotCollected: return Words::tr("Not collected in this run (the metric is not in the file).");
    case R::NoModelFigure: return Words::tr("No model figure to compare with.");
    case R::BranchesSame: return Words::tr("Same: every divergent step of the model is a real branch in the machine code.");
    case R::BranchesFinalExit:
        return Words::tr("The tree's guarded body is a real branch and agrees; the extra 1 is the final write: "
                  "if (tid == 0) makes the other threads EXIT, and an exit is not a branch.");
    case R::BranchesPredicated:
        return Words::tr("The compiler predicated the guarded loads, add and store (@P LDS/FADD/STS) instead "
                  "of branching: masked lanes sit idle but no branch splits the warp, so ncu counts none.");
    case R::BranchesCountOther:
        return Words::tr("They count different things: the model, warps in which some lanes skip the guarded work; "
                  "ncu, branch instructions whose lanes split (predicated code and EXIT are not branches).");
    case R::SharedNoConflicts:
        return Words::tr("Both 0: every shared access of this kind is conflict-free (one wavefront per instruction), or there is none.");
    case R::SharedNoTraffic: return Words::tr("Both 0: no shared-memory traffic of this kind in this kernel.");
    case R::ConflictsSame:
        return Words::tr("Same: the model's bank of each lane's word (word mod 32) gives exactly the extra "
                  "wavefronts the hardware needed.");
    case R::WavefrontsSame:
        return Words::tr("Same: one shared-memory instruction per source expression (the stride is known only at "
                  "run time, so no fused 64-bit loads; the loop is not unrolled).");
    case R::SharedDiffer:
        return Words::tr("Differ: the machine code does not make one shared access per source expression here "
                  "(fused or unrolled accesses); see docs/hardware-counters.md.");
    }
    return {};
}

bench::MeasuredCounters measured(const HardwareCounters& counters)
{
    bench::MeasuredCounters m;
    m.n = counters.n;
    for (const HardwareKernel& k : counters.kernels) {
        bench::MeasuredKernel x;
        x.strategy = k.strategy.toStdString();
        x.block_size = k.blockSize;
        x.grid_size = k.gridSize.toStdString();
        x.launches = k.launches;
        x.all_launches_equal = k.allLaunchesEqual;
        for (auto it = k.hardware.cbegin(); it != k.hardware.cend(); ++it)
            x.hardware.emplace(it.key().toStdString(), it.value());
        for (auto it = k.fileModel.cbegin(); it != k.fileModel.cend(); ++it)
            x.file_model.emplace(it.key().toStdString(), it.value());
        m.kernels.push_back(std::move(x));
    }
    return m;
}

} // namespace

std::optional<HardwareCounters> parseHardwareCounters(const QByteArray& json, QString* error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    try {
        if (pe.error != QJsonParseError::NoError)
            throw Bad{QStringLiteral("not JSON: %1 at byte %2").arg(pe.errorString()).arg(pe.offset)};
        if (!doc.isObject())
            throw Bad{QStringLiteral("the file must be a results object {\"schema\": \"reducescope-results\", ...}")};
        const QJsonObject root = doc.object();
        const QJsonValue schema = need(root, QStringLiteral("schema"), QString());
        if (schema.toString() != BenchResultsReader::schemaId())
            throw Bad{QStringLiteral("schema must be \"%1\"").arg(BenchResultsReader::schemaId()) + got(schema)};
        integer(need(root, QStringLiteral("version"), QString()), QStringLiteral("version"), BenchResultsReader::kVersion,
                BenchResultsReader::kVersion);
        const QJsonValue counters = root.value(QStringLiteral("counters"));
        if (counters.isUndefined())
            throw Bad{QStringLiteral("counters is missing (a results file from reducescope-cli bench --counters has it)")};
        HardwareCounters out;
        QJsonArray list;
        QJsonValue nValue = QJsonValue(QJsonValue::Undefined);  // the array form takes params.n
        if (counters.isArray()) {
            list = counters.toArray();
        } else if (counters.isObject()) {
            const QJsonObject co = counters.toObject();
            const QJsonValue status = co.value(QStringLiteral("status"));
            if (!status.isUndefined()) {
                static const QStringList known{QStringLiteral("ok"), QStringLiteral("skipped"), QStringLiteral("error")};
                if (!status.isString() || !known.contains(status.toString()))
                    throw Bad{QStringLiteral("counters.status must be one of \"ok\", \"skipped\", \"error\"") + got(status)};
                out.status = status.toString();
            }
            out.message = co.value(QStringLiteral("message")).toString().left(300);
            const QJsonValue kernels = need(co, QStringLiteral("kernels"), QStringLiteral("counters."));
            if (!kernels.isArray())
                throw Bad{QStringLiteral("counters.kernels must be an array") + got(kernels)};
            list = kernels.toArray();
            if (list.isEmpty() && out.status != QLatin1String("ok"))
                throw Bad{QStringLiteral("counters.kernels is empty: the run's counters were %1%2")
                              .arg(out.status.isEmpty() ? QStringLiteral("not collected") : out.status,
                                   out.message.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(echoValue(out.message, 200)))};
            nValue = need(co, QStringLiteral("n"), QStringLiteral("counters."));  // params.n is the benchmark's own n
        } else {
            throw Bad{QStringLiteral("counters must be an array of profiled kernels") + got(counters)};
        }
        if (list.isEmpty() || list.size() > kMaxKernels)
            throw Bad{QStringLiteral("counters%1 must hold 1..%2 profiled kernels (got %3)")
                          .arg(counters.isObject() ? QStringLiteral(".kernels") : QString()).arg(kMaxKernels).arg(list.size())};
        const QString nName = nValue.isUndefined() ? QStringLiteral("params.n") : QStringLiteral("counters.n");
        if (nValue.isUndefined()) {
            const QJsonValue params = need(root, QStringLiteral("params"), QString());
            if (!params.isObject())
                throw Bad{QStringLiteral("params must be an object") + got(params)};
            nValue = need(params.toObject(), QStringLiteral("n"), QStringLiteral("params."));
        }
        out.n = integer(nValue, nName, 1, qint64(1) << 34);
        for (int i = 0; i < list.size(); ++i) {
            const QString where = (counters.isObject() ? QStringLiteral("counters.kernels[%1]")
                                                       : QStringLiteral("counters[%1]")).arg(i);
            out.kernels.push_back(readKernel(list.at(i), where));
            // One entry per strategy: with two, the panel could not say which one it shows.
            for (int k = 0; k + 1 < int(out.kernels.size()); ++k)
                if (out.kernels[k].strategy == out.kernels.back().strategy)
                    throw Bad{QStringLiteral("%1.strategy: %2 is already in entry %3 (one entry per strategy)")
                                  .arg(where, out.kernels.back().strategy).arg(k)};
        }
        const QJsonValue device = root.value(QStringLiteral("device"));
        if (device.isObject())
            out.device = device.toObject().value(QStringLiteral("name")).toString().left(80);
        return out;
    } catch (const Bad& b) {
        if (error)
            *error = b.message;
        return std::nullopt;
    }
}

std::optional<HardwareCounters> readHardwareCounters(const QString& path, QString* error)
{
    if (path.isEmpty()) {
        if (error)
            *error = QStringLiteral("no file name given (expected a results .json file with counters)");
        return std::nullopt;
    }
    const std::optional<QByteArray> bytes = BenchResultsReader::readBytes(path, error);
    if (!bytes)
        return std::nullopt;
    QString why;
    std::optional<HardwareCounters> c = parseHardwareCounters(*bytes, &why);
    if (!c) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(echoPath(QFileInfo(path).fileName()), why);
        return std::nullopt;
    }
    c->file = QFileInfo(path).fileName();
    return c;
}

bool hasHardwareCounters(const QByteArray& json)
{
    const QJsonDocument doc = QJsonDocument::fromJson(json);
    return doc.isObject() && doc.object().contains(QStringLiteral("counters"));
}

views::HardwareComparison compareWithModel(const HardwareCounters& counters, const QString& strategy,
                                           const model::Trace* shown)
{
    const bench::CounterComparison r = bench::compare_counters(measured(counters), strategy.toStdString(), shown);
    views::HardwareComparison c;
    c.file = counters.file;
    const QString device = counters.device.isEmpty() ? QString() : QStringLiteral(", %1").arg(counters.device);
    c.title = Words::tr("%1: model vs hardware (Nsight Compute%2)").arg(strategy, device);
    if (!r.kernel) {
        QStringList held;
        for (const std::string& id : r.strategies_in_file)
            held << QString::fromStdString(id);
        c.note = Words::tr("This file has no hardware counters for %1; it has %2 (single-block kernels at n = %3).")
                     .arg(strategy, held.join(QStringLiteral(", "))).arg(r.n);
        return c;
    }
    const bench::MeasuredKernel& k = *r.kernel;
    const QString grid = k.grid_size.empty() ? QStringLiteral("?") : QString::fromStdString(k.grid_size);
    const QString launches = k.launches == 1 ? Words::tr("1 launch") : Words::tr("%1 launches").arg(k.launches);
    const QString equal = k.launches <= 1 ? QString()
        : k.all_launches_equal ? Words::tr(", all with the same figures") : Words::tr(", figures of the first (the launches differed)");
    c.config = Words::tr("Measured at n = %1, block size %2 (grid %3), %4%5.").arg(r.n).arg(k.block_size).arg(grid, launches, equal);
    if (r.shown_differs) {
        c.configNote = Words::tr("The trace on screen is n = %1, block size %2; the model column is the step model at the "
                          "measured n = %3, block size %4, not the trace on screen.")
                           .arg(r.shown_differs->n).arg(r.shown_differs->block_size).arg(r.n).arg(k.block_size);
        if (r.shown_differs->not_gpu_shape)
            c.configNote += Words::tr(" (warp size 32, 32 banks, as on the GPU)");
    }
    for (const bench::CounterRow& x : r.rows) {
        views::HardwareComparison::Row row;
        row.quantity = Words::tr(kRowWords[int(x.kind)].quantity);
        row.modelName = Words::tr(kRowWords[int(x.kind)].modelName);
        row.metric = QString::fromStdString(x.metric);
        row.model = x.model ? QString::number(*x.model) : QStringLiteral("–");
        row.hardware = x.hardware ? number(*x.hardware) : Words::tr("not collected");
        row.measured = x.hardware.has_value();
        row.agree = x.agree;
        row.why = reasonText(x.reason);
        c.rows.push_back(row);
    }
    if (r.model_column == bench::ModelColumn::FromFile)
        c.note = Words::tr("The step model cannot run n = %1 here (at most 4096 values): the model figures are the ones "
                    "written into the file.").arg(r.n);
    else if (r.model_column == bench::ModelColumn::TodayDiffersFromFile)
        c.note = Words::tr("The model figures written into the file differ from today's step model; the model column is today's.");
    if (counters.status == QLatin1String("error"))
        c.note += (c.note.isEmpty() ? QString() : QStringLiteral(" ")) + Words::tr("The run reported an ncu error: %1").arg(counters.message);
    return c;
}

} // namespace reducescope::app
