// SPDX-License-Identifier: GPL-3.0-or-later
// Warp primitives (seeds 001 and 003, kernels/cuda/reduce_warp.cu): the __shfl_down_sync tree in
// registers, the two-level block reduce (warp partials in shared memory, then the first warp), and
// the cross-block merges: an atomic per warp (warp_shuffle) or per block (block_reduce,
// vectorized), a second kernel (two_pass), or grid.sync() (grid_sync).
//
// The CUDA kernels require whole warps (blockDim.x a multiple of 32). The model accepts any
// power-of-two block: lanes a partial warp does not have hold the identity (0) when a shuffle reads
// them (on hardware that read is undefined), and the block has ceil(blockDim.x / warp size) warps.
#include "model/gpu_float.h"
#include "model/merge.h"
#include "model/recorder.h"

#include <algorithm>
#include <string>

namespace reducescope::model::detail {
namespace {

/// Co-resident blocks the model assumes for grid_sync's cooperative launch: an H100/H200-class
/// GPU with 132 multiprocessors, each holding min(32, 2048 / blockDim.x) blocks. With at most 4096
/// input values the cap never binds; it is here so the formula matches docs/design-notes.md.
int co_resident_blocks(int block) { return 132 * std::min(32, 2048 / block); }

/// Which blocks of the geometry run the current kernel phase.
enum class Blocks { All, FirstOnly };

class WarpReplay {
public:
    WarpReplay(Trace& trace, Geometry g)
        : m_trace(trace)
        , m_g(g)
    {
    }

    bool runs(int t, Blocks blocks) const { return blocks == Blocks::All || m_g.block_of(t) == 0; }

    /// One step per shuffle offset (warp size / 2 down to 1) of `sum += __shfl_down_sync(full, sum,
    /// offset)`. `first_warp_only`: only warp 0 of each running block (the final warp).
    void shuffles(std::vector<float>& reg, Blocks blocks, bool first_warp_only,
                  std::initializer_list<std::string_view> tags, int barriers_after_last)
    {
        const Geometry& g = m_g;
        for (int offset = g.warp / 2; offset > 0; offset /= 2) {
            StepRecorder r(m_trace, g, MemorySpace::Registers);
            r.set_stride(offset);
            std::vector<float> next = reg;
            long long adds = 0;
            for (int t = 0; t < g.threads(); ++t) {
                if (!runs(t, blocks)) {
                    r.exited(t);
                    continue;
                }
                if (first_warp_only && g.warp_of(t) != 0)
                    continue;
                const int lane = g.lane_of(t);
                float other = 0.0f;
                int src = t;
                if (lane + offset >= g.warp) {
                    other = reg[static_cast<std::size_t>(t)]; // past the warp: the caller's own value
                } else if (g.tid_of(t) + offset < g.block) {
                    src = t + offset;
                    other = reg[static_cast<std::size_t>(src)];
                } // else: a lane this partial warp does not have; the model reads the identity
                next[static_cast<std::size_t>(t)] = gpu_float::add_rn(reg[static_cast<std::size_t>(t)], other);
                r.active(t);
                r.read_write(t, src, t);
                ++adds;
            }
            reg = std::move(next);
            const bool last = offset == 1;
            r.describe(make_text(first_warp_only ? "shuffle.label.first_warp" : "shuffle.label", offset),
                       {make_text("shuffle", offset)},
                       tags);
            r.finish(reg, last ? barriers_after_last : 0, adds);
        }
    }

