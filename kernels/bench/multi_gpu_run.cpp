// SPDX-License-Identifier: GPL-3.0-or-later
// The multi-GPU benchmark (run.h run_multi_gpu; docs/results-format.md, "Multi-GPU";
// docs/benchmarks.md, "Multi-GPU (NCCL)").
#include "bench/multi_gpu_metrics.h"
#include "bench/run.h"
#include "bench/stats.h"
#include "cuda/multi_gpu_api.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <map>
#include <span>

namespace reducescope::bench {
namespace g = reducescope::cuda;

namespace {

/// One (k, n, combine) run turned into a result.
Result make_result(const MultiGpuOptions& a, const g::MultiGpuRun& run, Combine c, int k, std::size_t n,
                   const Reference& ref, double peak_gbs)
{
    const bool baseline = c == Combine::CollectiveBaseline;
    Result r;
    r.strategy = baseline ? "nccl_allreduce" : "vectorized";
    r.family = baseline ? "baseline" : "warp_primitives";
    r.kernel = run.kernel;
    r.operation = "sum";
    r.n = n;
    r.block_size = baseline ? 0 : static_cast<int>(a.block_size);
    r.coarse_factor = baseline ? 0 : static_cast<int>(a.coarse_factor);
    r.grid_size = run.grid;
    r.mode = a.mode;
    r.cache = a.cache;
    r.bytes_read = static_cast<long long>(4 * n);
    r.reference = ref.sum;
    // Same formula as one GPU; the baseline's K·x[i] adds up to K-1 roundings per element.
    r.tolerance = sum_tolerance(n, ref.abs_sum) + (baseline ? (k - 1) * std::ldexp(ref.abs_sum, -24) : 0.0);
    r.message = run.message;
    if (run.status == g::RunResult::Status::Skipped) {
        r.status = Status::Skipped;
        return r;
    }
    if (run.status == g::RunResult::Status::Failed) {
        r.status = Status::Error;
        return r;
    }
    r.result = run.value;
    r.abs_error = std::fabs(run.value - ref.sum);
    r.status = classify(run.output_written, run.value, ref.sum, *r.tolerance, false);
    if (!run.output_written)
        r.message = "the result still holds the poison: it was not written";
    else if (!run.ranks_agree) {
        r.status = Status::Wrong;
        r.message = "the GPUs hold different all-reduce results";
    } else if (r.status == Status::Wrong)
        r.message = "outside tolerance";
    r.time_ms = summarize(run.samples_ms);
    r.samples = static_cast<int>(run.samples_ms.size());
    // Speeds: bandwidth_gbs = bytes / time (the aggregate over k GPUs); % of peak against k peaks.
    set_speeds(r, baseline ? 0.0 : k * peak_gbs, std::nullopt, std::nullopt, std::nullopt);
    return r;
}

} // namespace

RunReport run_multi_gpu(const MultiGpuOptions& a, const RunSink& sink)
{
    const auto t0 = std::chrono::steady_clock::now();
    const auto devices = g::list_devices();  // NoDevice -> the caller
    check_gpu_count(a.gpus, static_cast<int>(devices.size()));
    const std::size_t capacity = *std::max_element(a.sizes.begin(), a.sizes.end());
    const auto x = make_input(capacity, a.seed, 0);
    std::vector<int> ks;
    for (int k = 1; k <= a.gpus; ++k)
        ks.push_back(k);
    g::MultiGpuTiming timing;
    timing.per_launch = a.mode == "per-launch";
    timing.reps = a.reps;
    timing.warmup = a.warmup;
    timing.batches = a.batches;
    timing.block_size = a.block_size;
    timing.coarse_factor = a.coarse_factor;

    RunReport report;
    ResultsFile& f = report.file;
    f.tool = a.tool;
    f.date = utc_now();
    f.command = a.command;
    f.device = device_record(devices.front());
    f.gpus = a.gpus;
    for (int k = 0; k < a.gpus; ++k)
        f.devices.push_back(device_record(devices[static_cast<std::size_t>(k)]));
    const char* nvls = std::getenv("NCCL_NVLS_ENABLE");
    Params& p = f.params;
    p.n = capacity;
    p.reps = a.reps;
    p.warmup = a.warmup;
    p.batches = a.batches;
    p.mode = a.mode;
    p.cache = a.cache;
    p.block_size = static_cast<int>(a.block_size);
    p.coarse_factor = static_cast<int>(a.coarse_factor);
    p.seed = a.seed;
    p.strategies = {"vectorized", "nccl_allreduce"};
    p.tolerance_c = kToleranceC;
    p.gpus = ks;
    p.nccl_version = g::nccl_version();
    p.nccl_nvls_enable = std::string{nvls ? nvls : "0 (set by reducescope-cli)"};
    if (a.sizes.size() > 1)
        p.sweep = Sweep{"n", {a.sizes.begin(), a.sizes.end()}};
    const std::size_t total = multi_gpu_result_count(a.gpus, a.sizes.size());
    sink.line(start_line(f, total));

    std::map<std::size_t, Reference> refs;
    for (const std::size_t n : a.sizes)
        refs[n] = reference(std::span<const float>{x.data(), n});
    std::size_t index = 0;
    for (const int k : ks) {
        g::MultiGpuRunner runner{k, x};
        if (k == a.gpus)
            f.peer_access = runner.peer_access();
        for (const std::size_t n : a.sizes)
            for (const Combine c : kAllCombines) {
                const bool baseline = c == Combine::CollectiveBaseline;
                sink.line(progress_line({index++, total, baseline ? "nccl_allreduce" : "vectorized", n,
                                         std::string{combine_name(c)}, k}));
                const g::MultiGpuRun run = runner.run(c, n, timing);
                Result r = make_result(a, run, c, k, n, refs[n], devices.front().peak_bandwidth_gbs);
                set_multi_gpu(r, c, k);
                if (r.status == Status::Wrong || r.status == Status::Error)
                    ++report.failures;
                if (sink.result)
                    sink.result(r);
                sink.line(result_line(r));
                f.results.push_back(std::move(r));
            }
    }
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!a.json_file.empty())
        write_results_file(a.json_file, f);
    sink.line(done_line(elapsed, report.failures));
    return report;
}

} // namespace reducescope::bench
