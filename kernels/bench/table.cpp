// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/table.h"

#include "bench/determinism.h"
#include "bench/results_file.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace reducescope::bench {
namespace {

// A cell shows what the file's JSON holds (to_json): "-" where the JSON has no value (a member
// left out or null) or an empty string.

std::string fixed(double v, int decimals, double scale = 1.0)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v * scale);
    return buf;
}

std::string fixed(const std::optional<double>& v, int decimals, double scale = 1.0)
{
    return v ? fixed(*v, decimals, scale) : "-";
}

std::string text(const std::string& s) { return s.empty() ? "-" : s; }

std::string text(const std::optional<std::string>& s) { return s ? text(*s) : "-"; }

std::string cache_label(const Result& r)
{
    const std::string cache = text(r.cache);
    const std::string method = text(r.cold_method);
    if (cache != "cold" || method == "-")
        return cache;
    std::string label = "cold/";
    label += method == "rotate" ? "rot" + std::to_string(r.cold_buffers) : method;
    return label;
}

/// "Determinism" block under the table: one line per result with `repeat` (a file of
/// `bench --repeat K`, already checked by the reader), the verdict in determinism.h's words.
std::string determinism_lines(const ResultsFile& file)
{
    std::string out;
    for (const Result& r : file.results) {
        if (!r.repeat)
            continue;
        if (out.empty())
            out = "\ndeterminism (bench --repeat: each result bit for bit; ulp = a float's ulp at the float64 reference):\n";
        const RepeatSummary s = summarize_repeat(*r.repeat, r.reference);
        out += "  " + text(r.strategy) + " (" + text(r.operation) + ", n " + std::to_string(r.n) + ", B " +
               std::to_string(r.block_size) + ", C " + std::to_string(r.coarse_factor) +
               "): " + verdict_text(s, text(r.operation));
        if (s.error_ulp_min)
            out += "; error " + fixed(*s.error_ulp_min, 2) + ".." + fixed(s.error_ulp_max, 2) + " ulp";
        out += "\n";
    }
    return out;
}

} // namespace

