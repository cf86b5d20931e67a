// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/trace_json.h"

#include "model/catalogue.h"
#include "model/gpu_float.h"
#include "model/json_text.h"
#include "model/kernel_sources.h"
#include "model/message.h"
#include "model/simulate.h"  // kMaxAtomicOrder
#include "model/trace_keys.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>
#include <optional>
#include <tuple>

namespace reducescope::model {
using nlohmann::json;
namespace keys = trace_keys;  // every member name of the format, spelled once

namespace {
/// The value of `format`.
constexpr char kFormatName[] = "reducescope-trace";
} // namespace

std::string_view to_string(Operation op) { return op == Operation::Sum ? "sum" : "max"; }

std::string_view to_string(LaneState s)
{
    switch (s) {
    case LaneState::Active: return "active";
    case LaneState::Idle: return "idle";
    case LaneState::Exited: return "exited";
    }
    return "idle";
}

std::string_view to_string(MemorySpace s)
{
    switch (s) {
    case MemorySpace::Global: return "global";
    case MemorySpace::Shared: return "shared";
    case MemorySpace::Registers: return "registers";
    }
    return "global";
}

std::string_view to_string(AccessKind k) { return k == AccessKind::Read ? "read" : "write"; }

namespace {

json number(double v)
{
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    return v;
}

double read_number(const json& j)
{
    if (j.is_string()) {
        const auto s = j.get<std::string>();
        if (s == "nan")
            return std::numeric_limits<double>::quiet_NaN();
        if (s == "inf")
            return std::numeric_limits<double>::infinity();
        if (s == "-inf")
            return -std::numeric_limits<double>::infinity();
        throw json::type_error::create(302, "expected a number, \"nan\", \"inf\" or \"-inf\", got \"" + s + "\"", &j);
    }
    return j.get<double>();
}

json floats(const std::vector<float>& v)
{
    json a = json::array();
    for (float x : v)
        a.push_back(number(x));
    return a;
}

std::vector<float> read_floats(const json& j)
{
    std::vector<float> v;
    v.reserve(j.size());
    for (const auto& x : j)
        v.push_back(static_cast<float>(read_number(x)));
    return v;
}

template <typename E>
E enum_from(const json& j, std::initializer_list<E> all)
{
    const auto s = j.get<std::string>();
    for (E e : all)
        if (to_string(e) == s)
            return e;
    throw json::type_error::create(302, "unknown value \"" + s + "\"", &j);
}

json counters_json(const StepCounters& c)
{
    return {{keys::active_lanes, c.active_lanes},       {keys::lane_slots, c.lane_slots},
            {keys::divergent_warps, c.divergent_warps}, {keys::shared_wavefronts, c.shared_wavefronts},
            {keys::extra_shared_wavefronts, c.extra_shared_wavefronts},
            {keys::global_sectors, c.global_sectors},   {keys::barriers, c.barriers},
            {keys::atomics, c.atomics},                 {keys::adds, c.adds}};
}

} // namespace

json text_to_json(const Text& t)
{
    json args = json::array();
    for (const TextArg& a : t.args) {
        switch (a.kind) {
        case TextArg::Kind::Count: args.push_back(a.count); break;
        case TextArg::Kind::Number: args.push_back({{keys::number, number(a.number)}}); break;
        case TextArg::Kind::Code: args.push_back(a.code); break;
        case TextArg::Kind::Nested:
            args.push_back(a.nested.empty() ? json(nullptr) : text_to_json(a.nested.front()));
            break;
        }
    }
    return {{keys::id, t.id}, {keys::args, std::move(args)}};
}

Text text_from_json(const json& j)
{
    Text t;
    t.id = j.at(keys::id).get<std::string>();
    for (const json& a : j.at(keys::args)) {
        if (a.is_number_integer())
            t.args.push_back(TextArg::of_count(a.get<long long>()));
        else if (a.is_string())
            t.args.push_back(TextArg::of_code(a.get<std::string>()));
        else if (a.is_object() && a.contains(keys::number))
            t.args.push_back(TextArg::of_number(read_number(a.at(keys::number))));
        else
            t.args.push_back(TextArg::of_text(text_from_json(a)));
    }
    return t;
}

namespace {

json step_json(const Step& s, bool lanes)
{
    json j;
    j[keys::label] = s.label;
    j[keys::explanation] = s.explanation;
    if (!s.label_text.empty())
        j[keys::label_text] = text_to_json(s.label_text);
    if (!s.explanation_text.empty()) {
        json sentences = json::array();
        for (const Text& t : s.explanation_text)
            sentences.push_back(text_to_json(t));
        j[keys::explanation_text] = std::move(sentences);
    }
    j[keys::source_markers] = s.source_markers;
    j[keys::source_lines] = s.source_lines;
    j[keys::stride] = s.stride ? json(*s.stride) : json(nullptr);
    j[keys::block_dim] = s.block_dim;
    j[keys::grid_dim] = s.grid_dim;
    j[keys::values_space] = to_string(s.values_space);
    j[keys::reads_input] = s.reads_input;
    j[keys::values] = floats(s.values);
    j[keys::output] = s.output ? number(*s.output) : json(nullptr);
    const bool has_shared = !s.shared_accesses.empty();
    j[keys::shared_wavefronts] = s.counters.shared_wavefronts;
    j[keys::max_conflict_ways] = has_shared ? json(s.max_conflict_ways) : json(nullptr);
    j[keys::counters] = counters_json(s.counters);
    j[keys::grid_barrier] = s.grid_barrier;
    if (s.warp_barrier)  // written only where true: traces without warp-synchronous steps are as before
        j[keys::warp_barrier] = true;
    json warps = json::array();
    for (const WarpRecord& w : s.warps)
        warps.push_back({{keys::block, w.block}, {keys::warp, w.warp}, {keys::live_lanes, w.live_lanes},
                         {keys::active_lanes, w.active_lanes}, {keys::divergent, w.divergent}});
    j[keys::warps] = std::move(warps);
    // A step without lane records (one read from a file that left them out) writes no "lanes":
    // an empty array would break the reader's rule "lanes holds block_dim x grid_dim entries"
    // (fuzz finding trace_file-11d4cbaf, docs/reliability.md).
    if (lanes && !s.lanes.empty()) {
        json a = json::array();
        for (const LaneRecord& l : s.lanes)
            a.push_back({{keys::state, to_string(l.state)}, {keys::reads, l.reads}, {keys::writes, l.writes},
                         {keys::padding, l.padding}});
        j[keys::lanes] = std::move(a);
    }
    json sh = json::array();
    for (const SharedAccess& a : s.shared_accesses) {
        json x = {{keys::block, a.block},           {keys::warp, a.warp},
                  {keys::kind, to_string(a.kind)},  {keys::expression, a.expression},
                  {keys::wavefronts, a.wavefronts}, {keys::max_conflict_ways, a.max_conflict_ways},
                  {keys::broadcast, a.broadcast}};
        if (lanes) {
            x[keys::words] = a.words;
            x[keys::bank_of_lane] = a.bank_of_lane;
        }
        sh.push_back(std::move(x));
    }
    j[keys::shared_accesses] = std::move(sh);
    json gl = json::array();
    for (const GlobalAccess& a : s.global_accesses) {
        json x = {{keys::block, a.block},
                  {keys::warp, a.warp},
                  {keys::kind, to_string(a.kind)},
                  {keys::expression, a.expression},
                  {keys::bytes_per_lane, a.bytes_per_lane},
                  {keys::sectors, a.sectors},
                  {keys::ideal_sectors, a.ideal_sectors}};
        if (lanes)
            x[keys::elements] = a.elements;
        gl.push_back(std::move(x));
    }
    j[keys::global_accesses] = std::move(gl);
    json at = json::array();
    for (const AtomicOp& a : s.atomics)
        at.push_back({{keys::order, a.order},
                      {keys::block, a.block},
                      {keys::lane, a.lane},
                      {keys::target, a.target},
                      {keys::before, number(a.before)},
                      {keys::operand, number(a.operand)},
                      {keys::after, number(a.after)},
                      {keys::lost, a.lost}});
    j[keys::atomics] = std::move(at);
    return j;
}

} // namespace

json trace_to_json(const Trace& t, bool include_lanes)
{
    json j;
    j[keys::format] = kFormatName;
    j[keys::format_version] = kTraceFormatVersion;
    j[keys::strategy] = t.strategy;
    j[keys::operation] = to_string(t.operation);
    j[keys::params] = {{keys::block_size, t.params.block_size},       {keys::warp_size, t.params.warp_size},
                       {keys::coarse_factor, t.params.coarse_factor}, {keys::banks, t.params.banks},
                       {keys::atomic_order, t.params.atomic_order},   {keys::n, t.n}};
    j[keys::padded_n] = t.padded_n;
    j[keys::grid_size] = t.grid_size;
    j[keys::source_file] = t.source_file;
    j[keys::input] = floats(t.input);
    j[keys::result] = number(t.result);
    j[keys::reference] = number(t.reference);
    j[keys::zero_sign_depends_on_order] = t.zero_sign_depends_on_order;
    j[keys::expected_wrong] = t.expected_wrong;
    j[keys::lost_value] = number(t.lost_value);
    j[keys::teaching_warp_size] = t.teaching_warp_size;
    const Totals& tot = t.totals;
    j[keys::totals] = {{keys::divergent_warp_steps, tot.divergent_warp_steps},
                       {keys::shared_wavefronts, tot.shared_wavefronts},
                       {keys::extra_shared_wavefronts, tot.extra_shared_wavefronts},
                       {keys::global_sectors, tot.global_sectors},
                       {keys::barriers, tot.barriers},
                       {keys::atomics, tot.atomics},
                       {keys::adds, tot.adds},
                       {keys::active_lane_slots, tot.active_lane_slots},
                       {keys::issued_lane_slots, tot.issued_lane_slots},
                       {keys::lane_utilisation, tot.lane_utilisation}};
    json steps = json::array();
    for (const Step& s : t.steps)
        steps.push_back(step_json(s, include_lanes));
    j[keys::steps] = std::move(steps);
    if (!t.own_source.empty())
        j[keys::own_source] = t.own_source;
    if (!t.faults.empty()) {
        json faults = json::array();
        for (const Fault& f : t.faults) {
            json x = {{keys::kind, f.kind}, {keys::message, f.message}, {keys::line, f.line},
                      {keys::column, f.column}, {keys::step, f.step}, {keys::lanes, f.lanes}};
            if (!f.text.empty())
                x[keys::text] = text_to_json(f.text);
            faults.push_back(std::move(x));
        }
        j[keys::faults] = std::move(faults);
    }
    if (!t.notes.empty()) {
        json notes = json::array();
        for (const Note& n : t.notes)
            notes.push_back({{keys::kind, n.kind}, {keys::message, n.message}, {keys::text, text_to_json(n.text)},
                             {keys::line, n.line}, {keys::column, n.column}});
        j[keys::notes] = std::move(notes);
    }
    return j;
}

Trace trace_from_json(const json& j)
{
    Trace t;
    t.strategy = j.at(keys::strategy).get<std::string>();
    t.operation = enum_from(j.at(keys::operation), {Operation::Sum, Operation::Max});
    const json& p = j.at(keys::params);
    t.params.block_size = p.at(keys::block_size).get<int>();
    t.params.warp_size = p.at(keys::warp_size).get<int>();
    t.params.coarse_factor = p.at(keys::coarse_factor).get<int>();
    t.params.banks = p.at(keys::banks).get<int>();
    t.params.atomic_order = p.value(keys::atomic_order, 0);  // absent in files written before it existed
    t.n = p.at(keys::n).get<int>();
    t.padded_n = j.at(keys::padded_n).get<int>();
    t.grid_size = j.at(keys::grid_size).get<int>();
    t.source_file = j.at(keys::source_file).get<std::string>();
    t.input = read_floats(j.at(keys::input));
    t.result = static_cast<float>(read_number(j.at(keys::result)));
    t.reference = read_number(j.at(keys::reference));
    t.zero_sign_depends_on_order = j.value(keys::zero_sign_depends_on_order, false);
    t.expected_wrong = j.at(keys::expected_wrong).get<bool>();
    t.lost_value = read_number(j.at(keys::lost_value));
    t.teaching_warp_size = j.at(keys::teaching_warp_size).get<bool>();
    t.own_source = j.value(keys::own_source, std::string());
    if (const auto f = j.find(keys::faults); f != j.end())
        for (const json& x : *f)
            t.faults.push_back({x.at(keys::kind).get<std::string>(), x.at(keys::message).get<std::string>(),
                                x.contains(keys::text) ? text_from_json(x.at(keys::text)) : Text{},  // absent in older files
                                x.at(keys::line).get<int>(), x.at(keys::column).get<int>(), x.at(keys::step).get<int>(),
                                x.at(keys::lanes).get<std::vector<int>>()});
    if (const auto n = j.find(keys::notes); n != j.end())
        for (const json& x : *n)
            t.notes.push_back({x.at(keys::kind).get<std::string>(), x.at(keys::message).get<std::string>(),
                               text_from_json(x.at(keys::text)), x.at(keys::line).get<int>(), x.at(keys::column).get<int>()});
    const json& tot = j.at(keys::totals);
    t.totals.divergent_warp_steps = tot.at(keys::divergent_warp_steps).get<int>();
    t.totals.shared_wavefronts = tot.at(keys::shared_wavefronts).get<int>();
    t.totals.extra_shared_wavefronts = tot.at(keys::extra_shared_wavefronts).get<int>();
    t.totals.global_sectors = tot.at(keys::global_sectors).get<long long>();
    t.totals.barriers = tot.at(keys::barriers).get<int>();
    t.totals.atomics = tot.at(keys::atomics).get<int>();
    t.totals.adds = tot.at(keys::adds).get<long long>();
    t.totals.active_lane_slots = tot.at(keys::active_lane_slots).get<long long>();
    t.totals.issued_lane_slots = tot.at(keys::issued_lane_slots).get<long long>();
    t.totals.lane_utilisation = tot.at(keys::lane_utilisation).get<double>();
    for (const json& js : j.at(keys::steps)) {
        Step s;
        s.label = js.at(keys::label).get<std::string>();
        s.explanation = js.at(keys::explanation).get<std::string>();
        // Messages (text.h); absent in files written before them: the English above is all there is.
        if (js.contains(keys::label_text))
            s.label_text = text_from_json(js.at(keys::label_text));
        if (js.contains(keys::explanation_text))
            for (const json& t : js.at(keys::explanation_text))
                s.explanation_text.push_back(text_from_json(t));
        s.source_markers = js.at(keys::source_markers).get<std::vector<std::string>>();
        s.source_lines = js.at(keys::source_lines).get<std::vector<int>>();
        if (!js.at(keys::stride).is_null())
            s.stride = js.at(keys::stride).get<int>();
        s.block_dim = js.at(keys::block_dim).get<int>();
        s.grid_dim = js.at(keys::grid_dim).get<int>();
        s.values_space =
            enum_from(js.at(keys::values_space), {MemorySpace::Global, MemorySpace::Shared, MemorySpace::Registers});
        s.reads_input = js.at(keys::reads_input).get<bool>();
        s.values = read_floats(js.at(keys::values));
        if (!js.at(keys::output).is_null())
            s.output = static_cast<float>(read_number(js.at(keys::output)));
        s.max_conflict_ways = js.at(keys::max_conflict_ways).is_null() ? 0 : js.at(keys::max_conflict_ways).get<int>();
        const json& c = js.at(keys::counters);
        s.counters.active_lanes = c.at(keys::active_lanes).get<int>();
        s.counters.lane_slots = c.at(keys::lane_slots).get<int>();
        s.counters.divergent_warps = c.at(keys::divergent_warps).get<int>();
        s.counters.shared_wavefronts = c.at(keys::shared_wavefronts).get<int>();
        s.counters.extra_shared_wavefronts = c.at(keys::extra_shared_wavefronts).get<int>();
        s.counters.global_sectors = c.at(keys::global_sectors).get<int>();
        s.counters.barriers = c.at(keys::barriers).get<int>();
        s.counters.atomics = c.at(keys::atomics).get<int>();
        s.counters.adds = c.at(keys::adds).get<int>();
        s.grid_barrier =
            js.contains(keys::grid_barrier) && js.at(keys::grid_barrier).get<bool>();  // absent: __syncthreads()
        s.warp_barrier =
            js.contains(keys::warp_barrier) && js.at(keys::warp_barrier).get<bool>();  // absent: not warp-synchronous
        for (const json& jw : js.at(keys::warps)) {
            WarpRecord w;
            w.block = jw.at(keys::block).get<int>();
            w.warp = jw.at(keys::warp).get<int>();
            w.live_lanes = jw.at(keys::live_lanes).get<int>();
            w.active_lanes = jw.at(keys::active_lanes).get<std::vector<int>>();
            w.divergent = jw.at(keys::divergent).get<bool>();
            s.warps.push_back(std::move(w));
        }
        if (js.contains(keys::lanes)) {
            for (const json& jl : js.at(keys::lanes)) {
                LaneRecord l;
                l.state = enum_from(jl.at(keys::state), {LaneState::Active, LaneState::Idle, LaneState::Exited});
                l.reads = jl.at(keys::reads).get<std::vector<std::int32_t>>();
                l.writes = jl.at(keys::writes).get<std::vector<std::int32_t>>();
                l.padding = jl.at(keys::padding).get<bool>();
                s.lanes.push_back(std::move(l));
            }
        }
        for (const json& ja : js.at(keys::shared_accesses)) {
            SharedAccess a;
            a.block = ja.at(keys::block).get<int>();
            a.warp = ja.at(keys::warp).get<int>();
            a.kind = enum_from(ja.at(keys::kind), {AccessKind::Read, AccessKind::Write});
            a.expression = ja.at(keys::expression).get<std::string>();
            a.wavefronts = ja.at(keys::wavefronts).get<int>();
            a.max_conflict_ways = ja.at(keys::max_conflict_ways).get<int>();
            a.broadcast = ja.at(keys::broadcast).get<bool>();
            if (ja.contains(keys::words))
                a.words = ja.at(keys::words).get<std::vector<std::int32_t>>();
            if (ja.contains(keys::bank_of_lane))
                a.bank_of_lane = ja.at(keys::bank_of_lane).get<std::vector<std::int32_t>>();
            s.shared_accesses.push_back(std::move(a));
        }
        for (const json& ja : js.at(keys::global_accesses)) {
            GlobalAccess a;
            a.block = ja.at(keys::block).get<int>();
            a.warp = ja.at(keys::warp).get<int>();
            a.kind = enum_from(ja.at(keys::kind), {AccessKind::Read, AccessKind::Write});
            a.expression = ja.at(keys::expression).get<std::string>();
            a.bytes_per_lane = ja.at(keys::bytes_per_lane).get<int>();
            a.sectors = ja.at(keys::sectors).get<int>();
            a.ideal_sectors = ja.at(keys::ideal_sectors).get<int>();
            if (ja.contains(keys::elements))
                a.elements = ja.at(keys::elements).get<std::vector<std::int64_t>>();
            s.global_accesses.push_back(std::move(a));
        }
        for (const json& ja : js.at(keys::atomics)) {
            AtomicOp a;
            a.order = ja.at(keys::order).get<int>();
            a.block = ja.at(keys::block).get<int>();
            a.lane = ja.at(keys::lane).get<int>();
            a.target = ja.at(keys::target).get<std::string>();
            a.before = read_number(ja.at(keys::before));
            a.operand = read_number(ja.at(keys::operand));
            a.after = read_number(ja.at(keys::after));
            a.lost = ja.at(keys::lost).get<bool>();
            s.atomics.push_back(std::move(a));
        }
        t.steps.push_back(std::move(s));
    }
    return t;
}

} // namespace reducescope::model

