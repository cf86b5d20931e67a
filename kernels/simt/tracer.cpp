// SPDX-License-Identifier: GPL-3.0-or-later
// The tracer: plans the launch (docs/your-own-kernel.md), runs the machine step by step and turns
// each step's log into a model::Step, counting banks, wavefronts, sectors and divergence with the
// step model's own rules (model::shared_access_cost, model::global_access_cost).
#include "simt/machine.h"

#include "model/own_launch.h"
#include "model/simulate.h"
#include "model/trace_json.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <unordered_map>

namespace reducescope::simt {
namespace {

using namespace detail;

std::optional<Diagnostic> launch_error(std::string message)
{
    return Diagnostic{0, 0, "error", std::move(message)};
}

bool teaching_size(int v) { return v == 4 || v == 8 || v == 16 || v == 32; }

/// Where the step's values come from: every block's shared arrays end to end, or the input.
struct Layout {
    std::vector<std::int64_t> shared_base;  ///< per buffer id: word offset in a block's shared segment, -1 = not shared
    std::int64_t shared_words = 0;          ///< words of one block's segment
    std::int32_t input = kInputBuffer, output = kOutputBuffer;
    /// Length of a step's values in global memory: the input padded with zeros to at least one
    /// element per thread of the grid (the model's padding of a one-element-per-thread kernel).
    std::int64_t global_values = 0;
    /// A load step of the input before a shuffle shows the registers (false for a two-pass
    /// reduction's second launch: its values are the partials, as the trace format has them).
    bool input_to_registers = true;
    /// A two-pass first launch: the buffer id of its partials (0: none). A step that stores to
    /// them and reads no input shows them (global memory), as the model's write step does.
    std::int32_t partials = 0;
};

std::string lines_text(const std::set<int>& lines)
{
    std::string s;
    int run_start = -1, prev = -1;
    auto flush = [&] {
        if (run_start < 0)
            return;
        s += (s.empty() ? "" : ", ") + std::to_string(run_start);
        if (prev > run_start)
            s += "–" + std::to_string(prev);
    };
    for (int l : lines) {
        if (l != prev + 1) {
            flush();
            run_start = l;
        }
        prev = l;
    }
    flush();
    return s.empty() ? "-" : s;
}

class Tracer {
public:
    Tracer(const Program& p, const Function& fn, model::Trace& t, const Geometry& g, Layout layout, bool full)
        : m_program(p), m_fn(fn), m_trace(t), m_g(g), m_layout(std::move(layout)), m_full(full)
    {
        // The atomics' serialisation order counts over the whole trace (trace-format.md): a second
        // launch (two-pass) goes on from the first's.
        for (const model::Step& s : t.steps)
            m_atomic_order += static_cast<int>(s.atomics.size());
    }

    void add_step(const StepLog& log, const Machine& m, bool last, const FaultRecord* fault);
    /// After the launch: its shared steps show only the words some thread accessed.
    void compact_shared(const Machine& m, std::size_t first_step);

private:
    void to_registers(model::Step& s, const StepLog& next) const;
    model::MemorySpace choose_space(const StepLog& log) const;
    void values(model::Step& s, const Machine& m) const;
    void lanes(model::Step& s, const StepLog& log) const;
    void warps(model::Step& s) const;
    void accesses(model::Step& s, const StepLog& log) const;
    void atomics(model::Step& s, const StepLog& log);
    void describe(model::Step& s, const StepLog& log, bool last, const FaultRecord* fault) const;
    std::int64_t value_index(const LaneAccess& a, model::MemorySpace space, bool reads_input) const;
    bool is_shared(std::int32_t buffer) const
    {
        return buffer > 0 && buffer < static_cast<std::int32_t>(m_layout.shared_base.size()) &&
               m_layout.shared_base[static_cast<std::size_t>(buffer)] >= 0;
    }

