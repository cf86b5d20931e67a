// SPDX-License-Identifier: GPL-3.0-or-later
// Nsight Compute counters beside the model (ncu_counters.h).
#include "bench/ncu_counters.h"

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <stdexcept>

namespace reducescope::bench {
namespace {

/// Splits one CSV line of ncu's output ("a","b",...; quotes doubled inside fields).
std::vector<std::string> csv_fields(std::string_view line)
{
    std::vector<std::string> out;
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"')
                quoted = false;
            else
                field += c;
        } else if (c == '"')
            quoted = true;
        else if (c == ',') {
            out.push_back(field);
            field.clear();
        } else if (c != '\r')
            field += c;
    }
    out.push_back(field);
    return out;
}

std::string strategy_of(const std::string& kernel)
{
    for (const char* s : kCounterStrategies) {
        const std::string name = std::string{s} + "_reduce_sum<";
        for (std::size_t pos = kernel.find(name); pos != std::string::npos; pos = kernel.find(name, pos + 1))
            if (pos == 0 || !(std::isalnum(static_cast<unsigned char>(kernel[pos - 1])) || kernel[pos - 1] == '_'))
                return s;
    }
    return {};
}

double number(const std::string& text)
{
    std::string t;
    for (char c : text)
        if (c != ',' && c != ' ')
            t += c;
    try {
        return std::stod(t);
    } catch (const std::exception&) {
        return 0;
    }
}

} // namespace

std::string find_on_path(std::string_view program)
{
    const char* path = std::getenv("PATH");
    if (!path)
        return {};
    std::stringstream dirs{std::string{path}};
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        if (dir.empty())
            continue;
        const std::filesystem::path p = std::filesystem::path{dir} / program;
        std::error_code ec;
        if (std::filesystem::is_regular_file(p, ec) &&
            (std::filesystem::status(p, ec).permissions() & std::filesystem::perms::owner_exec) !=
                std::filesystem::perms::none)
            return p.string();
    }
    return {};
}

std::vector<std::string> ncu_arguments(const std::string& ncu, const std::string& cli, unsigned int n,
                                       unsigned int block)
{
    std::string metrics, names, ids;
    for (const char* m : kCounterMetrics) {
        if (!metrics.empty())
            metrics += ',';
        metrics += m;
    }
    for (const char* s : kCounterStrategies) {
        if (!ids.empty()) {
            names += '|';
            ids += ',';
        }
        names += s;
        ids += s;
    }
    std::string regex = "regex:(";
    regex += names;
    regex += ")_reduce_sum";
    return {ncu, "--clock-control", "none", "--csv", "--metrics", metrics, "-k", regex, cli, "bench",
            "--n", std::to_string(n), "--block-size", std::to_string(block), "--reps", "1", "--warmup", "0",
            "--mode", "per-launch", "--strategies", ids};
}

std::vector<ProfiledLaunch> parse_ncu_csv(std::string_view text)
{
    std::vector<ProfiledLaunch> out;
    std::map<std::string, std::size_t> col;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = text.substr(start, end - start);
        start = end + 1;
        if (line.empty() || line.front() != '"')
            continue;  // the profiled program's output, ==PROF== / ==WARNING== notes
        const std::vector<std::string> f = csv_fields(line);
        if (col.empty()) {
            if (f.empty() || f[0] != "ID")
                continue;
            for (std::size_t i = 0; i < f.size(); ++i)
                col[f[i]] = i;
            for (const char* need : {"ID", "Kernel Name", "Metric Name", "Metric Value"})
                if (!col.count(need))
                    throw std::runtime_error(std::string{"ncu CSV: no \""} + need + "\" column");
            continue;
        }
        auto at = [&](const char* name) -> std::string {
            const auto it = col.find(name);
            return it != col.end() && it->second < f.size() ? f[it->second] : std::string{};
        };
        const int id = static_cast<int>(number(at("ID")));
        if (out.empty() || out.back().id != id) {
            ProfiledLaunch l;
            l.id = id;
            l.kernel = at("Kernel Name");
            l.strategy = strategy_of(l.kernel);
            l.block_size = at("Block Size");
            l.grid_size = at("Grid Size");
            out.push_back(std::move(l));
        }
        out.back().metrics[at("Metric Name")] = number(at("Metric Value"));
    }
    if (col.empty())
        throw std::runtime_error("ncu CSV: no header line (\"ID\",...) found");
    return out;
}

nlohmann::json model_counters(const model::Trace& t)
{
    long long ld = 0, st = 0, ld_extra = 0, st_extra = 0;
    for (const model::Step& s : t.steps)
        for (const model::SharedAccess& a : s.shared_accesses) {
            (a.kind == model::AccessKind::Read ? ld : st) += a.wavefronts;
            (a.kind == model::AccessKind::Read ? ld_extra : st_extra) += a.wavefronts - 1;
        }
    return {{"divergent_warp_steps", t.totals.divergent_warp_steps},
            {"shared_ld_wavefronts", ld},
            {"shared_st_wavefronts", st},
            {"extra_shared_ld_wavefronts", ld_extra},
            {"extra_shared_st_wavefronts", st_extra}};
}

nlohmann::json counters_json(const std::vector<ProfiledLaunch>& launches,
                             const std::map<std::string, model::Trace>& model_traces)
{
    nlohmann::json out = nlohmann::json::array();
    for (const char* s : kCounterStrategies) {
        const ProfiledLaunch* first = nullptr;
        int count = 0;
        bool equal = true;
        for (const ProfiledLaunch& l : launches) {
            if (l.strategy != s)
                continue;
            ++count;
            if (!first)
                first = &l;
            else if (l.metrics != first->metrics)
                equal = false;
        }
        if (!first)
            continue;
        nlohmann::json k = {{"strategy", s},
                            {"kernel", first->kernel},
                            {"block_size", first->block_size},
                            {"grid_size", first->grid_size},
                            {"launches", count},
                            {"hardware_all_launches_equal", equal},
                            {"hardware", first->metrics}};
        const auto it = model_traces.find(s);
        k["model"] = it == model_traces.end() ? nlohmann::json(nullptr) : model_counters(it->second);
        out.push_back(std::move(k));
    }
    return out;
}

} // namespace reducescope::bench