// --- Strict reader of trace files ------------------------------------------------------------

namespace reducescope::model {
namespace {

/// The first bad field: read_trace_file() turns it into the one-line error.
struct FieldError {
    std::string message;
};

// Sizes beyond anything the model writes (4096 values, block 1024, coarse factor 64: the padded
// input reaches 4 * 64 * 1024 = 262144 values); they bound what a hand-made file can ask a view to draw.
constexpr long long kMaxArray = 1 << 19;
constexpr long long kMaxSteps = kMaxTraceSteps;
constexpr long long kMaxGrid = 65535;
constexpr long long kMaxIndexList = 4096;  // reads / writes of one lane (grid_sync's thread 0 at block 1: every partial)
constexpr std::size_t kMaxText = 4000;

std::string got(const json& v)
{
    // Containers are described, not printed: dumping a deeply nested one recurses once per level.
    if (v.is_array())
        return " (got an array of " + std::to_string(v.size()) + " entries)";
    if (v.is_object())
        return " (got an object)";
    return " (got " + model::echo(v.dump()) + ")";
}

const json& field(const json& obj, const char* key, const std::string& path)
{
    const auto it = obj.find(key);
    if (it == obj.end())
        throw FieldError{path + key + " is missing"};
    return *it;
}

long long integer(const json& v, const std::string& name, long long lo, long long hi)
{
    if (hi < lo)  // an index into an empty array
        throw FieldError{name + " cannot be any index: the array it points into is empty" + got(v)};
    // One allowed value is named as such ("format_version must be 1"), not as the range "1..1".
    const std::string range = lo == hi ? name + " must be " + std::to_string(lo)
                                       : name + " must be an integer in " + std::to_string(lo) + ".." + std::to_string(hi);
    if (!v.is_number_integer())
        throw FieldError{range + got(v)};
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(hi) || (lo > 0 && u < static_cast<std::uint64_t>(lo)))
            throw FieldError{range + got(v)};
        return static_cast<long long>(u);
    }
    const auto x = v.get<long long>();
    if (x < lo || x > hi)
        throw FieldError{range + got(v)};
    return x;
}

