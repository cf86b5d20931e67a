// SPDX-License-Identifier: GPL-3.0-or-later
// The one reader and the one writer of results files and of the bench JSON lines
// (results_file.h, results_json.h). Every check of a field is a call into json_fields.h.
#include "bench/results_file.h"

#include "bench/json_fields.h"
#include "bench/ncu_counters_json.h"
#include "bench/results_checks.h"
#include "bench/results_json.h"

#include "model/catalogue.h"
#include "model/json_text.h"
#include "model/message.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace reducescope::bench {
namespace {

using nlohmann::json;
using namespace fields;

/// Deepest nesting a reader takes (a results file needs 6 levels; the rest is room for members a
/// newer tool adds). Deeper input is refused before it can exhaust the stack.
constexpr int kMaxDepth = 64;

/// Widest block or coarse factor a file may name (the kernels take up to 1024 and 64).
constexpr long long kMaxParam = 1 << 20;
/// Most GPUs a file may name.
constexpr long long kMaxGpus = 4096;
constexpr long long kMaxGpuProcesses = 4096;

const std::initializer_list<std::string_view> kModes{"per-launch", "loop", "graph"};
const std::initializer_list<std::string_view> kCaches{"hot", "cold"};
const std::initializer_list<std::string_view> kStatuses{"ok", "wrong", "expected_wrong", "error", "skipped"};
// "own": the student's own kernel of `kernel bench` (strategy "my_kernel").
const std::initializer_list<std::string_view> kFamilies{"basics",          "shared_memory", "many_blocks",
                                                        "warp_primitives", "dot_product",   "baseline", "own"};
const std::initializer_list<std::string_view> kOperations{"sum", "max", "dot"};
const std::initializer_list<std::string_view> kSweepParams{"n", "block_size", "coarse_factor"};
const std::initializer_list<std::string_view> kCombines{"nccl_allreduce", "nccl_reduce", "p2p",
                                                        "collective_baseline"};
// Values of the method fields (stop rule, stopping rule, cold method, baseline).
const std::initializer_list<std::string_view> kStopRules{"", "reps", "noise", "timeout"};
const std::initializer_list<std::string_view> kStoppingRules{"fixed", "adaptive"};
const std::initializer_list<std::string_view> kColdMethods{"", "rotate", "flush_read"};
const std::initializer_list<std::string_view> kBaselines{"cub", "cub_single_pass", "cub_block_one_pass", "cub_block_ring",
                                                         "cub_not_guaranteed", "cub_run_to_run", "cub_gpu_to_gpu"};
const std::initializer_list<std::string_view> kDeterminisms{"", "gpu_to_gpu", "run_to_run", "not_guaranteed"};
/// Highest clock a file may name, MHz.
constexpr long long kMaxMhz = 100000;
/// Most input copies a cold rotation may name (the engine uses at most 512: reduce_api.h).
constexpr long long kMaxColdBuffers = 1 << 16;
/// Most repetitions in one sample (the engine's batches hold at most 1000 in loop / graph, a few
/// more when rounded up to whole rotations).
constexpr long long kMaxRepsPerSample = 1 << 20;

json opt(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

std::string dump(const json& j, int indent = -1)
{
    // Strings from outside (paths, ncu's output) may not be valid UTF-8: replace, never throw.
    return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

/// Throws when arrays and objects nest deeper than kMaxDepth (strings skipped): checked before the
/// parser builds anything, in one pass over the text.
void check_depth(std::string_view text)
{
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxDepth)
                fail("", "not valid JSON here: nested deeper than " + std::to_string(kMaxDepth) + " levels");
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
}

/// The parsed text, or SchemaError("not JSON: line L, column C: ...") / ("expected a JSON object (what), ...").
json parse_object(std::string_view text, const char* what)
{
    check_depth(text);
    json root;
    try {
        root = model::parse_json(text);
    } catch (const model::NotJson& e) {  // "not JSON: line L, column C: reason", as the trace reader says
        fail("", e.what());
    }
    if (!root.is_object())
        fail("", std::string{"expected a JSON object ("} + what + "), got " + describe(root));
    return root;
}

Ceilings read_ceilings(const json& o, const std::string& path)
{
    Ceilings c;
    c.read_gbs = number(o, "read_gbs", path, Need::Optional, 0);
    c.copy_gbs = number(o, "copy_gbs", path, Need::Optional, 0);
    c.read_kernel = string(o, "read_kernel", path, Need::Optional, 1000);
    if (const auto k = integer(o, "read_shapes_tried", path, Need::Omittable, 0, 100000))
        c.read_shapes_tried = static_cast<int>(*k);
    c.read_us = number(o, "read_us", path, Need::Optional, 0);
    c.read_noise = number(o, "read_noise", path, Need::Optional, 0);
    c.empty_kernel_us = number(o, "empty_kernel_us", path, Need::Optional, 0);
    c.read_net_gbs = number(o, "read_net_gbs", path, Need::Optional, 0);
    c.read_dot_gbs = number(o, "read_dot_gbs", path, Need::Optional, 0);
    c.read_dot_kernel = string(o, "read_dot_kernel", path, Need::Optional, 1000);
    c.extra = unknown_members(o, {"read_gbs", "copy_gbs", "read_kernel", "read_shapes_tried", "read_us", "read_noise",
                                  "empty_kernel_us", "read_net_gbs", "read_dot_gbs", "read_dot_kernel"});
    return c;
}

json gpu_processes_json(const std::vector<GpuProcess>& list)
{
    json a = json::array();
    for (const GpuProcess& p : list) {
        json o = {{"pid", p.pid}, {"name", p.name}};
        o["used_memory_bytes"] = p.used_memory_bytes >= 0 ? json(p.used_memory_bytes) : json(nullptr);
        a.push_back(std::move(o));
    }
    return a;
}

json ceilings_json(const Ceilings& c)
{
    json j = {{"read_gbs", opt(c.read_gbs)}, {"copy_gbs", opt(c.copy_gbs)}};
    if (c.read_kernel) {
        j["read_kernel"] = *c.read_kernel;
        j["read_net_gbs"] = opt(c.read_net_gbs);
    } else if (c.read_net_gbs) {
        j["read_net_gbs"] = *c.read_net_gbs;
    }
    if (c.read_shapes_tried)
        j["read_shapes_tried"] = *c.read_shapes_tried;
    if (c.read_us)
        j["read_us"] = *c.read_us;
    if (c.read_noise)
        j["read_noise"] = *c.read_noise;
    if (c.empty_kernel_us)
        j["empty_kernel_us"] = *c.empty_kernel_us;
    if (c.read_dot_gbs)
        j["read_dot_gbs"] = *c.read_dot_gbs;
    if (c.read_dot_kernel)
        j["read_dot_kernel"] = *c.read_dot_kernel;
    add_unknown_members(j, c.extra);
    return j;
}

Stopping read_stopping(const json& o, const std::string& path)
{
    Stopping s;
    s.rule = *one_of(o, "rule", path, Need::Required, kStoppingRules);
    if (const auto r = integer(o, "fixed_reps", path, Need::Optional, 1, 1000000))
        s.fixed_reps = static_cast<int>(*r);
    s.min_samples = static_cast<int>(*integer(o, "min_samples", path, Need::Required, 1, 1000000));
    s.min_time_s = *number(o, "min_time_s", path, Need::Required, 0);
    s.max_noise = *number(o, "max_noise", path, Need::Required, 0);
    if (s.max_noise > 1)
        fail(join(path, "max_noise"), "expected a fraction in 0..1 (0.005 = 0.5 %), got " + describe(o.at("max_noise")));
    s.timeout_s = *number(o, "timeout_s", path, Need::Required, 0);
    s.min_batch_us = number(o, "min_batch_us", path, Need::Omittable, 0).value_or(0.0);
    s.extra = unknown_members(o, {"rule", "fixed_reps", "min_samples", "min_time_s", "max_noise", "timeout_s",
                                  "min_batch_us"});
    return s;
}

json stopping_json(const Stopping& s)
{
    json j = {{"rule", s.rule},
              {"fixed_reps", s.fixed_reps ? json(*s.fixed_reps) : json(nullptr)},
              {"min_samples", s.min_samples},
              {"min_time_s", s.min_time_s},
              {"max_noise", s.max_noise},
              {"timeout_s", s.timeout_s},
              {"min_batch_us", s.min_batch_us}};
    add_unknown_members(j, s.extra);
    return j;
}

/// A sweep's `values`: an array of integers >= 1.
std::vector<std::uint64_t> sweep_values(const json& o, const std::string& path)
{
    std::vector<std::uint64_t> out;
    const json* values = array(o, "values", path, Need::Required, kMaxResults);
    for (std::size_t i = 0; i < values->size(); ++i)
        out.push_back(static_cast<std::uint64_t>(integer_value((*values)[i], at(join(path, "values"), i), 1)));
    return out;
}

Params read_params(const json& o, const std::string& path)
{
    Params p;
    p.n = static_cast<std::uint64_t>(*integer(o, "n", path, Need::Required, 1));
    p.reps = static_cast<int>(*integer(o, "reps", path, Need::Required, 1, 1000000));
    p.warmup = static_cast<int>(integer(o, "warmup", path, Need::Omittable, 0, 1000000).value_or(0));
    if (const auto b = integer(o, "batches", path, Need::Omittable, 1, 1000000))
        p.batches = static_cast<int>(*b);
    p.mode = *one_of(o, "mode", path, Need::Required, kModes);
    p.cache = *one_of(o, "cache", path, Need::Required, kCaches);
    p.block_size = static_cast<int>(*integer(o, "block_size", path, Need::Required, 0, kMaxParam));
    p.coarse_factor = static_cast<int>(*integer(o, "coarse_factor", path, Need::Required, 0, kMaxParam));
    p.seed = unsigned64(o, "seed", path, Need::Omittable).value_or(0);
    p.strategies = strings(o, "strategies", path, Need::Optional).value_or(std::vector<std::string>{});
    if (const json* sweep = object(o, "sweep", path, Need::Optional)) {
        const std::string sp = join(path, "sweep");
        Sweep s;
        s.param = *one_of(*sweep, "param", sp, Need::Required, kSweepParams);
        s.values = sweep_values(*sweep, sp);
        // A two-parameter sweep: block size × coarse factor, the heat map's grid.
        if (const json* second = object(*sweep, "second", sp, Need::Optional)) {
            const std::string sp2 = join(sp, "second");
            SweepAxis a;
            a.param = *one_of(*second, "param", sp2, Need::Required, kSweepParams);
            if (s.param != "block_size" || a.param != "coarse_factor")
                fail(join(sp2, "param"), "expected \"coarse_factor\" with params.sweep.param \"block_size\" (the one "
                                         "two-parameter sweep: block size × coarse factor), got \"" + a.param +
                                             "\" with \"" + s.param + "\"");
            a.values = sweep_values(*second, sp2);
            if (s.values.size() * a.values.size() > kMaxResults)
                fail(sp2, std::to_string(s.values.size()) + " block sizes × " + std::to_string(a.values.size()) +
                              " coarse factors, over the limit of " + std::to_string(kMaxResults) + " cells per file");
            s.second = std::move(a);
        }
        p.sweep = std::move(s);
    }
    p.tolerance_c = number(o, "tolerance_c", path, Need::Omittable, 0);
    p.output_reset = string(o, "output_reset", path, Need::Optional, 100);
    if (const json* gpus = array(o, "gpus", path, Need::Optional, kMaxGpus))
        for (std::size_t i = 0; i < gpus->size(); ++i)
            p.gpus.push_back(static_cast<int>(integer_value((*gpus)[i], at(join(path, "gpus"), i), 1, kMaxGpus)));
    p.nccl_version = string(o, "nccl_version", path, Need::Optional, 100);
    p.nccl_nvls_enable = string(o, "nccl_nvls_enable", path, Need::Optional, 100);
    if (const json* st = object(o, "stopping", path, Need::Optional))
        p.stopping = read_stopping(*st, join(path, "stopping"));
    p.clocks = string(o, "clocks", path, Need::Optional, 1000);
    p.cold = string(o, "cold", path, Need::Optional, 1000);
    p.extra = unknown_members(o, {"n", "reps", "warmup", "batches", "mode", "cache", "block_size", "coarse_factor",
                                  "seed", "strategies", "sweep", "tolerance_c", "output_reset", "gpus", "nccl_version",
                                  "nccl_nvls_enable", "stopping", "clocks", "cold"});
    return p;
}

} // namespace

// ---- reading ----------------------------------------------------------------------------------

Device read_device(const json& o, const std::string& path)
{
    expect_object(o, path);
    Device d;
    d.index = static_cast<int>(integer(o, "index", path, Need::Omittable, 0, 1024).value_or(0));
    d.name = *string(o, "name", path, Need::Required, 1000);
    d.compute_capability = string(o, "compute_capability", path, Need::Optional, 100).value_or("");
    d.sms = static_cast<int>(*integer(o, "sms", path, Need::Required, 0, 100000));
    d.l2_bytes = *integer(o, "l2_bytes", path, Need::Required, 0);
    d.memory_bytes = integer(o, "memory_bytes", path, Need::Omittable, 0).value_or(0);
    d.memory_clock_khz = static_cast<int>(integer(o, "memory_clock_khz", path, Need::Omittable, 0, 1 << 30).value_or(0));
    d.memory_bus_bits = static_cast<int>(integer(o, "memory_bus_bits", path, Need::Omittable, 0, 1 << 30).value_or(0));
    d.sm_clock_khz = static_cast<int>(integer(o, "sm_clock_khz", path, Need::Omittable, 0, 1 << 30).value_or(0));
    d.peak_bandwidth_gbs = *number(o, "peak_bandwidth_gbs", path, Need::Required, 0);
    d.driver_version = string(o, "driver_version", path, Need::Optional, 100).value_or("");
    d.runtime_version = string(o, "runtime_version", path, Need::Optional, 100).value_or("");
    d.cooperative_launch = boolean(o, "cooperative_launch", path, Need::Optional);
    d.pci_bus_id = string(o, "pci_bus_id", path, Need::Optional, 100);
    d.extra = unknown_members(o, {"index", "name", "compute_capability", "sms", "l2_bytes", "memory_bytes",
                                  "memory_clock_khz", "memory_bus_bits", "sm_clock_khz", "peak_bandwidth_gbs",
                                  "driver_version", "runtime_version", "cooperative_launch", "pci_bus_id"});
    check_device(d, path);
    return d;
}

namespace {

/// The method fields of a result (docs/results-format.md): all optional, so that older files
/// read; any of them present sets Result::method_fields, so that they are written back.
void read_method_fields(const json& o, const std::string& path, Result& r)
{
    static constexpr std::string_view kKeys[] = {
        "noise",         "stop_rule",       "noisy",       "gpu_time_s",          "reps_per_sample",
        "host_enqueue_us", "cold_method",   "cold_buffers", "clocks",             "low_clock",
        "checked_after_timing", "result_after_timing", "ceiling_ratio", "speedup_vs_cub_single_pass",
        "speedup_vs_cub_block_one_pass", "best_baseline", "speedup_vs_best_baseline", "best_deterministic_baseline",
        "speedup_vs_best_deterministic_baseline", "determinism", "caller_keeps", "launches_checked", "launches_wrong",
        "exact_launches_checked", "exact_launches_wrong", "blocked_start", "block_timeouts", "short_reps_per_sample"};
    for (const std::string_view k : kKeys)
        if (o.contains(k))
            r.method_fields = true;
    r.noise = number(o, "noise", path, Need::Optional, 0);
    r.stop_rule = one_of(o, "stop_rule", path, Need::Optional, kStopRules).value_or("");
    r.noisy = boolean(o, "noisy", path, Need::Optional).value_or(false);
    r.gpu_time_s = number(o, "gpu_time_s", path, Need::Omittable, 0).value_or(0.0);
    r.reps_per_sample =
        static_cast<int>(integer(o, "reps_per_sample", path, Need::Omittable, 0, kMaxRepsPerSample).value_or(0));
    r.short_reps_per_sample = static_cast<int>(
        integer(o, "short_reps_per_sample", path, Need::Omittable, 0, kMaxRepsPerSample).value_or(0));
    if (r.short_reps_per_sample != 0 && r.short_reps_per_sample >= r.reps_per_sample)
        throw SchemaError{join(path, "short_reps_per_sample") + ": " + std::to_string(r.short_reps_per_sample) +
                          " must be below reps_per_sample (" + std::to_string(r.reps_per_sample) +
                          "): the short graph is subtracted from the long one"};
    r.host_enqueue_us = number(o, "host_enqueue_us", path, Need::Omittable, 0).value_or(0.0);
    r.cold_method = one_of(o, "cold_method", path, Need::Optional, kColdMethods).value_or("");
    r.cold_buffers = static_cast<int>(integer(o, "cold_buffers", path, Need::Omittable, 0, kMaxColdBuffers).value_or(0));
    if (const json* c = object(o, "clocks", path, Need::Optional)) {
        const std::string cp = join(path, "clocks");
        auto mhz = [&](std::string_view key) {
            return static_cast<int>(integer(*c, key, cp, Need::Optional, 0, kMaxMhz).value_or(-1));
        };
        r.sm_mhz_before = mhz("sm_mhz_before");
        r.sm_mhz_after = mhz("sm_mhz_after");
        r.mem_mhz_before = mhz("mem_mhz_before");
        r.mem_mhz_after = mhz("mem_mhz_after");
        r.sm_max_mhz = mhz("sm_max_mhz");
        r.mem_max_mhz = mhz("mem_max_mhz");
        // Version 2: the clock watch during the samples.
        r.clock_readings = static_cast<int>(integer(*c, "readings", cp, Need::Omittable, 0, 1LL << 31).value_or(0));
        r.sm_mhz_min = mhz("sm_mhz_min");
        r.sm_mhz_max = mhz("sm_mhz_max");
        r.temperature_c_max = static_cast<int>(integer(*c, "temperature_c_max", cp, Need::Optional, 0, 200).value_or(-1));
        r.power_w_max = number(*c, "power_w_max", cp, Need::Optional, 0).value_or(-1.0);
        r.clock_event_reasons = integer(*c, "event_reasons", cp, Need::Optional, 0, 1LL << 62).value_or(-1);
        r.throttled_readings =
            static_cast<int>(integer(*c, "throttled_readings", cp, Need::Omittable, 0, 1LL << 31).value_or(0));
        r.throttled_dropped =
            static_cast<int>(integer(*c, "throttled_dropped", cp, Need::Omittable, 0, 1LL << 31).value_or(0));
    }
    r.low_clock = boolean(o, "low_clock", path, Need::Optional).value_or(false);
    r.checked_after_timing = boolean(o, "checked_after_timing", path, Need::Optional).value_or(false);
    r.result_after_timing = number(o, "result_after_timing", path, Need::Optional);
    r.ceiling_ratio = number(o, "ceiling_ratio", path, Need::Optional, 0);
    // Version 1 named cub_block_one_pass cub_single_pass (model::current_id).
    r.speedup_vs_cub_block_one_pass = number(o, "speedup_vs_cub_block_one_pass", path, Need::Optional, 0);
    if (!r.speedup_vs_cub_block_one_pass)
        r.speedup_vs_cub_block_one_pass = number(o, "speedup_vs_cub_single_pass", path, Need::Optional, 0);
    r.best_baseline = std::string{model::current_id(one_of(o, "best_baseline", path, Need::Optional, kBaselines).value_or(""))};
    r.speedup_vs_best_baseline = number(o, "speedup_vs_best_baseline", path, Need::Optional, 0);
    r.best_deterministic_baseline = std::string{
        model::current_id(one_of(o, "best_deterministic_baseline", path, Need::Optional, kBaselines).value_or(""))};
    r.speedup_vs_best_deterministic_baseline =
        number(o, "speedup_vs_best_deterministic_baseline", path, Need::Optional, 0);
    r.determinism = one_of(o, "determinism", path, Need::Optional, kDeterminisms).value_or("");
    r.caller_keeps = string(o, "caller_keeps", path, Need::Optional, 500).value_or("");
    r.launches_checked = static_cast<int>(integer(o, "launches_checked", path, Need::Omittable, 0, 1LL << 31).value_or(0));
    r.launches_wrong = static_cast<int>(integer(o, "launches_wrong", path, Need::Omittable, 0, 1LL << 31).value_or(0));
    r.exact_launches_checked =
        static_cast<int>(integer(o, "exact_launches_checked", path, Need::Optional, 0, 1LL << 31).value_or(-1));
    r.exact_launches_wrong =
        static_cast<int>(integer(o, "exact_launches_wrong", path, Need::Omittable, 0, 1LL << 31).value_or(0));
    r.blocked_start = boolean(o, "blocked_start", path, Need::Optional).value_or(false);
    r.block_timeouts = static_cast<int>(integer(o, "block_timeouts", path, Need::Omittable, 0, 1LL << 31).value_or(0));
}

/// Whether a result's method fields are written: the engine's results and whatever was read
/// with them always; others when any differs from its default.
bool has_method_fields(const Result& r)
{
    return r.method_fields || r.noise || !r.stop_rule.empty() || r.noisy || r.gpu_time_s != 0 ||
           r.reps_per_sample != 0 || r.host_enqueue_us != 0 || !r.cold_method.empty() || r.cold_buffers != 0 ||
           r.sm_mhz_before >= 0 || r.sm_mhz_after >= 0 || r.mem_mhz_before >= 0 || r.mem_mhz_after >= 0 ||
           r.sm_max_mhz >= 0 || r.mem_max_mhz >= 0 || r.low_clock || r.checked_after_timing ||
           r.result_after_timing || r.ceiling_ratio || r.speedup_vs_cub_block_one_pass || !r.best_baseline.empty() ||
           r.speedup_vs_best_baseline || !r.determinism.empty() || r.launches_checked != 0 ||
           r.exact_launches_checked >= 0 || r.blocked_start || r.clock_readings != 0;
}

/// `own_kernel` of a result (docs/results-format.md, "Your own kernel"): the label, the checks at
/// the adversarial sizes and the engine's comparison.
OwnKernelReport read_own_kernel(const json& o, const std::string& path)
{
    const std::string op = join(path, "own_kernel");
    expect_object(o, op);
    OwnKernelReport k;
    k.label = *string(o, "label", op, Need::Required, 1000);
    k.signature = *one_of(o, "signature", op, Need::Required, {"input_output", "in_place", "two_pass_first"});
    k.nvrtc = string(o, "nvrtc", op, Need::Optional, 200).value_or("");
    if (const json* checks = array(o, "checks", op, Need::Required, 64))
        for (std::size_t i = 0; i < checks->size(); ++i) {
            const std::string cp = at(join(op, "checks"), i);
            const json& c = (*checks)[i];
            expect_object(c, cp);
            OwnCheck x;
            x.n = static_cast<std::size_t>(*integer(c, "n", cp, Need::Required, 1));
            x.input = *one_of(c, "input", cp, Need::Required, {"random", "exact"});
            x.ok = *boolean(c, "ok", cp, Need::Required);
            x.result = number(c, "result", cp, Need::Optional);
            x.reference = *number(c, "reference", cp, Need::Required);
            x.tolerance = *number(c, "tolerance", cp, Need::Required, 0);
            x.message = string(c, "message", cp, Need::Optional).value_or("");
            k.checks.push_back(std::move(x));
        }
    if (const json* engine = array(o, "engine", op, Need::Required, 64))
        for (std::size_t i = 0; i < engine->size(); ++i) {
            const std::string ep = at(join(op, "engine"), i);
            const json& e = (*engine)[i];
            expect_object(e, ep);
            EngineCheck x;
            x.n = static_cast<std::size_t>(*integer(e, "n", ep, Need::Required, 1));
            x.order = *one_of(e, "order", ep, Need::Required, {"fixed", "atomic", ""});
            x.verdict = *one_of(e, "verdict", ep, Need::Required,
                                {"bitwise", "within_tolerance", "differs", "engine_fault", "not_run"});
            x.engine = number(e, "engine", ep, Need::Optional);
            x.gpu = number(e, "gpu", ep, Need::Optional);
            x.tolerance = *number(e, "tolerance", ep, Need::Required, 0);
            x.message = string(e, "message", ep, Need::Optional).value_or("");
            k.engine.push_back(std::move(x));
        }
    return k;
}

/// `repeat` of a result (docs/results-format.md, "Determinism"): K values in float_bits_text's
/// forms, K = runs, and the derived figures equal to what summarize_repeat() makes of them.
Repeat read_repeat(const json& o, const std::string& path, std::optional<double> reference)
{
    const std::string rp = join(path, "repeat");
    expect_object(o, rp);
    Repeat rep;
    const auto runs = *integer(o, "runs", rp, Need::Required, 1, kMaxRepeat);
    rep.order = *parse_sum_order(*one_of(o, "order", rp, Need::Required, {"fixed", "atomic"}));
    const json& values = *array(o, "values", rp, Need::Required, kMaxRepeat);
    if (static_cast<long long>(values.size()) != runs)
        fail(join(rp, "values"), "expected " + std::to_string(runs) + " values (repeat.runs), got " +
                                     std::to_string(values.size()));
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::string vp = at(join(rp, "values"), i);
        const json& v = values[i];
        const auto parsed = v.is_string() ? parse_float_bits(v.get<std::string>()) : std::nullopt;
        if (!parsed)
            fail(vp, "expected a float's exact value as a hex float (\"0x1.8p+3\") or one of nan | inf | -inf | "
                     "unwritten, got " + describe(v));
        rep.values.push_back(*parsed);
    }
    const RepeatSummary sum = summarize_repeat(rep, reference);
    const auto distinct = *integer(o, "distinct", rp, Need::Required, 1, kMaxRepeat);
    if (distinct != sum.distinct)
        fail(join(rp, "distinct"), "expected " + std::to_string(sum.distinct) + " (the distinct values of repeat.values), got " +
                                       std::to_string(distinct));
    auto same = [&](std::string_view key, const std::optional<double>& want) {
        const auto got = number(o, key, rp, Need::Optional);
        const bool ok = got && want ? std::fabs(*got - *want) <= 1e-9 * std::max(1.0, std::fabs(*want))
                                    : !got && !want;
        if (!ok) {
            char buf[64];
            std::snprintf(buf, sizeof buf, "%.17g", want ? *want : 0.0);
            fail(join(rp, key), std::string{"expected "} + (want ? buf : "null") +
                                    " (from repeat.values and the reference, in ulps of a float at the reference), got " +
                                    (o.contains(key) ? describe(o.at(key)) : std::string{"nothing"}));
        }
    };
    same("spread_ulp", sum.spread_ulp);
    same("error_ulp_min", sum.error_ulp_min);
    same("error_ulp_max", sum.error_ulp_max);
    const std::string verdict = *one_of(o, "verdict", rp, Need::Required,
                                        {"deterministic", "order_not_fixed", "varies_with_order", "varies_fixed_order"});
    if (verdict != verdict_name(sum.verdict))
        fail(join(rp, "verdict"), "expected \"" + std::string{verdict_name(sum.verdict)} +
                                      "\" (from repeat.order and repeat.distinct), got \"" + verdict + "\"");
    return rep;
}

} // namespace

