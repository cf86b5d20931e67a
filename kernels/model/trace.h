// SPDX-License-Identifier: GPL-3.0-or-later
// ReduceScope step model: the data a reduction strategy leaves behind, step by step.
//
// Pure C++20: no Qt, no CUDA. The views, the CLI and the tests read these structs; they never
// compute reduction semantics themselves. Produced by model::simulate() (simulate.h).
//
// Definitions (written out here because tests hold the model to them):
// - lane: one thread of a warp; its lane index is threadIdx.x % warp_size.
// - A lane is *active* in a step when it executes the step's guarded operation (the add, the
//   shuffle, the atomic...), *idle* when it is alive but skips it, *exited* when it has left the
//   kernel (returned early, or lies past the end of a partial warp's live range).
// - A warp is *divergent* in a step when some, but not all, of its live (non-exited) lanes are
//   active. A warp whose live lanes all skip the operation is idle, not divergent.
// - Bank of a shared-memory word = (byte address / 4) mod banks.
// - A warp-wide shared access costs wavefronts = max over banks of the number of distinct words
//   the warp's lanes touch in that bank. Lanes reading the same word are served by one broadcast.
//   An n-way conflict costs n wavefronts; extra wavefronts = n - 1 (0 when conflict-free).
// - A global access instruction of a warp touches sectors = the number of distinct 32-byte
//   sectors (aligned) holding the lanes' addresses; ideal_sectors is the fewest that could hold
//   the same bytes, so sectors / ideal_sectors measures coalescing.
// - The model works at source level: one access per source expression. Where the compiler fuses
//   or predicates accesses, hardware counters differ; docs/hardware-counters.md explains why.
#pragma once

#include "model/text.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace reducescope::model {

/// The reduction operator. Identity: 0 for Sum, -infinity for Max.
enum class Operation { Sum, Max };

/// What one lane does in one step (see the definitions above).
enum class LaneState : std::uint8_t { Active, Idle, Exited };

/// Memory space of `Step::values` and of access records.
enum class MemorySpace : std::uint8_t { Global, Shared, Registers };

enum class AccessKind : std::uint8_t { Read, Write };

/// Parameters of a trace. Ranges (validated by model::validate()):
/// block_size: power of two in 1..1024 (0 = default, model::resolve(): half the input length
/// rounded up to a power of two for single-block strategies; 256 for the others, smaller on
/// inputs too small for two blocks of 256); warp_size: 32, or 4/8/16 as a teaching aid;
/// coarse_factor: 1..64 (COARSE_FACTOR of seed 000 / PMPP Fig 10.15); banks: 32, or 4/8/16;
/// atomic_order: 0..kMaxAtomicOrder (simulate.h).
struct Params {
    int block_size = 0;
    int warp_size = 32;
    int coarse_factor = 4;
    int banks = 32;
    /// Which order the float atomics on one address are serialised in. The hardware picks an
    /// order of its own on every run; the model replays one: 0 = by block, then warp, then lane
    /// (the order the step pane has always shown); k > 0 = the k-th pseudo-random permutation of
    /// the atomics of each atomic step (the same k gives the same order on every machine). Where
    /// the float result depends on the order (a sum with several atomics), other k give other
    /// results; an input whose every partial sum is exact (small integers) gives the same sum for
    /// every k. `race` and self_reset's tickets ignore it.
    int atomic_order = 0;
};

/// One lane of the grid in one step. Index in Step::lanes = global thread index
/// (block * block_size + threadIdx.x).
struct LaneRecord {
    LaneState state = LaneState::Idle;
    /// Indices into Step::values (the traced array) that this lane read / wrote in this step.
    std::vector<std::int32_t> reads;
    std::vector<std::int32_t> writes;
    /// True when every element this lane owns lies in the identity padding (past the input).
    bool padding = false;
};

/// One warp in one step.
struct WarpRecord {
    int block = 0;            ///< blockIdx.x
    int warp = 0;             ///< warp index within the block (threadIdx.x / warp_size)
    int live_lanes = 0;       ///< lanes not exited
    std::vector<int> active_lanes; ///< lane indices (0..warp_size-1) that executed the step's operation
    bool divergent = false;   ///< some but not all live lanes active
};

/// One warp-wide shared-memory access instruction (one source expression, one warp).
struct SharedAccess {
    int block = 0;
    int warp = 0;
    AccessKind kind = AccessKind::Read;
    std::string expression;          ///< the source expression, e.g. "shared_data[i + stride]"
    std::vector<std::int32_t> words; ///< per lane of the warp: 32-bit word index, -1 = lane not taking part
    std::vector<std::int32_t> bank_of_lane; ///< per lane: bank of its word, -1 = not taking part
    int wavefronts = 0;              ///< max over banks of distinct words in that bank
    int max_conflict_ways = 0;       ///< = wavefronts (1 = conflict-free)
    bool broadcast = false;          ///< some word was read by more than one lane
};

