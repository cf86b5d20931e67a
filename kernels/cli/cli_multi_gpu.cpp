// SPDX-License-Identifier: GPL-3.0-or-later
// `reducescope-cli bench --gpus K`: the arguments of the multi-GPU benchmark; the run itself is
// bench::run_multi_gpu (kernels/bench/run.h; docs/results-format.md, "Multi-GPU").
#include "cli/commands.h"
#include "cli/multi_gpu_command.h"
#include "cli/output.h"
#include "model/message.h"

#include "bench/plan.h"
#include "reducescope/config.h"

#if defined(REDUCESCOPE_WITH_CUDA_KERNELS)
#include "bench/run.h"
#include "cli/gpu_errors.h"
#endif

#include <iostream>
#include <string>

namespace reducescope::cli {
namespace {
namespace b = reducescope::bench;

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

} // namespace

void check_multi_gpu_args(const MultiGpuArgs& a, int device_count)
{
    try {
        b::check_gpu_count(a.gpus, device_count);
    } catch (const b::BadOption& e) {
        throw BadInput{std::string{"--"} + e.what()};
    }
    if (a.mode != "per-launch" && a.mode != "loop")
        throw BadInput{"--mode must be per-launch or loop with --gpus (got " + model::echo(a.mode) + ")"};
    if (a.cache != "hot")
        throw BadInput{"--cache must be hot with --gpus (got " + model::echo(a.cache) + ")"};
    if (a.strategies != "all" && a.strategies != "vectorized")
        throw BadInput{"--strategies must be all or vectorized with --gpus: each GPU runs vectorized (got " +
                       model::echo(a.strategies) + ")"};
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
    b::MultiGpuOptions o;
    o.gpus = a.gpus;
    o.sizes = a.sizes;
    o.block_size = a.blocks.front();
    o.coarse_factor = a.coarse.front();
    o.reps = a.reps;
    o.warmup = a.warmup;
    o.batches = a.batches;
    o.mode = a.mode;
    o.cache = a.cache;
    o.seed = a.seed;
    o.json_file = a.json_file;
    o.tool = cli_tool();
    o.command = command_text(a);
    b::RunSink sink;
    sink.line = emit_line;
    try {
        return map_gpu_errors([&] { return b::run_multi_gpu(o, sink).failures ? kFailure : kOk; },
                              [](const std::string& m) { emit_line(b::error_line(m)); });
    } catch (const std::runtime_error& e) {
        // The --json file could not be written after the run (bench::write_results_file; a bad
        // path is refused before anything runs, cli_bench.cpp check_json_path): lost output,
        // exit 74 as in the single-GPU bench.
        emit_line(b::error_line(e.what()));
        std::cerr << "reducescope-cli: " << e.what() << '\n';
        return kOutputError;
    }
#endif
}

} // namespace reducescope::cli
