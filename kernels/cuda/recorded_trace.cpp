// SPDX-License-Identifier: GPL-3.0-or-later
// A GPU recording as a model::Trace, and its comparison with the model (recorded_trace.h).
#include "cuda/recorded_trace.h"

#include "model/catalogue.h"
#include "model/kernel_sources.h"
#include "model/simulate.h"
#include "model/trace_json.h"
#include "model/trace_keys.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <queue>
#include <set>
#include <span>
#include <tuple>

namespace reducescope::cuda {
namespace {

namespace m = reducescope::model;

// cuda::Step and cuda::Space values (reduce_common.cuh), in that enum's order.
enum : std::uint32_t { kLoad, kCoarsen, kTree, kShuffle, kWarpPartial, kFinalWarp, kAtomic, kWrite, kGridSync, kSecondPass, kReset };
enum : std::uint32_t { kGlobal, kShared, kRegister };

/// A recorded step: (kernel, step kind, iteration, occurrence within the thread).
using Key = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t>;

/// True when the kernel's source tags both a `load` and a `coarsen` step (coarsened,
/// coarsened_max): its first element is the load and the coarsening loop adds the rest, one step
/// in the model (tagged load + coarsen), so the Load records join the Coarsen step.
bool load_opens_coarsen(const std::string& source_file, const std::string& s)
{
    return !m::marker_lines(source_file, "@" + s + ".load").empty() &&
           !m::marker_lines(source_file, "@" + s + ".coarsen").empty();
}

/// The step tags a model step of the same kind carries (trace-format.md), without "@strategy.".
/// `coarsened`: load_opens_coarsen(); `cooperative`: the block reduces after grid.sync() are
/// tagged grid_sync (catalogue `cooperative`).
std::vector<std::string> marker_names(const Key& k, bool coarsened, bool cooperative)
{
    const auto [kernel, kind, iteration, occurrence] = k;
    std::vector<std::string> names;
    if (kernel == 1 && kind != kSecondPass)
        names.push_back("second_pass");
    if (cooperative && occurrence > 0 && (kind == kShuffle || kind == kWarpPartial || kind == kFinalWarp))
        names.push_back("grid_sync");
    if (kind == kCoarsen && coarsened)
        names.insert(names.end(), {"load", "coarsen"});
    else if (kind == kFinalWarp)
        names.insert(names.end(), {"final_warp", "shuffle"});
    else
        names.push_back(recorded_step_name(kind));
    return names;
}

bool same_bits(float a, float b)
{
    if (std::isnan(a) && std::isnan(b))
        return true;
    return std::memcmp(&a, &b, sizeof a) == 0;
}

std::string num(float v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));
    return buf;
}

std::string lanes_text(const std::vector<int>& lanes)
{
    std::string t = "{";
    for (std::size_t i = 0; i < lanes.size();) {
        std::size_t j = i;
        while (j + 1 < lanes.size() && lanes[j + 1] == lanes[j] + 1)
            ++j;
        if (t.size() > 1)
            t += ",";
        t += std::to_string(lanes[i]);
        if (j > i)
            t += "-" + std::to_string(lanes[j]);
        i = j + 1;
    }
    return t + "}";
}

/// What is fixed for the whole recording while its steps are built.
struct Context {
    const Recording& rec;
    const std::string& strategy;
    const std::string& source_file;
    bool coarsened = false;    ///< load_opens_coarsen()
    bool cooperative = false;  ///< catalogue `cooperative`
};

/// The trace's header: strategy, launch, input, result, and the model's own float64 reference.
m::Trace trace_header(const Recording& rec, const m::StrategyInfo* info, const std::string& source_file)
{
    const std::string& s = rec.strategy;
    m::Trace t;
    t.strategy = s;
    t.operation = m::operation_of(s);
    t.params.block_size = static_cast<int>(rec.block);
    t.params.warp_size = 32;
    t.params.coarse_factor = static_cast<int>(rec.coarse_factor);
    t.params.banks = 32;
    t.n = static_cast<int>(rec.n);
    t.padded_n = static_cast<int>(rec.input.size());
    t.grid_size = static_cast<int>(rec.grid);
    t.input = rec.input;
    t.source_file = source_file;
    t.result = rec.result;
    t.expected_wrong = info && info->expected_wrong;
    // The model's own float64 reference (fmaxf's rule for the max, the sum from -0), so a recording
    // and a simulation of one input carry the same reference, sign of zero included.
    t.reference = m::reference_of(t.operation, std::span<const float>(rec.input.data(), rec.n));
    if (t.expected_wrong)
        t.lost_value = t.reference - t.result;
    return t;
}