/// One warp-wide global-memory access instruction.
struct GlobalAccess {
    int block = 0;
    int warp = 0;
    AccessKind kind = AccessKind::Read;
    std::string expression;
    std::vector<std::int64_t> elements; ///< per lane: float element index, -1 = not taking part
    int bytes_per_lane = 4;             ///< bytes each lane moves (16 for a float4 load)
    int sectors = 0;                    ///< distinct 32-byte sectors touched
    int ideal_sectors = 0;              ///< fewest sectors that could hold the same bytes
};

/// One atomic operation, in the order the memory system serialises them (model order: by block,
/// then warp, then lane; the hardware order is unspecified and the docs say so).
struct AtomicOp {
    int order = 0;        ///< position in the serialisation, 0-based over the whole trace
    int block = 0;
    int lane = 0;         ///< global thread index that issued it
    std::string target;   ///< e.g. "*output"
    double before = 0;    ///< value at the target before this operation (float32 values, widened)
    double operand = 0;
    double after = 0;
    bool lost = false;    ///< `race` only: this update was overwritten (a lost update)
};

/// Counters of one step (also summed into Totals).
struct StepCounters {
    int active_lanes = 0;          ///< lanes that executed the operation
    int lane_slots = 0;            ///< live lanes of warps that issued the operation (warps with >= 1 active lane) x warp_size
    int divergent_warps = 0;
    int shared_wavefronts = 0;     ///< sum over shared access instructions
    int extra_shared_wavefronts = 0;
    int global_sectors = 0;
    int barriers = 0;              ///< __syncthreads (or grid.sync) executed at the end of the step, per block summed (not __syncwarp: Step::warp_barrier)
    int atomics = 0;
    int adds = 0;                  ///< reduction operations (add or max) that combine two values
};

/// One step: what runs between two barriers, or one shuffle offset, one atomic round, one pass.
struct Step {
    std::string label;                 ///< e.g. "stride 4: tid % 4 == 0 adds input[i + 4]" (English of label_text)
    std::string explanation;           ///< plain sentences for the counters panel (English of explanation_text)
    /// The label as a message (text.h), for other languages; empty in a trace file written before
    /// messages existed (then `label` is all there is).
    Text label_text;
    /// The explanation's sentences as messages; their English joined by spaces is `explanation`.
    /// Sentences about divergence and bank conflicts are derived from the step's counted data.
    std::vector<Text> explanation_text;
    std::vector<std::string> source_markers; ///< step tags in kernels/cuda/*.cu ("@convergent.tree")
    std::vector<int> source_lines;     ///< 1-based lines of Trace::source_file the step runs
    std::optional<int> stride;         ///< stride or shuffle offset; empty where none
    MemorySpace values_space = MemorySpace::Global;
    std::vector<float> values;         ///< the array being reduced, after the step
    /// When true, LaneRecord::reads index Trace::input (the global input: a load step of a
    /// shared-memory or register kernel) and LaneRecord::writes index `values`.
    bool reads_input = false;
    /// Value of `*output` after the step, set from the first step that writes it (plain store or
    /// atomic) onwards; empty before.
    std::optional<float> output;
    std::vector<LaneRecord> lanes;
    /// Launch of the kernel this step belongs to: lanes.size() == block_dim * grid_dim. Equal to
    /// Trace::params.block_size / Trace::grid_size except in two_pass's second kernel (1 x 1024).
    int block_dim = 0;
    int grid_dim = 0;
    std::vector<WarpRecord> warps;
    std::vector<SharedAccess> shared_accesses;
    std::vector<GlobalAccess> global_accesses;
    std::vector<AtomicOp> atomics;
    StepCounters counters;
    int max_conflict_ways = 0;         ///< worst n-way conflict in the step, 0 when no shared access
    /// The step's barriers (counters.barriers) are grid.sync() of cooperative groups: every block of
    /// the grid waits. False: __syncthreads(), each block waits for its own threads.
    bool grid_barrier = false;
    /// The step is warp-synchronous (warp_unrolled's last warp): the lanes that run it call
    /// __syncwarp() between their read and their write and after the write, so they wait for each
    /// other and for no other warp. Those are not block barriers: counters.barriers is 0 in such
    /// a step. Never together with grid_barrier.
    bool warp_barrier = false;
};

