// SPDX-License-Identifier: GPL-3.0-or-later
// The step model against the real kernels (kernels/cuda through reduce_api.h), bit for bit where
// the float order is fixed. Two parts:
//  1. mixed-sign values, every modelled strategy but `race` (its losses are the hardware's), block
//     sizes 1..1024, coarse factors 1 and 4, 31 lengths from 1 to 4096;
//  2. the special-value sets of tests/support/special_values.h (subnormals, signed zeros, NaN,
//     infinities, overflow, cancellation, all-negative, small integers) at 10 lengths, blocks 1, 32
//     and 256, coarse factors 1 and 4, for the same strategies.
// The verdict on each result is special_values.h's judge(): equal bits where the order of the
// float additions is fixed (no atomic, or one atomic onto the zeroed output; any max, a zero whose
// sign the CAS order decides aside) or where the set's every order gives one sum; elsewhere equal
// to the model under one of 16 atomic orders, or within the float32 bound of the reference.
// Plain C++ (no Qt) so a GPU server built with -DREDUCESCOPE_GUI=OFF runs it. Exit 77: no GPU.
#include "cuda/reduce_api.h"
#include "model/catalogue.h"
#include "model/simulate.h"
#include "special_values.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace reducescope;
using testing::SpecialSet;

namespace {

std::vector<float> sample_values(int n)
{
    std::vector<float> v(static_cast<std::size_t>(n));
    unsigned x = 2654435761u;
    for (auto& f : v) {
        x = x * 1664525u + 1013904223u;
        f = static_cast<float>(static_cast<int>(x >> 8) % 20000 - 6000) / 997.0f;
    }
    return v;
}

struct Tally {
    long long exact = 0, bounded = 0, skipped = 0, failures = 0;
};

/// Runs every modelled strategy but race on prefixes of `set.values` and judges each result.
void run_set(const SpecialSet& set, const std::vector<int>& lengths, const std::vector<unsigned>& blocks,
             cuda::Runner& runner, Tally& tally)
{
    cuda::Timing verify_only;
    verify_only.reps = 0;
    verify_only.warmup = 0;
    long long set_failures = 0;
    for (const auto& info : model::catalogue()) {
        if (!info.has_model || info.id == "race")
            continue;
        const std::string id(info.id);
        for (unsigned block : blocks)
            for (unsigned coarse : {1u, 4u})
                for (int n : lengths) {
                    model::Params p;
                    p.block_size = static_cast<int>(block);
                    p.coarse_factor = static_cast<int>(coarse);
                    const std::span<const float> xs(set.values.data(), static_cast<std::size_t>(n));
                    const model::Trace t = model::simulate(id, xs, p, model::Detail::ValuesOnly);
                    cuda::KernelSpec spec;
                    spec.strategy = id;
                    spec.block_size = block;
                    spec.coarse_factor = coarse;
                    const cuda::RunResult r = runner.run(spec, static_cast<std::size_t>(n), verify_only);
                    if (r.status == cuda::RunResult::Status::Skipped) {
                        ++tally.skipped;
                        continue;
                    }
                    const float g = static_cast<float>(r.value);
                    const bool fixed = t.operation == model::Operation::Max || testing::output_atomics(t) <= 1 ||
                                       set.order_free;
                    const std::vector<float> orders = fixed ? std::vector<float>{} : testing::results_by_order(id, xs, p, 16);
                    std::string why;
                    if (r.status != cuda::RunResult::Status::Ran)
                        why = "the run failed: " + r.message;
                    else if (r.grid != static_cast<unsigned>(t.grid_size))
                        why = "grid " + std::to_string(r.grid) + ", model " + std::to_string(t.grid_size);
                    else
                        why = testing::judge(t, xs, set.order_free, orders, g);
                    if (why.empty()) {
                        ++(fixed ? tally.exact : tally.bounded);
                        continue;
                    }
                    ++tally.failures;
                    if (++set_failures <= 12)
                        std::printf("MISMATCH [%s] %s n=%d block=%u coarse=%u: %s\n", set.name.c_str(), id.c_str(), n,
                                    block, coarse, why.c_str());
                }
    }
    std::printf("set %-22s %s mismatches %lld\n", set.name.c_str(), set.order_free ? "(order-free)" : "            ",
                set_failures);
}

} // namespace

int main()
{
    cuda::Needs needs;
    needs.partials = true;
    std::vector<SpecialSet> sets;
    sets.push_back({"mixed-sign sample", sample_values(model::kMaxInputLength), false});
    for (SpecialSet& s : testing::special_sets())
        sets.push_back(std::move(s));

    Tally tally;
    for (std::size_t k = 0; k < sets.size(); ++k) {
        std::unique_ptr<cuda::Runner> runner;
        try {
            runner = std::make_unique<cuda::Runner>(0, sets[k].values, std::span<const float>{}, needs);
        } catch (const cuda::NoDevice& e) {
            std::printf("skipped: %s\n", e.what());
            return 77;
        }
        if (k == 0) {
            std::printf("device: %s\n", runner->device().name.c_str());
            const std::vector<int> lengths{1, 2, 3, 7, 8, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 255, 256, 257,
                                           511, 512, 513, 1000, 1023, 1024, 1025, 2047, 2048, 2049, 3000, 4095, 4096};
            run_set(sets[k], lengths, {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}, *runner, tally);
        } else {
            run_set(sets[k], {1, 2, 3, 5, 31, 33, 100, 1000, 1024, 4096}, {1, 32, 256}, *runner, tally);
        }
    }
    std::printf("bit-exact %lld, within float32 bound or another atomic order %lld, skipped by the runner %lld, "
                "mismatches %lld\n",
                tally.exact, tally.bounded, tally.skipped, tally.failures);
    return tally.failures == 0 ? 0 : 1;
}
