// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/step/hardware_counters.h"

#include "app/common/file_read.h"
#include "app/common/message_text.h"
#include "bench/results_file.h"
#include "model/catalogue.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <cmath>
#include <exception>

namespace reducescope::app {
namespace {

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

} // namespace

std::optional<HardwareCounters> hardwareCountersOf(const bench::ResultsFile& f, const QString& fileName, QString* error)
{
    // The one results reader (kernels/bench/results_file.h) has read and checked the whole file and
    // its "counters" (bench::counters_from_json); this adapter only adds what the panel needs on top:
    // a file whose counters were not collected is refused with the run's own message.
    const auto refuse = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(echoPath(fileName), why);
        return std::nullopt;
    };
    if (!f.counters)
        return refuse(f.counters_problem.empty()
                          ? QStringLiteral("counters is missing (a results file from reducescope-cli bench --counters has it)")
                          : QString::fromStdString(f.counters_problem));
    const bench::Counters& c = *f.counters;
    HardwareCounters out;
    out.file = fileName;
    out.device = QString::fromStdString(f.device.name).left(80);
    if (c.status)
        out.status = QString::fromUtf8(bench::counters_status_name(*c.status).data());
    out.message = QString::fromStdString(c.message).left(300);
    if (c.kernels.empty())
        return refuse(QStringLiteral("counters.kernels is empty: the run's counters were %1%2")
                          .arg(out.status.isEmpty() ? QStringLiteral("not collected") : out.status,
                               out.message.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(echoValue(out.message, 200))));
    // counters_from_json already refused an entry without a step model and a strategy listed twice.
    out.measured.n = c.n;
    for (const bench::CounterKernel& k : c.kernels) {
        bench::MeasuredKernel m;
        m.strategy = k.strategy;
        m.block_size = k.block_threads();
        m.grid_size = QString::fromStdString(k.grid_size).left(40).toStdString();
        m.launches = k.launches;
        m.all_launches_equal = k.all_launches_equal;
        m.hardware = k.hardware;
        if (k.model)
            m.file_model = *k.model;
        out.measured.kernels.push_back(std::move(m));
    }
    return out;
}

bool hasHardwareCounters(const bench::ResultsFile& file)
{
    return file.counters.has_value() || !file.counters_problem.empty();
}

std::optional<HardwareCounters> readHardwareCounters(const QString& path, QString* error)
{
    if (path.isEmpty()) {
        if (error)
            *error = QCoreApplication::translate("BenchResults", "no file name given (expected a results .json file with counters)");
        return std::nullopt;
    }
    const std::optional<QByteArray> bytes = readFileBytes(path, qint64(bench::kMaxResultsFileBytes), error);
    if (!bytes)
        return std::nullopt;
    const QString name = QFileInfo(path).fileName();
    try {
        return hardwareCountersOf(bench::read_results(std::string_view(bytes->constData(), std::size_t(bytes->size()))),
                                  name, error);
    } catch (const bench::SchemaError& e) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(echoPath(name), readerMessage(e));  // escaped as the results reader's messages are
    }
    return std::nullopt;
}

views::HardwareComparison compareWithModel(const HardwareCounters& counters, const QString& strategy,
                                           const model::Trace* shown)
{
    const bench::CounterComparison r = bench::compare_counters(counters.measured, strategy.toStdString(), shown);
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
