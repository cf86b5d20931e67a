// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's prelude: every CUDA name a reduction kernel uses, declared for Clang without the
// CUDA toolkit. Built-in variables read the PTX special registers (Clang's NVPTX builtins); the
// warp functions and atomics call __rs_* functions the decoder knows by name (decode.cpp), so
// their meaning is defined in one place, the interpreter (interpreter.cpp).
#include "simt/engine.h"

namespace reducescope::simt {

std::string_view prelude()
{
    return R"PRELUDE(// reducescope prelude (kernels/simt/prelude.cpp): the CUDA names the engine knows
#define REDUCESCOPE_SIMT 1
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
typedef decltype(sizeof(0)) size_t;
struct __rs_uint3 { unsigned x, y, z; };
typedef __rs_uint3 uint3;
struct dim3 { unsigned x, y, z; };
#define __RS_SREG(NAME, R) struct __rs_##NAME##_t { \
    __declspec(property(get = gx)) unsigned x; __declspec(property(get = gy)) unsigned y; \
    __declspec(property(get = gz)) unsigned z; \
    __device__ unsigned gx() const { return __nvvm_read_ptx_sreg_##R##_x(); } \
    __device__ unsigned gy() const { return __nvvm_read_ptx_sreg_##R##_y(); } \
    __device__ unsigned gz() const { return __nvvm_read_ptx_sreg_##R##_z(); } }; \
    extern const __device__ __rs_##NAME##_t NAME;
__RS_SREG(threadIdx, tid)
__RS_SREG(blockIdx, ctaid)
__RS_SREG(blockDim, ntid)
__RS_SREG(gridDim, nctaid)
#undef __RS_SREG
// Declared so a kernel that prints compiles and its call is refused by name (decode.cpp).
extern "C" __device__ int printf(const char* format, ...);
extern "C" __device__ int __rs_warpsize();
#define warpSize (__rs_warpsize())

extern "C" __device__ void __rs_syncwarp(unsigned mask);
extern "C" __device__ unsigned __rs_shfl(int mode, unsigned mask, unsigned value, int lane_or_delta, int width);
extern "C" __device__ unsigned __rs_ballot(unsigned mask, int predicate);
extern "C" __device__ unsigned __rs_activemask();
__device__ inline void __syncwarp(unsigned mask = 0xffffffffu) { __rs_syncwarp(mask); }
__device__ inline unsigned __ballot_sync(unsigned mask, int predicate) { return __rs_ballot(mask, predicate != 0); }
__device__ inline unsigned __activemask() { return __rs_activemask(); }
__device__ inline int __all_sync(unsigned mask, int p) { return __rs_ballot(mask, p != 0) == (__rs_activemask() & mask); }
__device__ inline int __any_sync(unsigned mask, int p) { return __rs_ballot(mask, p != 0) != 0; }

// Reinterpretations are register copies (a __builtin_bit_cast would go through a local variable).
extern "C" __device__ float __rs_as_f32(unsigned bits);
extern "C" __device__ unsigned __rs_as_u32(float value);
extern "C" __device__ float __rs_shfl_f32(int mode, unsigned mask, float value, int lane_or_delta, int width);
__device__ inline float __int_as_float(int x) { return __rs_as_f32((unsigned)x); }
__device__ inline float __uint_as_float(unsigned x) { return __rs_as_f32(x); }
__device__ inline int __float_as_int(float x) { return (int)__rs_as_u32(x); }
__device__ inline unsigned __float_as_uint(float x) { return __rs_as_u32(x); }

#define __RS_SHFL(NAME, MODE, ARG) \
    __device__ inline unsigned NAME(unsigned m, unsigned v, ARG a, int w = warpSize) { return __rs_shfl(MODE, m, v, (int)a, w); } \
    __device__ inline int NAME(unsigned m, int v, ARG a, int w = warpSize) { return (int)__rs_shfl(MODE, m, (unsigned)v, (int)a, w); } \
    __device__ inline float NAME(unsigned m, float v, ARG a, int w = warpSize) \
        { return __rs_shfl_f32(MODE, m, v, (int)a, w); }
__RS_SHFL(__shfl_sync, 0, int)
__RS_SHFL(__shfl_up_sync, 1, unsigned)
__RS_SHFL(__shfl_down_sync, 2, unsigned)
__RS_SHFL(__shfl_xor_sync, 3, int)
#undef __RS_SHFL

#define __RS_ATOMIC(OP, T, S) extern "C" __device__ T __rs_atomic_##OP##_##S(T* p, T v); \
    __device__ inline T atomic##OP(T* p, T v) { return __rs_atomic_##OP##_##S(p, v); }
__RS_ATOMIC(Add, float, f32)
__RS_ATOMIC(Add, int, i32)
__RS_ATOMIC(Add, unsigned, u32)
__RS_ATOMIC(Add, unsigned long long, u64)
__RS_ATOMIC(Sub, int, i32)
__RS_ATOMIC(Sub, unsigned, u32)
__RS_ATOMIC(Max, int, i32)
__RS_ATOMIC(Max, unsigned, u32)
__RS_ATOMIC(Min, int, i32)
__RS_ATOMIC(Min, unsigned, u32)
__RS_ATOMIC(Exch, float, f32)
__RS_ATOMIC(Exch, int, i32)
__RS_ATOMIC(Exch, unsigned, u32)
__RS_ATOMIC(And, int, i32)
__RS_ATOMIC(And, unsigned, u32)
__RS_ATOMIC(Or, int, i32)
__RS_ATOMIC(Or, unsigned, u32)
__RS_ATOMIC(Xor, int, i32)
__RS_ATOMIC(Xor, unsigned, u32)
#undef __RS_ATOMIC
#define __RS_CAS(T, S) extern "C" __device__ T __rs_atomic_CAS_##S(T* p, T compare, T v); \
    __device__ inline T atomicCAS(T* p, T compare, T v) { return __rs_atomic_CAS_##S(p, compare, v); }
__RS_CAS(int, i32)
__RS_CAS(unsigned, u32)
__RS_CAS(unsigned long long, u64)
#undef __RS_CAS

__device__ inline float fmaf(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
__device__ inline float fminf(float a, float b) { return __builtin_fminf(a, b); }
__device__ inline float fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }
__device__ inline float fabsf(float a) { return __builtin_fabsf(a); }
__device__ inline float sqrtf(float a) { return __builtin_sqrtf(a); }
__device__ inline int min(int a, int b) { return a < b ? a : b; }
__device__ inline int max(int a, int b) { return a > b ? a : b; }
__device__ inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
__device__ inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
__device__ inline unsigned min(int a, unsigned b) { return min((unsigned)a, b); }
__device__ inline unsigned min(unsigned a, int b) { return min(a, (unsigned)b); }
__device__ inline unsigned max(int a, unsigned b) { return max((unsigned)a, b); }
__device__ inline unsigned max(unsigned a, int b) { return max(a, (unsigned)b); }
__device__ inline float min(float a, float b) { return fminf(a, b); }
__device__ inline float max(float a, float b) { return fmaxf(a, b); }

struct __attribute__((aligned(8))) float2 { float x, y; };
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
struct __attribute__((aligned(8))) int2 { int x, y; };
struct __attribute__((aligned(16))) int4 { int x, y, z, w; };
__device__ inline float2 make_float2(float x, float y) { return float2{x, y}; }
__device__ inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))
#define FLT_MAX 3.40282347e+38f
#define CUDART_INF_F (__builtin_inff())
)PRELUDE";
}

} // namespace reducescope::simt
