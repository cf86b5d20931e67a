// SPDX-License-Identifier: GPL-3.0-or-later
// Entry point of the step model: input values + parameters -> Trace.
#pragma once

#include "model/trace.h"

#include <cstdint>
#include <optional>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace reducescope::model {

/// Limits of the step model (docs/trace-format.md: at most 4096 input values).
inline constexpr int kMaxInputLength = 4096;
/// Largest Params::atomic_order (0 = the model's own order: block, warp, lane).
inline constexpr int kMaxAtomicOrder = 1000000;

/// A validation failure: the field ("block-size", "input", ...) and a one-line message that
/// names the allowed range, e.g. "block-size must be a power of two in 1..1024 (got 3)".
struct ParamError {
    std::string field;
    std::string message;  ///< English of `text`
    Text text = {};       ///< the message as data (text.h), for other languages; empty: `message` only
};

/// Checks strategy id, input length (1..4096) and params. Returns the first problem, if any.
std::optional<ParamError> validate(std::string_view strategy, std::size_t input_length,
                                   const Params& params);

/// Block size of multi-block strategies on inputs large enough for two such blocks.
inline constexpr int kDefaultBlockSize = 256;

/// Elements one thread of `strategy` covers with coarse factor `coarse_factor`
/// (docs/design-notes.md, "Grid shape and work per thread"): 2 for the tree kernels and
/// `segmented`, 2C for `coarsened*`, C for `block_reduce` / `two_pass` / `grid_sync`, 4C for
/// `vectorized` / `self_reset`, 1 otherwise.
int elements_per_thread(std::string_view strategy, int coarse_factor);

/// Resolves defaults (block_size 0 -> the strategy's default for this input length):
/// single-block strategies: half the input rounded up to a power of two (at most 1024), so the
/// default is the textbook one-block kernel. Multi-block strategies: kDefaultBlockSize, or on
/// inputs too small for two blocks of it, the largest power of two that gives two blocks
/// (at least 2 threads; a warp for `warp_shuffle`; two warps for the two-level kernels), so a small
/// input shows the strategy instead of one block of padding.
Params resolve(std::string_view strategy, std::size_t input_length, Params params);

/// The model's registry: every strategy id simulate() can replay, in the order of the replay
/// files' tables (replay_tree.cpp, replay_atomic.cpp, replay_warp.cpp). A strategy has a step
/// model exactly when its catalogue entry says `has_model` (tests/kernels/model/tst_catalogue.cpp).
std::vector<std::string_view> replay_ids();

/// The model's operation for a catalogue strategy: Max for a max reduction, Sum otherwise
/// (a dot product sums its products). Sum for an unknown id.
Operation operation_of(std::string_view strategy);

/// Replays the strategy's kernel step by step on `input` (1..4096 floats; NaN and Inf propagate
/// as IEEE arithmetic does). Precondition: validate() returned nothing; otherwise throws
/// std::invalid_argument with the ParamError message.
Trace simulate(std::string_view strategy, std::span<const float> input, const Params& params = {});

/// How much simulate() records. Full: every field of trace.h. ValuesOnly: labels, tags, strides,
/// values, output, atomics, result and reference, but no lanes, warps or access records; of the
/// counters only barriers, atomics and adds are filled. For sweeps that only check results: the
/// arithmetic is the same code, in the same order, and it is several times faster.
enum class Detail { Full, ValuesOnly };

/// simulate() with an explicit level of detail.
Trace simulate(std::string_view strategy, std::span<const float> input, const Params& params, Detail detail);

/// The counters of steps 0..k summed, field by field (k is clamped to the trace's steps; an empty
/// trace gives zeros): the running totals "steps 1..k+1" of the counters panel. Through the last
/// step they agree with Trace::totals.
StepCounters running_totals(const Trace& trace, int k);

/// Global RED sectors of one step: the 32-byte sectors Nsight Compute counts for the step's
/// reduction atomics that return nothing (`atomicAdd(output, x)` with the result unused, SASS
/// `REDG.E.ADD.F32`; metric l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum).
///
/// The rule: ONE SECTOR PER LANE THAT ISSUES THE ATOMIC. Lanes of one warp-wide RED instruction
/// that add to the same 4 bytes are not merged into one sector request; each lane's add is its own
/// sector (measured: `atomic_naive`, every thread i < n adds to *output, block 256, on an H200 at
/// n = 1000 / 1024 / 4096: ncu 1000 / 1024 / 4096 RED sectors; docs/hardware-counters.md and
/// docs/results/h200-2026-11-30/check-223f496/). Only lanes that actually issue an atomic count:
/// one atomic per block (segmented, coarsened, block_reduce, ...) stays one sector per block, one
/// per warp from its lane 0 (warp_shuffle) one per warp.
///
/// Counted: the trace's AtomicOp records with target "*output" in a Sum trace. Not counted: the
/// max's compare-and-swap loop (an ATOM, not a RED), self_reset's 64-bit tickets (ATOM), and the
/// `race` strategy (the catalogue's expected_wrong kernel), whose records are plain loads and
/// stores (`*output += x`), not atomics. A trace simulated with Detail::ValuesOnly still has its
/// atomics, so the figure is the same at either level of detail.
long long red_sectors(const Trace& trace, const Step& step);
/// What a step is in the textbook's count. PMPP (chapter 10) counts a tree's strides (or a warp's
/// shuffle offsets), and the final write of the sum by thread 0 comes after them: 8 values in
/// `simple` are three strides (1, 2, 4) and then "write the result", not "step 4 of 4". Read from the
/// step's tags (Step::source_markers, "@simple.tree"): `tree`, `shuffle` or `final_warp` with a
/// stride is a Stride; `write` a Write; `load` or `coarsen` a Load; `atomic` a Merge; any other an
/// Other. For a Stride, `index` is 1-based among the strides of the same kernel (two_pass's second
/// kernel, tagged `second_pass`, counts its own) and `count` is how many that kernel has; 0 for
/// every other kind. `k` out of range gives Other.
enum class StepKind { Load, Stride, Write, Merge, Other };
struct StepPhase {
    StepKind kind = StepKind::Other;
    int index = 0;
    int count = 0;
};
StepPhase step_phase(const Trace& trace, int k);

