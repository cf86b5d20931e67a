// SPDX-License-Identifier: GPL-3.0-or-later
// The step model against the real kernels (kernels/cuda through reduce_api.h): wherever the
// order of the float additions is fixed — no atomics, or a single atomic onto the zeroed output —
// the GPU's result must equal the model's bit for bit; elsewhere (several atomics, whose order the
// hardware picks) within the float32 bound. `race` is left out (its losses are the hardware's).
// Plain C++ (no Qt) so a GPU server built with -DREDUCESCOPE_GUI=OFF runs it. Exit 77: no GPU.
#include "cuda/reduce_api.h"
#include "model/catalogue.h"
#include "model/simulate.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace reducescope;

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

bool same_bits(float a, float b)
{
    if (std::isnan(a) && std::isnan(b))
        return true;
    return std::memcmp(&a, &b, sizeof a) == 0;
}

} // namespace

int main()
{
    const std::vector<float> x = sample_values(model::kMaxInputLength);
    gpu::Needs needs;
    needs.partials = true;
    std::unique_ptr<gpu::Runner> runner;
    try {
        runner = std::make_unique<gpu::Runner>(0, x, std::span<const float>{}, needs);
    } catch (const gpu::NoDevice& e) {
        std::printf("skipped: %s\n", e.what());
        return 77;
    }
    std::printf("device: %s\n", runner->device().name.c_str());

    const std::vector<int> lengths{1, 2, 3, 7, 8, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 255, 256, 257,
                                   511, 512, 513, 1000, 1023, 1024, 1025, 2047, 2048, 2049, 3000, 4095, 4096};
    gpu::Timing verify_only;
    verify_only.reps = 0;
    verify_only.warmup = 0;
    int exact = 0, bounded = 0, failures = 0, skipped = 0;
    for (const auto& info : model::catalogue()) {
        if (!info.has_model || info.id == "race")
            continue;
        const std::string id(info.id);
        for (unsigned block = 1; block <= 1024; block *= 2) {
            for (unsigned coarse : {1u, 4u}) {
                for (int n : lengths) {
                    model::Params p;
                    p.block_size = static_cast<int>(block);
                    p.coarse_factor = static_cast<int>(coarse);
                    const std::span<const float> xs(x.data(), static_cast<std::size_t>(n));
                    const model::Trace t = model::simulate(id, xs, p, model::Detail::ValuesOnly);
                    gpu::KernelSpec spec;
                    spec.strategy = id;
                    spec.block_size = block;
                    spec.coarse_factor = coarse;
                    const gpu::RunResult r = runner->run(spec, static_cast<std::size_t>(n), verify_only);
                    if (r.status == gpu::RunResult::Status::Skipped) {
                        ++skipped;
                        continue;
                    }
                    const float g = static_cast<float>(r.value);
                    int atomics = 0;
                    for (const auto& s : t.steps)
                        atomics += static_cast<int>(s.atomics.size());
                    // A max is exact in any order; so is a sum with at most one atomic.
                    const bool fixed_order = t.operation == model::Operation::Max || atomics <= 1;
                    bool ok = r.status == gpu::RunResult::Status::Ran && r.grid == static_cast<unsigned>(t.grid_size);
                    if (ok && fixed_order) {
                        ok = same_bits(g, t.result);
                        exact += ok ? 1 : 0;
                    } else if (ok) {
                        double abs_sum = 0;
                        for (float v : xs)
                            abs_sum += std::fabs(static_cast<double>(v));
                        const double u = std::ldexp(1.0, -24);
                        const double k = n + 1.0;
                        ok = std::fabs(static_cast<double>(g) - t.reference) <= k * u / (1 - k * u) * abs_sum;
                        bounded += ok ? 1 : 0;
                    }
                    if (!ok) {
                        ++failures;
                        if (failures <= 40)
                            std::printf("MISMATCH %s n=%d block=%u coarse=%u: gpu %.9g (grid %u, %s) model %.9g "
                                        "(grid %d)%s\n",
                                        id.c_str(), n, block, coarse, static_cast<double>(g), r.grid,
                                        r.message.c_str(), static_cast<double>(t.result), t.grid_size,
                                        fixed_order ? " [fixed order: bits must match]" : "");
                    }
                }
            }
        }
    }
    std::printf("bit-exact %d, within float32 bound %d, skipped by the runner %d, mismatches %d\n", exact,
                bounded, skipped, failures);
    return failures == 0 ? 0 : 1;
}
