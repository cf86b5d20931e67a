// SPDX-License-Identifier: GPL-3.0-or-later
// The one place where divergence, banks, wavefronts, broadcasts and sectors are computed from the
// lane activity and accesses a strategy records (definitions: trace.h).
#include "model/recorder.h"

#include "model/gpu_float.h"
#include "model/kernel_sources.h"
#include "model/simulate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <unordered_map>
#include <utility>

namespace reducescope::model::detail {

thread_local bool g_full_detail = true;

namespace {
// marker_lines() scans a whole kernel file; traces ask for the same few tags over and over.
const std::vector<int>& cached_marker_lines(const std::string& file, const std::string& marker)
{
    thread_local std::unordered_map<std::string, std::vector<int>> cache;
    const std::string key = file + '\n' + marker;
    auto it = cache.find(key);
    if (it == cache.end())
        it = cache.emplace(key, marker_lines(file, marker)).first;
    return it->second;
}
} // namespace

float identity(Operation op)
{
    return op == Operation::Sum ? 0.0f : -std::numeric_limits<float>::infinity();
}

void set_input(Trace& trace, std::span<const float> input, int padded)
{
    trace.n = static_cast<int>(input.size());
    trace.padded_n = std::max(padded, trace.n);
    trace.input.assign(input.begin(), input.end());
    trace.input.resize(static_cast<std::size_t>(trace.padded_n), identity(trace.operation));
}

} // namespace reducescope::model::detail

namespace reducescope::model {

SharedAccessCost shared_access_cost(std::span<const std::int32_t> words, int banks, AccessKind kind)
{
    thread_local std::vector<std::pair<int, std::int32_t>> bank_word;  // (bank, word) of the lanes taking part
    bank_word.clear();
    for (const std::int32_t wd : words)
        if (wd >= 0)
            bank_word.emplace_back(static_cast<int>(wd % banks), wd);
    SharedAccessCost cost;
    if (bank_word.empty())
        return cost;
    const std::size_t lanes_taking_part = bank_word.size();
    std::sort(bank_word.begin(), bank_word.end());
    bank_word.erase(std::unique(bank_word.begin(), bank_word.end()), bank_word.end());
    // Distinct words per bank; the worst bank sets the number of wavefronts.
    for (std::size_t k = 0; k < bank_word.size();) {
        std::size_t j = k;
        while (j < bank_word.size() && bank_word[j].first == bank_word[k].first)
            ++j;
        cost.wavefronts = std::max(cost.wavefronts, static_cast<int>(j - k));
        k = j;
    }
    cost.broadcast = kind == AccessKind::Read && bank_word.size() < lanes_taking_part;
    return cost;
}

GlobalAccessCost global_access_cost(std::span<const std::int64_t> elements, int bytes)
{
    thread_local std::vector<std::int64_t> sectors, starts;
    sectors.clear();
    starts.clear();
    for (const std::int64_t e : elements) {
        if (e < 0)
            continue;
        const std::int64_t byte = e * 4;
        for (std::int64_t s = byte / 32; s <= (byte + bytes - 1) / 32; ++s)
            sectors.push_back(s);
        starts.push_back(e);
    }
    GlobalAccessCost cost;
    if (starts.empty())
        return cost;
    std::sort(sectors.begin(), sectors.end());
    std::sort(starts.begin(), starts.end());
    const auto distinct_sectors = std::unique(sectors.begin(), sectors.end()) - sectors.begin();
    const auto distinct_starts = std::unique(starts.begin(), starts.end()) - starts.begin();
    cost.sectors = static_cast<int>(distinct_sectors);
    cost.ideal_sectors = static_cast<int>((distinct_starts * bytes + 31) / 32);
    return cost;
}

} // namespace reducescope::model

