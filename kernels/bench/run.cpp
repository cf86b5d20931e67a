// SPDX-License-Identifier: GPL-3.0-or-later
// The single-GPU benchmark and the selftest (run.h).
#include "bench/run.h"

#include "bench/clocks.h"
#include "bench/determinism.h"
#include "bench/ncu_counters_json.h"
#include "bench/verify.h"
#include "bench/contract.h"

#include "bench/stats.h"
#include "model/catalogue.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <span>
#include <tuple>

#include <unistd.h>  // getpid

namespace reducescope::bench {
namespace g = reducescope::cuda;

namespace {

/// A double as `std::cout << v` prints it (the selftest's lines).
std::string text_of(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

/// A double as "%g" prints it (messages).
std::string number_text(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

/// What every result of one run is measured against: the noise limit and the device's
/// maximum clocks (NVML; -1 when unknown).
struct MethodContext {
    double max_noise = StopCriteria{}.max_noise;
    Clocks max_clocks;
};

/// NVML for this device (bench/clocks.h): installs Timing::read_clocks and fills the maximum
/// clocks. Returns params.clocks: "nvml" or "unavailable: <why>". `nvml` must outlive the runs.
std::string setup_clocks(const g::DeviceInfo& dev, g::Timing& timing, std::unique_ptr<Nvml>& nvml,
                         MethodContext& ctx)
{
    nvml = std::make_unique<Nvml>(dev.pci_bus_id, dev.index);
    if (!nvml->available())
        return "unavailable: " + nvml->why_not();
    ctx.max_clocks = nvml->max();
    const Nvml* n = nvml.get();
    timing.read_clocks = [n] {
        const ClockState c = n->state();
        return g::ClockReading{c.clocks.sm_mhz, c.clocks.mem_mhz, c.event_reasons, c.temperature_c, c.power_mw};
    };
    const Clocks max = ctx.max_clocks;
    timing.throttled = [max](const g::ClockReading& r) {
        return clock_throttled(ClockState{{r.sm_mhz, r.mem_mhz}, r.event_reasons, r.temperature_c, r.power_mw}, max);
    };
    return "nvml";
}

/// params.stopping: the rule every cell used (docs/results-format.md).
Stopping stopping_record(const g::Timing& t)
{
    Stopping s;
    s.rule = t.adaptive ? "adaptive" : "fixed";
    if (!t.adaptive)
        s.fixed_reps = t.reps;
    s.min_samples = t.stop.min_samples;
    s.min_time_s = t.stop.min_time_s;
    s.max_noise = t.stop.max_noise;
    s.timeout_s = t.stop.timeout_s;
    s.min_batch_us = t.min_batch_us;
    return s;
}

/// params.cold: how cold repetitions are made in this mode (reduce_api.h, Cache).
std::string cold_text(const g::DeviceInfo& dev, const std::string& mode)
{
    const std::string l2 = std::to_string(dev.l2_bytes >> 20) + " MiB L2";
    const std::string flush = std::to_string(2 * dev.l2_bytes >> 20) + " MiB";
    if (mode == "per-launch")
        return "a " + flush + " buffer read before each repetition, untimed (" + l2 + ")";
    return "input copies totalling >= 2x the " + l2 + " take turns (rotate); in-place kernels and small N read a " +
           flush + " buffer before each repetition instead (flush_read, subtracted)";
}

/// The ceilings at one N (same mode and cache state as the kernels): the strongest read-only
/// kernel (and its shape), the same over x and y for the dot products, the device copy, and the
/// empty kernel, with the read ceiling's bandwidth net of the empty kernel's time. `empty_ms`
/// is measured once (< 0: not yet).
/// The read ceiling's winning shapes at one N (one and two arrays), measured again beside each
/// kernel (RunOptions: the ceiling interleaved).
struct CeilingShapes {
    int read = -1;
    int read_dot = -1;
};

Ceilings measure_ceilings(g::Runner& runner, std::size_t n, const g::Timing& timing, bool dot, double& empty_ms,
                          CeilingShapes* shapes = nullptr)
{
    auto gbs_of = [](double bytes, double ms) { return ms > 0 ? bytes / (ms * 1e-3) / 1e9 : 0.0; };
    const g::CeilingResult read = runner.read_ceiling(n, timing);
    if (shapes)
        shapes->read = read.shape_index;
    const double read_ms = summarize(read.samples_ms).median;
    const double copy_ms = summarize(runner.copy_ceiling_ms(n, timing)).median;
    if (empty_ms < 0)
        empty_ms = summarize(runner.empty_kernel_ms(timing)).median;
    Ceilings c;
    c.read_gbs = gbs_of(4.0 * n, read_ms);
    c.copy_gbs = gbs_of(8.0 * n, copy_ms);
    c.read_kernel = read.shape;
    c.read_shapes_tried = read.shapes_tried;
    c.read_noise = read.noise;
    c.read_us = read_ms * 1e3;
    c.empty_kernel_us = empty_ms * 1e3;
    if (read_ms > empty_ms)
        c.read_net_gbs = gbs_of(4.0 * n, read_ms - empty_ms);
    if (dot) {
        const g::CeilingResult two = runner.read_ceiling(n, timing, true);
        if (shapes)
            shapes->read_dot = two.shape_index;
        c.read_dot_gbs = gbs_of(8.0 * n, summarize(two.samples_ms).median);
        c.read_dot_kernel = two.shape;
    }
    return c;
}

/// The method fields of a GPU result: noise and stop rule, clocks, cold method, and the check of
/// the output after the timed work (a wrong value there, or self_reset's counters out of step,
/// makes the result wrong).
void add_measurement(Result& r, const g::RunResult& run, double expect, bool expected_wrong, const MethodContext& ctx)
{
    if (!run.samples_ms.empty()) {
        r.noise = run.noise;
        r.stop_rule = run.stop_rule;
        r.noisy = run.noise > ctx.max_noise;
        r.gpu_time_s = run.gpu_time_s;
        r.reps_per_sample = run.reps_per_sample;
        r.short_reps_per_sample = run.short_reps_per_sample;
        r.host_enqueue_us = run.host_enqueue_us;
    }
    r.cold_method = run.cold_method;
    r.cold_buffers = run.cold_buffers;
    r.sm_mhz_before = run.clocks_before.sm_mhz;
    r.sm_mhz_after = run.clocks_after.sm_mhz;
    r.mem_mhz_before = run.clocks_before.mem_mhz;
    r.mem_mhz_after = run.clocks_after.mem_mhz;
    r.sm_max_mhz = ctx.max_clocks.sm_mhz;
    r.mem_max_mhz = ctx.max_clocks.mem_mhz;
    r.low_clock = clocks_low({run.clocks_before.sm_mhz, run.clocks_before.mem_mhz},
                             {run.clocks_after.sm_mhz, run.clocks_after.mem_mhz}, ctx.max_clocks);
    r.clock_readings = run.clocks.readings;
    r.sm_mhz_min = run.clocks.sm_mhz_min;
    r.sm_mhz_max = run.clocks.sm_mhz_max;
    r.temperature_c_max = run.clocks.temperature_c_max;
    r.power_w_max = run.clocks.power_mw_max >= 0 ? run.clocks.power_mw_max / 1000.0 : -1.0;
    r.clock_event_reasons = run.clocks.readings > 0 ? run.clocks.event_reasons : -1;
    r.throttled_readings = run.clocks.throttled_readings;
    r.throttled_dropped = run.clocks.dropped_samples;
    r.blocked_start = run.blocked_start;
    r.block_timeouts = run.block_timeouts;
    if (!run.checked_after || expected_wrong)
        return;
    r.checked_after_timing = true;
    r.result_after_timing = run.value_after;
    if (r.status != Status::Ok)
        return;
    if (classify_after_timing(run.after_written, run.value_after, expect, *r.tolerance) != Status::Ok) {
        r.status = Status::Wrong;
        r.message = run.after_written ? "the output after the timed repetitions is wrong (" +
                                            number_text(run.value_after) + "; the first launch was right)"
                                      : "the timed repetitions did not write the output";
    } else if (!run.counters_error.empty()) {
        r.status = Status::Wrong;
        r.message = run.counters_error;
    }
    // The validation replay: every launch of one batch, each output checked (verify.h).
    if (!run.launch_values.empty()) {
        const LaunchCheck c = check_launches(run.launch_values, run.launch_written, expect, *r.tolerance);
        r.launches_checked = c.checked;
        r.launches_wrong = c.wrong;
        if (c.wrong > 0 && r.status == Status::Ok) {
            r.status = Status::Wrong;
            r.message = std::to_string(c.wrong) + " of " + std::to_string(c.checked) +
                        " launches of the validation replay are wrong (first: launch " + std::to_string(c.first_wrong) +
                        (c.first_unwritten ? ", unwritten)" : ", " + number_text(c.first_wrong_value) + ")");
        }
    }
}

g::Mode to_mode(const std::string& m)
{
    return m == "per-launch" ? g::Mode::PerLaunch : m == "graph" ? g::Mode::Graph : g::Mode::Loop;
}

/// The catalogue entry of an id that parse_strategies() accepted.
const model::StrategyInfo& info_of(const std::string& id) { return *model::find_strategy(id); }

bool is_dot(const std::string& id) { return info_of(id).operation == model::Reduction::Dot; }

bool needs_dot(const std::vector<std::string>& ids) { return std::any_of(ids.begin(), ids.end(), is_dot); }

bool needs_partials(const std::vector<std::string>& ids)
{
    return std::any_of(ids.begin(), ids.end(), [](const std::string& s) { return info_of(s).needs_partials; });
}

const g::DeviceInfo& pick_device(const std::vector<g::DeviceInfo>& devices, int device)
{
    if (device < 0 || device >= static_cast<int>(devices.size()))
        throw BadOption("device", "device must be in 0.." + std::to_string(devices.size() - 1) + " (got " +
                                      std::to_string(device) + ")");
    return devices[static_cast<std::size_t>(device)];
}

/// ncu on a child reducescope-cli (`cli`, or this very executable), single-block kernels at 1024.
CountersOutcome take_counters(const std::string& cli, int device)
{
    if (!cli.empty())
        return collect_counters(cli, device);
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec)
        return collect_counters(self.string(), device);
    CountersOutcome c = collect_counters("", device);  // an error, runs nothing
    c.message = "cannot find this program's own path (/proc/self/exe: " + ec.message() + ")";
    c.counters.message = c.message;
    c.json = to_json(c.counters);
    return c;
}

/// One kernel run (or the CPU baseline) turned into a result, without its speeds.
Result run_point(g::Runner& runner, const RunOptions& o, const RunPoint& p, const std::vector<float>& x,
                 const std::vector<float>& y, const g::Timing& timing, const MethodContext& ctx)
{
    const auto* info = model::find_strategy(p.strategy);
    Result r;
    r.method_fields = true;  // the engine writes the method fields in every result
    r.strategy = p.strategy;
    r.family = std::string{model::family_key(info->family)};
    r.n = p.n;
    r.block_size = static_cast<int>(p.block_size);
    r.coarse_factor = static_cast<int>(p.coarse_factor);
    r.mode = o.mode;
    r.cache = o.cache;
    const bool dot = is_dot(p.strategy);
    const bool is_max = info->operation == model::Reduction::Max || p.max;
    r.operation = dot ? "dot" : is_max ? "max" : "sum";
    r.bytes_read = static_cast<long long>((dot ? 8 : 4) * p.n);
    const std::span<const float> xs{x.data(), p.n};
    const Reference ref = dot ? reference_dot(xs, std::span<const float>{y.data(), p.n}) : reference(xs);
    const double expect = is_max ? ref.max : ref.sum;
    r.reference = expect;
    r.tolerance = is_max ? 0.0 : sum_tolerance(p.n, ref.abs_sum);

    if (runs_on_host(p.strategy)) {  // the CPU baseline
        r.kernel = "cpu_sum (sequential float64)";
        const int reps = static_cast<int>(std::clamp<std::size_t>((std::size_t{1} << 27) / p.n, 3, o.reps));
        std::vector<double> ms;
        double value = 0;
        for (int k = 0; k < reps; ++k) {
            const auto s = std::chrono::steady_clock::now();
            value = cpu_sum(xs);
            ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - s).count());
        }
        r.result = value;
        r.abs_error = std::fabs(value - expect);
        r.status = classify(true, value, expect, *r.tolerance, false);
        r.time_ms = summarize(ms);
        r.samples = reps;
        return r;
    }
    g::KernelSpec spec{p.strategy, p.max, p.block_size, p.coarse_factor};
    const g::RunResult run = runner.run(spec, p.n, timing);
    r.kernel = run.kernel;
    r.grid_size = run.grid;
    r.in_place = run.in_place;
    {
        const Contract k = contract_of(p.strategy, run.grid);
        r.determinism = k.determinism;
        r.caller_keeps = k.caller_keeps;
    }
    if (run.status == g::RunResult::Status::Skipped) {
        r.status = Status::Skipped;
        r.message = run.message;
        return r;
    }
    if (run.status == g::RunResult::Status::Failed) {
        r.status = Status::Error;
        r.message = run.message;
        return r;
    }
    // The tolerance of this kernel's own summation order (verify.h), now that its grid is known:
    // a bound (Higham), not a guess with slack; the exact positive input checks with zero.
    if (!is_max)
        r.tolerance = kernel_tolerance(p.strategy, p.n, p.block_size, p.coarse_factor, run.grid, ref.abs_sum);
    r.result = run.value;
    r.abs_error = std::fabs(run.value - expect);
    r.status = classify(run.output_written, run.value, expect, *r.tolerance, info->expected_wrong);
    if (!run.output_written)
        r.message = "the output still holds the poison: the kernel did not write it";
    else if (r.status == Status::ExpectedWrong)
        r.message = r.abs_error <= *r.tolerance ? "expected wrong (lost updates), but this run happened to match"
                                                : "expected wrong: lost updates";
    else if (r.status == Status::Wrong)
        r.message = "outside tolerance";
    if (r.message.empty())
        r.message = run.message;
    r.time_ms = summarize(run.samples_ms);
    r.samples = static_cast<int>(run.samples_ms.size());
    r.subtracted_ms = run.subtracted_ms;
    add_measurement(r, run, expect, info->expected_wrong, ctx);
    if (o.repeat > 0) {
        // Determinism (`--repeat K`): K separate launches after the timing, on the same input, each
        // with its output poisoned first (and an in-place input restored), read back bit for bit.
        g::Timing once;
        once.reps = 0;
        Repeat rep;
        rep.order = sum_order(*info, run.grid);
        for (int k = 0; k < o.repeat; ++k) {
            const g::RunResult again = runner.run(spec, p.n, once);
            if (again.status != g::RunResult::Status::Ran)
                break;  // a launch that fails now: no repeat (the result keeps its status)
            rep.values.push_back({again.output_written, static_cast<float>(again.value)});
        }
        if (static_cast<int>(rep.values.size()) == o.repeat)
            r.repeat = std::move(rep);
        else if (r.message.empty())
            r.message = "--repeat: a repeated launch failed; no repeat data";
    }
    return r;
}

/// The timing of every kernel run of `o` (cold repetitions where `needs` says so).
g::Timing timing_of(const RunOptions& o, const g::Needs& needs)
{
    g::Timing timing;
    timing.mode = to_mode(o.mode);
    timing.cache = needs.cold ? g::Cache::Cold : g::Cache::Hot;
    timing.reps = o.reps;
    timing.warmup = o.warmup;
    timing.batches = o.batches;
    timing.adaptive = o.adaptive;
    timing.stop = o.stop;
    // REDUCESCOPE_BLOCKING=0: a diagnostic that leaves the blocking kernel out of loop and graph
    // samples (the start event is then recorded by an idle GPU, as before issue 27).
    if (const char* v = std::getenv("REDUCESCOPE_BLOCKING"); v && std::string_view{v} == "0")
        timing.block_start = false;
    // REDUCESCOPE_GRAPH_DIFFERENCE=0: a diagnostic that times graph samples as one replay divided
    // by its repetitions (a replay's fixed cost then in every sample, as before issue 27 part 3).
    if (const char* v = std::getenv("REDUCESCOPE_GRAPH_DIFFERENCE"); v && std::string_view{v} == "0")
        timing.graph_difference = false;
    // REDUCESCOPE_GRAPH_SHORT_PART=2..8: the short graph's share of the batch (1 / part; 4 unset).
    if (const char* v = std::getenv("REDUCESCOPE_GRAPH_SHORT_PART"); v && v[0] >= '2' && v[0] <= '8' && !v[1])
        timing.graph_short_part = v[0] - '0';
    return timing;
}

/// params.sweep: the swept lists (plan.h swept_parameters; the CLI refused any other shape): one,
/// or block size × coarse factor, recorded as a sweep over block size with a second parameter.
std::optional<Sweep> sweep_record(const RunOptions& o)
{
    const auto axis = [&](const std::string& param) {
        SweepAxis a{param, {}};
        if (param == "n")
            a.values.assign(o.sizes.begin(), o.sizes.end());
        else if (param == "block_size")
            a.values.assign(o.block_sizes.begin(), o.block_sizes.end());
        else
            a.values.assign(o.coarse_factors.begin(), o.coarse_factors.end());
        return a;
    };
    const auto swept = swept_parameters(o.sizes.size(), o.block_sizes.size(), o.coarse_factors.size());
    if (swept.empty())
        return std::nullopt;
    SweepAxis first = axis(swept.front());
    Sweep sweep{first.param, first.values};
    if (swept.size() == 2)
        sweep.second = axis(swept[1]);
    return sweep;
}

/// The file's params: what `o` asked for at the largest N (`capacity`), and how it was measured
/// (stop rule, clock source, cold method, the output's reset).
Params params_record(const RunOptions& o, std::size_t capacity, const g::Timing& timing, const std::string& clocks_source,
                     const std::string& cold)
{
    Params p;
    p.n = capacity;
    p.reps = o.reps;
    p.warmup = o.warmup;
    p.batches = o.batches;
    p.mode = o.mode;
    p.cache = o.cache;
    p.block_size = static_cast<int>(o.block_sizes.front());
    p.coarse_factor = static_cast<int>(o.coarse_factors.front());
    p.seed = o.seed;
    p.strategies = o.strategies;
    p.tolerance_c = kToleranceC;
    const char* reset = std::getenv("REDUCESCOPE_RESET");
    p.output_reset = std::string{reset && *reset ? reset : "kernel"};
    p.stopping = stopping_record(timing);
    p.clocks = clocks_source;
    p.cold = cold;
    p.sweep = sweep_record(o);
    return p;
}

/// The exact check of a result that ran right (RunOptions::exact_check): the same kernel on the
/// exact positive input, one validation batch of launches (Timing::check_every_launch; a few
/// timed samples only to size the batch like the real one), every output equal to the reference.
void check_exact(g::Runner& runner, const RunPoint& p, const std::vector<float>& xe, const std::vector<float>& ye,
                 const g::Timing& timing, Result& r)
{
    const auto* info = model::find_strategy(p.strategy);
    if (info->expected_wrong)
        return;
    g::Timing t = timing;
    t.adaptive = false;
    t.reps = std::max(1, r.reps_per_sample) * 2;
    t.batches = 2;
    t.warmup = 1;
    t.read_clocks = nullptr;
    g::KernelSpec spec{p.strategy, p.max, p.block_size, p.coarse_factor};
    const g::RunResult run = runner.run(spec, p.n, t);
    const bool dot = info->operation == model::Reduction::Dot;
    const std::span<const float> xs{xe.data(), p.n};
    const Reference ref = dot ? reference_dot(xs, std::span<const float>{ye.data(), p.n}) : reference(xs);
    const bool is_max = info->operation == model::Reduction::Max || p.max;
    const double expect = is_max ? ref.max : ref.sum;
    if (run.status != g::RunResult::Status::Ran) {
        r.exact_launches_checked = 0;
        return;
    }
    std::vector<double> values = run.launch_values;
    std::vector<bool> written = run.launch_written;
    values.push_back(run.value);  // the verification launch too
    written.push_back(run.output_written);
    const LaunchCheck c = check_launches(values, written, expect, 0.0);
    r.exact_launches_checked = c.checked;
    r.exact_launches_wrong = c.wrong;
    if (c.wrong > 0) {
        r.status = Status::Wrong;
        r.message = std::to_string(c.wrong) + " of " + std::to_string(c.checked) +
                    " launches on the exact positive input are wrong (first: launch " + std::to_string(c.first_wrong) +
                    (c.first_unwritten ? ", unwritten" : ", got " + number_text(c.first_wrong_value)) + ", expected " +
                    number_text(expect) + " exactly)";
    }
}

/// float bits equal (the engine's float32 result against the GPU's).
bool same_bits(double a, double b)
{
    const float fa = static_cast<float>(a), fb = static_cast<float>(b);
    unsigned int ba = 0, bb = 0;
    std::memcpy(&ba, &fa, sizeof ba);
    std::memcpy(&bb, &fb, sizeof bb);
    return ba == bb;
}

/// `kernel bench`'s result (RunOptions::own): the own kernel at n timed like a catalogue kernel
/// (`runner`, input `x`), its launches on the exact positive input (`exact`, input `xe`), the
/// verification launches at kOwnCheckSizes on both inputs, and the engine's value at every
/// checked size up to kOwnEngineMaxN held against the GPU's.
Result run_own_point(g::Runner& runner, g::Runner* exact, const RunOptions& o, std::size_t n,
                     const std::vector<float>& x, const std::vector<float>& xe, const g::Timing& timing,
                     const MethodContext& ctx)
{
    const RunOptions::OwnRun& own = *o.own;
    Result r;
    r.method_fields = true;
    r.strategy = "my_kernel";
    r.family = "own";
    r.n = n;
    r.mode = o.mode;
    r.cache = o.cache;
    r.operation = "sum";
    r.bytes_read = static_cast<long long>(4 * n);
    OwnKernelReport report;
    report.label = own.label;
    report.signature = own.signature;
    report.nvrtc = own.nvrtc;
    const Reference ref = reference(std::span<const float>{x.data(), n});
    r.reference = ref.sum;
    // The kernel's order is unknown: the general bound c (log2 n + 16) u sum|x|; the exact positive
    // input (tolerance 0) is what catches a lost partial.
    r.tolerance = sum_tolerance(n, ref.abs_sum);
    g::KernelSpec spec;
    spec.strategy = "my_kernel";
    spec.own = own.kernel;
    const g::RunResult run = runner.run(spec, n, timing);
    r.kernel = run.kernel;
    r.grid_size = run.grid;
    r.block_size = static_cast<int>(run.block);
    r.coarse_factor = 0;
    r.in_place = run.in_place;
    r.caller_keeps = "";
    auto finish = [&] {
        r.own_kernel = std::move(report);
        return r;
    };
    if (run.status == g::RunResult::Status::Skipped) {
        r.status = Status::Skipped;
        r.message = run.message;
        return finish();
    }
    if (run.status == g::RunResult::Status::Failed) {
        r.status = Status::Error;
        r.message = run.message;
        return finish();
    }
    r.result = run.value;
    r.abs_error = std::fabs(run.value - ref.sum);
    r.status = classify(run.output_written, run.value, ref.sum, *r.tolerance, false);
    if (!run.output_written)
        r.message = "the output still holds the poison: the kernel did not write it";
    else if (r.status == Status::Wrong)
        r.message = "outside tolerance";
    r.time_ms = summarize(run.samples_ms);
    r.samples = static_cast<int>(run.samples_ms.size());
    r.subtracted_ms = run.subtracted_ms;
    add_measurement(r, run, ref.sum, false, ctx);
    auto wrong = [&](const std::string& why) {
        if (r.status == Status::Ok) {
            r.status = Status::Wrong;
            r.message = why;
        }
    };
    g::Timing once;
    once.reps = 0;
    // The exact positive input at n: one validation batch (as check_exact), every launch exact.
    if (exact) {
        g::Timing t = timing;
        t.adaptive = false;
        t.reps = std::max(1, r.reps_per_sample) * 2;
        t.batches = 2;
        t.warmup = 1;
        t.read_clocks = nullptr;
        const g::RunResult e = exact->run(spec, n, t);
        const double expect = reference(std::span<const float>{xe.data(), n}).sum;
        if (e.status == g::RunResult::Status::Ran) {
            std::vector<double> values = e.launch_values;
            std::vector<bool> written = e.launch_written;
            values.push_back(e.value);
            written.push_back(e.output_written);
            const LaunchCheck c = check_launches(values, written, expect, 0.0);
            r.exact_launches_checked = c.checked;
            r.exact_launches_wrong = c.wrong;
            if (c.wrong > 0)
                wrong(std::to_string(c.wrong) + " of " + std::to_string(c.checked) +
                      " launches on the exact positive input are wrong (first: launch " + std::to_string(c.first_wrong) +
                      (c.first_unwritten ? ", unwritten" : ", got " + number_text(c.first_wrong_value)) +
                      ", expected " + number_text(expect) + " exactly)");
        }
    }
    // The adversarial sizes, each on the random input (tolerance) and the exact input (exactly).
    std::map<std::size_t, g::RunResult> at_size;  // the random input's verification launch per size
    at_size[n] = run;
    for (const std::size_t m : kOwnCheckSizes) {
        for (const bool is_exact : {false, true}) {
            g::Runner* on = is_exact ? exact : &runner;
            if (!on)
                continue;
            const std::vector<float>& in = is_exact ? xe : x;
            const Reference rr = reference(std::span<const float>{in.data(), m});
            OwnCheck c;
            c.n = m;
            c.input = is_exact ? "exact" : "random";
            c.reference = rr.sum;
            c.tolerance = is_exact ? 0.0 : sum_tolerance(m, rr.abs_sum);
            const g::RunResult v = on->run(spec, m, once);
            if (!is_exact)
                at_size[m] = v;
            if (v.status != g::RunResult::Status::Ran) {
                c.message = (v.status == g::RunResult::Status::Skipped ? "skipped: " : "failed: ") + v.message;
            } else if (!v.output_written) {
                c.message = "the output still holds the poison: the kernel did not write it";
            } else {
                c.result = v.value;
                c.ok = is_exact ? exact_match(true, v.value, rr.sum)
                                : classify(true, v.value, rr.sum, c.tolerance, false) == Status::Ok;
                if (!c.ok)
                    c.message = "got " + number_text(v.value) + ", expected " + number_text(rr.sum) +
                                (is_exact ? " exactly" : " (tolerance " + number_text(c.tolerance) + ")");
            }
            if (!c.ok)
                wrong("n=" + std::to_string(m) + ", " + c.input + " input: " + c.message);
            report.checks.push_back(std::move(c));
        }
    }
    // The engine against the GPU on the same (random) input, same block and grid.
    bool any_atomic = false;
    for (const auto& [m, v] : at_size) {
        if (m > kOwnEngineMaxN)
            continue;
        EngineCheck e;
        e.n = m;
        const Reference rr = reference(std::span<const float>{x.data(), m});
        e.tolerance = sum_tolerance(m, rr.abs_sum);
        if (v.status == g::RunResult::Status::Ran && v.output_written)
            e.gpu = v.value;
        if (!own.engine) {
            e.verdict = "not_run";
            e.message = "this build has no SIMT engine";
        } else {
            const auto [block, grid] = g::own_launch(*own.kernel, m);
            const EngineRun er = own.engine(std::span<const float>{x.data(), m}, block, grid);
            if (!er.ran) {
                e.verdict = er.fault ? "engine_fault" : "not_run";
                e.message = er.message;
                if (er.fault)
                    wrong("n=" + std::to_string(m) + ": the engine stopped the kernel: " + er.message);
            } else {
                e.engine = er.value;
                e.order = er.fixed_order ? "fixed" : "atomic";
                any_atomic = any_atomic || !er.fixed_order;
                if (!e.gpu) {
                    e.verdict = "not_run";
                    e.message = "no GPU value at this size";
                } else if (same_bits(*e.engine, *e.gpu)) {
                    e.verdict = "bitwise";
                } else if (!er.fixed_order && std::fabs(*e.engine - *e.gpu) <= e.tolerance) {
                    e.verdict = "within_tolerance";
                } else {
                    e.verdict = "differs";
                    e.message = "engine " + number_text(*e.engine) + ", GPU " + number_text(*e.gpu) +
                                (er.fixed_order ? " (a fixed order: the bits must be the same)"
                                                : " (tolerance " + number_text(e.tolerance) + ")");
                    wrong("n=" + std::to_string(m) + ": the engine and the GPU differ: " + e.message);
                }
            }
        }
        report.engine.push_back(std::move(e));
    }
    // The contract as the engine saw it: no atomics, a fixed order (the same bits every run).
    const bool engine_ran = std::any_of(report.engine.begin(), report.engine.end(),
                                        [](const EngineCheck& e) { return !e.order.empty(); });
    r.determinism = engine_ran && !any_atomic ? "run_to_run" : "not_guaranteed";
    return finish();
}

/// The baselines' medians per (n, block, coarse) as their results come (plan_runs puts the
/// baselines first), for the speed-ups of the results after them.
class Baselines {
public:
    /// Keeps `r`'s median when it is a baseline (cpu, cub, cub_block_one_pass) that ran right.
    void record(const RunPoint& pt, const Result& r)
    {
        if (r.status != Status::Ok || !r.time_ms)
            return;
        if (pt.strategy == "cpu")
            cpu_ms_[key(pt)] = r.time_ms->median;
        else if (pt.strategy == "cub")
            (pt.max ? cub_max_ms_ : cub_sum_ms_)[key(pt)] = r.time_ms->median;
        else if (const auto* info = model::find_strategy(pt.strategy); info && info->family == model::Family::Baseline)
            library_ms_[key(pt)].emplace_back(pt.strategy, r.time_ms->median);
    }