double real(const json& v, const std::string& name)
{
    if (v.is_number())
        return v.get<double>();
    if (v.is_string()) {
        const auto& s = v.get_ref<const std::string&>();
        if (s == "nan" || s == "inf" || s == "-inf")
            return read_number(v);
    }
    throw FieldError{name + " must be a number, \"nan\", \"inf\" or \"-inf\"" + got(v)};
}

bool boolean(const json& v, const std::string& name)
{
    if (!v.is_boolean())
        throw FieldError{name + " must be true or false" + got(v)};
    return v.get<bool>();
}

std::string text(const json& v, const std::string& name, std::size_t max_length = kMaxText)
{
    if (!v.is_string())
        throw FieldError{name + " must be a string" + got(v)};
    const auto& s = v.get_ref<const std::string&>();
    if (s.size() > max_length)
        throw FieldError{name + " must be a string of at most " + std::to_string(max_length) + " bytes (got " +
                         std::to_string(s.size()) + ")"};
    return s;
}

const json& array(const json& v, const std::string& name, long long max_size, long long min_size = 0)
{
    if (!v.is_array())
        throw FieldError{name + " must be an array" + got(v)};
    const auto size = static_cast<long long>(v.size());
    if (size < min_size || size > max_size)
        throw FieldError{name + " must hold " + std::to_string(min_size) + ".." + std::to_string(max_size) +
                         " entries (got " + std::to_string(size) + ")"};
    return v;
}

const json& object(const json& v, const std::string& name)
{
    if (!v.is_object())
        throw FieldError{name + " must be an object" + got(v)};
    return v;
}

template <typename E>
void one_of(const json& v, const std::string& name, std::initializer_list<E> all)
{
    std::string names;
    for (E e : all) {
        if (v.is_string() && v.get_ref<const std::string&>() == to_string(e))
            return;
        names += (names.empty() ? "\"" : ", \"") + std::string(to_string(e)) + "\"";
    }
    throw FieldError{name + " must be one of " + names + got(v)};
}

std::string at(const std::string& path, const char* key) { return path + key; }
/// "key.": the start of the names of an object's members ("params." for params.block_size).
std::string prefix(const char* key) { return std::string(key) + "."; }
std::string item(const std::string& path, std::size_t i) { return path + "[" + std::to_string(i) + "]"; }

void check_floats(const json& v, const std::string& name, long long max_size)
{
    array(v, name, max_size);
    for (std::size_t i = 0; i < v.size(); ++i)
        real(v[i], item(name, i));
}

/// A float32 value: a number of magnitude at most FLT_MAX, or "nan", "inf", "-inf" (what the kernels
/// hold; the CLI refuses 1e39 as input, and so must a file).
double float32(const json& v, const std::string& name)
{
    const double x = real(v, name);
    if (v.is_number() && std::fabs(x) > static_cast<double>(std::numeric_limits<float>::max()))
        throw FieldError{name + " must be a float32 value (magnitude at most 3.40282347e+38, or \"inf\")" + got(v)};
    return x;
}

