// SPDX-License-Identifier: GPL-3.0-or-later
// The recording variant of the kernels (issue 6): the same kernel sources as the benchmark,
// instantiated with RecordingProbe instead of NoProbe. Behind recording_api.h (no CUDA types).
//
// How the kernels get here without touching the production instantiations: this file includes
// the kernel files themselves. Their host-side launch functions (`enqueue_*`, used by the
// benchmark) would then be defined twice in the library; the macros below give this file's
// copies other names, so the production objects (reduce_basic.cu.o, ...) are built exactly as
// before and their NoProbe kernels do not change. docs/hardware-counters.md says how to check.
#include "launch.cuh"
#include "reduce_api.h"
#include "reduce_common.cuh"
#include "recording_api.h"

#include <cooperative_groups.h>
#include <math_constants.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

// The non-template functions of the kernel files, renamed in this translation unit only (see above).
#define enqueue_basic recording_unused_enqueue_basic
#define enqueue_multiblock recording_unused_enqueue_multiblock
#define enqueue_warp recording_unused_enqueue_warp
#define coresident_blocks_grid_sync recording_unused_coresident_blocks_grid_sync
#define atomic_max_float recording_atomic_max_float  // a __device__ function, but nvcc emits a host stub
#include "reduce_basic.cu"
#include "reduce_multiblock.cu"
#include "reduce_warp.cu"
#undef enqueue_basic
#undef enqueue_multiblock
#undef enqueue_warp
#undef coresident_blocks_grid_sync
#undef atomic_max_float

namespace reducescope::cuda {

/// One record as the device writes it; the same layout as gpu::RecordedCall.
struct DeviceCall {
    unsigned int kernel, step, iteration, space, index;
    float value;
    unsigned int block, thread, active_mask, sequence;
};
static_assert(sizeof(DeviceCall) == sizeof(gpu::RecordedCall), "DeviceCall must match RecordedCall");

/// The probe of the recording variant. `record` runs inside the kernel's guarded code: the
/// active mask it takes is the set of lanes of the warp executing that code together.
struct RecordingProbe {
    DeviceCall* calls = nullptr;
    unsigned int* count = nullptr;
    unsigned int capacity = 0;
    unsigned int kernel = 0;
    unsigned int sequence = 0;  ///< this thread's records so far (the probe is per thread)

    __device__ void record(Step step, unsigned int iteration, Space space, unsigned int index, float value)
    {
        const unsigned int mask = __activemask();
        const unsigned int slot = atomicAdd(count, 1u);
        if (slot < capacity)
            calls[slot] = DeviceCall{kernel, static_cast<unsigned int>(step), iteration, static_cast<unsigned int>(space),
                                     index, value, blockIdx.x, threadIdx.x, mask, sequence};
        ++sequence;
    }
};

} // namespace reducescope::cuda