/// A fault the SIMT engine (kernels/simt) found while running an own kernel: where, which lanes,
/// in which step. Catalogue traces have none. Kinds (docs/your-own-kernel.md, "Faults"):
/// "data_race", "partial_barrier", "out_of_bounds", "misaligned", "shuffle_inactive_lane",
/// "endless_loop", "division_by_zero", "unreachable".
struct Fault {
    std::string kind;
    std::string message;     ///< one English sentence, e.g. "thread 3 writes sdata[4] that thread 2 read ...": render_english(text)
    /// The same sentence as a message (an id "simt.fault.*" of message_catalogue() and its
    /// arguments: names as Code, numbers as Count), which the app shows in the window's language.
    /// Empty in a fault read from a trace file written before faults carried it: then only
    /// `message` is known.
    Text text;
    int line = 0;            ///< 1-based line of the faulting instruction in the kernel's source
    int column = 0;          ///< 1-based column
    int step = 0;            ///< 0-based index into Trace::steps (the step that holds the fault)
    std::vector<int> lanes;  ///< global thread indices involved (block * block_dim + threadIdx.x)
};

/// Something the SIMT engine found in an own kernel's run that is no fault of the kernel's code (the
/// run went to its end): kind "unread_input", input values that no thread read, which is what a
/// launch with fewer threads than the kernel needs does (docs/your-own-kernel.md, "Notes").
struct Note {
    std::string kind;
    std::string message;  ///< one English sentence: render_english(text)
    Text text;            ///< the sentence as a message (id "simt.note.*"), shown in the window's language
    int line = 0;         ///< 1-based line in the kernel's source it is about (the kernel's definition), 0 = none
    int column = 0;
};

/// Totals over all steps.
struct Totals {
    int divergent_warp_steps = 0;
    int shared_wavefronts = 0;
    int extra_shared_wavefronts = 0;
    long long global_sectors = 0;
    int barriers = 0;
    int atomics = 0;
    long long adds = 0;
    long long active_lane_slots = 0;  ///< sum of StepCounters::active_lanes
    long long issued_lane_slots = 0;  ///< sum of StepCounters::lane_slots
    double lane_utilisation = 0;      ///< active / issued lane slots, 0..1
};

/// A whole trace.
struct Trace {
    std::string strategy;          ///< catalogue id
    Operation operation = Operation::Sum;
    Params params;                 ///< with defaults resolved
    int n = 0;                     ///< input length (1..4096)
    int padded_n = 0;              ///< length after identity padding
    int grid_size = 1;             ///< blocks launched
    std::vector<float> input;      ///< padded input (first n are the user's values)
    std::string source_file;       ///< e.g. "reduce_basic.cu" (in kernels/cuda)
    std::vector<Step> steps;
    float result = 0;              ///< what the kernel leaves in *output
    /// float64 sum of the input, or its max by the rule of fmaxf (gpu_float::max_num: NaN ignored,
    /// -0 < +0, so the max of {-0, +0} is +0; see zero_sign_depends_on_order).
    double reference = 0;
    bool expected_wrong = false;   ///< `race`: the result is expected to lose updates
    double lost_value = 0;         ///< `race`: reference - result (the value the lost updates carried)
    bool teaching_warp_size = false; ///< warp_size != 32 (not what hardware does)
    /// The result is a zero whose sign the atomic order decides, and the reference a zero as well:
    /// a max merged by the compare-and-swap loop from several blocks whose results include both
    /// +0 and -0 (the loop's `<` does not order them, so the first zero stored stays). `result`
    /// then holds the sign of params.atomic_order's order and `reference` +0; both mean "±0". The
    /// CLI and JSON say so (docs/trace-format.md, "Float rules").
    bool zero_sign_depends_on_order = false;
    Totals totals;
    /// An own kernel's trace (kernels/simt): its whole source text; `strategy` is then the
    /// kernel's name and `source_file` the file it came from, neither in the catalogue, and
    /// Step::source_lines are lines of this text. Empty for catalogue strategies.
    std::string own_source;
    /// Faults of an own kernel, in the order found (the run stops at the first; at most one today).
    std::vector<Fault> faults;
    /// An own kernel's notes (kernels/simt), after a run without faults; empty for catalogue strategies.
    std::vector<Note> notes;
};

/// The identity values the launch put after the input's n values: padded_n - n, except for an own
/// kernel's trace (own_source) whose padded_n is one value per thread (block × grid): the engine
/// widens an input_output kernel's global array to the threads it launches, while that kernel's
/// input holds exactly the n values (docs/your-own-kernel.md, "Launch"); an in_place kernel's input
/// is padded to max(2, E) × block × grid, never to block × grid alone. The step pane and the CLI's
/// table say "padded" by it.
inline int input_padding(const Trace& t)
{
    if (t.padded_n <= t.n)
        return 0;
    if (!t.own_source.empty() && static_cast<long long>(t.padded_n) == static_cast<long long>(t.params.block_size) * t.grid_size)
        return 0;
    return t.padded_n - t.n;
}

} // namespace reducescope::model