/// The records in each thread's program order, the step key of each (keys[i] is calls[i]'s), and
/// the order between steps that the threads' sequences imply.
struct KeyedCalls {
    std::vector<RecordedCall> calls;
    std::vector<Key> keys;
    std::set<std::pair<Key, Key>> edges;  ///< (step, the step a thread makes next)
    std::map<Key, int> indegree;          ///< every step, with its number of distinct predecessors
};

KeyedCalls keyed_calls(const Recording& rec, bool coarsened)
{
    KeyedCalls kc;
    std::vector<RecordedCall>& calls = kc.calls;
    calls = rec.calls;
    std::sort(calls.begin(), calls.end(), [](const RecordedCall& a, const RecordedCall& b) {
        return std::tie(a.kernel, a.block, a.thread, a.sequence) < std::tie(b.kernel, b.block, b.thread, b.sequence);
    });
    kc.keys.resize(calls.size());
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> seen;  // (kind, iteration) -> count
    std::optional<Key> previous;
    for (std::size_t i = 0; i < calls.size(); ++i) {
        const RecordedCall& c = calls[i];
        if (i == 0 || c.kernel != calls[i - 1].kernel || c.block != calls[i - 1].block ||
            c.thread != calls[i - 1].thread) {
            seen.clear();
            previous.reset();
        }
        std::uint32_t kind = c.step;
        std::uint32_t iteration = c.iteration;
        if (kind == kLoad && coarsened)
            kind = kCoarsen;
        if (kind == kCoarsen)
            iteration = 0;
        const std::uint32_t occurrence = kind == kCoarsen ? 0 : seen[{kind, iteration}]++;
        Key& key = kc.keys[i];
        key = Key{c.kernel, kind, iteration, occurrence};
        kc.indegree.emplace(key, 0);
        if (previous && *previous != key && kc.edges.insert({*previous, key}).second)
            ++kc.indegree[key];
        previous = key;
    }
    return kc;
}

/// Steps in program order: a topological order of the per-thread sequences (the smallest key
/// first among the steps that are ready).
std::vector<Key> program_order(const std::set<std::pair<Key, Key>>& edges, std::map<Key, int> indegree)
{
    std::vector<Key> order;
    std::priority_queue<Key, std::vector<Key>, std::greater<>> ready;
    for (const auto& [k, d] : indegree)
        if (d == 0)
            ready.push(k);
    while (!ready.empty()) {
        const Key k = ready.top();
        ready.pop();
        order.push_back(k);
        for (auto it = edges.lower_bound({k, Key{}}); it != edges.end() && it->first == k; ++it)
            if (--indegree[it->second] == 0)
                ready.push(it->second);
    }
    return order;
}

/// The launch a step runs in: two_pass's second kernel is one block of 1024.
struct StepLaunch {
    int bd = 0;   ///< blockDim
    int gd = 0;   ///< gridDim
    int wpb = 0;  ///< warps per block
};

StepLaunch launch_of(std::uint32_t kernel, const Recording& rec)
{
    StepLaunch g;
    g.bd = kernel == 1 ? 1024 : static_cast<int>(rec.block);
    g.gd = kernel == 1 ? 1 : static_cast<int>(rec.grid);
    g.wpb = (g.bd + 31) / 32;
    return g;
}

