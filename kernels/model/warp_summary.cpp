// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/warp_summary.h"

#include <algorithm>

namespace reducescope::model {
namespace {

void widen(int& lo, int& hi, int v)
{
    if (lo < 0 || v < lo)
        lo = v;
    if (hi < 0 || v > hi)
        hi = v;
}

} // namespace

std::vector<WarpFootprint> warp_footprints(const Trace& t, int step)
{
    std::vector<WarpFootprint> out;
    if (step < 0 || step >= int(t.steps.size()))
        return out;
    const Step& s = t.steps[std::size_t(step)];
    const int ws = std::max(1, t.params.warp_size);
    const int bd = s.block_dim > 0 ? s.block_dim : std::max(1, t.params.block_size);
    const int n = int(s.values.size());
    const int inputN = int(t.input.size());
    out.reserve(s.warps.size());
    for (const WarpRecord& w : s.warps) {
        WarpFootprint f;
        f.block = w.block;
        f.warp = w.warp;
        f.first_thread = w.block * bd + w.warp * ws;
        f.lanes = std::max(0, std::min(ws, bd - w.warp * ws));
        f.active = int(w.active_lanes.size());
        f.live = w.live_lanes;
        f.divergent = w.divergent;
        for (int i = 0; i < f.lanes; ++i) {
            const int thread = f.first_thread + i;
            if (thread < 0 || thread >= int(s.lanes.size()))
                break;
            const LaneRecord& lane = s.lanes[std::size_t(thread)];
            for (int wr : lane.writes)
                if (wr >= 0 && wr < n) {
                    widen(f.write_lo, f.write_hi, wr);
                    ++f.writes;
                }
            if (lane.state != LaneState::Active)
                continue;
            const int limit = s.reads_input ? inputN : n;
            for (int r : lane.reads)
                if (r >= 0 && r < limit) {
                    widen(f.read_lo, f.read_hi, r);
                    ++f.reads;
                }
        }
        out.push_back(f);
    }
    return out;
}

std::pair<int, int> active_region(const Trace& t, int step)
{
    int lo = -1, hi = -1;
    if (step < 0 || step >= int(t.steps.size()))
        return {lo, hi};
    const Step& s = t.steps[std::size_t(step)];
    const int n = int(s.values.size());
    for (const LaneRecord& lane : s.lanes) {
        if (lane.state != LaneState::Active)
            continue;
        for (int w : lane.writes)
            if (w >= 0 && w < n)
                widen(lo, hi, w);
        if (!s.reads_input)
            for (int r : lane.reads)
                if (r >= 0 && r < n)
                    widen(lo, hi, r);
    }
    return {lo, hi};
}

std::vector<std::pair<int, int>> id_runs(std::vector<int> ids)
{
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::vector<std::pair<int, int>> runs;
    for (int id : ids) {
        if (!runs.empty() && runs.back().second + 1 == id)
            runs.back().second = id;
        else
            runs.push_back({id, id});
    }
    return runs;
}

} // namespace reducescope::model
