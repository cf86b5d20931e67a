// SPDX-License-Identifier: GPL-3.0-or-later
// Internal to the SIMT engine: the machine that runs a decoded kernel (interpreter.cpp) and the
// record of one step it leaves for the tracer (tracer.cpp).
//
// Execution: warp by warp in lock step. Each warp has an active mask and a reconvergence stack;
// a divergent branch pushes its paths, which meet again at the branch's immediate post-dominator.
// A step runs every warp of the grid until it waits at a block barrier, stops before a shuffle
// that follows other work of the warp in this step, before a load or store (not local) that
// follows a shuffle, before an atomic that follows another shuffle
// or atomic, before a statement that merges into the result (kPhaseStart) after other work, after
// a __syncwarp() that follows a store of the warp in this step, or exits (docs/architecture.md, "Where a step ends").
#pragma once

#include "model/text.h"
#include "simt/program.h"

#include <bit>
#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

namespace reducescope::simt::detail {

/// A buffer of the launch: the kernel's global arguments, shared variables (one copy per block),
/// local arrays (one copy per thread).
struct Buffer {
    Space space = Space::Global;
    std::string name;
    std::int64_t bytes = 0;  ///< extent of one copy
    int copies = 1;
    bool is_float = true;
    bool extern_sized = false;  ///< an `extern __shared__` array: sized by LaunchOptions::shared_bytes
    std::vector<std::uint8_t> data;  ///< copies x bytes
    /// A lane stored into it (a store or the destination of a copy; atomics are logged apart), in
    /// every detail mode: without full detail no lane access is logged, and the tracer still has
    /// to know whether *output was written.
    bool written = false;
    /// Racecheck state per 4-byte word of every copy (shared and global buffers).
    struct Word {
        std::int32_t epoch = -1;   ///< (block, barrier count) of the records, -1 = none
        std::int32_t writer = -1;  ///< thread that wrote it in this epoch
        std::int32_t reader = -1, reader2 = -1;
        std::uint32_t writer_sync = 0, reader_sync = 0, reader2_sync = 0;  ///< __syncwarp count of their warps then
        std::int32_t writer_loc = 0, reader_loc = 0, reader2_loc = 0;
    };
    std::vector<Word> words;
    /// Shared buffers: per 4-byte word of one copy, whether any thread of any block accessed it
    /// (the words a step's values show: docs/architecture.md, "Which array a step shows"). The
    /// launch's input too: which of the user's values some thread read (model::Note "unread_input").
    /// Empty for every other buffer.
    std::vector<std::uint8_t> touched;
};

/// What one lane did to memory in a step (for LaneRecord reads / writes).
struct LaneAccess {
    std::int32_t buffer;
    std::int32_t copy;
    std::int64_t element;  ///< 4-byte element index in the copy
    bool write;
};

/// One warp-wide memory instruction executed in a step.
struct WarpAccess {
    std::int32_t buffer = 0;
    int block = 0, warp = 0;
    bool write = false;
    int bytes = 4;
    std::int32_t expr = -1;
    std::vector<std::int64_t> elements;  ///< per lane: element index, -1 = not taking part
};

struct AtomicRecord {
    int block = 0, thread = 0;
    std::int32_t buffer = 0;
    std::int64_t element = 0;
    std::int32_t expr = -1;
    bool is_float = false, float_add = false;
    bool shown_float = false;  ///< before / operand / after are floats (a float operand, or a CAS on a float word)
    double before = 0, operand = 0, after = 0;
};

/// Everything a step did, gathered while it runs.
struct StepLog {
    std::vector<std::uint8_t> active;            ///< per thread: did work in the step
    std::vector<std::uint8_t> exited_at_start;   ///< per thread
    std::vector<std::vector<LaneAccess>> lanes;  ///< per thread (full detail)
    std::vector<WarpAccess> accesses;
    std::vector<AtomicRecord> atomics;
    std::set<int> lines;
    long long adds = 0;
    int barriers = 0;
    bool shuffled = false;
    /// A warp ended the step at a __syncwarp() after its writes (model::Step::warp_barrier).
    bool warp_barrier = false;
    std::optional<std::int64_t> stride;  ///< the shuffle's offset when all lanes used one
    /// Not 0 when the step loaded, stored or copied shared or global memory (a count of warp
    /// loads and stores and of copied lanes), in every detail mode: `accesses` holds them only
    /// with full detail.
    int memory_ops = 0;
    /// Per thread: the value the lane passed to its warp's first shuffle of the step (the register
    /// being reduced as the shuffle found it); shuffle_in_set says which lanes have one.
    std::vector<std::uint32_t> shuffle_in;
    std::vector<std::uint8_t> shuffle_in_set;
};

/// A fault as the machine found it (model::Fault without its step): `text` is the sentence as a
/// message (model/text.h, ids "simt.fault.*"), `message` its English (render_english(text)).
struct FaultRecord {
    std::string kind, message;
    model::Text text;
    Loc loc;
    std::vector<int> lanes;
};

struct Frame {
    std::int32_t block = 0;
    std::int32_t inst = 0;
    std::int32_t reconv = -1;
    std::uint32_t mask = 0;
};

enum class WarpState : std::uint8_t { Ready, AtBarrier, Stopped, Exited };

struct Warp {
    int block = 0, index = 0, first_thread = 0;
    std::uint32_t live = 0;  ///< lanes not exited
    std::vector<Frame> stack;
    WarpState state = WarpState::Ready;
    std::uint32_t syncs = 0;  ///< __syncwarp() calls so far (racecheck within the warp)
    bool worked = false;      ///< did work in this step (a later shuffle starts a new step)
    bool evented = false;     ///< ran a shuffle or atomic in this step (a later atomic starts a new step)
    bool merging = false;     ///< passed the start of a merge into the result in this step (kPhaseStart)
    bool shuffled = false;    ///< ran a shuffle in this step (a later load or store starts a new step)
    bool wrote = false;       ///< stored to shared or global memory in this step (a later __syncwarp() ends it)
    /// Where the warp stood when it last started running in this step (a shuffle it reaches after
    /// other instructions starts a new step, even when they did no work).
    std::int32_t start_block = -1, start_inst = -1;
    std::size_t start_depth = 0;
    bool shuffle_wait = false;  ///< stopped before a shuffle having done no work in this step
    std::int32_t barrier_loc = 0;
    bool barrier_opens = false;  ///< the barrier it waits at opens a loop iteration (kOpensIteration)
    std::uint64_t* regs = nullptr;  ///< this warp's registers: slots x warp size
};

struct Geometry {
    int block = 1, grid = 1, warp = 32, banks = 32;
    int threads() const { return block * grid; }
    int warps_per_block() const { return (block + warp - 1) / warp; }
};

/// Runs one kernel launch step by step.
class Machine {
public:
    Machine(const Function& fn, const Geometry& g, std::vector<Buffer> buffers, std::vector<std::uint64_t> args,
            bool full, long long limit);