/// Integers in lo..hi, at most max_size of them.
void check_indices(const json& v, const std::string& name, long long max_size, long long lo, long long hi)
{
    array(v, name, max_size);
    for (std::size_t i = 0; i < v.size(); ++i)
        integer(v[i], item(name, i), lo, hi);
}

long long power_of_two(const json& v, const std::string& name, long long hi)
{
    const long long x = integer(v, name, 1, hi);
    if ((x & (x - 1)) != 0)
        throw FieldError{name + " must be a power of two in 1.." + std::to_string(hi) + got(v)};
    return x;
}

long long warp_like(const json& v, const std::string& name)
{
    const long long x = integer(v, name, 4, 32);
    if (x != 4 && x != 8 && x != 16 && x != 32)
        throw FieldError{name + " must be 32, or 4, 8 or 16 as a teaching aid" + got(v)};
    return x;
}

struct Launch {
    long long block_dim, grid_dim, warp_size, banks, warps_per_block, lanes;
};

void check_counters(const json& c, const std::string& p)
{
    object(c, p);
    for (const char* k :
         {keys::active_lanes, keys::lane_slots, keys::divergent_warps, keys::shared_wavefronts,
          keys::extra_shared_wavefronts, keys::global_sectors, keys::barriers, keys::atomics, keys::adds})
        integer(field(c, k, p + "."), at(p + ".", k), 0, INT32_MAX);
}

/// A message (text.h): {"id": a known message id, "args": [...]}, each argument an integer (a
/// count), a string (verbatim code), {"number": x} or a nested message (at most 2 levels deep),
/// as many as the message's English uses.
void check_text(const json& v, const std::string& name, int depth)
{
    const json& t = object(v, name);
    const std::string id = text(field(t, keys::id, name + "."), name + "." + keys::id, 64);
    const MessageDef* def = find_message(id);
    if (!def)
        throw FieldError{name + "." + keys::id + " must be a message id of this version (got \"" + model::echo(id) +
                         "\")"};
    const json& args = array(field(t, keys::args, name + "."), name + "." + keys::args, 9);
    for (std::size_t i = 0; i < args.size(); ++i) {
        const json& a = args[i];
        const std::string an = item(name + "." + keys::args, i);
        if (a.is_number_integer() || a.is_string()) {
            if (a.is_string())
                text(a, an, 400);
        } else if (a.is_object() && a.contains(keys::number)) {
            real(a.at(keys::number), an + "." + keys::number);
        } else if (a.is_object() && depth < 2) {
            check_text(a, an, depth + 1);
        } else {
            throw FieldError{an + " must be an integer, a string, {\"number\": x} or a message" + got(a)};
        }
    }
    // Every placeholder of the English must have its argument (the renderers substitute nothing
    // for a missing one, which would print a half sentence).
    std::size_t needed = def->plural >= 0 ? static_cast<std::size_t>(def->plural) + 1 : 0;
    for (std::string_view form : {def->one, def->other})
        for (std::size_t k = 0; k + 1 < form.size(); ++k)
            if (form[k] == '%' && form[k + 1] >= '1' && form[k + 1] <= '9')
                needed = std::max(needed, static_cast<std::size_t>(form[k + 1] - '0'));
    if (args.size() < needed)
        throw FieldError{name + "." + keys::args + " must hold " + std::to_string(needed) +
                         " arguments for message \"" + id + "\" (got " + std::to_string(args.size()) + ")"};
    if (def->plural >= 0 && !args[static_cast<std::size_t>(def->plural)].is_number_integer())
        throw FieldError{item(name + "." + keys::args, static_cast<std::size_t>(def->plural)) +
                         " must be an integer (the count message \"" + id + "\" agrees with)" +
                         got(args[static_cast<std::size_t>(def->plural)])};
}

/// The fields every shared / global access record has: an object with the block and warp that made
/// it (within the step's launch), read or write, and the source expression.
const json& check_access(const json& v, const std::string& a, const Launch& l)
{
    const json& x = object(v, a);
    integer(field(x, keys::block, a + "."), a + "." + keys::block, 0, l.grid_dim - 1);
    integer(field(x, keys::warp, a + "."), a + "." + keys::warp, 0, l.warps_per_block - 1);
    one_of(field(x, keys::kind, a + "."), a + "." + keys::kind, {AccessKind::Read, AccessKind::Write});
    text(field(x, keys::expression, a + "."), a + "." + keys::expression, 200);
    return x;
}

// Steps over the same array (same values_space, block_dim and grid_dim) show it at the same
// length: a `values` shorter or longer than the other steps' is the field to blame, before the
// lanes' indices into it are (issue 28: a step with 1 value of 8 was blamed on a lane's read).
// Where the steps of a group disagree, the length most of them have is taken for the right one.
void check_values_lengths(const json& steps)
{
    std::map<std::tuple<std::string, long long, long long>, std::map<std::size_t, std::size_t>> lengths;
    const auto key = [](const json& s) -> std::optional<std::tuple<std::string, long long, long long>> {
        if (!s.is_object())
            return std::nullopt;
        const auto space = s.find(keys::values_space), bd = s.find(keys::block_dim), gd = s.find(keys::grid_dim),
                   v = s.find(keys::values);
        if (space == s.end() || !space->is_string() || bd == s.end() || !bd->is_number_integer() || gd == s.end() ||
            !gd->is_number_integer() || v == s.end() || !v->is_array())
            return std::nullopt;  // check_step names what is missing or of the wrong type
        return std::tuple{space->get<std::string>(), bd->get<long long>(), gd->get<long long>()};
    };
    for (const json& s : steps)
        if (const auto k = key(s))
            ++lengths[*k][s.at(keys::values).size()];
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const auto k = key(steps[i]);
        if (!k)
            continue;
        const auto& counts = lengths.at(*k);
        if (counts.size() < 2)
            continue;
        std::size_t common = 0, most = 0, total = 0;
        for (const auto& [len, n] : counts) {
            total += n;
            if (n > most) {
                most = n;
                common = len;
            }
        }
        const std::size_t have = steps[i].at(keys::values).size();
        if (have != common && most * 2 > total)
            throw FieldError{item(keys::steps, i) + "." + keys::values + " must hold " + std::to_string(common) +
                             " values, as " + std::to_string(most) + " of the " + std::to_string(total) +
                             " steps over the same array (values_space " + std::get<0>(*k) + ", block_dim " +
                             std::to_string(std::get<1>(*k)) + ", grid_dim " + std::to_string(std::get<2>(*k)) +
                             ") do (got " + std::to_string(have) + ")"};
    }
}

