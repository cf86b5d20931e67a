// SPDX-License-Identifier: GPL-3.0-or-later
// How a kernel's float32 result is checked (docs/benchmarks.md, "Tolerance per kernel"): a
// tolerance derived from the kernel's own summation order, and an exact check on an input whose
// every partial sum is exact.
//
// The bound (Higham, "Accuracy and Stability of Numerical Algorithms", 2nd ed., §4.2): however a
// sum is ordered, |computed - exact| <= gamma_d · Σ|x_i|, gamma_d = d·u / (1 - d·u), u = 2^-24,
// where d is the longest chain of float additions any one term goes through. The chain is read
// from the catalogue traits: the elements a thread adds in registers (elements_per_thread × C,
// or the grid-stride share), the tree in the block (log2 of the block size), and the merge across
// blocks (a chain of atomics into one word, or a second level for a stored partial). atomic_naive
// adds every element with its own atomic (a chain of n), warp_shuffle one atomic per warp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace reducescope::bench {

/// Unit roundoff of float32 (round to nearest): 2^-24.
inline constexpr double kFloatUnitRoundoff = 0x1p-24;

/// The longest chain of float additions one term of the sum goes through in this kernel at
/// (n, block size, coarse factor, grid size in blocks; grid 0 = the kernel's own grid for n).
/// For `cub` (two levels of block tiles) and unknown ids: a conservative two-level tree.
/// For `cpu` (float64): 0 (its error is float64's). Always >= 1 for a GPU kernel and n >= 2.
std::size_t summation_depth(std::string_view strategy, std::size_t n, unsigned block_size, unsigned coarse_factor,
                            unsigned grid_size);

/// gamma_d · abs_sum (gamma_d capped at 1: beyond d·u >= 1/2 the bound says nothing useful and
/// only the exact check can judge the kernel). The tolerance of a max is 0 (handled by callers).
double depth_tolerance(std::size_t depth, double abs_sum);

/// depth_tolerance(summation_depth(...), abs_sum): the tolerance the benchmark records.
double kernel_tolerance(std::string_view strategy, std::size_t n, unsigned block_size, unsigned coarse_factor,
                        unsigned grid_size, double abs_sum);

/// Largest Σ|x| of an exact input: every partial sum of any subset is an integer of at most
/// 2^24 in magnitude, so every float32 addition in any order is exact.
inline constexpr std::size_t kExactBudget = std::size_t{1} << 24;

/// n values from {-1, 0, +1} (a counter-based hash of (seed, index), as make_input) with at most
/// kExactBudget non-zero: the sum is exact in float32 in every order, so every kernel must give
/// the float64 reference with zero error. The last 64 values are +1, so a dropped tail (the
/// n mod 4 rest of a float4 kernel, a last partial block) changes the sum.
std::vector<float> make_exact_input(std::size_t n, std::uint64_t seed);

/// n values of small positive integers (1 or 2, a counter-based hash of (seed, index)) whose sum is
/// exact in float32 in every order: for n <= 2^23 every value is 1 or 2 (sum <= 2^24); above, the
/// input is cut into runs of s = ceil(n / 2^23) consecutive elements and one element of each run,
/// at a hashed position, is 1 or 2, the rest 0. No partial can cancel another (every value >= 0),
/// so a lost partial that holds any non-zero term always changes the sum; one of at least 2s - 1
/// consecutive elements always holds one (bench's exact check; selftest's {-1, 0, 1} input can hide
/// a partial that sums to 0).
std::vector<float> make_exact_positive_input(std::size_t n, std::uint64_t seed);

/// The run length s of make_exact_positive_input(n): 1 for n <= 2^23.
std::size_t exact_positive_run(std::size_t n);

/// The check of every launch of a validation replay (RunResult::launch_values): how many launches
/// were checked, how many were wrong (unwritten, not finite, or farther than `tolerance` from
/// `reference`; tolerance 0 = exact), and the first wrong one.
struct LaunchCheck {
    int checked = 0;
    int wrong = 0;
    int first_wrong = -1;       ///< index of the first wrong launch, -1 = none
    double first_wrong_value = 0;
    bool first_unwritten = false;
    bool operator==(const LaunchCheck&) const = default;
};
LaunchCheck check_launches(std::span<const double> values, const std::vector<bool>& written, double reference,
                           double tolerance);

/// The verdict of the exact check: the output was written and equals `reference` exactly.
/// A NaN never matches.
bool exact_match(bool written, double value, double reference);

} // namespace reducescope::bench
