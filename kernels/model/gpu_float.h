// SPDX-License-Identifier: GPL-3.0-or-later
// The float32 arithmetic of the GPU, one named operation per kind of device instruction the
// kernels in kernels/cuda execute. Every replay of the step model computes with these and with
// nothing else, so a rule of the hardware (a flush to zero, the order of -0 and +0, a fused
// multiply-add) is written once and holds for every strategy. docs/trace-format.md ("Float rules")
// lists them with the GPU's behaviour and the source of each rule.
//
// Sources: PTX ISA 8.x, "Floating Point Instructions" (add, max, min, fma, setp) and "Parallel
// Synchronization and Communication Instructions" (atom, red); nvcc's defaults -ftz=false,
// -prec-div=true, -fmad=true (CUDA C++ Programming Guide, "Floating-Point Standard"). The host
// arithmetic these functions use is IEEE 754 binary32 with round to nearest even and subnormals
// kept (x86-64 SSE, FLT_EVAL_METHOD 0; the model library is built with -ffp-contract=off so the
// host compiler fuses nothing on its own).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

namespace reducescope::model::gpu_float {

/// The canonical NaN the GPU's max.f32 / min.f32 return when both operands are NaN (PTX: "canonical
/// NaN", bits 0x7fffffff). Tests compare NaNs without their payload.
inline float canonical_nan() { return std::bit_cast<float>(std::uint32_t{0x7fffffffu}); }

/// A subnormal becomes the zero of its sign; anything else is unchanged (PTX: "flushes subnormal
/// inputs and results to sign-preserving zero").
inline float flush_to_zero(float x) { return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x; }

/// `a + b` (and `a += b`) in device code: PTX add.f32 = add.rn.f32 (SASS FADD): round to nearest
/// even, subnormal inputs and results kept (nvcc -ftz=false, the default; none of our builds sets
/// --use_fast_math). NaN propagates; inf + -inf is NaN.
inline float add_rn(float a, float b) { return a + b; }

/// `atomicAdd(float* global, float)`: PTX red.global.add.f32 / atom.global.add.f32 (SASS
/// RED.E.ADD.F32.FTZ.RN). Rounds to nearest even and FLUSHES subnormal inputs and results to
/// sign-preserving zero, whatever -ftz says (PTX ISA, atom / red: "atom.add.f32 ... flushes
/// subnormal inputs and results to sign-preserving zero on global memory"). Returns the value the
/// address holds afterwards. Confirmed on the H200: 1e-40 + 1e-40 by atomic_naive gives 0.
inline float atomic_add_global_f32(float before, float operand)
{
    return flush_to_zero(flush_to_zero(before) + flush_to_zero(operand));
}

/// True when atomic_add_global_f32(before, operand) flushes something: `before`, `operand` or their
/// IEEE sum is a subnormal (the step model notes such atomics: "atomic.flush", text.cpp).
inline bool atomic_add_global_flushes(float before, float operand)
{
    return std::fpclassify(before) == FP_SUBNORMAL || std::fpclassify(operand) == FP_SUBNORMAL ||
           std::fpclassify(add_rn(before, operand)) == FP_SUBNORMAL;
}

/// `atomicAdd(float* shared, float)`: PTX atom.shared.add.f32 "supports subnormal inputs and
/// results and doesn't flush them to zero" (PTX ISA, atom / red). No kernel of ours adds atomically
/// in shared memory; the GPU probe tests/kernels/cuda/gpu_float_ops_probe.cu checks both spaces.
inline float atomic_add_shared_f32(float before, float operand) { return before + operand; }

/// The max of PTX max.f32 (what fmaxf compiles to), for float or double: a NaN operand is ignored
/// (both NaN: canonical NaN), and -0 < +0, so max(-0, +0) = +0 in either order (PTX ISA, max:
/// "If values of both inputs are 0.0, then +0.0 > -0.0"). The float64 reference uses the same rule.
template <class T>
inline T max_num(T a, T b)
{
    if (std::isnan(a) && std::isnan(b))
        return static_cast<T>(canonical_nan());
    if (std::isnan(a))
        return b;
    if (std::isnan(b))
        return a;
    if (a == 0 && b == 0)
        return std::signbit(a) ? b : a;  // +0 wins
    return a > b ? a : b;
}

/// The min of PTX min.f32 (fminf): NaN ignored as in max_num, and -0 < +0, so min(-0, +0) = -0.
template <class T>
inline T min_num(T a, T b)
{
    if (std::isnan(a) && std::isnan(b))
        return static_cast<T>(canonical_nan());
    if (std::isnan(a))
        return b;
    if (std::isnan(b))
        return a;
    if (a == 0 && b == 0)
        return std::signbit(a) ? a : b;  // -0 wins
    return a < b ? a : b;
}

/// `fmaxf(a, b)` in device code: PTX max.f32 (SASS FMNMX), see max_num. Subnormals kept.
inline float fmaxf(float a, float b) { return max_num(a, b); }

/// `fminf(a, b)` in device code: PTX min.f32, see min_num. (No kernel of ours takes a min; here so
/// the rule for -0 / +0 is written beside fmaxf's.)
inline float fminf(float a, float b) { return min_num(a, b); }

/// `fmaf(a, b, c)`, and `c += a * b` where nvcc contracts it (-fmad=true, the default): PTX
/// fma.rn.f32 (SASS FFMA): a * b + c rounded once, subnormals kept. std::fmaf is the same IEEE
/// operation. Where it applies (SASS of the H200 build, docs/results/h200-2026-11-29/
/// sass_dot_product.txt): dot_fma writes it; dot_coarsened's `sum += a[j] * b[j]` is contracted
/// (FFMA, the same SASS as dot_fma); dot_shared's `(i < n ? a[i]*b[i] : 0) + (...)` is not (two
/// FMUL and an FADD). No reduction kernel with a step model multiplies.
inline float fmaf(float a, float b, float c) { return std::fmaf(a, b, c); }

/// The test of coarsened_max's compare-and-swap loop, `__int_as_float(old) < value` (PTX
/// setp.lt.f32, an ordered IEEE compare): true when the loop tries to store `value`. False when
/// either is NaN, so a NaN block result is never stored; false for -0 < +0 and +0 < -0, so once one
/// zero is stored a zero of the other sign does not replace it: the sign of a max of zeros over
/// several blocks is the sign of the zero that arrived first (the atomic order's).
inline bool cas_max_stores(float current, float value) { return current < value; }

} // namespace reducescope::model::gpu_float