namespace reducescope::gpu {
namespace {

using cuda::RecordingProbe;

void check(cudaError_t e, const char* call)
{
    if (e != cudaSuccess)
        throw CudaError{std::string{call} + ": " + cudaGetErrorString(e)};
}

/// Device buffers freed on every exit path.
struct DeviceBuffer {
    void* p = nullptr;
    DeviceBuffer(std::size_t bytes, const char* what)
    {
        check(cudaMalloc(&p, std::max<std::size_t>(bytes, 4)), what);
        check(cudaMemset(p, 0, std::max<std::size_t>(bytes, 4)), what);
    }
    ~DeviceBuffer() { cudaFree(p); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    template <class T> T* as() const { return static_cast<T*>(p); }
};

bool is_pow2(unsigned int v) { return v && !(v & (v - 1)); }
unsigned int ceil_div(std::size_t a, std::size_t b) { return static_cast<unsigned int>((a + b - 1) / b); }

bool in_place(const std::string& s) { return s == "simple" || s == "convergent" || s == "convergent_reversed"; }
bool warp_kernel(const std::string& s)
{
    return s == "warp_shuffle" || s == "block_reduce" || s == "two_pass" || s == "grid_sync" || s == "vectorized" ||
           s == "self_reset";
}

/// Grid of the first kernel: the benchmark's formulas (runner.cu, docs/design-notes.md).
unsigned int grid_of(const std::string& s, std::size_t n, unsigned int B, unsigned int C)
{
    if (s == "simple" || s == "convergent" || s == "convergent_reversed" || s == "interleaved_strided" ||
        s == "shared" || s == "segmented")
        return ceil_div(n, 2 * std::size_t{B});
    if (s == "coarsened" || s == "coarsened_max")
        return ceil_div(n, std::size_t{2} * C * B);
    if (s == "atomic_naive" || s == "race" || s == "warp_shuffle")
        return ceil_div(n, B);
    if (s == "vectorized" || s == "self_reset")
        return std::max(1u, ceil_div(n, std::size_t{4} * C * B));
    return ceil_div(n, std::size_t{C} * B);  // block_reduce, two_pass, grid_sync (capped below)
}

} // namespace

bool can_record(const std::string& s)
{
    static const char* const ids[] = {"simple",       "convergent",    "convergent_reversed", "interleaved_strided",
                                      "shared",       "segmented",     "coarsened",           "coarsened_max",
                                      "atomic_naive", "race",          "warp_shuffle",        "block_reduce",
                                      "two_pass",     "grid_sync",     "vectorized",          "self_reset"};
    return std::any_of(std::begin(ids), std::end(ids), [&](const char* id) { return s == id; });
}

const char* recorded_step_name(std::uint32_t step)
{
    static const char* const names[] = {"load",       "coarsen", "tree",  "shuffle",   "warp_partial",
                                        "final_warp", "atomic",  "write", "grid_sync", "second_pass", "reset"};
    return step < std::size(names) ? names[step] : "unknown";
}

Recording record_on_gpu(const std::string& s, std::span<const float> input, unsigned int B, unsigned int C)
{
    if (!can_record(s))
        throw std::invalid_argument("strategy " + s + " has no recording variant");
    if (input.empty() || input.size() > 4096)
        throw std::invalid_argument("input must hold 1..4096 values");
    if (!is_pow2(B) || B > 1024)
        throw std::invalid_argument("block size must be a power of two in 1..1024");
    if (!is_pow2(C) || C > 64)
        throw std::invalid_argument("coarse factor must be a power of two in 1..64");
    if (warp_kernel(s) && B < 32)
        throw std::invalid_argument("the warp kernels need whole warps: block size must be at least 32");

    int driver = 0, count = 0;
    if (cudaDriverGetVersion(&driver) != cudaSuccess || driver == 0)
        throw NoDevice{"no CUDA driver found"};
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0)
        throw NoDevice{"no CUDA device found"};
    check(cudaSetDevice(0), "cudaSetDevice");
    cudaDeviceProp prop{};
    check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
    if (prop.warpSize != 32)
        throw std::invalid_argument("the recording needs a warp size of 32");

    const std::size_t n = input.size();
    Recording rec;
    rec.strategy = s;
    rec.device = std::string{prop.name} + " (sm_" + std::to_string(prop.major) + std::to_string(prop.minor) + ")";
    rec.n = static_cast<unsigned int>(n);
    rec.block = B;
    rec.coarse_factor = C;
    unsigned int grid = grid_of(s, n, B, C);
    if (s == "grid_sync") {
        int per_sm = 0;
        check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, cuda::grid_sync_reduce_sum<RecordingProbe>,
                                                            static_cast<int>(B), 0),
              "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
        grid = std::min(grid, static_cast<unsigned int>(per_sm * prop.multiProcessorCount));
        if (grid == 0)
            throw std::invalid_argument("no block of this size can be resident for grid_sync");
    }
    rec.grid = grid;

    // Input: in-place kernels get whole zero-padded segments (as the benchmark's working copy);
    // the others n values followed by zeros they never read (bounds-checked loads).
    const std::size_t padded = in_place(s) ? std::size_t{grid} * 2 * B : n;
    rec.input.assign(input.begin(), input.end());
    if (in_place(s))
        rec.input.resize(padded, 0.0f);
    DeviceBuffer x((padded + 2048) * sizeof(float), "cudaMalloc(input)");
    check(cudaMemcpy(x.as<float>(), rec.input.data(), rec.input.size() * sizeof(float), cudaMemcpyHostToDevice),
          "cudaMemcpy(input)");
    DeviceBuffer out(sizeof(float), "cudaMalloc(output)");
    // self_reset zeroes *output itself: start it at NaN, so a missing zero shows in the result.
    const float out0 = s == "coarsened_max" ? -std::numeric_limits<float>::infinity()
                       : s == "self_reset"  ? std::numeric_limits<float>::quiet_NaN()
                                            : 0.0f;
    check(cudaMemcpy(out.as<float>(), &out0, sizeof out0, cudaMemcpyHostToDevice), "cudaMemcpy(output)");
    DeviceBuffer partials((std::size_t{grid} + 1) * sizeof(float), "cudaMalloc(partials)");
    DeviceBuffer epoch(cuda::kSelfResetCounters * sizeof(unsigned long long), "cudaMalloc(self_reset counters)");  // zeroed

    // At most 2*C + 40 records per thread (load, coarsening, tree or shuffles, final warp, merge);
    // two_pass's second kernel adds 1024 threads.
    const std::size_t threads = std::size_t{grid} * B + (s == "two_pass" ? 1024 : 0);
    const std::size_t capacity = threads * (2 * std::size_t{C} + 40) + 1024;
    DeviceBuffer calls(capacity * sizeof(cuda::DeviceCall), "cudaMalloc(recording)");
    DeviceBuffer counter(sizeof(unsigned int), "cudaMalloc(recording counter)");