    /// Runs one step; false when every warp had exited before it. After a fault, fault() is set.
    bool step(StepLog& log);
    const std::optional<FaultRecord>& fault() const { return m_fault; }
    long long instructions() const { return m_instructions; }
    const std::vector<Buffer>& buffers() const { return m_buffers; }
    /// Per thread: the last float result of the reduction's operations (the register being reduced).
    const std::vector<float>& partials() const { return m_partial; }
    bool done() const;
    /// The global thread indices of every lane that has not exited, ascending (the lanes a loop
    /// that never ends keeps running).
    std::vector<int> live_threads() const;
    /// A 64-bit hash of everything that decides what the machine does next: every warp's state,
    /// live lanes and reconvergence stack, every register and every buffer's bytes (not the
    /// counters, the racecheck records or the step log). Two equal hashes at the ends of two steps
    /// mean, but for a hash collision (about 2^-64 per pair), that the run repeats the steps
    /// between them forever: the tracer's endless-loop test for a loop whose barrier step changes
    /// nothing (tracer.cpp, launch()).
    std::uint64_t state_hash() const;
    /// Where the first warp that has not exited stands: the barrier it waits at, else the
    /// instruction it runs next (the line and column of a loop that keeps running; at a loop's back
    /// edge, the barrier it last waited at); none when
    /// every warp has exited.
    Loc waiting_loc() const;

private:
    void run_warp(Warp& w);
    void run_ready();
    bool exec(Warp& w, Frame& f, const Inst& in);
    void terminate(Warp& w, Frame& f, const Block& b);
    /// One path of a branch: the edge taken and the lanes taking it. A plain aggregate, so that
    /// terminate()'s array of them is not zeroed on every branch (std::pair's constructor would).
    struct Path {
        int edge;
        std::uint32_t lanes;
    };
    void branch(Warp& w, const Block& b, std::uint32_t mask, std::span<const Path> paths);
    void apply_moves(Warp& w, const Edge& e, std::uint32_t mask);
    void exit_lanes(Warp& w, std::uint32_t mask);
    void memory(Warp& w, const Inst& in, std::uint32_t mask);
    void memcopy(Warp& w, const Inst& in, std::uint32_t mask);
    void aggregate(Warp& w, const Inst& in, std::uint32_t mask);
    /// One lane's access of `bytes` at `off` in `buf` (memory, aggregate): shared words marked
    /// touched, the buffer marked written by a store.
    static void mark(Buffer& buf, std::int64_t off, int bytes, bool write);
    /// After a warp's loads or stores through pointers `p` under `mask` (memory, aggregate): the
    /// step's memory count and the warp's store mark (outside its locals), and the warp access
    /// record `rec` logged when full detail filled it.
    void end_access(Warp& w, const std::uint64_t* p, std::uint32_t mask, bool write, WarpAccess& rec);
    void atomic(Warp& w, const Inst& in, std::uint32_t mask);
    void shuffle(Warp& w, const Inst& in, std::uint32_t mask);
    void release_barriers();
    /// Where one lane's access of `bytes` through `pointer` lands: the buffer, the byte offset in
    /// one copy, the copy (0 global, the block shared, the thread local) and the byte itself. A
    /// pointer into no buffer, or an access past the buffer's end, sets the out_of_bounds fault and
    /// gives `at` null.
    struct Place {
        Buffer* buf = nullptr;
        std::int64_t offset = 0;
        std::int32_t copy = 0;
        std::uint8_t* at = nullptr;
    };
    Place address(Warp& w, int lane, std::uint64_t pointer, int bytes, const Inst& in);
    void race(Warp& w, int lane, Buffer& b, std::int32_t copy, std::int64_t offset, bool write, const Inst& in);
    /// Records the first fault of the run (a later one is ignored): its kind, its sentence as a
    /// message (the English is rendered from it), the instruction's source place `loc` (an index
    /// into the function's locs; out of range: none) and the global thread indices involved.
    void set_fault(std::string kind, model::Text text, std::int32_t loc, std::vector<int> lanes);
    /// The fault set_fault() would record (without recording it).
    FaultRecord make_fault(std::string kind, model::Text text, std::int32_t loc, std::vector<int> lanes) const;
    /// The global thread indices of the lanes of `w` set in `mask`, ascending.
    std::vector<int> lanes_of(const Warp& w, std::uint32_t mask) const;
    /// After an out-of-bounds fault at lane `from` of an access through `p` (per lane, `bytes`
    /// wide): every later lane of `mask` whose access is out of bounds too joins the fault's lanes,
    /// and the message counts them.
    void more_out_of_bounds_lanes(const Warp& w, int from, std::uint32_t mask, const std::uint64_t* p, int bytes);
    /// The fault's lanes counted in its message ("; 16 threads do this (48-63)"), when more than
    /// one: its text wrapped in simt.fault.lanes.run / .spread.
    void count_fault_lanes();
    void note(Warp& w, const Inst& in, std::uint32_t mask, bool work);
    bool fast_alu(Warp& w, const Inst& in, std::uint32_t mask);
    bool slow_alu(Warp& w, const Inst& in, std::uint32_t mask);
    bool special(Warp& w, const Inst& in, std::uint32_t mask);
    bool enter_merge(Warp& w);
    bool local_access(Warp& w, const Inst& in, std::uint32_t mask);
    /// f(lane) for every lane of `mask`: a plain loop for a full warp, set bits otherwise.
    template <class F>
    void for_lanes(std::uint32_t mask, F&& f) const
    {
        if (mask == 0xffffffffu && m_g.warp == 32)  // the common case: a fixed trip count the compiler unrolls
            for (int l = 0; l < 32; ++l)
                f(l);
        else if (mask == m_full_mask)
            for (int l = 0; l < m_g.warp; ++l)
                f(l);
        else
            for (std::uint32_t m = mask; m; m &= m - 1)
                f(std::countr_zero(m));
    }
    std::uint64_t* reg(Warp& w, std::int32_t slot) { return w.regs + static_cast<std::ptrdiff_t>(slot) * m_g.warp; }

    const Function& m_fn;
    Geometry m_g;
    std::vector<Buffer> m_buffers;
    std::vector<Warp> m_warps;
    std::vector<std::uint64_t> m_regs;
    std::vector<int> m_barrier_count;  ///< per block
    std::vector<float> m_partial;      ///< per thread
    std::vector<std::uint8_t> m_loc_seen;  ///< per Function::locs entry: run in this step
    std::vector<std::uint64_t> m_tmp;
    StepLog* m_log = nullptr;
    bool m_full = true;
    std::uint32_t m_full_mask = 0xffffffffu;  ///< all lanes of a warp of m_g.warp
    long long m_limit = 0;
    long long m_instructions = 0;
    int m_carried_barriers = 0;  ///< barriers released that open the next step's loop iteration
    std::optional<FaultRecord> m_fault;
    /// A data race between two lanes of one warp, held until the step ends: a race across warps
    /// found in the same step is reported instead (lock step hides the in-warp one on the CPU; the
    /// cross-warp one is what breaks the result). Any other fault, or the step's end, reports it.
    std::optional<FaultRecord> m_pending_race;
};

} // namespace reducescope::simt::detail