namespace reducescope::model::detail {

StepRecorder::StepRecorder(Trace& trace, const Geometry& geometry, MemorySpace space)
    : m_trace(trace)
    , m_geometry(geometry)
    , m_full(g_full_detail)
{
    m_step.values_space = space;
    m_step.block_dim = geometry.block;
    m_step.grid_dim = geometry.grid;
    if (m_full)
        m_step.lanes.resize(static_cast<std::size_t>(geometry.threads()));
}

void StepRecorder::describe(Text label, std::vector<Text> explanation,
                            std::initializer_list<std::string_view> steps)
{
    m_step.label_text = std::move(label);
    m_step.explanation_text = std::move(explanation);
    for (std::string_view s : steps) {
        std::string marker = "@" + m_trace.strategy + "." + std::string(s);
        for (int line : cached_marker_lines(m_trace.source_file, marker))
            m_step.source_lines.push_back(line);
        m_step.source_markers.push_back(std::move(marker));
    }
    std::sort(m_step.source_lines.begin(), m_step.source_lines.end());
    m_step.source_lines.erase(std::unique(m_step.source_lines.begin(), m_step.source_lines.end()),
                              m_step.source_lines.end());
}

void StepRecorder::shared(AccessKind kind, std::string_view expression,
                          const std::function<std::int64_t(int)>& word)
{
    if (!m_full)
        return;
    const Geometry& g = m_geometry;
    for (int b = 0; b < g.grid; ++b) {
        for (int w = 0; w < g.warps_per_block(); ++w) {
            const int first = b * g.block + w * g.warp;
            const int last = std::min(first + g.warp, (b + 1) * g.block);
            SharedAccess a;
            a.block = b;
            a.warp = w;
            a.kind = kind;
            for (int t = first; t < last; ++t) {
                const std::int64_t wd = word(t);
                if (wd == kNoAccess)
                    continue;
                if (a.words.empty()) {
                    a.words.assign(static_cast<std::size_t>(g.warp), -1);
                    a.bank_of_lane.assign(static_cast<std::size_t>(g.warp), -1);
                }
                a.words[static_cast<std::size_t>(t - first)] = static_cast<std::int32_t>(wd);
                a.bank_of_lane[static_cast<std::size_t>(t - first)] = static_cast<int>(wd % g.banks);
            }
            if (a.words.empty())
                continue;
            const SharedAccessCost cost = shared_access_cost(a.words, g.banks, kind);
            const int worst = cost.wavefronts;
            a.expression = expression;
            a.wavefronts = worst;
            a.max_conflict_ways = worst;
            a.broadcast = cost.broadcast;
            m_step.counters.shared_wavefronts += worst;
            m_step.counters.extra_shared_wavefronts += worst - 1;
            m_step.max_conflict_ways = std::max(m_step.max_conflict_ways, worst);
            m_step.shared_accesses.push_back(std::move(a));
        }
    }
}

void StepRecorder::global(AccessKind kind, std::string_view expression,
                          const std::function<std::int64_t(int)>& element, int bytes)
{
    if (!m_full)
        return;
    const Geometry& g = m_geometry;
    for (int b = 0; b < g.grid; ++b) {
        for (int w = 0; w < g.warps_per_block(); ++w) {
            const int first = b * g.block + w * g.warp;
            const int last = std::min(first + g.warp, (b + 1) * g.block);
            GlobalAccess a;
            a.block = b;
            a.warp = w;
            a.kind = kind;
            a.bytes_per_lane = bytes;
            for (int t = first; t < last; ++t) {
                const std::int64_t e = element(t);
                if (e == kNoAccess)
                    continue;
                if (a.elements.empty())
                    a.elements.assign(static_cast<std::size_t>(g.warp), -1);
                a.elements[static_cast<std::size_t>(t - first)] = e;
            }
            if (a.elements.empty())
                continue;
            const GlobalAccessCost cost = global_access_cost(a.elements, bytes);
            a.expression = expression;
            a.sectors = cost.sectors;
            a.ideal_sectors = cost.ideal_sectors;
            m_step.counters.global_sectors += a.sectors;
            m_step.global_accesses.push_back(std::move(a));
        }
    }
}

bool StepRecorder::load(int t, std::string_view expression, std::int64_t element, bool taken, int bytes,
                        int instance)
{
    if (!m_full || !taken)
        return taken;
    for (int c = 0; c < bytes / 4; ++c)
        read(t, element + c);
    // A thread uses a step's instructions in turn, and the next thread again: try the last one, the
    // one after it and the first before searching.
    auto is = [&](std::size_t k) {
        return k < m_loads.size() && m_loads[k].instance == instance && m_loads[k].expression == expression;
    };
    std::size_t k = m_last_load;
    if (!is(k) && is(k + 1))
        k = k + 1;
    else if (!is(k) && is(0))
        k = 0;
    if (!is(k)) {
        k = 0;
        while (k < m_loads.size() && !is(k))
            ++k;
        if (k == m_loads.size()) {
            PendingLoad p;
            p.expression = expression;
            p.instance = instance;
            p.bytes = bytes;
            p.elements.assign(static_cast<std::size_t>(m_geometry.threads()), kNoAccess);
            m_loads.push_back(std::move(p));
        }
        m_last_load = k;
    }
    m_loads[k].elements[static_cast<std::size_t>(t)] = element;
    return taken;
}

void FlushNote::add(float before, float operand, float after)
{
    if (!gpu_float::atomic_add_global_flushes(before, operand))
        return;
    if (m_count++ == 0) {
        m_before = before;
        m_operand = operand;
        m_after = after;
    }
}

std::optional<Text> FlushNote::note() const
{
    if (m_count == 0)
        return std::nullopt;
    return make_text("atomic.flush", m_count, m_before, m_operand, m_after, gpu_float::add_rn(m_before, m_operand));
}

std::vector<int> atomic_order(int count, int order)
{
    std::vector<int> perm(static_cast<std::size_t>(std::max(count, 0)));
    for (int k = 0; k < count; ++k)
        perm[static_cast<std::size_t>(k)] = k;
    if (order == 0)
        return perm;
    std::uint64_t state = 0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(order);
    auto next = [&state] {  // splitmix64
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    };
    for (int k = count - 1; k > 0; --k) {
        const auto j = static_cast<int>(next() % static_cast<std::uint64_t>(k + 1));
        std::swap(perm[static_cast<std::size_t>(k)], perm[static_cast<std::size_t>(j)]);
    }
    return perm;
}

RaceSchedule race_schedule(int warps, int warp_size, int seed)
{
    RaceSchedule out;
    out.order = atomic_order(warps, seed);
    std::uint64_t state = 0xd1b54a32d192ed03ull * static_cast<std::uint64_t>(seed) + 0x2545f4914f6cdd1dull;
    auto next = [&state] {  // splitmix64, a stream of its own (not atomic_order's)
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    };
    const auto overlap = static_cast<std::uint64_t>(1 + next() % 7);  // in eighths
    for (int k = 0; k < warps; ++k) {
        if (k == 0 || next() % 8 >= overlap)
            out.groups.push_back(1);
        else
            ++out.groups.back();
        out.lane.push_back(static_cast<int>(next() % static_cast<std::uint64_t>(std::max(warp_size, 1))));
    }
    return out;
}

void StepRecorder::atomic(int block, int thread, std::string_view target, double before, double operand,
                          double after, bool lost)
{
    int order = static_cast<int>(m_step.atomics.size());
    for (const Step& s : m_trace.steps)
        order += static_cast<int>(s.atomics.size());
    AtomicOp op;
    op.order = order;
    op.block = block;
    op.lane = thread;
    op.target = target;
    op.before = before;
    op.operand = operand;
    op.after = after;
    op.lost = lost;
    m_step.atomics.push_back(std::move(op));
    ++m_step.counters.atomics;
}

int StepRecorder::divergent_warps() const
{
    if (!m_full)
        return 0;
    const Geometry& g = m_geometry;
    int divergent = 0;
    for (int b = 0; b < g.grid; ++b) {
        for (int w = 0; w < g.warps_per_block(); ++w) {
            const int first = b * g.block + w * g.warp;
            const int last = std::min(first + g.warp, (b + 1) * g.block);
            int live = 0, active = 0;
            for (int t = first; t < last; ++t) {
                const LaneState s = m_step.lanes[static_cast<std::size_t>(t)].state;
                live += s != LaneState::Exited;
                active += s == LaneState::Active;
            }
            divergent += active > 0 && active < live;
        }
    }
    return divergent;
}

void StepRecorder::finish(std::vector<float> values, int barriers, long long adds, std::optional<float> output)
{
    const Geometry& g = m_geometry;
    m_step.values = std::move(values);
    m_step.counters.barriers = barriers;
    m_step.counters.adds = static_cast<int>(adds);
    if (output)
        m_step.output = output;
    else if (!m_trace.steps.empty())
        m_step.output = m_trace.steps.back().output;

    if (!m_full) {
        push_step();
        return;
    }
    for (const PendingLoad& p : m_loads) {
        const std::vector<std::int64_t>& e = p.elements;
        global(AccessKind::Read, p.expression, [&e](int t) { return e[static_cast<std::size_t>(t)]; }, p.bytes);
    }
    m_loads.clear();
    m_step.warps.reserve(static_cast<std::size_t>(g.grid * g.warps_per_block()));
    for (int b = 0; b < g.grid; ++b) {
        for (int w = 0; w < g.warps_per_block(); ++w) {
            const int first = b * g.block + w * g.warp;
            const int last = std::min(first + g.warp, (b + 1) * g.block);
            WarpRecord r;
            r.block = b;
            r.warp = w;
            for (int t = first; t < last; ++t) {
                const LaneState s = m_step.lanes[static_cast<std::size_t>(t)].state;
                if (s != LaneState::Exited)
                    ++r.live_lanes;
                if (s == LaneState::Active)
                    r.active_lanes.push_back(t - first);
            }
            const int active = static_cast<int>(r.active_lanes.size());
            r.divergent = active > 0 && active < r.live_lanes;
            m_step.counters.active_lanes += active;
            if (active > 0)
                m_step.counters.lane_slots += g.warp;
            if (r.divergent)
                ++m_step.counters.divergent_warps;
            m_step.warps.push_back(std::move(r));
        }
    }
    add_derived_sentences();
    push_step();
}

void StepRecorder::push_step()
{
    m_step.label = render_english(m_step.label_text);
    m_step.explanation = render_english(m_step.explanation_text);
    m_trace.steps.push_back(std::move(m_step));
}

void StepRecorder::add_derived_sentences()
{
    const StepCounters& c = m_step.counters;
    if (m_explain_divergence)
        m_step.explanation_text.push_back(c.divergent_warps == 0 ? make_text("diverge.none")
                                                                 : make_text("diverge.some", c.divergent_warps));
    if (m_step.shared_accesses.empty())
        return;
    if (m_step.max_conflict_ways > 1)
        m_step.explanation_text.push_back(make_text("banks.conflict", m_step.max_conflict_ways, c.shared_wavefronts,
                                               c.shared_wavefronts - c.extra_shared_wavefronts));
    else if (m_explain_banks)
        m_step.explanation_text.push_back(make_text("banks.free"));
}

} // namespace reducescope::model::detail