Result read_result(const json& o, const std::string& path)
{
    expect_object(o, path);
    Result r;
    r.strategy = std::string{model::current_id(*string(o, "strategy", path, Need::Required, 200))};
    if (r.strategy.empty())
        fail(join(path, "strategy"), "empty (expected a strategy id)");
    r.family = *one_of(o, "family", path, Need::Required, kFamilies);
    r.kernel = string(o, "kernel", path, Need::Optional, 1000).value_or("");
    r.operation = one_of(o, "operation", path, Need::Optional, kOperations).value_or("sum");
    r.n = static_cast<std::size_t>(*integer(o, "n", path, Need::Required, 1));
    r.block_size = static_cast<int>(*integer(o, "block_size", path, Need::Required, 0, kMaxParam));
    r.coarse_factor = static_cast<int>(*integer(o, "coarse_factor", path, Need::Required, 0, kMaxParam));
    r.grid_size = static_cast<unsigned int>(integer(o, "grid_size", path, Need::Omittable, 0, 4294967295LL).value_or(0));
    r.mode = one_of(o, "mode", path, Need::Optional, kModes).value_or("");
    r.cache = one_of(o, "cache", path, Need::Optional, kCaches).value_or("");
    r.status = *parse_status(*one_of(o, "status", path, Need::Required, kStatuses));
    r.message = string(o, "message", path, Need::Optional).value_or("");
    r.result = number(o, "result", path, Need::Optional);
    r.reference = number(o, "reference", path, Need::Optional);
    r.abs_error = number(o, "abs_error", path, Need::Optional, 0);
    r.tolerance = number(o, "tolerance", path, Need::Optional, 0);
    if (const json* t = object(o, "time_ms", path, Need::Nullable)) {
        const std::string tp = join(path, "time_ms");
        Summary s{*number(*t, "median", tp, Need::Required, 0), *number(*t, "min", tp, Need::Required, 0),
                  *number(*t, "max", tp, Need::Required, 0)};
        // Version 2: the spread (stats.h); a version-1 file has none.
        const auto q1 = number(*t, "q1", tp, Need::Optional, 0), q3 = number(*t, "q3", tp, Need::Optional, 0),
                   p95 = number(*t, "p95", tp, Need::Optional, 0), mean = number(*t, "mean", tp, Need::Optional, 0),
                   stdev = number(*t, "stdev", tp, Need::Optional, 0);
        if (q1 && q3 && p95 && mean && stdev) {
            s.q1 = *q1;
            s.q3 = *q3;
            s.p95 = *p95;
            s.mean = *mean;
            s.stdev = *stdev;
            s.spread = true;
            const double sl = 1e-9 * s.max;
            if (s.q1 < s.min - sl || s.q1 > s.median + sl || s.q3 < s.median - sl || s.q3 > s.p95 + sl || s.p95 > s.max + sl) {
                char buf[200];
                std::snprintf(buf, sizeof buf, "expected min <= q1 <= median <= q3 <= p95 <= max, got %g %g %g %g %g %g",
                              s.min, s.q1, s.median, s.q3, s.p95, s.max);
                fail(tp, buf);
            }
        }
        const double slack = 1e-9 * s.max;
        if (s.min > s.median + slack || s.median > s.max + slack) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "expected min <= median <= max, got min %g, median %g, max %g", s.min,
                          s.median, s.max);
            fail(tp, buf);
        }
        r.time_ms = s;
    } else if (r.status == Status::Ok) {
        fail(join(path, "time_ms"), "null, but status is \"ok\" (a verified run has a time)");
    }
    r.bytes_read = *integer(o, "bytes_read", path, Need::Required, 0);
    r.bandwidth_gbs = number(o, "bandwidth_gbs", path, Need::Nullable, 0);
    r.pct_peak = number(o, "pct_peak", path, Need::Optional, 0);
    r.pct_ceiling = number(o, "pct_ceiling", path, Need::Optional, 0);
    r.ceiling_read_gbs = number(o, "ceiling_read_gbs", path, Need::Optional, 0);
    r.speedup_vs_cpu = number(o, "speedup_vs_cpu", path, Need::Optional, 0);
    r.speedup_vs_cub = number(o, "speedup_vs_cub", path, Need::Optional, 0);
    r.samples = static_cast<int>(integer(o, "samples", path, Need::Omittable, 0, 1LL << 31).value_or(0));
    r.subtracted_ms = number(o, "subtracted_ms", path, Need::Omittable, 0).value_or(0.0);
    r.in_place = boolean(o, "in_place", path, Need::Optional).value_or(false);
    read_method_fields(o, path, r);
    if (o.contains("gpus") || o.contains("combine")) {
        MultiGpuFields m;
        m.gpus = static_cast<int>(*integer(o, "gpus", path, Need::Required, 1, kMaxGpus));
        m.combine = *one_of(o, "combine", path, Need::Required, kCombines);
        m.size_bytes = integer(o, "size_bytes", path, Need::Optional, 0).value_or(r.bytes_read);
        m.algbw_gbs = number(o, "algbw_gbs", path, Need::Optional, 0);
        m.busbw_gbs = number(o, "busbw_gbs", path, Need::Optional, 0);
        r.multi_gpu = m;
    }
    if (const json* rep = object(o, "repeat", path, Need::Omittable))
        r.repeat = read_repeat(*rep, path, r.reference);
    if (const json* own = object(o, "own_kernel", path, Need::Omittable))
        r.own_kernel = read_own_kernel(*own, path);
    r.extra = unknown_members(o, {"strategy", "family", "kernel", "operation", "n", "block_size", "coarse_factor",
                                  "grid_size", "mode", "cache", "status", "message", "result", "reference",
                                  "abs_error", "tolerance", "time_ms", "bytes_read", "bandwidth_gbs", "pct_peak",
                                  "pct_ceiling", "ceiling_read_gbs", "speedup_vs_cpu", "speedup_vs_cub", "samples",
                                  "subtracted_ms", "in_place", "gpus", "combine", "size_bytes", "algbw_gbs",
                                  "busbw_gbs", "noise", "stop_rule", "noisy", "gpu_time_s", "reps_per_sample",
                                  "host_enqueue_us", "cold_method", "cold_buffers", "clocks", "low_clock",
                                  "checked_after_timing", "result_after_timing", "ceiling_ratio",
                                  "speedup_vs_cub_single_pass", "best_baseline", "speedup_vs_best_baseline",
                                  "speedup_vs_cub_block_one_pass", "best_deterministic_baseline",
                                  "speedup_vs_best_deterministic_baseline", "determinism", "caller_keeps",
                                  "launches_checked", "launches_wrong", "exact_launches_checked",
                                  "exact_launches_wrong", "blocked_start", "block_timeouts", "short_reps_per_sample", "repeat",
                                  "own_kernel"});
    check_result(r, path);
    // The derived figures recomputed (results_checks.h): each its own function.
    check_verdict(r, path);
    check_speed_fields_null_unless_ok(r, path);
    check_ceiling_figures(r, path);
    return r;
}

