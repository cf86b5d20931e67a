// SPDX-License-Identifier: GPL-3.0-or-later
// `reducescope-cli bench --gpus K`: the same measurement as one GPU's `bench`, over 1..K GPUs
// (docs/results-format.md, "Multi-GPU"; docs/benchmarks.md, "Multi-GPU (NCCL)").
#include "cli/commands.h"
#include "cli/multi_gpu_command.h"
#include "cli/output.h"
#include "model/message.h"

#include "bench/multi_gpu_metrics.h"
#include "bench/multi_gpu_results.h"
#include "bench/reference.h"
#include "bench/results.h"
#include "bench/stats.h"
#include "reducescope/config.h"

#if defined(REDUCESCOPE_WITH_CUDA_KERNELS)
#include "cli/gpu_errors.h"
#include "cuda/multi_gpu_api.h"
#endif

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <span>
#include <string>

#ifndef REDUCESCOPE_GIT_COMMIT
#define REDUCESCOPE_GIT_COMMIT ""
#endif

namespace reducescope::cli {
namespace {
namespace b = reducescope::bench;
using nlohmann::json;

constexpr int kMaxGpus = 64;

[[maybe_unused]] void emit(const json& j)
{
    std::cout << j.dump() << '\n';
    std::cout.flush();
}

[[maybe_unused]] std::string now_utc()
{
    const std::time_t t = std::time(nullptr);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
    return buf;
}

[[maybe_unused]] std::string commit()
{
    if (const char* env = std::getenv("REDUCESCOPE_COMMIT"); env && *env)
        return env;
    return REDUCESCOPE_GIT_COMMIT[0] ? REDUCESCOPE_GIT_COMMIT : "unknown";
}

[[maybe_unused]] std::string command_text(const MultiGpuArgs& a)
{
    std::string s = "reducescope-cli bench --gpus " + std::to_string(a.gpus) + (a.sizes.size() > 1 ? " --sweep-n " : " --n ");
    for (std::size_t i = 0; i < a.sizes.size(); ++i)
        s += (i ? "," : "") + std::to_string(a.sizes[i]);
    s += " --reps " + std::to_string(a.reps) + " --warmup " + std::to_string(a.warmup) + " --batches " +
         std::to_string(a.batches) + " --mode " + a.mode + " --block-size " + std::to_string(a.blocks.front()) +
         " --coarse-factor " + std::to_string(a.coarse.front()) + " --seed " + std::to_string(a.seed);
    if (!a.json_file.empty())
        s += " --json " + a.json_file;
    return s;
}

#if defined(REDUCESCOPE_WITH_CUDA_KERNELS)
namespace g = reducescope::gpu;

json device_json(const g::DeviceInfo& d)
{
    return {{"index", d.index},
            {"name", d.name},
            {"compute_capability", std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor)},
            {"sms", d.sms},
            {"l2_bytes", d.l2_bytes},
            {"memory_bytes", d.memory_bytes},
            {"memory_clock_khz", d.memory_clock_khz},
            {"memory_bus_bits", d.memory_bus_bits},
            {"sm_clock_khz", d.sm_clock_khz},
            {"peak_bandwidth_gbs", d.peak_bandwidth_gbs},
            {"driver_version", d.driver_version},
            {"runtime_version", d.runtime_version},
            {"cooperative_launch", d.cooperative_launch}};
}

/// One (k, n, combine) run turned into a result.
b::Result make_result(const MultiGpuArgs& a, const g::MultiGpuRun& run, b::Combine c, int k, std::size_t n,
                      const b::Reference& ref, double peak_gbs)
{
    const bool baseline = c == b::Combine::CollectiveBaseline;
    b::Result r;
    r.strategy = baseline ? "nccl_allreduce" : "vectorized";
    r.family = baseline ? "baseline" : "warp_primitives";
    r.kernel = run.kernel;
    r.operation = "sum";
    r.n = n;
    r.block_size = baseline ? 0 : static_cast<int>(a.blocks.front());
    r.coarse_factor = baseline ? 0 : static_cast<int>(a.coarse.front());
    r.grid_size = run.grid;
    r.mode = a.mode;
    r.cache = a.cache;
    r.bytes_read = static_cast<long long>(4 * n);
    r.reference = ref.sum;
    // Same formula as one GPU; the baseline's K·x[i] adds up to K-1 roundings per element.
    r.tolerance = b::sum_tolerance(n, ref.abs_sum) + (baseline ? (k - 1) * std::ldexp(ref.abs_sum, -24) : 0.0);
    r.message = run.message;
    if (run.status == g::RunResult::Status::Skipped) {
        r.status = b::Status::Skipped;
        return r;
    }
    if (run.status == g::RunResult::Status::Failed) {
        r.status = b::Status::Error;
        return r;
    }
    r.result = run.value;
    r.abs_error = std::fabs(run.value - ref.sum);
    r.status = b::classify(run.output_written, run.value, ref.sum, *r.tolerance, false);
    if (!run.output_written)
        r.message = "the result still holds the poison: it was not written";
    else if (!run.ranks_agree) {
        r.status = b::Status::Wrong;
        r.message = "the GPUs hold different all-reduce results";
    } else if (r.status == b::Status::Wrong)
        r.message = "outside tolerance";
    r.time_ms = b::summarize(run.samples_ms);
    r.samples = static_cast<int>(run.samples_ms.size());
    // Speeds: bandwidth_gbs = bytes / time (the aggregate over k GPUs); % of peak against k peaks.
    b::set_speeds(r, baseline ? 0.0 : k * peak_gbs, std::nullopt, std::nullopt, std::nullopt);
    return r;
}

int run_on_gpus(const MultiGpuArgs& a)
{
    const auto t0 = std::chrono::steady_clock::now();
    const auto devices = g::list_devices();  // NoDevice -> 77
    check_multi_gpu_args(a, static_cast<int>(devices.size()));
    const std::size_t capacity = *std::max_element(a.sizes.begin(), a.sizes.end());
    const auto x = b::make_input(capacity, a.seed, 0);
    std::vector<int> ks;
    for (int k = 1; k <= a.gpus; ++k)
        ks.push_back(k);
    g::MultiGpuTiming timing;
    timing.per_launch = a.mode == "per-launch";
    timing.reps = a.reps;
    timing.warmup = a.warmup;
    timing.batches = a.batches;
    timing.block_size = a.blocks.front();
    timing.coarse_factor = a.coarse.front();

    const char* nvls = std::getenv("NCCL_NVLS_ENABLE");
    json params = {{"n", capacity},
                   {"reps", a.reps},
                   {"warmup", a.warmup},
                   {"batches", a.batches},
                   {"mode", a.mode},
                   {"cache", a.cache},
                   {"block_size", a.blocks.front()},
                   {"coarse_factor", a.coarse.front()},
                   {"seed", a.seed},
                   {"strategies", {"vectorized", "nccl_allreduce"}},
                   {"sweep", nullptr},
                   {"tolerance_c", b::kToleranceC},
                   {"gpus", ks},
                   {"nccl_version", g::nccl_version()},
                   {"nccl_nvls_enable", nvls ? nvls : "0 (set by reducescope-cli)"}};
    if (a.sizes.size() > 1)
        params["sweep"] = {{"param", "n"}, {"values", a.sizes}};
    json used = json::array();
    for (int k = 0; k < a.gpus; ++k)
        used.push_back(device_json(devices[static_cast<std::size_t>(k)]));
    json doc = {{"schema", "reducescope-results"},
                {"version", 1},
                {"tool", {{"name", "reducescope-cli"}, {"version", REDUCESCOPE_VERSION}, {"commit", commit()}}},
                {"date", now_utc()},
                {"command", command_text(a)},
                {"device", device_json(devices.front())},
                {"gpus", a.gpus},
                {"devices", used},
                {"params", params},
                {"results", json::array()}};
    const std::size_t total = ks.size() * a.sizes.size() * std::size(b::kAllCombines);
    emit({{"type", "start"}, {"total", total}, {"device", doc["device"]}, {"devices", used}, {"params", params}});

    std::map<std::size_t, b::Reference> refs;
    for (const std::size_t n : a.sizes)
        refs[n] = b::reference(std::span<const float>{x.data(), n});
    int failures = 0;
    std::size_t index = 0;
    for (const int k : ks) {
        g::MultiGpuRunner runner{k, x};
        if (k == a.gpus) {
            json peer = json::array();
            for (const auto& row : runner.peer_access())
                peer.push_back(std::vector<bool>(row.begin(), row.end()));
            doc["peer_access"] = peer;
        }
        for (const std::size_t n : a.sizes)
            for (const b::Combine c : b::kAllCombines) {
                emit({{"type", "progress"},
                      {"index", index++},
                      {"total", total},
                      {"strategy", c == b::Combine::CollectiveBaseline ? "nccl_allreduce" : "vectorized"},
                      {"combine", std::string{b::combine_name(c)}},
                      {"gpus", k},
                      {"n", n}});
                const g::MultiGpuRun run = runner.run(c, n, timing);
                const b::Result r = make_result(a, run, c, k, n, refs[n], devices.front().peak_bandwidth_gbs);
                if (r.status == b::Status::Wrong || r.status == b::Status::Error)
                    ++failures;
                json j = b::multi_gpu_result_json(r, c, k);
                doc["results"].push_back(j);
                j["type"] = "result";
                emit(j);
            }
    }
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!a.json_file.empty())
        write_output_file(a.json_file, doc.dump(1) + '\n');  // temporary file, renamed; throws
    emit({{"type", "done"}, {"elapsed_s", elapsed}, {"failures", failures}});
    return failures ? kFailure : kOk;
}
#endif

} // namespace