void check_step(const json& s, const std::string& p, const Launch& trace_launch, long long input_size,
                std::size_t source_lines)
{
    object(s, p);
    const std::string q = p + ".";
    text(field(s, keys::label, q), q + keys::label);
    text(field(s, keys::explanation, q), q + keys::explanation);
    if (s.contains(keys::label_text))
        check_text(s.at(keys::label_text), q + keys::label_text, 0);
    if (s.contains(keys::explanation_text)) {
        const json& sentences = array(s.at(keys::explanation_text), q + keys::explanation_text, 16);
        for (std::size_t i = 0; i < sentences.size(); ++i)
            check_text(sentences[i], item(q + keys::explanation_text, i), 0);
    }
    const json& markers = array(field(s, keys::source_markers, q), q + keys::source_markers, 64);
    for (std::size_t i = 0; i < markers.size(); ++i)
        text(markers[i], item(q + keys::source_markers, i), 200);
    check_indices(field(s, keys::source_lines, q), q + keys::source_lines, 1000, 1,
                  static_cast<long long>(source_lines));
    if (const json& st = field(s, keys::stride, q); !st.is_null())
        integer(st, q + keys::stride, 0, 1 << 24);
    Launch l = trace_launch;
    l.block_dim = power_of_two(field(s, keys::block_dim, q), q + keys::block_dim, 1024);
    l.grid_dim = integer(field(s, keys::grid_dim, q), q + keys::grid_dim, 1, kMaxGrid);
    l.warps_per_block = (l.block_dim + l.warp_size - 1) / l.warp_size;
    l.lanes = l.block_dim * l.grid_dim;
    one_of(field(s, keys::values_space, q), q + keys::values_space,
           {MemorySpace::Global, MemorySpace::Shared, MemorySpace::Registers});
    const bool reads_input = boolean(field(s, keys::reads_input, q), q + keys::reads_input);
    const json& values = field(s, keys::values, q);
    check_floats(values, q + keys::values, kMaxArray);
    const auto n_values = static_cast<long long>(values.size());
    if (const json& o = field(s, keys::output, q); !o.is_null())
        real(o, q + keys::output);
    integer(field(s, keys::shared_wavefronts, q), q + keys::shared_wavefronts, 0, INT32_MAX);
    if (const json& m = field(s, keys::max_conflict_ways, q); !m.is_null())
        integer(m, q + keys::max_conflict_ways, 0, l.warp_size);
    check_counters(field(s, keys::counters, q), q + keys::counters);
    if (s.contains(keys::grid_barrier))  // optional: files written before it have none (block barriers)
        boolean(s.at(keys::grid_barrier), q + keys::grid_barrier);
    if (s.contains(keys::warp_barrier) && boolean(s.at(keys::warp_barrier), q + keys::warp_barrier) &&  // optional, as grid_barrier
        s.contains(keys::grid_barrier) && s.at(keys::grid_barrier).get<bool>())
        throw FieldError{q + keys::warp_barrier + " and " + q + keys::grid_barrier +
                         " cannot both be true (a step's barriers are of one kind)"};
    {
        const json& c = field(s, keys::counters, q);
        if (s.at(keys::shared_wavefronts) != c.at(keys::shared_wavefronts))
            throw FieldError{q + keys::shared_wavefronts + " must be counters.shared_wavefronts, " +
                             std::to_string(c.at(keys::shared_wavefronts).get<long long>()) +
                             got(s.at(keys::shared_wavefronts))};
        if (c.at(keys::active_lanes).get<long long>() > c.at(keys::lane_slots).get<long long>())
            throw FieldError{
                q + prefix(keys::counters) + keys::active_lanes + " must be at most counters.lane_slots (" +
                std::to_string(c.at(keys::lane_slots).get<long long>()) + ")" + got(c.at(keys::active_lanes))};
    }

    const json& warps = array(field(s, keys::warps, q), q + keys::warps, l.grid_dim * l.warps_per_block);
    for (std::size_t i = 0; i < warps.size(); ++i) {
        const std::string w = item(q + keys::warps, i);
        object(warps[i], w);
        integer(field(warps[i], keys::block, w + "."), w + "." + keys::block, 0, l.grid_dim - 1);
        integer(field(warps[i], keys::warp, w + "."), w + "." + keys::warp, 0, l.warps_per_block - 1);
        const long long live =
            integer(field(warps[i], keys::live_lanes, w + "."), w + "." + keys::live_lanes, 0, l.warp_size);
        const json& active = field(warps[i], keys::active_lanes, w + ".");
        check_indices(active, w + "." + keys::active_lanes, live, 0, live - 1);
        for (std::size_t k = 1; k < active.size(); ++k)
            if (active[k].get<long long>() <= active[k - 1].get<long long>())
                throw FieldError{item(w + "." + keys::active_lanes, k) + " must be greater than the lane before it "
                                 "(lanes in increasing order, each once)" + got(active[k])};
        boolean(field(warps[i], keys::divergent, w + "."), w + "." + keys::divergent);
    }
    if (const auto it = s.find(keys::lanes); it != s.end()) {
        const json& lanes = *it;
        if (!lanes.is_array() || static_cast<long long>(lanes.size()) != l.lanes)
            throw FieldError{q + keys::lanes + " must hold block_dim x grid_dim = " + std::to_string(l.lanes) +
                             " entries (got " +
                             (lanes.is_array() ? std::to_string(lanes.size()) : model::echo(lanes.dump())) + ")"};
        long long pairs = 0;  // read -> write arrows the view would draw
        for (std::size_t i = 0; i < lanes.size(); ++i) {
            const std::string ln = item(q + keys::lanes, i);
            object(lanes[i], ln);
            one_of(field(lanes[i], keys::state, ln + "."), ln + "." + keys::state,
                   {LaneState::Active, LaneState::Idle, LaneState::Exited});
            const json& reads = field(lanes[i], keys::reads, ln + ".");
            const json& writes = field(lanes[i], keys::writes, ln + ".");
            // The indices are into the step's values (or the input): the message says which, and
            // how many that holds, since a wrong length there is as likely as a wrong index.
            try {
                check_indices(reads, ln + "." + keys::reads, kMaxIndexList, 0, (reads_input ? input_size : n_values) - 1);
                check_indices(writes, ln + "." + keys::writes, kMaxIndexList, 0, n_values - 1);
            } catch (const FieldError& e) {
                const bool write = e.message.rfind(ln + "." + keys::writes, 0) == 0;
                throw FieldError{e.message + (reads_input && !write
                                                  ? " (an index into the input, " + std::to_string(input_size) + " values)"
                                                  : " (an index into " + q + keys::values + ", which holds " +
                                                        std::to_string(n_values) + " values)")};
            }
            boolean(field(lanes[i], keys::padding, ln + "."), ln + "." + keys::padding);
            pairs += static_cast<long long>(reads.size() * std::max<std::size_t>(1, writes.size()));
            if (pairs > kMaxArray * 4)
                throw FieldError{q + keys::lanes + ": more than " + std::to_string(kMaxArray * 4) +
                                 " reads in one step"};
        }
    }
    const json& shared = array(field(s, keys::shared_accesses, q), q + keys::shared_accesses, kMaxArray);
    if (s.at(keys::max_conflict_ways).is_null() != shared.empty())
        throw FieldError{q + keys::max_conflict_ways + " must be " +
                         (shared.empty() ? std::string("null: the step has no shared access")
                                         : "the worst of its shared accesses' wavefronts, not null") +
                         got(s.at(keys::max_conflict_ways))};
    for (std::size_t i = 0; i < shared.size(); ++i) {
        const std::string a = item(q + keys::shared_accesses, i);
        const json& x = check_access(shared[i], a, l);
        integer(field(x, keys::wavefronts, a + "."), a + "." + keys::wavefronts, 0, l.warp_size);
        integer(field(x, keys::max_conflict_ways, a + "."), a + "." + keys::max_conflict_ways, 0, l.warp_size);
        boolean(field(x, keys::broadcast, a + "."), a + "." + keys::broadcast);
        const auto words = x.find(keys::words);
        const auto banks = x.find(keys::bank_of_lane);
        if (words != x.end())
            check_indices(*words, a + "." + keys::words, l.warp_size, -1, kMaxArray);
        if (banks != x.end())
            check_indices(*banks, a + "." + keys::bank_of_lane, l.warp_size, -1, l.banks - 1);
        if ((words == x.end()) != (banks == x.end()) ||
            (words != x.end() && words->size() != banks->size()))
            throw FieldError{a + "." + keys::words + " and " + a + "." + keys::bank_of_lane +
                             " must both be there, one entry per lane"};
    }
    const json& global = array(field(s, keys::global_accesses, q), q + keys::global_accesses, kMaxArray);
    for (std::size_t i = 0; i < global.size(); ++i) {
        const std::string a = item(q + keys::global_accesses, i);
        const json& x = check_access(global[i], a, l);
        const long long bytes = integer(field(x, keys::bytes_per_lane, a + "."), a + "." + keys::bytes_per_lane, 4, 16);
        if (bytes != 4 && bytes != 8 && bytes != 16)
            throw FieldError{a + "." + keys::bytes_per_lane + " must be 4, 8 or 16" + got(x.at(keys::bytes_per_lane))};
        integer(field(x, keys::sectors, a + "."), a + "." + keys::sectors, 0, 32 * 4);
        integer(field(x, keys::ideal_sectors, a + "."), a + "." + keys::ideal_sectors, 0, 32 * 4);
        if (const auto e = x.find(keys::elements); e != x.end())
            check_indices(*e, a + "." + keys::elements, l.warp_size, -1, kMaxArray);
    }
    const json& atomics = array(field(s, keys::atomics, q), q + keys::atomics, kMaxArray);
    for (std::size_t i = 0; i < atomics.size(); ++i) {
        const std::string a = item(q + keys::atomics, i);
        const json& x = object(atomics[i], a);
        integer(field(x, keys::order, a + "."), a + "." + keys::order, 0, INT32_MAX);
        integer(field(x, keys::block, a + "."), a + "." + keys::block, 0, l.grid_dim - 1);
        integer(field(x, keys::lane, a + "."), a + "." + keys::lane, 0, l.lanes - 1);
        text(field(x, keys::target, a + "."), a + "." + keys::target, 200);
        real(field(x, keys::before, a + "."), a + "." + keys::before);
        real(field(x, keys::operand, a + "."), a + "." + keys::operand);
        real(field(x, keys::after, a + "."), a + "." + keys::after);
        boolean(field(x, keys::lost, a + "."), a + "." + keys::lost);
    }
}