    /// block_reduce_sum of reduce_warp.cu on `reg` for the running blocks; returns each running
    /// block's result (thread 0's register). Tags: `extra` is added to every step's tags.
    std::vector<float> block_reduce(std::vector<float>& reg, Blocks blocks, std::string_view extra)
    {
        const Geometry& g = m_g;
        const int wpb = g.warps_per_block();
        const int running = blocks == Blocks::All ? g.grid : 1;
        auto tags = [&](std::string_view a, std::string_view b = {}) {
            std::vector<std::string_view> v;
            if (!extra.empty())
                v.push_back(extra);
            v.push_back(a);
            if (!b.empty())
                v.push_back(b);
            return v;
        };
        {
            const auto tg = tags("shuffle");
            shuffles_with(reg, blocks, false, tg, 0);
        }
        // `__shared__ float warp_sums[32]` of each block: one array per block for the whole kernel.
        // A second block_reduce in the same kernel (grid_sync's, after grid.sync()) overwrites only
        // the words of the blocks that run it; the other blocks' words keep what their warps stored
        // in the first phase (nothing clears shared memory; those blocks have no further stores).
        std::vector<float>& warp_sums = m_warp_sums;
        if (warp_sums.size() != static_cast<std::size_t>(g.grid * wpb))
            warp_sums.assign(static_cast<std::size_t>(g.grid * wpb), 0.0f);
        {
            StepRecorder r(m_trace, g, MemorySpace::Shared);
            for (int t = 0; t < g.threads(); ++t) {
                if (!runs(t, blocks)) {
                    r.exited(t);
                    continue;
                }
                if (g.lane_of(t) != 0)
                    continue;
                const int idx = g.block_of(t) * wpb + g.warp_of(t);
                warp_sums[static_cast<std::size_t>(idx)] = reg[static_cast<std::size_t>(t)];
                r.active(t);
                r.write(t, idx);
            }
            r.shared(AccessKind::Write, "warp_sums[warp]", [&](int t) -> std::int64_t {
                return runs(t, blocks) && g.lane_of(t) == 0 ? g.warp_of(t) : kNoAccess;
            });
            const auto tg = tags("warp_partial");
            describe(r, make_text("partials.label"), {make_text("partials", wpb)},
                     tg);
            r.finish(warp_sums, running, 0);
        }
        {
            StepRecorder r(m_trace, g, MemorySpace::Registers);
            long long folded = 0;
            for (int t = 0; t < g.threads(); ++t) {
                if (!runs(t, blocks)) {
                    r.exited(t);
                    continue;
                }
                if (g.warp_of(t) != 0)
                    continue;
                const int lane = g.lane_of(t);
                r.active(t);
                r.write(t, t);
                float v = 0.0f;
                const std::size_t base = static_cast<std::size_t>(g.block_of(t) * wpb);
                if (lane < wpb) {
                    v = warp_sums[base + static_cast<std::size_t>(lane)];
                    r.read(t, static_cast<std::int64_t>(base) + lane);
                }
                // Only with a teaching warp size can a block have more warps than a warp has lanes
                // (e.g. 1024 / 4); the model's first warp then folds the extra partials in a loop.
                for (int j = lane + g.warp; j < wpb; j += g.warp) {
                    v = gpu_float::add_rn(v, warp_sums[base + static_cast<std::size_t>(j)]);
                    r.read(t, static_cast<std::int64_t>(base) + j);
                    ++folded;
                }
                reg[static_cast<std::size_t>(t)] = v;
            }
            r.shared(AccessKind::Read, "warp_sums[lane]", [&](int t) -> std::int64_t {
                return runs(t, blocks) && g.warp_of(t) == 0 && g.lane_of(t) < wpb ? g.lane_of(t) : kNoAccess;
            });
            // The fold's loads (`for (j = lane + warp; j < warps; j += warp) sum += warp_sums[j]`),
            // one warp-wide access per iteration.
            for (int k = 1; k * g.warp < wpb; ++k)
                r.shared(AccessKind::Read, "warp_sums[j]", [&](int t) -> std::int64_t {
                    const int j = g.lane_of(t) + k * g.warp;
                    return runs(t, blocks) && g.warp_of(t) == 0 && j < wpb ? j : kNoAccess;
                });
            const auto tg = tags("final_warp");
            describe(r, make_text("final_warp.label", wpb), {make_text("final_warp")}, tg);
            r.finish(reg, 0, folded);
        }
        {
            const auto tg = tags("final_warp", "shuffle");
            shuffles_with(reg, blocks, true, tg, running);
        }
        std::vector<float> results;
        for (int b = 0; b < running; ++b)
            results.push_back(reg[static_cast<std::size_t>(b * g.block)]);
        return results;
    }

