// SPDX-License-Identifier: GPL-3.0-or-later
// `list` and `trace`: the strategy catalogue and the step model on the command line.
#include "cli/commands.h"
#include "cli/trace_table.h"
#include "model/message.h"

#include "model/catalogue.h"
#include "model/simulate.h"
#include "model/trace_json.h"

#if REDUCESCOPE_WITH_RECORDING
#include "cuda/recorded_trace.h"
#include "cuda/reduce_api.h"
#endif

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <climits>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>

namespace reducescope::cli {
namespace {
namespace m = reducescope::model;

std::string fmt(double v)
{
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

std::string values_text(const std::vector<float>& v, std::size_t limit)
{
    std::string s = "[";
    for (std::size_t k = 0; k < std::min(v.size(), limit); ++k) {
        if (k)
            s += ", ";
        s += fmt(v[k]);
    }
    if (v.size() > limit)
        s += ", ... (" + std::to_string(v.size() - limit) + " more)";
    return s + "]";
}

std::string pad(std::string s, std::size_t width)
{
    if (s.size() < width)
        s.append(width - s.size(), ' ');
    return s;
}

} // namespace

/// A fault's lanes as ranges: "3", "0, 1", "48-63", "0-7, 16-23 and 40 more": every lane counted.
std::string lane_list(const std::vector<int>& lanes)
{
    if (lanes.empty())
        return "-";
    std::vector<std::pair<int, int>> runs;
    for (int l : lanes)
        if (!runs.empty() && l == runs.back().second + 1)
            runs.back().second = l;
        else
            runs.emplace_back(l, l);
    // A run of two is two lanes ("0, 1"); three or more a range ("48-63").
    for (std::size_t k = 0; k < runs.size(); ++k)
        if (runs[k].second == runs[k].first + 1) {
            runs.insert(runs.begin() + static_cast<std::ptrdiff_t>(k) + 1, {runs[k].second, runs[k].second});
            runs[k].second = runs[k].first;
            ++k;
        }
    std::string out;
    std::size_t shown = 0;
    int listed = 0;
    for (; shown < runs.size() && shown < 8; ++shown) {
        const auto [a, b] = runs[shown];
        out += (shown ? ", " : "") + std::to_string(a) + (b > a ? "-" + std::to_string(b) : std::string());
        listed += b - a + 1;
    }
    if (shown < runs.size())
        out += " and " + std::to_string(static_cast<int>(lanes.size()) - listed) + " more";
    return out;
}

std::string trace_table(const m::Trace& t)
{
    std::ostringstream o;
    const m::StrategyInfo* info = t.own_source.empty() ? m::find_strategy(t.strategy) : nullptr;
    if (info) {
        o << "strategy " << t.strategy << ": " << info->summary << "\n";
        o << "source   " << info->seed << "; kernel " << t.source_file << "\n";
    } else {
        o << "kernel   " << t.strategy << " (your own, run by the SIMT engine)\n";
        o << "source   " << t.source_file << "\n";
    }
    o << "input    " << t.n << " values";
    if (m::input_padding(t) > 0)
        o << ", padded to " << t.padded_n << " with the identity (" << (t.operation == m::Operation::Sum ? "0" : "-inf")
          << ")";
    o << "\nlaunch   grid " << t.grid_size << " x block " << t.params.block_size << ", warp size " << t.params.warp_size
      << (t.teaching_warp_size ? " (teaching aid: real GPUs use 32)" : "");
    if (t.own_source.empty())  // an own kernel has no coarse factor of the model's: its source says
        o << ", coarse factor " << t.params.coarse_factor;
    o << ", banks " << t.params.banks;
    if (t.params.atomic_order != 0)
        o << ", atomic order " << t.params.atomic_order;
    o << "\n\n";

    o << pad("step", 6) << pad("stride", 8) << pad("active", 8) << pad("div.warps", 11) << pad("wavefronts", 12)
      << pad("n-way", 7) << pad("sectors", 9) << pad("barriers", 10) << pad("atomics", 9) << "label\n";
    int k = 0;
    for (const m::Step& s : t.steps) {
        ++k;
        const bool sh = !s.shared_accesses.empty();
        o << pad(std::to_string(k), 6) << pad(s.stride ? std::to_string(*s.stride) : "-", 8)
          << pad(std::to_string(s.counters.active_lanes), 8) << pad(std::to_string(s.counters.divergent_warps), 11)
          << pad(sh ? std::to_string(s.counters.shared_wavefronts) : "-", 12)
          << pad(sh ? std::to_string(s.max_conflict_ways) : "-", 7) << pad(std::to_string(s.counters.global_sectors), 9)
          << pad(std::to_string(s.counters.barriers), 10) << pad(std::to_string(s.counters.atomics), 9) << s.label
          << "\n";
        o << pad("", 6) << m::to_string(s.values_space) << " " << values_text(s.values, 16) << "\n";
    }
    const m::Totals& tot = t.totals;
    if (t.zero_sign_depends_on_order)
        o << "\nresult   ±0   (float64 reference ±0): the sign of the zero depends on the atomic order; in this "
             "order "
          << (std::signbit(t.result) ? "-0" : "+0") << "\n";
    else if (!t.faults.empty())  // the run stopped: no result, what *output held then
        o << "\nresult   none: the run stopped at a fault; *output held " << fmt(t.result) << "   (float64 reference "
          << fmt(t.reference) << ")\n";
    else
        o << "\nresult   " << fmt(t.result) << "   (float64 reference " << fmt(t.reference) << ")\n";
    if (t.expected_wrong) {
        const m::LostUpdates l = m::lost_updates(t);
        o << "expected wrong: " << l.lost << " of " << l.updates << " updates lost, carrying " << fmt(t.lost_value) << "\n";
    }
    char util[32];
    std::snprintf(util, sizeof util, "%.1f%%", 100.0 * tot.lane_utilisation);
    const m::DivergentWarpSteps div = m::divergent_warp_steps(t);
    o << "totals   divergent warp-steps " << tot.divergent_warp_steps;
    // What the total includes (the textbook counts the strides); an own kernel's steps are not the
    // model's strides and final write, so its total stands alone.
    if ((div.write || div.other) && t.own_source.empty())
        o << " (strides " << div.strides << ", final write " << div.write
          << (div.other ? ", other steps " + std::to_string(div.other) : std::string()) << ")";
    o << ", extra shared wavefronts "
      << tot.extra_shared_wavefronts << ", global sectors " << tot.global_sectors << ", barriers " << tot.barriers
      << ", atomics " << tot.atomics << ", adds " << tot.adds << ", lane utilisation " << util << "\n";
    for (const m::Fault& f : t.faults)
        o << "fault    " << f.kind << " at line " << f.line << ", column " << f.column << ", step " << f.step + 1 << ": "
          << f.message
          // the threads, where the sentence does not count them itself (simt.fault.lanes.*) or name
          // them (a data race's two)
          << (f.lanes.empty() || f.kind == "data_race" || f.text.id.rfind("simt.fault.lanes.", 0) == 0
                  ? std::string()
                  : " (threads " + lane_list(f.lanes) + ")")
          << "\n";
    for (const m::Note& n : t.notes)
        o << "note     " << n.kind << ": " << n.message << "\n";
    return o.str();
}

namespace {

struct TraceOptions {
    std::string strategy;
    std::string input;
    // As typed: strict decimal (CLI11 would take 0x10 and 020), parsed in the callback.
    std::string block_size;  ///< empty when not given: the model's default
    std::string warp_size = "32";
    std::string coarse_factor = "4";
    std::string banks = "32";
    std::string atomic_order = "0";
    bool json = false;
    bool on_gpu = false;
};

/// `trace --on-gpu`: the recording variant of the kernel run on the GPU (docs/trace-format.md,
/// "GPU-recorded traces"), printed like the model's trace. No GPU (or a build without CUDA):
/// NoDeviceError (exit 77).
struct NoDeviceError {
    std::string message;
};

std::string recorded_text(const std::string& strategy, const std::vector<float>& values, const m::Params& p,
                          bool json)
{
#if REDUCESCOPE_WITH_RECORDING
    const m::Trace model = m::simulate(strategy, values, p);  // resolves the default block size
    namespace g = reducescope::cuda;
    if (!g::can_record(strategy))
        throw BadInput{"strategy " + model::echo(strategy) + " has no GPU recording (--on-gpu: the strategies with a step model, "
                       "`reducescope-cli list`)"};
    try {
        const g::Recording rec = g::record_on_gpu(strategy, values, static_cast<unsigned int>(model.params.block_size),
                                                  static_cast<unsigned int>(p.coarse_factor));
        if (json)
            return g::recorded_trace_json(rec).dump() + "\n";
        return "recorded on the GPU: " + rec.device + " (" + std::to_string(rec.calls.size()) + " probe records)\n" +
               trace_table(g::recorded_trace(rec));
    } catch (const g::NoDevice& e) {
        throw NoDeviceError{std::string{"no GPU: "} + e.what()};
    } catch (const std::invalid_argument& e) {
        throw BadInput{e.what()};
    }
#else
    (void)strategy, (void)values, (void)p, (void)json;
    throw NoDeviceError{"no GPU: this build has no CUDA kernels, so --on-gpu cannot record"};
#endif
}

/// The yes/no traits `list --ids --with/--without` filters on (catalogue.h names each).
struct Trait {
    const char* name;
    bool m::StrategyInfo::*field;
};
constexpr Trait kTraits[] = {
    {"model", &m::StrategyInfo::has_model},
    {"kernel", &m::StrategyInfo::has_kernel},
    {"recording", &m::StrategyInfo::has_recording},
    {"bench", &m::StrategyInfo::has_bench},
    {"single_block", &m::StrategyInfo::single_block},
    {"in_place", &m::StrategyInfo::in_place},
    {"partials", &m::StrategyInfo::needs_partials},
    {"whole_warps", &m::StrategyInfo::whole_warps},
    {"cooperative", &m::StrategyInfo::cooperative},
    {"coarse_factor", &m::StrategyInfo::uses_coarse_factor},
    {"expected_wrong", &m::StrategyInfo::expected_wrong},
};

/// The names of kTraits as a comma list ("model, kernel, ...").
std::string trait_names()
{
    std::string names;
    for (const Trait& t : kTraits)
        names += (names.empty() ? "" : ", ") + std::string{t.name};
    return names;
}

/// The traits of comma lists such as "kernel,single_block"; BadInput names `option`.
std::vector<const Trait*> parse_traits(const std::string& option, const std::vector<std::string>& lists)
{
    std::vector<const Trait*> out;
    const std::string names = trait_names();
    std::string text;
    for (const std::string& l : lists)
        text += (text.empty() ? "" : ",") + l;
    std::stringstream in{text};
    std::string part;
    if (text.empty() && !lists.empty())
        throw BadInput{option + " must be a comma list of " + names + " (got '')"};
    while (std::getline(in, part, ',')) {
        const auto it = std::find_if(std::begin(kTraits), std::end(kTraits),
                                     [&](const Trait& t) { return part == t.name; });
        if (it == std::end(kTraits))
            throw BadInput{option + " must be a comma list of " + names + " (got '" + model::echo(part) + "')"};
        out.push_back(it);
    }
    return out;
}

/// `list --json`: every catalogue entry with every trait (docs/adding-a-strategy.md).
nlohmann::ordered_json catalogue_json()
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const m::StrategyInfo& s : m::catalogue()) {
        nlohmann::ordered_json e = {{"id", s.id},
                            {"family", m::family_key(s.family)},
                            {"summary", s.summary},
                            {"seed", s.seed},
                            {"source_file", s.source_file},
                            {"kernels", s.kernels},
                            {"operation", m::reduction_name(s.operation)},
                            {"elements_per_thread", s.elements_per_thread},
                            {"merge", m::merge_name(s.merge)}};
        for (const Trait& t : kTraits)
            e[t.name] = s.*t.field;
        out.push_back(std::move(e));
    }
    return out;
}

/// A decimal number option; its range is the model's (validate() words the message).
int trace_number(const std::string& text, const std::string& range_message)
{
    const auto v = model::parse_decimal_in(text, 0, INT_MAX);
    if (!v)
        throw BadInput{range_message + " (got " + (text.empty() ? std::string{"''"} : model::echo(text)) + ")"};
    return static_cast<int>(*v);
}

struct ListOptions {
    bool json = false;
    bool ids = false;
    std::vector<std::string> with, without;  // each a comma list; the options repeat
};

/// What `list` prints: the catalogue as JSON (--json), the ids with and without the traits asked
/// (--ids), or one line per strategy.
std::string list_text(const ListOptions& o)
{
    if ((!o.with.empty() || !o.without.empty()) && !o.ids)
        throw BadInput{"--with and --without need --ids"};
    if (o.json && o.ids)
        throw BadInput{"--json and --ids exclude each other"};
    if (o.json)
        return catalogue_json().dump(1) + "\n";
    if (o.ids) {
        const auto with = parse_traits("--with", o.with);
        const auto without = parse_traits("--without", o.without);
        std::string ids;
        for (const m::StrategyInfo& s : m::catalogue()) {
            const bool keep = std::all_of(with.begin(), with.end(), [&](const Trait* t) { return s.*t->field; }) &&
                              std::none_of(without.begin(), without.end(), [&](const Trait* t) { return s.*t->field; });
            if (keep)
                ids += (ids.empty() ? "" : ",") + std::string{s.id};
        }
        return ids + "\n";
    }
    std::ostringstream out;
    for (const auto& s : m::catalogue()) {
        out << pad(std::string(s.id), 22) << s.summary;
        if (!s.has_model)
            out << " [benchmark only]";
        out << "\n";
    }
    return out.str();
}

void add_list_command(CLI::App& app, int& exit_code)
{
    auto lopts = std::make_shared<ListOptions>();
    CLI::App* list = app.add_subcommand("list", "List the strategy ids with a one-line description each");
    list->add_flag("--json", lopts->json, "print every catalogue entry with all its traits as JSON");
    list->add_flag("--ids", lopts->ids, "print only the ids, comma-separated on one line (for scripts)");
    const std::string names = trait_names();
    list->add_option("--with", lopts->with,
                     "with --ids: only strategies with all these traits (a comma list of " + names + ")");
    list->add_option("--without", lopts->without,
                     "with --ids: only strategies with none of these traits (a comma list of " + names + ")");
    list->callback([lopts, &exit_code] {
        std::cout << list_text(*lopts);
        exit_code = kOk;
    });
}

/// The model's parameters from `trace`'s options (`block_given`: --block-size was on the command
/// line), each number strict decimal; then the model's own rules for `strategy` on `n` values.
m::Params trace_params(const TraceOptions& o, bool block_given, std::size_t n)
{
    m::Params p;
    if (block_given) {
        // 0 is the model's "default" inside the program, not a block size on the command line.
        const std::string range = "block-size must be a power of two in 1..1024";
        p.block_size = trace_number(o.block_size, range);
        if (p.block_size == 0)
            throw BadInput{range + " (got 0)"};
    }
    p.warp_size = trace_number(o.warp_size, "warp-size must be 32, or 4, 8 or 16 as a teaching aid");
    p.coarse_factor = trace_number(o.coarse_factor, "coarse-factor must be in 1..64");
    p.banks = trace_number(o.banks, "banks must be 32, or 4, 8 or 16");
    p.atomic_order = trace_number(o.atomic_order, "atomic-order must be in 0.." +
                                                      std::to_string(m::kMaxAtomicOrder) +
                                                      " (0: by block, warp and lane)");
    if (auto err = m::validate(o.strategy, n, p))
        throw BadInput{err->message};
    return p;
}

/// `trace --on-gpu`: what a GPU records (warps and banks of 32, the hardware's atomic order),
/// printed as the model's trace is. Returns the exit code; a missing GPU is kNoDevice.
int print_recorded(const TraceOptions& o, const std::vector<float>& values, const m::Params& p)
{
    if (p.warp_size != 32)
        throw BadInput{"warp-size must be 32 with --on-gpu (GPUs record warps of 32; got " +
                       std::to_string(p.warp_size) + ")"};
    if (p.banks != 32)
        throw BadInput{"banks must be 32 with --on-gpu (got " + std::to_string(p.banks) + ")"};
    if (p.atomic_order != 0)
        throw BadInput{"atomic-order must be 0 with --on-gpu (the GPU picks its own order; got " +
                       std::to_string(p.atomic_order) + ")"};
    try {
        std::cout << recorded_text(o.strategy, values, p, o.json);
        return kOk;
    } catch (const NoDeviceError& e) {
        std::cerr << "reducescope-cli: " << e.message << "\n";
        return kNoDevice;
    } catch (const std::runtime_error& e) {  // a CUDA call failed
        std::cerr << "reducescope-cli: recording failed: " << e.what() << "\n";
        return kFailure;
    }
}

/// `trace`: the step model's trace of the input (or, with --on-gpu, the GPU's recording), as a
/// table or as JSON. Returns the exit code.
int run_trace(const TraceOptions& o, bool block_given)
{
    const m::ParsedInput parsed = m::parse_input(o.input);
    if (parsed.error)
        throw BadInput{parsed.error->message};
    const m::Params p = trace_params(o, block_given, parsed.values.size());
    // Values not read as written (1e-46 is 0 in float32): said on stderr, stdout stays the trace.
    for (const m::Text& note : parsed.notes)
        std::cerr << "reducescope-cli: note: " << m::render_english(note) << "\n";
    if (o.on_gpu)
        return print_recorded(o, parsed.values, p);
    const m::Trace t = m::simulate(o.strategy, parsed.values, p);
    // Build the whole text first: nothing reaches stdout unless the command succeeds.
    const std::string text = o.json ? m::trace_to_json(t).dump() + "\n" : trace_table(t);
    std::cout << text;
    return kOk;
}

void add_trace_command(CLI::App& app, int& exit_code)
{
    auto opts = std::make_shared<TraceOptions>();
    CLI::App* trace = app.add_subcommand("trace", "Replay a strategy step by step on a small input (the step model)");
    std::string model_ids;
    for (const auto& s : m::catalogue())
        if (s.has_model)
            model_ids += (model_ids.empty() ? "" : ", ") + std::string(s.id);
    trace->add_option("--strategy", opts->strategy, "strategy id with a step model, one of " + model_ids)->required();
    trace->add_option("--input", opts->input, "values, e.g. \"6,2,7,4,5,8,3,1\" (1..4096; nan, inf accepted)")
        ->required();
    CLI::Option* block_opt = trace->add_option("--block-size", opts->block_size,
                      "power of two in 1..1024 (default: n/2 rounded up to a power of two for single-block "
                      "strategies, 256 otherwise, less when that leaves fewer than two blocks)")
        ->type_name("UINT");
    trace->add_option("--warp-size", opts->warp_size, "warp size: 32, or 4, 8 or 16 as a teaching aid")->type_name("UINT")->capture_default_str();
    trace->add_option("--coarse-factor", opts->coarse_factor, "COARSE_FACTOR, 1..64")->type_name("UINT")->capture_default_str();
    trace->add_option("--banks", opts->banks, "shared-memory banks: 32, or 4, 8 or 16")->type_name("UINT")->capture_default_str();
    trace->add_option("--atomic-order", opts->atomic_order,
                      "order of the float atomics on one address, and race's interleaving of warps: 0 = by block, "
                      "warp and lane; 1.." +
                          std::to_string(m::kMaxAtomicOrder) + " = a pseudo-random order (the model only)")
        ->type_name("UINT")
        ->capture_default_str();
    trace->add_flag("--json", opts->json, "print the trace as JSON (docs/trace-format.md)");
    trace->add_flag("--on-gpu", opts->on_gpu,
                    "run the kernel's recording variant on the GPU and print what it recorded (warp size 32)");
    trace->callback([opts, block_opt, &exit_code] { exit_code = run_trace(*opts, block_opt->count() > 0); });
}

} // namespace

void register_model_commands(CLI::App& app, int& exit_code)
{
    add_list_command(app, exit_code);
    add_trace_command(app, exit_code);
}

} // namespace reducescope::cli