void check_multi_gpu_args(const MultiGpuArgs& a, int device_count)
{
    const int hi = device_count >= 1 ? std::min(device_count, kMaxGpus) : kMaxGpus;
    if (a.gpus < 1 || a.gpus > hi)
        throw BadInput{"--gpus must be in 1.." + std::to_string(hi) +
                       (device_count >= 1 ? " (the number of CUDA devices)" : " (at most the number of CUDA devices)") +
                       " (got " + std::to_string(a.gpus) + ")"};
    if (a.mode != "per-launch" && a.mode != "loop")
        throw BadInput{"--mode must be per-launch or loop with --gpus (got " + echo(a.mode) + ")"};
    if (a.cache != "hot")
        throw BadInput{"--cache must be hot with --gpus (got " + echo(a.cache) + ")"};
    if (a.strategies != "all" && a.strategies != "vectorized")
        throw BadInput{"--strategies must be all or vectorized with --gpus: each GPU runs vectorized (got " +
                       echo(a.strategies) + ")"};
    if (a.blocks.size() != 1 || a.coarse.size() != 1)
        throw BadInput{"--block-size and --coarse-factor take one value each with --gpus"};
    if (a.sizes.empty())
        throw BadInput{"--n must be in 1..2147483648"};
}

int run_multi_gpu_bench(const MultiGpuArgs& a)
{
    check_multi_gpu_args(a, -1);
#if !defined(REDUCESCOPE_WITH_CUDA_KERNELS)
    std::cerr << "reducescope-cli: this build has no CUDA kernels (nvcc was not found when it was configured)\n";
    return kNoDevice;
#else
    if (a.gpus > 1 && !REDUCESCOPE_HAVE_NCCL) {
        std::cerr << "reducescope-cli: --gpus " << a.gpus
                  << ": built without NCCL (reconfigure with NCCL installed, or NCCL_ROOT set; --gpus 1 runs)\n";
        return kNoDevice;
    }
    return map_gpu_errors([&] { return run_on_gpus(a); },
                          [](const std::string& m) { emit({{"type", "error"}, {"message", m}}); });
#endif
}

} // namespace reducescope::cli
