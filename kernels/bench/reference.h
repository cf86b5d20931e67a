// SPDX-License-Identifier: GPL-3.0-or-later
// Inputs and the float64 reference that every kernel result is checked against.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace reducescope::bench {

/// Default seed of the benchmark inputs (printed in every result set).
inline constexpr std::uint64_t kDefaultSeed = 20261129;

/// The constant c of the tolerance (docs/benchmarks.md says why this value).
inline constexpr double kToleranceC = 2.0;

/// n floats uniform in [-1, 1) (multiples of 2^-23), from a counter-based hash of (seed, index):
/// the same seed gives the same values whatever n, so a shorter input is a prefix of a longer
/// one. `stream` selects an independent sequence (0: the input, 1: the dot product's second
/// vector). Uses all hardware threads.
std::vector<float> make_input(std::size_t n, std::uint64_t seed, int stream = 0);

/// float64 reference of the first n elements.
struct Reference {
    double sum = 0;      ///< Σ x (or Σ x·y for a dot product)
    double abs_sum = 0;  ///< Σ |x| (or Σ |x·y|)
    /// max x by fmaxf's rule (model/gpu_float.h max_num): a NaN is ignored, and -0 < +0, so the
    /// max of {-0, +0} is +0 whatever their order (-inf for n = 0). A kernel that merges blocks with
    /// a compare-and-swap loop (coarsened_max) may return -0 where this is +0: its `<` does not
    /// order the zeros, so the first zero stored stays (docs/trace-format.md, "Float rules");
    /// compare a zero by value, not by sign.
    double max = 0;
};

/// Σ, Σ|.| and max over x[0..n) in float64 (threads; each thread sums a chunk sequentially).
Reference reference(std::span<const float> x);
/// Σ x·y and Σ |x·y| over the pairs in float64; max is unset (0).
Reference reference_dot(std::span<const float> x, std::span<const float> y);

/// Tolerance of a float32 sum of n terms: c·(log2 n + 16)·2^-24·Σ|x| (n >= 1).
double sum_tolerance(std::size_t n, double abs_sum, double c = kToleranceC);

/// The CPU baseline: a sequential float64 sum on one thread (what the "cpu" strategy times).
double cpu_sum(std::span<const float> x);

} // namespace reducescope::bench