    /// `r`'s speeds against the device's peak and `c`, the ceilings at its N (the dot products
    /// read two arrays: their ceiling reads two, 8 bytes per element), and its speed-ups against
    /// the baselines at its point.
    void add_speeds(Result& r, const RunPoint& pt, double peak_gbs, const Ceilings& c) const
    {
        const auto cub = r.operation == "max" ? lookup(cub_max_ms_, pt) : lookup(cub_sum_ms_, pt);
        set_speeds(r, peak_gbs, r.operation == "dot" ? c.read_dot_gbs : c.read_gbs, lookup(cpu_ms_, pt), cub);
        std::vector<std::pair<std::string, double>> ms;
        if (cub)
            ms.emplace_back("cub", *cub);
        if (r.operation == "sum")
            if (auto it = library_ms_.find(key(pt)); it != library_ms_.end())
                ms.insert(ms.end(), it->second.begin(), it->second.end());
        set_baseline_speedups(r, ms);
    }

private:
    using Key = std::tuple<std::size_t, unsigned, unsigned>;
    using Medians = std::map<Key, double>;

    static Key key(const RunPoint& pt) { return std::make_tuple(pt.n, pt.block_size, pt.coarse_factor); }

    static std::optional<double> lookup(const Medians& m, const RunPoint& pt)
    {
        if (auto it = m.find(key(pt)); it != m.end())
            return it->second;
        return std::nullopt;
    }