Result result_from_json(const json& j) { return read_result(j, ""); }

/// `gpu_processes` of a results file or a start line: absent, or an array of {pid, name,
/// used_memory_bytes} (pid 1..2^32-1; name a string; used_memory_bytes >= 0 or null).
std::optional<std::vector<GpuProcess>> read_gpu_processes(const json& root)
{
    const json* procs = array(root, "gpu_processes", "", Need::Optional, kMaxGpuProcesses);
    if (!procs)
        return std::nullopt;
    std::vector<GpuProcess> list;
    for (std::size_t i = 0; i < procs->size(); ++i) {
        const std::string path = at("gpu_processes", i);
        const json& o = (*procs)[i];
        if (!o.is_object())
            fail(path, "expected an object {pid, name, used_memory_bytes}, got " + describe(o));
        GpuProcess p;
        p.pid = static_cast<unsigned>(*integer(o, "pid", path, Need::Required, 1, 4294967295LL));
        p.name = string(o, "name", path, Need::Optional, 300).value_or("");
        p.used_memory_bytes = integer(o, "used_memory_bytes", path, Need::Optional, 0).value_or(-1);
        list.push_back(std::move(p));
    }
    return list;
}

ResultsFile read_results_json(const json& root)
{
    if (!root.is_object())
        fail("", "expected a JSON object (a results file), got " + describe(root));
    const auto schema = root.find("schema");
    if (schema == root.end())
        fail("schema", "missing: not a ReduceScope results file (expected \"" + std::string{kResultsSchema} + "\")");
    if (!schema->is_string() || schema->get<std::string>() != kResultsSchema)
        fail("schema", "expected \"" + std::string{kResultsSchema} + "\", got " + describe(*schema) +
                           ": not a ReduceScope results file");
    const auto version = root.find("version");
    const bool whole = version != root.end() && version->is_number() && std::isfinite(version->get<double>()) &&
                       version->get<double>() == std::floor(version->get<double>());
    if (!whole)
        fail("version", "expected the integer " + std::to_string(kResultsVersion) + ", got " +
                            (version == root.end() ? std::string{"nothing"} : describe(*version)));
    if (version->get<double>() < kOldestResultsVersion || version->get<double>() > kResultsVersion)
        fail("version", "this app reads versions " + std::to_string(kOldestResultsVersion) + ".." +
                            std::to_string(kResultsVersion) + ", the file is version " + describe(*version));
    ResultsFile f;
    f.version = static_cast<int>(version->get<double>());
    if (const json* tool = object(root, "tool", "", Need::Optional)) {
        Tool t;
        t.name = string(*tool, "name", "tool", Need::Optional, 200).value_or("");
        t.version = string(*tool, "version", "tool", Need::Optional, 200).value_or("");
        t.commit = string(*tool, "commit", "tool", Need::Optional, 200).value_or("");
        t.extra = unknown_members(*tool, {"name", "version", "commit"});
        f.tool = t;
    }
    f.date = string(root, "date", "", Need::Optional, 100).value_or("");
    f.command = string(root, "command", "", Need::Optional).value_or("");
    f.incomplete = string(root, "incomplete", "", Need::Optional, 500);
    if (f.incomplete && f.incomplete->empty())
        fail("incomplete", "expected why the run stopped early (e.g. \"cancelled after 5 of 12 results\"), got \"\"");
    f.gpu_host = string(root, "gpu_host", "", Need::Optional, 300);
    f.gpu_hostname = string(root, "gpu_hostname", "", Need::Optional, 300);
    f.device = read_device(*object(root, "device", "", Need::Required), "device");
    f.params = read_params(*object(root, "params", "", Need::Required), "params");
    if (const json* c = object(root, "ceilings", "", Need::Optional))
        f.ceilings = read_ceilings(*c, "ceilings");
    const json* results = fetch(root, "results", "", Need::Required, "an array of result objects");
    if (!results->is_array())
        fail("results", "expected an array of result objects, got " + describe(*results));
    if (results->size() > kMaxResults)
        fail("results", std::to_string(results->size()) + " results, over the limit of " + std::to_string(kMaxResults) +
                            " per file");
    f.results.reserve(results->size());
    for (std::size_t i = 0; i < results->size(); ++i) {
        f.results.push_back(read_result((*results)[i], at("results", i)));
        f.results.back().format2 = f.version >= 2;
    }
    if (const auto gpus = integer(root, "gpus", "", Need::Optional, 1, kMaxGpus))
        f.gpus = static_cast<int>(*gpus);
    if (const json* devices = array(root, "devices", "", Need::Optional, kMaxGpus))
        for (std::size_t i = 0; i < devices->size(); ++i)
            f.devices.push_back(read_device((*devices)[i], at("devices", i)));
    f.gpu_processes = read_gpu_processes(root);
    if (const json* peer = array(root, "peer_access", "", Need::Optional, kMaxGpus)) {
        std::vector<std::vector<bool>> rows;
        for (std::size_t i = 0; i < peer->size(); ++i) {
            const json& row = (*peer)[i];
            if (!row.is_array() || row.size() > static_cast<std::size_t>(kMaxGpus))
                fail(at("peer_access", i), "expected an array of true / false, got " + describe(row));
            std::vector<bool> out;
            for (std::size_t j = 0; j < row.size(); ++j) {
                if (!row[j].is_boolean())
                    fail(at(at("peer_access", i), j), "expected true or false, got " + describe(row[j]));
                out.push_back(row[j].get<bool>());
            }
            rows.push_back(std::move(out));
        }
        f.peer_access = std::move(rows);
    }
    json extra = unknown_members(root, {"schema", "version", "tool", "date", "command", "incomplete", "gpu_host", "gpu_hostname", "gpu_processes", "device", "params",
                                        "ceilings", "results", "gpus", "devices", "peer_access", "counters"})
                     .get();
    if (const auto counters = root.find("counters"); counters != root.end() && !counters->is_null()) {
        // Counters that cannot be read do not cost the results: the reason is kept, and the raw
        // value, so that an export writes back what it read.
        try {
            Counters c = counters_from_json(*counters, "counters", static_cast<long long>(f.params.n));
            check_counters_complete(c, "counters");
            f.counters = std::move(c);
        } catch (const SchemaError& e) {
            f.counters_problem = e.what();
            extra["counters"] = *counters;
        }
    }
    f.extra = JsonValue(std::move(extra));
    check_file(f);
    check_derived_across_file(f);
    return f;
}

