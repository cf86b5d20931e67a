// SPDX-License-Identifier: GPL-3.0-or-later
// `bench`, `devices`, `selftest`: the real kernels on the GPU (docs/results-format.md).
#include "cli/commands.h"
#include "model/message.h"
#include "cli/multi_gpu_command.h"

#include "bench/clocks.h"
#include "bench/ncu_counters.h"
#include "bench/plan.h"
#include "bench/reference.h"
#include "bench/results.h"
#include "bench/stats.h"
#include "bench/stopping.h"
#include "bench/table.h"
#include "model/catalogue.h"
#include "reducescope/config.h"

#if defined(REDUCESCOPE_WITH_CUDA_KERNELS)
#include "cli/gpu_errors.h"
#include "cuda/reduce_api.h"
#endif

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cstdio>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#ifndef REDUCESCOPE_GIT_COMMIT
#define REDUCESCOPE_GIT_COMMIT ""
#endif

namespace reducescope::cli {
namespace {
namespace b = reducescope::bench;
using nlohmann::json;

constexpr std::size_t kDefaultN = std::size_t{1} << 20;

/// Parsed and validated `bench` arguments.
struct BenchArgs {
    std::string n_text = "1048576";
    std::string sweep_n;
    std::string strategies = "all";
    int reps = 100;
    int warmup = 10;
    int batches = 5;
    std::string mode = "loop";
    std::string cache = "hot";
    std::string block_sizes = "256";
    std::string coarse_factors = "4";
    std::uint64_t seed = b::kDefaultSeed;
    int device = 0;
    std::string json_file;
    int gpus = 1;  ///< --gpus K (kernels/cli/cli_multi_gpu.cpp); used only when given
    bool counters = false;  ///< --counters: ncu's counters of the single-block kernels (ncu_counters.h)
    bool table = false;     ///< --table: a text table on stdout instead of JSON lines (bench/table.h)
    /// The stopping rule (bench/stopping.h): --min-samples, --min-time, --max-noise (in %),
    /// --timeout; used when --reps is not given. With --reps, exactly that many samples.
    b::StopCriteria stop;
    std::string min_samples_text, min_time_text, max_noise_text, timeout_text;
    bool reps_given = false;
    // as typed (strict decimal, parsed in resolve); whether --sweep-n / --json were given at all
    std::string reps_text = "100", warmup_text = "10", batches_text = "5", seed_text, device_text = "0", gpus_text;
    bool sweep_given = false, json_given = false, seed_given = false, gpus_given = false;
    // resolved
    std::vector<std::size_t> sizes;
    std::vector<unsigned int> blocks, coarse;
    std::vector<std::string> ids;
};

struct SelftestArgs {
    std::size_t max_n = (std::size_t{1} << 24) + 3;
    std::string max_n_text;
    std::string strategies = "all";
    std::string block_sizes = "32,128,256,1024";
    std::string coarse_factors = "1,4,16";
    std::uint64_t seed = b::kDefaultSeed;
    int device = 0;
    std::string seed_text, device_text = "0";
};

std::string range_text(std::size_t lo, std::size_t hi) { return std::to_string(lo) + ".." + std::to_string(hi); }

std::size_t parse_n(const std::string& flag, const std::string& text)
{
    const auto v = b::parse_size(text);
    if (!v || *v < 1 || *v > b::kMaxN)
        throw BadInput{flag + " must be in " + range_text(1, b::kMaxN) + " (got " + echo(text) + ")"};
    return *v;
}

/// A strict decimal integer option (no sign, hex, octal or exponent) in lo..hi.
std::uint64_t parse_int_option(const std::string& flag, const std::string& text, std::uint64_t lo, std::uint64_t hi,
                               const std::string& note = {})
{
    const auto v = parse_decimal_in(text, lo, hi);
    if (!v)
        throw BadInput{flag + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) + note + " (got " +
                       (text.empty() ? std::string{"''"} : echo(text)) + ")"};
    return *v;
}

/// --json: a file that can be written, checked before anything runs and without creating it
/// (an existing file is left as it is until the whole result set replaces it).
void check_json_path(const std::string& path)
{
    namespace fs = std::filesystem;
    const std::string head = "--json must be a writable file path (got ";
    if (path.empty())
        throw BadInput{head + "'')"};
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (fs::exists(st)) {
        if (fs::is_directory(st))
            throw BadInput{head + echo(path) + ": a directory)"};
        if (::access(path.c_str(), W_OK) != 0)
            throw BadInput{head + echo(path) + ": " + std::strerror(errno) + ")"};
        return;
    }
    fs::path dir = fs::path{path}.parent_path();
    if (dir.empty())
        dir = ".";
    if (!fs::is_directory(dir, ec))
        throw BadInput{head + echo(path) + ": no such directory)"};
    if (::access(dir.c_str(), W_OK | X_OK) != 0)
        throw BadInput{head + echo(path) + ": " + std::strerror(errno) + ")"};
}

std::vector<unsigned int> parse_pow2_list(const std::string& flag, const std::string& text, unsigned int lo,
                                          unsigned int hi)
{
    std::vector<unsigned int> v;
    try {
        v = b::parse_uint_list(text);
    } catch (const std::invalid_argument&) {
        throw BadInput{flag + " must be a power of two in " + range_text(lo, hi) + " (got " +
                       (text.empty() ? std::string{"''"} : echo(text)) + ")"};
    }
    for (const unsigned int x : v)
        if (x < lo || x > hi || !b::is_power_of_two(x))
            throw BadInput{flag + " must be a power of two in " + range_text(lo, hi) + " (got " + std::to_string(x) + ")"};
    return v;
}

std::vector<std::string> parse_ids(const std::string& text)
{
    try {
        return b::parse_strategies(text);
    } catch (const std::invalid_argument& e) {
        throw BadInput{std::string{"--strategies: "} + e.what()};  // e.what() echoes through echo()
    }
}

std::string number_text(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

/// A decimal number option (digits, at most one '.') in lo..hi.
double parse_real_option(const std::string& flag, const std::string& text, double lo, double hi, const char* unit)
{
    auto fail = [&] {
        return BadInput{flag + " must be a number in " + number_text(lo) + ".." + number_text(hi) + unit +
                        " (got " + (text.empty() ? std::string{"''"} : echo(text)) + ")"};
    };
    if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789.") != std::string::npos ||
        std::count(text.begin(), text.end(), '.') > 1 || text == ".")
        throw fail();
    const double v = std::strtod(text.c_str(), nullptr);
    if (!(v >= lo && v <= hi))
        throw fail();
    return v;
}

/// The stopping options (issue 16). `--reps` keeps its old meaning, a fixed count; the adaptive
/// rule's options cannot be combined with it (one line says so).
void resolve_stopping(BenchArgs& a)
{
    const bool any = !a.min_samples_text.empty() || !a.min_time_text.empty() || !a.max_noise_text.empty() ||
                     !a.timeout_text.empty();
    if (any && a.reps_given)
        throw BadInput{"--reps fixes the number of samples; --min-samples, --min-time, --max-noise and --timeout "
                       "apply only without it"};
    if (!a.min_samples_text.empty())
        a.stop.min_samples = static_cast<int>(parse_int_option("--min-samples", a.min_samples_text, 3, 100000));
    if (!a.min_time_text.empty())
        a.stop.min_time_s = parse_real_option("--min-time", a.min_time_text, 0.0, 600.0, " s");
    if (!a.max_noise_text.empty())
        a.stop.max_noise = parse_real_option("--max-noise", a.max_noise_text, 0.0, 100.0, " %") / 100.0;
    if (!a.timeout_text.empty())
        a.stop.timeout_s = parse_real_option("--timeout", a.timeout_text, 0.001, 3600.0, " s");
}

void resolve(BenchArgs& a)
{
    // The output file first: a bad path fails before anything else is checked or run.
    if (a.json_given)
        check_json_path(a.json_file);
    if (a.sweep_given) {
        if (a.sweep_n.empty())
            throw BadInput{"--sweep-n must be sizes in " + range_text(1, b::kMaxN) +
                           ", e.g. 1K..1G (powers of two) or 1000,4096 (got '')"};
        try {
            a.sizes = b::parse_sizes(a.sweep_n);
        } catch (const std::invalid_argument& e) {
            throw BadInput{std::string{"--sweep-n: "} + e.what()};
        }
        for (const std::size_t n : a.sizes)
            if (n < 1 || n > b::kMaxN)
                throw BadInput{"--sweep-n sizes must be in " + range_text(1, b::kMaxN) + " (got " + std::to_string(n) + ")"};
    } else {
        a.sizes = {parse_n("--n", a.n_text)};
    }
    a.blocks = parse_pow2_list("--block-size", a.block_sizes, 32, 1024);
    a.coarse = parse_pow2_list("--coarse-factor", a.coarse_factors, 1, 64);
    const int lists = (a.sizes.size() > 1) + (a.blocks.size() > 1) + (a.coarse.size() > 1);
    if (lists > 1)
        throw BadInput{"only one of --sweep-n, --block-size, --coarse-factor may list several values (the sweep)"};
    a.reps = static_cast<int>(parse_int_option("--reps", a.reps_text, 1, 100000));
    a.warmup = static_cast<int>(parse_int_option("--warmup", a.warmup_text, 0, 10000));
    a.batches = static_cast<int>(parse_int_option("--batches", a.batches_text, 1, 1000));
    if (a.mode != "per-launch" && a.mode != "loop" && a.mode != "graph")
        throw BadInput{"--mode must be per-launch, loop or graph (got " + echo(a.mode) + ")"};
    if (a.cache != "hot" && a.cache != "cold")
        throw BadInput{"--cache must be hot or cold (got " + echo(a.cache) + ")"};
    a.device = static_cast<int>(parse_int_option("--device", a.device_text, 0, 63));
    if (!a.seed_text.empty() || a.seed_given)
        a.seed = parse_int_option("--seed", a.seed_text, 0, std::numeric_limits<std::uint64_t>::max());
    if (a.gpus_given)
        a.gpus = static_cast<int>(parse_int_option("--gpus", a.gpus_text, 1, 64, " (at most the number of CUDA devices)"));
    if (a.counters && a.gpus_given)
        throw BadInput{"--counters cannot be combined with --gpus (the counters are taken on one GPU: --device)"};
    a.ids = parse_ids(a.strategies);
    resolve_stopping(a);
}

std::string now_utc()
{
    const std::time_t t = std::time(nullptr);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
    return buf;
}

std::string commit()
{
    if (const char* env = std::getenv("REDUCESCOPE_COMMIT"); env && *env)
        return env;
    return REDUCESCOPE_GIT_COMMIT[0] ? REDUCESCOPE_GIT_COMMIT : "unknown";
}

void emit(const json& j)
{
    std::cout << j.dump() << '\n';
    std::cout.flush();
}

int no_cuda_build()
{
    std::cerr << "reducescope-cli: this build has no CUDA kernels (nvcc was not found when it was configured)\n";
    return kNoDevice;
}

#if defined(REDUCESCOPE_WITH_CUDA_KERNELS)
namespace g = reducescope::gpu;

json device_json(const g::DeviceInfo& d)
{
    return {{"index", d.index},
            {"name", d.name},
            {"compute_capability", std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor)},
            {"sms", d.sms},
            {"l2_bytes", d.l2_bytes},
            {"memory_bytes", d.memory_bytes},
            {"memory_clock_khz", d.memory_clock_khz},
            {"memory_bus_bits", d.memory_bus_bits},
            {"sm_clock_khz", d.sm_clock_khz},
            {"peak_bandwidth_gbs", d.peak_bandwidth_gbs},
            {"driver_version", d.driver_version},
            {"runtime_version", d.runtime_version},
            {"cooperative_launch", d.cooperative_launch},
            {"pci_bus_id", d.pci_bus_id}};
}

