// SPDX-License-Identifier: GPL-3.0-or-later
// Run-to-run determinism of a kernel's result (docs/benchmarks.md): `bench --repeat K`
// launches each kernel K more times on the same input and keeps every result bit for bit; this
// header says how those results are written, compared and judged. Plain C++ (no Qt, no CUDA).
//
// Why a result can change between runs: where the blocks' (or warps', or threads') results meet in
// one word through float atomics, the hardware serialises the atomics in an order of its own on
// every launch, and float addition is not associative, so each order may round differently. A
// kernel that merges in a fixed tree (stored partials, a second pass, grid sync, CUB's
// DeviceReduce) adds in the same order on every launch and gives the same bits. On the H200, five
// runs at 1M gave 4-5 distinct sums for segmented, coarsened, block_reduce, vectorized and
// self_reset, and one for two_pass, grid_sync and cub.
#pragma once

#include "model/catalogue.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace reducescope::bench {

/// Largest K of `bench --repeat K`.
inline constexpr int kMaxRepeat = 1000;

/// How the partial results of a kernel meet in its output, read from catalogue traits.
enum class SumOrder {
    Fixed,   ///< a fixed tree (Merge::Store, or a single-block kernel launched as one block): same order every run
    Atomic,  ///< float atomics into one word (Merge::Atomic / SelfReset across blocks, warps or threads): the hardware's order
};

/// The order of `info`'s kernel launched with `grid_size` blocks. Single-block kernels (catalogue
/// `single_block`) store their one block's result when the grid is one block; every other kernel
/// whose merge is Atomic or SelfReset adds with atomics (per block, per warp or per thread) even
/// on one block.
SumOrder sum_order(const model::StrategyInfo& info, unsigned int grid_size);

/// "fixed" | "atomic" (results files' `repeat.order`).
std::string_view sum_order_name(SumOrder o);
/// Inverse of sum_order_name; nullopt when unknown.
std::optional<SumOrder> parse_sum_order(std::string_view s);

/// The exact text of a float result: C's "%a" of the value ("0x1.8p+3", "-0x0p+0",
/// "0x1.fffffep+127"), or one of the named specials "nan", "inf", "-inf", and "unwritten" for a
/// launch that left the output's poison in place. Round-trips through parse_float_bits().
std::string float_bits_text(float value, bool written = true);

/// One parsed value of a repeat: its bits (a NaN as the canonical quiet NaN 0x7fc00000), or
/// `written` false for "unwritten".
struct RepeatValue {
    bool written = true;
    float value = 0;
    bool operator==(const RepeatValue&) const = default;
};

/// Parses float_bits_text()'s forms: an optional '-', "0x", hex digits, an optional '.' and hex
/// digits, 'p', a signed decimal exponent, whose value a float holds exactly; or a named special.
/// nullopt for anything else (decimal text, a value between floats, one beyond float's range).
std::optional<RepeatValue> parse_float_bits(std::string_view text);

/// The unit in the last place of a float at |x|: 2^(e-23) for |x| in [2^e, 2^(e+1)), 2^-149
/// (the smallest subnormal) below 2^-126 and at 0. For |x| at or above 2^128: 2^104.
double float_ulp(double x);

/// The determinism part of a result (results-format.md, `repeat`): the K launches' results in
/// launch order, and the order of the kernel's merge (from the catalogue).
struct Repeat {
    SumOrder order = SumOrder::Fixed;
    std::vector<RepeatValue> values;
    bool operator==(const Repeat&) const = default;
};

/// What the K results say.
enum class RepeatVerdict {
    Deterministic,     ///< fixed order and one distinct result
    OrderNotFixed,     ///< atomic order, but the K runs happened to give one distinct result
    VariesWithOrder,   ///< atomic order and several distinct results
    VariesFixedOrder,  ///< fixed order yet several distinct results: a fault to look into
};

/// "deterministic", "order_not_fixed", "varies_with_order", "varies_fixed_order".
std::string_view verdict_name(RepeatVerdict v);

/// The figures of a repeat against the float64 reference.
struct RepeatSummary {
    int runs = 0;                ///< K
    int distinct = 0;            ///< distinct bit patterns (+0 and -0 differ; all NaNs are one; "unwritten" is one)
    int unwritten = 0;           ///< launches that left the output unwritten
    /// Over the finite values, in ulps of a float at the reference (float_ulp(reference)):
    /// (max - min) / ulp, and the lowest and highest (value - reference) / ulp. Null when no value
    /// is finite or the reference is unknown / not finite.
    std::optional<double> spread_ulp, error_ulp_min, error_ulp_max;
    RepeatVerdict verdict = RepeatVerdict::Deterministic;
};

/// Counts and measures `r` against `reference` (nullopt: the spread alone is unknown).
RepeatSummary summarize_repeat(const Repeat& r, std::optional<double> reference);

/// The English line of the CLI for one result: "deterministic (fixed tree order)", "5 runs, 4
/// distinct sums, spread 3 ulp (atomic order)", "1 distinct in 5 runs (order not fixed)", ...
/// `operation` "sum" | "max" | "dot" names the results ("sums", "maxima", "dot products").
std::string verdict_text(const RepeatSummary& s, std::string_view operation);

} // namespace reducescope::bench
