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
    return r;
}

} // namespace reducescope::bench