ResultsFile read_results(std::string_view text) { return read_results_json(parse_object(text, "a results file")); }

std::vector<Device> read_device_list(std::string_view text)
{
    std::vector<Device> out;
    auto add_array = [&](const json& a, const std::string& path) {
        for (std::size_t i = 0; i < a.size(); ++i)
            out.push_back(read_device(a[i], at(path, i)));
    };
    const json doc = json::parse(text.begin(), text.end(), nullptr, false);
    if (doc.is_array()) {
        add_array(doc, "devices");
    } else if (doc.is_object()) {
        if (doc.contains("devices")) {
            if (!doc["devices"].is_array())
                fail("devices", "expected an array of device objects, got " + describe(doc["devices"]));
            add_array(doc["devices"], "devices");
        } else {
            out.push_back(read_device(doc, "device"));
        }
    } else {
        std::size_t start = 0, number = 0;
        while (start <= text.size()) {
            const std::size_t end = std::min(text.find('\n', start), text.size());
            const std::string_view line = text.substr(start, end - start);
            start = end + 1;
            ++number;
            if (line.find_first_not_of(" \t\r") == std::string_view::npos)
                continue;
            const std::string where = "line " + std::to_string(number);
            json o = parse_object(line, "one device object per line");
            if (o.contains("device") && o["device"].is_object())
                o = json(o["device"]);
            out.push_back(read_device(o, where));
        }
    }
    return out;
}

