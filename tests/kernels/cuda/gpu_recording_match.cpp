// SPDX-License-Identifier: GPL-3.0-or-later
// The step model against GPU recordings: every strategy with a recording variant, run
// with RecordingProbe on the GPU, compared with model::simulate field by field (recorded_trace.h:
// step sequence, per warp the active lanes from __activemask(), per active lane the index written
// and the value after the step, the arrays of shared/global steps, the result where its order of
// additions is fixed). Inputs: the seeds' arrays, lengths 1..2048 (powers of two and their
// neighbours, odd lengths), and the special-value sets of tests/support/special_values.h
// (subnormals, signed zeros, NaN, infinities, overflow, cancellation, all-negative, small
// integers) at lengths 3, 33, 100 and 1024; block sizes 1..1024, coarse factors 1 and 4. Values
// compare bit for bit (NaN payload aside). Warp size 32 only (the hardware's). Plain C++ (no Qt).
// Exit 77 without a GPU; 1 on any mismatch.
//
// Usage: gpu_recording_match [--quick] [--strategy ID]   (--quick: fewer lengths, for a first look;
// --strategy: only that strategy)
#include "cuda/recorded_trace.h"
#include "cuda/reduce_api.h"
#include "model/catalogue.h"
#include "model/simulate.h"
#include "model/trace_json.h"
#include "special_values.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <map>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

using namespace reducescope;

namespace {

std::vector<float> sample_values(int n, unsigned seed)
{
    std::vector<float> v(static_cast<std::size_t>(n));
    unsigned x = 2654435761u ^ seed;
    for (auto& f : v) {
        x = x * 1664525u + 1013904223u;
        f = static_cast<float>(static_cast<int>(x >> 8) % 20000 - 6000) / 997.0f;
    }
    return v;
}

/// Where the float order of the result is fixed: no float atomics, a single one onto the zeroed
/// output, or a max (exact in any order). race loses updates the hardware's way.
bool result_fixed(const std::string& s, int grid)
{
    if (s == "race")
        return false;
    if (s == "two_pass" || s == "grid_sync" || s == "coarsened_max")
        return true;
    if (s == "warp_shuffle" || s == "atomic_naive")
        return false;  // one atomic per warp / per thread
    return grid == 1;
}

} // namespace