/// The step's tags, source lines, label and explanation (the recording's own words).
void describe_step(m::Step& st, const Key& key, const Context& cx)
{
    const auto [kernel, kind, iteration, occurrence] = key;
    std::string names;  // " load coarsen": the step's tags, each after a space
    for (const std::string& name : marker_names(key, cx.coarsened, cx.cooperative)) {
        const std::string marker = "@" + cx.strategy + "." + name;
        st.source_markers.push_back(marker);
        names += " " + name;
        for (int line : m::marker_lines(cx.source_file, marker))
            st.source_lines.push_back(line);
    }
    std::sort(st.source_lines.begin(), st.source_lines.end());
    st.source_lines.erase(std::unique(st.source_lines.begin(), st.source_lines.end()), st.source_lines.end());
    st.label_text = m::make_text("recorded.label", names);
    if (kind == kTree || kind == kShuffle || kind == kFinalWarp) {
        st.stride = static_cast<int>(iteration);
        st.label_text = m::make_text(kind == kTree ? "recorded.label.stride" : "recorded.label.offset", names,
                                static_cast<long long>(iteration));
    }
    st.explanation_text = {m::make_text("recorded")};
    st.label = m::render_english(st.label_text);
    st.explanation = m::render_english(st.explanation_text);
}

/// True for the step kinds whose records write an array element (the others carry *output).
bool changes_array(std::uint32_t kind)
{
    return kind == kLoad || kind == kCoarsen || kind == kTree || kind == kShuffle || kind == kWarpPartial ||
           kind == kFinalWarp;
}

/// What the steps carry from one to the next: the previous step's array and its space, the
/// arrays of other spaces (kept for a later step that returns to them), and *output.
struct Carried {
    std::vector<float> values;  ///< the array of the previous step (in-place kernels: the padded input)
    m::MemorySpace space = m::MemorySpace::Shared;
    std::map<std::pair<m::MemorySpace, std::size_t>, std::vector<float>> kept;  // arrays of other spaces
    std::optional<float> output;
};

/// Moves `c` to the array a step that changes one writes: its space from the records (`mine`,
/// the step's records), its size from the space and the step's launch.
void enter_array(Carried& c, std::uint32_t kind, const std::vector<const RecordedCall*>& mine, const StepLaunch& g,
                 const Recording& rec)
{
    std::uint32_t rec_space = mine.empty() ? kRegister : mine.front()->space;
    if (kind == kCoarsen || kind == kShuffle || kind == kFinalWarp)
        rec_space = kRegister;
    const m::MemorySpace next = rec_space == kGlobal ? m::MemorySpace::Global
                                : rec_space == kShared ? m::MemorySpace::Shared
                                                       : m::MemorySpace::Registers;
    const std::size_t size = next == m::MemorySpace::Global      ? rec.input.size()
                             : next == m::MemorySpace::Registers ? std::size_t(g.bd) * g.gd
                             : kind == kWarpPartial              ? std::size_t(g.wpb) * g.gd
                                                                 : std::size_t(g.bd) * g.gd;
    // Shared and global arrays keep what earlier steps left in them (grid_sync's second
    // block reduce reuses warp_sums); registers are rebuilt from this step's records.
    if (next != c.space || c.values.size() != size) {
        if (c.space != m::MemorySpace::Registers)
            c.kept[{c.space, c.values.size()}] = c.values;
        const auto it = c.kept.find({next, size});
        if (next != m::MemorySpace::Registers && it != c.kept.end())
            c.values = it->second;
        else if (next == m::MemorySpace::Shared && c.space == m::MemorySpace::Registers &&
                 c.values.size() == size)
            // One register per thread entering a shared array of one word per thread:
            // the kernel stored each thread's register to sdata[tid] (coarsened's
            // `sdata[tid] = sum` closes its coarsen step without a probe call), so the
            // words the tree does not overwrite still hold those registers.
            ; // keep `values`
        else
            c.values.assign(size, 0.0f);
    } else if (next == m::MemorySpace::Registers)
        c.values.assign(size, 0.0f);
    c.space = next;
}