g::Mode to_mode(const std::string& m)
{
    return m == "per-launch" ? g::Mode::PerLaunch : m == "graph" ? g::Mode::Graph : g::Mode::Loop;
}

bool needs_dot(const std::vector<std::string>& ids)
{
    return std::any_of(ids.begin(), ids.end(), [](const std::string& s) { return s.rfind("dot_", 0) == 0; });
}

bool needs_partials(const std::vector<std::string>& ids)
{
    return std::any_of(ids.begin(), ids.end(), [](const std::string& s) { return s == "two_pass" || s == "grid_sync"; });
}

/// Everything about one benchmark invocation on the GPU.
class BenchRun {
public:
    BenchRun(const BenchArgs& a, std::string command) : m_args(a), m_command(std::move(command)) {}

    int run()
    {
        const auto t0 = std::chrono::steady_clock::now();
        const auto devices = g::list_devices();  // NoDevice -> 77
        if (m_args.device >= static_cast<int>(devices.size()))
            throw BadInput{"--device must be in 0.." + std::to_string(devices.size() - 1) + " (got " +
                           std::to_string(m_args.device) + ")"};
        const g::DeviceInfo& dev = devices[static_cast<std::size_t>(m_args.device)];
        const std::size_t capacity = *std::max_element(m_args.sizes.begin(), m_args.sizes.end());
        g::Needs needs;
        needs.dot = needs_dot(m_args.ids);
        needs.partials = needs_partials(m_args.ids);
        needs.cold = m_args.cache == "cold";
        const std::size_t need = g::bytes_needed(capacity, needs, dev.l2_bytes);
        if (need > static_cast<std::size_t>(dev.free_bytes))
            throw g::OutOfMemory{capacity, need, static_cast<std::size_t>(dev.free_bytes)};

        if (!m_args.json_file.empty())
            check_json_path(m_args.json_file);  // without creating it: no empty file on a failure path
        const auto x = b::make_input(capacity, m_args.seed, 0);
        const auto y = needs.dot ? b::make_input(capacity, m_args.seed, 1) : std::vector<float>{};
        // Held in an optional so that it (its device memory) is gone before ncu runs a second process.
        std::optional<g::Runner> runner_holder;
        runner_holder.emplace(m_args.device, x, y, needs);
        g::Runner& runner = *runner_holder;

        g::Timing timing;
        timing.mode = to_mode(m_args.mode);
        timing.cache = needs.cold ? g::Cache::Cold : g::Cache::Hot;
        timing.reps = m_args.reps;
        timing.warmup = m_args.warmup;
        timing.batches = m_args.batches;
        timing.adaptive = !m_args.reps_given;
        timing.stop = m_args.stop;
        const std::string clocks_source = setup_clocks(dev, timing);

        const auto points = b::plan_runs(m_args.ids, m_args.sizes, m_args.blocks, m_args.coarse);
        // Ceilings at every size (same mode and cache state as the kernels).
        std::map<std::size_t, json> ceiling_at;
        for (const std::size_t n : m_args.sizes)
            ceiling_at[n] = measure_ceilings(runner, n, timing, needs.dot);
        auto gbs = [&](std::size_t n, const char* key) -> std::optional<double> {
            const json& c = ceiling_at[n];
            return c.contains(key) && c.at(key).is_number() ? std::optional{c.at(key).get<double>()} : std::nullopt;
        };

        json params = {{"n", capacity},
                       {"reps", m_args.reps},
                       {"warmup", m_args.warmup},
                       {"batches", m_args.batches},
                       {"mode", m_args.mode},
                       {"cache", m_args.cache},
                       {"block_size", m_args.blocks.front()},
                       {"coarse_factor", m_args.coarse.front()},
                       {"seed", m_args.seed},
                       {"strategies", m_args.ids},
                       {"sweep", nullptr},
                       {"tolerance_c", b::kToleranceC},
                       {"output_reset", [] {
                            const char* v = std::getenv("REDUCESCOPE_RESET");
                            return std::string{v && *v ? v : "kernel"};
                        }()},
                       {"stopping", stopping_json(timing)},
                       {"clocks", clocks_source},
                       {"cold", m_args.cache == "cold" ? cold_text(dev) : std::string{}}};
        if (m_args.sizes.size() > 1)
            params["sweep"] = {{"param", "n"}, {"values", m_args.sizes}};
        else if (m_args.blocks.size() > 1)
            params["sweep"] = {{"param", "block_size"}, {"values", m_args.blocks}};
        else if (m_args.coarse.size() > 1)
            params["sweep"] = {{"param", "coarse_factor"}, {"values", m_args.coarse}};
        const json ceilings = ceiling_at[capacity];
        json doc = {{"schema", "reducescope-results"},
                    {"version", 1},
                    {"tool", {{"name", "reducescope-cli"}, {"version", REDUCESCOPE_VERSION}, {"commit", commit()}}},
                    {"date", now_utc()},
                    {"command", m_command},
                    {"device", device_json(dev)},
                    {"params", params},
                    {"ceilings", ceilings},
                    {"results", json::array()}};
        line({{"type", "start"},
              {"total", points.size()},
              {"device", doc["device"]},
              {"params", params},
              {"ceilings", ceilings}});

        int failures = 0;
        // Baseline medians per (n, block, coarse, operation) for the speed-ups.
        std::map<std::tuple<std::size_t, unsigned, unsigned>, double> cpu_ms, cub_sum_ms, cub_max_ms, single_pass_ms;
        for (std::size_t i = 0; i < points.size(); ++i) {
            const b::RunPoint& p = points[i];
            line({{"type", "progress"}, {"index", i}, {"total", points.size()}, {"strategy", p.strategy}, {"n", p.n}});
            b::Result r = run_point(runner, p, x, y, timing);
            const auto key = std::make_tuple(p.n, p.block_size, p.coarse_factor);
            if (r.status == b::Status::Ok && r.time_ms) {
                if (p.strategy == "cpu")
                    cpu_ms[key] = r.time_ms->median;
                else if (p.strategy == "cub")
                    (p.max ? cub_max_ms : cub_sum_ms)[key] = r.time_ms->median;
                else if (p.strategy == "cub_single_pass")
                    single_pass_ms[key] = r.time_ms->median;
            }
            auto lookup = [&](auto& m) -> std::optional<double> {
                if (auto it = m.find(key); it != m.end())
                    return it->second;
                return std::nullopt;
            };
            const auto cub = r.operation == "max" ? lookup(cub_max_ms) : lookup(cub_sum_ms);
            // The dot products read two arrays: their ceiling reads two (8 bytes per element).
            const auto ceiling = r.operation == "dot" ? gbs(p.n, "read_dot_gbs") : gbs(p.n, "read_gbs");
            b::set_speeds(r, dev.peak_bandwidth_gbs, ceiling, lookup(cpu_ms), cub);
            b::set_baseline_speedups(r, cub, r.operation == "sum" ? lookup(single_pass_ms) : std::nullopt);
            if (r.status == b::Status::Wrong || r.status == b::Status::Error)
                ++failures;
            json j = b::to_json(r);
            doc["results"].push_back(j);
            j["type"] = "result";
            line(j);
        }
        int code = failures ? kFailure : kOk;
        json done = {{"type", "done"}, {"elapsed_s", 0.0}, {"failures", failures}};
        if (m_args.counters) {
            runner_holder.reset();
            const b::CountersOutcome c = collect_counters();
            doc["counters"] = c.json;
            done["counters"] = c.json;
            if (c.status != b::CountersStatus::Ok)
                std::cerr << "reducescope-cli: --counters: " << c.message << '\n';
            if (c.status == b::CountersStatus::Error)
                code = kFailure;  // asked for and not obtained; a missing ncu is only skipped
        }
        done["elapsed_s"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!m_args.json_file.empty()) {
            std::ofstream f{m_args.json_file};
            f << doc.dump(1) << '\n';
            if (!f)
                throw std::runtime_error("cannot write " + echo(m_args.json_file));
        }
        line(done);
        if (m_args.table)
            std::cout << b::format_table(doc) << std::flush;
        return code;
    }

private:
    /// A JSON line on stdout, unless --table asked for the table instead.
    void line(const json& j) const
    {
        if (!m_args.table)
            emit(j);
    }

