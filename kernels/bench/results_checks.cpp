// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/results_checks.h"

#include "bench/json_fields.h"
#include "bench/multi_gpu_metrics.h"
#include "bench/results_file.h"
#include "model/message.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <tuple>
#include <vector>
#include <cstdio>
#include <map>
#include <set>
#include <utility>

namespace reducescope::bench {
namespace {

using fields::fail;
using fields::join;

std::string num(double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

void at_most(const std::optional<double>& v, double max, const std::string& path, const char* unit)
{
    if (v && *v > max)
        fail(path, "expected a number in 0.." + num(max) + unit + ", got " + num(*v));
}

/// |a - b| <= 1 % of b + 0.05 (the writer rounds bandwidths to 0.1 GB/s).
bool close(double a, double b) { return std::fabs(a - b) <= 0.01 * std::fabs(b) + 0.05; }

bool is_id(const std::string& s)
{
    for (const char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
            return false;
    return !s.empty();
}

/// The value of a swept parameter in a result.
std::uint64_t swept_value(const Result& r, const std::string& param)
{
    return param == "n"            ? static_cast<std::uint64_t>(r.n)
           : param == "block_size" ? static_cast<std::uint64_t>(r.block_size)
                                   : static_cast<std::uint64_t>(r.coarse_factor);
}

/// "1, 2, 4" (at most 8 values, then "…").
std::string list_text(const std::vector<std::uint64_t>& v)
{
    std::string s;
    for (std::size_t i = 0; i < v.size() && i < 8; ++i)
        s += (i ? ", " : "") + std::to_string(v[i]);
    return v.size() > 8 ? s + ", …" : s;
}

/// Each listed value once and matched by a result (not required of an incomplete run's file: the
/// listing is its plan); each result's value listed (`path` names the axis: "params.sweep" or
/// "params.sweep.second").
void check_axis(const ResultsFile& f, const SweepAxis& axis, const std::string& path)
{
    std::set<std::uint64_t> listed;
    for (std::size_t i = 0; i < axis.values.size(); ++i)
        if (!listed.insert(axis.values[i]).second)
            fail(fields::at(path + ".values", i), std::to_string(axis.values[i]) + " is listed twice");
    std::set<std::uint64_t> seen;
    for (std::size_t i = 0; i < f.results.size(); ++i) {
        const std::uint64_t v = swept_value(f.results[i], axis.param);
        if (!listed.count(v))
            fail(fields::at("results", i) + "." + axis.param,
                 std::to_string(v) + " is not among " + path + ".values (" + list_text(axis.values) + ")");
        seen.insert(v);
    }
    if (f.incomplete)
        return;
    for (std::size_t i = 0; i < axis.values.size(); ++i)
        if (!seen.count(axis.values[i]))
            fail(fields::at(path + ".values", i), std::to_string(axis.values[i]) + " matches no result's " + axis.param);
}

/// params.sweep against the results: both directions on each axis, and in a two-parameter sweep
/// every (block size, coarse factor) pair of the product held by some result. In an incomplete
/// run's file only the results against the listing.
void check_sweep(const ResultsFile& f)
{
    const Sweep& s = *f.params.sweep;
    check_axis(f, SweepAxis{s.param, s.values}, "params.sweep");
    if (!s.second)
        return;
    check_axis(f, *s.second, "params.sweep.second");
    if (f.incomplete)
        return;  // cells after the stop have no result
    std::set<std::pair<std::uint64_t, std::uint64_t>> cells;
    for (const Result& r : f.results)
        cells.emplace(swept_value(r, s.param), swept_value(r, s.second->param));
    for (std::size_t i = 0; i < s.values.size(); ++i)
        for (std::size_t j = 0; j < s.second->values.size(); ++j)
            if (!cells.count({s.values[i], s.second->values[j]}))
                fail(fields::at("params.sweep.second.values", j),
                     "coarse factor " + std::to_string(s.second->values[j]) + " with block size " +
                         std::to_string(s.values[i]) + " (" + fields::at("params.sweep.values", i) +
                         ") matches no result: a two-parameter sweep has a result in every cell");
}

} // namespace

long long bytes_per_element(const Result& r)
{
    return r.operation == "dot" || r.strategy.rfind("dot_", 0) == 0 ? 8 : 4;
}

void check_result(const Result& r, const std::string& path)
{
    if (r.strategy.size() > kMaxStrategyIdLength)
        fail(join(path, "strategy"), "a strategy id of " + std::to_string(r.strategy.size()) +
                                         " characters, over the limit of " + std::to_string(kMaxStrategyIdLength));
    if (!is_id(r.strategy))
        fail(join(path, "strategy"), "expected a strategy id (lowercase letters, digits and _), got \"" +
                                         model::echo(r.strategy) + "\"");
    // The relative noise (MAD / median of the samples): a fraction; 10 (1000 %) is beyond any real
    // run and keeps the table's Noise column and compare's limit finite.
    if (r.noise && *r.noise > kMaxRelativeNoise)
        fail(join(path, "noise"), "expected a relative noise in 0.." + num(kMaxRelativeNoise) + " (0.005 = 0.5 %), got " +
                                      num(*r.noise));
    const bool library = r.family == "baseline" || (r.multi_gpu && r.multi_gpu->combine == "collective_baseline");
    if (r.block_size < 1 && !library)
        fail(join(path, "block_size"), "expected an integer in 1..1048576 (0 only for a library baseline), got " +
                                           std::to_string(r.block_size));
    const long long per = bytes_per_element(r);
    const long long want = static_cast<long long>(r.n) * per;
    if (r.bytes_read != want)
        fail(join(path, "bytes_read"), "expected n × " + std::to_string(per) + " = " + std::to_string(want) +
                                           " bytes, got " + std::to_string(r.bytes_read));
    if (r.time_ms) {
        at_most(r.time_ms->max, kMaxTimeMs, join(join(path, "time_ms"), "max"), " ms");
        if (r.status == Status::Ok && r.time_ms->median <= 0)
            fail(join(join(path, "time_ms"), "median"), "expected a time > 0 for a verified run, got 0");
    }
    at_most(r.bandwidth_gbs, kMaxBandwidthGbs, join(path, "bandwidth_gbs"), " GB/s");
    at_most(r.ceiling_read_gbs, kMaxBandwidthGbs, join(path, "ceiling_read_gbs"), " GB/s");
    at_most(r.pct_peak, kMaxPercent, join(path, "pct_peak"), " %");
    at_most(r.pct_ceiling, kMaxPercent, join(path, "pct_ceiling"), " %");
    at_most(r.speedup_vs_cpu, kMaxSpeedup, join(path, "speedup_vs_cpu"), "");
    at_most(r.speedup_vs_cub, kMaxSpeedup, join(path, "speedup_vs_cub"), "");
    if (r.bandwidth_gbs && r.time_ms && r.time_ms->median > 0 && r.bytes_read > 0) {
        const double expect = static_cast<double>(r.bytes_read) / (r.time_ms->median * 1e6);
        if (!close(*r.bandwidth_gbs, expect))
            fail(join(path, "bandwidth_gbs"), "expected bytes_read / time_ms.median = " + num(expect) +
                                                  " GB/s (within 1 % + 0.05), got " + num(*r.bandwidth_gbs));
    }
    if (r.multi_gpu) {
        const MultiGpuFields& m = *r.multi_gpu;
        const auto c = parse_combine(m.combine);
        if (!c)
            fail(join(path, "combine"), "expected nccl_allreduce | nccl_reduce | p2p | collective_baseline, got \"" +
                                            model::echo(m.combine) + "\"");
        if (m.size_bytes != r.bytes_read)
            fail(join(path, "size_bytes"), "expected bytes_read = " + std::to_string(r.bytes_read) + ", got " +
                                               std::to_string(m.size_bytes));
        at_most(m.algbw_gbs, kMaxBandwidthGbs, join(path, "algbw_gbs"), " GB/s");
        at_most(m.busbw_gbs, kMaxBandwidthGbs, join(path, "busbw_gbs"), " GB/s");
        if (r.status != Status::Ok && (m.algbw_gbs || m.busbw_gbs))
            fail(join(path, m.algbw_gbs ? "algbw_gbs" : "busbw_gbs"),
                 "expected null: the status is \"" + std::string{status_name(r.status)} + "\", not \"ok\"");
        if (r.time_ms && r.time_ms->median > 0) {
            const double s = static_cast<double>(m.size_bytes);
            if (m.algbw_gbs && !close(*m.algbw_gbs, algbw_gbs(s, r.time_ms->median)))
                fail(join(path, "algbw_gbs"), "expected size_bytes / time_ms.median = " +
                                                  num(algbw_gbs(s, r.time_ms->median)) + " GB/s, got " + num(*m.algbw_gbs));
            if (m.busbw_gbs && !close(*m.busbw_gbs, busbw_gbs(*c, m.gpus, s, r.time_ms->median)))
                fail(join(path, "busbw_gbs"), "expected algbw × the bus factor of " + m.combine + " on " +
                                                  std::to_string(m.gpus) + " GPUs = " +
                                                  num(busbw_gbs(*c, m.gpus, s, r.time_ms->median)) + " GB/s, got " +
                                                  num(*m.busbw_gbs));
        }
    }
}

void check_device(const Device& d, const std::string& path)
{
    if (d.peak_bandwidth_gbs > kMaxBandwidthGbs)
        fail(join(path, "peak_bandwidth_gbs"), "expected a number in 0.." + num(kMaxBandwidthGbs) + " GB/s, got " +
                                                   num(d.peak_bandwidth_gbs));
}

CellKey cell_key(const Result& r)
{
    return {r.strategy, r.operation, r.n, r.block_size, r.coarse_factor, r.mode, r.cache,
            r.multi_gpu ? r.multi_gpu->gpus : 0, r.multi_gpu ? r.multi_gpu->combine : std::string{}};
}

void check_file(const ResultsFile& f)
{
    check_device(f.device, "device");
    for (std::size_t i = 0; i < f.devices.size(); ++i)
        check_device(f.devices[i], fields::at("devices", i));
    if (f.ceilings) {
        at_most(f.ceilings->read_gbs, kMaxBandwidthGbs, "ceilings.read_gbs", " GB/s");
        at_most(f.ceilings->copy_gbs, kMaxBandwidthGbs, "ceilings.copy_gbs", " GB/s");
    }
    if (f.params.sweep && !f.results.empty())
        check_sweep(f);
    // One result per cell: with two, which one a reader (the table, compare, a chart) shows would
    // depend on the order. The cell is what compare.h matches on.
    std::map<CellKey, std::size_t> cells;
    for (std::size_t i = 0; i < f.results.size(); ++i) {
        const Result& r = f.results[i];
        const auto [it, fresh] = cells.emplace(cell_key(r), i);
        if (!fresh)
            fail(fields::at("results", i), "the same cell as " + fields::at("results", it->second) + " (" + r.strategy +
                                               " " + r.operation + ", n " + std::to_string(r.n) + ", block " +
                                               std::to_string(r.block_size) + ", C " + std::to_string(r.coarse_factor) +
                                               "): a file holds each cell once");
    }
    if (f.gpus)
        for (std::size_t i = 0; i < f.results.size(); ++i)
            if (f.results[i].multi_gpu && f.results[i].multi_gpu->gpus > *f.gpus)
                fail(fields::at("results", i) + ".gpus", "expected 1.." + std::to_string(*f.gpus) +
                                                             " (the file's gpus), got " +
                                                             std::to_string(f.results[i].multi_gpu->gpus));
}

} // namespace reducescope::bench

// ---- What a file derives, recomputed -------------------------------------------------------------
namespace reducescope::bench {
namespace {

/// `got` agrees with `want` within kDerivedSlack of `want` (and `abs` absolutely).
bool agrees(double got, double want, double abs = 1e-9)
{
    return std::fabs(got - want) <= kDerivedSlack * std::fabs(want) + abs;
}

/// Percentages a file rounds to 0.1 (the fixtures of tests/app/bench/data, an export) still agree.
constexpr double kPercentRounding = 0.05;

/// |value - reference| <= tolerance, as classify() decides it (a tiny slack for a rounded copy).
bool within(double value, double reference, double tolerance)
{
    return std::isfinite(value) &&
           std::fabs(value - reference) <= tolerance + 1e-12 * std::max(std::fabs(reference), 1.0);
}

} // namespace

void check_verdict(const Result& r, const std::string& path)
{
    if (r.result && r.reference && r.abs_error) {
        const double d = std::fabs(*r.result - *r.reference);
        const double scale = std::max(std::fabs(*r.result), std::fabs(*r.reference));
        // 10 %: an exported error keeps 2 or 3 digits (0.02 for 0.01875); the error of a float
        // result against a double reference is far above 1e-12 of their size.
        if (!(std::fabs(*r.abs_error - d) <= 0.1 * std::max(d, *r.abs_error) + 1e-12 * scale + 1e-300))
            fail(join(path, "abs_error"), "expected |result - reference| = |" + num(*r.result) + " - " +
                                              num(*r.reference) + "| = " + num(d) + ", got " + num(*r.abs_error));
    }
    const bool have = r.result && r.reference && r.tolerance;
    if (r.status == Status::Ok) {
        if (have && !within(*r.result, *r.reference, *r.tolerance))
            fail(join(path, "status"), "\"ok\" (verified), but result " + num(*r.result) + " is " +
                                           num(std::fabs(*r.result - *r.reference)) + " from the reference " +
                                           num(*r.reference) + ", outside the tolerance " + num(*r.tolerance) +
                                           ": expected \"wrong\"");
        if (r.checked_after_timing && r.result_after_timing && r.reference && r.tolerance &&
            !within(*r.result_after_timing, *r.reference, *r.tolerance))
            fail(join(path, "status"), "\"ok\" (verified), but result_after_timing " + num(*r.result_after_timing) +
                                           " is outside the tolerance " + num(*r.tolerance) + " of the reference " +
                                           num(*r.reference) + ": expected \"wrong\"");
    }
    if (r.status == Status::Wrong && have && within(*r.result, *r.reference, *r.tolerance)) {
        const bool after_wrong = r.checked_after_timing &&
                                 (!r.result_after_timing || !within(*r.result_after_timing, *r.reference, *r.tolerance));
        // The engine's other reasons (the poison left, the output after the timing, GPUs that
        // disagree, a counters failure) say what they are; "outside tolerance" is this one.
        const bool other_reason = !r.message.empty() && r.message.find("outside tolerance") == std::string::npos;
        if (!after_wrong && !other_reason)
            fail(join(path, "status"), "\"wrong\", but result " + num(*r.result) + " is within the tolerance " +
                                           num(*r.tolerance) + " of the reference " + num(*r.reference) +
                                           " and nothing else made it wrong: expected \"ok\"");
    }
}

void check_speed_fields_null_unless_ok(const Result& r, const std::string& path)
{
    if (r.status == Status::Ok)
        return;
    const std::pair<const char*, const std::optional<double>*> fields_[] = {
        {"bandwidth_gbs", &r.bandwidth_gbs},
        {"pct_peak", &r.pct_peak},
        {"pct_ceiling", &r.pct_ceiling},
        {"ceiling_ratio", &r.ceiling_ratio},
        {"speedup_vs_cpu", &r.speedup_vs_cpu},
        {"speedup_vs_cub", &r.speedup_vs_cub},
        {"speedup_vs_cub_single_pass", &r.speedup_vs_cub_block_one_pass},
        {"speedup_vs_best_baseline", &r.speedup_vs_best_baseline},
    };
    const std::string why = "expected null: no speed is measured where the status is \"" +
                            std::string{status_name(r.status)} + "\", not \"ok\"";
    for (const auto& [key, value] : fields_)
        if (*value)
            fail(join(path, key), why + ", got " + num(**value));
    if (!r.best_baseline.empty())
        fail(join(path, "best_baseline"), why + ", got \"" + model::echo(r.best_baseline) + "\"");
}

void check_ceiling_figures(const Result& r, const std::string& path)
{
    if ((r.pct_ceiling || r.ceiling_ratio) && !r.ceiling_read_gbs)
        fail(join(path, r.pct_ceiling ? "pct_ceiling" : "ceiling_ratio"),
             "expected null: ceiling_read_gbs is null (no ceiling to be a fraction of), got " +
                 num(r.pct_ceiling ? *r.pct_ceiling : *r.ceiling_ratio));
    if ((r.pct_ceiling || r.ceiling_ratio) && !r.bandwidth_gbs)
        fail(join(path, r.pct_ceiling ? "pct_ceiling" : "ceiling_ratio"),
             "expected null: bandwidth_gbs is null, got " + num(r.pct_ceiling ? *r.pct_ceiling : *r.ceiling_ratio));
    if (!r.ceiling_read_gbs || !r.bandwidth_gbs || *r.ceiling_read_gbs <= 0)
        return;
    const double ratio = *r.bandwidth_gbs / *r.ceiling_read_gbs;
    if (r.ceiling_ratio && !agrees(*r.ceiling_ratio, ratio))
        fail(join(path, "ceiling_ratio"), "expected bandwidth_gbs / ceiling_read_gbs = " + num(ratio) + ", got " +
                                              num(*r.ceiling_ratio));
    if (r.pct_ceiling) {
        // A writer that records ceiling_ratio caps pct_ceiling at 100 % (null above); older
        // files (without ceiling_ratio) wrote the plain ratio, above 100 % too.
        if (r.ceiling_ratio && ratio > 1 + kDerivedSlack)
            fail(join(path, "pct_ceiling"), "expected null: bandwidth_gbs is " + num(ratio) +
                                                " × ceiling_read_gbs (a fraction of a bandwidth is never above 100 %), got " +
                                                num(*r.pct_ceiling));
        if (!agrees(*r.pct_ceiling, 100 * ratio, kPercentRounding))
            fail(join(path, "pct_ceiling"), "expected 100 × bandwidth_gbs / ceiling_read_gbs = " + num(100 * ratio) +
                                                " %, got " + num(*r.pct_ceiling));
    }
}

void check_derived_across_file(const ResultsFile& f)
{
    const bool ceilings = f.ceilings && (f.ceilings->read_gbs || f.ceilings->read_dot_gbs);
    // The baselines' medians at each point, as run.cpp's Baselines keeps them.
    using Point = std::tuple<std::size_t, int, int>;
    std::map<Point, double> cpu, cub_sum, cub_max, single_pass;
    for (const Result& r : f.results) {
        if (r.status != Status::Ok || !r.time_ms || r.time_ms->median <= 0 || r.multi_gpu)
            continue;
        const Point p{r.n, r.block_size, r.coarse_factor};
        if (r.strategy == "cpu")
            cpu[p] = r.time_ms->median;
        else if (r.strategy == "cub")
            (r.operation == "max" ? cub_max : cub_sum)[p] = r.time_ms->median;
        else if (r.strategy == "cub_single_pass")
            single_pass[p] = r.time_ms->median;
    }
    const auto lookup = [](const std::map<Point, double>& m, const Point& p) -> std::optional<double> {
        const auto it = m.find(p);
        return it == m.end() ? std::nullopt : std::optional<double>{it->second};
    };
    for (std::size_t i = 0; i < f.results.size(); ++i) {
        const Result& r = f.results[i];
        const std::string path = fields::at("results", i);
        if (!ceilings)
            for (const auto& [key, value] : {std::pair{"ceiling_read_gbs", &r.ceiling_read_gbs},
                                              std::pair{"pct_ceiling", &r.pct_ceiling},
                                              std::pair{"ceiling_ratio", &r.ceiling_ratio}})
                if (*value)
                    fail(join(path, key), "expected null: the file has no ceilings (\"ceilings\" is " +
                                              std::string{f.ceilings ? "without read_gbs" : "null or absent"} +
                                              "), got " + num(**value));
        if (r.pct_peak && r.bandwidth_gbs) {
            const bool baseline = r.multi_gpu && r.multi_gpu->combine == "collective_baseline";
            if (baseline)
                fail(join(path, "pct_peak"), "expected null for the collective baseline, got " + num(*r.pct_peak));
            const double peak = f.device.peak_bandwidth_gbs * (r.multi_gpu ? r.multi_gpu->gpus : 1);
            if (peak > 0 && !agrees(*r.pct_peak, 100 * *r.bandwidth_gbs / peak, kPercentRounding))
                fail(join(path, "pct_peak"), "expected 100 × bandwidth_gbs / " +
                                                 std::string{r.multi_gpu ? "(gpus × device.peak_bandwidth_gbs)"
                                                                         : "device.peak_bandwidth_gbs"} +
                                                 " = " + num(100 * *r.bandwidth_gbs / peak) + " %, got " + num(*r.pct_peak));
        }
        if (r.multi_gpu) {
            for (const auto& [key, value] : {std::pair{"speedup_vs_cpu", &r.speedup_vs_cpu},
                                              std::pair{"speedup_vs_cub", &r.speedup_vs_cub}})
                if (*value)
                    fail(join(path, key), "expected null: a multi-GPU result has no speed-ups, got " + num(**value));
            continue;
        }
        if (r.status != Status::Ok || !r.time_ms || r.time_ms->median <= 0)
            continue;
        const double t = r.time_ms->median;
        const Point p{r.n, r.block_size, r.coarse_factor};
        const auto check = [&](const char* key, const std::optional<double>& got, std::optional<double> base_ms,
                               const char* base) {
            if (!got || !base_ms)
                return;  // a baseline the file does not hold (or did not verify) cannot be checked
            if (!agrees(*got, *base_ms / t, 0.0005))
                fail(join(path, key), std::string{"expected the median of "} + base + " at n " + std::to_string(r.n) +
                                          ", block " + std::to_string(r.block_size) + ", C " +
                                          std::to_string(r.coarse_factor) + " / time_ms.median = " + num(*base_ms) +
                                          " / " + num(t) + " = " + num(*base_ms / t) + ", got " + num(*got));
        };
        check("speedup_vs_cpu", r.speedup_vs_cpu, lookup(cpu, p), "cpu");
        const auto cub = lookup(r.operation == "max" ? cub_max : cub_sum, p);
        check("speedup_vs_cub", r.speedup_vs_cub, cub, r.operation == "max" ? "cub max" : "cub");
        const auto sp = r.operation == "sum" ? lookup(single_pass, p) : std::nullopt;
        check("speedup_vs_cub_single_pass", r.speedup_vs_cub_block_one_pass, sp, "cub_single_pass");
        // Which baseline was the faster is decided from the baselines run before this result (a
        // baseline's own best_baseline may predate the other), so only its speed-up is checked.
        if (r.best_baseline == "cub")
            check("speedup_vs_best_baseline", r.speedup_vs_best_baseline, cub, "cub");
        else if (r.best_baseline == "cub_single_pass")
            check("speedup_vs_best_baseline", r.speedup_vs_best_baseline, sp, "cub_single_pass");
    }
}

void check_counters_complete(const Counters& c, const std::string& path)
{
    if (c.status != CountersStatus::Ok)
        return;
    std::vector<std::string> wanted;
    if (c.metrics)
        wanted = *c.metrics;
    else
        wanted.assign(std::begin(kCounterMetrics), std::end(kCounterMetrics));
    for (std::size_t i = 0; i < c.kernels.size(); ++i)
        for (const std::string& m : wanted)
            if (!c.kernels[i].hardware.count(m))
                fail(join(fields::at(join(path, "kernels"), i), "hardware"),
                     "lacks " + model::one_line(m) + " (of " + join(path, "metrics") +
                         "), but the status is \"ok\": a complete capture has every metric asked for (else status \"error\")");
}

} // namespace reducescope::bench
