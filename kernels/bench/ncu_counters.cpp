// SPDX-License-Identifier: GPL-3.0-or-later
// Nsight Compute counters beside the model (ncu_counters.h, ncu_counters_json.h).
#include "bench/ncu_counters.h"

#include "bench/json_fields.h"
#include "bench/ncu_counters_json.h"
#include "bench/reference.h"
#include "model/catalogue.h"
#include "model/message.h"
#include "model/simulate.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <regex>
#include <sstream>
#include <stdexcept>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

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

/// `text` with every byte that is not part of a well-formed UTF-8 sequence (Unicode 15, table
/// 3-7: no overlong forms, no surrogates, nothing above U+10FFFF) replaced by U+FFFD. ncu's
/// fields end up in JSON, and nlohmann::json refuses to write ill-formed UTF-8 (it throws
/// type_error 316 from dump(): found by tests/fuzz/fuzz_ncu_csv).
std::string valid_utf8(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        if (const std::size_t len = model::utf8_sequence(text, i)) {
            out.append(text.substr(i, len));
            i += len;
        } else {
            out += "\xEF\xBF\xBD";
            ++i;
        }
    }
    return out;
}

std::string strategy_of(const std::string& kernel)
{
    for (const std::string_view s : counter_strategies()) {
        const std::string name = std::string{model::find_strategy(s)->kernels} + "<";
        for (std::size_t pos = kernel.find(name); pos != std::string::npos; pos = kernel.find(name, pos + 1))
            if (pos == 0 || !(std::isalnum(static_cast<unsigned char>(kernel[pos - 1])) || kernel[pos - 1] == '_'))
                return std::string{s};
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
        std::size_t used = 0;
        const double v = std::stod(t, &used);
        if (used == t.size())
            return v;
    } catch (const std::exception&) {
    }
    return std::numeric_limits<double>::quiet_NaN();  // "n/a" and the like: not a figure
}

/// An unlinked temporary file open for reading and writing (closed on exec), or -1.
int temp_fd()
{
    std::error_code ec;
    std::filesystem::path dir = std::filesystem::temp_directory_path(ec);
    if (ec)
        dir = "/tmp";
    std::string name = (dir / "reducescope-ncu-XXXXXX").string();
    const int fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd >= 0)
        ::unlink(name.c_str());
    return fd;
}

/// The whole content of `fd` from its start, at most `limit` bytes.
std::string read_all(int fd, std::size_t limit)
{
    std::string out;
    if (::lseek(fd, 0, SEEK_SET) < 0)
        return out;
    char buf[65536];
    while (out.size() < limit) {
        const ssize_t got = ::read(fd, buf, sizeof buf);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        out.append(buf, static_cast<std::size_t>(got));
    }
    if (out.size() > limit)
        out.resize(limit);
    return out;
}

std::vector<std::string_view> lines_of(std::string_view text)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view l = text.substr(start, end - start);
        while (!l.empty() && (l.back() == '\r' || l.back() == ' '))
            l.remove_suffix(1);
        if (!l.empty())
            out.push_back(l);
        start = end + 1;
    }
    return out;
}

/// The line of ncu's output that says what went wrong: its first ==ERROR== line, else a "No
/// kernels were profiled" note, else the last line of stderr, else of stdout. One line, capped.
std::string ncu_note(const ProgramRun& run)
{
    std::string_view pick;
    for (const std::string* text : {&run.out, &run.err})
        for (const std::string_view l : lines_of(*text))
            if (pick.empty() && l.find("==ERROR==") != std::string_view::npos)
                pick = l;
    for (const std::string* text : {&run.out, &run.err})
        for (const std::string_view l : lines_of(*text))
            if (pick.empty() && l.find("No kernels were profiled") != std::string_view::npos)
                pick = l;
    for (const std::string* text : {&run.err, &run.out})
        if (const auto ls = lines_of(*text); pick.empty() && !ls.empty())
            pick = ls.back();
    if (pick.empty())
        return "(ncu printed nothing)";
    std::string note = model::one_line(pick);
    constexpr std::size_t kMax = 400;
    if (note.size() > kMax) {
        note.resize(kMax);
        while (!note.empty() && (static_cast<unsigned char>(note.back()) & 0xC0) == 0x80)
            note.pop_back();  // never end inside a UTF-8 sequence
        if (!note.empty() && static_cast<unsigned char>(note.back()) >= 0xC0)
            note.pop_back();
        note += "\xE2\x80\xA6";
    }
    return note;
}

} // namespace

