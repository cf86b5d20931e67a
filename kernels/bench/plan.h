// SPDX-License-Identifier: GPL-3.0-or-later
// Planning a benchmark: parsing sizes and strategy lists, and the list of runs of a sweep.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace reducescope::bench {

/// Largest N the kernels take (32-bit unsigned indexing with room for the last segment).
inline constexpr std::size_t kMaxN = std::size_t{1} << 31;

/// A size: "1000", "1K" (1024), "4M" (4·2^20), "1G" (2^30), "2^20". nullopt when not a size; a
/// well-formed size too large for size_t (e.g. "17179869185G", "2^99") saturates to SIZE_MAX, never wraps.
std::optional<std::size_t> parse_size(std::string_view text);

/// "1K..1G": the powers of two from 1K to 1G (lo·2^k <= hi; lo and hi powers of two); "1000,4096": a
/// list; every size in 1..kMaxN. Throws
/// std::invalid_argument with a one-line message on bad text or an empty range.
std::vector<std::size_t> parse_sizes(std::string_view text);

/// "64,128,256" -> {64, 128, 256}. Throws std::invalid_argument on bad text.
std::vector<unsigned int> parse_uint_list(std::string_view text);

/// "all" (every catalogue strategy the benchmark runs: `has_bench`) or a comma list of catalogue ids, in catalogue order,
/// without duplicates. Throws std::invalid_argument("unknown strategy 'x'") on an unknown id.
std::vector<std::string> parse_strategies(std::string_view text);

/// The benchmark's host entries: the strategies it runs on the CPU itself rather than through a
/// GPU launcher (the float64 CPU baseline, "cpu"). Together with the CUDA registry
/// (cuda::kernel_ids()) they are every strategy the benchmark runs; a catalogue entry says
/// `has_bench` exactly when it is one of them (tests/kernels/model/tst_catalogue.cpp).
std::span<const std::string_view> host_strategies();

/// True for an id of host_strategies().
bool runs_on_host(std::string_view strategy);

/// One kernel run of a benchmark.
struct RunPoint {
    std::string strategy;
    bool max = false;           ///< CUB's Max (the "cub" baseline runs Sum and Max)
    std::size_t n = 0;
    unsigned int block_size = 0;
    unsigned int coarse_factor = 0;
};

/// The parameters a benchmark sweeps, from how many values each list holds: none; one of "n",
/// "block_size", "coarse_factor"; or the two-parameter sweep {"block_size", "coarse_factor"}
/// (the benchmark pane's heat map). N is swept alone. Throws std::invalid_argument
/// with one line naming the flags and the allowed sweeps otherwise, e.g. "--sweep-n cannot be
/// combined with a list of --block-size ...". Every count must be >= 1.
std::vector<std::string> swept_parameters(std::size_t sizes, std::size_t block_sizes, std::size_t coarse_factors);

/// Every run for the product of sizes × block sizes × coarse factors (swept_parameters says which
/// lists may hold several values), in that nesting: N outermost, then block size, then coarse
/// factor innermost. Per point, the baselines come first ("cpu", then "cub" Sum, then
/// "cub" Max when coarsened_max is included, then "cub_block_one_pass") so that speed-ups can be
/// computed as results stream; then the other strategies in the order given. run_benchmark() writes
/// exactly one result per point, so the plan's size is the number of results of the run (the CLI
/// refuses a plan over results_file.h kMaxResults before anything runs): a strategy that ignores
/// a swept parameter still runs once per value, and "cub" twice per point with coarsened_max.
std::vector<RunPoint> plan_runs(const std::vector<std::string>& strategies, const std::vector<std::size_t>& sizes,
                                const std::vector<unsigned int>& block_sizes,
                                const std::vector<unsigned int>& coarse_factors);

/// A benchmark request that this machine cannot run as asked (e.g. a device index past the
/// devices found). `option` names the setting ("device", "gpus"); what() is one line starting
/// with it, "device must be in 0..1 (got 3)" (the CLI adds its "--").
struct BadOption : std::invalid_argument {
    BadOption(std::string option_name, const std::string& message)
        : std::invalid_argument(message), option(std::move(option_name)) {}
    std::string option;
};

/// Most GPUs a multi-GPU benchmark takes.
inline constexpr int kMaxGpus = 64;

/// Throws BadOption("gpus", "gpus must be in 1..H (...) (got K)") unless 1 <= gpus <= H, H the
/// number of CUDA devices (at most kMaxGpus); `device_count` < 1 means unknown (H = kMaxGpus).
void check_gpu_count(int gpus, int device_count);

/// True when a value is a power of two.
constexpr bool is_power_of_two(std::size_t v) { return v && !(v & (v - 1)); }

} // namespace reducescope::bench