    RecordingProbe probe;
    probe.calls = calls.as<cuda::DeviceCall>();
    probe.count = counter.as<unsigned int>();
    probe.capacity = static_cast<unsigned int>(capacity);

    using namespace reducescope::cuda;
    const dim3 g{grid}, b{B};
    const std::size_t smem = B * sizeof(float);
    const unsigned int un = static_cast<unsigned int>(n);
    float* xs = x.as<float>();
    float* o = out.as<float>();
    float* part = partials.as<float>();
    cudaError_t launched = cudaSuccess;
    if (s == "simple")
        simple_reduce_sum<<<g, b>>>(xs, o, probe);
    else if (s == "convergent")
        convergent_reduce_sum<<<g, b>>>(xs, o, probe);
    else if (s == "convergent_reversed")
        convergent_reversed_reduce_sum<<<g, b>>>(xs, o, probe);
    else if (s == "interleaved_strided")
        interleaved_strided_reduce_sum<<<g, b, smem>>>(xs, o, un, probe);
    else if (s == "shared")
        shared_reduce_sum<<<g, b, smem>>>(xs, o, un, probe);
    else if (s == "segmented")
        segmented_reduce_sum<<<g, b, smem>>>(xs, o, un, probe);
    else if (s == "coarsened")
        launched = with_coarse_factor(C, [&]<unsigned int CF>() {
            coarsened_reduce_sum<CF><<<g, b, smem>>>(xs, o, un, probe);
            return cudaSuccess;
        });
    else if (s == "coarsened_max")
        launched = with_coarse_factor(C, [&]<unsigned int CF>() {
            coarsened_reduce_max<CF><<<g, b, smem>>>(xs, o, un, probe);
            return cudaSuccess;
        });
    else if (s == "atomic_naive")
        atomic_naive_reduce_sum<<<g, b>>>(xs, o, un, probe);
    else if (s == "race")
        race_reduce_sum<<<g, b>>>(xs, o, un, probe);
    else if (s == "warp_shuffle")
        warp_shuffle_reduce_sum<<<g, b>>>(xs, o, un, probe);
    else if (s == "block_reduce")
        block_reduce_reduce_sum<<<g, b>>>(xs, o, un, probe);
    else if (s == "two_pass") {
        two_pass_partials<<<g, b>>>(xs, part, un, probe);
        check(cudaGetLastError(), "two_pass_partials<RecordingProbe>");
        RecordingProbe second = probe;
        second.kernel = 1;
        two_pass_final<<<1, 1024>>>(part, o, grid, second);
    } else if (s == "vectorized")
        launched = with_coarse_factor(C, [&]<unsigned int CF>() {
            vectorized_reduce_sum<CF><<<g, b>>>(xs, o, un, probe);
            return cudaSuccess;
        });
    else if (s == "self_reset")
        launched = with_coarse_factor(C, [&]<unsigned int CF>() {
            self_reset_reduce_sum<CF><<<g, b>>>(xs, o, epoch.as<unsigned long long>(), un, probe);
            return cudaSuccess;
        });
    else if (s == "grid_sync") {
        const float* cx = xs;
        void* args[] = {&cx, &part, &o, const_cast<unsigned int*>(&un), &probe};
        launched = cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(grid_sync_reduce_sum<RecordingProbe>), g,
                                               b, args, 0, nullptr);
    }
    check(launched, "launch (recording)");
    check(cudaGetLastError(), "launch (recording)");
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize (recording)");

    unsigned int made = 0;
    check(cudaMemcpy(&made, counter.p, sizeof made, cudaMemcpyDeviceToHost), "cudaMemcpy(recording counter)");
    if (made > capacity)
        throw CudaError{"recording: " + std::to_string(made) + " records, buffer holds " + std::to_string(capacity)};
    rec.calls.resize(made);
    check(cudaMemcpy(rec.calls.data(), calls.p, made * sizeof(cuda::DeviceCall), cudaMemcpyDeviceToHost),
          "cudaMemcpy(recording)");
    check(cudaMemcpy(&rec.result, out.p, sizeof rec.result, cudaMemcpyDeviceToHost), "cudaMemcpy(output)");
    if (in_place(s)) {
        rec.global_after.resize(padded);
        check(cudaMemcpy(rec.global_after.data(), xs, padded * sizeof(float), cudaMemcpyDeviceToHost),
              "cudaMemcpy(input after)");
    }
    if (s == "two_pass" || s == "grid_sync") {
        rec.partials.resize(grid);
        check(cudaMemcpy(rec.partials.data(), part, grid * sizeof(float), cudaMemcpyDeviceToHost),
              "cudaMemcpy(partials)");
    }
    return rec;
}

} // namespace reducescope::gpu
