// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/compare.h"

#include "bench/results_checks.h"
#include "bench/results_json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <tuple>

#include <sys/stat.h>

namespace reducescope::bench {
namespace {

std::string cell_name(const Result& r)
{
    std::string s = r.strategy + (r.operation == "max" && r.strategy == "cub" ? " max" : "") + " n=" + std::to_string(r.n) +
                    " block=" + std::to_string(r.block_size) + " C=" + std::to_string(r.coarse_factor);
    if (!r.mode.empty())
        s += " " + r.mode;
    if (!r.cache.empty())
        s += " " + r.cache;
    if (r.multi_gpu)
        s += " " + r.multi_gpu->combine + " ×" + std::to_string(r.multi_gpu->gpus);
    return s;
}

std::string fixed(double v, int digits)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

} // namespace

namespace {

/// The result as JSON where the engine's fields can be found: `extra` when the reader kept them
/// there (a version that does not know them), else the whole result (they are members).
nlohmann::json engine_json(const Result& r)
{
    if (r.extra.contains("noise") || r.extra.contains("noisy") || r.extra.contains("low_clock"))
        return r.extra.get();
    return to_json(r);
}

std::optional<double> noise_of(const Result& r, const nlohmann::json& j, NoiseSource* source)
{
    if (source)
        *source = NoiseSource::None;
    if (const auto it = j.find("noise"); it != j.end() && it->is_number() && std::isfinite(it->get<double>()) &&
                                          it->get<double>() >= 0) {
        if (source)
            *source = NoiseSource::Recorded;
        return it->get<double>();
    }
    if (!r.time_ms || r.time_ms->median <= 0)
        return std::nullopt;
    if (source)
        *source = NoiseSource::Spread;
    return (r.time_ms->max - r.time_ms->min) / (2 * r.time_ms->median);
}

bool flag_of(const nlohmann::json& j, const char* name)
{
    const auto it = j.find(name);
    return it != j.end() && it->is_boolean() && it->get<bool>();
}

} // namespace

EngineFields engine_fields(const Result& r)
{
    const nlohmann::json j = engine_json(r);
    EngineFields f;
    f.noise = noise_of(r, j, &f.source);
    f.noisy = flag_of(j, "noisy");
    f.low_clock = flag_of(j, "low_clock");
    return f;
}

std::optional<double> result_noise(const Result& r, NoiseSource* source)
{
    return noise_of(r, engine_json(r), source);
}

std::string_view verdict_name(Verdict v)
{
    switch (v) {
    case Verdict::Fast: return "FAST";
    case Verdict::Slow: return "SLOW";
    case Verdict::Same: return "SAME";
    case Verdict::NotCompared: return "—";
    case Verdict::OnlyInA: return "only in A";
    case Verdict::OnlyInB: return "only in B";
    }
    return "?";
}

std::vector<CompareRow> compare_results(const ResultsFile& a, const ResultsFile& b, double k, double min_change)
{
    // A file holds each cell once (the reader's check_file), so one map per side is enough.
    std::map<CellKey, const Result*> in_b;
    for (const Result& r : b.results)
        in_b.emplace(cell_key(r), &r);
    std::map<CellKey, bool> seen;
    std::vector<CompareRow> rows;
    auto fill = [](CompareRow& row, const Result& r) {
        row.cell = cell_name(r);
        row.strategy = r.strategy;
        row.n = r.n;
        row.block_size = r.block_size;
        row.coarse_factor = r.coarse_factor;
    };
    for (const Result& ra : a.results) {
        const CellKey key = cell_key(ra);
        seen[key] = true;
        CompareRow row;
        fill(row, ra);
        if (ra.time_ms)
            row.a_ms = ra.time_ms->median;
        row.a_noise = result_noise(ra, &row.a_source);
        const auto it = in_b.find(key);
        if (it == in_b.end()) {
            row.verdict = Verdict::OnlyInA;
            rows.push_back(std::move(row));
            continue;
        }
        const Result& rb = *it->second;
        if (rb.time_ms)
            row.b_ms = rb.time_ms->median;
        row.b_noise = result_noise(rb, &row.b_source);
        if (ra.status != Status::Ok || rb.status != Status::Ok) {
            const Result& failed = ra.status != Status::Ok ? ra : rb;
            row.failed_side = ra.status != Status::Ok ? 'A' : 'B';
            row.failed_status = failed.status;
            row.failed_message = failed.message;
            row.why = std::string(1, row.failed_side) + ": " + std::string{status_name(failed.status)};
        } else if (!row.a_ms || !row.b_ms || *row.a_ms <= 0) {
            row.why = "no time";
        } else {
            row.change = (*row.b_ms - *row.a_ms) / *row.a_ms;
            row.limit = std::max(k * (row.a_noise.value_or(0) + row.b_noise.value_or(0)), min_change);
            row.verdict = *row.change < -*row.limit ? Verdict::Fast : *row.change > *row.limit ? Verdict::Slow : Verdict::Same;
        }
        rows.push_back(std::move(row));
    }
    for (const Result& rb : b.results) {
        if (seen.count(cell_key(rb)))
            continue;
        CompareRow row;
        fill(row, rb);
        if (rb.time_ms)
            row.b_ms = rb.time_ms->median;
        row.b_noise = result_noise(rb, &row.b_source);
        row.verdict = Verdict::OnlyInB;
        rows.push_back(std::move(row));
    }
    return rows;
}

bool is_same_file(const std::string& a, const std::string& b)
{
    struct stat sa {}, sb {};
    return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

std::vector<CompareNote> compare_note_list(const ResultsFile& a, const ResultsFile& b, const std::vector<CompareRow>& rows,
                                           bool same_file)
{
    std::vector<CompareNote> notes;
    if (same_file)
        notes.push_back({CompareNoteKind::SameFile, '\0', {}, {}, {}, {}});
    if (a.results.empty() || b.results.empty())
        notes.push_back({CompareNoteKind::NoResults, a.results.empty() ? 'A' : 'B', {}, {}, {}, {}});
    else if (std::none_of(rows.begin(), rows.end(), [](const CompareRow& r) {
                 return r.verdict != Verdict::OnlyInA && r.verdict != Verdict::OnlyInB;
             }))
        notes.push_back({CompareNoteKind::NoCommonCell, '\0', a.params.mode, b.params.mode, {}, {}});
    if (a.device.name != b.device.name)
        notes.push_back({CompareNoteKind::TwoGpus, '\0', {}, {}, a.device.name, b.device.name});
    return notes;
}

std::string compare_note_text(const CompareNote& note)
{
    switch (note.kind) {
    case CompareNoteKind::SameFile: return "A and B are the same file";
    case CompareNoteKind::NoResults: return std::string(1, note.side) + " holds no results: nothing to compare";
    case CompareNoteKind::NoCommonCell:
        return "no cell is in both files (a cell is strategy, operation, n, block size, coarse factor, mode and cache; A: " +
               note.a_mode + ", B: " + note.b_mode + ")";
    case CompareNoteKind::TwoGpus:
        return "A ran on " + note.a_device + ", B on " + note.b_device +
               ": the verdicts compare two GPUs, not two versions of the code";
    }
    return {};
}

std::vector<std::string> compare_notes(const ResultsFile& a, const ResultsFile& b, const std::vector<CompareRow>& rows)
{
    std::vector<std::string> lines;
    for (const CompareNote& n : compare_note_list(a, b, rows))
        lines.push_back(compare_note_text(n));
    return lines;
}

std::string compare_text(const std::vector<CompareRow>& rows, double k, double min_change)
{
    std::ostringstream out;
    out << "Rule (after nvbench's compare script): change = (B - A) / A of the median times; limit = max("
        << fixed(k, 2) << "·(noise A + noise B), " << fixed(100 * min_change, 2)
        << "%); FAST when change < -limit, SLOW when above +limit, else SAME. Noise: the recorded relative MAD (r), "
           "else (max - min) / (2·median) (s).\n";
    std::size_t width = 4;
    for (const CompareRow& r : rows)
        width = std::max(width, r.cell.size());
    auto pad = [](std::string s, std::size_t w) {
        if (s.size() < w)
            s.append(w - s.size(), ' ');
        return s;
    };
    auto noise = [](const std::optional<double>& v, NoiseSource s) {
        return v ? fixed(100 * *v, 2) + "%" + (s == NoiseSource::Recorded ? "r" : "s") : std::string{"-"};
    };
    out << pad("cell", width) << "  " << pad("A µs", 10) << "  " << pad("B µs", 10) << "  " << pad("change", 9) << "  "
        << pad("noise A", 8) << "  " << pad("noise B", 8) << "  verdict\n";
    int fast = 0, slow = 0, same = 0;
    for (const CompareRow& r : rows) {
        fast += r.verdict == Verdict::Fast;
        slow += r.verdict == Verdict::Slow;
        same += r.verdict == Verdict::Same;
        out << pad(r.cell, width) << "  " << pad(r.a_ms ? fixed(*r.a_ms * 1000, 3) : "-", 10) << "  "
            << pad(r.b_ms ? fixed(*r.b_ms * 1000, 3) : "-", 10) << "  "
            << pad(r.change ? (*r.change >= 0 ? "+" : "") + fixed(100 * *r.change, 2) + "%" : "-", 9) << "  "
            << pad(noise(r.a_noise, r.a_source), 8) << "  " << pad(noise(r.b_noise, r.b_source), 8) << "  "
            << verdict_name(r.verdict) << (r.why.empty() ? "" : " (" + r.why + ")") << '\n';
    }
    out << fast << " FAST, " << slow << " SLOW, " << same << " SAME of " << rows.size() << (rows.size() == 1 ? " cell\n" : " cells\n");
    return out.str();
}

} // namespace reducescope::bench
