// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/trace_json.h"

#include <cmath>
#include <limits>

namespace reducescope::model {
using nlohmann::json;

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
    return {{"active_lanes", c.active_lanes},       {"lane_slots", c.lane_slots},
            {"divergent_warps", c.divergent_warps}, {"shared_wavefronts", c.shared_wavefronts},
            {"extra_shared_wavefronts", c.extra_shared_wavefronts},
            {"global_sectors", c.global_sectors},   {"barriers", c.barriers},
            {"atomics", c.atomics},                 {"adds", c.adds}};
}

json step_json(const Step& s, bool lanes)
{
    json j;
    j["label"] = s.label;
    j["explanation"] = s.explanation;
    j["source_markers"] = s.source_markers;
    j["source_lines"] = s.source_lines;
    j["stride"] = s.stride ? json(*s.stride) : json(nullptr);
    j["block_dim"] = s.block_dim;
    j["grid_dim"] = s.grid_dim;
    j["values_space"] = to_string(s.values_space);
    j["reads_input"] = s.reads_input;
    j["values"] = floats(s.values);
    j["output"] = s.output ? number(*s.output) : json(nullptr);
    const bool has_shared = !s.shared_accesses.empty();
    j["shared_wavefronts"] = s.counters.shared_wavefronts;
    j["max_conflict_ways"] = has_shared ? json(s.max_conflict_ways) : json(nullptr);
    j["counters"] = counters_json(s.counters);
    json warps = json::array();
    for (const WarpRecord& w : s.warps)
        warps.push_back({{"block", w.block}, {"warp", w.warp}, {"live_lanes", w.live_lanes},
                         {"active_lanes", w.active_lanes}, {"divergent", w.divergent}});
    j["warps"] = std::move(warps);
    if (lanes) {
        json a = json::array();
        for (const LaneRecord& l : s.lanes)
            a.push_back({{"state", to_string(l.state)}, {"reads", l.reads}, {"writes", l.writes},
                         {"padding", l.padding}});
        j["lanes"] = std::move(a);
    }
    json sh = json::array();
    for (const SharedAccess& a : s.shared_accesses) {
        json x = {{"block", a.block},           {"warp", a.warp},
                  {"kind", to_string(a.kind)},  {"expression", a.expression},
                  {"wavefronts", a.wavefronts}, {"max_conflict_ways", a.max_conflict_ways},
                  {"broadcast", a.broadcast}};
        if (lanes) {
            x["words"] = a.words;
            x["bank_of_lane"] = a.bank_of_lane;
        }
        sh.push_back(std::move(x));
    }
    j["shared_accesses"] = std::move(sh);
    json gl = json::array();
    for (const GlobalAccess& a : s.global_accesses) {
        json x = {{"block", a.block},
                  {"warp", a.warp},
                  {"kind", to_string(a.kind)},
                  {"expression", a.expression},
                  {"bytes_per_lane", a.bytes_per_lane},
                  {"sectors", a.sectors},
                  {"ideal_sectors", a.ideal_sectors}};
        if (lanes)
            x["elements"] = a.elements;
        gl.push_back(std::move(x));
    }
    j["global_accesses"] = std::move(gl);
    json at = json::array();
    for (const AtomicOp& a : s.atomics)
        at.push_back({{"order", a.order},
                      {"block", a.block},
                      {"lane", a.lane},
                      {"target", a.target},
                      {"before", number(a.before)},
                      {"operand", number(a.operand)},
                      {"after", number(a.after)},
                      {"lost", a.lost}});
    j["atomics"] = std::move(at);
    return j;
}

} // namespace