/// The faults of an own kernel's trace: kind, message (and optionally its text as a message),
/// place, a step of the trace, lane indices.
void check_faults(const json& f, long long steps)
{
    array(f, keys::faults, 100);
    for (std::size_t k = 0; k < f.size(); ++k) {
        const std::string q = item(keys::faults, k);
        object(f[k], q);
        const std::string kind = text(field(f[k], keys::kind, q + "."), q + "." + keys::kind, 64);
        static const char* const kinds[] = {"data_race", "partial_barrier", "out_of_bounds", "misaligned",
                                            "shuffle_inactive_lane", "endless_loop", "division_by_zero", "unreachable"};
        if (std::find(std::begin(kinds), std::end(kinds), kind) == std::end(kinds))
            throw FieldError{q + "." + keys::kind + " must be one of data_race, partial_barrier, out_of_bounds, misaligned, "
                             "shuffle_inactive_lane, endless_loop, division_by_zero, unreachable" + got(f[k].at(keys::kind))};
        text(field(f[k], keys::message, q + "."), q + "." + keys::message, 2000);
        if (f[k].contains(keys::text))  // optional: files written before faults carried their message
            check_text(f[k].at(keys::text), q + "." + keys::text, 0);
        integer(field(f[k], keys::line, q + "."), q + "." + keys::line, 0, 1000000);
        integer(field(f[k], keys::column, q + "."), q + "." + keys::column, 0, 100000);
        integer(field(f[k], keys::step, q + "."), q + "." + keys::step, 0, steps - 1);
        const json& lanes = array(field(f[k], keys::lanes, q + "."), q + "." + keys::lanes, 1 << 22);
        for (std::size_t l = 0; l < lanes.size(); ++l)
            integer(lanes[l], item(q + "." + keys::lanes, l), 0, INT32_MAX);
    }
}

/// The notes of an own kernel's trace (`values`: params.n): kind, message, its text as a message
/// of that kind (simt.note.unread_input or its .launch / .indexing), whose first two counts are the
/// unread values (1..values) and the input's values (values), place.
void check_notes(const json& n, long long values)
{
    array(n, keys::notes, 100);
    for (std::size_t k = 0; k < n.size(); ++k) {
        const std::string q = item(keys::notes, k);
        object(n[k], q);
        const std::string kind = text(field(n[k], keys::kind, q + "."), q + "." + keys::kind, 64);
        if (kind != "unread_input")
            throw FieldError{q + "." + keys::kind + " must be unread_input" + got(n[k].at(keys::kind))};
        text(field(n[k], keys::message, q + "."), q + "." + keys::message, 2000);
        const json& t = field(n[k], keys::text, q + ".");
        check_text(t, q + "." + keys::text, 0);
        const std::string id = t.at(keys::id).get<std::string>();
        if (id != "simt.note.unread_input" && id != "simt.note.unread_input.launch" && id != "simt.note.unread_input.indexing")
            throw FieldError{q + "." + keys::text + "." + keys::id + " must be simt.note.unread_input, "
                             "simt.note.unread_input.launch or simt.note.unread_input.indexing" + got(t.at(keys::id))};
        const json& args = t.at(keys::args);
        if (args.size() < 2)
            throw FieldError{q + "." + keys::text + "." + keys::args + " must hold the unread count and params.n first"};
        integer(args[0], item(q + "." + keys::text + "." + keys::args, 0), 1, values);
        integer(args[1], item(q + "." + keys::text + "." + keys::args, 1), values, values);
        integer(field(n[k], keys::line, q + "."), q + "." + keys::line, 0, 1000000);
        integer(field(n[k], keys::column, q + "."), q + "." + keys::column, 0, 100000);
    }
}