    const Program& m_program;
    const Function& m_fn;
    model::Trace& m_trace;
    Geometry m_g;
    Layout m_layout;
    bool m_full;
    bool m_output_written = false;
    bool m_partials_step = false;  ///< this step shows a two-pass first launch's partials
    int m_atomic_order = 0;
    /// The last step, when it loaded into registers what the next step may shuffle: it stored
    /// nothing to shared or global memory and made no atomic or shuffle. Its registers then.
    std::optional<std::vector<float>> m_pending_registers;
    std::vector<std::uint8_t> m_reads_shared;  ///< per step of the trace: its lanes' reads index shared words
    model::MemorySpace m_last_space = model::MemorySpace::Global;
};

model::MemorySpace Tracer::choose_space(const StepLog& log) const
{
    bool shared = false, global = false;
    for (const WarpAccess& a : log.accesses) {
        if (is_shared(a.buffer))
            shared = true;
        else if (a.buffer == m_layout.input)
            global = true;
    }
    if (shared)
        return model::MemorySpace::Shared;
    if (global)
        return model::MemorySpace::Global;
    if (log.shuffled)
        return model::MemorySpace::Registers;
    return m_last_space;
}

void Tracer::values(model::Step& s, const Machine& m) const
{
    const auto& bufs = m.buffers();
    auto floats = [](const Buffer& b, std::int32_t copy) {
        std::vector<float> v(static_cast<std::size_t>(b.bytes / 4));
        std::memcpy(v.data(), b.data.data() + static_cast<std::size_t>(copy) * static_cast<std::size_t>(b.bytes), v.size() * 4);
        return v;
    };
    if (s.values_space == model::MemorySpace::Shared) {
        s.values.reserve(static_cast<std::size_t>(m_layout.shared_words * m_g.grid));
        for (int b = 0; b < m_g.grid; ++b)
            for (std::size_t id = 1; id < m_layout.shared_base.size(); ++id)
                if (m_layout.shared_base[id] >= 0) {
                    const std::vector<float> v = floats(bufs[id - 1], b);
                    s.values.insert(s.values.end(), v.begin(), v.end());
                }
    } else if (s.values_space == model::MemorySpace::Registers) {
        s.values = m.partials();
    } else if (m_partials_step) {
        s.values = floats(bufs[static_cast<std::size_t>(m_layout.partials - 1)], 0);
    } else {
        s.values = floats(bufs[static_cast<std::size_t>(m_layout.input - 1)], 0);
        if (static_cast<std::int64_t>(s.values.size()) < m_layout.global_values)
            s.values.resize(static_cast<std::size_t>(m_layout.global_values), 0.0f);
    }
}

/// Index into the step's values (or, for a read when reads_input, into the trace's input) of one
/// lane access; -1 when the access is to another array (*output, a local, another space).
std::int64_t Tracer::value_index(const LaneAccess& a, model::MemorySpace space, bool reads_input) const
{
    using model::MemorySpace;
    if (a.buffer < 0)  // a shuffle: the lane read or written, by global thread index
        return space == MemorySpace::Registers ? a.element : -1;
    if (reads_input && !a.write)
        return a.buffer == m_layout.input ? a.element : -1;
    if (space == MemorySpace::Shared)
        return is_shared(a.buffer) ? a.copy * m_layout.shared_words + m_layout.shared_base[static_cast<std::size_t>(a.buffer)] + a.element
                                   : -1;
    if (space == MemorySpace::Global)
        return a.buffer == m_layout.input || (m_partials_step && a.buffer == m_layout.partials) ? a.element : -1;
    return -1;
}

void Tracer::lanes(model::Step& s, const StepLog& log) const
{
    s.lanes.resize(static_cast<std::size_t>(m_g.threads()));
    bool input_reads = false;
    if (s.values_space != model::MemorySpace::Global)
        for (const auto& l : log.lanes)
            for (const LaneAccess& a : l)
                input_reads = input_reads || (!a.write && a.buffer == m_layout.input);
    s.reads_input = input_reads;
    for (std::size_t t = 0; t < s.lanes.size(); ++t) {
        model::LaneRecord& r = s.lanes[t];
        r.state = log.exited_at_start[t] ? model::LaneState::Exited
                  : log.active[t]        ? model::LaneState::Active
                                         : model::LaneState::Idle;
        if (t >= log.lanes.size())
            continue;
        for (const LaneAccess& a : log.lanes[t]) {
            const std::int64_t k = value_index(a, s.values_space, input_reads);
            if (k < 0)
                continue;
            auto& list = a.write ? r.writes : r.reads;
            if (std::find(list.begin(), list.end(), static_cast<std::int32_t>(k)) == list.end())
                list.push_back(static_cast<std::int32_t>(k));
        }
    }
}

void Tracer::warps(model::Step& s) const
{
    const int wpb = m_g.warps_per_block();
    for (int b = 0; b < m_g.grid; ++b)
        for (int w = 0; w < wpb; ++w) {
            const int first = b * m_g.block + w * m_g.warp;
            const int last = std::min(first + m_g.warp, (b + 1) * m_g.block);
            model::WarpRecord r;
            r.block = b;
            r.warp = w;
            for (int t = first; t < last; ++t) {
                const model::LaneState st = s.lanes[static_cast<std::size_t>(t)].state;
                r.live_lanes += st != model::LaneState::Exited;
                if (st == model::LaneState::Active)
                    r.active_lanes.push_back(t - first);
            }
            const int active = static_cast<int>(r.active_lanes.size());
            r.divergent = active > 0 && active < r.live_lanes;
            s.counters.active_lanes += active;
            if (active > 0)
                s.counters.lane_slots += m_g.warp;
            s.counters.divergent_warps += r.divergent;
            s.warps.push_back(std::move(r));
        }
}

void Tracer::accesses(model::Step& s, const StepLog& log) const
{
    // The canonical order of a step's shared accesses (docs/architecture.md, "Access order"):
    // within a warp, program order, except that a run of consecutive reads (no write of the warp
    // between them, so their order means nothing) is listed by ascending lowest word; across
    // warps, the k-th access of every warp (block, warp order) before the (k+1)-th of any, as if
    // the warps issued in lock step with one another. Global accesses stay in program order.
    // Each warp runs once per step, so its accesses are one run of the log.
    std::vector<std::int32_t> order;
    order.reserve(log.accesses.size());
    if (m_layout.shared_words > 0) {
        std::vector<std::int32_t> rank(log.accesses.size(), 0), shared;
        auto lowest = [&](std::int32_t i) {
            for (const std::int64_t e : log.accesses[static_cast<std::size_t>(i)].elements)
                if (e >= 0)
                    return e;
            return std::int64_t(-1);
        };
        for (std::size_t i = 0; i < log.accesses.size();) {
            std::size_t end = i;  // [i, end): one warp's run
            while (end < log.accesses.size() && log.accesses[end].block == log.accesses[i].block &&
                   log.accesses[end].warp == log.accesses[i].warp)
                ++end;
            shared.clear();
            for (std::size_t k = i; k < end; ++k)
                if (is_shared(log.accesses[k].buffer))
                    shared.push_back(static_cast<std::int32_t>(k));
            for (std::size_t k = 0; k < shared.size();) {
                std::size_t r = k;
                while (r < shared.size() && !log.accesses[static_cast<std::size_t>(shared[r])].write)
                    ++r;
                std::stable_sort(shared.begin() + static_cast<std::ptrdiff_t>(k), shared.begin() + static_cast<std::ptrdiff_t>(r),
                                 [&](std::int32_t x, std::int32_t y) {
                                     const auto& ax = log.accesses[static_cast<std::size_t>(x)];
                                     const auto& ay = log.accesses[static_cast<std::size_t>(y)];
                                     return ax.buffer != ay.buffer ? ax.buffer < ay.buffer : lowest(x) < lowest(y);
                                 });
                k = r == k ? k + 1 : r;
            }
            for (std::size_t k = 0; k < shared.size(); ++k)
                rank[static_cast<std::size_t>(shared[k])] = static_cast<std::int32_t>(k);
            std::size_t next = 0;
            for (std::size_t k = i; k < end; ++k)  // the warp's shared accesses in their new order
                if (is_shared(log.accesses[k].buffer))
                    order.push_back(shared[next++]);
                else
                    order.push_back(static_cast<std::int32_t>(k));
            i = end;
        }
        // Across warps: stable by rank (each warp's shared accesses 0, 1, 2, ...); global ones after.
        std::vector<std::int32_t> sorted;
        sorted.reserve(order.size());
        std::vector<std::pair<std::int32_t, std::int32_t>> keyed;
        keyed.reserve(order.size());
        for (const std::int32_t i : order)
            if (is_shared(log.accesses[static_cast<std::size_t>(i)].buffer))
                keyed.emplace_back(rank[static_cast<std::size_t>(i)], i);
        std::stable_sort(keyed.begin(), keyed.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        for (const auto& [r, i] : keyed)
            sorted.push_back(i);
        for (const std::int32_t i : order)
            if (!is_shared(log.accesses[static_cast<std::size_t>(i)].buffer))
                sorted.push_back(i);
        order = std::move(sorted);
    } else {
        for (std::size_t i = 0; i < log.accesses.size(); ++i)
            order.push_back(static_cast<std::int32_t>(i));
    }
    for (const std::int32_t index : order) {
        const WarpAccess& a = log.accesses[static_cast<std::size_t>(index)];
        const std::string expr = a.expr >= 0 ? m_fn.exprs[static_cast<std::size_t>(a.expr)] : std::string("memcpy");
        const auto kind = a.write ? model::AccessKind::Write : model::AccessKind::Read;
        if (is_shared(a.buffer)) {
            model::SharedAccess r;
            r.block = a.block;
            r.warp = a.warp;
            r.kind = kind;
            r.expression = expr;
            r.words.assign(a.elements.size(), -1);
            r.bank_of_lane.assign(a.elements.size(), -1);
            for (std::size_t l = 0; l < a.elements.size(); ++l)
                if (a.elements[l] >= 0) {
                    r.words[l] = static_cast<std::int32_t>(m_layout.shared_base[static_cast<std::size_t>(a.buffer)] + a.elements[l]);
                    r.bank_of_lane[l] = r.words[l] % m_g.banks;
                }
            const model::SharedAccessCost cost = model::shared_access_cost(r.words, m_g.banks, kind);
            r.wavefronts = r.max_conflict_ways = cost.wavefronts;
            r.broadcast = cost.broadcast;
            s.counters.shared_wavefronts += cost.wavefronts;
            s.counters.extra_shared_wavefronts += cost.wavefronts - 1;
            s.max_conflict_ways = std::max(s.max_conflict_ways, cost.wavefronts);
            s.shared_accesses.push_back(std::move(r));
            continue;
        }
        model::GlobalAccess r;
        r.block = a.block;
        r.warp = a.warp;
        r.kind = kind;
        r.expression = expr;
        r.elements = a.elements;
        r.bytes_per_lane = a.bytes == 8 || a.bytes == 16 ? a.bytes : 4;
        const model::GlobalAccessCost cost = model::global_access_cost(r.elements, r.bytes_per_lane);
        r.sectors = cost.sectors;
        r.ideal_sectors = cost.ideal_sectors;
        s.counters.global_sectors += r.sectors;
        s.global_accesses.push_back(std::move(r));
    }
}

void Tracer::atomics(model::Step& s, const StepLog& log)
{
    for (const AtomicRecord& a : log.atomics) {
        model::AtomicOp op;
        op.order = m_atomic_order++;
        op.block = a.block;
        op.lane = a.thread;
        const std::string expr = a.expr >= 0 ? m_fn.exprs[static_cast<std::size_t>(a.expr)] : std::string("atomic");
        op.target = (a.float_add || a.shown_float) && a.buffer == m_layout.output && a.element == 0
                        ? std::string("*output")
                        : expr + (a.shown_float ? "" : " (integer)");
        op.before = a.before;
        op.operand = a.operand;
        op.after = a.after;
        s.atomics.push_back(std::move(op));
        ++s.counters.atomics;
        if (a.buffer == m_layout.output)
            m_output_written = true;
    }
}

void Tracer::describe(model::Step& s, const StepLog& log, bool last, const FaultRecord* fault) const
{
    const std::string lines = lines_text(log.lines);
    if (fault)
        s.label_text = model::make_text("engine.label.fault", lines);
    else if (log.barriers > 0)
        s.label_text = model::make_text("engine.label.barrier", lines);
    else if (log.shuffled && log.stride)
        s.label_text = model::make_text("engine.label.shuffle", lines, static_cast<long long>(*log.stride));
    else if (!log.atomics.empty())
        s.label_text = model::make_text("engine.label.atomic", lines);
    else
        s.label_text = model::make_text(last ? "engine.label.end" : "engine.label.step", lines);
    s.explanation_text.push_back(model::make_text("engine.active", s.counters.active_lanes, m_g.threads()));
    s.explanation_text.push_back(s.counters.divergent_warps == 0 ? model::make_text("diverge.none")
                                                                 : model::make_text("diverge.some", s.counters.divergent_warps));
    if (s.max_conflict_ways > 1)
        s.explanation_text.push_back(model::make_text("banks.conflict", s.max_conflict_ways, s.counters.shared_wavefronts,
                                                      s.counters.shared_wavefronts - s.counters.extra_shared_wavefronts));
    else if (!s.shared_accesses.empty())
        s.explanation_text.push_back(model::make_text("banks.free"));
    if (fault) {
        // The kind as a message of its own, the engine's account nested in it (both translated in the app).
        static const char* const kinds[] = {"data_race", "partial_barrier", "out_of_bounds", "shuffle_inactive_lane",
                                            "endless_loop", "division_by_zero", "unreachable"};
        const bool known = std::find(std::begin(kinds), std::end(kinds), fault->kind) != std::end(kinds);
        s.explanation_text.push_back(model::make_text(known ? "engine.fault." + fault->kind : std::string("engine.fault"),
                                                      fault->text));
    }
    s.label = model::render_english(s.label_text);
    s.explanation = model::render_english(s.explanation_text);
    s.source_lines.assign(log.lines.begin(), log.lines.end());
    if (log.stride)
        s.stride = static_cast<int>(*log.stride);
}

/// A load step whose values the next step shuffles, shown as what it made: each lane's register
/// (docs/architecture.md, "Which array a step shows"). `s` was the previous step; its registers
/// are m_pending_registers, with the values the shuffles of `next` found in them.
void Tracer::to_registers(model::Step& s, const StepLog& next) const
{
    std::vector<float> regs = *m_pending_registers;
    for (std::size_t t = 0; t < regs.size() && t < next.shuffle_in.size(); ++t)
        if (next.shuffle_in_set[t])
            regs[t] = std::bit_cast<float>(next.shuffle_in[t]);
    s.reads_input = s.reads_input || s.values_space == model::MemorySpace::Global;
    s.values_space = model::MemorySpace::Registers;
    s.values = std::move(regs);
    for (std::size_t t = 0; t < s.lanes.size(); ++t)  // each lane that ran the step wrote its register
        if (s.lanes[t].state == model::LaneState::Active)
            s.lanes[t].writes.assign(1, static_cast<std::int32_t>(t));
}

void Tracer::add_step(const StepLog& log, const Machine& m, bool last, const FaultRecord* fault)
{
    if (m_pending_registers && !m_trace.steps.empty() &&
        std::find(log.shuffle_in_set.begin(), log.shuffle_in_set.end(), 1) != log.shuffle_in_set.end())
        to_registers(m_trace.steps.back(), log);
    m_pending_registers.reset();
    model::Step s;
    s.block_dim = m_g.block;
    s.grid_dim = m_g.grid;
    s.values_space = choose_space(log);
    m_partials_step = false;
    if (m_layout.partials > 0 && s.values_space != model::MemorySpace::Shared) {
        bool input = false, partials = false;
        for (const WarpAccess& a : log.accesses) {
            input = input || a.buffer == m_layout.input;
            partials = partials || (a.buffer == m_layout.partials && a.write);
        }
        if (partials && !input) {
            s.values_space = model::MemorySpace::Global;
            m_partials_step = true;
        }
    }
    m_last_space = s.values_space;
    values(s, m);
    if (m_full) {
        lanes(s, log);
        warps(s);
        accesses(s, log);
    }
    atomics(s, log);
    for (const WarpAccess& a : log.accesses)
        if (a.buffer == m_layout.output && a.write)
            m_output_written = true;
    if (!m_full && m_layout.output > 0)  // no lane accesses are logged then: the buffer's own mark
        m_output_written = m_output_written || m.buffers()[static_cast<std::size_t>(m_layout.output - 1)].written;
    s.counters.barriers = log.barriers;
    s.warp_barrier = log.warp_barrier;
    s.counters.adds = static_cast<int>(log.adds);
    if (m_output_written) {
        float out = 0;
        std::memcpy(&out, m.buffers()[static_cast<std::size_t>(m_layout.output - 1)].data.data(), 4);
        s.output = out;
    }
    describe(s, log, last, fault);
    m_reads_shared.resize(m_trace.steps.size() + 1, 0);
    m_reads_shared.back() = s.values_space == model::MemorySpace::Shared && !s.reads_input;
    const bool stores = std::any_of(log.accesses.begin(), log.accesses.end(), [](const WarpAccess& a) { return a.write; });
    if (!fault && !last && !stores && log.atomics.empty() && !log.shuffled &&
        s.values_space != model::MemorySpace::Registers &&
        (m_layout.input_to_registers || s.values_space != model::MemorySpace::Global))
        m_pending_registers = m.partials();
    m_trace.steps.push_back(std::move(s));
}

/// Which array a step shows (docs/architecture.md): a shared array's words that no thread of the
/// launch ever accessed are no part of the reduction (the unused words of `warp_sums[32]` with two
/// warps, interleaved_padded's padding words), so the steps in shared memory show the accessed
/// words only, in address order, block after block; the lanes' reads and writes index them. The
/// access records keep the words' real addresses, from which banks are counted.
void Tracer::compact_shared(const Machine& m, std::size_t first_step)
{
    const std::int64_t words = m_layout.shared_words;
    if (words == 0)
        return;
    std::vector<std::int64_t> map(static_cast<std::size_t>(words), -1);
    std::int64_t kept = 0;
    for (std::size_t id = 1; id < m_layout.shared_base.size(); ++id) {
        const std::int64_t base = m_layout.shared_base[id];
        if (base < 0)
            continue;
        const Buffer& b = m.buffers()[id - 1];
        for (std::size_t k = 0; k < b.touched.size(); ++k)
            if (b.touched[k])
                map[static_cast<std::size_t>(base) + k] = kept++;
    }
    if (kept == words)
        return;
    auto remap = [&](std::int32_t& index) {
        const std::int64_t block = index / words, w = map[static_cast<std::size_t>(index % words)];
        index = static_cast<std::int32_t>(w < 0 ? -1 : block * kept + w);
    };
    for (std::size_t k = first_step; k < m_trace.steps.size(); ++k) {
        model::Step& s = m_trace.steps[k];
        const bool shared = s.values_space == model::MemorySpace::Shared;
        if (shared) {
            std::vector<float> v;
            v.reserve(static_cast<std::size_t>(kept * m_g.grid));
            for (std::size_t i = 0; i < s.values.size(); ++i)
                if (map[i % static_cast<std::size_t>(words)] >= 0)
                    v.push_back(s.values[i]);
            s.values = std::move(v);
        }
        const bool reads = k < m_reads_shared.size() && m_reads_shared[k];
        for (model::LaneRecord& l : s.lanes) {
            if (shared)
                for (std::int32_t& i : l.writes)
                    remap(i);
            if (reads)
                for (std::int32_t& i : l.reads)
                    remap(i);
        }
    }
}

/// A max reduction: the kernel's reduction operations are float maxima (fmaxf, max, a compare in a
/// compare-and-swap merge, a float atomicMax) and none is an add. Its output starts at -infinity,
/// as the catalogue's host launcher fills it for a max (kernels/cuda/runner.cu); a sum's at 0.
bool is_max_reduction(const Function& fn)
{
    bool max = false;
    for (const Inst& in : fn.insts) {
        if (in.op == Op::FAdd && (in.flags & kReduction))
            return false;
        if (in.op == Op::Atomic && (in.flags & kFloat) && in.aux == kAtomicAdd)
            return false;
        max = max || ((in.op == Op::FMax || in.op == Op::FCmp) && (in.flags & kReduction)) ||
              (in.op == Op::Atomic && (in.flags & kFloat) && in.aux == kAtomicMax);
    }
    return max;
}

/// The launch of docs/your-own-kernel.md: block, grid, buffers and arguments.
struct Plan {
    Geometry g;
    int padded = 0;
    std::vector<Buffer> buffers;
    std::vector<std::uint64_t> args;
    Layout layout;
};

/// Most floats an in_place kernel's padded input may hold: 2 x the most threads of a launch, the
/// padding at E <= 2.
constexpr std::size_t kMaxInPlaceValues = std::size_t{2} << 22;

std::optional<Diagnostic> plan(const Program& program, const Function& fn, Signature sig, std::span<const float> input, const LaunchOptions& o,
                               Plan& p)
{
    const int n = static_cast<int>(input.size());
    if (n < 1 || n > kMaxEngineInput)
        return launch_error("input must hold 1.." + std::to_string(kMaxEngineInput) + " values (got " + std::to_string(n) + ")");
    if (!teaching_size(o.warp_size))
        return launch_error("warp-size must be 32, or 4, 8 or 16 as a teaching aid (got " + std::to_string(o.warp_size) + ")");
    if (program.names_warp_size_macro && o.warp_size != program.warp_size)
        return launch_error("warp-size must be " + std::to_string(program.warp_size) + ", the warp size the source " +
                            "was compiled for: it reads " + std::string(kWarpSizeMacro) + " (got " +
                            std::to_string(o.warp_size) + ")");
    if (!teaching_size(o.banks))
        return launch_error("banks must be 32, or 4, 8 or 16 (got " + std::to_string(o.banks) + ")");
    if (o.block_size != 0 && (o.block_size < 1 || o.block_size > 1024 || !std::has_single_bit(static_cast<unsigned>(o.block_size))))
        return launch_error("block-size must be a power of two in 1..1024 (got " + std::to_string(o.block_size) + ")");
    if (o.shared_bytes < 0 || o.shared_bytes > kMaxSharedBytes)
        return launch_error("shared-bytes must be in 1.." + std::to_string(kMaxSharedBytes) + " (got " +
                            std::to_string(o.shared_bytes) + ")");
    if (o.grid < 0 || o.grid > 65535)
        return launch_error("grid must be in 1..65535 (got " + std::to_string(o.grid) + ")");
    if (o.elements_per_thread < 1 || o.elements_per_thread > model::kMaxElementsPerThread)
        return launch_error("elements-per-thread must be in 1.." + std::to_string(model::kMaxElementsPerThread) + " (got " +
                            std::to_string(o.elements_per_thread) + ")");
    Geometry& g = p.g;
    g.warp = o.warp_size;
    g.banks = o.banks;
    // The plan `kernel bench` launches on the GPU too (model/own_launch.h): a kernel with a
    // warp-wide intrinsic gets whole warps.
    const unsigned e = static_cast<unsigned>(o.elements_per_thread);
    const model::OwnLaunch l = model::plan_own_launch(static_cast<std::size_t>(n), e, fn.warp_wide ? static_cast<unsigned>(g.warp) : 1u,
                                                      static_cast<unsigned>(o.block_size), static_cast<unsigned>(o.grid));
    g.block = static_cast<int>(l.block);
    g.grid = static_cast<int>(l.grid);
    if (static_cast<long long>(g.block) * g.grid > (1 << 22))
        return launch_error("block-size x grid must be at most 4194304 threads (got " +
                            std::to_string(static_cast<long long>(g.block) * g.grid) + ")");
    if (sig == Signature::InPlace) {
        const std::size_t values = model::own_in_place_values(static_cast<std::size_t>(n), e, l);
        if (values > kMaxInPlaceValues)
            return launch_error("an in_place kernel's input is padded to elements-per-thread x block-size x grid values, at most " +
                                std::to_string(kMaxInPlaceValues) + " (got " + std::to_string(values) + ")");
        p.padded = static_cast<int>(values);
    } else {
        p.padded = n;
    }
    p.layout.global_values = std::max(p.padded, g.threads());
    auto global = [](std::string name, std::int64_t floats) {
        Buffer b;
        b.space = Space::Global;
        b.name = std::move(name);
        b.bytes = floats * 4;
        b.data.assign(static_cast<std::size_t>(b.bytes), 0);
        b.words.resize(static_cast<std::size_t>(floats));
        return b;
    };
    p.buffers.push_back(global("input", p.padded));
    p.buffers.back().touched.assign(static_cast<std::size_t>(p.padded), 0);
    std::memcpy(p.buffers[0].data.data(), input.data(), input.size() * 4);
    if (sig == Signature::TwoPassFirst) {  // the second pointer: one float per block
        p.buffers.push_back(global("partials", g.grid));
        p.layout.output = -1;  // *output is the second kernel's
        p.layout.partials = kOutputBuffer;
    } else {
        p.buffers.push_back(global("output", 1));
        if (is_max_reduction(fn)) {
            const float lowest = -std::numeric_limits<float>::infinity();
            std::memcpy(p.buffers.back().data.data(), &lowest, 4);
        }
    }
    p.buffers.push_back(global("partial", 1));
    p.layout.shared_base.assign(static_cast<std::size_t>(kFirstDeclared) + fn.buffers.size(), -1);
    for (std::size_t k = 0; k < fn.buffers.size(); ++k) {
        const BufferDecl& d = fn.buffers[k];
        Buffer b;
        b.space = d.space;
        b.name = d.name;
        b.is_float = d.is_float;
        b.bytes = d.bytes >= 0 ? d.bytes : (o.shared_bytes > 0 ? o.shared_bytes : 4LL * g.block);
        b.extern_sized = d.bytes < 0;
        b.copies = d.space == Space::Shared ? g.grid : d.space == Space::Local ? g.threads() : 1;
        b.data.assign(static_cast<std::size_t>(b.bytes) * static_cast<std::size_t>(b.copies), 0);
        if (d.space == Space::Shared) {
            b.words.resize(static_cast<std::size_t>(b.bytes / 4) * static_cast<std::size_t>(b.copies));
            b.touched.assign(static_cast<std::size_t>((b.bytes + 3) / 4), 0);
            p.layout.shared_base[static_cast<std::size_t>(kFirstDeclared) + k] = p.layout.shared_words;
            p.layout.shared_words += b.bytes / 4;
        }
        p.buffers.push_back(std::move(b));
    }
    int pointers = 0;
    for (const ParamKind k : fn.params) {
        if (k == ParamKind::Int)
            p.args.push_back(static_cast<std::uint64_t>(n));
        else if (k == ParamKind::FloatPtr || k == ParamKind::ConstFloatPtr)
            p.args.push_back(make_pointer(static_cast<std::uint64_t>(++pointers), 0));
        else
            p.args.push_back(0);
    }
    return std::nullopt;
}

Signature signature_of(const Program& program, const Function& fn)
{
    for (const KernelInfo& k : program.kernels)
        if (k.symbol == fn.symbol)
            return k.signature;
    return Signature::Unsupported;
}

/// A two-pass first kernel's second: the one other runnable input_output kernel of the source.
const Function* second_kernel(const Program& program, const Function& first, const std::string& name,
                              std::optional<Diagnostic>& error)
{
    if (!name.empty()) {
        auto named = [&](const Function& f) {
            return f.name == name || f.symbol == name ||
                   (f.name.size() > name.size() && f.name.compare(0, name.size(), name) == 0 && f.name[name.size()] == '<');
        };
        for (const Function& f : program.functions)
            if (&f != &first && named(f)) {
                if (signature_of(program, f) == Signature::InputOutput)
                    return &f;
                error = launch_error("the second kernel `" + f.name + "` of a two-pass pair must be input_output "
                                     "(const float* partials, float* output, unsigned count)");
                return nullptr;
            }
        error = launch_error("second kernel must name another kernel of the source (got \"" + name + "\")");
        return nullptr;
    }
    const Function* found = nullptr;
    std::string names;
    for (const Function& f : program.functions)
        if (&f != &first && signature_of(program, f) == Signature::InputOutput) {
            names += (names.empty() ? "" : ", ") + f.name;
            if (found) {
                error = launch_error("the two-pass kernel `" + first.name + "` needs exactly one second kernel "
                                     "(const float* partials, float* output, unsigned count) in the source; it has several (" +
                                     names + "): name it after the first, --kernel " + first.name + ",SECOND");
                return nullptr;
            }
            found = &f;
        }
    if (!found)
        error = launch_error("the two-pass kernel `" + first.name + "` needs a second kernel (const float* partials, "
                             "float* output, unsigned count) in the source; it has none");
    return found;
}

const Function* find_kernel(const Program& program, const std::string& name, std::optional<Diagnostic>& error)
{
    if (name.empty()) {
        if (program.functions.size() == 1)
            return &program.functions[0];
        // A two-pass source: its first kernel and the second.
        const Function* first = nullptr;
        int firsts = 0;
        for (const Function& f : program.functions)
            if (signature_of(program, f) == Signature::TwoPassFirst) {
                first = &f;
                ++firsts;
            }
        if (firsts == 1 && program.functions.size() == 2)
            return first;
        std::string names;
        for (const Function& f : program.functions)
            names += (names.empty() ? "" : ", ") + f.name;
        error = launch_error(program.functions.empty() ? "the source has no kernel the engine can run"
                                                       : "the source has several kernels: name one with --kernel (" + names + ")");
        return nullptr;
    }
    for (const Function& f : program.functions)
        if (f.name == name || f.symbol == name)
            return &f;
    // A template's name without its arguments ("coarsened_reduce_sum" for the instance
    // "coarsened_reduce_sum<4, NoProbe>"): the one instance of that template.
    const Function* instance = nullptr;
    int instances = 0;
    for (const Function& f : program.functions)
        if (f.name.size() > name.size() && f.name.compare(0, name.size(), name) == 0 && f.name[name.size()] == '<') {
            instance = &f;
            ++instances;
        }
    if (instances == 1)
        return instance;
    for (const KernelInfo& k : program.kernels)
        if ((k.name == name || k.symbol == name) && !k.refusal.empty()) {
            error = Diagnostic{k.line, k.column, "error", "kernel `" + k.name + "` cannot run: " + k.refusal};
            return nullptr;
        }
    std::string runnable;
    for (const Function& f : program.functions)
        runnable += (runnable.empty() ? "" : ", ") + f.name;
    error = launch_error("kernel must name a kernel of the source (got \"" + name + "\"; " +
                         (runnable.empty() ? std::string("the source has none the engine can run") : "it has: " + runnable) + ")");
    return nullptr;
}


/// After a run that went to its end: the note "unread_input" when some of the first t.n input
/// words were never loaded, stored or used by an atomic in the launch that reads them (`touched`,
/// per word; the first launch, of geometry `g`), at the kernel's definition (docs/your-own-kernel.md,
/// "Notes"). Its advice follows the counts: the launch covered fewer than n values (threads x E < n:
/// a larger grid or block); the threads read about one value each at E > 1 (a smaller E); else the
/// kernel's indexing or bounds skip them.
void note_unread_input(const std::vector<std::uint8_t>& touched, const Function& fn, const Geometry& g,
                       const LaunchOptions& options, model::Trace& t)
{
    const std::size_t n = std::min(touched.size(), static_cast<std::size_t>(t.n));
    long long unread = 0;
    std::size_t first = 0, last = 0;
    for (std::size_t k = 0; k < n; ++k)
        if (!touched[k]) {
            if (unread++ == 0)
                first = k;
            last = k;
        }
    if (unread == 0)
        return;
    const long long threads = g.threads(), e = options.elements_per_thread, read = static_cast<long long>(t.n) - unread;
    const char* id = threads * e < t.n          ? "simt.note.unread_input.launch"
                     : e > 1 && read <= threads ? "simt.note.unread_input"
                                                : "simt.note.unread_input.indexing";
    model::Note note;
    note.kind = "unread_input";
    note.text = model::make_text(id, unread, static_cast<long long>(t.n), static_cast<long long>(first),
                                 static_cast<long long>(last), model::make_text("count.threads", threads),
                                 static_cast<long long>(g.grid), static_cast<long long>(g.block), e, read);
    note.message = model::render_english(note.text);
    note.line = fn.where.line;
    note.column = fn.where.column;
    t.notes.push_back(std::move(note));
}

/// One launch stepped into `t` (appending its steps). `limit` is the instruction budget left; the
/// launch's warp instructions are added to `instructions`. False when it stopped at a fault.
/// `second` (when set) gets the contents of the launch's second pointer (a first pass's partials).
bool launch(const Program& program, const Function& fn, Plan p, const LaunchOptions& options, model::Trace& t,
            long long& instructions, std::vector<float>* second, std::vector<std::uint8_t>* unread)
{
    Machine m(fn, p.g, std::move(p.buffers), std::move(p.args), options.full_detail,
              std::max(0LL, options.instruction_limit - instructions));
    Tracer tracer(program, fn, t, p.g, p.layout, options.full_detail);
    StepLog log;
    bool clean = true;
    const std::size_t first_step = t.steps.size();
    // The endless-loop tests of a run that keeps stepping (docs/your-own-kernel.md, "Faults"): a
    // state after a step equal to one after an earlier step (hashed from the 16th step of the
    // launch on: a loop whose barrier step changes nothing), the trace's lane records past
    // kMaxTraceLaneRecords (full detail, after 64 steps of the launch) and the trace format's
    // step limit.
    std::unordered_map<std::uint64_t, std::size_t> seen;  // state hash -> step index
    long long records = 0;
    while (m.step(log)) {
        const FaultRecord* f = m.fault() ? &*m.fault() : nullptr;
        const std::size_t launch_steps = t.steps.size() - first_step + 1;  // with this one
        if (options.full_detail)
            records += p.g.threads();
        std::optional<model::Text> endless;
        if (!f && !m.done()) {
            if (launch_steps >= 16) {
                const auto [at, fresh] = seen.try_emplace(m.state_hash(), t.steps.size());
                if (!fresh)
                    endless = model::make_text("simt.fault.endless_loop.repeat", static_cast<long long>(t.steps.size() + 1),
                                               static_cast<long long>(at->second + 1));
            }
            if (!endless && options.full_detail && launch_steps >= 64 && records > kMaxTraceLaneRecords)
                endless = model::make_text("simt.fault.endless_loop.records", kMaxTraceLaneRecords,
                                           static_cast<long long>(t.steps.size() + 1),
                                           static_cast<long long>(p.g.threads()));
            if (!endless && t.steps.size() + 1 >= static_cast<std::size_t>(model::kMaxTraceSteps))
                endless = model::make_text("simt.fault.endless_loop.steps", model::kMaxTraceSteps);
        }
        if (endless) {
            // At the barrier (or the instruction) the warps wait at, with the threads that did
            // work in the last step, or, when none did (the loop only waits at its barrier),
            // every thread that has not exited: those keep looping.
            std::vector<int> running;
            for (std::size_t k = 0; k < log.active.size(); ++k)
                if (log.active[k])
                    running.push_back(static_cast<int>(k));
            if (running.empty())
                running = m.live_threads();
            Loc at = m.waiting_loc();
            if (at.line == 0 && !log.lines.empty())
                at = Loc{*log.lines.begin(), 1};
            FaultRecord limit;
            limit.kind = "endless_loop";
            limit.text = std::move(*endless);
            limit.message = model::render_english(limit.text);
            limit.loc = at;
            limit.lanes = running;
            tracer.add_step(log, m, false, &limit);
            t.faults.push_back({limit.kind, limit.message, limit.text, limit.loc.line, limit.loc.column,
                                static_cast<int>(t.steps.size() - 1), running});
            clean = false;
            break;
        }
        const bool last = m.done();
        if (!f && last && log.accesses.empty() && log.memory_ops == 0 && log.atomics.empty() && log.adds == 0 &&
            log.barriers == 0 &&
            t.steps.size() > first_step && !log.shuffled)
            break;  // only the kernel's return: nothing a teacher would look at
        tracer.add_step(log, m, last, f);
        if (f) {
            t.faults.push_back({f->kind, f->message, f->text, f->loc.line, f->loc.column,
                                static_cast<int>(t.steps.size() - 1), f->lanes});
            clean = false;
            break;
        }
        if (last)
            break;
    }
    tracer.compact_shared(m, first_step);
    if (clean && unread)  // the launch that reads the user's values: which of them no thread touched
        *unread = m.buffers()[static_cast<std::size_t>(kInputBuffer - 1)].touched;
    instructions += m.instructions();
    if (second) {
        const Buffer& b = m.buffers()[static_cast<std::size_t>(kOutputBuffer - 1)];
        second->resize(static_cast<std::size_t>(b.bytes / 4));
        std::memcpy(second->data(), b.data.data(), second->size() * 4);
    }
    return clean;
}

} // namespace

RunResult run(const Program& program, std::span<const float> input, const LaunchOptions& options)
{
    RunResult result;
    const Function* fn = find_kernel(program, options.kernel, result.error);
    if (!fn)
        return result;
    const Signature sig = signature_of(program, *fn);
    const Function* fn2 = nullptr;
    if (sig == Signature::TwoPassFirst && !(fn2 = second_kernel(program, *fn, options.second_kernel, result.error)))
        return result;
    if (sig != Signature::TwoPassFirst && !options.second_kernel.empty()) {
        result.error = launch_error("a second kernel runs only after a two-pass first kernel (partials as its second "
                                    "parameter); `" + fn->name + "` is " + std::string(to_string(sig)));
        return result;
    }
    Plan p;
    if ((result.error = plan(program, *fn, sig, input, options, p)))
        return result;
    model::Trace& t = result.trace;
    t.strategy = fn2 ? fn->name + "+" + fn2->name : fn->name;
    const bool max = is_max_reduction(fn2 ? *fn2 : *fn);
    t.operation = max ? model::Operation::Max : model::Operation::Sum;
    t.params.block_size = p.g.block;
    t.params.warp_size = p.g.warp;
    t.params.banks = p.g.banks;
    t.n = static_cast<int>(input.size());
    t.padded_n = static_cast<int>(p.layout.global_values);
    t.grid_size = p.g.grid;
    t.input.assign(input.begin(), input.end());
    t.input.resize(static_cast<std::size_t>(t.padded_n), max ? -std::numeric_limits<float>::infinity() : 0.0f);  // the identity
    t.source_file = program.file_name;
    t.own_source = program.source;
    t.reference = model::reference_of(t.operation, input);
    t.teaching_warp_size = p.g.warp != 32;
    long long instructions = 0;
    std::vector<float> partials;
    const Geometry first_launch = p.g;
    std::vector<std::uint8_t> touched;  // per input word: some thread of the first launch touched it
    bool clean = launch(program, *fn, std::move(p), options, t, instructions, fn2 ? &partials : nullptr, &touched);
    if (fn2 && clean) {
        // The second launch, as the catalogue's two_pass_final<<<1, 1024>>>(partials, output, grid).
        LaunchOptions o2 = options;
        o2.block_size = 1024;
        o2.grid = 1;
        Plan p2;
        if ((result.error = plan(program, *fn2, Signature::InputOutput, partials, o2, p2))) {
            result.trace = {};
            return result;
        }
        p2.layout.global_values = p2.padded;  // its values are the partials, not the trace's padded input
        p2.layout.input_to_registers = false;
        p2.buffers[static_cast<std::size_t>(kInputBuffer - 1)].name = "partials";  // as its faults name it
        clean = launch(program, *fn2, std::move(p2), options, t, instructions, nullptr, nullptr);
    }
    if (clean)  // a run that faulted gets no note (it did not go to its end)
        note_unread_input(touched, *fn, first_launch, options, t);
    if (!t.steps.empty() && t.steps.back().output)
        t.result = *t.steps.back().output;
    else if (!t.steps.empty()) {
        // the host's start value (0, or -infinity for a max): the kernel never wrote *output
        t.steps.back().output = max ? -std::numeric_limits<float>::infinity() : 0.0f;
        t.result = *t.steps.back().output;
    }
    model::sum_totals(t);
    result.warp_instructions = instructions;
    return result;
}

std::string_view to_string(Signature s)
{
    switch (s) {
    case Signature::InputOutput: return "input_output";
    case Signature::InPlace: return "in_place";
    case Signature::TwoPassFirst: return "two_pass_first";
    case Signature::Unsupported: break;
    }
    return "unsupported";
}

} // namespace reducescope::simt
