// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/results.h"

#include "bench/contract.h"

#include <array>
#include <cmath>

namespace reducescope::bench {
namespace {
constexpr std::array<std::string_view, 5> kStatusNames{"ok", "wrong", "expected_wrong", "error", "skipped"};

} // namespace

std::string_view status_name(Status s) { return kStatusNames[static_cast<std::size_t>(s)]; }

std::optional<Status> parse_status(std::string_view s)
{
    for (std::size_t i = 0; i < kStatusNames.size(); ++i)
        if (kStatusNames[i] == s)
            return static_cast<Status>(i);
    return std::nullopt;
}

Status classify(bool written, double value, double reference, double tolerance, bool expected_wrong)
{
    if (expected_wrong)
        return Status::ExpectedWrong;
    if (!written || !std::isfinite(value))
        return Status::Wrong;
    return std::fabs(value - reference) <= tolerance ? Status::Ok : Status::Wrong;
}

void set_speeds(Result& r, double peak_gbs, std::optional<double> ceiling_read_gbs,
                std::optional<double> cpu_ms, std::optional<double> cub_ms)
{
    r.bandwidth_gbs.reset();
    r.pct_peak.reset();
    r.pct_ceiling.reset();
    r.speedup_vs_cpu.reset();
    r.speedup_vs_cub.reset();
    r.ceiling_ratio.reset();
    if (ceiling_read_gbs && *ceiling_read_gbs > 0)
        r.ceiling_read_gbs = ceiling_read_gbs;
    if (r.status != Status::Ok || !r.time_ms || r.time_ms->median <= 0)
        return;
    const double t = r.time_ms->median;
    r.bandwidth_gbs = static_cast<double>(r.bytes_read) / (t * 1e-3) / 1e9;
    if (peak_gbs > 0)
        r.pct_peak = 100.0 * *r.bandwidth_gbs / peak_gbs;
    if (ceiling_read_gbs && *ceiling_read_gbs > 0) {
        r.ceiling_ratio = *r.bandwidth_gbs / *ceiling_read_gbs;
        if (*r.ceiling_ratio <= 1.0)  // a bandwidth fraction is never above 100 %
            r.pct_ceiling = 100.0 * *r.ceiling_ratio;
    }
    if (cpu_ms && *cpu_ms > 0)
        r.speedup_vs_cpu = *cpu_ms / t;
    if (cub_ms && *cub_ms > 0)
        r.speedup_vs_cub = *cub_ms / t;
}

void set_baseline_speedups(Result& r, std::optional<double> cub_ms, std::optional<double> one_pass_ms)
{
    std::vector<std::pair<std::string, double>> ms;
    if (cub_ms)
        ms.emplace_back("cub", *cub_ms);
    if (one_pass_ms)
        ms.emplace_back("cub_block_one_pass", *one_pass_ms);
    set_baseline_speedups(r, ms);
}

void set_baseline_speedups(Result& r, const std::vector<std::pair<std::string, double>>& baseline_ms)
{
    r.speedup_vs_cub_block_one_pass.reset();
    r.best_baseline.clear();
    r.speedup_vs_best_baseline.reset();
    r.best_deterministic_baseline.clear();
    r.speedup_vs_best_deterministic_baseline.reset();
    if (r.status != Status::Ok || !r.time_ms || r.time_ms->median <= 0)
        return;
    const double t = r.time_ms->median;
    double best = 0, best_fixed = 0;
    for (const auto& [id, ms] : baseline_ms) {
        if (!(ms > 0))
            continue;
        if (id == "cub_block_one_pass")
            r.speedup_vs_cub_block_one_pass = ms / t;
        if (r.best_baseline.empty() || ms < best) {
            best = ms;
            r.best_baseline = id;
        }
        if (is_fixed_order_baseline(id) && (r.best_deterministic_baseline.empty() || ms < best_fixed)) {
            best_fixed = ms;
            r.best_deterministic_baseline = id;
        }
    }
    if (!r.best_baseline.empty())
        r.speedup_vs_best_baseline = best / t;
    if (!r.best_deterministic_baseline.empty())
        r.speedup_vs_best_deterministic_baseline = best_fixed / t;
}

Status classify_after_timing(bool written, double value, double reference, double tolerance)
{
    return classify(written, value, reference, tolerance, false);
}

} // namespace reducescope::bench
