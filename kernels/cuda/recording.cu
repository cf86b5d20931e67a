// SPDX-License-Identifier: GPL-3.0-or-later
// The recording variant of the kernels (`trace --on-gpu`): the same kernel sources as the
// benchmark, instantiated with RecordingProbe instead of NoProbe. Behind recording_api.h (no CUDA
// types).
//
// How the kernels get here without touching the production instantiations: this file includes
// the kernel files themselves. Their host-side launch functions (`enqueue_*`, used by the
// benchmark) would then be defined twice in the library; the macros below give this file's
// copies other names, so the production objects (reduce_basic.cu.o, ...) are built exactly as
// before and their NoProbe kernels do not change. docs/hardware-counters.md says how to check.
#include "launch.cuh"
#include "model/catalogue.h"
#include "reduce_api.h"
#include "reduce_common.cuh"
#include "recording_api.h"

#include <cooperative_groups.h>
#include <math_constants.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

// The non-template functions of the kernel files, renamed in this translation unit only (see above).
#define basic_kernels recording_unused_basic_kernels
#define multiblock_kernels recording_unused_multiblock_kernels
#define warp_kernels recording_unused_warp_kernels
#define atomic_max_float recording_atomic_max_float  // a __device__ function, but nvcc emits a host stub
#include "reduce_basic.cu"
#include "reduce_multiblock.cu"
#include "reduce_warp.cu"
#undef basic_kernels
#undef multiblock_kernels
#undef warp_kernels
#undef atomic_max_float

namespace reducescope::cuda {

/// One record as the device writes it; the same layout as cuda::RecordedCall.
struct DeviceCall {
    unsigned int kernel, step, iteration, space, index;
    float value;
    unsigned int block, thread, active_mask, sequence;
};
static_assert(sizeof(DeviceCall) == sizeof(cuda::RecordedCall), "DeviceCall must match RecordedCall");

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

    /// The same buffer, its records marked as kernel `k` (two_pass's second kernel: 1).
    RecordingProbe for_kernel(unsigned int k) const
    {
        RecordingProbe p = *this;
        p.kernel = k;
        return p;
    }
};

/// The recording registry: the kernel files' launchers, instantiated with RecordingProbe.
auto recording_tables()
{
    return std::array{basic_launchers<RecordingProbe>(), multiblock_launchers<RecordingProbe>(),
                      warp_launchers<RecordingProbe>()};
}

const KernelLauncher<RecordingProbe>* find_recording_launcher(std::string_view id)
{
    for (const auto& table : recording_tables())
        for (const KernelLauncher<RecordingProbe>& k : table)
            if (k.id == id)
                return &k;
    return nullptr;
}

} // namespace reducescope::cuda

namespace reducescope::cuda {
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

} // namespace

bool can_record(const std::string& s) { return cuda::find_recording_launcher(s) != nullptr; }

std::vector<std::string> recording_ids()
{
    std::vector<std::string> ids;
    for (const auto& table : cuda::recording_tables())
        for (const auto& k : table)
            ids.emplace_back(k.id);
    return ids;
}

const char* recorded_step_name(std::uint32_t step)
{
    static const char* const names[] = {"load",       "coarsen", "tree",  "shuffle",   "warp_partial",
                                        "final_warp", "atomic",  "write", "grid_sync", "second_pass", "reset"};
    return step < std::size(names) ? names[step] : "unknown";
}