// ---- writing ----------------------------------------------------------------------------------

json to_json(const Device& d)
{
    json j = {{"index", d.index},
              {"name", d.name},
              {"compute_capability", d.compute_capability},
              {"sms", d.sms},
              {"l2_bytes", d.l2_bytes},
              {"memory_bytes", d.memory_bytes},
              {"memory_clock_khz", d.memory_clock_khz},
              {"memory_bus_bits", d.memory_bus_bits},
              {"sm_clock_khz", d.sm_clock_khz},
              {"peak_bandwidth_gbs", d.peak_bandwidth_gbs},
              {"driver_version", d.driver_version},
              {"runtime_version", d.runtime_version}};
    if (d.cooperative_launch)
        j["cooperative_launch"] = *d.cooperative_launch;
    if (d.pci_bus_id)
        j["pci_bus_id"] = *d.pci_bus_id;
    add_unknown_members(j, d.extra);
    return j;
}

json to_json(const Params& p)
{
    json j = {{"n", p.n},
              {"reps", p.reps},
              {"warmup", p.warmup},
              {"mode", p.mode},
              {"cache", p.cache},
              {"block_size", p.block_size},
              {"coarse_factor", p.coarse_factor},
              {"seed", p.seed},
              {"strategies", p.strategies},
              {"sweep", nullptr}};
    if (p.batches)
        j["batches"] = *p.batches;
    if (p.sweep) {
        j["sweep"] = {{"param", p.sweep->param}, {"values", p.sweep->values}};
        if (p.sweep->second)
            j["sweep"]["second"] = {{"param", p.sweep->second->param}, {"values", p.sweep->second->values}};
    }
    if (p.tolerance_c)
        j["tolerance_c"] = *p.tolerance_c;
    if (p.output_reset)
        j["output_reset"] = *p.output_reset;
    if (!p.gpus.empty())
        j["gpus"] = p.gpus;
    if (p.nccl_version)
        j["nccl_version"] = *p.nccl_version;
    if (p.nccl_nvls_enable)
        j["nccl_nvls_enable"] = *p.nccl_nvls_enable;
    if (p.stopping)
        j["stopping"] = stopping_json(*p.stopping);
    if (p.clocks)
        j["clocks"] = *p.clocks;
    if (p.cold)
        j["cold"] = *p.cold;
    add_unknown_members(j, p.extra);
    return j;
}