    Medians cpu_ms_, cub_sum_ms_, cub_max_ms_;
    std::map<Key, std::vector<std::pair<std::string, double>>> library_ms_;  // the other library baselines
};

/// ncu's counters (take_counters) into the report's file, with a warning through `sink` when
/// they could not be taken.
void add_counters(RunReport& report, const RunOptions& o, const RunSink& sink)
{
    const CountersOutcome c = take_counters(o.counters_cli, o.device);
    report.file.counters = c.counters;
    report.counters = c.status;
    if (c.status != CountersStatus::Ok && sink.warning)
        sink.warning("--counters: " + c.message);
}

/// The selftest's sizes up to `max_n`: the edges of a warp and a block, and the large sizes with a
/// tail.
std::vector<std::size_t> selftest_sizes(std::size_t max_n)
{
    const std::vector<std::size_t> all_sizes{1, 2, 3, 31, 32, 33, 1000, 1023, 1024, 1025,
                                             std::size_t{1} << 20, (std::size_t{1} << 20) + 7,
                                             (std::size_t{1} << 24) + 3};
    std::vector<std::size_t> sizes;
    for (const std::size_t n : all_sizes)
        if (n <= max_n)
            sizes.push_back(n);
    return sizes;
}

using Problem = std::function<void(const std::string&)>;

/// One input of a selftest pass at one N, with its float64 references (`dref`: the dot
/// product's, when a dot product is selected).
struct SelftestInput {
    std::size_t n = 0;
    bool exact = false;  ///< the exact input (verify.h make_exact_input): zero error expected
    Reference ref;
    Reference dref;
};

/// Checks one verification run of kernel `spec` on `in` and counts it in `out`: right within the
/// tolerance of its own summation order (exactly, on the exact input), wrong, failed or skipped;
/// `race` (expected wrong) counts the runs that lost updates.
void check_selftest_run(g::Runner& runner, const g::KernelSpec& spec, const SelftestInput& in, SelftestReport& out,
                        const Problem& problem)
{
    const std::string& id = spec.strategy;
    const bool mx = spec.max;
    const unsigned int bs = spec.block_size, c = spec.coarse_factor;
    const std::size_t n = in.n;
    const bool exact = in.exact;
    g::Timing verify_only;
    verify_only.reps = 0;
    ++out.runs;
    const auto run = runner.run(spec, n, verify_only);
    const bool dot = is_dot(id);
    const bool is_max = info_of(id).operation == model::Reduction::Max || mx;
    const Reference& r = dot ? in.dref : in.ref;
    const double expect = is_max ? r.max : r.sum;
    const double tol = is_max || exact ? 0.0
                                       : std::max(sum_tolerance(n, r.abs_sum),
                                                  kernel_tolerance(id, n, bs, c, run.grid, r.abs_sum));
    const std::string where = id + (mx ? " (max)" : "") + " n=" + std::to_string(n) +
                              " block=" + std::to_string(bs) + " coarse=" + std::to_string(c) +
                              (exact ? " exact input" : "");
    if (run.status == g::RunResult::Status::Skipped) {
        ++out.skipped;
        return;
    }
    if (run.status == g::RunResult::Status::Failed) {
        ++out.errors;
        problem("ERROR " + where + ": " + run.message);
        return;
    }
    if (info_of(id).expected_wrong) {
        ++out.race_runs;
        out.race_lost += !(run.output_written && std::fabs(run.value - expect) <= tol);
        return;
    }
    const bool ok = exact ? exact_match(run.output_written, run.value, expect)
                          : classify(run.output_written, run.value, expect, tol, false) == Status::Ok;
    if (ok) {
        ++out.ok;
    } else {
        ++out.wrong;
        problem("WRONG " + where + ": got " + text_of(run.value) + ", expected " +
                text_of(expect) + (exact ? " exactly" : " (tolerance " + text_of(tol) + ")") +
                (run.output_written ? "" : ", output not written"));
    }
}

/// Every selected kernel with a GPU kernel, at every block size and coarse factor of `a` (cub
/// also as a max), on `in`, uploaded to `runner`.
void selftest_kernels(g::Runner& runner, const SelftestOptions& a, const SelftestInput& in, SelftestReport& out,
                      const Problem& problem)
{
    for (const auto& id : a.strategies) {
        if (!info_of(id).has_kernel || (in.exact && info_of(id).expected_wrong))
            continue;
        const std::vector<unsigned int> cs =
            info_of(id).uses_coarse_factor ? a.coarse_factors : std::vector<unsigned int>{4};
        for (const unsigned int bs : a.block_sizes)
            for (const unsigned int c : cs)
                for (const bool mx : id == "cub" ? std::vector<bool>{false, true} : std::vector<bool>{false})
                    check_selftest_run(runner, {id, mx, bs, c}, in, out, problem);
    }
}

/// `id` (self_reset or zero_ahead) back to back on the same counters at N `n`: thousands of
/// launches in a loop and replayed from a CUDA graph, checked after the last one (the output and
/// the counters, the ring's next slot).
void selftest_back_to_back(const char* id, std::size_t n, const SelftestOptions& a, const std::vector<float>& x,
                           const std::vector<float>& y, const g::Needs& needs, SelftestReport& out,
                           const Problem& problem)
{
    g::Runner runner{a.device, x, y, needs};
    const Reference ref = reference(std::span<const float>{x.data(), n});
    const double tol = sum_tolerance(n, ref.abs_sum);
    for (const g::Mode mode : {g::Mode::Loop, g::Mode::Graph}) {
        g::Timing stress;
        stress.mode = mode;
        stress.warmup = 0;
        stress.reps = mode == g::Mode::Loop ? 5000 : 4000;
        stress.batches = mode == g::Mode::Loop ? 1 : 4;  // graph: 4 replays of about 1000 launches
        ++out.runs;
        const auto run = runner.run({id, false, 256, 4}, n, stress);
        const std::string where =
            std::string{id} + " back-to-back, " +
            (mode == g::Mode::Loop ? "5000 launches in a loop"
                                   : std::to_string(run.samples_ms.size()) + " x " +
                                         std::to_string(run.reps_per_sample) + " launches in a graph") +
            ", n=" + std::to_string(n);
        const bool ok_after = run.status == g::RunResult::Status::Ran && run.checked_after &&
                              classify_after_timing(run.after_written, run.value_after, ref.sum, tol) == Status::Ok &&
                              run.counters_error.empty();
        if (ok_after) {
            ++out.ok;
        } else if (run.status == g::RunResult::Status::Failed) {
            ++out.errors;
            problem("ERROR " + where + ": " + run.message);
        } else {
            ++out.wrong;
            problem("WRONG " + where + ": after the launches got " + text_of(run.value_after) + ", expected " +
                    text_of(ref.sum) + " (tolerance " + text_of(tol) + ")" +
                    (run.counters_error.empty() ? "" : "; ") + run.counters_error);
        }
    }
}

} // namespace

