// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/hardware_counters.h"

#include "app/bench_results.h"
#include "app/message_text.h"
#include "bench/ncu_counters.h"
#include "model/catalogue.h"
#include "model/simulate.h"

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

struct RowSpec {
    const char* quantity;
    const char* modelName;
    int metric;          ///< index into bench::kCounterMetrics
    const char* modelKey;  ///< key of bench::model_counters()
    bool divergence;
};

constexpr RowSpec kRows[] = {
    {"divergent branches", "divergent warp-steps", 0, "divergent_warp_steps", true},
    {"bank conflicts, shared loads", "extra load wavefronts", 1, "extra_shared_ld_wavefronts", false},
    {"bank conflicts, shared stores", "extra store wavefronts", 2, "extra_shared_st_wavefronts", false},
    {"wavefronts, shared loads", "load wavefronts", 3, "shared_ld_wavefronts", false},
    {"wavefronts, shared stores", "store wavefronts", 4, "shared_st_wavefronts", false},
};

QString whyDivergence(qint64 model, double hw)
{
    if (double(model) == hw)
        return QStringLiteral("Same: every divergent step of the model is a real branch in the machine code.");
    if (double(model) == hw + 1)
        return QStringLiteral("The tree's guarded body is a real branch and agrees; the extra 1 is the final write: "
                              "if (tid == 0) makes the other threads EXIT, and an exit is not a branch.");
    if (hw == 0 && model > 0)
        return QStringLiteral("The compiler predicated the guarded loads, add and store (@P LDS/FADD/STS) instead "
                              "of branching: masked lanes sit idle but no branch splits the warp, so ncu counts none.");
    return QStringLiteral("They count different things: the model, warps in which some lanes skip the guarded work; "
                          "ncu, branch instructions whose lanes split (predicated code and EXIT are not branches).");
}

QString whyShared(qint64 model, double hw, bool conflicts)
{
    if (double(model) == hw && model == 0)
        return conflicts ? QStringLiteral("Both 0: every shared access of this kind is conflict-free (one "
                                          "wavefront per instruction), or there is none.")
                         : QStringLiteral("Both 0: no shared-memory traffic of this kind in this kernel.");
    if (double(model) == hw && conflicts)
        return QStringLiteral("Same: the model's bank of each lane's word (word mod 32) gives exactly the extra "
                              "wavefronts the hardware needed.");
    if (double(model) == hw)
        return QStringLiteral("Same: one shared-memory instruction per source expression (the stride is known only at "
                              "run time, so no fused 64-bit loads; the loop is not unrolled).");
    return QStringLiteral("Differ: the machine code does not make one shared access per source expression here "
                          "(fused or unrolled accesses); see docs/hardware-counters.md.");
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
    views::HardwareComparison c;
    c.file = counters.file;
    const QString device = counters.device.isEmpty() ? QString() : QStringLiteral(", %1").arg(counters.device);
    c.title = QStringLiteral("%1: model vs hardware (Nsight Compute%2)").arg(strategy, device);
    const HardwareKernel* k = nullptr;
    QStringList held;
    for (const HardwareKernel& x : counters.kernels) {
        held << x.strategy;
        if (x.strategy == strategy && !k)
            k = &x;
    }
    if (!k) {
        c.note = QStringLiteral("This file has no hardware counters for %1; it has %2 (single-block kernels at n = %3).")
                     .arg(strategy, held.join(QStringLiteral(", "))).arg(counters.n);
        return c;
    }
    c.config = QStringLiteral("Measured at n = %1, block size %2 (grid %3), %4 launch%5%6.")
                   .arg(counters.n).arg(k->blockSize).arg(k->gridSize.isEmpty() ? QStringLiteral("?") : k->gridSize)
                   .arg(k->launches).arg(k->launches == 1 ? "" : "es")
                   .arg(k->launches > 1 ? (k->allLaunchesEqual ? QStringLiteral(", all with the same figures")
                                                                 : QStringLiteral(", figures of the first (the launches differed)"))
                                        : QString());

    // The model at the measured configuration (its counters of these kernels do not depend on the values).
    QMap<QString, qint64> modelFigures;
    QString modelFrom;
    model::Params p;
    p.block_size = k->blockSize;
    const std::string id = strategy.toStdString();
    if (counters.n <= 4096 && !model::validate(id, std::size_t(counters.n), p)) {
        std::vector<float> values(std::size_t(counters.n));
        for (std::size_t i = 0; i < values.size(); ++i)
            values[i] = float(i + 1);
        try {
            const nlohmann::json m = bench::model_counters(model::simulate(id, values, p));
            for (const auto& [key, v] : m.items())
                modelFigures.insert(QString::fromStdString(key), v.get<qint64>());
        } catch (const std::exception&) {
            modelFigures.clear();
        }
    }
    if (modelFigures.isEmpty()) {
        modelFigures = k->fileModel;
        modelFrom = QStringLiteral("The step model cannot run n = %1 here (at most 4096 values): the model figures are "
                                   "the ones written into the file.").arg(counters.n);
    } else if (!k->fileModel.isEmpty() && k->fileModel != modelFigures) {
        modelFrom = QStringLiteral("The model figures written into the file differ from today's step model; "
                                   "the model column is today's.");
    }

    if (shown && QString::fromStdString(shown->strategy) == strategy
        && (shown->n != counters.n || shown->params.block_size != k->blockSize || shown->params.warp_size != 32
            || shown->params.banks != 32)) {
        c.configNote = QStringLiteral("The trace on screen is n = %1, block size %2; the model column is the step "
                                      "model at the measured n = %3, block size %4, not the trace on screen.")
                           .arg(shown->n).arg(shown->params.block_size).arg(counters.n).arg(k->blockSize);
        if (shown->params.warp_size != 32 || shown->params.banks != 32)
            c.configNote += QStringLiteral(" (warp size 32, 32 banks, as on the GPU)");
    }

    for (const RowSpec& r : kRows) {
        views::HardwareComparison::Row row;
        row.quantity = QString::fromLatin1(r.quantity);
        row.modelName = QString::fromLatin1(r.modelName);
        row.metric = QString::fromLatin1(bench::kCounterMetrics[r.metric]);
        const QString key = QString::fromLatin1(r.modelKey);
        const bool haveModel = modelFigures.contains(key);
        const qint64 m = modelFigures.value(key);
        row.model = haveModel ? QString::number(m) : QStringLiteral("–");
        const auto hw = k->hardware.constFind(row.metric);
        if (hw == k->hardware.cend()) {
            row.hardware = QStringLiteral("not collected");
            row.measured = false;
            row.why = QStringLiteral("Not collected in this run (the metric is not in the file).");
        } else if (!haveModel) {
            row.hardware = number(*hw);
            row.why = QStringLiteral("No model figure to compare with.");
        } else {
            row.hardware = number(*hw);
            row.agree = double(m) == *hw;
            row.why = r.divergence ? whyDivergence(m, *hw) : whyShared(m, *hw, r.metric == 1 || r.metric == 2);
        }
        c.rows.push_back(row);
    }
    c.note = modelFrom;
    if (counters.status == QLatin1String("error"))
        c.note += (c.note.isEmpty() ? QString() : QStringLiteral(" "))
                + QStringLiteral("The run reported an ncu error: %1").arg(counters.message);
    return c;
}

} // namespace reducescope::app