    /// NVML for this device (bench/clocks.h): installs Timing::read_clocks and remembers the
    /// maximum clocks. Returns params.clocks: "nvml" or "unavailable: <why>".
    std::string setup_clocks(const g::DeviceInfo& dev, g::Timing& timing)
    {
        m_nvml = std::make_unique<b::Nvml>(dev.pci_bus_id, dev.index);
        if (!m_nvml->available())
            return "unavailable: " + m_nvml->why_not();
        m_max_clocks = m_nvml->max();
        const b::Nvml* nvml = m_nvml.get();
        timing.read_clocks = [nvml] {
            const b::Clocks c = nvml->current();
            return g::ClockReading{c.sm_mhz, c.mem_mhz};
        };
        return "nvml";
    }

    /// params.stopping: the rule every cell used (docs/results-format.md).
    static json stopping_json(const g::Timing& t)
    {
        return {{"rule", t.adaptive ? "adaptive" : "fixed"},
                {"fixed_reps", t.adaptive ? json(nullptr) : json(t.reps)},
                {"min_samples", t.stop.min_samples},
                {"min_time_s", t.stop.min_time_s},
                {"max_noise", t.stop.max_noise},
                {"timeout_s", t.stop.timeout_s},
                {"min_batch_us", t.min_batch_us}};
    }