json to_json(const Result& r)
{
    json j;
    j["strategy"] = r.strategy;
    j["family"] = r.family;
    j["kernel"] = r.kernel;
    j["operation"] = r.operation;
    j["n"] = r.n;
    j["block_size"] = r.block_size;
    j["coarse_factor"] = r.coarse_factor;
    j["grid_size"] = r.grid_size;
    if (!r.mode.empty())
        j["mode"] = r.mode;
    if (!r.cache.empty())
        j["cache"] = r.cache;
    j["status"] = status_name(r.status);
    j["message"] = r.message;
    j["result"] = opt(r.result);
    j["reference"] = opt(r.reference);
    j["abs_error"] = opt(r.abs_error);
    j["tolerance"] = opt(r.tolerance);
    // Version 1 named cub_block_one_pass cub_single_pass; such a file writes back as it was.
    if (!r.format2 && r.strategy == "cub_block_one_pass")
        j["strategy"] = "cub_single_pass";
    if (r.time_ms) {
        j["time_ms"] = {{"median", r.time_ms->median}, {"min", r.time_ms->min}, {"max", r.time_ms->max}};
        if (r.time_ms->spread) {
            j["time_ms"]["q1"] = r.time_ms->q1;
            j["time_ms"]["q3"] = r.time_ms->q3;
            j["time_ms"]["p95"] = r.time_ms->p95;
            j["time_ms"]["mean"] = r.time_ms->mean;
            j["time_ms"]["stdev"] = r.time_ms->stdev;
        }
    }
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
    if (has_method_fields(r)) {
        j["noise"] = opt(r.noise);
        j["stop_rule"] = r.stop_rule;
        j["noisy"] = r.noisy;
        j["gpu_time_s"] = r.gpu_time_s;
        j["reps_per_sample"] = r.reps_per_sample;
        if (r.short_reps_per_sample != 0)
            j["short_reps_per_sample"] = r.short_reps_per_sample;
        j["host_enqueue_us"] = r.host_enqueue_us;
        j["cold_method"] = r.cold_method;
        j["cold_buffers"] = r.cold_buffers;
        auto mhz = [](int v) { return v >= 0 ? json(v) : json(nullptr); };
        j["clocks"] = {{"sm_mhz_before", mhz(r.sm_mhz_before)}, {"sm_mhz_after", mhz(r.sm_mhz_after)},
                       {"mem_mhz_before", mhz(r.mem_mhz_before)}, {"mem_mhz_after", mhz(r.mem_mhz_after)},
                       {"sm_max_mhz", mhz(r.sm_max_mhz)},         {"mem_max_mhz", mhz(r.mem_max_mhz)}};
        if (r.format2) {
            j["clocks"]["readings"] = r.clock_readings;
            j["clocks"]["sm_mhz_min"] = mhz(r.sm_mhz_min);
            j["clocks"]["sm_mhz_max"] = mhz(r.sm_mhz_max);
            j["clocks"]["temperature_c_max"] = r.temperature_c_max >= 0 ? json(r.temperature_c_max) : json(nullptr);
            j["clocks"]["power_w_max"] = r.power_w_max >= 0 ? json(r.power_w_max) : json(nullptr);
            j["clocks"]["event_reasons"] = r.clock_event_reasons >= 0 ? json(r.clock_event_reasons) : json(nullptr);
            j["clocks"]["throttled_readings"] = r.throttled_readings;
            j["clocks"]["throttled_dropped"] = r.throttled_dropped;
        }
        j["low_clock"] = r.low_clock;
        j["checked_after_timing"] = r.checked_after_timing;
        j["result_after_timing"] = opt(r.result_after_timing);
        j["ceiling_ratio"] = opt(r.ceiling_ratio);
        if (!r.format2) {  // version 1's names (cub_block_one_pass was cub_single_pass)
            auto v1 = [](const std::string& id) { return id == "cub_block_one_pass" ? std::string{"cub_single_pass"} : id; };
            j["speedup_vs_cub_single_pass"] = opt(r.speedup_vs_cub_block_one_pass);
            j["best_baseline"] = r.best_baseline.empty() ? json(nullptr) : json(v1(r.best_baseline));
            j["speedup_vs_best_baseline"] = opt(r.speedup_vs_best_baseline);
        }
    }
    if (has_method_fields(r) && r.format2) {
        j["speedup_vs_cub_block_one_pass"] = opt(r.speedup_vs_cub_block_one_pass);
        j["best_baseline"] = r.best_baseline.empty() ? json(nullptr) : json(r.best_baseline);
        j["speedup_vs_best_baseline"] = opt(r.speedup_vs_best_baseline);
        j["best_deterministic_baseline"] =
            r.best_deterministic_baseline.empty() ? json(nullptr) : json(r.best_deterministic_baseline);
        j["speedup_vs_best_deterministic_baseline"] = opt(r.speedup_vs_best_deterministic_baseline);
        j["determinism"] = r.determinism;
        j["caller_keeps"] = r.caller_keeps;
        j["launches_checked"] = r.launches_checked;
        j["launches_wrong"] = r.launches_wrong;
        j["exact_launches_checked"] = r.exact_launches_checked >= 0 ? json(r.exact_launches_checked) : json(nullptr);
        j["exact_launches_wrong"] = r.exact_launches_wrong;
        j["blocked_start"] = r.blocked_start;
        j["block_timeouts"] = r.block_timeouts;
    }
    if (r.multi_gpu) {
        j["gpus"] = r.multi_gpu->gpus;
        j["combine"] = r.multi_gpu->combine;
        j["size_bytes"] = r.multi_gpu->size_bytes;
        j["algbw_gbs"] = opt(r.multi_gpu->algbw_gbs);
        j["busbw_gbs"] = opt(r.multi_gpu->busbw_gbs);
    }
    if (r.repeat) {
        const RepeatSummary sum = summarize_repeat(*r.repeat, r.reference);
        json values = json::array();
        for (const RepeatValue& v : r.repeat->values)
            values.push_back(float_bits_text(v.value, v.written));
        j["repeat"] = {{"runs", sum.runs},
                       {"order", sum_order_name(r.repeat->order)},
                       {"values", std::move(values)},
                       {"distinct", sum.distinct},
                       {"spread_ulp", opt(sum.spread_ulp)},
                       {"error_ulp_min", opt(sum.error_ulp_min)},
                       {"error_ulp_max", opt(sum.error_ulp_max)},
                       {"verdict", verdict_name(sum.verdict)}};
    }
    if (r.own_kernel) {
        json checks = json::array(), engine = json::array();
        for (const OwnCheck& c : r.own_kernel->checks)
            checks.push_back({{"n", c.n}, {"input", c.input}, {"ok", c.ok}, {"result", opt(c.result)},
                              {"reference", c.reference}, {"tolerance", c.tolerance}, {"message", c.message}});
        for (const EngineCheck& e : r.own_kernel->engine)
            engine.push_back({{"n", e.n}, {"order", e.order}, {"verdict", e.verdict}, {"engine", opt(e.engine)},
                              {"gpu", opt(e.gpu)}, {"tolerance", e.tolerance}, {"message", e.message}});
        j["own_kernel"] = {{"label", r.own_kernel->label},
                           {"signature", r.own_kernel->signature},
                           {"nvrtc", r.own_kernel->nvrtc},
                           {"checks", std::move(checks)},
                           {"engine", std::move(engine)}};
    }
    add_unknown_members(j, r.extra);
    return j;
}

