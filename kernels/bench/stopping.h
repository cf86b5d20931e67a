// SPDX-License-Identifier: GPL-3.0-or-later
// When a benchmark cell has measured enough: the noise of its samples and the stopping rule
// (docs/benchmarks.md, "How many samples"; the defaults follow NVIDIA's nvbench: at least 10
// samples, at least 0.5 s of GPU time, stop once the noise is at most 0.5 %, give up after a
// time-out).
//
// Header-only and plain C++ (no CUDA, no Qt): the runner (kernels/cuda/runner.cu, compiled by
// nvcc) and the CPU tests use the same code.
#pragma once

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace reducescope::bench {

/// The noise of a set of timing samples: the median absolute deviation from the median, divided
/// by the median (a fraction: 0.005 = 0.5 %). Robust: one outlier among many samples does not move
/// it (a standard deviation would). 0 for fewer than two samples or a median <= 0.
inline double relative_mad(std::span<const double> samples)
{
    if (samples.size() < 2)
        return 0.0;
    auto median_of = [](std::vector<double>& v) {
        const std::size_t k = v.size() / 2;
        std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
        const double hi = v[k];
        if (v.size() % 2)
            return hi;
        const double lo = *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k));
        return 0.5 * (lo + hi);
    };
    std::vector<double> v(samples.begin(), samples.end());
    const double med = median_of(v);
    if (!(med > 0))
        return 0.0;
    for (double& x : v)
        x = std::fabs(x - med);
    return median_of(v) / med;
}

/// nvbench's noise of a set of timing samples: the sample standard deviation divided by the mean
/// (a fraction: 0.005 = 0.5 %; nvbench's "Noise" column). Unlike relative_mad it counts every
/// outlier, which is what a reader of the spread wants to know. 0 for fewer than two samples or a
/// mean <= 0.
inline double relative_stdev(std::span<const double> samples)
{
    if (samples.size() < 2)
        return 0.0;
    double mean = 0;
    for (const double x : samples)
        mean += x;
    mean /= static_cast<double>(samples.size());
    if (!(mean > 0))
        return 0.0;
    double ss = 0;
    for (const double x : samples)
        ss += (x - mean) * (x - mean);
    return std::sqrt(ss / static_cast<double>(samples.size() - 1)) / mean;
}

/// How a cell decides that it has measured enough. `fixed_samples` > 0 is the old `--reps`
/// behaviour: exactly that many samples, whatever the noise. Otherwise samples are taken until
/// there are at least `min_samples`, they add up to at least `min_time_s` of GPU time and their
/// noise (relative_stdev, nvbench's) is at most `max_noise`; or until `timeout_s` of wall-clock time has passed
/// in the measurement (with at least kMinSamplesAtTimeout samples).
struct StopCriteria {
    int fixed_samples = 0;     ///< > 0: exactly this many samples (`--reps`)
    int min_samples = 10;      ///< nvbench: 10
    double min_time_s = 0.5;   ///< GPU time of all samples together, seconds (nvbench: 0.5)
    double max_noise = 0.005;  ///< relative_stdev, a fraction (nvbench: 0.5 %)
    double timeout_s = 5.0;    ///< wall clock per cell, seconds (nvbench: 15; see docs/benchmarks.md)
    long max_samples = 1'000'000;  ///< memory guard; reaching it counts as a time-out
};

/// Fewest samples a time-out may stop at (a noise figure needs a few).
inline constexpr int kMinSamplesAtTimeout = 3;

/// Which rule stopped a cell (results-format.md `stop_rule`).
enum class StopRule {
    Reps,       ///< "reps": the fixed count of --reps
    Converged,  ///< "noise": min samples, min GPU time and the noise limit all met
    Timeout,    ///< "timeout": the time-out came first; the noise may be above the limit
};

inline std::string_view stop_rule_name(StopRule r)
{
    switch (r) {
    case StopRule::Reps: return "reps";
    case StopRule::Converged: return "noise";
    case StopRule::Timeout: return "timeout";
    }
    return "";
}

/// The rule that stops a cell now, or nullopt to keep sampling. `samples` taken so far, their
/// total GPU time, their noise (relative_mad; only looked at once the other minimums are met) and
/// the wall-clock seconds since the measurement began.
inline std::optional<StopRule> stop_now(const StopCriteria& c, long samples, double gpu_time_s, double noise,
                                        double wall_s)
{
    if (c.fixed_samples > 0)
        return samples >= c.fixed_samples ? std::optional{StopRule::Reps} : std::nullopt;
    if (samples >= c.min_samples && gpu_time_s >= c.min_time_s && noise <= c.max_noise)
        return StopRule::Converged;
    if ((wall_s >= c.timeout_s && samples >= kMinSamplesAtTimeout) || samples >= c.max_samples)
        return StopRule::Timeout;
    return std::nullopt;
}

/// Whether the noise has to be computed at this sample count: the cheap minimums are met, and
/// the count is at a checkpoint (every sample up to 64, then each time the count has grown by about
/// 1/16), so that a cell of 10^5 samples computes the noise about 120 times, not 10^5.
inline bool noise_check_due(const StopCriteria& c, long samples, double gpu_time_s)
{
    if (c.fixed_samples > 0 || samples < c.min_samples || gpu_time_s < c.min_time_s)
        return false;
    if (samples <= 64)
        return true;
    // Geometric checkpoints: each time ln(samples) passes a multiple of 1/16.
    return std::floor(16.0 * std::log(static_cast<double>(samples))) !=
           std::floor(16.0 * std::log(static_cast<double>(samples - 1)));
}

} // namespace reducescope::bench