int main(int argc, char** argv)
{
    bool quick = false;
    std::string only;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0)
            quick = true;
        else if (std::strcmp(argv[i], "--strategy") == 0 && i + 1 < argc)
            only = argv[++i];
        else {
            std::fprintf(stderr, "usage: gpu_recording_match [--quick] [--strategy ID]\n");
            return 2;
        }
    }
    try {
        cuda::list_devices();
    } catch (const cuda::NoDevice& e) {
        std::printf("skipped: %s\n", e.what());
        return 77;
    }

    std::vector<std::vector<float>> inputs{{6, 2, 7, 4, 5, 8, 3, 1}, {3, 1, 7, 0, 4, 1, 6, 3}};
    std::vector<bool> order_free(inputs.size(), false);  // per input: its special set's claim
    std::vector<int> lengths;
    if (quick)
        lengths = {1, 2, 3, 31, 32, 33, 64, 100, 1024, 2048};
    else
        for (int n = 1; n <= 2048; ++n)
            if (n <= 70 || (n & (n - 1)) == 0 || ((n + 1) & n) == 0 || ((n - 1) & (n - 2)) == 0 || n % 97 == 0)
                lengths.push_back(n);
    for (int n : lengths) {
        inputs.push_back(sample_values(n, static_cast<unsigned>(n)));
        order_free.push_back(false);
    }
    for (const testing::SpecialSet& set : testing::special_sets())
        for (int n : quick ? std::vector<int>{33} : std::vector<int>{3, 33, 100, 1024}) {
            inputs.emplace_back(set.values.begin(), set.values.begin() + n);
            order_free.push_back(set.order_free);
        }

    const std::vector<int> blocks{1, 4, 32, 64, 256, 1024};
    const std::vector<int> coarse{1, 4};
    long long runs = 0, compared = 0, failures = 0, skipped = 0, values = 0, warps = 0, not_recorded = 0;
    std::map<std::string, std::pair<long long, long long>> per_strategy;  // id -> (recordings, with a mismatch)
    for (const auto& info : model::catalogue()) {
        const std::string s{info.id};
        if (!info.has_model || !cuda::can_record(s) || (!only.empty() && s != only))
            continue;
        for (std::size_t xi = 0; xi < inputs.size(); ++xi)
            for (int b : blocks)
                for (int c : coarse) {
                    const std::vector<float>& x = inputs[xi];
                    if (c != coarse.front() && !info.uses_coarse_factor)
                        continue;  // the same launch again
                    model::Params p;
                    p.block_size = b;
                    p.coarse_factor = c;
                    if (model::validate(s, x.size(), p)) {
                        ++skipped;
                        continue;
                    }
                    const model::Trace mt = model::simulate(s, x, p);
                    cuda::Recording rec;
                    try {
                        rec = cuda::record_on_gpu(s, x, static_cast<unsigned>(mt.params.block_size),
                                                 static_cast<unsigned>(c));
                    } catch (const std::invalid_argument&) {
                        ++skipped;  // e.g. warp kernels with blocks under 32
                        continue;
                    }
                    ++runs;
                    ++per_strategy[s].first;
                    const model::Trace rt = cuda::recorded_trace(rec);
                    // The result's bits are fixed where the order is, or where the set's every order
                    // gives one sum; a max of zeros of both signs over several blocks is the CAS
                    // order's (either zero).
                    const bool fixed = (result_fixed(s, mt.grid_size) || (order_free[xi] && s != "race")) &&
                                       !mt.zero_sign_depends_on_order;
                    cuda::Comparison cmp = cuda::compare(mt, rt, fixed);
                    if (mt.zero_sign_depends_on_order && rt.result != 0)
                        cmp.mismatches.push_back({"result", "recorded " + std::to_string(rt.result) +
                                                                ", model ±0 (sign by the atomic order)"});
                    // What `trace --on-gpu --json` writes must open in the app (strict reader); a
                    // lane counts once per step however many records it made.
                    if (x.size() <= 64) {  // (all sizes up to 256: 4 min on the H200; up to 64 keeps it short)
                        const model::TraceFileResult back =
                            model::read_trace_file(cuda::recorded_trace_json(rec).dump());
                        if (!back.file)
                            cmp.mismatches.push_back({"trace file", "the app's reader refuses it: " + back.error});
                    }
                    for (cuda::Mismatch& m : cuda::split_warps(rec))
                        cmp.mismatches.push_back(std::move(m));
                    compared += cmp.steps_compared;
                    values += cmp.values_compared;
                    warps += cmp.warps_compared;
                    not_recorded += cmp.steps_not_recorded;
                    if (!cmp.mismatches.empty()) {
                        ++failures;
                        // The first two failing recordings of each strategy, so one strategy's
                        // fault cannot hide another's.
                        if (++per_strategy[s].second <= 2)
                            for (std::size_t k = 0; k < cmp.mismatches.size() && k < 5; ++k)
                                std::printf("MISMATCH %s n=%zu block=%d coarse=%d: %s: %s\n", s.c_str(), x.size(),
                                            mt.params.block_size, c, cmp.mismatches[k].where.c_str(),
                                            cmp.mismatches[k].what.c_str());
                    }
                }
    }
    for (const auto& [id, counts] : per_strategy)
        std::printf("%-20s recordings %6lld, with a mismatch %6lld\n", id.c_str(), counts.first, counts.second);
    std::printf("recordings %lld, steps compared %lld, warps %lld, lane values %lld, model steps without a probe "
                "call %lld, skipped %lld, recordings with a mismatch %lld\n",
                runs, compared, warps, values, not_recorded, skipped, failures);
    return failures == 0 && runs > 0 ? 0 : 1;
}
