// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/table.h"

#include "bench/determinism.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace reducescope::bench {
namespace {
using nlohmann::json;

std::string fixed(const json& v, int decimals, double scale = 1.0)
{
    if (!v.is_number())
        return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v.get<double>() * scale);
    return buf;
}

std::string text(const json& o, const char* key)
{
    if (!o.is_object() || !o.contains(key))
        return "-";
    const json& v = o.at(key);
    if (v.is_string())
        return v.get<std::string>().empty() ? "-" : v.get<std::string>();
    if (v.is_number_integer())
        return std::to_string(v.get<long long>());
    if (v.is_number())
        return fixed(v, 2);
    return "-";
}

const json& field(const json& o, const char* key)
{
    static const json null;
    return o.is_object() && o.contains(key) ? o.at(key) : null;
}

std::string cache_label(const json& r)
{
    const std::string cache = text(r, "cache");
    const std::string method = text(r, "cold_method");
    if (cache != "cold" || method == "-")
        return cache;
    std::string label = "cold/";
    label += method == "rotate" ? "rot" + text(r, "cold_buffers") : method;
    return label;
}

/// "Determinism" block under the table: one line per result with `repeat` (a file of
/// `bench --repeat K`, already checked by the reader), the verdict in determinism.h's words.
std::string determinism_lines(const json& doc)
{
    std::string out;
    for (const json& r : field(doc, "results").is_array() ? field(doc, "results") : json::array()) {
        const json& rep = field(r, "repeat");
        if (!rep.is_object())
            continue;
        if (out.empty())
            out = "\ndeterminism (bench --repeat: each result bit for bit; ulp = a float's ulp at the float64 reference):\n";
        RepeatSummary s;
        s.runs = static_cast<int>(field(rep, "runs").get<long long>());
        s.distinct = static_cast<int>(field(rep, "distinct").get<long long>());
        if (field(rep, "spread_ulp").is_number())
            s.spread_ulp = field(rep, "spread_ulp").get<double>();
        const auto verdict = text(rep, "verdict");
        s.verdict = verdict == "deterministic"       ? RepeatVerdict::Deterministic
                    : verdict == "order_not_fixed"   ? RepeatVerdict::OrderNotFixed
                    : verdict == "varies_with_order" ? RepeatVerdict::VariesWithOrder
                                                     : RepeatVerdict::VariesFixedOrder;
        out += "  " + text(r, "strategy") + " (" + text(r, "operation") + ", n " + text(r, "n") + ", B " +
               text(r, "block_size") + ", C " + text(r, "coarse_factor") + "): " + verdict_text(s, text(r, "operation"));
        if (field(rep, "error_ulp_min").is_number())
            out += "; error " + fixed(field(rep, "error_ulp_min"), 2) + ".." + fixed(field(rep, "error_ulp_max"), 2) + " ulp";
        out += "\n";
    }
    return out;
}

} // namespace

std::string format_table(const json& doc)
{
    const json& params = field(doc, "params");
    const json& ceilings = field(doc, "ceilings");
    const json& stopping = field(params, "stopping");
    std::string out;
    out += "device " + text(field(doc, "device"), "name") + "; mode " + text(params, "mode") + "; cache " +
           text(params, "cache");
    if (text(params, "cache") == "cold")
        out += " (" + text(params, "cold") + ")";
    out += "; noise limit " + fixed(field(stopping, "max_noise"), 2, 100.0) + " %";
    out += "; read ceiling " + fixed(field(ceilings, "read_gbs"), 0) + " GB/s (" + text(ceilings, "read_kernel") + ")";
    out += "; clocks " + text(params, "clocks") + "\n";

    const std::vector<std::string> head{"strategy", "op", "n", "B", "C", "mode", "cache", "median_us", "noise_%",
                                        "samples", "stop", "GB/s", "%ceil", "x_best", "baseline", "flags"};
    std::vector<std::vector<std::string>> rows{head};
    for (const json& r : field(doc, "results").is_array() ? field(doc, "results") : json::array()) {
        std::vector<std::string> row;
        row.push_back(text(r, "strategy"));
        row.push_back(text(r, "operation"));
        row.push_back(text(r, "n"));
        row.push_back(text(r, "block_size"));
        row.push_back(text(r, "coarse_factor"));
        row.push_back(text(r, "mode"));
        row.push_back(cache_label(r));
        row.push_back(fixed(field(field(r, "time_ms"), "median"), 3, 1000.0));
        row.push_back(fixed(field(r, "noise"), 2, 100.0));
        std::string samples = text(r, "samples");
        if (field(r, "reps_per_sample").is_number_integer() && field(r, "reps_per_sample").get<long long>() > 1) {
            samples += 'x';
            samples += text(r, "reps_per_sample");
        }
        row.push_back(samples);
        row.push_back(text(r, "stop_rule"));
        row.push_back(fixed(field(r, "bandwidth_gbs"), 0));
        row.push_back(fixed(field(r, "pct_ceiling"), 1));
        row.push_back(fixed(field(r, "speedup_vs_best_baseline"), 2));
        row.push_back(text(r, "best_baseline"));
        std::string flags;
        auto add = [&flags](const std::string& f) {
            if (!flags.empty())
                flags += ',';
            flags += f;
        };
        const std::string status = text(r, "status");
        if (status != "ok")
            add(status == "expected_wrong" ? "expected-wrong"
                : status == "wrong"        ? "WRONG"
                : status == "error"        ? "ERROR"
                                           : status);
        if (field(r, "noisy").is_boolean() && field(r, "noisy").get<bool>())
            add("NOISY");
        if (field(r, "low_clock").is_boolean() && field(r, "low_clock").get<bool>())
            add("LOW-CLOCK");
        if (field(r, "ceiling_ratio").is_number() && field(r, "ceiling_ratio").get<double>() > 1.0)
            add("ABOVE-CEILING");
        row.push_back(flags.empty() ? "-" : flags);
        rows.push_back(std::move(row));
    }
    std::vector<std::size_t> width(head.size(), 0);
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c)
            width[c] = std::max(width[c], row[c].size());
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            const bool left = c <= 1 || c == 5 || c == 6 || c == 10 || c >= 14;
            const std::string pad(width[c] - row[c].size(), ' ');
            line += (c ? "  " : "") + (left ? row[c] + (c + 1 < row.size() ? pad : "") : pad + row[c]);
        }
        out += line + "\n";
    }
    out += determinism_lines(doc);
    return out;
}

} // namespace reducescope::bench