std::string utc_now()
{
    const std::time_t t = std::time(nullptr);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
    return buf;
}

Device device_record(const g::DeviceInfo& d)
{
    Device r;
    r.index = d.index;
    r.name = d.name;
    r.compute_capability = std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor);
    r.sms = d.sms;
    r.l2_bytes = d.l2_bytes;
    r.memory_bytes = d.memory_bytes;
    r.memory_clock_khz = d.memory_clock_khz;
    r.memory_bus_bits = d.memory_bus_bits;
    r.sm_clock_khz = d.sm_clock_khz;
    r.peak_bandwidth_gbs = d.peak_bandwidth_gbs;
    r.driver_version = d.driver_version;
    r.runtime_version = d.runtime_version;
    r.cooperative_launch = d.cooperative_launch;
    if (!d.pci_bus_id.empty())
        r.pci_bus_id = d.pci_bus_id;
    return r;
}

RunReport run_benchmark(const RunOptions& o, const RunSink& sink)
{
    const auto t0 = std::chrono::steady_clock::now();
    const auto devices = g::list_devices();  // NoDevice -> the caller
    const g::DeviceInfo& dev = pick_device(devices, o.device);
    const std::size_t largest_n = *std::max_element(o.sizes.begin(), o.sizes.end());
    std::size_t capacity = largest_n;
    if (o.own) {
        // The own kernel's checks (kOwnCheckSizes) and an in-place launch's padding to 2 x block x grid.
        for (const std::size_t m : kOwnCheckSizes)
            capacity = std::max(capacity, m);
        const g::OwnKernel& k = *o.own->kernel;
        if (k.signature == g::OwnKernel::Signature::InPlace && k.block_size && k.grid)
            capacity = std::max<std::size_t>(capacity, 2ull * k.block_size * k.grid);
    }
    g::Needs needs;
    needs.dot = needs_dot(o.strategies);
    needs.partials = needs_partials(o.strategies);
    needs.cold = o.cache == "cold";
    const std::size_t need = g::bytes_needed(capacity, needs, dev.l2_bytes);
    if (need > static_cast<std::size_t>(dev.free_bytes))
        throw g::OutOfMemory{capacity, need, static_cast<std::size_t>(dev.free_bytes)};

    const auto x = make_input(capacity, o.seed, 0);
    const auto y = needs.dot ? make_input(capacity, o.seed, 1) : std::vector<float>{};
    // Held in an optional so that it (its device memory) is gone before ncu runs a second process.
    std::optional<g::Runner> runner_holder;
    runner_holder.emplace(o.device, x, y, needs);
    g::Runner& runner = *runner_holder;

    g::Timing timing = timing_of(o, needs);
    MethodContext ctx;
    ctx.max_noise = o.stop.max_noise;
    std::unique_ptr<Nvml> nvml;  // outlives every run (Timing::read_clocks points at it)
    const std::string clocks_source = setup_clocks(dev, timing, nvml, ctx);

    const auto points = plan_runs(o.strategies, o.sizes, o.block_sizes, o.coarse_factors);
    // Ceilings at every size (same mode and cache state as the kernels).
    std::map<std::size_t, Ceilings> ceiling_at;
    std::map<std::size_t, CeilingShapes> shapes_at;
    double empty_ms = -1;
    for (const std::size_t n : o.sizes)
        ceiling_at[n] = measure_ceilings(runner, n, timing, needs.dot, empty_ms, &shapes_at[n]);
    // The exact positive input (verify.h make_exact_positive_input): every kernel's launches of one
    // validation batch are checked against it with zero tolerance. A second Runner: its own buffers.
    std::optional<g::Runner> exact_runner;
    std::vector<float> xe, ye;
    if (o.exact_check) {
        xe = make_exact_positive_input(capacity, o.seed);
        if (needs.dot)
            ye = make_exact_positive_input(capacity, o.seed + 1);
        try {
            exact_runner.emplace(o.device, xe, ye, needs);
        } catch (const g::OutOfMemory& e) {
            if (sink.warning)
                sink.warning(std::string{"the exact-input check is left out: "} + e.what());
        }
    }

    RunReport report;
    ResultsFile& f = report.file;
    f.tool = o.tool;
    f.date = utc_now();
    f.command = o.command;
    f.device = device_record(dev);
    f.params = params_record(o, largest_n, timing, clocks_source, needs.cold ? cold_text(dev, o.mode) : std::string{});
    f.ceilings = ceiling_at[largest_n];
    // Who else has a context on this GPU (NVML's process list), before the first cell and again
    // after the last: recorded with the results and said on stderr, since their kernels share
    // the GPU with the ones timed here.
    std::vector<GpuProcess> seen;
    const auto look = [&] {
        if (!nvml || !nvml->available())
            return false;
        const auto now = nvml->compute_processes();
        if (now)
            seen.insert(seen.end(), now->begin(), now->end());
        return now.has_value();
    };
    if (look())
        f.gpu_processes = other_processes(seen, static_cast<unsigned>(getpid()));
    const auto warn_others = [&](const std::vector<GpuProcess>& others) {
        if (sink.warning && !others.empty())
            sink.warning(other_processes_text(others, dev.index));
    };
    if (f.gpu_processes)
        warn_others(*f.gpu_processes);
    const std::size_t total = points.size() + (o.own ? 1 : 0);
    sink.line(start_line(f, total));

    Baselines baselines;
    // The ceiling interleaved: the winning read-only shape measured again right after a GPU
    // kernel, so that both see the same clocks and the same state of the GPU.
    const auto ceiling_beside = [&](std::size_t n, const Result& r, bool on_gpu) {
        Ceilings beside = ceiling_at[n];
        if (o.ceiling_beside && r.status == Status::Ok && on_gpu) {
            const bool dot = r.operation == "dot";
            const int shape = dot ? shapes_at[n].read_dot : shapes_at[n].read;
            if (shape >= 0) {
                const double ms = summarize(runner.read_ceiling_shape(n, timing, dot, shape).samples_ms).median;
                if (ms > 0)
                    (dot ? beside.read_dot_gbs : beside.read_gbs) = (dot ? 8.0 : 4.0) * n / (ms * 1e-3) / 1e9;
            }
        }
        return beside;
    };
    // A final result: its speed-ups, counted if it failed, handed on and kept.
    const auto publish = [&](Result r, const RunPoint& at, const Ceilings& beside) {
        baselines.add_speeds(r, at, dev.peak_bandwidth_gbs, beside);
        if (r.status == Status::Wrong || r.status == Status::Error)
            ++report.failures;
        if (sink.result)
            sink.result(r);
        sink.line(result_line(r));
        f.results.push_back(std::move(r));
    };
    for (std::size_t i = 0; i < points.size(); ++i) {
        const RunPoint& pt = points[i];
        sink.line(progress_line({i, total, pt.strategy, pt.n, std::nullopt, std::nullopt}));
        Result r = run_point(runner, o, pt, x, y, timing, ctx);
        if (exact_runner && r.status == Status::Ok && !runs_on_host(pt.strategy))
            check_exact(*exact_runner, pt, xe, ye, timing, r);
        baselines.record(pt, r);
        const Ceilings beside = ceiling_beside(pt.n, r, !runs_on_host(pt.strategy));
        publish(std::move(r), pt, beside);
    }
    if (o.own) {
        // The own kernel last, at the one N, beside the catalogue's results and the ceiling; its
        // speed-ups against the baselines of the catalogue's point (block and coarse factor of the
        // run's catalogue kernels).
        const std::size_t n = o.sizes.front();
        sink.line(progress_line({points.size(), total, "my_kernel", n, std::nullopt, std::nullopt}));
        Result r = run_own_point(runner, exact_runner ? &*exact_runner : nullptr, o, n, x, xe, timing, ctx);
        const RunPoint at{"my_kernel", false, n, o.block_sizes.front(), o.coarse_factors.front()};
        const Ceilings beside = ceiling_beside(n, r, true);
        publish(std::move(r), at, beside);
    }
    if (f.gpu_processes && look()) {
        const std::vector<GpuProcess> before = *f.gpu_processes;
        f.gpu_processes = other_processes(seen, static_cast<unsigned>(getpid()));
        std::vector<GpuProcess> fresh;
        for (const GpuProcess& p : *f.gpu_processes)
            if (std::none_of(before.begin(), before.end(), [&](const GpuProcess& b) { return b.pid == p.pid; }))
                fresh.push_back(p);
        warn_others(fresh);
    }
    if (o.counters) {
        runner_holder.reset();
        add_counters(report, o, sink);
    }
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!o.json_file.empty())
        write_results_file(o.json_file, f);
    sink.line(done_line(elapsed, report.failures, f.counters ? &*f.counters : nullptr));
    return report;
}

