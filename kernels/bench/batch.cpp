// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/batch.h"

#include <algorithm>
#include <cmath>

namespace reducescope::bench {
namespace {

int round_up(int v, int multiple)
{
    return multiple > 1 ? (v + multiple - 1) / multiple * multiple : v;
}

} // namespace

BatchSize batch_size(const BatchRequest& r)
{
    if (r.mode == BatchMode::PerLaunch)
        return {1, 1};
    int per_batch = r.per_batch;
    if (per_batch <= 0) {
        per_batch = std::max(1, r.reps / std::max(1, std::min(r.batches, r.reps)));
        if (r.adaptive && r.warm_ms_per_rep > 0) {
            // Clamped as a double first: a tiny warm-up time must not overflow the int.
            const double need = std::ceil(r.min_batch_us * 1e-3 / r.warm_ms_per_rep);
            per_batch = std::max(per_batch, static_cast<int>(std::min(need, double{kMaxBatch})));
        }
        per_batch = std::min(per_batch, kMaxBatch);
    }
    per_batch = round_up(per_batch, r.multiple);
    return {per_batch, per_batch};
}

std::optional<BatchSize> graph_recapture(const BatchSize& captured, double replay_us, double min_batch_us,
                                         int multiple)
{
    if (replay_us >= min_batch_us || captured.launches >= kMaxBatch)
        return std::nullopt;
    const double scaled = std::ceil(captured.launches * min_batch_us / std::max(replay_us, 1e-3));
    int longer = static_cast<int>(std::min(scaled, double{kMaxBatch}));
    longer = std::min(std::max(longer, captured.launches + 1), kMaxBatch);
    longer = round_up(longer, multiple);
    return BatchSize{longer, longer};
}

std::optional<GraphDifference> graph_difference(int launches, int multiple, int part)
{
    const int m = std::max(1, multiple);
    if (launches < 2 * m)
        return std::nullopt;
    const int short_launches = std::max(m, launches / std::max(2, part) / m * m);
    return GraphDifference{short_launches, launches - short_launches};
}

} // namespace reducescope::bench