json trace_to_json(const Trace& t, bool include_lanes)
{
    json j;
    j["format"] = "reducescope-trace";
    j["format_version"] = kTraceFormatVersion;
    j["strategy"] = t.strategy;
    j["operation"] = to_string(t.operation);
    j["params"] = {{"block_size", t.params.block_size}, {"warp_size", t.params.warp_size},
                   {"coarse_factor", t.params.coarse_factor}, {"banks", t.params.banks}, {"n", t.n}};
    j["padded_n"] = t.padded_n;
    j["grid_size"] = t.grid_size;
    j["source_file"] = t.source_file;
    j["input"] = floats(t.input);
    j["result"] = number(t.result);
    j["reference"] = number(t.reference);
    j["expected_wrong"] = t.expected_wrong;
    j["lost_value"] = number(t.lost_value);
    j["teaching_warp_size"] = t.teaching_warp_size;
    const Totals& tot = t.totals;
    j["totals"] = {{"divergent_warp_steps", tot.divergent_warp_steps},
                   {"shared_wavefronts", tot.shared_wavefronts},
                   {"extra_shared_wavefronts", tot.extra_shared_wavefronts},
                   {"global_sectors", tot.global_sectors},
                   {"barriers", tot.barriers},
                   {"atomics", tot.atomics},
                   {"adds", tot.adds},
                   {"active_lane_slots", tot.active_lane_slots},
                   {"issued_lane_slots", tot.issued_lane_slots},
                   {"lane_utilisation", tot.lane_utilisation}};
    json steps = json::array();
    for (const Step& s : t.steps)
        steps.push_back(step_json(s, include_lanes));
    j["steps"] = std::move(steps);
    return j;
}