TraceFile check_and_read(const json& j)
{
    object(j, "the file");
    if (const json& f = field(j, keys::format, ""); !f.is_string() || f.get_ref<const std::string&>() != kFormatName)
        throw FieldError{std::string(keys::format) + " must be \"" + kFormatName + "\"" + got(f)};
    integer(field(j, keys::format_version, ""), keys::format_version, kTraceFormatVersion, kTraceFormatVersion);
    const std::string strategy = text(field(j, keys::strategy, ""), keys::strategy, 200);
    // An own kernel's trace (kernels/simt) names its kernel and file, not a catalogue strategy.
    const auto own = j.find(keys::own_source);
    const bool own_kernel = own != j.end();
    if (own_kernel)
        text(*own, keys::own_source, 1000000);
    const StrategyInfo* info = own_kernel ? nullptr : find_strategy(strategy);
    if (!own_kernel && (!info || !info->has_model)) {
        std::string ids;
        for (const StrategyInfo& s : catalogue())
            if (s.has_model)
                ids += (ids.empty() ? "" : ", ") + std::string(s.id);
        throw FieldError{std::string(keys::strategy) + " must be one of " + ids + got(field(j, keys::strategy, ""))};
    }
    one_of(field(j, keys::operation, ""), keys::operation, {Operation::Sum, Operation::Max});
    const Operation op = own_kernel ? (field(j, keys::operation, "").get_ref<const std::string&>() == "max" ? Operation::Max
                                                                                                          : Operation::Sum)
                      : info->operation == Reduction::Max ? Operation::Max : Operation::Sum;
    if (field(j, keys::operation, "").get_ref<const std::string&>() != to_string(op))
        throw FieldError{std::string(keys::operation) + " must be \"" + std::string(to_string(op)) + "\" for " +
                         strategy + got(field(j, keys::operation, ""))};
    const json& p = object(field(j, keys::params, ""), keys::params);
    const std::string pp = prefix(keys::params);
    const long long block = power_of_two(field(p, keys::block_size, pp), pp + keys::block_size, 1024);
    Launch launch{};
    launch.warp_size = warp_like(field(p, keys::warp_size, pp), pp + keys::warp_size);
    integer(field(p, keys::coarse_factor, pp), pp + keys::coarse_factor, 1, 64);
    launch.banks = warp_like(field(p, keys::banks, pp), pp + keys::banks);
    if (p.contains(keys::atomic_order))  // optional: files written before it existed have none
        integer(p.at(keys::atomic_order), pp + keys::atomic_order, 0, kMaxAtomicOrder);
    const long long n = integer(field(p, keys::n, pp), pp + keys::n, 1, 4096);
    const long long padded = integer(field(j, keys::padded_n, ""), keys::padded_n, n, kMaxArray);
    const long long grid = integer(field(j, keys::grid_size, ""), keys::grid_size, 1, kMaxGrid);
    const std::string source = text(field(j, keys::source_file, ""), keys::source_file, 200);
    if (!own_kernel && source != info->source_file)
        throw FieldError{std::string(keys::source_file) + " must be \"" + std::string(info->source_file) + "\" for " +
                         strategy + got(field(j, keys::source_file, ""))};
    const json& input = field(j, keys::input, "");
    array(input, keys::input, kMaxArray);
    for (std::size_t k = 0; k < input.size(); ++k)
        float32(input[k], item(keys::input, k));
    if (static_cast<long long>(input.size()) != padded)
        throw FieldError{std::string(keys::input) + " must hold padded_n = " + std::to_string(padded) +
                         " values (got " + std::to_string(input.size()) + ")"};
    // Past params.n the input is padding: the operation's identity (0 for a sum, -inf for a max).
    for (long long k = n; k < padded; ++k) {
        const double x = read_number(input[std::size_t(k)]);
        if (op == Operation::Sum ? x != 0.0 : !(std::isinf(x) && x < 0))
            throw FieldError{item(keys::input, std::size_t(k)) + " must be the padding " +
                             (op == Operation::Sum ? "0" : "\"-inf\"") + " (past params.n = " + std::to_string(n) +
                             ")" + got(input[std::size_t(k)])};
    }
    float32(field(j, keys::result, ""), keys::result);
    real(field(j, keys::reference, ""), keys::reference);
    if (j.contains(keys::zero_sign_depends_on_order))  // optional, as params.atomic_order
        boolean(j.at(keys::zero_sign_depends_on_order), keys::zero_sign_depends_on_order);
    boolean(field(j, keys::expected_wrong, ""), keys::expected_wrong);
    real(field(j, keys::lost_value, ""), keys::lost_value);
    const bool teaching = boolean(field(j, keys::teaching_warp_size, ""), keys::teaching_warp_size);
    if (teaching != (launch.warp_size != 32))
        throw FieldError{std::string(keys::teaching_warp_size) + " must be " +
                         (launch.warp_size != 32 ? "true" : "false") + " with params.warp_size " +
                         std::to_string(launch.warp_size)};
    const json& tot = object(field(j, keys::totals, ""), keys::totals);
    const std::string tp = prefix(keys::totals);
    for (const char* k : {keys::divergent_warp_steps, keys::shared_wavefronts, keys::extra_shared_wavefronts,
                          keys::barriers, keys::atomics})
        integer(field(tot, k, tp), at(tp, k), 0, INT32_MAX);
    for (const char* k : {keys::global_sectors, keys::adds, keys::active_lane_slots, keys::issued_lane_slots})
        integer(field(tot, k, tp), at(tp, k), 0, INT64_MAX);
    const json& util = field(tot, keys::lane_utilisation, tp);
    if (!util.is_number() || util.get<double>() < 0 || util.get<double>() > 1)
        throw FieldError{tp + keys::lane_utilisation + " must be a number in 0..1" + got(util)};
    const std::string_view src = own_kernel ? std::string_view(own->get_ref<const std::string&>()) : kernel_source(source);
    if (const auto f = j.find(keys::faults); f != j.end())
        check_faults(*f, static_cast<long long>(array(field(j, keys::steps, ""), keys::steps, kMaxSteps, 1).size()));
    if (const auto n = j.find(keys::notes); n != j.end()) {
        check_notes(*n, integer(field(field(j, keys::params, ""), keys::n, "params."), "params.n", 1, 4096));
        if (const auto f = j.find(keys::faults); f != j.end() && !f->empty() && !n->empty())
            throw FieldError{std::string(keys::notes) + " must be empty when " + keys::faults +
                             " is not (a note is written only after a run without faults)"};
    }
    const std::size_t lines = static_cast<std::size_t>(std::count(src.begin(), src.end(), '\n')) + 1;
    const json& steps = array(field(j, keys::steps, ""), keys::steps, kMaxSteps, 1);
    check_values_lengths(steps);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        check_step(steps[i], item(keys::steps, i), launch, padded, lines);
        // The step belongs to this strategy and its launch (two_pass's second kernel: 1 x 1024).
        const std::string q = item(keys::steps, i) + ".";
        const json& markers = steps[i].at(keys::source_markers);
        const std::string prefix = "@" + strategy + ".";
        for (std::size_t k = 0; k < markers.size() && !own_kernel; ++k)
            if (markers[k].get_ref<const std::string&>().rfind(prefix, 0) != 0)
                throw FieldError{item(q + keys::source_markers, k) + " must start with \"" + prefix + "\"" +
                                 got(markers[k])};
        const long long bd = steps[i].at(keys::block_dim).get<long long>(),
                        gd = steps[i].at(keys::grid_dim).get<long long>();
        // An own two-pass kernel's trace (kernels/simt) is named "first+second" and has the same second launch.
        const bool two_kernels = strategy == "two_pass" || (own_kernel && strategy.find('+') != std::string::npos);
        const bool second_kernel = two_kernels && bd == 1024 && gd == 1;
        if (!second_kernel && (bd != block || gd != grid))
            throw FieldError{q + "block_dim x grid_dim must be params.block_size x grid_size = " + std::to_string(block) +
                             " x " + std::to_string(grid) + " (got " + std::to_string(bd) + " x " + std::to_string(gd) + ")"};
    }

    TraceFile out;
    if (const auto d = j.find(keys::description); d != j.end())
        out.description = text(*d, keys::description);
    const auto recorded = j.find(keys::recorded_on_gpu);
    out.recorded_on_gpu = recorded != j.end() && boolean(*recorded, keys::recorded_on_gpu);
    const auto rec = j.find(keys::recording);
    if (out.recorded_on_gpu && rec == j.end())
        throw FieldError{std::string(keys::recording) + " is missing (a file with \"" + keys::recorded_on_gpu +
                         "\": true names its device there)"};
    if (!out.recorded_on_gpu && rec != j.end())
        throw FieldError{std::string(keys::recorded_on_gpu) + " must be true in a file that has a \"" +
                         keys::recording + "\" object" +
                         (recorded == j.end() ? std::string(" (it is missing)") : got(*recorded))};
    if (out.recorded_on_gpu) {
        const json& r = object(*rec, keys::recording);
        const std::string rp = prefix(keys::recording);
        out.recording.device = text(field(r, keys::device, rp), rp + keys::device, 200);
        if (out.recording.device.empty())
            throw FieldError{rp + keys::device + " must name the GPU (got an empty string)"};
        out.recording.records = integer(field(r, keys::records, rp), rp + keys::records, 0, INT64_MAX);
        for (const char* k : {keys::not_recorded, keys::split_warps}) {
            const auto it = r.find(k);
            if (it == r.end())
                continue;
            const std::string name = at(rp, k);
            array(*it, name, 10000);
            auto& list =
                std::string_view(k) == keys::not_recorded ? out.recording.not_recorded : out.recording.split_warps;
            for (std::size_t i = 0; i < it->size(); ++i)
                list.push_back(text((*it)[i], item(name, i), 1000));
        }
    }
    out.trace = trace_from_json(j);
    return out;
}

} // namespace

namespace {

bool same_double(double a, double b) { return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b)); }

/// A float32 value as error lines print it: 9 significant digits ("nan", "inf", "-0" as such).
std::string show(double x)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", x);
    return buf;
}

std::string step_name(std::size_t i) { return item(keys::steps, i) + "."; }

/// Self-check: `result` is what the steps leave in *output. *output starts as the operation's
/// identity (the host's 0, or -inf for the max); a step that merges into it by atomics holds the
/// records in serialisation order, each `before` the value the previous one left, each `after`
/// the GPU's operation on `before` and `operand` (atomicAdd on global memory, which flushes
/// subnormals; the max's CAS loop, which stores only a greater value; race's plain add, whose
/// `lost` updates leave *output as it was); the step's `output` is what the last one left. A step
/// that stores *output (one lane reading one value: the write steps) stores that value. The last
/// step's `output` is the result.
void check_result(const Trace& t)
{
    const StrategyInfo* info = find_strategy(t.strategy);
    const bool race = info && info->expected_wrong;
    const bool sum = t.operation == Operation::Sum;
    double current = sum ? 0.0 : -std::numeric_limits<double>::infinity();
    int order = 0;
    for (std::size_t i = 0; i < t.steps.size(); ++i) {
        const Step& s = t.steps[i];
        const std::string q = step_name(i);
        bool merged = false;
        for (std::size_t k = 0; k < s.atomics.size(); ++k, ++order) {
            const AtomicOp& a = s.atomics[k];
            const std::string name = item(q + keys::atomics, k) + ".";
            if (a.order != order)
                throw FieldError{name + keys::order + " must be " + std::to_string(order) +
                                 " (the atomics in serialisation order, counted over the whole trace) (got " +
                                 std::to_string(a.order) + ")"};
            if (a.target != "*output")
                continue;  // self_reset's tickets
            merged = true;
            if (a.lost && !race)
                throw FieldError{name + keys::lost +
                                 " must be false: only race's plain stores lose updates (got true)"};
            if (!same_double(a.before, current))
                throw FieldError{name + keys::before + " must be *output before it, " + show(current) + " (got " +
                                 show(a.before) + ")"};
            const auto before = static_cast<float>(a.before), operand = static_cast<float>(a.operand);
            float after = 0;
            if (race) {
                after = gpu_float::add_rn(before, operand);
            } else if (sum) {
                after = gpu_float::atomic_add_global_f32(before, operand);
            } else {
                if (!gpu_float::cas_max_stores(before, operand))
                    throw FieldError{name + keys::operand + " must be greater than before, " + show(a.before) +
                                     ": the max's compare-and-swap stores only then (got " + show(a.operand) + ")"};
                after = operand;
            }
            const char* rule = race ? "before + operand" : sum ? "atomicAdd(before, operand)" : "operand (the CAS stores it)";
            if (!same_double(after, a.after))
                throw FieldError{name + keys::after + " must be " + rule + ", " + show(after) + " (got " +
                                 show(a.after) + ")"};
            if (!a.lost)
                current = after;
        }
        if (merged) {
            if (!s.output || !same_double(*s.output, current))
                throw FieldError{q + keys::output + " must be what the step's last atomic left in *output, " +
                                 show(current) + " (got " + (s.output ? show(*s.output) : std::string("null")) + ")"};
            continue;
        }
        // A plain store: one active lane reads one value of the step's array and stores it.
        const bool stores = std::any_of(s.global_accesses.begin(), s.global_accesses.end(), [](const GlobalAccess& g) {
            return g.kind == AccessKind::Write && g.expression == "*output";
        });
        if (stores && !race && s.output && !s.reads_input && !s.lanes.empty()) {
            const LaneRecord* writer = nullptr;
            int writers = 0;
            for (const LaneRecord& l : s.lanes)
                if (l.state == LaneState::Active && !l.reads.empty()) {
                    writer = &l;
                    ++writers;
                }
            if (writers == 1 && writer->reads.size() == 1) {
                const auto index = static_cast<std::size_t>(writer->reads[0]);
                const double stored = s.values[index];
                if (!same_double(*s.output, stored))
                    throw FieldError{q + keys::output + " must be the value the step stores, values[" +
                                     std::to_string(index) + "] = " + show(stored) + " (got " + show(*s.output) + ")"};
            }
        }
        if (s.output)
            current = *s.output;
    }
    const Step& last = t.steps.back();
    const std::string q = step_name(t.steps.size() - 1);
    if (!last.output)
        throw FieldError{q + keys::output + " must be what the kernel leaves in *output, the result " + show(t.result) +
                         " (got null)"};
    if (!same_double(t.result, *last.output))
        throw FieldError{std::string(keys::result) + " must be what the steps leave in *output, " + show(*last.output) +
                         " (" + q + keys::output + "; got " + show(t.result) + ")"};
}