/// The step's records into its lanes (a lane counts once, however many records it made) and
/// into the array (`c.values`: the last record of a thread stays) or *output. Returns the union
/// of the records' __activemask() per warp of the launch.
std::vector<std::uint32_t> record_lanes(m::Step& st, std::uint32_t kind, const std::vector<const RecordedCall*>& mine,
                                        const StepLaunch& g, Carried& c)
{
    const bool writes_array = changes_array(kind);
    st.lanes.assign(std::size_t(g.bd) * g.gd, m::LaneRecord{});
    std::vector<std::uint32_t> masks(std::size_t(g.wpb) * g.gd, 0u);
    for (const RecordedCall* r : mine) {
        const std::size_t tg = std::size_t(r->block) * g.bd + r->thread;
        if (tg >= st.lanes.size())
            continue;
        // A lane counts once per step, however many records it made in it (a coarsening
        // loop records every iteration).
        if (st.lanes[tg].state != m::LaneState::Active) {
            st.lanes[tg].state = m::LaneState::Active;
            ++st.counters.active_lanes;
        }
        masks[std::size_t(r->block) * g.wpb + r->thread / 32] |= r->active_mask;
        if (!writes_array) {
            if (kind == kWrite || kind == kSecondPass || kind == kGridSync || kind == kReset)
                c.output = r->value;  // kReset: 0, the zero of *output by the launch's first block
            continue;
        }
        std::size_t at = tg;  // registers: one per thread
        if (c.space == m::MemorySpace::Global)
            at = std::size_t(r->block) * 2 * g.bd + r->index;
        else if (c.space == m::MemorySpace::Shared)
            at = std::size_t(r->block) * (kind == kWarpPartial ? g.wpb : g.bd) + r->index;
        if (at < c.values.size()) {
            c.values[at] = r->value;  // records of one thread come in program order: the last one stays
            std::vector<std::int32_t>& w = st.lanes[tg].writes;
            if (w.empty() || w.back() != static_cast<std::int32_t>(at))
                w.push_back(static_cast<std::int32_t>(at));
        }
    }
    return masks;
}

/// One WarpRecord per warp of the step's launch, its active lanes from `masks`; counts the
/// issued lane slots and the divergent warps.
void add_warps(m::Step& st, const std::vector<std::uint32_t>& masks, const StepLaunch& g)
{
    for (int b = 0; b < g.gd; ++b)
        for (int w = 0; w < g.wpb; ++w) {
            m::WarpRecord wr;
            wr.block = b;
            wr.warp = w;
            wr.live_lanes = std::min(32, g.bd - 32 * w);
            const std::uint32_t mask = masks[std::size_t(b) * g.wpb + w];
            for (int l = 0; l < wr.live_lanes; ++l)
                if (mask & (1u << l))
                    wr.active_lanes.push_back(l);
            const int active = static_cast<int>(wr.active_lanes.size());
            wr.divergent = active > 0 && active < wr.live_lanes;
            if (active > 0)
                st.counters.lane_slots += 32;
            st.counters.divergent_warps += wr.divergent ? 1 : 0;
            st.warps.push_back(std::move(wr));
        }
}

/// The recorded step of `key`: its words, lanes, array, *output and warps. `c` carries the
/// arrays and *output on to the next step.
m::Step recorded_step(const Key& key, const KeyedCalls& kc, const Context& cx, Carried& c)
{
    const std::uint32_t kind = std::get<1>(key);
    const StepLaunch g = launch_of(std::get<0>(key), cx.rec);
    m::Step st;
    st.block_dim = g.bd;
    st.grid_dim = g.gd;
    describe_step(st, key, cx);

    // The step's records.
    std::vector<const RecordedCall*> mine;
    for (std::size_t i = 0; i < kc.calls.size(); ++i)
        if (kc.keys[i] == key)
            mine.push_back(&kc.calls[i]);
    if (changes_array(kind))
        enter_array(c, kind, mine, g, cx.rec);
    st.values_space = c.space;
    const std::vector<std::uint32_t> masks = record_lanes(st, kind, mine, g, c);
    if (kind == kAtomic)
        c.output = cx.rec.result;  // the atomics' order is the hardware's: only the end value is known
    st.values = c.values;
    st.output = c.output;
    add_warps(st, masks, g);
    return st;
}

} // namespace

m::Trace recorded_trace(const Recording& rec)
{
    const std::string& s = rec.strategy;
    const m::StrategyInfo* info = m::find_strategy(s);
    const bool in_place = info && info->in_place;
    const std::string source_file = info ? std::string{info->source_file} : std::string{};
    const Context cx{rec, s, source_file, load_opens_coarsen(source_file, s), info && info->cooperative};
    m::Trace t = trace_header(rec, info, source_file);

    const KeyedCalls kc = keyed_calls(rec, cx.coarsened);
    Carried carried;
    carried.space = in_place ? m::MemorySpace::Global : m::MemorySpace::Shared;
    if (in_place)
        carried.values = rec.input;
    for (const Key& key : program_order(kc.edges, kc.indegree)) {
        m::Step st = recorded_step(key, kc, cx, carried);
        t.totals.divergent_warp_steps += st.counters.divergent_warps;
        t.totals.active_lane_slots += st.counters.active_lanes;
        t.totals.issued_lane_slots += st.counters.lane_slots;
        t.steps.push_back(std::move(st));
    }
    if (t.totals.issued_lane_slots > 0)
        t.totals.lane_utilisation =
            static_cast<double>(t.totals.active_lane_slots) / static_cast<double>(t.totals.issued_lane_slots);
    return t;
}

