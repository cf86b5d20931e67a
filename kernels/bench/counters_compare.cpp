// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/counters_compare.h"

#include "bench/ncu_counters_json.h"
#include "model/simulate.h"

#include <exception>

namespace reducescope::bench {
namespace {

struct RowSpec {
    CounterRowKind kind;
    int metric;            ///< index into kCounterMetrics
    const char* model_key; ///< key of model_counters()
};

constexpr RowSpec kRows[] = {
    {CounterRowKind::DivergentBranches, 0, "divergent_warp_steps"},
    {CounterRowKind::LoadConflicts, 1, "extra_shared_ld_wavefronts"},
    {CounterRowKind::StoreConflicts, 2, "extra_shared_st_wavefronts"},
    {CounterRowKind::LoadWavefronts, 3, "shared_ld_wavefronts"},
    {CounterRowKind::StoreWavefronts, 4, "shared_st_wavefronts"},
};

CounterReason why_divergence(long long model, double hw)
{
    if (static_cast<double>(model) == hw)
        return CounterReason::BranchesSame;
    if (static_cast<double>(model) == hw + 1)
        return CounterReason::BranchesFinalExit;
    if (hw == 0 && model > 0)
        return CounterReason::BranchesPredicated;
    return CounterReason::BranchesCountOther;
}

CounterReason why_shared(long long model, double hw, bool conflicts)
{
    if (static_cast<double>(model) == hw && model == 0)
        return conflicts ? CounterReason::SharedNoConflicts : CounterReason::SharedNoTraffic;
    if (static_cast<double>(model) == hw)
        return conflicts ? CounterReason::ConflictsSame : CounterReason::WavefrontsSame;
    return CounterReason::SharedDiffer;
}

// The model's counters at the measured configuration; empty when the model cannot run it.
std::map<std::string, long long> model_at(std::string_view strategy, long long n, int block_size)
{
    std::map<std::string, long long> out;
    model::Params p;
    p.block_size = block_size;
    if (n > model::kMaxInputLength || model::validate(strategy, static_cast<std::size_t>(n), p))
        return out;
    std::vector<float> values(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = static_cast<float>(i + 1);
    try {
        const nlohmann::json m = model_counters(model::simulate(strategy, values, p));
        for (const auto& [key, v] : m.items())
            out.emplace(key, v.get<long long>());
    } catch (const std::exception&) {
        out.clear();
    }
    return out;
}

} // namespace

CounterComparison compare_counters(const MeasuredCounters& counters, std::string_view strategy,
                                   const model::Trace* shown)
{
    CounterComparison c;
    c.strategy = std::string(strategy);
    c.n = counters.n;
    for (const MeasuredKernel& k : counters.kernels) {
        c.strategies_in_file.push_back(k.strategy);
        if (k.strategy == strategy && !c.kernel)
            c.kernel = k;
    }
    if (!c.kernel)
        return c;
    const MeasuredKernel& k = *c.kernel;

    std::map<std::string, long long> figures = model_at(strategy, counters.n, k.block_size);
    if (figures.empty()) {
        figures = k.file_model;
        c.model_column = ModelColumn::FromFile;
    } else if (!k.file_model.empty() && k.file_model != figures) {
        c.model_column = ModelColumn::TodayDiffersFromFile;
    }

    if (shown && shown->strategy == strategy) {
        const bool not_gpu_shape = shown->params.warp_size != 32 || shown->params.banks != 32;
        if (shown->n != counters.n || shown->params.block_size != k.block_size || not_gpu_shape)
            c.shown_differs = CounterComparison::Shown{shown->n, shown->params.block_size, not_gpu_shape};
    }

    for (const RowSpec& spec : kRows) {
        CounterRow row;
        row.kind = spec.kind;
        row.metric = kCounterMetrics[spec.metric];
        if (const auto m = figures.find(spec.model_key); m != figures.end())
            row.model = m->second;
        if (const auto h = k.hardware.find(row.metric); h != k.hardware.end())
            row.hardware = h->second;
        if (!row.hardware)
            row.reason = CounterReason::NotCollected;
        else if (!row.model)
            row.reason = CounterReason::NoModelFigure;
        else {
            row.agree = static_cast<double>(*row.model) == *row.hardware;
            row.reason = spec.kind == CounterRowKind::DivergentBranches
                ? why_divergence(*row.model, *row.hardware)
                : why_shared(*row.model, *row.hardware,
                             spec.kind == CounterRowKind::LoadConflicts || spec.kind == CounterRowKind::StoreConflicts);
        }
        c.rows.push_back(std::move(row));
    }
    return c;
}

} // namespace reducescope::bench
