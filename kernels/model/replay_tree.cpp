// SPDX-License-Identifier: GPL-3.0-or-later
// Tree reductions of one block per segment: the in-place global-memory kernels of PMPP Fig 10.6 /
// 10.9 / exercise 3 (seed 002), the shared-memory trees (Fig 10.11, seed 000's segmented kernel,
// seed 003's interleaved addressing with strided index, seed 001's warp-synchronous last warp) and
// thread coarsening (Fig 10.15 with the bounds checks of exercise 5; exercise 4's max). Grid
// shapes: docs/design-notes.md.
#include "model/gpu_float.h"
#include "model/merge.h"
#include "model/recorder.h"

#include <cmath>
#include <string>

namespace reducescope::model::detail {

float combine(Operation op, float a, float b)
{
    return op == Operation::Sum ? gpu_float::add_rn(a, b) : gpu_float::fmaxf(a, b);
}

void merge_step(Trace& trace, const Geometry& g, MergeSpec spec)
{
    const Operation op = trace.operation;
    StepRecorder r(trace, g, spec.space);
    float out = identity(op);
    if (spec.store) {
        const int t = spec.writer_tid;
        // A store by one block of a grid (grid_sync after grid.sync()): the other blocks are done.
        for (int u = g.block; u < g.threads(); ++u)
            r.exited(u);
        r.active(t);
        r.read(t, spec.value_index[0]);
        out = spec.values[static_cast<std::size_t>(spec.value_index[0])];
        std::vector<Text> why{make_text("write.one_block")};
        if (!spec.explanation_tail.empty())
            why.push_back(spec.explanation_tail);
        r.describe(!spec.label.empty() ? spec.label : make_text("write.label", t, spec.expression, out), std::move(why),
                   {spec.tag.empty() ? std::string_view("write") : std::string_view(spec.tag)});
    } else {
        for (int b = 0; b < g.grid; ++b) {
            const int t = b * g.block + spec.writer_tid;
            r.active(t);
            r.read(t, spec.value_index[static_cast<std::size_t>(b)]);
        }
        // One atomic per block, serialised in params.atomic_order's order (0: block order).
        bool plus_zero = false, minus_zero = false;
        FlushNote flushed;
        for (const int b : atomic_order(g.grid, trace.params.atomic_order)) {
            const int t = b * g.block + spec.writer_tid;
            const float v = spec.values[static_cast<std::size_t>(spec.value_index[static_cast<std::size_t>(b)])];
            const float before = out;
            if (op == Operation::Sum) {
                out = gpu_float::atomic_add_global_f32(before, v);  // flushes subnormals
                flushed.add(before, v, out);
                r.atomic(b, t, "*output", before, v, out);
                continue;
            }
            // The max's CAS loop issues a compare-and-swap only while *output < value (in the
            // model's serial order no other block stores in between, so there are no retries).
            if (v == 0)
                (std::signbit(v) ? minus_zero : plus_zero) = true;
            if (gpu_float::cas_max_stores(before, v)) {
                out = v;
                r.atomic(b, t, "*output", before, v, out);
            }
        }
        // `<` does not order -0 and +0: when the max is a zero and the blocks bring zeros of both
        // signs, the first zero stored stays, and that is the atomic order's choice.
        trace.zero_sign_depends_on_order = op == Operation::Max && out == 0 && plus_zero && minus_zero;
        const bool sum = op == Operation::Sum;
        const Text order = trace.params.atomic_order == 0 ? make_text("order.block")
                                                          : make_text("order.replayed", trace.params.atomic_order);
        std::vector<Text> why{make_text(sum ? "merge.add" : "merge.max", spec.writer_tid, order)};
        if (trace.zero_sign_depends_on_order)
            why.push_back(make_text("merge.zero_sign"));
        if (auto note = flushed.note())
            why.push_back(std::move(*note));
        if (!spec.explanation_tail.empty())
            why.push_back(spec.explanation_tail);
        r.describe(!spec.label.empty() ? spec.label : make_text(sum ? "merge.label.add" : "merge.label.max", g.grid, out),
                   std::move(why), {spec.tag.empty() ? std::string_view("atomic") : std::string_view(spec.tag)});
    }
    // The global accesses of the merge besides the block results: the plain store to *output;
    // the CAS loop's first read of *output (`int old = *bits`, every block); self_reset's wait.
    auto writer = [&](int t) -> std::int64_t { return g.tid_of(t) == spec.writer_tid ? 0 : kNoAccess; };
    if (spec.store) {
        r.global(AccessKind::Write, "*output", [&](int t) -> std::int64_t {
            return t == spec.writer_tid ? 0 : kNoAccess;  // one block (block 0) stores
        });
    } else if (op == Operation::Max) {
        r.global(AccessKind::Read, "*output", writer);
    }
    if (!spec.wait_expression.empty())
        r.global(AccessKind::Read, spec.wait_expression, [&](int t) -> std::int64_t {
            return g.tid_of(t) == spec.writer_tid ? 2 : kNoAccess;  // epoch[1]: bytes 8..15
        }, 8);
    if (spec.space == MemorySpace::Shared) {
        const int word = spec.shared_word;
        r.shared(AccessKind::Read, spec.expression, [&](int t) -> std::int64_t {
            return g.tid_of(t) == spec.writer_tid ? word : kNoAccess;
        });
    } else if (spec.space == MemorySpace::Global) {
        r.global(AccessKind::Read, spec.expression, [&](int t) -> std::int64_t {
            return g.tid_of(t) == spec.writer_tid ? spec.value_index[static_cast<std::size_t>(g.block_of(t))]
                                                  : kNoAccess;
        });
    }
    const int merges = spec.store ? 0 : g.grid;
    trace.result = out;
    r.finish(std::move(spec.values), 0, merges, out);
}

namespace {

// A one-block textbook kernel run as a grid: the sentence that says so (none for one block).
void add_grid_note(std::vector<Text>& why, const Geometry& g)
{
    if (g.grid > 1)
        why.push_back(make_text("grid.note", g.grid, 2 * g.block));
}

} // namespace

// simple (Fig 10.6), convergent (Fig 10.9), convergent_reversed (exercise 3): in place in global
// memory, 2 elements per thread, segment = 2*blockDim.x*blockIdx.x.
void replay_in_place(Trace& trace, std::span<const float> input)
{
    const Params& p = trace.params;
    const int n = static_cast<int>(input.size());
    const int B = p.block_size;
    Geometry g{B, p.warp_size, (n + 2 * B - 1) / (2 * B), p.banks};
    trace.grid_size = g.grid;
    set_input(trace, input, g.grid * 2 * B);
    std::vector<float> a = trace.input;
    const std::string& s = trace.strategy;
    const bool simple = s == "simple";
    const bool reversed = s == "convergent_reversed";

    // Lane t owns seg+2*tid, seg+2*tid+1 (simple) or seg+tid, seg+tid+B (convergent kinds).
    auto first_owned = [&](int t) { return 2 * B * g.block_of(t) + (simple ? 2 * g.tid_of(t) : g.tid_of(t)); };
    auto mark_padding = [&](StepRecorder& r) {
        for (int t = 0; t < g.threads(); ++t)
            r.padding(t, first_owned(t) >= n);
    };

    std::vector<int> strides;
    if (simple)
        for (int stride = 1; stride <= B; stride *= 2)
            strides.push_back(stride);
    else
        for (int stride = B; stride >= 1; stride /= 2)
            strides.push_back(stride);

    int iteration = 0;
    for (int stride : strides) {
        ++iteration;
        StepRecorder r(trace, g, MemorySpace::Global);
        r.set_stride(stride);
        mark_padding(r);
        // Target index i and partner index for each active thread, -1 when idle.
        std::vector<std::int64_t> dst(static_cast<std::size_t>(g.threads()), kNoAccess);
        std::vector<std::int64_t> src(static_cast<std::size_t>(g.threads()), kNoAccess);
        long long adds = 0;
        for (int t = 0; t < g.threads(); ++t) {
            const int tid = g.tid_of(t);
            const int seg = 2 * B * g.block_of(t);
            int i = 0;
            int j = 0;
            bool act = false;
            if (simple) {
                act = tid % stride == 0;
                i = seg + 2 * tid;
                j = i + stride;
            } else if (reversed) {
                act = B - tid <= stride;
                i = seg + tid + B;
                j = i - stride;
            } else {
                act = tid < stride;
                i = seg + tid;
                j = i + stride;
            }
            if (!act)
                continue;
            r.active(t);
            r.read2_write(t, i, j, i);
            dst[static_cast<std::size_t>(t)] = i;
            src[static_cast<std::size_t>(t)] = j;
        }
        // All reads of the step happen before any write (the barrier ends the step, and no two
        // active threads touch each other's cells within one iteration).
        for (int t = 0; t < g.threads(); ++t) {
            const auto i = dst[static_cast<std::size_t>(t)];
            if (i == kNoAccess)
                continue;
            a[static_cast<std::size_t>(i)] = gpu_float::add_rn(a[static_cast<std::size_t>(i)],
                                                               a[static_cast<std::size_t>(src[static_cast<std::size_t>(t)])]);
            ++adds;
        }
        std::string partner = reversed ? "input[i - " + std::to_string(stride) + "]"
                                             : "input[i + " + std::to_string(stride) + "]";
        r.global(AccessKind::Read, "input[i]", [&](int t) { return dst[static_cast<std::size_t>(t)]; });
        r.global(AccessKind::Read, reversed ? "input[i - stride]" : "input[i + stride]",
                 [&](int t) { return src[static_cast<std::size_t>(t)]; });
        r.global(AccessKind::Write, "input[i]", [&](int t) { return dst[static_cast<std::size_t>(t)]; });

        std::string guard;
        std::vector<Text> why;
        if (simple) {
            guard = "threadIdx.x % " + std::to_string(stride) + " == 0";
            why.push_back(stride == 1 ? make_text("simple.first") : make_text("simple.tree", stride));
        } else if (reversed) {
            guard = "blockDim.x - threadIdx.x <= " + std::to_string(stride);
            why.push_back(make_text("reversed.tree", stride));
        } else {
            guard = "threadIdx.x < " + std::to_string(stride);
            why.push_back(make_text("convergent.tree", stride));
        }
        if (iteration == 1)
            add_grid_note(why, g);
        r.explain_divergence();
        r.describe(make_text("tree.label", stride, std::move(guard), std::move(partner)), std::move(why), {"tree"});
        r.finish(a, g.grid, adds);
    }

    MergeSpec m;
    m.space = MemorySpace::Global;
    m.values = a;
    for (int b = 0; b < g.grid; ++b)
        m.value_index.push_back(2 * B * b + (reversed ? 2 * B - 1 : 0));
    m.writer_tid = reversed ? B - 1 : 0;
    m.store = g.grid == 1;
    m.expression = reversed ? "input[i]" : "input[0]";
    if (g.grid > 1 && trace.strategy != "segmented")
        m.label = make_text("merge.label.one_block_kernel", g.grid, m.writer_tid);
    merge_step(trace, g, std::move(m));
}

namespace {

/// Which of the shared-memory tree kernels a replay follows (reduce_basic.cu, reduce_multiblock.cu).
struct SharedTree {
    bool padded = false;   ///< interleaved_padded: word w of the tree is stored at w + w / 32
    bool strided = false;  ///< interleaved_strided and _padded: index = 2*stride*tid, stride doubling
    /// The shared-memory address of the tree's word w (padded(w) in reduce_basic.cu).
    std::int64_t address(std::int64_t w) const { return padded ? w + w / 32 : w; }
};

/// The launch of a shared-memory tree kernel over `input`: 2*blockDim.x elements per block. Sets
/// the trace's grid and its padded input.
Geometry shared_tree_launch(Trace& trace, std::span<const float> input)
{
    const Params& p = trace.params;
    const int n = static_cast<int>(input.size());
    const int B = p.block_size;
    Geometry g{B, p.warp_size, (n + 2 * B - 1) / (2 * B), p.banks};
    trace.grid_size = g.grid;
    set_input(trace, input, g.grid * 2 * B);
    return g;
}

/// The load step: sdata[tid] = load_or_zero(input, i, n) + load_or_zero(input, i + blockDim.x, n),
/// a load past n not made (and giving 0). Fills `sh` (one word per thread of the grid); `barriers`:
/// the __syncthreads() after the load, per block summed (0 where the kernel's first barrier opens
/// the tree's first iteration instead).
void shared_load_step(Trace& trace, const Geometry& g, int n, const SharedTree& k, std::vector<float>& sh, int barriers)
{
    const int B = g.block;
    const std::vector<float>& in = trace.input;
    StepRecorder r(trace, g, MemorySpace::Shared);
    r.reads_from_input();
    for (int t = 0; t < g.threads(); ++t) {
        const int i = 2 * B * g.block_of(t) + g.tid_of(t);
        r.active(t);
        const float x = r.load(t, "input[i]", i, i < n) ? in[static_cast<std::size_t>(i)] : 0.0f;
        const float y = r.load(t, "input[i + blockDim.x]", i + B, i + B < n) ? in[static_cast<std::size_t>(i + B)] : 0.0f;
        r.write(t, t);
        r.padding(t, i >= n);
        sh[static_cast<std::size_t>(t)] = gpu_float::add_rn(x, y);
    }
    r.shared(AccessKind::Write, k.padded ? "sdata[padded(tid)]" : "sdata[threadIdx.x]",
             [&](int t) -> std::int64_t { return k.address(g.tid_of(t)); });
    std::vector<Text> why{make_text("shared.load", B, 2 * B)};
    add_grid_note(why, g);
    r.describe(make_text("shared.load.label", "sdata", B), std::move(why), {"load"});
    r.finish(sh, barriers, g.threads());
}

/// One iteration of the block-wide tree at `stride`, with its one __syncthreads() per block:
/// `index < blockDim.x` adds sdata[index + stride] (index = 2*stride*tid) where `k.strided`,
/// else `tid < stride` adds sdata[tid + stride]. Reads of the step happen before its writes.
void shared_tree_step(Trace& trace, const Geometry& g, int n, const SharedTree& k, std::vector<float>& sh, int stride)
{
    const int B = g.block;
    StepRecorder r(trace, g, MemorySpace::Shared);
    r.set_stride(stride);
    std::vector<std::int64_t> dst(static_cast<std::size_t>(g.threads()), kNoAccess);
    long long adds = 0;
    for (int t = 0; t < g.threads(); ++t) {
        const int tid = g.tid_of(t);
        r.padding(t, 2 * B * g.block_of(t) + tid >= n);
        const int index = k.strided ? 2 * stride * tid : tid;
        const bool act = k.strided ? index < B : tid < stride;
        if (!act)
            continue;
        const int base = B * g.block_of(t);
        r.active(t);
        r.read2_write(t, base + index, base + index + stride, base + index);
        dst[static_cast<std::size_t>(t)] = index;
    }
    for (int t = 0; t < g.threads(); ++t) {
        const auto index = dst[static_cast<std::size_t>(t)];
        if (index == kNoAccess)
            continue;
        const std::size_t base = static_cast<std::size_t>(B * g.block_of(t));
        float& d = sh[base + static_cast<std::size_t>(index)];
        d = gpu_float::add_rn(d, sh[base + static_cast<std::size_t>(index + stride)]);
        ++adds;
    }
    auto word = [&](int off) {
        return [&dst, &k, off](int t) -> std::int64_t {
            const auto i = dst[static_cast<std::size_t>(t)];
            return i == kNoAccess ? kNoAccess : k.address(i + off);
        };
    };
    Text label;
    std::vector<Text> why;
    if (k.padded) {
        r.shared(AccessKind::Read, "sdata[padded(index)]", word(0));
        r.shared(AccessKind::Read, "sdata[padded(index + stride)]", word(stride));
        r.shared(AccessKind::Write, "sdata[padded(index)]", word(0));
        label = make_text("padded.label", stride, 2 * stride, B);
        why.push_back(make_text("padded.tree", 2 * stride));
        // The padding is laid out for 32 banks; with fewer it cannot spread every warp's words.
        if (r.max_conflict_ways() > 1 && g.banks != 32)
            why.push_back(make_text("padded.few_banks", g.banks));
    } else if (k.strided) {
        r.shared(AccessKind::Read, "sdata[index]", word(0));
        r.shared(AccessKind::Read, "sdata[index + s]", word(stride));
        r.shared(AccessKind::Write, "sdata[index]", word(0));
        label = make_text("strided.label", stride, 2 * stride, B);
        why.push_back(make_text("strided.tree", 2 * stride));
    } else {
        r.shared(AccessKind::Read, "sdata[t]", word(0));
        r.shared(AccessKind::Read, "sdata[t + stride]", word(stride));
        r.shared(AccessKind::Write, "sdata[t]", word(0));
        label = make_text("shared.label", stride, "sdata");
        why.push_back(make_text("shared.tree", stride));
        // Consecutive words conflict only when a warp has more lanes than there are banks.
        if (r.max_conflict_ways() > 1)
            why.push_back(make_text("shared.few_banks", g.warp, g.banks));
    }
    r.explain_banks();
    r.explain_divergence();
    r.describe(std::move(label), std::move(why), {"tree"});
    r.finish(sh, g.grid, adds);
}

/// The merge of a shared-memory tree: thread 0 of each block stores sdata[0] (one block, not
/// segmented) or atomicAdds it to *output.
void shared_tree_merge(Trace& trace, const Geometry& g, std::vector<float> sh)
{
    const bool segmented = trace.strategy == "segmented";
    MergeSpec m;
    m.space = MemorySpace::Shared;
    m.values = std::move(sh);
    for (int b = 0; b < g.grid; ++b)
        m.value_index.push_back(g.block * b);
    m.store = g.grid == 1 && !segmented;
    m.expression = "sdata[0]";
    if (g.grid > 1 && !segmented)
        m.label = make_text("merge.label.one_block_kernel", g.grid, m.writer_tid);
    merge_step(trace, g, std::move(m));
}

} // namespace

// shared (Fig 10.11), segmented (seed 000), interleaved_strided and interleaved_padded (seed 003):
// first add during the load into shared memory, then a tree over blockDim.x words of shared memory.
// interleaved_padded stores word w at w + w / 32 (one unused word after every 32): its access
// records carry those addresses, so banks and wavefronts are the padded layout's; Step::values and
// the lanes' reads and writes stay the tree's own words.
void replay_shared_tree(Trace& trace, std::span<const float> input)
{
    const int n = static_cast<int>(input.size());
    const Geometry g = shared_tree_launch(trace, input);
    SharedTree k;
    k.padded = trace.strategy == "interleaved_padded";
    k.strided = trace.strategy == "interleaved_strided" || k.padded;
    std::vector<float> sh(static_cast<std::size_t>(g.threads()));
    // interleaved_strided synchronises after the load; Fig 10.11 synchronises at the top of each
    // iteration, counted in the tree step that executes it.
    shared_load_step(trace, g, n, k, sh, k.strided ? g.grid : 0);
    if (k.strided)
        for (int s = 1; s < g.block; s *= 2)
            shared_tree_step(trace, g, n, k, sh, s);
    else
        for (int s = g.block / 2; s >= 1; s /= 2)
            shared_tree_step(trace, g, n, k, sh, s);
    shared_tree_merge(trace, g, std::move(sh));
}

namespace {

/// One stride of warp_unrolled's last warp (reduce_basic.cu): lanes tid < `lanes` of warp 0 of each
/// block (all `lanes` of them, at every stride) read v = vdata[tid] + vdata[tid + stride],
/// __syncwarp(), write vdata[tid] = v, __syncwarp(). The first __syncwarp puts every read of the
/// step before every write, so the step's sums are of the previous step's words. No block
/// barrier: the step's counters.barriers is 0 and Step::warp_barrier is set.
void warp_synchronous_step(Trace& trace, const Geometry& g, int n, std::vector<float>& sh, int stride, int lanes)
{
    const int B = g.block;
    StepRecorder r(trace, g, MemorySpace::Shared);
    r.set_stride(stride);
    std::vector<float> next = sh;
    long long adds = 0;
    for (int t = 0; t < g.threads(); ++t) {
        const int tid = g.tid_of(t);
        r.padding(t, 2 * B * g.block_of(t) + tid >= n);
        if (tid >= lanes)
            continue;
        const int base = B * g.block_of(t);
        r.active(t);
        r.read2_write(t, base + tid, base + tid + stride, base + tid);
        const auto w = static_cast<std::size_t>(base + tid);
        next[w] = gpu_float::add_rn(sh[w], sh[w + static_cast<std::size_t>(stride)]);
        ++adds;
    }
    sh = std::move(next);
    auto word = [&](int off) {
        return [&g, lanes, off](int t) -> std::int64_t { return g.tid_of(t) < lanes ? g.tid_of(t) + off : kNoAccess; };
    };
    r.shared(AccessKind::Read, "vdata[tid]", word(0));
    r.shared(AccessKind::Read, "vdata[tid + stride]", word(stride));
    r.shared(AccessKind::Write, "vdata[tid]", word(0));
    std::vector<Text> why{make_text("warp_unrolled.tree", lanes)};
    if (lanes > stride)
        why.push_back(make_text("warp_unrolled.spare", lanes - stride));
    r.explain_banks();
    r.explain_divergence();
    r.describe(make_text("warp_unrolled.label", stride, lanes), std::move(why), {"tree"});
    r.finish(sh, 0, adds);
    trace.steps.back().warp_barrier = true;
}

// warp_unrolled (seed 001's warpReduce): shared's load and tree while the stride exceeds the warp
// size, each iteration ending in __syncthreads() (the load too); then the first min(warp size,
// blockDim.x / 2) lanes of warp 0 finish the strides warp-synchronously, with __syncwarp() and no
// block barrier.
void replay_warp_unrolled(Trace& trace, std::span<const float> input)
{
    const int n = static_cast<int>(input.size());
    const Geometry g = shared_tree_launch(trace, input);
    const SharedTree k{};  // shared's layout: tid < stride adds sdata[tid + stride]
    std::vector<float> sh(static_cast<std::size_t>(g.threads()));
    shared_load_step(trace, g, n, k, sh, g.grid);
    int stride = g.block / 2;
    for (; stride > g.warp; stride /= 2)
        shared_tree_step(trace, g, n, k, sh, stride);
    const int lanes = stride;  // min(warp size, blockDim.x / 2): the lanes of the last warp's steps
    for (; stride >= 1; stride /= 2)
        warp_synchronous_step(trace, g, n, sh, stride, lanes);
    shared_tree_merge(trace, g, std::move(sh));
}

} // namespace

// coarsened (Fig 10.15 with exercise 5's bounds checks) and coarsened_max (exercise 4): each
// thread accumulates up to 2*COARSE_FACTOR elements, stride blockDim.x, in a register.
void replay_coarsened(Trace& trace, std::span<const float> input)
{
    const Params& p = trace.params;
    const Operation op = trace.operation;
    const int n = static_cast<int>(input.size());
    const int B = p.block_size;
    const int C = p.coarse_factor;
    Geometry g{B, p.warp_size, (n + 2 * C * B - 1) / (2 * C * B), p.banks};
    trace.grid_size = g.grid;
    set_input(trace, input, g.grid * 2 * C * B);
    const std::vector<float>& in = trace.input;
    const bool max = op == Operation::Max;
    std::vector<float> sh(static_cast<std::size_t>(g.threads()));

    auto sid_of = [&](int t) { return 2 * C * B * g.block_of(t) + g.tid_of(t); };
    std::vector<std::string> tile_expression;  // the load of tile k, as the kernel writes it
    for (int k = 0; k < 2 * C; ++k)
        tile_expression.push_back(k == 0 ? std::string("input[i]") : "input[i + " + std::to_string(k) + "*blockDim.x]");
    {
        StepRecorder r(trace, g, MemorySpace::Shared);
        r.reads_from_input();
        long long adds = 0;
        for (int t = 0; t < g.threads(); ++t) {
            const int sid = sid_of(t);
            r.padding(t, sid >= n);
            float acc = identity(op);
            if (max) {
                // Exercise 4 with exercise 5's bounds: `maximum = i < n ? input[i] : -inf` is no
                // branch, so every thread runs it (a lane past the end takes -inf without a load) and
                // every thread stores its register to sdata[tid], as in `coarsened`; only the fmaxf
                // of the later tiles is guarded (`if (j < n)`), and it is counted only where it runs.
                r.active(t);
                if (r.load(t, tile_expression[0], sid, sid < n))
                    acc = in[static_cast<std::size_t>(sid)];
                for (int k = 1; k < 2 * C; ++k) {
                    const int e = sid + k * B;
                    if (r.load(t, tile_expression[static_cast<std::size_t>(k)], e, e < n)) {
                        acc = gpu_float::fmaxf(acc, in[static_cast<std::size_t>(e)]);
                        ++adds;
                    }
                }
            } else {
                // sum = load_or_zero(i); sum += load_or_zero(i + tile*B): every thread adds 2C - 1
                // times; loads past the end give 0 without touching memory.
                r.active(t);
                auto load = [&](int k) {
                    const int e = sid + k * B;
                    return r.load(t, tile_expression[static_cast<std::size_t>(k)], e, e < n) ? in[static_cast<std::size_t>(e)] : 0.0f;
                };
                acc = load(0);
                for (int k = 1; k < 2 * C; ++k) {
                    acc = gpu_float::add_rn(acc, load(k));
                    ++adds;
                }
            }
            r.write(t, t);
            sh[static_cast<std::size_t>(t)] = acc;
        }
        r.shared(AccessKind::Write, "sdata[tid]", [&](int t) -> std::int64_t { return g.tid_of(t); });
        std::vector<Text> why;
        if (C == 1)
            why.push_back(make_text("coarsen.one"));
        else
            why.push_back(make_text("coarsen.many", C, 2 * C, g.grid, (n + 2 * B - 1) / (2 * B)));
        why.push_back(make_text("coarsen.bounds"));
        r.describe(make_text(max ? "coarsen.label.max" : "coarsen.label.sum", 2 * C, B), std::move(why),
                   {"load", "coarsen"});
        r.finish(sh, 0, adds);
    }

    for (int stride = B / 2; stride >= 1; stride /= 2) {
        StepRecorder r(trace, g, MemorySpace::Shared);
        r.set_stride(stride);
        long long adds = 0;
        for (int t = 0; t < g.threads(); ++t) {
            const int tid = g.tid_of(t);
            r.padding(t, sid_of(t) >= n);
            if (tid >= stride)
                continue;
            const int base = B * g.block_of(t);
            r.active(t);
            r.read2_write(t, base + tid, base + tid + stride, base + tid);
        }
        for (int t = 0; t < g.threads(); ++t) {
            const int tid = g.tid_of(t);
            if (tid >= stride)
                continue;
            const std::size_t base = static_cast<std::size_t>(B * g.block_of(t));
            float& d = sh[base + static_cast<std::size_t>(tid)];
            d = combine(op, d, sh[base + static_cast<std::size_t>(tid + stride)]);
            ++adds;
        }
        r.shared(AccessKind::Read, "sdata[tid]",
                 [&](int t) -> std::int64_t { return g.tid_of(t) < stride ? g.tid_of(t) : kNoAccess; });
        r.shared(AccessKind::Read, "sdata[tid + stride]",
                 [&](int t) -> std::int64_t { return g.tid_of(t) < stride ? g.tid_of(t) + stride : kNoAccess; });
        r.shared(AccessKind::Write, "sdata[tid]",
                 [&](int t) -> std::int64_t { return g.tid_of(t) < stride ? g.tid_of(t) : kNoAccess; });
        r.explain_banks();
        r.explain_divergence();
        r.describe(make_text(max ? "coarsen.tree.label.max" : "coarsen.tree.label.sum", stride),
                   {make_text("coarsen.tree", stride)},
                   {"tree"});
        r.finish(sh, g.grid, adds);
    }

    MergeSpec m;
    m.space = MemorySpace::Shared;
    m.values = sh;
    for (int b = 0; b < g.grid; ++b)
        m.value_index.push_back(B * b);
    m.store = false;
    m.expression = "sdata[0]";
    if (max)
        m.explanation_tail = make_text("coarsen.max.tail");
    merge_step(trace, g, std::move(m));
}

std::span<const Replay> tree_replays()
{
    static constexpr Replay kReplays[] = {
        {"simple", replay_in_place},         {"convergent", replay_in_place}, {"convergent_reversed", replay_in_place},
        {"interleaved_strided", replay_shared_tree}, {"interleaved_padded", replay_shared_tree},
        {"shared", replay_shared_tree}, {"warp_unrolled", replay_warp_unrolled}, {"segmented", replay_shared_tree},
        {"coarsened", replay_coarsened},     {"coarsened_max", replay_coarsened},
    };
    return kReplays;
}

} // namespace reducescope::model::detail