json to_json(const ResultsFile& f)
{
    json j = {{"schema", kResultsSchema}, {"version", f.version}};
    if (f.tool) {
        j["tool"] = {{"name", f.tool->name}, {"version", f.tool->version}, {"commit", f.tool->commit}};
        add_unknown_members(j["tool"], f.tool->extra);
    }
    j["date"] = f.date;
    j["command"] = f.command;
    if (f.incomplete)
        j["incomplete"] = *f.incomplete;
    if (f.gpu_host)
        j["gpu_host"] = *f.gpu_host;
    if (f.gpu_hostname)
        j["gpu_hostname"] = *f.gpu_hostname;
    if (f.gpu_processes)
        j["gpu_processes"] = gpu_processes_json(*f.gpu_processes);
    j["device"] = to_json(f.device);
    j["params"] = to_json(f.params);
    if (f.ceilings)
        j["ceilings"] = ceilings_json(*f.ceilings);
    j["results"] = json::array();
    for (const Result& r : f.results)
        j["results"].push_back(to_json(r));
    if (f.gpus)
        j["gpus"] = *f.gpus;
    if (!f.devices.empty()) {
        j["devices"] = json::array();
        for (const Device& d : f.devices)
            j["devices"].push_back(to_json(d));
    }
    if (f.peer_access)
        j["peer_access"] = *f.peer_access;
    if (f.counters)
        j["counters"] = to_json(*f.counters);
    add_unknown_members(j, f.extra);
    return j;
}