Recording record_on_gpu(const std::string& s, std::span<const float> input, unsigned int B, unsigned int C)
{
    const cuda::KernelLauncher<RecordingProbe>* launcher = cuda::find_recording_launcher(s);
    const model::StrategyInfo* info = model::find_strategy(s);
    if (!launcher || !info)
        throw std::invalid_argument("strategy " + s + " has no recording variant");
    if (input.empty() || input.size() > 4096)
        throw std::invalid_argument("input must hold 1..4096 values");
    if (!is_pow2(B) || B > 1024)
        throw std::invalid_argument("block size must be a power of two in 1..1024");
    if (!is_pow2(C) || C > 64)
        throw std::invalid_argument("coarse factor must be a power of two in 1..64");
    if (info->whole_warps && B < 32)
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
    // The benchmark's grid formula (catalogue), capped at the co-resident blocks for a cooperative launch.
    unsigned int grid = static_cast<unsigned int>(model::grid_blocks(*info, n, B, C).value_or(1));
    if (info->cooperative) {
        int per_sm = 0;
        check(launcher->resident_blocks ? launcher->resident_blocks(B, &per_sm) : cudaErrorInvalidValue,
              "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
        grid = std::min(grid, static_cast<unsigned int>(per_sm * prop.multiProcessorCount));
        if (grid == 0)
            throw std::invalid_argument("no block of this size can be resident for " + s);
    }
    rec.grid = grid;

    // Input: in-place kernels get whole zero-padded segments (as the benchmark's working copy);
    // the others n values followed by zeros they never read (bounds-checked loads).
    const bool in_place = info->in_place;
    const std::size_t padded = in_place ? std::size_t{grid} * 2 * B : n;
    rec.input.assign(input.begin(), input.end());
    if (in_place)
        rec.input.resize(padded, 0.0f);
    DeviceBuffer x((padded + 2048) * sizeof(float), "cudaMalloc(input)");
    check(cudaMemcpy(x.as<float>(), rec.input.data(), rec.input.size() * sizeof(float), cudaMemcpyHostToDevice),
          "cudaMemcpy(input)");
    // zero_ahead's ring: kZeroAheadSlots floats; launch e = 0 adds into out[0] and zeroes out[1].
    DeviceBuffer out(cuda::kZeroAheadSlots * sizeof(float), "cudaMalloc(output)");
    // A kernel that zeroes *output itself starts from NaN, so a missing zero shows in the result;
    // the others from the identity of their operation (zero_ahead: its slot 0 holds 0 before
    // launch 0, by its contract; the other slots NaN).
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float out0 = info->merge == model::Merge::SelfReset        ? nan
                       : info->operation == model::Reduction::Max ? -std::numeric_limits<float>::infinity()
                                                                  : 0.0f;
    const float out_init[cuda::kZeroAheadSlots] = {out0, nan, nan};
    check(cudaMemcpy(out.as<float>(), out_init, sizeof out_init, cudaMemcpyHostToDevice), "cudaMemcpy(output)");
    DeviceBuffer partials((std::size_t{grid} + 1) * sizeof(float), "cudaMalloc(partials)");
    DeviceBuffer epoch(cuda::kSelfResetCounters * sizeof(unsigned long long), "cudaMalloc(self_reset counters)");  // zeroed

    // At most 2*C + 40 records per thread (load, coarsening, tree or shuffles, final warp, merge);
    // a second phase over the partials (two_pass's second kernel: one block of 1024) adds up to 1024 threads.
    const std::size_t threads = std::size_t{grid} * B + (info->needs_partials ? 1024 : 0);
    const std::size_t capacity = threads * (2 * std::size_t{C} + 40) + 1024;
    DeviceBuffer calls(capacity * sizeof(cuda::DeviceCall), "cudaMalloc(recording)");
    DeviceBuffer counter(sizeof(unsigned int), "cudaMalloc(recording counter)");

    RecordingProbe probe;
    probe.calls = calls.as<cuda::DeviceCall>();
    probe.count = counter.as<unsigned int>();
    probe.capacity = static_cast<unsigned int>(capacity);

    cuda::Launch l;
    l.x = x.as<float>();
    l.work = x.as<float>();  // in-place kernels reduce the uploaded copy
    l.out = out.as<float>();
    l.partials = partials.as<float>();
    l.epoch = epoch.as<unsigned long long>();
    l.n = static_cast<unsigned int>(n);
    l.block = B;
    l.coarse = C;
    l.grid = grid;
    check(launcher->launch(l, probe), "launch (recording)");
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
    if (in_place) {
        rec.global_after.resize(padded);
        check(cudaMemcpy(rec.global_after.data(), x.p, padded * sizeof(float), cudaMemcpyDeviceToHost),
              "cudaMemcpy(input after)");
    }
    if (info->needs_partials) {
        rec.partials.resize(grid);
        check(cudaMemcpy(rec.partials.data(), partials.p, grid * sizeof(float), cudaMemcpyDeviceToHost),
              "cudaMemcpy(partials)");
    }
    return rec;
}

} // namespace reducescope::cuda
