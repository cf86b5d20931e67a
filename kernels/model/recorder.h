// SPDX-License-Identifier: GPL-3.0-or-later
// Internal to the step model: the launch geometry and the recorder that turns recorded lane
// activity and memory accesses into a Step. The definitions of divergence, banks, wavefronts,
// broadcast and sectors (trace.h) are computed here and nowhere else.
#pragma once

#include "model/trace.h"

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace reducescope::model::detail {

/// Launch shape of one kernel replay. Thread t (global index) is lane t % warp of warp
/// (t % block) / warp of block t / block.
struct Geometry {
    int block = 1;  ///< blockDim.x
    int warp = 32;  ///< warp size
    int grid = 1;   ///< gridDim.x
    int banks = 32; ///< shared-memory banks

    int threads() const { return block * grid; }
    int warps_per_block() const { return (block + warp - 1) / warp; }
    int block_of(int t) const { return t / block; }
    int tid_of(int t) const { return t % block; }
    int warp_of(int t) const { return (t % block) / warp; }
    int lane_of(int t) const { return (t % block) % warp; }
};

/// Value returned by the per-thread callbacks of StepRecorder::shared / global when the thread
/// does not take part in the access.
inline constexpr std::int64_t kNoAccess = -1;

/// Builds one Step. Every thread of the grid starts Idle; the strategy marks what each does, records
/// each source expression's warp-wide memory access, and calls finish().
class StepRecorder {
public:
    StepRecorder(Trace& trace, const Geometry& geometry, MemorySpace space);

    /// Label, explanation sentences, and the step tags `@<strategy>.<name>` (source lines are
    /// resolved). finish() renders their English into Step::label / Step::explanation, after the
    /// sentences derived from the counted data (explain_divergence(), explain_banks()).
    void describe(Text label, std::vector<Text> explanation, std::initializer_list<std::string_view> steps);
    /// finish() adds a sentence saying how many warps diverge (none, or the count), from the step's
    /// warp records (Detail::Full only).
    void explain_divergence() { m_explain_divergence = true; }
    /// finish() adds a sentence on the step's shared-memory accesses: conflict-free, or the worst
    /// n-way conflict with the wavefronts it costs. Steps whose accesses conflict get the conflict
    /// sentence whether or not this is called, so no bank conflict goes unmentioned.
    void explain_banks() { m_explain_banks = true; }
    void set_stride(int stride) { m_step.stride = stride; }
    StepCounters& counters() { return m_step.counters; }
    /// LaneRecord::reads index Trace::input (the global input) instead of Step::values.
    void reads_from_input() { m_step.reads_input = true; }

    /// False in Detail::ValuesOnly: lane, warp, access and counter records are skipped.
    bool full() const { return m_full; }
    LaneRecord& lane(int t) { return m_step.lanes[static_cast<std::size_t>(t)]; }
    void active(int t) { if (m_full) lane(t).state = LaneState::Active; }
    void exited(int t) { if (m_full) lane(t).state = LaneState::Exited; }
    void read(int t, std::int64_t index) { if (m_full) lane(t).reads.push_back(static_cast<std::int32_t>(index)); }
    void write(int t, std::int64_t index) { if (m_full) lane(t).writes.push_back(static_cast<std::int32_t>(index)); }
    /// One read and one write, or two reads and one write, allocated once.
    void read_write(int t, std::int64_t r, std::int64_t w)
    {
        if (!m_full)
            return;
        lane(t).reads.assign(1, static_cast<std::int32_t>(r));
        lane(t).writes.assign(1, static_cast<std::int32_t>(w));
    }
    void read2_write(int t, std::int64_t r1, std::int64_t r2, std::int64_t w)
    {
        if (!m_full)
            return;
        lane(t).reads = {static_cast<std::int32_t>(r1), static_cast<std::int32_t>(r2)};
        lane(t).writes.assign(1, static_cast<std::int32_t>(w));
    }
    void padding(int t, bool p = true) { if (m_full) lane(t).padding = p; }

    /// One shared-memory access instruction per warp of the given threads: `word(t)` is the 32-bit
    /// word index within the block's shared array, or kNoAccess. Warps where no lane takes part
    /// issue nothing.
    void shared(AccessKind kind, std::string_view expression, const std::function<std::int64_t(int)>& word);
    /// One global-memory access instruction per warp: `element(t)` is the float element index of
    /// the lane's first byte (kNoAccess = not taking part); each lane moves `bytes` bytes.
    void global(AccessKind kind, std::string_view expression, const std::function<std::int64_t(int)>& element,
                int bytes = 4);
    /// A guarded global load of the input by thread t, where the kernel's bounds check decides
    /// whether the load happens (`load_or_zero`, `i < n ? input[i] : ...`, `if (i < n)`, a loop
    /// bound): when `taken`, the lane reads the `bytes / 4` floats from `element` on (its
    /// LaneRecord::reads) and takes part in the warp's access instruction `expression` (its
    /// `instance`-th occurrence, for a source line that runs in a loop); when not, nothing is
    /// recorded. finish() turns these into GlobalAccess records, one per warp per (expression,
    /// instance) in order of first use, so the sectors of a step come from the loads the kernel
    /// really makes and from nothing else. Returns `taken`.
    bool load(int t, std::string_view expression, std::int64_t element, bool taken, int bytes = 4, int instance = 0);
    /// Appends an atomic operation (order is assigned here, in call order over the whole trace).
    void atomic(int block, int thread, std::string_view target, double before, double operand, double after,
                bool lost = false);

    /// Worst n-way bank conflict among the shared accesses recorded so far (0: none recorded).
    /// Explanations are worded from this, not assumed from the strategy.
    int max_conflict_ways() const { return m_step.max_conflict_ways; }
    /// Divergent warps (some but not all live lanes active) as the lanes are marked so far: the
    /// count finish() will store. Also 0 in Detail::ValuesOnly.
    int divergent_warps() const;

    /// Closes the step: values after it, barriers executed (summed over blocks), reduction ops
    /// done, and *output after it where the step changed or wrote it. Computes warps and counters.
    void finish(std::vector<float> values, int barriers, long long adds, std::optional<float> output = {});

private:
    void add_derived_sentences();
    /// Renders the English of the label and explanation and appends the step to the trace.
    void push_step();

    /// The per-thread elements of one guarded load instruction, filled by load().
    struct PendingLoad {
        std::string expression;
        int instance = 0;
        int bytes = 4;
        std::vector<std::int64_t> elements; ///< per thread of the grid, kNoAccess = not taking part
    };

    Trace& m_trace;
    Geometry m_geometry;
    Step m_step;
    bool m_full = true;
    bool m_explain_divergence = false;
    bool m_explain_banks = false;
    std::vector<PendingLoad> m_loads;
    std::size_t m_last_load = 0;
};

/// The atomicAdds on global memory of one step that flush a subnormal (gpu_float::
/// atomic_add_global_flushes): add() each one the step makes, in its serial order; note() is the
/// step's sentence about them ("atomic.flush": how many, the first one's operands, what it gave and
/// what IEEE addition gives), nullopt when none flushed. So a trace says where the GPU's atomics
/// differ from IEEE addition on subnormals (1e-40 + 1e-40 gives 0, not 2e-40).
class FlushNote {
public:
    void add(float before, float operand, float after);
    std::optional<Text> note() const;

private:
    int m_count = 0;
    float m_before = 0, m_operand = 0, m_after = 0;
};

/// The order in which `count` atomics on one address are serialised under Params::atomic_order
/// `order`: a permutation of 0..count-1 (indices into the atomics in the model's own order: block,
/// warp, lane). 0 gives 0, 1, ..., count-1; k > 0 a pseudo-random permutation (Fisher-Yates driven
/// by splitmix64 of k, the same on every machine).
std::vector<int> atomic_order(int count, int order);

/// How `race` interleaves under an atomic-order seed `seed` > 0 (replay_atomic.cpp,
/// docs/design-notes.md "race"): `order` is atomic_order(warps, seed), the warps (indices in block,
/// warp order) in the order they run; `groups` splits that order into consecutive groups whose
/// warps all load *output before any of them stores (sizes >= 1, summing to `warps`): each warp after
/// the first joins the group before it with the seed's overlap chance, 1/8..7/8; `lane[k]` (any
/// non-negative int, taken modulo the warp's live lanes) picks the lane whose store wins in the k-th
/// warp to run. The same on every machine (splitmix64 of the seed). Preconditions: warps >= 0,
/// warp_size >= 1, seed >= 1.
struct RaceSchedule {
    std::vector<int> order;
    std::vector<int> groups;
    std::vector<int> lane;
};
RaceSchedule race_schedule(int warps, int warp_size, int seed);

/// The detail of the trace being built on this thread (set by simulate()).
extern thread_local bool g_full_detail;

/// Identity of the operation: 0 for Sum, -infinity for Max.
float identity(Operation op);

/// Pads `input` with the identity to `padded` elements and fills the trace's n / padded_n / input.
void set_input(Trace& trace, std::span<const float> input, int padded);

/// A replay: fills trace.steps, result and grid_size from `input`. simulate() has set the
/// trace's strategy, operation, params (defaults resolved), source_file and reference.
using ReplayFn = void (*)(Trace& trace, std::span<const float> input);

/// One row of the model's registry: a catalogue id and the function that replays its kernel.
struct Replay {
    std::string_view id;
    ReplayFn replay;
};

// Each replay file registers the strategies it replays, next to their code; simulate() looks an
// id up in the union of these tables (model::replay_ids()), and tests/kernels/model/tst_catalogue.cpp
// holds that union to the catalogue's `has_model`.
std::span<const Replay> tree_replays();    // replay_tree.cpp
std::span<const Replay> atomic_replays();  // replay_atomic.cpp
std::span<const Replay> warp_replays();    // replay_warp.cpp

// The replays those tables name, one per kernel family.
void replay_in_place(Trace& trace, std::span<const float> input);    // replay_tree.cpp
void replay_shared_tree(Trace& trace, std::span<const float> input); // replay_tree.cpp
void replay_coarsened(Trace& trace, std::span<const float> input);   // replay_tree.cpp
void replay_atomic(Trace& trace, std::span<const float> input);      // replay_atomic.cpp
void replay_warp(Trace& trace, std::span<const float> input);        // replay_warp.cpp

/// Number formatting for labels: integers without ".0", others with up to 7 significant digits
/// (model::format_number()).
inline std::string format_value(double v) { return format_number(v); }

} // namespace reducescope::model::detail