/// Self-check: every shared access's wavefronts, conflict ways and broadcast follow from the words
/// its lanes touch (shared_access_cost(), the model's own rule), each lane's bank is its word mod
/// params.banks, and the step's counters and max_conflict_ways sum and take the worst of them.
void check_wavefronts(const Trace& t)
{
    const int banks = t.params.banks;
    for (std::size_t i = 0; i < t.steps.size(); ++i) {
        const Step& s = t.steps[i];
        const std::string q = step_name(i);
        long long wavefronts = 0, extra = 0;
        int worst = 0;
        for (std::size_t k = 0; k < s.shared_accesses.size(); ++k) {
            const SharedAccess& a = s.shared_accesses[k];
            const std::string name = item(q + keys::shared_accesses, k) + ".";
            if (!a.words.empty()) {
                for (std::size_t l = 0; l < a.words.size(); ++l) {
                    const int bank = a.words[l] < 0 ? -1 : static_cast<int>(a.words[l] % banks);
                    if (a.bank_of_lane[l] != bank)
                        throw FieldError{item(name + keys::bank_of_lane, l) + " must be " +
                                         (bank < 0 ? std::string("-1 (the lane takes no part)")
                                                   : std::to_string(bank) + ", word " + std::to_string(a.words[l]) +
                                                  " mod " + std::to_string(banks) + " banks") +
                                         " (got " + std::to_string(a.bank_of_lane[l]) + ")"};
                }
                const SharedAccessCost cost = shared_access_cost(a.words, banks, a.kind);
                if (a.wavefronts != cost.wavefronts)
                    throw FieldError{name + keys::wavefronts + " must be " + std::to_string(cost.wavefronts) +
                                     ", the most distinct words its lanes touch in one bank (got " +
                                     std::to_string(a.wavefronts) + ")"};
                if (a.broadcast != cost.broadcast)
                    throw FieldError{name + keys::broadcast + " must be " + (cost.broadcast ? "true" : "false") +
                                     (cost.broadcast ? ": lanes read the same word" : ": no two lanes read one word") +
                                     " (got " + (a.broadcast ? "true" : "false") + ")"};
            }
            if (a.max_conflict_ways != a.wavefronts)
                throw FieldError{name + keys::max_conflict_ways + " must be the access's wavefronts, " +
                                 std::to_string(a.wavefronts) + " (got " + std::to_string(a.max_conflict_ways) + ")"};
            wavefronts += a.wavefronts;
            extra += std::max(0, a.wavefronts - 1);
            worst = std::max(worst, a.wavefronts);
        }
        const auto check = [&](const std::string& field, long long file, long long want, const char* what) {
            if (file != want)
                throw FieldError{q + field + " must be " + what + ", " + std::to_string(want) + " (got " +
                                 std::to_string(file) + ")"};
        };
        check(prefix(keys::counters) + keys::shared_wavefronts, s.counters.shared_wavefronts, wavefronts,
              "the sum of the step's shared accesses' wavefronts");
        check(prefix(keys::counters) + keys::extra_shared_wavefronts, s.counters.extra_shared_wavefronts, extra,
              "the sum of the step's shared accesses' wavefronts beyond the first");
        check(keys::max_conflict_ways, s.max_conflict_ways, worst,
              "the worst of the step's shared accesses' wavefronts");
    }
}

/// A file agrees with itself (docs/reliability.md). `reference` is the float64 reference of the
/// first params.n input values, `result` what the steps leave in *output, every shared access's
/// wavefronts what its words cost, and every total the sum of its steps' counters (simulate()
/// computes all so).
void check_consistency(const Trace& t)
{
    const std::size_t n = std::min<std::size_t>(t.input.size(), static_cast<std::size_t>(t.n));
    const double ref = reference_of(t.operation, std::span<const float>{t.input.data(), n});
    if (!same_double(ref, t.reference)) {
        char buf[120];
        std::snprintf(buf, sizeof buf, "%s must be the float64 %s of the input, %.17g (got %.17g)", keys::reference,
                      t.operation == Operation::Sum ? "sum" : "max", ref, t.reference);
        throw FieldError{buf};
    }
    check_result(t);
    check_wavefronts(t);
    Trace summed = t;
    sum_totals(summed);
    const auto check = [](const char* name, long long file, long long steps) {
        if (file != steps)
            throw FieldError{prefix(keys::totals) + name + " must be the sum over the steps, " + std::to_string(steps) +
                             " (got " + std::to_string(file) + ")"};
    };
    const Totals& a = t.totals;
    const Totals& b = summed.totals;
    check(keys::divergent_warp_steps, a.divergent_warp_steps, b.divergent_warp_steps);
    check(keys::shared_wavefronts, a.shared_wavefronts, b.shared_wavefronts);
    check(keys::extra_shared_wavefronts, a.extra_shared_wavefronts, b.extra_shared_wavefronts);
    check(keys::global_sectors, a.global_sectors, b.global_sectors);
    check(keys::barriers, a.barriers, b.barriers);
    check(keys::atomics, a.atomics, b.atomics);
    check(keys::adds, a.adds, b.adds);
    check(keys::active_lane_slots, a.active_lane_slots, b.active_lane_slots);
    check(keys::issued_lane_slots, a.issued_lane_slots, b.issued_lane_slots);
}

} // namespace

TraceFileResult read_trace_file(std::string_view text)
{
    TraceFileResult out;
    if (text.size() > kMaxTraceFileBytes) {
        out.error = "the file is larger than " + std::to_string(kMaxTraceFileBytes >> 20) + " MiB";
        return out;
    }
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        out.error = "the file is empty (a trace file is the JSON of reducescope-cli trace --json)";
        return out;
    }
    json j;
    try {
        j = parse_json(text);
    } catch (const NotJson& e) {  // syntax errors, and numbers out of range (1e999)
        out.error = e.what();
        return out;
    }
    try {
        TraceFile f = check_and_read(j);
        check_consistency(f.trace);
        out.file = std::move(f);
    } catch (const FieldError& e) {
        out.error = model::one_line(e.message);
    } catch (const std::exception& e) {  // a check missed something trace_from_json refused
        out.error = "not a trace: " + model::one_line(e.what());
    }
    return out;
}

} // namespace reducescope::model
