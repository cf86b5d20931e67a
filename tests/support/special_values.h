// SPDX-License-Identifier: GPL-3.0-or-later
// The special-value inputs (docs/trace-format.md, "Float rules"), shared by the GPU tests that hold
// the model to the GPU (tests/kernels/model/gpu_model_match.cpp, tests/kernels/cuda/gpu_recording_match.cpp) and by the
// CPU test that checks what each set claims (tests/kernels/model/tst_float_rules.cpp), and the one rule for
// judging a GPU result against the model when several float atomics leave the order to the
// hardware. Header-only, plain C++ (no Qt, no CUDA).
#pragma once

#include "model/simulate.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <cstdio>
#include <limits>
#include <span>
#include <string>
#include <vector>

namespace reducescope::testing {

/// One input of kMaxInputLength values; a run takes a prefix of it.
struct SpecialSet {
    std::string name;
    std::vector<float> values;
    /// True when every order of the additions gives the same float sum (and the same max), so a
    /// GPU result must equal the model's bit for bit however many atomics there are: every partial
    /// sum is exact (multiples of one power of two well inside 24 bits), or an infinity / NaN
    /// decides it whatever the order. False: the order decides the last bits (or, with mixed-sign
    /// overflow, whether and which infinity comes first).
    bool order_free = false;
};

/// The sets: subnormals (multiples of 2^-149 or 2^-133, so every sum of them is exact, and block
/// sums below 2^-126 are flushed by a global atomicAdd), signed zeros, NaN among numbers, both
/// infinities, values whose sum overflows float (one sign, then both), cancellation
/// [1e8, 1, -1e8, ...], all-negative values, and small integers in {-1, 0, 1}.
inline std::vector<SpecialSet> special_sets()
{
    const int n = model::kMaxInputLength;
    const float tiny = std::ldexp(1.0f, -133);  // subnormal, 9.2e-41
    const float denorm_min = std::numeric_limits<float>::denorm_min();  // 2^-149
    const float inf = std::numeric_limits<float>::infinity();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<SpecialSet> sets;
    auto make = [&](std::string name, bool order_free, auto value) {
        SpecialSet s{std::move(name), std::vector<float>(static_cast<std::size_t>(n)), order_free};
        for (int k = 0; k < n; ++k)
            s.values[static_cast<std::size_t>(k)] = value(k);
        sets.push_back(std::move(s));
    };
    // Mixed signs, so small that every partial sum stays subnormal: a store keeps the exact sum,
    // every global atomicAdd flushes its operand and leaves +0.
    make("subnormals mixed sign", true, [&](int k) { return (k % 3 == 0 ? -1.0f : 1.0f) * denorm_min * static_cast<float>(1 + k % 4); });
    // One sign, 2^-133 (close to 1e-40, docs/trace-format.md's example): a block's sum is normal or
    // flushed depending on how many elements it holds; the kept ones add exactly, so every order
    // agrees.
    make("subnormals positive", true, [&](int) { return tiny; });
    make("signed zeros", true, [&](int k) { return (k * 7) % 5 < 2 ? -0.0f : 0.0f; });
    make("negative zeros", true, [&](int) { return -0.0f; });
    make("nan among numbers", true, [&](int k) { return k % 37 == 5 ? nan : static_cast<float>(k % 9) - 4.0f; });
    make("both infinities", true, [&](int k) { return k == 1 ? inf : k == 2 ? -inf : static_cast<float>(k % 5); });
    make("positive infinity", true, [&](int k) { return k % 50 == 0 ? inf : -static_cast<float>(k % 5); });
    make("overflow one sign", true, [&](int) { return 3e38f; });
    make("overflow both signs", false, [&](int k) { return (k / 2) % 2 == 0 ? 3e38f : -3e38f; });
    make("cancellation", false, [&](int k) { return k % 3 == 0 ? 1e8f : k % 3 == 1 ? 1.0f : -1e8f; });
    make("all negative", false, [&](int k) { return -static_cast<float>(1 + (k * 2654435761u) % 997) / 7.0f; });
    make("small integers", true, [&](int k) { return static_cast<float>(static_cast<int>((k * 2654435761u >> 7) % 3) - 1); });
    return sets;
}

inline bool same_bits(float a, float b)
{
    if (std::isnan(a) && std::isnan(b))
        return true;  // NaN payload aside
    std::uint32_t x, y;
    std::memcpy(&x, &a, sizeof x);
    std::memcpy(&y, &b, sizeof y);
    return x == y;
}

/// Float atomicAdds onto *output in a trace (the operations whose order the hardware picks).
inline int output_atomics(const model::Trace& t)
{
    if (t.operation != model::Operation::Sum || t.strategy == "race")
        return 0;
    int k = 0;
    for (const model::Step& s : t.steps)
        for (const model::AtomicOp& a : s.atomics)
            k += a.target == "*output" ? 1 : 0;
    return k;
}

/// The model's results under `orders` atomic orders (0 .. orders-1) of the same run.
inline std::vector<float> results_by_order(const std::string& strategy, std::span<const float> x, model::Params p,
                                           int orders)
{
    std::vector<float> out;
    for (int k = 0; k < orders; ++k) {
        p.atomic_order = k;
        out.push_back(model::simulate(strategy, x, p, model::Detail::ValuesOnly).result);
    }
    return out;
}

/// Verdict on a GPU result `gpu` for the model trace `t` (atomic order 0) of input `x`:
/// - a max: equal bits, except that a zero whose sign the atomic order decides
///   (t.zero_sign_depends_on_order) may be either zero;
/// - a sum with at most one float atomic (fixed order) or of an order-free set: equal bits;
/// - otherwise the hardware's order is one of many: equal bits to the model under one of the
///   atomic orders in `by_order`, or a finite result within the float32 bound of the float64
///   reference (Higham's gamma_{n+1} * sum |x|), or a non-finite result where some order of the
///   model also overflows or gives NaN (the order decides which infinity comes first).
/// Returns "" when accepted, else why not.
inline std::string judge(const model::Trace& t, std::span<const float> x, bool order_free,
                         const std::vector<float>& by_order, float gpu)
{
    auto show = [](float v) {
        char b[48];
        std::uint32_t u;
        std::memcpy(&u, &v, sizeof u);
        std::snprintf(b, sizeof b, "%.9g (0x%08x)", static_cast<double>(v), u);
        return std::string(b);
    };
    if (t.operation == model::Operation::Max) {
        if (t.zero_sign_depends_on_order)
            return gpu == 0 ? "" : "gpu " + show(gpu) + ", model ±0 (sign by atomic order)";
        return same_bits(gpu, t.result) ? "" : "gpu " + show(gpu) + ", model " + show(t.result) + " [max: bits must match]";
    }
    if (output_atomics(t) <= 1 || order_free)
        return same_bits(gpu, t.result) ? ""
                                        : "gpu " + show(gpu) + ", model " + show(t.result) +
                                              (order_free ? " [order-free set: bits must match]" : " [fixed order: bits must match]");
    for (float m : by_order)
        if (same_bits(gpu, m))
            return "";
    if (std::isfinite(gpu) && std::isfinite(t.reference)) {
        double abs_sum = 0;
        for (float v : x)
            abs_sum += std::fabs(static_cast<double>(v));
        const double u = std::ldexp(1.0, -24);
        const double k = static_cast<double>(x.size()) + 1.0;
        if (std::fabs(static_cast<double>(gpu) - t.reference) <= k * u / (1 - k * u) * abs_sum)
            return "";
    }
    if (!std::isfinite(gpu))
        for (float m : by_order)
            if (!std::isfinite(m))
                return "";
    return "gpu " + show(gpu) + ", model " + show(t.result) + " (no atomic order of the model gives it, and it is "
           "outside the float32 bound of the reference " + std::to_string(t.reference) + ")";
}

} // namespace reducescope::testing