    /// Thread 0 of each block stores its result to partials[blockIdx.x] (two_pass, grid_sync).
    std::vector<float> write_partials(const std::vector<float>& results)
    {
        const Geometry& g = m_g;
        StepRecorder r(m_trace, g, MemorySpace::Global);
        for (int b = 0; b < g.grid; ++b) {
            r.active(b * g.block);
            r.write(b * g.block, b);
        }
        r.global(AccessKind::Write, "partials[blockIdx.x]",
                 [&](int t) -> std::int64_t { return g.tid_of(t) == 0 ? g.block_of(t) : kNoAccess; });
        r.describe(make_text("write_partials.label"), {make_text("write_partials", g.grid)},
                   {"write"});
        r.finish(results, 0, 0);
        return results;
    }

    void describe(StepRecorder& r, Text label, std::vector<Text> explanation,
                  const std::vector<std::string_view>& tags)
    {
        // StepRecorder::describe takes an initializer_list; forward up to three tags.
        switch (tags.size()) {
        case 1: r.describe(std::move(label), std::move(explanation), {tags[0]}); break;
        case 2: r.describe(std::move(label), std::move(explanation), {tags[0], tags[1]}); break;
        default: r.describe(std::move(label), std::move(explanation), {tags[0], tags[1], tags[2]}); break;
        }
    }

    void shuffles_with(std::vector<float>& reg, Blocks blocks, bool first_warp_only,
                       const std::vector<std::string_view>& tags, int barriers_after_last)
    {
        switch (tags.size()) {
        case 1: shuffles(reg, blocks, first_warp_only, {tags[0]}, barriers_after_last); break;
        case 2: shuffles(reg, blocks, first_warp_only, {tags[0], tags[1]}, barriers_after_last); break;
        default: shuffles(reg, blocks, first_warp_only, {tags[0], tags[1], tags[2]}, barriers_after_last); break;
        }
    }