Trace trace_from_json(const json& j)
{
    Trace t;
    t.strategy = j.at("strategy").get<std::string>();
    t.operation = enum_from(j.at("operation"), {Operation::Sum, Operation::Max});
    const json& p = j.at("params");
    t.params.block_size = p.at("block_size").get<int>();
    t.params.warp_size = p.at("warp_size").get<int>();
    t.params.coarse_factor = p.at("coarse_factor").get<int>();
    t.params.banks = p.at("banks").get<int>();
    t.n = p.at("n").get<int>();
    t.padded_n = j.at("padded_n").get<int>();
    t.grid_size = j.at("grid_size").get<int>();
    t.source_file = j.at("source_file").get<std::string>();
    t.input = read_floats(j.at("input"));
    t.result = static_cast<float>(read_number(j.at("result")));
    t.reference = read_number(j.at("reference"));
    t.expected_wrong = j.at("expected_wrong").get<bool>();
    t.lost_value = read_number(j.at("lost_value"));
    t.teaching_warp_size = j.at("teaching_warp_size").get<bool>();
    const json& tot = j.at("totals");
    t.totals.divergent_warp_steps = tot.at("divergent_warp_steps").get<int>();
    t.totals.shared_wavefronts = tot.at("shared_wavefronts").get<int>();
    t.totals.extra_shared_wavefronts = tot.at("extra_shared_wavefronts").get<int>();
    t.totals.global_sectors = tot.at("global_sectors").get<long long>();
    t.totals.barriers = tot.at("barriers").get<int>();
    t.totals.atomics = tot.at("atomics").get<int>();
    t.totals.adds = tot.at("adds").get<long long>();
    t.totals.active_lane_slots = tot.at("active_lane_slots").get<long long>();
    t.totals.issued_lane_slots = tot.at("issued_lane_slots").get<long long>();
    t.totals.lane_utilisation = tot.at("lane_utilisation").get<double>();
    for (const json& js : j.at("steps")) {
        Step s;
        s.label = js.at("label").get<std::string>();
        s.explanation = js.at("explanation").get<std::string>();
        s.source_markers = js.at("source_markers").get<std::vector<std::string>>();
        s.source_lines = js.at("source_lines").get<std::vector<int>>();
        if (!js.at("stride").is_null())
            s.stride = js.at("stride").get<int>();
        s.block_dim = js.at("block_dim").get<int>();
        s.grid_dim = js.at("grid_dim").get<int>();
        s.values_space = enum_from(js.at("values_space"),
                                   {MemorySpace::Global, MemorySpace::Shared, MemorySpace::Registers});
        s.reads_input = js.at("reads_input").get<bool>();
        s.values = read_floats(js.at("values"));
        if (!js.at("output").is_null())
            s.output = static_cast<float>(read_number(js.at("output")));
        s.max_conflict_ways = js.at("max_conflict_ways").is_null() ? 0 : js.at("max_conflict_ways").get<int>();
        const json& c = js.at("counters");
        s.counters.active_lanes = c.at("active_lanes").get<int>();
        s.counters.lane_slots = c.at("lane_slots").get<int>();
        s.counters.divergent_warps = c.at("divergent_warps").get<int>();
        s.counters.shared_wavefronts = c.at("shared_wavefronts").get<int>();
        s.counters.extra_shared_wavefronts = c.at("extra_shared_wavefronts").get<int>();
        s.counters.global_sectors = c.at("global_sectors").get<int>();
        s.counters.barriers = c.at("barriers").get<int>();
        s.counters.atomics = c.at("atomics").get<int>();
        s.counters.adds = c.at("adds").get<int>();
        for (const json& jw : js.at("warps")) {
            WarpRecord w;
            w.block = jw.at("block").get<int>();
            w.warp = jw.at("warp").get<int>();
            w.live_lanes = jw.at("live_lanes").get<int>();
            w.active_lanes = jw.at("active_lanes").get<std::vector<int>>();
            w.divergent = jw.at("divergent").get<bool>();
            s.warps.push_back(std::move(w));
        }
        if (js.contains("lanes")) {
            for (const json& jl : js.at("lanes")) {
                LaneRecord l;
                l.state = enum_from(jl.at("state"), {LaneState::Active, LaneState::Idle, LaneState::Exited});
                l.reads = jl.at("reads").get<std::vector<std::int32_t>>();
                l.writes = jl.at("writes").get<std::vector<std::int32_t>>();
                l.padding = jl.at("padding").get<bool>();
                s.lanes.push_back(std::move(l));
            }
        }
        for (const json& ja : js.at("shared_accesses")) {
            SharedAccess a;
            a.block = ja.at("block").get<int>();
            a.warp = ja.at("warp").get<int>();
            a.kind = enum_from(ja.at("kind"), {AccessKind::Read, AccessKind::Write});
            a.expression = ja.at("expression").get<std::string>();
            a.wavefronts = ja.at("wavefronts").get<int>();
            a.max_conflict_ways = ja.at("max_conflict_ways").get<int>();
            a.broadcast = ja.at("broadcast").get<bool>();
            if (ja.contains("words"))
                a.words = ja.at("words").get<std::vector<std::int32_t>>();
            if (ja.contains("bank_of_lane"))
                a.bank_of_lane = ja.at("bank_of_lane").get<std::vector<std::int32_t>>();
            s.shared_accesses.push_back(std::move(a));
        }
        for (const json& ja : js.at("global_accesses")) {
            GlobalAccess a;
            a.block = ja.at("block").get<int>();
            a.warp = ja.at("warp").get<int>();
            a.kind = enum_from(ja.at("kind"), {AccessKind::Read, AccessKind::Write});
            a.expression = ja.at("expression").get<std::string>();
            a.bytes_per_lane = ja.at("bytes_per_lane").get<int>();
            a.sectors = ja.at("sectors").get<int>();
            a.ideal_sectors = ja.at("ideal_sectors").get<int>();
            if (ja.contains("elements"))
                a.elements = ja.at("elements").get<std::vector<std::int64_t>>();
            s.global_accesses.push_back(std::move(a));
        }
        for (const json& ja : js.at("atomics")) {
            AtomicOp a;
            a.order = ja.at("order").get<int>();
            a.block = ja.at("block").get<int>();
            a.lane = ja.at("lane").get<int>();
            a.target = ja.at("target").get<std::string>();
            a.before = read_number(ja.at("before"));
            a.operand = read_number(ja.at("operand"));
            a.after = read_number(ja.at("after"));
            a.lost = ja.at("lost").get<bool>();
            s.atomics.push_back(std::move(a));
        }
        t.steps.push_back(std::move(s));
    }
    return t;
}

} // namespace reducescope::model
