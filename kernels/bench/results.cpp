// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/results.h"

#include <array>
#include <cmath>
#include <stdexcept>

namespace reducescope::bench {
namespace {
constexpr std::array<std::string_view, 5> kStatusNames{"ok", "wrong", "expected_wrong", "error", "skipped"};

nlohmann::json opt(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

std::optional<double> get_opt(const nlohmann::json& j, const char* key)
{
    if (!j.contains(key))
        throw std::invalid_argument(std::string{"result: missing field '"} + key + "'");
    const auto& v = j.at(key);
    if (v.is_null())
        return std::nullopt;
    if (!v.is_number())
        throw std::invalid_argument(std::string{"result: field '"} + key + "' must be a number or null");
    return v.get<double>();
}

template <class T>
T get(const nlohmann::json& j, const char* key)
{
    if (!j.contains(key))
        throw std::invalid_argument(std::string{"result: missing field '"} + key + "'");
    try {
        return j.at(key).get<T>();
    } catch (const nlohmann::json::exception&) {
        throw std::invalid_argument(std::string{"result: field '"} + key + "' has the wrong type");
    }
}
} // namespace

std::string_view status_name(Status s) { return kStatusNames[static_cast<std::size_t>(s)]; }

std::optional<Status> parse_status(std::string_view s)
{
    for (std::size_t i = 0; i < kStatusNames.size(); ++i)
        if (kStatusNames[i] == s)
            return static_cast<Status>(i);
    return std::nullopt;
}

std::string_view family_key(model::Family f)
{
    switch (f) {
    case model::Family::Basics: return "basics";
    case model::Family::SharedMemory: return "shared_memory";
    case model::Family::ManyBlocks: return "many_blocks";
    case model::Family::WarpPrimitives: return "warp_primitives";
    case model::Family::DotProduct: return "dot_product";
    case model::Family::Baseline: return "baseline";
    }
    return "";
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

void set_baseline_speedups(Result& r, std::optional<double> cub_ms, std::optional<double> single_pass_ms)
{
    r.speedup_vs_cub_single_pass.reset();
    r.best_baseline.clear();
    r.speedup_vs_best_baseline.reset();
    if (r.status != Status::Ok || !r.time_ms || r.time_ms->median <= 0)
        return;
    const double t = r.time_ms->median;
    const bool have_cub = cub_ms && *cub_ms > 0;
    const bool have_sp = single_pass_ms && *single_pass_ms > 0;
    if (have_sp)
        r.speedup_vs_cub_single_pass = *single_pass_ms / t;
    if (have_cub && (!have_sp || *cub_ms <= *single_pass_ms)) {
        r.best_baseline = "cub";
        r.speedup_vs_best_baseline = *cub_ms / t;
    } else if (have_sp) {
        r.best_baseline = "cub_single_pass";
        r.speedup_vs_best_baseline = *single_pass_ms / t;
    }
}

Status classify_after_timing(bool written, double value, double reference, double tolerance)
{
    return classify(written, value, reference, tolerance, false);
}

nlohmann::json to_json(const Result& r)
{
    nlohmann::json j;
    j["strategy"] = r.strategy;
    j["family"] = r.family;
    j["kernel"] = r.kernel;
    j["operation"] = r.operation;
    j["n"] = r.n;
    j["block_size"] = r.block_size;
    j["coarse_factor"] = r.coarse_factor;
    j["grid_size"] = r.grid_size;
    j["mode"] = r.mode;
    j["cache"] = r.cache;
    j["status"] = status_name(r.status);
    j["message"] = r.message;
    j["result"] = opt(r.result);
    j["reference"] = opt(r.reference);
    j["abs_error"] = opt(r.abs_error);
    j["tolerance"] = opt(r.tolerance);
    if (r.time_ms)
        j["time_ms"] = {{"median", r.time_ms->median}, {"min", r.time_ms->min}, {"max", r.time_ms->max}};
    else
        j["time_ms"] = nullptr;
    j["bytes_read"] = r.bytes_read;
    j["bandwidth_gbs"] = opt(r.bandwidth_gbs);
    j["pct_peak"] = opt(r.pct_peak);
    j["pct_ceiling"] = opt(r.pct_ceiling);
    j["ceiling_read_gbs"] = opt(r.ceiling_read_gbs);
    j["speedup_vs_cpu"] = opt(r.speedup_vs_cpu);
    j["speedup_vs_cub"] = opt(r.speedup_vs_cub);
    j["samples"] = r.samples;
    j["subtracted_ms"] = r.subtracted_ms;
    j["in_place"] = r.in_place;
    j["noise"] = opt(r.noise);
    j["stop_rule"] = r.stop_rule;
    j["noisy"] = r.noisy;
    j["gpu_time_s"] = r.gpu_time_s;
    j["reps_per_sample"] = r.reps_per_sample;
    j["host_enqueue_us"] = r.host_enqueue_us;
    j["cold_method"] = r.cold_method;
    j["cold_buffers"] = r.cold_buffers;
    auto mhz = [](int v) { return v >= 0 ? nlohmann::json(v) : nlohmann::json(nullptr); };
    j["clocks"] = {{"sm_mhz_before", mhz(r.sm_mhz_before)}, {"sm_mhz_after", mhz(r.sm_mhz_after)},
                   {"mem_mhz_before", mhz(r.mem_mhz_before)}, {"mem_mhz_after", mhz(r.mem_mhz_after)},
                   {"sm_max_mhz", mhz(r.sm_max_mhz)}, {"mem_max_mhz", mhz(r.mem_max_mhz)}};
    j["low_clock"] = r.low_clock;
    j["checked_after_timing"] = r.checked_after_timing;
    j["result_after_timing"] = opt(r.result_after_timing);
    j["ceiling_ratio"] = opt(r.ceiling_ratio);
    j["speedup_vs_cub_single_pass"] = opt(r.speedup_vs_cub_single_pass);
    j["best_baseline"] = r.best_baseline.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.best_baseline);
    j["speedup_vs_best_baseline"] = opt(r.speedup_vs_best_baseline);
    return j;
}

Result result_from_json(const nlohmann::json& j)
{
    if (!j.is_object())
        throw std::invalid_argument("result: not a JSON object");
    Result r;
    r.strategy = get<std::string>(j, "strategy");
    r.family = get<std::string>(j, "family");
    r.kernel = get<std::string>(j, "kernel");
    r.operation = get<std::string>(j, "operation");
    r.n = get<std::size_t>(j, "n");
    r.block_size = get<int>(j, "block_size");
    r.coarse_factor = get<int>(j, "coarse_factor");
    r.grid_size = get<unsigned int>(j, "grid_size");
    r.mode = get<std::string>(j, "mode");
    r.cache = get<std::string>(j, "cache");
    const auto st = parse_status(get<std::string>(j, "status"));
    if (!st)
        throw std::invalid_argument("result: unknown status '" + j.at("status").get<std::string>() + "'");
    r.status = *st;
    r.message = get<std::string>(j, "message");
    r.result = get_opt(j, "result");
    r.reference = get_opt(j, "reference");
    r.abs_error = get_opt(j, "abs_error");
    r.tolerance = get_opt(j, "tolerance");
    if (!j.contains("time_ms"))
        throw std::invalid_argument("result: missing field 'time_ms'");
    if (const auto& t = j.at("time_ms"); !t.is_null()) {
        if (!t.is_object())
            throw std::invalid_argument("result: field 'time_ms' must be an object or null");
        r.time_ms = Summary{get<double>(t, "median"), get<double>(t, "min"), get<double>(t, "max")};
    }
    r.bytes_read = get<long long>(j, "bytes_read");
    r.bandwidth_gbs = get_opt(j, "bandwidth_gbs");
    r.pct_peak = get_opt(j, "pct_peak");
    r.pct_ceiling = get_opt(j, "pct_ceiling");
    r.ceiling_read_gbs = get_opt(j, "ceiling_read_gbs");
    r.speedup_vs_cpu = get_opt(j, "speedup_vs_cpu");
    r.speedup_vs_cub = get_opt(j, "speedup_vs_cub");
    r.samples = j.value("samples", 0);
    r.subtracted_ms = j.value("subtracted_ms", 0.0);
    r.in_place = j.value("in_place", false);
    // Issue 16's fields: optional (older files lack them).
    auto maybe = [&j](const char* key) -> std::optional<double> {
        return j.contains(key) ? get_opt(j, key) : std::nullopt;
    };
    r.noise = maybe("noise");
    r.stop_rule = j.value("stop_rule", std::string{});
    r.noisy = j.value("noisy", false);
    r.gpu_time_s = j.value("gpu_time_s", 0.0);
    r.reps_per_sample = j.value("reps_per_sample", 0);
    r.host_enqueue_us = j.value("host_enqueue_us", 0.0);
    r.cold_method = j.value("cold_method", std::string{});
    r.cold_buffers = j.value("cold_buffers", 0);
    if (j.contains("clocks") && j.at("clocks").is_object()) {
        const auto& c = j.at("clocks");
        auto mhz = [&c](const char* key) {
            return c.contains(key) && c.at(key).is_number_integer() ? c.at(key).get<int>() : -1;
        };
        r.sm_mhz_before = mhz("sm_mhz_before");
        r.sm_mhz_after = mhz("sm_mhz_after");
        r.mem_mhz_before = mhz("mem_mhz_before");
        r.mem_mhz_after = mhz("mem_mhz_after");
        r.sm_max_mhz = mhz("sm_max_mhz");
        r.mem_max_mhz = mhz("mem_max_mhz");
    }
    r.low_clock = j.value("low_clock", false);
    r.checked_after_timing = j.value("checked_after_timing", false);
    r.result_after_timing = maybe("result_after_timing");
    r.ceiling_ratio = maybe("ceiling_ratio");
    r.speedup_vs_cub_single_pass = maybe("speedup_vs_cub_single_pass");
    if (j.contains("best_baseline") && j.at("best_baseline").is_string())
        r.best_baseline = j.at("best_baseline").get<std::string>();
    r.speedup_vs_best_baseline = maybe("speedup_vs_best_baseline");
    return r;
}

} // namespace reducescope::bench
