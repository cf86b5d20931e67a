// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/results_checks.h"

#include "bench/json_fields.h"
#include "bench/multi_gpu_metrics.h"
#include "bench/results_file.h"
#include "model/message.h"

#include <cmath>
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