    /// params.cold: how cold repetitions are made in this mode (reduce_api.h, Cache).
    std::string cold_text(const g::DeviceInfo& dev) const
    {
        const std::string l2 = std::to_string(dev.l2_bytes >> 20) + " MiB L2";
        if (m_args.mode == "per-launch")
            return "a " + std::to_string(2 * dev.l2_bytes >> 20) + " MiB buffer read before each repetition, untimed (" +
                   l2 + ")";
        return "input copies totalling >= 2x the " + l2 + " take turns (rotate); in-place kernels and small N read a " +
               std::to_string(2 * dev.l2_bytes >> 20) + " MiB buffer before each repetition instead (flush_read, "
               "subtracted)";
    }

    /// The ceilings at one N (same mode and cache state as the kernels): the strongest read-only
    /// kernel (and its shape), the same over x and y for the dot products, the device copy, and
    /// the empty kernel, with the read ceiling's bandwidth net of the empty kernel's time.
    json measure_ceilings(g::Runner& runner, std::size_t n, const g::Timing& timing, bool dot)
    {
        auto gbs_of = [](double bytes, double ms) { return ms > 0 ? bytes / (ms * 1e-3) / 1e9 : 0.0; };
        const g::CeilingResult read = runner.read_ceiling(n, timing);
        const double read_ms = b::summarize(read.samples_ms).median;
        const double copy_ms = b::summarize(runner.copy_ceiling_ms(n, timing)).median;
        if (m_empty_ms < 0)
            m_empty_ms = b::summarize(runner.empty_kernel_ms(timing)).median;
        json c = {{"read_gbs", gbs_of(4.0 * n, read_ms)},
                  {"copy_gbs", gbs_of(8.0 * n, copy_ms)},
                  {"read_kernel", read.shape},
                  {"read_shapes_tried", read.shapes_tried},
                  {"read_noise", read.noise},
                  {"read_us", read_ms * 1e3},
                  {"empty_kernel_us", m_empty_ms * 1e3},
                  {"read_net_gbs", read_ms > m_empty_ms ? json(gbs_of(4.0 * n, read_ms - m_empty_ms)) : json(nullptr)}};
        if (dot) {
            const g::CeilingResult two = runner.read_ceiling(n, timing, true);
            c["read_dot_gbs"] = gbs_of(8.0 * n, b::summarize(two.samples_ms).median);
            c["read_dot_kernel"] = two.shape;
        }
        return c;
    }