std::string write_results(const ResultsFile& f) { return dump(to_json(f), 1) + "\n"; }

void write_results_file(const std::string& path, const ResultsFile& f)
{
    namespace fs = std::filesystem;
    const auto refuse = [&](const std::string& why) {
        throw std::runtime_error("cannot write " + model::echo(path) + ": " + why);
    };
    if (path.empty())
        refuse("no file name");
    const std::string text = write_results(f);
    std::error_code ec;
    fs::path target = path;
    if (fs::is_symlink(target, ec)) {  // write where the link points, keep the link
        target = fs::weakly_canonical(target, ec);
        if (ec)
            refuse(ec.message());
    }
    fs::path dir = target.parent_path();
    if (dir.empty())
        dir = ".";
    std::string temp = (dir / ("." + target.filename().string() + ".XXXXXX")).string();
    const int fd = ::mkostemp(temp.data(), O_CLOEXEC);
    if (fd < 0)
        refuse(std::strerror(errno));
    struct stat st {};
    mode_t mode = 0;
    if (::stat(target.c_str(), &st) == 0) {
        mode = st.st_mode & 07777;
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    const auto give_up = [&](int err) {
        ::close(fd);
        ::unlink(temp.c_str());
        refuse(std::strerror(err));
    };
    if (::fchmod(fd, mode) != 0)
        give_up(errno);
    for (std::size_t done = 0; done < text.size();) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            give_up(n < 0 ? errno : EIO);
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0)
        give_up(errno);
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(temp.c_str());
        refuse(std::strerror(err));
    }
    if (::rename(temp.c_str(), target.c_str()) != 0) {
        const int err = errno;
        ::unlink(temp.c_str());
        refuse(std::strerror(err));
    }
}

void set_multi_gpu(Result& r, Combine c, int gpus)
{
    MultiGpuFields m;
    m.gpus = gpus;
    m.combine = std::string{combine_name(c)};
    m.size_bytes = r.bytes_read;
    if (r.status == Status::Ok && r.time_ms && r.time_ms->median > 0) {
        const double s = static_cast<double>(r.bytes_read);
        m.algbw_gbs = algbw_gbs(s, r.time_ms->median);
        m.busbw_gbs = busbw_gbs(c, gpus, s, r.time_ms->median);
    }
    r.multi_gpu = m;
}

// ---- JSON lines -------------------------------------------------------------------------------

std::string start_line(const ResultsFile& header, std::size_t total)
{
    json j = {{"type", "start"}, {"total", total}, {"device", to_json(header.device)}, {"params", to_json(header.params)}};
    if (header.ceilings)
        j["ceilings"] = ceilings_json(*header.ceilings);
    if (header.gpu_processes)
        j["gpu_processes"] = gpu_processes_json(*header.gpu_processes);
    if (!header.devices.empty()) {
        j["devices"] = json::array();
        for (const Device& d : header.devices)
            j["devices"].push_back(to_json(d));
    }
    return dump(j);
}

std::string progress_line(const Progress& p)
{
    json j = {{"type", "progress"}, {"index", p.index}, {"total", p.total}, {"strategy", p.strategy}, {"n", p.n}};
    if (p.combine)
        j["combine"] = *p.combine;
    if (p.gpus)
        j["gpus"] = *p.gpus;
    return dump(j);
}

std::string result_line(const Result& r)
{
    json j = to_json(r);
    j["type"] = "result";
    return dump(j);
}

std::string done_line(double elapsed_s, int failures, const Counters* counters)
{
    json j = {{"type", "done"}, {"elapsed_s", elapsed_s}, {"failures", failures}};
    if (counters)
        j["counters"] = to_json(*counters);
    return dump(j);
}

std::string error_line(const std::string& message) { return dump({{"type", "error"}, {"message", message}}); }

StreamLine read_line(std::string_view text)
{
    json o = parse_object(text, "one JSON object per line");
    StreamLine l;
    const std::string type = *string(o, "type", "", Need::Required, 100);
    constexpr long long kMaxRuns = 1 << 24;
    if (type == "start") {
        l.type = StreamLine::Type::Start;
        l.total = static_cast<std::size_t>(*integer(o, "total", "", Need::Required, 0, kMaxRuns));
        l.header.device = read_device(*object(o, "device", "", Need::Required), "device");
        l.header.params = read_params(*object(o, "params", "", Need::Required), "params");
        if (const json* c = object(o, "ceilings", "", Need::Optional))
            l.header.ceilings = read_ceilings(*c, "ceilings");
        l.header.gpu_processes = read_gpu_processes(o);
        if (const json* devices = array(o, "devices", "", Need::Optional, kMaxGpus))
            for (std::size_t i = 0; i < devices->size(); ++i)
                l.header.devices.push_back(read_device((*devices)[i], at("devices", i)));
    } else if (type == "progress") {
        l.type = StreamLine::Type::Progress;
        l.progress.index = static_cast<std::size_t>(*integer(o, "index", "", Need::Required, 0, kMaxRuns));
        l.progress.total = static_cast<std::size_t>(*integer(o, "total", "", Need::Required, 0, kMaxRuns));
        l.progress.strategy = *string(o, "strategy", "", Need::Required, 200);
        l.progress.n = static_cast<std::size_t>(integer(o, "n", "", Need::Optional, 1).value_or(0));
        l.progress.combine = string(o, "combine", "", Need::Optional, 100);
        if (const auto g = integer(o, "gpus", "", Need::Optional, 1, kMaxGpus))
            l.progress.gpus = static_cast<int>(*g);
    } else if (type == "result") {
        l.type = StreamLine::Type::Result;
        o.erase("type");
        l.result = read_result(o, "");
    } else if (type == "done") {
        l.type = StreamLine::Type::Done;
        l.elapsed_s = number(o, "elapsed_s", "", Need::Optional, 0).value_or(0);
        l.failures = static_cast<int>(integer(o, "failures", "", Need::Optional, 0, kMaxRuns).value_or(0));
        if (const auto c = o.find("counters"); c != o.end() && !c->is_null()) {
            try {
                l.counters = counters_from_json(*c, "counters", std::nullopt);
            } catch (const SchemaError&) {
                // The done line's counters are a copy of the file's; the run's outcome does not
                // depend on them.
            }
        }
    } else if (type == "error") {
        l.type = StreamLine::Type::Error;
        l.message = string(o, "message", "", Need::Optional).value_or("");
    } else {
        fail("type", "expected start | progress | result | done | error, got \"" + model::echo(type) + "\"");
    }
    return l;
}

} // namespace reducescope::bench
