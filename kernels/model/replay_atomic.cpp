// SPDX-License-Identifier: GPL-3.0-or-later
// atomic_naive and race (seed 003): one element per thread, merged into *output by every thread,
// with atomicAdd (correct, serialised) or a plain `*output += x` (lost updates).
#include "model/gpu_float.h"
#include "model/recorder.h"

#include <algorithm>
#include <string>

namespace reducescope::model::detail {

void replay_atomic(Trace& trace, std::span<const float> input)
{
    const Params& p = trace.params;
    const int n = static_cast<int>(input.size());
    const int B = p.block_size;
    Geometry g{B, p.warp_size, (n + B - 1) / B, p.banks};
    trace.grid_size = g.grid;
    set_input(trace, input, g.grid * B);
    const std::vector<float>& in = trace.input;
    const bool race = trace.strategy == "race";

    {
        StepRecorder r(trace, g, MemorySpace::Global);
        for (int t = 0; t < g.threads(); ++t) {
            r.padding(t, t >= n);
            if (r.load(t, "input[i]", t, t < n))  // if (i < n) x = input[i]
                r.active(t);
        }
        r.describe(make_text("atomic.load.label", n),
                   {make_text("atomic.load", make_text("count.blocks", g.grid), make_text("count.threads", B))},
                   {"load"});
        r.finish(in, 0, 0);
    }

    StepRecorder r(trace, g, MemorySpace::Global);
    float out = 0.0f;
    int lost = 0;
    FlushNote flushed;
    if (!race) {
        // One atomicAdd per thread i < n, serialised in params.atomic_order's order (0: thread
        // order, i.e. block, warp, lane); on global memory it flushes subnormals (gpu_float.h).
        for (int t = 0; t < n; ++t)
            r.active(t);
        for (const int t : atomic_order(n, p.atomic_order)) {
            const float x = in[static_cast<std::size_t>(t)];
            const float before = out;
            out = gpu_float::atomic_add_global_f32(before, x);
            flushed.add(before, x, out);
            r.atomic(g.block_of(t), t, "*output", before, x, out);
        }
    }
    if (race && p.atomic_order == 0) {
        for (int b = 0; b < g.grid; ++b) {
            for (int w = 0; w < g.warps_per_block(); ++w) {
                const int first = b * B + w * g.warp;
                const int last = std::min({first + g.warp, (b + 1) * B, n}); // live lanes with an element
                if (first >= last)
                    continue;
                // race: every lane of the warp loads the same old value, adds its element (a plain
                // FADD, no flush) and stores; the model lets the highest lane's store win
                // (docs/design-notes.md).
                const float old = out;
                for (int t = first; t < last; ++t) {
                    const float x = in[static_cast<std::size_t>(t)];
                    const bool overwritten = t != last - 1;
                    lost += overwritten ? 1 : 0;
                    r.active(t);
                    r.atomic(b, t, "*output", old, x, gpu_float::add_rn(old, x), overwritten);
                }
                out = gpu_float::add_rn(old, in[static_cast<std::size_t>(last - 1)]);
            }
        }
    } else if (race) {
        // race under an interleaving seed (docs/design-notes.md, "race"): the warps run in the
        // seed's shuffled order; a warp loads *output before the stores of the warps just before it
        // with the seed's overlap chance, so a group of warps reads one old value; of the group
        // only the last warp's store survives, and in that warp a seeded lane's store wins.
        std::vector<std::pair<int, int>> warps; // (first thread, one past the last live lane)
        for (int b = 0; b < g.grid; ++b)
            for (int w = 0; w < g.warps_per_block(); ++w) {
                const int first = b * B + w * g.warp;
                const int last = std::min({first + g.warp, (b + 1) * B, n});
                if (first < last)
                    warps.emplace_back(first, last);
            }
        const RaceSchedule schedule = race_schedule(static_cast<int>(warps.size()), g.warp, p.atomic_order);
        std::size_t k = 0;
        for (const int size : schedule.groups) {
            const float old = out;
            int winner = -1;
            for (int j = 0; j < size; ++j, ++k) {
                const auto [first, last] = warps[static_cast<std::size_t>(schedule.order[k])];
                const bool last_warp = j == size - 1;
                const int win = first + schedule.lane[k] % (last - first);
                // The records in the order the stores land: the surviving store last of all.
                for (int t = first; t < last; ++t) {
                    if (last_warp && t == win)
                        continue;
                    const float x = in[static_cast<std::size_t>(t)];
                    ++lost;
                    r.active(t);
                    r.atomic(g.block_of(t), t, "*output", old, x, gpu_float::add_rn(old, x), true);
                }
                if (last_warp) {
                    const float x = in[static_cast<std::size_t>(win)];
                    r.active(win);
                    r.atomic(g.block_of(win), win, "*output", old, x, gpu_float::add_rn(old, x), false);
                }
                if (last_warp)
                    winner = win;
            }
            out = gpu_float::add_rn(old, in[static_cast<std::size_t>(winner)]);
        }
    }
    for (int t = 0; t < g.threads(); ++t)
        r.padding(t, t >= n);
    if (race) {
        // `*output += x` is a load and a store of *output by every thread i < n.
        auto output = [n](int t) -> std::int64_t { return t < n ? 0 : kNoAccess; };
        r.global(AccessKind::Read, "*output", output);
        r.global(AccessKind::Write, "*output", output);
        r.describe(make_text("race.label"),
                   {p.atomic_order == 0 ? make_text("race", lost, n) : make_text("race.replayed", lost, n, p.atomic_order)},
                   {"atomic"});
        r.counters().atomics = 0; // plain loads and stores: the records show what was lost
    } else {
        const Text order = p.atomic_order == 0 ? make_text("order.block_warp_lane") : make_text("order.replayed", p.atomic_order);
        std::vector<Text> why{make_text("atomic", n, order)};
        if (auto note = flushed.note())
            why.push_back(std::move(*note));
        r.describe(make_text("atomic.label", n), std::move(why), {"atomic"});
    }
    trace.result = out;
    r.finish(in, 0, race ? n - lost : n, out);
}

std::span<const Replay> atomic_replays()
{
    static constexpr Replay kReplays[] = {{"atomic_naive", replay_atomic}, {"race", replay_atomic}};
    return kReplays;
}

} // namespace reducescope::model::detail