std::vector<std::string_view> counter_strategies()
{
    std::vector<std::string_view> ids;
    for (const model::StrategyInfo& s : model::catalogue())
        if (s.single_block && s.has_model && s.has_kernel)
            ids.push_back(s.id);
    return ids;
}

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
                                       unsigned int block, int device)
{
    std::string metrics, names, ids;
    for (const char* m : kCounterMetrics) {
        if (!metrics.empty())
            metrics += ',';
        metrics += m;
    }
    for (const std::string_view s : counter_strategies()) {
        if (!ids.empty()) {
            names += '|';
            ids += ',';
        }
        names += s;
        ids += s;
    }
    // The single-block kernels are named <id>_reduce_sum (tests/kernels/model/tst_catalogue.cpp holds them to it).
    std::string regex = "regex:(";
    regex += names;
    regex += ")_reduce_sum";
    // --print-units base: counts as plain numbers (no "K"-scaled values in the CSV).
    std::vector<std::string> argv{ncu,   "--clock-control", "none", "--csv", "--print-units", "base", "--metrics",
                                  metrics, "-k", regex, cli, "bench", "--n", std::to_string(n), "--block-size",
                                  std::to_string(block), "--reps", "1", "--warmup", "0", "--mode", "per-launch",
                                  "--strategies", ids};
    if (device != 0) {
        argv.push_back("--device");
        argv.push_back(std::to_string(device));
    }
    return argv;
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
            return it != col.end() && it->second < f.size() ? valid_utf8(f[it->second]) : std::string{};
        };
        const double id_value = number(at("ID"));
        const int id = std::isfinite(id_value) && std::fabs(id_value) < 1e9 ? static_cast<int>(id_value) : -1;
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

std::vector<CounterKernel> counter_kernels(const std::vector<ProfiledLaunch>& launches,
                                           const std::map<std::string, model::Trace>& model_traces)
{
    std::vector<CounterKernel> out;
    for (const std::string_view sv : counter_strategies()) {
        const std::string s{sv};
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
        CounterKernel k;
        k.strategy = s;
        k.kernel = first->kernel;
        k.block_size = first->block_size;
        k.grid_size = first->grid_size;
        k.launches = count;
        k.all_launches_equal = equal;
        for (const auto& [metric, value] : first->metrics)
            if (std::isfinite(value))  // a value ncu gave as text ("n/a") is left out, never 0
                k.hardware[metric] = value;
        if (const auto it = model_traces.find(s); it != model_traces.end())
            k.model = model_counters(it->second).get<std::map<std::string, long long>>();
        out.push_back(std::move(k));
    }
    return out;
}

nlohmann::json counters_json(const std::vector<ProfiledLaunch>& launches,
                             const std::map<std::string, model::Trace>& model_traces)
{
    Counters c;
    c.array_form = true;
    c.kernels = counter_kernels(launches, model_traces);
    return to_json(c);
}