    /// `sum = 0; for (i = threadIdx.x; i < count; i += blockDim.x) sum += partials[i];` by the
    /// threads of one block of `g1` (the second kernel of two_pass, or block 0 after grid.sync).
    std::vector<float> sum_partials(const Geometry& g1, const std::vector<float>& partials, Text label,
                                    std::vector<Text> explanation, std::initializer_list<std::string_view> tags,
                                    int barriers)
    {
        const int count = static_cast<int>(partials.size());
        StepRecorder r(m_trace, g1, MemorySpace::Global);
        std::vector<float> reg(static_cast<std::size_t>(g1.threads()), 0.0f);
        long long adds = 0;
        for (int t = 0; t < g1.threads(); ++t) {
            if (g1.block_of(t) != 0) {
                r.exited(t);
                continue;
            }
            float sum = 0.0f;
            for (int i = g1.tid_of(t); i < count; i += g1.block) {
                r.load(t, "partials[i]", i, true, 4, (i - g1.tid_of(t)) / g1.block);  // the loop's bound is the guard
                sum = gpu_float::add_rn(sum, partials[static_cast<std::size_t>(i)]);
                ++adds;
            }
            if (g1.tid_of(t) < count)
                r.active(t);
            reg[static_cast<std::size_t>(t)] = sum;
        }
        r.describe(std::move(label), std::move(explanation), tags);
        r.finish(partials, barriers, adds);
        return reg;
    }

private:
    Trace& m_trace;
    Geometry m_g;
    std::vector<float> m_warp_sums;  ///< every block's warp_sums, kept from one block_reduce to the next
};

// The grid-stride loop `for (i = blockIdx.x*blockDim.x + threadIdx.x; i < n; i += gridDim.x*blockDim.x)
// sum += input[i];` into registers.
std::vector<float> grid_stride_sum(Trace& trace, const Geometry& g, int n)
{
    const std::vector<float>& in = trace.input;
    const int stride = g.threads();
    StepRecorder r(trace, g, MemorySpace::Registers);
    r.reads_from_input();
    std::vector<float> reg(static_cast<std::size_t>(g.threads()), 0.0f);
    long long adds = 0;
    for (int t = 0; t < g.threads(); ++t) {
        r.padding(t, t >= n);
        float sum = 0.0f;
        for (int i = t; i < n; i += stride) {  // the loop's bound is the guard of each load
            r.load(t, "input[i]", i, true, 4, (i - t) / stride);
            sum = gpu_float::add_rn(sum, in[static_cast<std::size_t>(i)]);
            ++adds;
        }
        if (t < n) {
            r.active(t);
            r.write(t, t);
        }
        reg[static_cast<std::size_t>(t)] = sum;
    }
    const int per_thread = (n + stride - 1) / stride;
    r.describe(make_text("grid_stride.label", stride, per_thread), {make_text("grid_stride", g.threads())},
               {"coarsen"});
    r.finish(reg, 0, adds);
    return reg;
}

// warp_shuffle: sum = load_or_zero(input, i, n) into a register, the __shfl_down_sync tree in
// every warp, then lane 0 of each warp atomicAdds its warp's sum.
void replay_warp_shuffle(Trace& trace, std::span<const float> input)
{
    const Params& p = trace.params;
    const int n = static_cast<int>(input.size());
    const int B = p.block_size;
    Geometry g{B, p.warp_size, (n + B - 1) / B, p.banks};
    trace.grid_size = g.grid;
    set_input(trace, input, g.grid * B);
    std::vector<float> reg(static_cast<std::size_t>(g.threads()), 0.0f);
    {
        StepRecorder r(trace, g, MemorySpace::Registers);
        r.reads_from_input();
        for (int t = 0; t < g.threads(); ++t) {  // sum = load_or_zero(input, i, n)
            r.active(t);
            r.padding(t, t >= n);
            if (r.load(t, "input[i]", t, t < n))
                reg[static_cast<std::size_t>(t)] = trace.input[static_cast<std::size_t>(t)];
            r.write(t, t);
        }
        r.describe(make_text("load.register.label"), {make_text("load.register")},
                   {"load"});
        r.finish(reg, 0, 0);
    }
    WarpReplay w(trace, g);
    w.shuffles(reg, Blocks::All, false, {"shuffle"}, 0);
    // One atomic per warp: merge_step handles one writer per block, so do it here.
    StepRecorder r(trace, g, MemorySpace::Registers);
    float out = 0.0f;
    std::vector<int> writers;  // lane 0 of each warp, in block and warp order
    for (int t = 0; t < g.threads(); t += 1) {
        if (g.lane_of(t) != 0)
            continue;
        writers.push_back(t);
        r.active(t);
        r.read(t, t);
    }
    // Serialised in params.atomic_order's order; atomicAdd on global memory flushes subnormals.
    FlushNote flushed;
    for (const int k : atomic_order(static_cast<int>(writers.size()), p.atomic_order)) {
        const int t = writers[static_cast<std::size_t>(k)];
        const float v = reg[static_cast<std::size_t>(t)];
        const float before = out;
        out = gpu_float::atomic_add_global_f32(before, v);
        flushed.add(before, v, out);
        r.atomic(g.block_of(t), t, "*output", before, v, out);
    }
    const int atomics = g.grid * g.warps_per_block();
    const Text order = p.atomic_order == 0 ? make_text("order.block_warp") : make_text("order.replayed", p.atomic_order);
    std::vector<Text> why{make_text("warp_atomic", g.warp, order)};
    if (auto note = flushed.note())
        why.push_back(std::move(*note));
    r.describe(make_text("warp_atomic.label", atomics), std::move(why), {"atomic"});
    trace.result = out;
    r.finish(reg, 0, atomics, out);
}

// The float4 loads of vectorized, self_reset and zero_ahead: v[k] = input4[first + k*stride] (0
// past n/4), then sum += (v.x + v.y) + (v.z + v.w) for k = 0..C-1; the last n % 4 elements are
// added by the first threads of block 0 (for blocks of fewer than 4 threads, in a loop of stride
// blockDim.x). Returns each thread's register sum.
std::vector<float> vector_sum(Trace& trace, const Geometry& g, int n, int C)
{
    const std::vector<float>& in = trace.input;
    const int B = g.block;
    const int n4 = n / 4;
    const int tail = n % 4;
    const int stride = g.threads();
    StepRecorder r(trace, g, MemorySpace::Registers);
    r.reads_from_input();
    std::vector<float> reg(static_cast<std::size_t>(g.threads()), 0.0f);
    long long adds = 0;
    for (int t = 0; t < g.threads(); ++t) {
        float sum = 0.0f;
        bool any = false;
        for (int k = 0; k < C; ++k) {
            const int i = t + k * stride;
            float x = 0, y = 0, z = 0, w = 0;
            if (r.load(t, "input4[i]", 4 * i, i < n4, 16, k)) {  // v[k] = i < n4 ? input4[i] : 0
                const auto e = static_cast<std::size_t>(4 * i);
                x = in[e];
                y = in[e + 1];
                z = in[e + 2];
                w = in[e + 3];
                any = true;
            }
            sum = gpu_float::add_rn(sum, gpu_float::add_rn(gpu_float::add_rn(x, y), gpu_float::add_rn(z, w)));
            adds += 4;
        }
        if (g.block_of(t) == 0) {
            for (int j = g.tid_of(t); j < tail; j += B) {
                r.load(t, "input[4*n4 + threadIdx.x]", 4 * n4 + j, true, 4, (j - g.tid_of(t)) / B);
                sum = gpu_float::add_rn(sum, in[static_cast<std::size_t>(4 * n4 + j)]);
                ++adds;
                any = true;
            }
        }
        r.active(t);
        r.write(t, t);
        r.padding(t, !any);
        reg[static_cast<std::size_t>(t)] = sum;
    }
    r.describe(make_text("vector.label", C, stride),
               {make_text("vector.loads"), tail == 0 ? make_text("vector.no_tail") : make_text("vector.tail", tail)},
               {"coarsen"});
    r.finish(reg, 0, adds);
    return reg;
}

// self_reset_reduce_sum in reduce_warp.cu: thread 0 of each block draws a ticket while its loads
// are in flight; the launch's first ticket zeroes *output and publishes the launch (release). The
// model hands out the tickets in block order (the hardware's order varies).
void self_reset_ticket_step(Trace& trace, const Geometry& g, const std::vector<float>& reg)
{
    StepRecorder r(trace, g, MemorySpace::Registers);
    for (int b = 0; b < g.grid; ++b) {
        const int t = b * g.block;
        r.active(t);
        r.atomic(b, t, "ticket", b, 1, b + 1);
    }
    // The first ticket's block (block 0 in the model) stores *output = 0, then publishes the
    // launch: `published.store(launch + 1, release)` to epoch[1] (a 64-bit word, bytes 8..15).
    r.global(AccessKind::Write, "*output", [](int t) -> std::int64_t { return t == 0 ? 0 : kNoAccess; });
    r.global(AccessKind::Write, "epoch[1]", [](int t) -> std::int64_t { return t == 0 ? 2 : kNoAccess; }, 8);
    r.describe(make_text("reset.label", g.grid), {make_text("reset")},
               {"reset"});
    r.finish(reg, 0, 0, 0.0f);
}

// zero_ahead_reduce_sum in reduce_warp.cu: as its first instruction thread 0 of block 0 zeroes the
// ring slot of the next launch, ring[(e + 1) % 3]. The model runs launch e = 0: it adds into ring[0]
// (*output) and zeroes ring[1] (the kernel's records put this step after the coarsening, as here).
void zero_ahead_step(Trace& trace, const Geometry& g, const std::vector<float>& reg)
{
    StepRecorder r(trace, g, MemorySpace::Registers);
    r.active(0);
    r.global(AccessKind::Write, "ring[(e + 1) % 3]", [](int t) -> std::int64_t { return t == 0 ? 1 : kNoAccess; });
    r.describe(make_text("zero_ahead.reset.label"), {make_text("zero_ahead.reset")}, {"reset"});
    r.finish(reg, 0, 0, 0.0f);
}

// two_pass_final<<<1, 1024>>> in reduce_warp.cu: one block of 1024 threads sums the partials, reduces
// them as one block, and thread 0 stores the sum.
void second_pass(Trace& trace, const std::vector<float>& partials)
{
    const Params& p = trace.params;
    const int count = static_cast<int>(partials.size());
    Geometry g2{1024, p.warp_size, 1, p.banks};
    WarpReplay w2(trace, g2);
    std::vector<float> reg2 = w2.sum_partials(
        g2, partials,
        make_text("second_pass.label", count), {make_text("second_pass")},
        {"second_pass"}, 0);
    w2.block_reduce(reg2, Blocks::FirstOnly, "second_pass");
    MergeSpec m;
    m.space = MemorySpace::Registers;
    m.values = reg2;
    m.value_index = {0};
    m.store = true;
    m.expression = "sum";
    m.explanation_tail = make_text("second_pass.tail");
    m.tag = "second_pass";
    m.label = make_text("second_pass.store.label");
    merge_step(trace, g2, std::move(m));
}

// grid_sync after its block partials: grid.sync(), then block 0 sums the partials, reduces them
// and thread 0 stores the sum.
void after_grid_sync(Trace& trace, WarpReplay& w, const Geometry& g, const std::vector<float>& partials)
{
    const int count = static_cast<int>(partials.size());
    std::vector<float> reg2 = w.sum_partials(
        g, partials,
        make_text("grid_sync.label", count), {make_text("grid_sync", g.grid)},
        {"grid_sync"}, g.grid);
    trace.steps.back().grid_barrier = true;  // the g.grid barriers of that step are one grid.sync()
    w.block_reduce(reg2, Blocks::FirstOnly, "grid_sync");
    MergeSpec m;
    m.space = MemorySpace::Registers;
    m.values = reg2;
    m.value_index = {0};
    m.store = true;
    m.expression = "sum";
    m.tag = "grid_sync";
    m.label = make_text("grid_sync.store.label");
    merge_step(trace, g, std::move(m));
}

} // namespace

// block_reduce, two_pass, grid_sync, vectorized, self_reset, zero_ahead: a register sum per thread
// (the grid-stride loop, or vectorized's float4 loads), the two-level block reduce, then the merge
// of the block results (an atomic per block, a second kernel, or grid.sync()).
void replay_warp(Trace& trace, std::span<const float> input)
{
    const Params& p = trace.params;
    const std::string& s = trace.strategy;
    const int n = static_cast<int>(input.size());
    const int B = p.block_size;
    const int C = p.coarse_factor;
    if (s == "warp_shuffle") {
        replay_warp_shuffle(trace, input);
        return;
    }
    const bool vectorized = s == "vectorized" || s == "self_reset" || s == "zero_ahead";
    const int per_block = vectorized ? 4 * C * B : C * B;
    Geometry g{B, p.warp_size, (n + per_block - 1) / per_block, p.banks};
    if (s == "grid_sync")
        g.grid = std::min(g.grid, co_resident_blocks(B));
    trace.grid_size = g.grid;
    set_input(trace, input, std::max(g.grid * per_block, n));

    std::vector<float> reg = vectorized ? vector_sum(trace, g, n, C) : grid_stride_sum(trace, g, n);
    if (s == "self_reset")
        self_reset_ticket_step(trace, g, reg);
    if (s == "zero_ahead")
        zero_ahead_step(trace, g, reg);

    WarpReplay w(trace, g);
    const std::vector<float> results = w.block_reduce(reg, Blocks::All, {});

    if (s == "block_reduce" || vectorized) {
        MergeSpec m;
        m.space = MemorySpace::Registers;
        m.values = reg;
        for (int b = 0; b < g.grid; ++b)
            m.value_index.push_back(b * B);
        m.store = false;
        m.expression = "sum";
        if (s == "self_reset") {
            m.explanation_tail = make_text("self_reset.tail");
            m.wait_expression = "epoch[1]";
        }
        if (s == "zero_ahead")
            m.explanation_tail = make_text("zero_ahead.tail");
        merge_step(trace, g, std::move(m));
        return;
    }
    const std::vector<float> partials = w.write_partials(results);
    if (s == "two_pass")
        second_pass(trace, partials);
    else
        after_grid_sync(trace, w, g, partials);  // grid_sync
}

std::span<const Replay> warp_replays()
{
    static constexpr Replay kReplays[] = {{"warp_shuffle", replay_warp}, {"block_reduce", replay_warp},
                                          {"two_pass", replay_warp},     {"grid_sync", replay_warp},
                                          {"vectorized", replay_warp},   {"self_reset", replay_warp},
                                          {"zero_ahead", replay_warp}};
    return kReplays;
}

} // namespace reducescope::model::detail
