// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/results.h"

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
    if (ceiling_read_gbs && *ceiling_read_gbs > 0)
        r.ceiling_read_gbs = ceiling_read_gbs;
    if (r.status != Status::Ok || !r.time_ms || r.time_ms->median <= 0)
        return;
    const double t = r.time_ms->median;
    r.bandwidth_gbs = static_cast<double>(r.bytes_read) / (t * 1e-3) / 1e9;
    if (peak_gbs > 0)
        r.pct_peak = 100.0 * *r.bandwidth_gbs / peak_gbs;
    if (ceiling_read_gbs && *ceiling_read_gbs > 0)
        r.pct_ceiling = 100.0 * *r.bandwidth_gbs / *ceiling_read_gbs;
    if (cpu_ms && *cpu_ms > 0)
        r.speedup_vs_cpu = *cpu_ms / t;
    if (cub_ms && *cub_ms > 0)
        r.speedup_vs_cub = *cub_ms / t;
}

} // namespace reducescope::bench