SelftestReport run_selftest(const SelftestOptions& a, const std::function<void(const std::string&)>& problem)
{
    const std::vector<std::size_t> sizes = selftest_sizes(a.max_n);
    const auto& ids = a.strategies;
    const auto devices = g::list_devices();
    const g::DeviceInfo& dev = pick_device(devices, a.device);
    const std::size_t capacity = sizes.empty() ? 1 : sizes.back();
    g::Needs needs;
    needs.dot = needs_dot(ids);
    needs.partials = needs_partials(ids);
    const auto x = make_input(capacity, a.seed, 0);
    const auto y = needs.dot ? make_input(capacity, a.seed, 1) : std::vector<float>{};
    SelftestReport out;
    out.device_name = dev.name;
    // Two inputs (the two checks of verify.h). Pass 0: the random input, each kernel within the
    // tolerance of its own summation order. Pass 1: the exact input (verify.h make_exact_input,
    // values in {-1, 0, 1}, uploaded per size so that its last elements are the +1 tail): every
    // partial sum is exact in any order, so every kernel must give the reference with zero error; a
    // dropped element or tail fails here even where the random input's tolerance hides it.
    for (int pass = 0; pass < 2; ++pass) {
        const bool exact = pass == 1;
        for (const std::size_t n : sizes) {
            const std::vector<float> xe = exact ? make_exact_input(n, a.seed) : std::vector<float>{};
            const std::vector<float> ye = exact && needs.dot ? make_exact_input(n, a.seed + 1) : std::vector<float>{};
            const std::vector<float>& xv = exact ? xe : x;
            const std::vector<float>& yv = exact ? ye : y;
            g::Runner runner = exact ? g::Runner{a.device, xe, ye, needs} : g::Runner{a.device, x, y, needs};
            const std::span<const float> xs{xv.data(), n};
            SelftestInput in;
            in.n = n;
            in.exact = exact;
            in.ref = reference(xs);
            in.dref = needs.dot ? reference_dot(xs, std::span<const float>{yv.data(), n}) : Reference{};
            selftest_kernels(runner, a, in, out, problem);
        }
    }
    // self_reset's epochs and zero_ahead's launch numbers: thousands of back-to-back launches on
    // the same counters (ring), in a loop and replayed from a CUDA graph; the output after the last
    // one and the counters (the ring's next slot) must be right.
    for (const char* id : {"self_reset", "zero_ahead"}) {
        if (std::find(ids.begin(), ids.end(), id) == ids.end() || sizes.empty())
            continue;
        selftest_back_to_back(id, std::min(sizes.back(), std::size_t{1} << 20), a, x, y, needs, out, problem);
    }
    return out;
}

} // namespace reducescope::bench