std::string format_table(const ResultsFile& file)
{
    const Params& params = file.params;
    std::string out;
    out += "device " + text(file.device.name) + "; mode " + text(params.mode) + "; cache " + text(params.cache);
    if (text(params.cache) == "cold")
        out += " (" + text(params.cold) + ")";
    out += "; noise limit " + (params.stopping ? fixed(params.stopping->max_noise, 2, 100.0) : "-") + " %";
    out += "; read ceiling " + (file.ceilings ? fixed(file.ceilings->read_gbs, 0) : "-") + " GB/s (" +
           (file.ceilings ? text(file.ceilings->read_kernel) : "-") + ")";
    out += "; clocks " + text(params.clocks) + "\n";

    const std::vector<std::string> head{"strategy", "op",      "n",        "B",     "C",        "mode",
                                        "cache",    "median_us", "iqr_us", "p95_us", "noise_%", "samples",
                                        "stop",     "GB/s",    "%ceil",    "x_best", "baseline", "x_det",
                                        "det_baseline", "contract", "checked", "sm_MHz", "temp_C", "power_W",
                                        "flags"};
    const std::vector<std::string> left_columns{"strategy", "op",  "mode",     "cache",   "stop", "baseline",
                                                "det_baseline", "contract", "checked", "sm_MHz", "flags"};
    std::vector<std::vector<std::string>> rows{head};
    for (const Result& r : file.results) {
        std::vector<std::string> row;
        row.push_back(text(r.strategy));
        row.push_back(text(r.operation));
        row.push_back(std::to_string(r.n));
        row.push_back(std::to_string(r.block_size));
        row.push_back(std::to_string(r.coarse_factor));
        row.push_back(text(r.mode));
        row.push_back(cache_label(r));
        row.push_back(r.time_ms ? fixed(r.time_ms->median, 3, 1000.0) : "-");
        row.push_back(r.time_ms && r.time_ms->spread ? fixed(r.time_ms->iqr(), 3, 1000.0) : "-");
        row.push_back(r.time_ms && r.time_ms->spread ? fixed(r.time_ms->p95, 3, 1000.0) : "-");
        row.push_back(fixed(r.noise, 2, 100.0));
        std::string samples = std::to_string(r.samples);
        if (r.reps_per_sample > 1) {
            samples += 'x';
            samples += std::to_string(r.reps_per_sample);
            if (r.short_reps_per_sample > 0) {
                samples += '-';
                samples += std::to_string(r.short_reps_per_sample);
            }
        }
        row.push_back(samples);
        row.push_back(text(r.stop_rule));
        row.push_back(fixed(r.bandwidth_gbs, 0));
        row.push_back(fixed(r.pct_ceiling, 1));
        row.push_back(fixed(r.speedup_vs_best_baseline, 2));
        row.push_back(text(r.best_baseline));
        row.push_back(fixed(r.speedup_vs_best_deterministic_baseline, 2));
        row.push_back(text(r.best_deterministic_baseline));
        // The contract in short: g2g / r2r / ng (CCCL's gpu_to_gpu, run_to_run, not_guaranteed),
        // "+keeps" where the caller keeps state between launches (contract.h).
        std::string contract = r.determinism == "gpu_to_gpu"       ? "g2g"
                               : r.determinism == "run_to_run"     ? "r2r"
                               : r.determinism == "not_guaranteed" ? "ng"
                                                                   : "-";
        if (!r.caller_keeps.empty())
            contract += r.caller_keeps.starts_with("an output reset") ? "+reset" : "+keeps";
        row.push_back(contract);
        // Launches checked: the validation replay's, then the exact input's ("-" where not run).
        std::string checked = r.launches_checked > 0 ? std::to_string(r.launches_checked) : "-";
        checked += "/";
        checked += r.exact_launches_checked >= 0 ? std::to_string(r.exact_launches_checked) + "x" : "-";
        row.push_back(checked);
        std::string mhz = "-";
        if (r.sm_mhz_min >= 0)
            mhz = r.sm_mhz_min == r.sm_mhz_max ? std::to_string(r.sm_mhz_min)
                                               : std::to_string(r.sm_mhz_min) + "-" + std::to_string(r.sm_mhz_max);
        row.push_back(mhz);
        row.push_back(r.temperature_c_max >= 0 ? std::to_string(r.temperature_c_max) : "-");
        row.push_back(r.power_w_max >= 0 ? fixed(r.power_w_max, 0) : "-");
        std::string flags;
        auto add = [&flags](const std::string& f) {
            if (!flags.empty())
                flags += ',';
            flags += f;
        };
        const std::string status{status_name(r.status)};
        if (status != "ok")
            add(status == "expected_wrong" ? "expected-wrong"
                : status == "wrong"        ? "WRONG"
                : status == "error"        ? "ERROR"
                                           : status);
        if (r.noisy)
            add("NOISY");
        if (r.low_clock)
            add("LOW-CLOCK");
        if (r.throttled_readings > 0)
            add("THROTTLED(" + std::to_string(r.throttled_dropped) + " dropped)");
        if (r.block_timeouts > 0)
            add("BLOCK-TIMEOUTS(" + std::to_string(r.block_timeouts) + ")");
        if (r.ceiling_ratio && *r.ceiling_ratio > 1.0)
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
            const bool left = std::find(left_columns.begin(), left_columns.end(), head[c]) != left_columns.end();
            const std::string pad(width[c] - row[c].size(), ' ');
            line += (c ? "  " : "") + (left ? row[c] + (c + 1 < row.size() ? pad : "") : pad + row[c]);
        }
        out += line + "\n";
    }
    out += "contract: g2g / r2r / ng = deterministic gpu_to_gpu / run_to_run / not deterministic (CCCL's terms); "
           "+reset = the output is reset before each launch (in the time), +keeps = the caller keeps state between "
           "launches; checked = launches of the validation replay / launches on the exact positive input; "
           "x_det = speed-up against the fastest deterministic library baseline (det_baseline); samples = samples x "
           "repetitions per sample (-S: each the difference from a replay of a short graph of S repetitions)\n";
    // Why a row is not ok: its message, which the row itself has no room for (an ERROR row said
    // nothing in a terminal; the JSON has it in "message").
    for (const Result& r : file.results)
        if (r.status != Status::Ok && !r.message.empty())
            out += std::string(status_name(r.status)) + ": " + r.strategy + " at n = " + std::to_string(r.n) + ": " +
                   r.message + "\n";
    out += determinism_lines(file);
    return out;
}

} // namespace reducescope::bench