    std::unique_ptr<b::Nvml> m_nvml;
    b::Clocks m_max_clocks;
    double m_empty_ms = -1;

    /// ncu on a child of this very executable (/proc/self/exe), single-block kernels at 1024.
    b::CountersOutcome collect_counters() const
    {
        std::error_code ec;
        const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
        if (ec) {
            b::CountersOutcome c = b::collect_counters("", m_args.device);  // an error, runs nothing
            c.message = "cannot find this program's own path (/proc/self/exe: " + ec.message() + ")";
            c.json["status"] = "error";
            c.json["message"] = c.message;
            return c;
        }
        return b::collect_counters(self.string(), m_args.device);
    }

    b::Result run_point(g::Runner& runner, const b::RunPoint& p, const std::vector<float>& x,
                        const std::vector<float>& y, const g::Timing& timing)
    {
        const auto* info = model::find_strategy(p.strategy);
        b::Result r;
        r.strategy = p.strategy;
        r.family = std::string{b::family_key(info->family)};
        r.n = p.n;
        r.block_size = static_cast<int>(p.block_size);
        r.coarse_factor = static_cast<int>(p.coarse_factor);
        r.mode = m_args.mode;
        r.cache = m_args.cache;
        const bool dot = p.strategy.rfind("dot_", 0) == 0;
        const bool is_max = p.strategy == "coarsened_max" || p.max;
        r.operation = dot ? "dot" : is_max ? "max" : "sum";
        r.bytes_read = static_cast<long long>((dot ? 8 : 4) * p.n);
        const std::span<const float> xs{x.data(), p.n};
        const b::Reference ref = dot ? b::reference_dot(xs, std::span<const float>{y.data(), p.n}) : b::reference(xs);
        const double expect = is_max ? ref.max : ref.sum;
        r.reference = expect;
        r.tolerance = is_max ? 0.0 : b::sum_tolerance(p.n, ref.abs_sum);

        if (p.strategy == "cpu") {
            r.kernel = "cpu_sum (sequential float64)";
            const int reps = static_cast<int>(std::clamp<std::size_t>((std::size_t{1} << 27) / p.n, 3, m_args.reps));
            std::vector<double> ms;
            double value = 0;
            for (int k = 0; k < reps; ++k) {
                const auto s = std::chrono::steady_clock::now();
                value = b::cpu_sum(xs);
                ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - s).count());
            }
            r.result = value;
            r.abs_error = std::fabs(value - expect);
            r.status = b::classify(true, value, expect, *r.tolerance, false);
            r.time_ms = b::summarize(ms);
            r.samples = reps;
            return r;
        }
        g::KernelSpec spec{p.strategy, p.max, p.block_size, p.coarse_factor};
        const g::RunResult run = runner.run(spec, p.n, timing);
        r.kernel = run.kernel;
        r.grid_size = run.grid;
        r.in_place = run.in_place;
        if (run.status == g::RunResult::Status::Skipped) {
            r.status = b::Status::Skipped;
            r.message = run.message;
            return r;
        }
        if (run.status == g::RunResult::Status::Failed) {
            r.status = b::Status::Error;
            r.message = run.message;
            return r;
        }
        r.result = run.value;
        r.abs_error = std::fabs(run.value - expect);
        r.status = b::classify(run.output_written, run.value, expect, *r.tolerance, info->expected_wrong);
        if (!run.output_written)
            r.message = "the output still holds the poison: the kernel did not write it";
        else if (r.status == b::Status::ExpectedWrong)
            r.message = r.abs_error <= *r.tolerance ? "expected wrong (lost updates), but this run happened to match"
                                                    : "expected wrong: lost updates";
        else if (r.status == b::Status::Wrong)
            r.message = "outside tolerance";
        if (r.message.empty())
            r.message = run.message;
        r.time_ms = b::summarize(run.samples_ms);
        r.samples = static_cast<int>(run.samples_ms.size());
        r.subtracted_ms = run.subtracted_ms;
        add_measurement(r, run, expect, info->expected_wrong);
        return r;
    }

    /// Issue 16's fields of a GPU result: noise and stop rule, clocks, cold method, and the check
    /// of the output after the timed work (a wrong value there, or self_reset's counters out of
    /// step, makes the result wrong).
    void add_measurement(b::Result& r, const g::RunResult& run, double expect, bool expected_wrong) const
    {
        if (!run.samples_ms.empty()) {
            r.noise = run.noise;
            r.stop_rule = run.stop_rule;
            r.noisy = run.noise > m_args.stop.max_noise;
            r.gpu_time_s = run.gpu_time_s;
            r.reps_per_sample = run.reps_per_sample;
            r.host_enqueue_us = run.host_enqueue_us;
        }
        r.cold_method = run.cold_method;
        r.cold_buffers = run.cold_buffers;
        r.sm_mhz_before = run.clocks_before.sm_mhz;
        r.sm_mhz_after = run.clocks_after.sm_mhz;
        r.mem_mhz_before = run.clocks_before.mem_mhz;
        r.mem_mhz_after = run.clocks_after.mem_mhz;
        r.sm_max_mhz = m_max_clocks.sm_mhz;
        r.mem_max_mhz = m_max_clocks.mem_mhz;
        r.low_clock = b::clocks_low({run.clocks_before.sm_mhz, run.clocks_before.mem_mhz},
                                    {run.clocks_after.sm_mhz, run.clocks_after.mem_mhz}, m_max_clocks);
        if (!run.checked_after || expected_wrong)
            return;
        r.checked_after_timing = true;
        r.result_after_timing = run.value_after;
        if (r.status != b::Status::Ok)
            return;
        if (b::classify_after_timing(run.after_written, run.value_after, expect, *r.tolerance) != b::Status::Ok) {
            r.status = b::Status::Wrong;
            r.message = run.after_written ? "the output after the timed repetitions is wrong (" +
                                                number_text(run.value_after) + "; the first launch was right)"
                                          : "the timed repetitions did not write the output";
        } else if (!run.counters_error.empty()) {
            r.status = b::Status::Wrong;
            r.message = run.counters_error;
        }
    }

    BenchArgs m_args;
    std::string m_command;
};