ProgramRun run_program(const std::vector<std::string>& argv)
{
    ProgramRun r;
    if (argv.empty() || argv.front().empty()) {
        r.spawn_error = "no program given";
        return r;
    }
    const int out_fd = temp_fd();
    const int err_fd = out_fd < 0 ? -1 : temp_fd();
    if (out_fd < 0 || err_fd < 0) {
        r.spawn_error = std::string{"cannot create a temporary file: "} + std::strerror(errno);
        if (out_fd >= 0)
            ::close(out_fd);
        return r;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out_fd, 1);  // dup2 clears close-on-exec on 1 and 2
    posix_spawn_file_actions_adddup2(&actions, err_fd, 2);
    std::vector<char*> args;
    for (const std::string& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int rc = ::posix_spawn(&pid, argv.front().c_str(), &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) {
        r.spawn_error = std::strerror(rc);
    } else {
        int status = 0;
        pid_t done = -1;
        do
            done = ::waitpid(pid, &status, 0);
        while (done < 0 && errno == EINTR);
        if (done < 0)
            r.spawn_error = std::string{"waitpid: "} + std::strerror(errno);
        else if (WIFEXITED(status))
            r.exit_code = WEXITSTATUS(status);
        else if (WIFSIGNALED(status))
            r.exit_code = 128 + WTERMSIG(status);
        constexpr std::size_t kLimit = std::size_t{64} << 20;
        r.out = read_all(out_fd, kLimit);
        r.err = read_all(err_fd, kLimit);
    }
    ::close(out_fd);
    ::close(err_fd);
    return r;
}

CountersOutcome collect_counters(const std::string& cli, int device)
{
    CountersOutcome o;
    Counters& c = o.counters;
    c.n = kCounterN;
    c.block_size = kCounterBlock;
    c.seed = kDefaultSeed;
    c.device = device;
    c.metrics.emplace(std::begin(kCounterMetrics), std::end(kCounterMetrics));
    auto end = [&](CountersStatus status, std::string message) {
        o.status = status;
        o.message = std::move(message);
        c.status = status;
        c.message = o.message;
        o.json = to_json(c);
        return o;
    };

    if (cli.empty())
        return end(CountersStatus::Error, "no reducescope-cli to profile (empty path)");
    const std::string ncu = find_on_path("ncu");
    if (ncu.empty())
        return end(CountersStatus::Skipped, "ncu (Nsight Compute) was not found on the PATH: hardware counters skipped");
    const std::vector<std::string> argv = ncu_arguments(ncu, cli, kCounterN, kCounterBlock, device);
    c.ncu = ncu;
    c.command = argv;
    const ProgramRun run = run_program(argv);
    if (!run.spawn_error.empty())
        return end(CountersStatus::Error, "cannot run ncu (" + model::one_line(ncu) + "): " + run.spawn_error);
    c.exit_code = run.exit_code;
    if (run.exit_code != 0)
        return end(CountersStatus::Error, "ncu exited with code " + std::to_string(run.exit_code) + ": " + ncu_note(run));

    std::vector<ProfiledLaunch> launches;
    try {
        launches = parse_ncu_csv(run.out);
    } catch (const std::exception& e) {
        return end(CountersStatus::Error, std::string{"ncu printed no counters ("} + e.what() + "): " + ncu_note(run));
    }

    const std::vector<float> input = make_input(kCounterN, kDefaultSeed, 0);
    model::Params params;
    params.block_size = static_cast<int>(kCounterBlock);
    std::map<std::string, model::Trace> traces;
    for (const std::string_view s : counter_strategies())
        traces[std::string{s}] = model::simulate(s, input, params);
    c.kernels = counter_kernels(launches, traces);

    // Every strategy present, with a number for every metric.
    std::string missing;
    std::map<std::string, std::string> no_number;  // metric -> strategies
    for (const std::string_view sv : counter_strategies()) {
        const std::string s{sv};
        const auto k = std::find_if(c.kernels.begin(), c.kernels.end(),
                                    [&](const CounterKernel& x) { return x.strategy == s; });
        if (k == c.kernels.end()) {
            missing += missing.empty() ? s : std::string{", "} + s;
            continue;
        }
        for (const char* m : kCounterMetrics)
            if (!k->hardware.count(m))
                no_number[m] += no_number[m].empty() ? s : std::string{", "} + s;
    }
    if (!missing.empty())
        return end(CountersStatus::Error, "ncu's CSV has no launch of " + missing);
    if (!no_number.empty()) {
        std::string what;
        for (const auto& [m, ss] : no_number)
            what += (what.empty() ? "" : "; ") + m + " (" + ss + ")";
        return end(CountersStatus::Error, "ncu's CSV has no number for " + what);
    }
    return end(CountersStatus::Ok, "");
}

// ---- the "counters" object of a results file: the one writer and the one reader -------------

std::string_view counters_status_name(CountersStatus s)
{
    switch (s) {
    case CountersStatus::Ok: return "ok";
    case CountersStatus::Skipped: return "skipped";
    case CountersStatus::Error: return "error";
    }
    return "";
}

int CounterKernel::block_threads() const
{
    // ncu prints "(512, 1, 1)"; a plain "512" is accepted too.
    static const std::regex form(R"(^\(?\s*(\d{1,4})\s*(,\s*1\s*,\s*1\s*)?\)?$)");
    std::smatch m;
    if (!std::regex_match(block_size, m, form))
        return 0;
    return std::stoi(m[1].str());
}

namespace {

nlohmann::json kernel_json(const CounterKernel& k)
{
    nlohmann::json j = {{"strategy", k.strategy},
                        {"kernel", k.kernel},
                        {"block_size", k.block_size},
                        {"grid_size", k.grid_size},
                        {"launches", k.launches},
                        {"hardware_all_launches_equal", k.all_launches_equal},
                        {"hardware", nlohmann::json::object()}};
    for (const auto& [metric, value] : k.hardware)
        j["hardware"][metric] = value;
    j["model"] = k.model ? nlohmann::json(*k.model) : nlohmann::json(nullptr);
    fields::add_unknown_members(j, k.extra);
    return j;
}

constexpr std::size_t kMaxCounterKernels = 1000;
constexpr std::size_t kMaxCounterMetrics = 200;
constexpr long long kMaxCount = fields::kNoMax;  // 2^53: counts a double holds exactly

CounterKernel read_kernel(const nlohmann::json& v, const std::string& p)
{
    using namespace fields;
    expect_object(v, p);
    CounterKernel k;
    const nlohmann::json* id = fetch(v, "strategy", p, Need::Required, "a strategy id with a step model");
    const model::StrategyInfo* info = id->is_string() ? model::find_strategy(id->get<std::string>()) : nullptr;
    if (!info || !info->has_model)
        fail(join(p, "strategy"), "expected a strategy id with a step model, e.g. shared, got " + describe(*id));
    k.strategy = id->get<std::string>();
    k.kernel = string(v, "kernel", p, Need::Optional).value_or("");
    const nlohmann::json* block = fetch(v, "block_size", p, Need::Required, "a block size");
    k.block_size = block->is_string() ? block->get<std::string>()
                   : block->is_number_integer() ? std::to_string(block->get<long long>())
                                                : std::string{};
    const int b = k.block_threads();
    if (b < 1 || b > 1024 || (b & (b - 1)) != 0)
        fail(join(p, "block_size"), "expected a power of two in 1..1024, as a number or as ncu prints it, "
                                    "\"(512, 1, 1)\", got " + describe(*block));
    if (const nlohmann::json* grid = fetch(v, "grid_size", p, Need::Optional, "a string")) {
        if (grid->is_string())
            k.grid_size = grid->get<std::string>();
        else if (grid->is_number_integer())
            k.grid_size = std::to_string(grid->get<long long>());
        else
            fail(join(p, "grid_size"), "expected a string as ncu prints it, \"(1, 1, 1)\", got " + describe(*grid));
    }
    k.launches = static_cast<int>(*integer(v, "launches", p, Need::Required, 1, 1000000));
    k.all_launches_equal = boolean(v, "hardware_all_launches_equal", p, Need::Optional).value_or(true);
    const nlohmann::json* hw = object(v, "hardware", p, Need::Required);
    if (hw->size() > kMaxCounterMetrics)
        fail(join(p, "hardware"), std::to_string(hw->size()) + " metrics, over the limit of " +
                                      std::to_string(kMaxCounterMetrics));
    for (auto it = hw->begin(); it != hw->end(); ++it) {
        // The metrics read are counts (.sum of events): whole numbers, at most 2^53.
        const double d = it->is_number() ? it->get<double>() : -1;
        if (!(d >= 0) || !(d <= static_cast<double>(kMaxCount)) || d != std::floor(d))
            fail(join(join(p, "hardware"), key_name(it.key())),
                 "expected a whole number in 0..2^53 (a count), got " + describe(*it));
        k.hardware[it.key()] = d;
    }
    if (const nlohmann::json* m = object(v, "model", p, Need::Optional)) {
        if (m->size() > kMaxCounterMetrics)
            fail(join(p, "model"), std::to_string(m->size()) + " figures, over the limit of " +
                                       std::to_string(kMaxCounterMetrics));
        std::map<std::string, long long> figures;
        for (auto it = m->begin(); it != m->end(); ++it)
            figures[it.key()] = integer_value(*it, join(join(p, "model"), key_name(it.key())), 0, kMaxCount);
        k.model = std::move(figures);
    }
    k.extra = unknown_members(v, {"strategy", "kernel", "block_size", "grid_size", "launches",
                                  "hardware_all_launches_equal", "hardware", "model"});
    return k;
}

} // namespace

nlohmann::json to_json(const Counters& c)
{
    nlohmann::json kernels = nlohmann::json::array();
    for (const CounterKernel& k : c.kernels)
        kernels.push_back(kernel_json(k));
    if (c.array_form)
        return kernels;
    nlohmann::json j;
    if (c.status)
        j["status"] = counters_status_name(*c.status);
    j["message"] = c.message;
    j["ncu"] = c.ncu ? nlohmann::json(*c.ncu) : nlohmann::json(nullptr);
    j["command"] = c.command ? nlohmann::json(*c.command) : nlohmann::json(nullptr);
    j["exit_code"] = c.exit_code ? nlohmann::json(*c.exit_code) : nlohmann::json(nullptr);
    j["n"] = c.n;
    if (c.block_size)
        j["block_size"] = *c.block_size;
    if (c.seed)
        j["seed"] = *c.seed;
    if (c.device)
        j["device"] = *c.device;
    if (c.metrics)
        j["metrics"] = *c.metrics;
    j["kernels"] = std::move(kernels);
    fields::add_unknown_members(j, c.extra);
    return j;
}

Counters counters_from_json(const nlohmann::json& value, const std::string& path, std::optional<long long> params_n)
{
    using namespace fields;
    Counters c;
    const nlohmann::json* list = &value;
    std::string list_path = path;
    if (value.is_array()) {
        c.array_form = true;
        if (!params_n)
            fail("params.n", "missing (the array form of " + path + " takes its n from params.n)");
        c.n = *params_n;
    } else if (value.is_object()) {
        if (const auto s = one_of(value, "status", path, Need::Optional, {"ok", "skipped", "error"}))
            c.status = *s == "ok" ? CountersStatus::Ok : *s == "skipped" ? CountersStatus::Skipped : CountersStatus::Error;
        c.message = string(value, "message", path, Need::Optional).value_or("");
        c.ncu = string(value, "ncu", path, Need::Optional);
        c.command = strings(value, "command", path, Need::Optional);
        if (const auto code = integer(value, "exit_code", path, Need::Optional, -1, 255))
            c.exit_code = static_cast<int>(*code);
        c.n = *integer(value, "n", path, Need::Required, 1, 1LL << 34);
        c.block_size = integer(value, "block_size", path, Need::Optional, 1, 1024);
        c.seed = unsigned64(value, "seed", path, Need::Optional);
        if (const auto d = integer(value, "device", path, Need::Optional, 0, 1024))
            c.device = static_cast<int>(*d);
        c.metrics = strings(value, "metrics", path, Need::Optional);
        list = array(value, "kernels", path, Need::Required, kMaxCounterKernels);
        list_path = join(path, "kernels");
        c.extra = unknown_members(value, {"status", "message", "ncu", "command", "exit_code", "n", "block_size",
                                          "seed", "device", "metrics", "kernels"});
    } else {
        fail(path, "expected an object (or an array of profiled kernels), got " + describe(value));
    }
    if (list->size() > kMaxCounterKernels)
        fail(list_path, std::to_string(list->size()) + " profiled kernels, over the limit of " +
                            std::to_string(kMaxCounterKernels));
    for (std::size_t i = 0; i < list->size(); ++i) {
        const std::string where = at(list_path, i);
        c.kernels.push_back(read_kernel((*list)[i], where));
        // One entry per strategy: with two, a reader could not say which one to show.
        for (std::size_t k = 0; k + 1 < c.kernels.size(); ++k)
            if (c.kernels[k].strategy == c.kernels.back().strategy)
                fail(join(where, "strategy"), c.kernels.back().strategy + " is already in entry " + std::to_string(k) +
                                                  " (one entry per strategy)");
    }
    return c;
}

} // namespace reducescope::bench