nlohmann::json recorded_trace_json(const Recording& rec, bool include_lanes)
{
    namespace k = m::trace_keys;
    nlohmann::json j = m::trace_to_json(recorded_trace(rec), include_lanes);
    j[k::recorded_on_gpu] = true;
    j[k::recording] = {
        {k::device, rec.device},
        {k::records, rec.calls.size()},
        {k::not_recorded,
         {"lanes' reads (the probe passes the one index a lane wrote)", "idle versus exited lanes",
          "shared-memory wavefronts and bank conflicts, global sectors (Nsight Compute: docs/hardware-counters.md)",
          "barriers, and the order of atomics (only the final *output)",
          "steps in which the kernel makes no probe call (final warp's load, the sums of partials)"}}};
    nlohmann::json split = nlohmann::json::array();
    for (const Mismatch& m : split_warps(rec))
        split.push_back(m.where + ": " + m.what);
    j[k::recording][k::split_warps] = std::move(split);
    return j;
}

std::vector<Mismatch> split_warps(const Recording& rec)
{
    std::vector<RecordedCall> calls = rec.calls;
    std::sort(calls.begin(), calls.end(), [](const RecordedCall& a, const RecordedCall& b) {
        return std::tie(a.kernel, a.block, a.thread, a.sequence) < std::tie(b.kernel, b.block, b.thread, b.sequence);
    });
    // (kernel, step, iteration, occurrence in the thread, block, warp) -> the masks its records carry
    using Group = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t>;
    std::map<Group, std::set<std::uint32_t>> masks;
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> seen;
    for (std::size_t i = 0; i < calls.size(); ++i) {
        const RecordedCall& c = calls[i];
        if (i == 0 || c.kernel != calls[i - 1].kernel || c.block != calls[i - 1].block || c.thread != calls[i - 1].thread)
            seen.clear();
        const std::uint32_t occurrence = seen[{c.step, c.iteration}]++;
        masks[{c.kernel, c.step, c.iteration, occurrence, c.block, c.thread / 32}].insert(c.active_mask);
    }
    std::vector<Mismatch> out;
    for (const auto& [g, set] : masks) {
        if (set.size() < 2)
            continue;
        const auto [kernel, step, iteration, occurrence, block, warp] = g;
        std::string what = "the warp ran the guarded code in " + std::to_string(set.size()) + " groups (__activemask():";
        char buf[16];
        for (std::uint32_t m : set) {
            std::snprintf(buf, sizeof buf, " %08x", m);
            what += buf;
        }
        out.push_back({"kernel " + std::to_string(kernel) + " " + recorded_step_name(step) + " iteration " +
                           std::to_string(iteration) + " (occurrence " + std::to_string(occurrence) + ") block " +
                           std::to_string(block) + " warp " + std::to_string(warp),
                       what + ")"});
    }
    return out;
}

