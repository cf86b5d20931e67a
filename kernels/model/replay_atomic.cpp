// SPDX-License-Identifier: GPL-3.0-or-later
// atomic_naive and race (seed 003): one element per thread, merged into *output by every thread,
// with atomicAdd (correct, serialised) or a plain `*output += x` (lost updates).
#include "model/recorder.h"

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
            if (t < n) {
                r.active(t);
                r.read(t, t);
            }
        }
        r.global(AccessKind::Read, "input[i]", [n](int t) -> std::int64_t { return t < n ? t : kNoAccess; });
        r.describe("load: each thread i < " + std::to_string(n) + " reads input[i] into a register",
                   "One element per thread: " + std::to_string(g.grid) + " block" + (g.grid == 1 ? "" : "s")
                       + " of " + std::to_string(B) + " threads; threads past the end do nothing.",
                   {"load"});
        r.finish(in, 0, 0);
    }

    StepRecorder r(trace, g, MemorySpace::Global);
    float out = 0.0f;
    int lost = 0;
    for (int b = 0; b < g.grid; ++b) {
        for (int w = 0; w < g.warps_per_block(); ++w) {
            const int first = b * B + w * g.warp;
            const int last = std::min({first + g.warp, (b + 1) * B, n}); // live lanes with an element
            if (first >= last)
                continue;
            if (!race) {
                for (int t = first; t < last; ++t) {
                    const float x = in[static_cast<std::size_t>(t)];
                    const float before = out;
                    out = out + x;
                    r.active(t);
                    r.atomic(b, t, "*output", before, x, out);
                }
                continue;
            }
            // race: every lane of the warp loads the same old value, adds its element and stores;
            // the model lets the highest lane's store win (docs/design-notes.md).
            const float old = out;
            for (int t = first; t < last; ++t) {
                const float x = in[static_cast<std::size_t>(t)];
                const bool overwritten = t != last - 1;
                lost += overwritten ? 1 : 0;
                r.active(t);
                r.atomic(b, t, "*output", old, x, old + x, overwritten);
            }
            out = old + in[static_cast<std::size_t>(last - 1)];
        }
    }
    for (int t = 0; t < g.threads(); ++t)
        r.padding(t, t >= n);
    if (race) {
        r.describe("race: every thread does *output += x, a plain load, add and store",
                   "All lanes of a warp read the same old *output, so only one store per warp survives: "
                       + std::to_string(lost) + " of " + std::to_string(n)
                       + " updates are lost here. The model lets the highest lane win and runs warps in "
                         "order; real hardware picks differently and loses more across warps and blocks.",
                   {"atomic"});
        r.counters().atomics = 0; // plain loads and stores: the records show what was lost
    } else {
        r.describe("atomic: every thread atomicAdds its element into *output (" + std::to_string(n) + " atomics)",
                   "Each atomicAdd is a read-modify-write the memory system performs one at a time on the one "
                   "address, so the " + std::to_string(n) + " additions run in sequence (the model orders them "
                   "by block, warp and lane; the hardware order is unspecified).",
                   {"atomic"});
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