int run_selftest(const SelftestArgs& a)
{
    const std::vector<std::size_t> all_sizes{1, 2, 3, 31, 32, 33, 1000, 1023, 1024, 1025,
                                             std::size_t{1} << 20, (std::size_t{1} << 20) + 7,
                                             (std::size_t{1} << 24) + 3};
    std::vector<std::size_t> sizes;
    for (const std::size_t n : all_sizes)
        if (n <= a.max_n)
            sizes.push_back(n);
    const auto ids = parse_ids(a.strategies);
    const auto blocks = parse_pow2_list("--block-sizes", a.block_sizes, 32, 1024);
    const auto coarse = parse_pow2_list("--coarse-factors", a.coarse_factors, 1, 64);
    const auto devices = g::list_devices();
    if (a.device >= static_cast<int>(devices.size()))
        throw BadInput{"--device must be in 0.." + std::to_string(devices.size() - 1) + " (got " + std::to_string(a.device) + ")"};
    const std::size_t capacity = sizes.empty() ? 1 : sizes.back();
    g::Needs needs;
    needs.dot = needs_dot(ids);
    needs.partials = needs_partials(ids);
    const auto x = b::make_input(capacity, a.seed, 0);
    const auto y = needs.dot ? b::make_input(capacity, a.seed, 1) : std::vector<float>{};
    g::Runner runner{a.device, x, y, needs};
    g::Timing verify_only;
    verify_only.reps = 0;
    int runs = 0, ok = 0, wrong = 0, errors = 0, skipped = 0, race_lost = 0, race_runs = 0;
    for (const std::size_t n : sizes) {
        const std::span<const float> xs{x.data(), n};
        const b::Reference ref = b::reference(xs);
        const b::Reference dref = needs.dot ? b::reference_dot(xs, std::span<const float>{y.data(), n}) : b::Reference{};
        for (const auto& id : ids) {
            if (id == "cpu")
                continue;
            const bool uses_c = id == "coarsened" || id == "coarsened_max" || id == "block_reduce" ||
                                id == "two_pass" || id == "grid_sync" || id == "vectorized" || id == "self_reset" ||
                                id == "dot_coarsened" || id == "dot_fma";
            const std::vector<unsigned int> cs = uses_c ? coarse : std::vector<unsigned int>{4};
            for (const unsigned int bs : blocks)
                for (const unsigned int c : cs)
                    for (const bool mx : id == "cub" ? std::vector<bool>{false, true} : std::vector<bool>{false}) {
                        ++runs;
                        const auto run = runner.run({id, mx, bs, c}, n, verify_only);
                        const bool dot = id.rfind("dot_", 0) == 0;
                        const bool is_max = id == "coarsened_max" || mx;
                        const b::Reference& r = dot ? dref : ref;
                        const double expect = is_max ? r.max : r.sum;
                        const double tol = is_max ? 0.0 : b::sum_tolerance(n, r.abs_sum);
                        const std::string where = id + (mx ? " (max)" : "") + " n=" + std::to_string(n) +
                                                  " block=" + std::to_string(bs) + " coarse=" + std::to_string(c);
                        if (run.status == g::RunResult::Status::Skipped) {
                            ++skipped;
                            continue;
                        }
                        if (run.status == g::RunResult::Status::Failed) {
                            ++errors;
                            std::cout << "ERROR " << where << ": " << run.message << '\n';
                            continue;
                        }
                        if (id == "race") {
                            ++race_runs;
                            race_lost += !(run.output_written && std::fabs(run.value - expect) <= tol);
                            continue;
                        }
                        const auto st = b::classify(run.output_written, run.value, expect, tol, false);
                        if (st == b::Status::Ok) {
                            ++ok;
                        } else {
                            ++wrong;
                            std::cout << "WRONG " << where << ": got " << run.value << ", expected " << expect
                                      << " (tolerance " << tol << (run.output_written ? "" : ", output not written")
                                      << ")\n";
                        }
                    }
        }
    }
    // self_reset's epochs: thousands of back-to-back launches on the same counters, in a loop and
    // replayed from a CUDA graph; the output after the last one and the counters must be right.
    if (std::find(ids.begin(), ids.end(), "self_reset") != ids.end() && !sizes.empty()) {
        const std::size_t n = sizes.back() >= (std::size_t{1} << 20) ? std::size_t{1} << 20 : sizes.back();
        const b::Reference ref = b::reference(std::span<const float>{x.data(), n});
        const double tol = b::sum_tolerance(n, ref.abs_sum);
        for (const g::Mode mode : {g::Mode::Loop, g::Mode::Graph}) {
            g::Timing stress;
            stress.mode = mode;
            stress.warmup = 0;
            stress.reps = mode == g::Mode::Loop ? 5000 : 4000;
            stress.batches = mode == g::Mode::Loop ? 1 : 4;  // graph: 4 replays of 1000 launches
            ++runs;
            const auto run = runner.run({"self_reset", false, 256, 4}, n, stress);
            const std::string where = std::string{"self_reset back-to-back, "} +
                                      (mode == g::Mode::Loop ? "5000 launches in a loop" : "4 x 1000 launches in a graph") +
                                      ", n=" + std::to_string(n);
            const bool ok_after = run.status == g::RunResult::Status::Ran && run.checked_after &&
                                  b::classify_after_timing(run.after_written, run.value_after, ref.sum, tol) == b::Status::Ok &&
                                  run.counters_error.empty();
            if (ok_after) {
                ++ok;
            } else if (run.status == g::RunResult::Status::Failed) {
                ++errors;
                std::cout << "ERROR " << where << ": " << run.message << '\n';
            } else {
                ++wrong;
                std::cout << "WRONG " << where << ": after the launches got " << run.value_after << ", expected "
                          << ref.sum << " (tolerance " << tol << ")" << (run.counters_error.empty() ? "" : "; ")
                          << run.counters_error << '\n';
            }
        }
    }
    std::cout << "selftest on " << devices[static_cast<std::size_t>(a.device)].name << ": " << runs << " runs, "
              << ok << " ok, " << wrong << " wrong, " << errors << " errors, " << skipped << " skipped; race "
              << "(expected wrong) lost updates in " << race_lost << " of " << race_runs << " runs\n";
    return wrong || errors ? kFailure : kOk;
}
#endif