/// Trace::totals.divergent_warp_steps split by step_phase(): in the strides, in the final write
/// (thread 0 alone stores the sum: that warp diverges), and in any other step.
struct DivergentWarpSteps {
    int strides = 0;
    int write = 0;
    int other = 0;
    int total() const { return strides + write + other; }
};
DivergentWarpSteps divergent_warp_steps(const Trace& trace);

/// `race`'s lost updates: of the trace's `updates` records on *output (one per thread i < n, every
/// step), the `lost` ones that a later store overwrote (AtomicOp::lost). Zero and the atomic count
/// for a kernel that loses nothing. On an input of ones the result is updates - lost.
struct LostUpdates {
    int lost = 0;
    int updates = 0;
};
LostUpdates lost_updates(const Trace& trace);

/// red_sectors() summed over every step of the trace.
long long red_sectors(const Trace& trace);

/// The one reader of a list of input values, for the CLI (`trace --input`) and the app (the
/// input field, command line and lesson files go through it). Values are separated by commas
/// and/or whitespace (space, tab, CR, LF); an empty value (",,", a leading or trailing comma) is an
/// error. Each value is exactly one of (docs/trace-format.md, "Input values"):
///   - a decimal number: an optional sign, digits with an optional point (or a point and digits),
///     an optional exponent `e`/`E` with an optional sign and at least one digit:
///     `-0`, `+2.5`, `1.`, `.5`, `1e-40`, `3.4e38`, `-1.5E+3`;
///   - an infinity: `inf` or `infinity` (any case), with an optional sign;
///   - `nan` (any case), without a sign (a NaN's sign is not part of the arithmetic).
/// Nothing else: no second sign (`+-1`, `--1`), no hex (`0x10`), no digit separators, no `nan(...)`.
/// A decimal is rounded to the nearest float32 (ties to even); one that rounds past ±3.40282347e38
/// is refused, one below the smallest subnormal becomes a zero of its sign. At most 4096 values.
/// On failure returns a ParamError with field "input" naming the value's position and text.
/// `notes`: values read but not as written, one message each ("note.input.zero": a decimal with a
/// non-zero digit that rounds to ±0, e.g. 1e-46); the CLI prints them on stderr, the app at the
/// input field. Empty on failure.
struct ParsedInput {
    std::vector<float> values;
    std::optional<ParamError> error;
    std::vector<Text> notes;
};
ParsedInput parse_input(std::string_view text);

/// One value by the rules of parse_input(): the float, or nullopt when `token` is not exactly one
/// value or is out of float32 range.
std::optional<float> parse_value(std::string_view token);

/// The float64 reference of `input` (the first params.n values): the sum in index order from -0
/// (the identity of IEEE-754 addition, so an input of only -0 has the reference -0), or the
/// max by fmaxf's rule (a NaN operand ignored, -0 < +0; docs/trace-format.md, "Float rules").
/// Used by simulate() and by the trace reader, which checks a file's `reference` against it.
double reference_of(Operation op, std::span<const float> input);

/// What one warp-wide shared-memory access costs (definitions in trace.h): `wavefronts` = the most
/// distinct words the lanes touch in one bank (bank = word mod `banks`; lanes reading the same word
/// share one broadcast), 0 when no lane takes part; an n-way conflict costs n. `broadcast`: a read
/// where some word serves more than one lane. `words` holds one entry per lane of the warp, the
/// 32-bit word index within the block's shared array, -1 = the lane takes no part. The one place
/// this is computed: the model's recorder (SharedAccess::wavefronts) and the trace reader (a
/// file's wavefronts against its words) both call it.
struct SharedAccessCost {
    int wavefronts = 0;
    bool broadcast = false;
};
SharedAccessCost shared_access_cost(std::span<const std::int32_t> words, int banks, AccessKind kind);

/// What one warp-wide global-memory access costs (definitions in trace.h): `sectors` = the distinct
/// aligned 32-byte sectors holding the bytes the lanes move, `ideal_sectors` = the fewest that
/// could hold the same bytes. `elements` holds one entry per lane, the float element index of the
/// lane's first byte (-1 = the lane takes no part); each lane moves `bytes` bytes. The one place
/// this is computed: the model's recorder and the SIMT engine (kernels/simt) both call it.
struct GlobalAccessCost {
    int sectors = 0;
    int ideal_sectors = 0;
};
GlobalAccessCost global_access_cost(std::span<const std::int64_t> elements, int bytes);

/// Sets t.totals to the sums of its steps' counters (lane_utilisation = active / issued lane
/// slots, 0 without any). Used by simulate() and by the trace reader (totals against steps).
void sum_totals(Trace& t);

} // namespace reducescope::model