Comparison compare(const m::Trace& model, const m::Trace& rec, bool result_must_match)
{
    Comparison out;
    auto add = [&](std::string where, std::string what) { out.mismatches.push_back({std::move(where), std::move(what)}); };
    if (model.grid_size != rec.grid_size)
        add("launch", "grid model " + std::to_string(model.grid_size) + " recorded " + std::to_string(rec.grid_size));
    std::size_t j = 0;
    for (std::size_t i = 0; i < model.steps.size(); ++i) {
        const m::Step& ms = model.steps[i];
        const std::string where = "step " + std::to_string(i + 1) + " (" + ms.label + ")";
        // Steps without a probe call: the final warp's load of the partials, and the sum of the
        // partials that opens two_pass's second kernel and grid_sync's last phase.
        const std::string& last = ms.source_markers.empty() ? std::string{} : ms.source_markers.back();
        const bool opens_phase = ms.source_markers.size() == 1 && i + 1 < model.steps.size() &&
                                 (last.ends_with(".second_pass") || last.ends_with(".grid_sync"));
        if (!ms.stride && (last.ends_with(".final_warp") || opens_phase)) {
            ++out.steps_not_recorded;
            out.notes.push_back(where + ": no probe call in the kernel, not recorded");
            continue;
        }
        std::size_t k = j;
        while (k < rec.steps.size() && !(rec.steps[k].source_markers == ms.source_markers && rec.steps[k].stride == ms.stride))
            ++k;
        if (k == rec.steps.size()) {
            add(where, "no recorded step with the same tags and stride");
            continue;
        }
        for (std::size_t x = j; x < k; ++x)
            add("recorded step " + std::to_string(x + 1) + " (" + rec.steps[x].label + ")", "not in the model here");
        j = k + 1;
        const m::Step& rs = rec.steps[k];
        ++out.steps_compared;
        if (ms.block_dim != rs.block_dim || ms.grid_dim != rs.grid_dim) {
            add(where, "launch of the step differs");
            continue;
        }
        // Per warp: active lanes (the recorded ones are the union of __activemask()).
        std::map<std::pair<int, int>, const m::WarpRecord*> rw;
        for (const m::WarpRecord& w : rs.warps)
            rw[{w.block, w.warp}] = &w;
        for (const m::WarpRecord& w : ms.warps) {
            const auto it = rw.find({w.block, w.warp});
            const std::vector<int> none;
            const std::vector<int>& got = it == rw.end() ? none : it->second->active_lanes;
            ++out.warps_compared;
            if (got != w.active_lanes)
                add(where + " block " + std::to_string(w.block) + " warp " + std::to_string(w.warp),
                    "active lanes model " + lanes_text(w.active_lanes) + " recorded (__activemask) " + lanes_text(got));
        }
        // Per lane: recorded lanes = lanes the mask says ran; the index written; the value after.
        for (std::size_t tg = 0; tg < ms.lanes.size() && tg < rs.lanes.size(); ++tg) {
            const m::LaneRecord& ml = ms.lanes[tg];
            const m::LaneRecord& rl = rs.lanes[tg];
            const std::string lw = where + " thread " + std::to_string(tg);
            if ((ml.state == m::LaneState::Active) != (rl.state == m::LaneState::Active)) {
                add(lw, std::string{"model "} + std::string{m::to_string(ml.state)} + ", recorded " +
                            std::string{m::to_string(rl.state)});
                continue;
            }
            if (rl.state != m::LaneState::Active)
                continue;
            if (!rl.writes.empty() && !ml.writes.empty() &&
                static_cast<std::size_t>(ml.writes.back()) < ms.values.size() &&
                static_cast<std::size_t>(rl.writes.back()) < rs.values.size()) {
                if (ms.values_space == rs.values_space && ml.writes.back() != rl.writes.back())
                    add(lw, "wrote index model " + std::to_string(ml.writes.back()) + " recorded " +
                                std::to_string(rl.writes.back()));
                const float mv = ms.values[static_cast<std::size_t>(ml.writes.back())];
                const float rv = rs.values[static_cast<std::size_t>(rl.writes.back())];
                ++out.values_compared;
                if (!same_bits(mv, rv))
                    add(lw, "value after the step model " + num(mv) + " recorded " + num(rv));
            }
        }
        if (ms.values_space == rs.values_space && ms.values_space != m::MemorySpace::Registers &&
            ms.values.size() == rs.values.size())
            for (std::size_t v = 0; v < ms.values.size(); ++v)
                if (!same_bits(ms.values[v], rs.values[v])) {
                    add(where, "values[" + std::to_string(v) + "] model " + num(ms.values[v]) +
                                   " recorded " + num(rs.values[v]));
                    break;
                }
    }
    for (std::size_t x = j; x < rec.steps.size(); ++x)
        add("recorded step " + std::to_string(x + 1) + " (" + rec.steps[x].label + ")", "not in the model");
    if (result_must_match && !same_bits(model.result, rec.result))
        add("result", "model " + num(model.result) + " recorded " + num(rec.result));
    return out;
}

} // namespace reducescope::cuda