std::string join_args(int argc, char** argv)
{
    std::string s = "reducescope-cli";
    for (int i = 1; i < argc; ++i)
        s += std::string{" "} + argv[i];
    return s;
}

} // namespace

void register_bench_commands(CLI::App& app, int& exit_code)
{
    // ---- bench ----
    auto args = std::make_shared<BenchArgs>();
    CLI::App* bench = app.add_subcommand("bench", "Time the CUDA kernels against a float64 reference (JSON lines)");
    bench->add_option("--n", args->n_text, "Elements (1.." + std::to_string(b::kMaxN) + "; 1K, 4M, 1G, 2^20 accepted)");
    CLI::Option* sweep_opt = bench->add_option("--sweep-n", args->sweep_n, "Sizes to sweep, e.g. 1K..1G (powers of two) or 1000,4096");
    bench->add_option("--strategies", args->strategies, "Comma list of strategy ids, or all");
    CLI::Option* reps_opt = bench->add_option("--reps", args->reps_text,
        "Timed repetitions (1..100000): a fixed count of samples (per-launch) or of repetitions in --batches "
        "batches (loop, graph). Without it, each cell samples until --min-samples, --min-time and --max-noise "
        "are met or --timeout passes")->type_name("UINT");
    bench->add_option("--min-samples", args->min_samples_text, "Without --reps: at least this many samples per cell (3..100000; default 10)")->type_name("UINT");
    bench->add_option("--min-time", args->min_time_text, "Without --reps: at least this much GPU time per cell, seconds (0..600; default 0.5)")->type_name("SECONDS");
    bench->add_option("--max-noise", args->max_noise_text, "Without --reps: stop once the noise (median absolute deviation / median) is at most this, % (0..100; default 0.5); cells above it are flagged")->type_name("PERCENT");
    bench->add_option("--timeout", args->timeout_text, "Without --reps: stop a cell after this much wall-clock time even if noisy, seconds (0.001..3600; default 5)")->type_name("SECONDS");
    bench->add_flag("--table", args->table, "Print a text table on stdout instead of JSON lines (noise, stop rule, cache state and flags in every row)");
    bench->add_option("--warmup", args->warmup_text, "Untimed repetitions first (0..10000)")->type_name("UINT");
    bench->add_option("--batches", args->batches_text, "loop/graph: the reps run as this many timed batches (1..1000)")->type_name("UINT");
    bench->add_option("--mode", args->mode, "per-launch | loop | graph");
    bench->add_option("--cache", args->cache, "hot | cold (loop, graph: input copies > 2x L2 take turns; per-launch, in-place kernels, small N: the L2 flushed by reading before each repetition)");
    bench->add_option("--block-size", args->block_sizes, "Threads per block, power of two 32..1024 (a list sweeps)");
    bench->add_option("--coarse-factor", args->coarse_factors, "Coarse factor, power of two 1..64 (a list sweeps)");
    CLI::Option* seed_opt = bench->add_option("--seed", args->seed_text, "Seed of the random input (0..18446744073709551615)")->type_name("UINT");
    bench->add_option("--device", args->device_text, "CUDA device index (0..63)")->type_name("UINT");
    CLI::Option* json_opt = bench->add_option("--json", args->json_file, "Write the whole result set to this file");
    CLI::Option* gpus = bench->add_option("--gpus", args->gpus_text, "Multi-GPU: reduce over 1..K GPUs through NCCL and p2p")->type_name("UINT");
    bench->add_flag("--counters", args->counters,
                    "Also run Nsight Compute (ncu, from the PATH) on the single-block kernels at 1024 elements and "
                    "put its counters beside the model's into the results (docs/hardware-counters.md)");
    bench->callback([args, gpus, sweep_opt, seed_opt, json_opt, reps_opt, &exit_code] {
        args->sweep_given = sweep_opt->count() > 0;
        args->reps_given = reps_opt->count() > 0;
        args->seed_given = seed_opt->count() > 0;
        args->json_given = json_opt->count() > 0;
        args->gpus_given = gpus->count() > 0;
        resolve(*args);
        if (gpus->count() > 0) {
            exit_code = run_multi_gpu_bench({args->gpus, args->sizes, args->blocks, args->coarse, args->strategies,
                                             args->reps, args->warmup, args->batches, args->mode, args->cache,
                                             args->seed, args->json_file});
            return;
        }
#if defined(REDUCESCOPE_WITH_CUDA_KERNELS)
        // The command line as typed is not available here; rebuild it from the parsed options.
        std::string cmd = "reducescope-cli bench";
        if (!args->sweep_n.empty())
            cmd += " --sweep-n " + args->sweep_n;
        else
            cmd += " --n " + args->n_text;
        cmd += " --strategies " + args->strategies;
        if (args->reps_given)
            cmd += " --reps " + std::to_string(args->reps);
        else
            cmd += " --min-samples " + std::to_string(args->stop.min_samples) + " --min-time " +
                   number_text(args->stop.min_time_s) + " --max-noise " + number_text(100.0 * args->stop.max_noise) +
                   " --timeout " + number_text(args->stop.timeout_s);
        cmd += " --warmup " + std::to_string(args->warmup) + " --batches " + std::to_string(args->batches) + " --mode " +
               args->mode + " --cache " + args->cache + " --block-size " + args->block_sizes + " --coarse-factor " +
               args->coarse_factors + " --seed " + std::to_string(args->seed);
        if (!args->json_file.empty())
            cmd += " --json " + args->json_file;
        if (args->counters)
            cmd += " --counters";
        if (args->table)
            cmd += " --table";
        try {
            exit_code = map_gpu_errors([&] { BenchRun run{*args, cmd}; return run.run(); },
                                       [](const std::string& m) { emit({{"type", "error"}, {"message", m}}); });
        } catch (const std::bad_alloc&) {
            std::cerr << "reducescope-cli: not enough host memory for the input of " << args->sizes.back()
                      << " floats\n";
            exit_code = kBadInput;
        } catch (const std::runtime_error& e) {  // e.g. the --json file cannot be written
            emit({{"type", "error"}, {"message", e.what()}});
            std::cerr << "reducescope-cli: " << e.what() << '\n';
            exit_code = kFailure;
        }
#else
        exit_code = no_cuda_build();
#endif
    });

    // ---- devices ----
    auto devices_json = std::make_shared<bool>(false);
    CLI::App* devices = app.add_subcommand("devices", "List the CUDA devices");
    devices->add_flag("--json", *devices_json, "One JSON array instead of text");
    devices->callback([devices_json, &exit_code] {
#if defined(REDUCESCOPE_WITH_CUDA_KERNELS)
        exit_code = map_gpu_errors([&] {
            const auto list = g::list_devices();
            if (*devices_json) {
                json a = json::array();
                for (const auto& d : list)
                    a.push_back(device_json(d));
                std::cout << a.dump(1) << '\n';
            } else {
                for (const auto& d : list)
                    std::cout << d.index << ": " << d.name << ", compute capability " << d.cc_major << '.'
                              << d.cc_minor << ", " << d.sms << " SMs, " << (d.memory_bytes >> 20) << " MiB ("
                              << (d.free_bytes >> 20) << " free), L2 " << (d.l2_bytes >> 20) << " MiB, peak "
                              << d.peak_bandwidth_gbs << " GB/s, driver " << d.driver_version << ", runtime "
                              << d.runtime_version << (d.cooperative_launch ? ", cooperative launch" : "") << '\n';
            }
            return int(kOk);
        });
#else
        exit_code = no_cuda_build();
#endif
    });

    // ---- selftest ----
    auto st = std::make_shared<SelftestArgs>();
    CLI::App* selftest = app.add_subcommand(
        "selftest", "Run every kernel at N in {1,2,3,31,32,33,1000,1023,1024,1025,2^20,2^20+7,2^24+3} and several "
                    "block sizes against the float64 reference; exit 0 or 1");
    selftest->add_option("--strategies", st->strategies, "Comma list of strategy ids, or all");
    selftest->add_option("--block-sizes", st->block_sizes, "Block sizes, powers of two 32..1024");
    selftest->add_option("--coarse-factors", st->coarse_factors, "Coarse factors, powers of two 1..64");
    CLI::Option* st_seed = selftest->add_option("--seed", st->seed_text, "Seed of the random input (0..18446744073709551615)")->type_name("UINT");
    selftest->add_option("--device", st->device_text, "CUDA device index (0..63)")->type_name("UINT");
    CLI::Option* st_max_n = selftest->add_option("--max-n", st->max_n_text, "Skip the sizes above this (e.g. under compute-sanitizer)");
    selftest->callback([st, st_seed, st_max_n, &exit_code] {
        if (st_max_n->count() > 0)
            st->max_n = parse_n("--max-n", st->max_n_text);
        if (st_seed->count() > 0)
            st->seed = parse_int_option("--seed", st->seed_text, 0, std::numeric_limits<std::uint64_t>::max());
        st->device = static_cast<int>(parse_int_option("--device", st->device_text, 0, 63));
        parse_ids(st->strategies);
        parse_pow2_list("--block-sizes", st->block_sizes, 32, 1024);
        parse_pow2_list("--coarse-factors", st->coarse_factors, 1, 64);
#if defined(REDUCESCOPE_WITH_CUDA_KERNELS)
        exit_code = map_gpu_errors([&] { return run_selftest(*st); });
#else
        exit_code = no_cuda_build();
#endif
    });
    (void)&join_args;
}

} // namespace reducescope::cli
