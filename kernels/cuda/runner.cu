// SPDX-License-Identifier: GPL-3.0-or-later
// The CUDA side of the benchmark: devices, buffers, verification runs and timing with CUDA
// events (per launch, loop, graph; hot or cold L2). Behind reduce_api.h.
//
// In-place kernels (simple, convergent, convergent_reversed) overwrite their input, so a working
// copy is restored from the pristine input before every repetition (a device-to-device copy plus
// zeroing of the padding). That restore, like the cold-cache flush, is never counted:
//  - per launch: it runs before the start event, and the host waits for it before recording the
//    start, so the kernel's launch latency is in the sample as it is for every other kernel;
//  - loop and graph: it runs inside the batch, and the same batch of restores/flushes alone is
//    timed the same way and its median per repetition subtracted (RunResult::subtracted_ms).
// Outputs that accumulate (atomics) are reset inside the timed work: that cost is counted.
// Cold cache: loop and graph rotate over copies of the input (more than twice the L2 in all);
// per-launch, the in-place kernels and small N read a flush buffer instead (reduce_api.h, Cache).
// How many samples: a fixed count (--reps) or bench/stopping.h's rule (Timing::adaptive).
#include "bench/batch.h"
#include "launch.cuh"
#include "model/catalogue.h"
#include "model/own_launch.h"
#include "reduce_api.h"

#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <numeric>
#include <optional>
#include <string_view>
#include <tuple>

namespace reducescope::cuda {
namespace {
/// The CUB baseline as a registry entry (its Max when Launch::max).
const KernelLauncher<NoProbe> kCubLauncher{"cub", [](const Launch& l, NoProbe) { return enqueue_cub(l.max, l, nullptr); }};
/// The other library baselines (baselines.cu): CUB's block primitives in one pass (the caller
/// resets l.out) and with zero_ahead's ring, and CCCL >= 3.1's DeviceReduce per determinism.
const KernelLauncher<NoProbe> kLibraryLaunchers[] = {
    {"cub_block_one_pass", [](const Launch& l, NoProbe) { return enqueue_cub_block(l, false); }},
    {"cub_block_ring", [](const Launch& l, NoProbe) { return enqueue_cub_block(l, true); }},
    {"cub_not_guaranteed", [](const Launch& l, NoProbe) { return enqueue_cccl_sum(l, CcclDeterminism::NotGuaranteed); }},
    {"cub_run_to_run", [](const Launch& l, NoProbe) { return enqueue_cccl_sum(l, CcclDeterminism::RunToRun); }},
    {"cub_gpu_to_gpu", [](const Launch& l, NoProbe) { return enqueue_cccl_sum(l, CcclDeterminism::GpuToGpu); }},
};

/// True for the ids that call CCCL >= 3.1's DeviceReduce with a determinism requirement.
bool is_cccl_mode(std::string_view id)
{
    return id == "cub_not_guaranteed" || id == "cub_run_to_run" || id == "cub_gpu_to_gpu";
}

/// The benchmark's registry: the kernel files' tables and the library baselines.
auto launcher_tables()
{
    return std::array{basic_kernels(), multiblock_kernels(), warp_kernels(), dot_kernels(),
                      std::span<const KernelLauncher<NoProbe>>{&kCubLauncher, 1},
                      std::span<const KernelLauncher<NoProbe>>{kLibraryLaunchers}};
}
} // namespace

const KernelLauncher<NoProbe>* find_launcher(std::string_view strategy)
{
    for (const auto& table : launcher_tables())
        for (const KernelLauncher<NoProbe>& k : table)
            if (k.id == strategy)
                return &k;
    return nullptr;
}

cudaError_t enqueue(std::string_view strategy, const Launch& l)
{
    const KernelLauncher<NoProbe>* k = find_launcher(strategy);
    return k ? k->launch(l, NoProbe{}) : cudaErrorInvalidValue;
}

} // namespace reducescope::cuda

namespace reducescope::cuda {
namespace {

using reducescope::cuda::KernelLauncher;
using reducescope::cuda::Launch;
using reducescope::cuda::NoProbe;

std::string error_text(const char* call, cudaError_t e)
{
    return std::string{call} + ": " + cudaGetErrorString(e);
}

void check(cudaError_t e, const char* call)
{
    if (e != cudaSuccess)
        throw CudaError{error_text(call, e)};
}

#define RS_CHECK(call) check((call), #call)

constexpr unsigned int kPoisonBits = 0x7fc0deadu;  // a quiet NaN no kernel can produce by chance
constexpr std::size_t kPad = 2048;                   // 2 * the largest block size

std::string version_text(int v) { return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10); }

DeviceInfo read_device(int index)
{
    cudaDeviceProp p{};
    RS_CHECK(cudaGetDeviceProperties(&p, index));
    auto attr = [index](cudaDeviceAttr a) {
        int v = 0;
        check(cudaDeviceGetAttribute(&v, a, index), "cudaDeviceGetAttribute");
        return v;
    };
    DeviceInfo d;
    d.index = index;
    d.name = p.name;
    d.cc_major = p.major;
    d.cc_minor = p.minor;
    d.sms = p.multiProcessorCount;
    d.l2_bytes = p.l2CacheSize;
    d.memory_bytes = static_cast<long long>(p.totalGlobalMem);
    d.memory_clock_khz = attr(cudaDevAttrMemoryClockRate);
    d.memory_bus_bits = attr(cudaDevAttrGlobalMemoryBusWidth);
    d.sm_clock_khz = attr(cudaDevAttrClockRate);
    d.cooperative_launch = attr(cudaDevAttrCooperativeLaunch) != 0;
    d.peak_bandwidth_gbs = 2.0 * d.memory_clock_khz * 1e3 * (d.memory_bus_bits / 8.0) / 1e9;
    char bus[32] = {};
    if (cudaDeviceGetPCIBusId(bus, sizeof bus, index) == cudaSuccess)
        d.pci_bus_id = bus;
    int drv = 0, rt = 0;
    RS_CHECK(cudaDriverGetVersion(&drv));
    RS_CHECK(cudaRuntimeGetVersion(&rt));
    d.driver_version = version_text(drv);
    d.runtime_version = version_text(rt);
    return d;
}

double median_of(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t k = v.size() / 2;
    return v.size() % 2 ? v[k] : 0.5 * (v[k - 1] + v[k]);
}

/// A launch refused with cudaErrorLaunchOutOfResources: blockDim.x times the kernel's registers per
/// thread exceeds what one multiprocessor holds (e.g. self_reset at block 1024, coarse factor 16).
struct TooFewRegisters : CudaError {
    using CudaError::CudaError;
};

struct KernelPlan {
    const KernelLauncher<NoProbe>* launcher = nullptr;  // from the registry (launch.cuh)
    std::string kernel;
    unsigned int grid = 1;
    bool accumulates = false;  // output must be reset to the identity before each run
    bool max = false;
    bool in_place = false;
    bool self_reset = false;   // needs the two epoch counters, zeroed before its first launch
    bool zero_ahead = false;   // numbers its launches; its result is in out[e % kZeroAheadSlots]
    std::string skip;          // non-empty: why this kernel cannot run here
    const OwnKernel* own = nullptr;  // an own kernel (KernelSpec::own): launched by launch_own()
    unsigned int block = 0;          // threads per block (own kernels: resolved for n)
    std::size_t in_place_values = 0; // an in-place own kernel: its input padded to this many floats
};

bool is_pow2(unsigned int v) { return v && !(v & (v - 1)); }

} // namespace

OutOfMemory::OutOfMemory(std::size_t n_, std::size_t needed, std::size_t free_)
    : std::runtime_error("N=" + std::to_string(n_) + " needs " + std::to_string(needed) +
                         " bytes of device memory; " + std::to_string(free_) + " are free"),
      n(n_), bytes_needed(needed), bytes_free(free_)
{
}

/// The catalogue says the strategy reads two vectors (the dot products).
static bool is_dot(const std::string& s)
{
    const model::StrategyInfo* info = model::find_strategy(s);
    return info && info->operation == model::Reduction::Dot;
}

bool is_in_place(const std::string& s)
{
    const model::StrategyInfo* info = model::find_strategy(s);
    return info && info->in_place;
}

std::pair<unsigned int, unsigned int> own_launch(const OwnKernel& k, std::size_t n)
{
    const model::OwnLaunch l = model::plan_own_launch(n, k.elements_per_thread, k.min_block, k.block_size, k.grid);
    return {l.block, l.grid};
}

std::vector<std::string> kernel_ids()
{
    std::vector<std::string> ids;
    for (const auto& table : cuda::launcher_tables())
        for (const KernelLauncher<NoProbe>& k : table)
            ids.emplace_back(k.id);
    return ids;
}

std::vector<DeviceInfo> list_devices()
{
    int drv = 0;
    if (cudaDriverGetVersion(&drv) != cudaSuccess || drv == 0)
        throw NoDevice{"no CUDA driver found"};
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver || (e == cudaSuccess && count == 0))
        throw NoDevice{"no CUDA device found (" + std::string{e == cudaSuccess ? "0 devices" : cudaGetErrorString(e)} + ")"};
    if (e != cudaSuccess)
        throw NoDevice{error_text("cudaGetDeviceCount", e)};
    std::vector<DeviceInfo> out;
    for (int i = 0; i < count; ++i) {
        out.push_back(read_device(i));
        std::size_t free = 0, total = 0;
        RS_CHECK(cudaSetDevice(i));
        RS_CHECK(cudaMemGetInfo(&free, &total));
        out.back().free_bytes = static_cast<long long>(free);
    }
    return out;
}

std::size_t bytes_needed(std::size_t capacity, const Needs& needs, long long l2_bytes)
{
    const std::size_t padded = (capacity + kPad) * sizeof(float);
    std::size_t bytes = padded;                                   // x
    if (needs.dot)
        bytes += padded;                                          // y
    bytes += padded;  // working copy of the in-place kernels, destination of the copy ceiling
    if (needs.partials)
        bytes += (capacity / 32 + 64) * sizeof(float);            // one float per block (B >= 32)
    if (needs.cold) {
        const std::size_t l2 = static_cast<std::size_t>(l2_bytes);
        bytes += 2 * l2;                                          // flush buffer (read)
        // Rotated input copies: k copies of >= 2 L2 in all, k >= 2 only while one copy is below
        // 2 L2, so at most 4 L2 plus the padding of kMaxColdBuffers copies; the same for y.
        const std::size_t rotation = 4 * l2 + kMaxColdBuffers * (kPad + 64) * sizeof(float);
        bytes += needs.dot ? 2 * rotation : rotation;
    }
    bytes += 64 << 20;                                            // CUB temporary storage, slack
    return bytes;
}

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

/// The outcome of one measurement (Runner::Impl::measure).
struct Measured {
    std::vector<double> samples;  // ms per repetition
    int per_sample = 1;           // repetitions per sample (bench::BatchSize::launches)
    int short_per_sample = 0;     // graph difference: the short graph's repetitions; 0 = plain samples
    bench::StopRule rule = bench::StopRule::Reps;
    double noise = 0;
    double gpu_s = 0;
    double wall_s = 0;
    double host_us = 0;
    ClockReading before, after;
    ClockWatch watch;
    bool blocked = false;
    int block_timeouts = 0;
};

/// Folds one reading into a watch.
void watch_add(ClockWatch& w, const ClockReading& c, bool throttled)
{
    ++w.readings;
    auto lo = [](int& v, int x) { if (x >= 0 && (v < 0 || x < v)) v = x; };
    auto hi = [](int& v, int x) { if (x >= 0 && x > v) v = x; };
    lo(w.sm_mhz_min, c.sm_mhz);
    hi(w.sm_mhz_max, c.sm_mhz);
    hi(w.temperature_c_max, c.temperature_c);
    hi(w.power_mw_max, c.power_mw);
    if (c.event_reasons > 0)
        w.event_reasons |= c.event_reasons;
    if (throttled)
        ++w.throttled_readings;
}

/// How a cold repetition gets a cold L2 (reduce_api.h, Cache).
struct ColdPlan {
    enum class Method { None, Rotate, FlushRead } method = Method::None;
    int buffers = 1;  // Rotate: copies taking turns (1: the input alone is >= 2 L2)
};

const char* cold_name(ColdPlan::Method m)
{
    return m == ColdPlan::Method::Rotate ? "rotate" : m == ColdPlan::Method::FlushRead ? "flush_read" : "";
}

bench::BatchMode batch_mode(Mode m)
{
    return m == Mode::PerLaunch ? bench::BatchMode::PerLaunch
         : m == Mode::Loop      ? bench::BatchMode::Loop
                                : bench::BatchMode::Graph;
}

} // namespace

struct Runner::Impl {
    DeviceInfo dev;
    Needs needs;
    std::size_t capacity = 0;
    float* x = nullptr;
    float* y = nullptr;
    float* work = nullptr;
    float* partials = nullptr;
    float* out = nullptr;
    float* sink = nullptr;  // the read-only kernels' never-written output (kept apart from out)
    unsigned long long* epoch = nullptr;  // self_reset's counters (launch.cuh, kSelfResetCounters)
    // zero_ahead: the number of its next launch (Launch::launch). It only grows; a graph replays
    // its captured numbers, so graph batches hold a multiple of kZeroAheadSlots repetitions and the
    // number after the capture stays right modulo kZeroAheadSlots after every replay.
    unsigned long long ring_next = 0;
    void* flush = nullptr;
    std::size_t flush_bytes = 0;
    // Cold rotation: `rot_k` copies of the first rot_n (+ padding) floats of x (and y), `rot_stride`
    // floats apart; rebuilt when N or k changes.
    float* rot_x = nullptr;
    float* rot_y = nullptr;
    std::size_t rot_n = 0, rot_stride = 0;
    int rot_k = 0;
    void* temp = nullptr;
    std::size_t temp_bytes = 0;
    void* cccl_temp = nullptr;  // CCCL's determinism modes' storage (ensure_cub_temp)
    std::size_t cccl_temp_bytes = 0;
    static const KernelLauncher<NoProbe>* p_launcher_of(const std::string& id) { return reducescope::cuda::find_launcher(id); }
    // The blocking kernel's two words in mapped host memory: [0] release, [1] timed out.
    volatile int* host_flags = nullptr;
    int* dev_flags = nullptr;
    // The validation replay's copies of every launch's output (check_capacity floats).
    float* checks = nullptr;
    std::size_t check_capacity = 0;
    cudaStream_t stream = nullptr;
    cudaEvent_t start = nullptr, stop = nullptr;
    bool capturing = false;
    // The own kernel (KernelSpec::own): its library, loaded once per image, its kernels and their
    // parameter sizes (cudaFuncGetParamInfo), and the two-pass partials.
    cudaLibrary_t own_lib = nullptr;
    std::string own_loaded;  // the image own_lib holds
    cudaKernel_t own_first = nullptr, own_second = nullptr;
    std::vector<std::size_t> own_first_params, own_second_params;
    float* own_partials = nullptr;
    std::size_t own_partials_count = 0;
    // How accumulating outputs are reset inside the timed work, from REDUCESCOPE_RESET:
    // "kernel" (default): a one-thread kernel; "memset": cudaMemsetAsync (inside a CUDA graph a
    // memset node costs about 1 us more than a kernel node on an H200); "none": a diagnostic that
    // leaves the reset out of the timed repetitions (the verification run still resets; results
    // say so).
    std::string reset_mode = [] {
        const char* v = std::getenv("REDUCESCOPE_RESET");
        return std::string{v && *v ? v : "kernel"};
    }();
    bool reset_with_kernel = reset_mode == "kernel";
    bool last_chance_ = false;  // measure(): a throttled reading no longer drops samples

    ~Impl()
    {
        for (void* p : {static_cast<void*>(x), static_cast<void*>(y), static_cast<void*>(work),
                        static_cast<void*>(partials), static_cast<void*>(out), static_cast<void*>(sink),
                        static_cast<void*>(epoch), flush, static_cast<void*>(rot_x), static_cast<void*>(rot_y), temp})
            if (p)
                cudaFree(p);
        if (checks)
            cudaFree(checks);
        if (own_partials)
            cudaFree(own_partials);
        if (own_lib)
            cudaLibraryUnload(own_lib);
        if (cccl_temp)
            cudaFree(cccl_temp);
        if (host_flags)
            cudaFreeHost(const_cast<int*>(host_flags));
        if (start)
            cudaEventDestroy(start);
        if (stop)
            cudaEventDestroy(stop);
        if (stream)
            cudaStreamDestroy(stream);
    }

    float* alloc_floats(std::size_t count, const char* what)
    {
        void* p = nullptr;
        const cudaError_t e = cudaMalloc(&p, count * sizeof(float));
        if (e != cudaSuccess)
            throw CudaError{std::string{"cudaMalloc("} + what + "): " + cudaGetErrorString(e)};
        return static_cast<float*>(p);
    }

    // Everything below comes from the strategy's catalogue entry (model/catalogue.h) and its
    // launcher in the registry (launch.cuh); no strategy is named here.
    KernelPlan plan(const KernelSpec& s, std::size_t n) const
    {
        KernelPlan p;
        if (s.own)
            return own_plan(*s.own, n);
        p.block = s.block_size;
        const unsigned int B = s.block_size, C = s.coarse_factor;
        const std::string& id = s.strategy;
        const model::StrategyInfo* info = model::find_strategy(id);
        p.launcher = reducescope::cuda::find_launcher(id);
        if (!info || !info->has_kernel || !p.launcher) {
            p.skip = "no GPU kernel for strategy '" + id + "'";
            return p;
        }
        const bool baseline = info->family == model::Family::Baseline;
        p.max = info->operation == model::Reduction::Max || (baseline && s.max);  // CUB runs Sum and Max
        if (!is_pow2(B) || B > 1024)
            p.skip = "block size must be a power of two in 1..1024";
        if (!is_pow2(C) || C > 64)
            p.skip = "coarse factor must be a power of two in 1..64";
        if (info->whole_warps && B < 32)
            p.skip = "warp kernels need whole warps: block size >= 32";
        p.in_place = info->in_place;
        p.kernel = info->kernels;
        if (baseline && s.max && p.kernel.ends_with("::Sum"))
            p.kernel.replace(p.kernel.size() - 3, 3, "Max");
        if (const auto g = model::grid_blocks(*info, n, B, C))
            p.grid = static_cast<unsigned int>(*g);
        p.accumulates = info->merge == model::Merge::Atomic && !(info->single_block && p.grid == 1);
        p.self_reset = info->merge == model::Merge::SelfReset;
        p.zero_ahead = info->merge == model::Merge::ZeroAhead;
        if (info->cooperative) {
            if (!dev.cooperative_launch)
                p.skip = "this device does not support cooperative launch";
            else if (B >= 32 && is_pow2(B) && B <= 1024) {
                int per_sm = 0;
                const cudaError_t e = p.launcher->resident_blocks ? p.launcher->resident_blocks(B, &per_sm)
                                                                  : cudaErrorInvalidValue;
                const unsigned int cap = e == cudaSuccess ? static_cast<unsigned int>(per_sm * dev.sms) : 0;
                if (e != cudaSuccess || cap == 0)
                    p.skip = e != cudaSuccess ? error_text("cudaOccupancyMaxActiveBlocksPerMultiprocessor", e)
                                              : "no block of this size can be resident";
                p.grid = std::min(p.grid, cap);
            }
        }
        if (id == "cub_block_one_pass" || id == "cub_block_ring") {  // its grid: tiles capped at the resident blocks
            p.accumulates = id == "cub_block_one_pass";
            if (s.max)
                p.skip = id + " is a sum";
            else if (const cudaError_t e = reducescope::cuda::cub_block_grid(static_cast<unsigned int>(n), &p.grid);
                     e != cudaSuccess)
                p.skip = error_text((id + " (occupancy query)").c_str(), e);
        }
        if (reducescope::cuda::is_cccl_mode(id)) {  // CCCL writes (not_guaranteed: zeroes) the output itself
            p.accumulates = false;
            p.grid = 0;  // CCCL chooses
            p.kernel = std::string{p.kernel} + " (determinism::" + id.substr(4) + "), CCCL " +
                       reducescope::cuda::cccl_version_text();
            if (!reducescope::cuda::cccl_determinism_built())
                p.skip = "built without CCCL >= 3.1 (configure with -DREDUCESCOPE_CCCL_DIR=<CCCL 3.1 headers>; "
                         "this build has CCCL " + std::string{reducescope::cuda::cccl_version_text()} + ")";
            else if (s.max)
                p.skip = id + " is a sum";
        }
        if (info->operation == model::Reduction::Dot && !needs.dot)
            p.skip = "internal: dot product without a second vector";
        if (info->needs_partials && !needs.partials)
            p.skip = "internal: no partials buffer";
        return p;
    }

    /// The plan of an own kernel at n: the engine's launch (block and grid resolved for n), an
    /// output reset before every launch (the contract: *output is 0 before the launch).
    KernelPlan own_plan(const OwnKernel& k, std::size_t n) const
    {
        KernelPlan p;
        p.own = &k;
        p.kernel = k.name.empty() ? k.symbol : k.name;
        if (k.signature == OwnKernel::Signature::TwoPass)
            p.kernel += " + second kernel <<<1, 1024>>>";
        std::tie(p.block, p.grid) = own_launch(k, n);
        p.accumulates = true;
        p.in_place = k.signature == OwnKernel::Signature::InPlace;
        if (!is_pow2(p.block) || p.block > 1024)
            p.skip = "block size must be a power of two in 1..1024";
        if (p.grid < 1 || p.grid > 65535)
            p.skip = "grid must be in 1..65535";
        if (p.in_place) {
            p.in_place_values = model::own_in_place_values(n, k.elements_per_thread, {p.block, p.grid});
            if (p.in_place_values > capacity + kPad)
                p.skip = "the in-place launch needs max(2, E) x block x grid = " + std::to_string(p.in_place_values) +
                         " floats; this run holds " + std::to_string(capacity + kPad);
        }
        return p;
    }

    /// Loads the own kernel's image (once per image) and finds its kernels and their parameters.
    void ensure_own(const OwnKernel& k)
    {
        if (own_lib && own_loaded == k.image)
            return;
        if (own_lib) {
            cudaLibraryUnload(own_lib);
            own_lib = nullptr;
            own_loaded.clear();
        }
        check(cudaLibraryLoadData(&own_lib, k.image.data(), nullptr, nullptr, 0, nullptr, nullptr, 0),
              "cudaLibraryLoadData (the kernel compiled by NVRTC)");
        own_loaded = k.image;
        auto find = [&](const std::string& symbol, cudaKernel_t& out, std::vector<std::size_t>& sizes) {
            const cudaError_t e = cudaLibraryGetKernel(&out, own_lib, symbol.c_str());
            if (e != cudaSuccess)
                throw CudaError{"cudaLibraryGetKernel(" + symbol + "): " + cudaGetErrorString(e) +
                                " (the engine's name of the kernel is not in NVRTC's output)"};
            sizes.clear();
            for (std::size_t i = 0; i < 64; ++i) {
                std::size_t offset = 0, size = 0;
                if (cudaFuncGetParamInfo(reinterpret_cast<const void*>(out), i, &offset, &size) != cudaSuccess)
                    break;
                sizes.push_back(size);
            }
            cudaGetLastError();  // the query past the last parameter
            if (sizes.size() < 2 || sizes[0] != sizeof(void*) || sizes[1] != sizeof(void*))
                throw CudaError{symbol + ": expected two pointer parameters first (" + std::to_string(sizes.size()) +
                                " parameters found)"};
        };
        find(k.symbol, own_first, own_first_params);
        if (k.signature == OwnKernel::Signature::TwoPass)
            find(k.second_symbol, own_second, own_second_params);
    }

    /// Launches `kernel` with parameters (a, b, count) as its sizes say (count as a 4- or 8-byte
    /// integer; any later parameter zeroed) and `shared_bytes` of dynamic shared memory (0: 4 x block).
    cudaError_t launch_own_kernel(cudaKernel_t kernel, const std::vector<std::size_t>& sizes, const void* a, void* b,
                                  std::size_t count, bool with_count, unsigned int grid, unsigned int block,
                                  std::size_t shared_bytes)
    {
        std::vector<std::vector<unsigned char>> storage;
        std::vector<void*> args;
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            storage.emplace_back(std::max<std::size_t>(sizes[i], 8), 0);
            unsigned char* slot = storage.back().data();
            if (i == 0)
                std::memcpy(slot, &a, sizeof a);
            else if (i == 1)
                std::memcpy(slot, &b, sizeof b);
            else if (i == 2 && with_count) {
                const std::uint64_t v = count;
                std::memcpy(slot, &v, std::min<std::size_t>(sizes[i], sizeof v));  // little-endian: 4 or 8 bytes
            }
        }
        for (auto& st : storage)
            args.push_back(st.data());
        const std::size_t shared = shared_bytes ? shared_bytes : 4 * static_cast<std::size_t>(block);
        return cudaLaunchKernel(reinterpret_cast<const void*>(kernel), dim3(grid), dim3(block), args.data(), shared, stream);
    }

    /// One launch of the own kernel (after work_of's reset of the output): the partials zeroed and
    /// the second kernel for a two-pass pair.
    cudaError_t launch_own(const KernelPlan& p, std::size_t n, const ColdPlan& c, long rep)
    {
        const OwnKernel& k = *p.own;
        const unsigned int count = static_cast<unsigned int>(n);
        switch (k.signature) {
        case OwnKernel::Signature::InPlace:
            return launch_own_kernel(own_first, own_first_params, work, out, 0, false, p.grid, p.block, k.shared_bytes);
        case OwnKernel::Signature::InputOutput:
            return launch_own_kernel(own_first, own_first_params, input_x(c, rep), out, count, true, p.grid, p.block, k.shared_bytes);
        case OwnKernel::Signature::TwoPass: {
            if (const cudaError_t e = cudaMemsetAsync(own_partials, 0, p.grid * sizeof(float), stream); e != cudaSuccess)
                return e;
            if (const cudaError_t e = launch_own_kernel(own_first, own_first_params, input_x(c, rep), own_partials,
                                                        count, true, p.grid, p.block, k.shared_bytes);
                e != cudaSuccess)
                return e;
            return launch_own_kernel(own_second, own_second_params, own_partials, out, p.grid, true, 1, 1024, k.shared_bytes);
        }
        }
        return cudaErrorInvalidValue;
    }

    Launch launch_for(const KernelSpec& s, const KernelPlan& p, std::size_t n) const
    {
        Launch l;
        l.x = x;
        l.y = y;
        l.work = work;
        l.out = out;
        l.partials = partials;
        l.epoch = epoch;
        l.temp = reducescope::cuda::is_cccl_mode(s.strategy) ? cccl_temp : temp;
        l.temp_bytes = reducescope::cuda::is_cccl_mode(s.strategy) ? cccl_temp_bytes : temp_bytes;
        l.n = static_cast<unsigned int>(n);  // n <= capacity <= kMaxElements (checked at construction)
        l.block = s.block_size;
        l.coarse = s.coarse_factor;
        l.grid = p.grid;
        l.max = s.max;
        l.stream = stream;
        return l;
    }

    void ensure_cub_temp(const KernelSpec& s, std::size_t n)
    {
        Launch l;
        l.x = x;
        l.out = out;
        l.n = static_cast<unsigned int>(n);
        l.stream = stream;
        std::size_t need = 0;
        if (reducescope::cuda::is_cccl_mode(s.strategy)) {
            // CCCL's determinism modes: their own buffer, of the size the call asks for (a call
            // without storage is the size query: launch.cuh Launch::temp_request).
            l.temp_request = &need;
            const cudaError_t e = p_launcher_of(s.strategy)->launch(l, NoProbe{});
            if (e != cudaErrorMemoryAllocation && e != cudaSuccess)
                check(e, (s.strategy + " (temp storage query)").c_str());
            if (need > cccl_temp_bytes) {
                if (cccl_temp)
                    RS_CHECK(cudaFree(cccl_temp));
                cccl_temp = nullptr;
                RS_CHECK(cudaMalloc(&cccl_temp, need));
                cccl_temp_bytes = need;
            }
            return;
        }
        check(reducescope::cuda::enqueue_cub(s.max, l, &need), "cub::DeviceReduce (temp storage query)");
        if (need > temp_bytes) {
            if (temp)
                RS_CHECK(cudaFree(temp));
            temp = nullptr;
            RS_CHECK(cudaMalloc(&temp, need));
            temp_bytes = need;
        }
    }

    // ---- cold cache --------------------------------------------------------------------------

    /// How repetitions over n elements (`arrays` input arrays) get a cold L2 in `mode`.
    ColdPlan cold_plan(Cache cache, Mode mode, std::size_t n, int arrays, bool in_place) const
    {
        ColdPlan c;
        if (cache == Cache::Hot)
            return c;
        c.method = ColdPlan::Method::FlushRead;
        if (mode == Mode::PerLaunch || in_place)
            return c;
        const std::size_t footprint = static_cast<std::size_t>(arrays) * n * sizeof(float);
        const std::size_t target = 2 * static_cast<std::size_t>(dev.l2_bytes);
        const std::size_t k = footprint >= target ? 1 : (target + footprint - 1) / footprint;
        if (k > static_cast<std::size_t>(kMaxColdBuffers))
            return c;
        c.method = ColdPlan::Method::Rotate;
        c.buffers = static_cast<int>(k);
        return c;
    }

    /// Makes rot_k copies of the first n (+ padding) floats of x (and y) for a Rotate plan.
    void ensure_rotation(const ColdPlan& c, std::size_t n)
    {
        if (c.method != ColdPlan::Method::Rotate || c.buffers <= 1)
            return;
        if (rot_n == n && rot_k == c.buffers)
            return;
        for (float** p : {&rot_x, &rot_y})
            if (*p) {
                RS_CHECK(cudaFree(*p));
                *p = nullptr;
            }
        rot_stride = (n + kPad + 63) / 64 * 64;  // 256-byte aligned copies
        rot_x = alloc_floats(rot_stride * static_cast<std::size_t>(c.buffers), "cold rotation copies of x");
        if (y)
            rot_y = alloc_floats(rot_stride * static_cast<std::size_t>(c.buffers), "cold rotation copies of y");
        for (int i = 0; i < c.buffers; ++i) {
            RS_CHECK(cudaMemcpyAsync(rot_x + i * rot_stride, x, (n + kPad) * sizeof(float), cudaMemcpyDeviceToDevice, stream));
            if (rot_y)
                RS_CHECK(cudaMemcpyAsync(rot_y + i * rot_stride, y, (n + kPad) * sizeof(float), cudaMemcpyDeviceToDevice, stream));
        }
        RS_CHECK(cudaStreamSynchronize(stream));
        rot_n = n;
        rot_k = c.buffers;
    }

    /// The input of repetition `rep` under a cold plan (x itself when not rotating).
    const float* input_x(const ColdPlan& c, long rep) const
    {
        return c.method == ColdPlan::Method::Rotate && c.buffers > 1 ? rot_x + (rep % c.buffers) * rot_stride : x;
    }
    const float* input_y(const ColdPlan& c, long rep) const
    {
        return c.method == ColdPlan::Method::Rotate && c.buffers > 1 && rot_y ? rot_y + (rep % c.buffers) * rot_stride : y;
    }

    /// Reads the flush buffer (2 L2): evicts the input without leaving dirty lines behind.
    void flush_read()
    {
        check(reducescope::cuda::enqueue_flush_read(flush, flush_bytes, sink, dev.sms, stream), "flush_read<<<>>>");
    }

    // Untimed preparation of one repetition: restore the in-place input, flush the L2 by reading.
    void prep(const KernelPlan& p, std::size_t n, const ColdPlan& c)
    {
        if (p.in_place) {
            RS_CHECK(cudaMemcpyAsync(work, x, n * sizeof(float), cudaMemcpyDeviceToDevice, stream));
            // Zeros (the identity) up to the end of the last segment: < 2 * 1024 elements (an own
            // kernel: up to max(2, E) x block x grid, own_plan checked that it fits).
            std::size_t pad = kPad;
            if (p.own)
                pad = std::min(std::max<std::size_t>(kPad, p.in_place_values - n), capacity + kPad - n);
            RS_CHECK(cudaMemsetAsync(work + n, 0, pad * sizeof(float), stream));
        }
        if (c.method == ColdPlan::Method::FlushRead)
            flush_read();
    }

    bool has_prep(const KernelPlan& p, const ColdPlan& c) const
    {
        return p.in_place || c.method == ColdPlan::Method::FlushRead;
    }

    // The timed work of one repetition: reset of an accumulating output, then the kernel(s).
    void work_of(const KernelSpec& s, const KernelPlan& p, std::size_t n, const ColdPlan& c, long rep,
                 bool timed = true)
    {
        if (p.accumulates && !(timed && reset_mode == "none")) {
            if (p.max)
                check(reducescope::cuda::enqueue_fill(out, -std::numeric_limits<float>::infinity(), stream),
                      "fill_kernel<<<1,1>>> (reset to -inf)");
            else if (reset_with_kernel)
                check(reducescope::cuda::enqueue_fill(out, 0.0f, stream), "fill_kernel<<<1,1>>> (reset to 0)");
            else
                RS_CHECK(cudaMemsetAsync(out, 0, sizeof(float), stream));
        }
        Launch l = launch_for(s, p, n);
        l.x = input_x(c, rep);
        l.y = input_y(c, rep);
        if (p.zero_ahead)
            l.launch = ring_next++;
        const cudaError_t e = p.own ? launch_own(p, n, c, rep)
                            : p.launcher ? p.launcher->launch(l, NoProbe{})
                                         : cudaErrorInvalidValue;
        if (e == cudaErrorLaunchOutOfResources && p.own)
            throw TooFewRegisters{"block size " + std::to_string(p.block) + " needs more registers than a multiprocessor "
                                  "has for " + p.kernel + " (" + cudaGetErrorString(e) + "); use a smaller block size"};
        if (e == cudaErrorLaunchOutOfResources)
            throw TooFewRegisters{"block size " + std::to_string(s.block_size) + " with coarse factor " +
                                  std::to_string(s.coarse_factor) + " needs more registers than a multiprocessor has for " +
                                  p.kernel + " (" + cudaGetErrorString(e) + "); use a smaller block size or coarse factor"};
        if (e != cudaSuccess)
            throw CudaError{error_text((p.kernel + "<<<" + std::to_string(p.grid) + ", " +
                                        std::to_string(p.block) + ">>>").c_str(), e)};
    }

    float elapsed()
    {
        RS_CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        RS_CHECK(cudaEventElapsedTime(&ms, start, stop));
        return ms;
    }

    // ---- timing ------------------------------------------------------------------------------

    /// The stopping rule of `t` (fixed: per-launch `reps` samples, loop/graph `batches`).
    static bench::StopCriteria criteria(const Timing& t)
    {
        bench::StopCriteria c = t.stop;
        if (!t.adaptive)
            c.fixed_samples = t.mode == Mode::PerLaunch ? std::max(1, t.reps) : std::max(1, std::min(t.batches, t.reps));
        return c;
    }

    /// Captures `per_batch` repetitions (prep and work) into an instantiated CUDA graph.
    template <class Prep, class Work>
    /// `timed`: the graph itself records the start event before its first node and the stop event
    /// after its last (event record nodes, cudaEventRecordExternal), so that a replay's time holds
    /// the repetitions alone, not the GPU's fixed cost of entering a graph launch.
    cudaGraphExec_t capture(int per_batch, Prep& prep_fn, Work& work_fn, bool timed = false)
    {
        cudaGraph_t graph = nullptr;
        RS_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
        capturing = true;
        try {
            if (timed)
                RS_CHECK(cudaEventRecordWithFlags(start, stream, cudaEventRecordExternal));
            for (int r = 0; r < per_batch; ++r) {
                prep_fn();
                work_fn(r);
            }
            if (timed)
                RS_CHECK(cudaEventRecordWithFlags(stop, stream, cudaEventRecordExternal));
        } catch (...) {
            capturing = false;
            cudaStreamEndCapture(stream, &graph);
            if (graph)
                cudaGraphDestroy(graph);
            throw;
        }
        capturing = false;
        RS_CHECK(cudaStreamEndCapture(stream, &graph));
        cudaGraphExec_t exec = nullptr;
        const cudaError_t ie = cudaGraphInstantiate(&exec, graph, 0);
        cudaGraphDestroy(graph);
        check(ie, "cudaGraphInstantiate");
        return exec;
    }

    /// Queues the blocking kernel (launch.cuh enqueue_blocking): the GPU spins until release().
    void block_stream()
    {
        host_flags[0] = 0;
        host_flags[1] = 0;
        std::atomic_thread_fence(std::memory_order_seq_cst);
        check(reducescope::cuda::enqueue_blocking(dev_flags, dev_flags + 1, 200'000'000ull, stream),
              "blocking_kernel<<<1, 1>>>");
    }
    /// Lets the blocking kernel end (block_timed_out() then says whether it had given up first).
    void release()
    {
        std::atomic_thread_fence(std::memory_order_seq_cst);
        host_flags[0] = 1;
        std::atomic_thread_fence(std::memory_order_seq_cst);
    }
    bool block_timed_out() const { return host_flags[1] != 0; }

    /// Times repetitions per `t`: `prep_fn()` is the untimed preparation of one repetition
    /// (per-launch: before the start event, and waited for; loop/graph: inside the batch, the
    /// caller subtracts it), `work_fn(rep)` enqueues repetition number `rep` (0, 1, ...). Each
    /// sample's size and divisor come from bench::batch_size (bench/batch.h): per-launch one
    /// repetition, divided by 1; loop and graph `per_batch` repetitions (0: chosen there) rounded
    /// up to a multiple of `multiple` (the cold rotation's copies, zero_ahead's ring of three),
    /// divided by that count. `read_clocks`: read the clocks around the timed samples.
    template <class Prep, class Work>
    Measured measure(const Timing& t, const bench::StopCriteria& stop_rule, int per_batch, int multiple, Prep&& prep_fn,
                     Work&& work_fn, bool read_clocks)
    {
        Measured m;
        long rep = 0;
        // Warm-up, eager: also the host's enqueue time of one repetition and, for the batch size,
        // the GPU time of one repetition.
        std::vector<double> host_us;
        if (t.warmup > 0) {
            RS_CHECK(cudaEventRecord(start, stream));
            for (int r = 0; r < t.warmup; ++r, ++rep) {
                prep_fn();
                const auto h0 = Clock::now();
                work_fn(rep);
                host_us.push_back(1e6 * seconds_since(h0));
            }
            RS_CHECK(cudaEventRecord(stop, stream));
        }
        RS_CHECK(cudaStreamSynchronize(stream));
        const double warm_ms_per_rep = t.warmup > 0 ? elapsed() / t.warmup : 0.0;
        m.host_us = median_of(host_us);

        const bool auto_batch = per_batch <= 0;
        bench::BatchRequest request;
        request.mode = batch_mode(t.mode);
        request.per_batch = per_batch;
        request.reps = t.reps;
        request.batches = t.batches;
        request.adaptive = t.adaptive;
        request.warm_ms_per_rep = warm_ms_per_rep;
        request.min_batch_us = t.min_batch_us;
        request.multiple = multiple;
        bench::BatchSize batch = bench::batch_size(request);

        cudaGraphExec_t exec = nullptr;
        if (t.mode == Mode::Graph) {
            // Adaptive: the eager warm-up is launch-bound, so its estimate makes graph batches too
            // short; the warm-up replay of the graph is timed, and a batch under min_batch_us is
            // captured again, longer (once).
            // The graph is uploaded before any replay (cudaGraphUpload), replayed once untimed, and
            // the batch is sized from the second replay (queued behind the blocking kernel like
            // the samples): the first replay's time holds the upload.
            const bool resize = t.adaptive && auto_batch;
            for (int attempt = 0; attempt < (resize ? 2 : 1); ++attempt) {
                exec = capture(batch.launches, prep_fn, work_fn, /*timed=*/true);
                cudaError_t se = cudaGraphUpload(exec, stream);
                if (se == cudaSuccess)
                    se = cudaGraphLaunch(exec, stream);  // untimed warm-up replay
                if (se == cudaSuccess && t.block_start)
                    block_stream();
                if (se == cudaSuccess)
                    se = cudaGraphLaunch(exec, stream);  // the replay the batch is sized from (it records the events)
                if (t.block_start)
                    release();
                if (se == cudaSuccess)
                    se = cudaStreamSynchronize(stream);
                if (se != cudaSuccess) {
                    cudaGraphExecDestroy(exec);
                    check(se, "cudaGraphUpload / cudaGraphLaunch (warm-up)");
                }
                const double batch_us = 1e3 * elapsed();
                if (!resize || attempt == 1)
                    break;
                const std::optional<bench::BatchSize> longer =
                    bench::graph_recapture(batch, batch_us, t.min_batch_us, multiple);
                if (!longer)
                    break;
                cudaGraphExecDestroy(exec);
                exec = nullptr;
                batch = *longer;
            }
        }
        m.per_sample = batch.launches;
        // Graph mode: a short graph beside the long one (bench::graph_difference), uploaded and
        // replayed once untimed like it; each sample is then the difference of the two replays.
        cudaGraphExec_t short_exec = nullptr;
        std::optional<bench::GraphDifference> difference;
        if (t.mode == Mode::Graph && t.graph_difference)
            difference = bench::graph_difference(batch.launches, multiple, t.graph_short_part);
        if (difference) {
            short_exec = capture(difference->short_launches, prep_fn, work_fn, /*timed=*/true);
            cudaError_t se = cudaGraphUpload(short_exec, stream);
            if (se == cudaSuccess)
                se = cudaGraphLaunch(short_exec, stream);
            if (se == cudaSuccess)
                se = cudaStreamSynchronize(stream);
            if (se != cudaSuccess) {
                cudaGraphExecDestroy(short_exec);
                cudaGraphExecDestroy(exec);
                check(se, "cudaGraphUpload / cudaGraphLaunch (short graph warm-up)");
            }
            m.short_per_sample = difference->short_launches;
        }
        bool block = t.block_start && t.mode != Mode::PerLaunch;
        m.blocked = block;
        try {
            const bool watch = read_clocks && t.read_clocks;
            std::size_t kept_before_reading = 0;  // samples already vouched for by a reading
            auto take_reading = [&](bool last) {
                const ClockReading c = t.read_clocks();
                const bool hot = t.throttled && t.throttled(c);
                watch_add(m.watch, c, hot);
                if (hot && !last_chance_) {
                    m.watch.dropped_samples += static_cast<int>(m.samples.size() - kept_before_reading);
                    m.samples.resize(kept_before_reading);
                }
                kept_before_reading = m.samples.size();
                return c;
            };
            last_chance_ = false;
            if (watch)
                m.before = take_reading(false);
            auto last_reading = Clock::now();
            const auto t0 = Clock::now();
            double noise = std::numeric_limits<double>::infinity();
            for (;;) {
                if (t.mode == Mode::PerLaunch) {
                    // One repetition (batch is {1, 1}), zero_ahead's included: its launch takes
                    // the next ring number like any eager launch.
                    prep_fn();
                    RS_CHECK(cudaStreamSynchronize(stream));  // the GPU is idle at the start event
                    RS_CHECK(cudaEventRecord(start, stream));
                    work_fn(rep++);
                    RS_CHECK(cudaEventRecord(stop, stream));
                } else if (t.mode == Mode::Loop) {
                    if (block)
                        block_stream();
                    RS_CHECK(cudaEventRecord(start, stream));
                    for (int r = 0; r < batch.launches; ++r) {
                        prep_fn();
                        work_fn(rep++);
                    }
                    RS_CHECK(cudaEventRecord(stop, stream));
                } else {
                    if (block)
                        block_stream();
                    RS_CHECK(cudaGraphLaunch(exec, stream));  // its first and last nodes record the events
                }
                if (block)
                    release();
                const double ms = elapsed();
                m.gpu_s += ms * 1e-3;
                bool timed_out = block && block_timed_out();
                double short_ms = 0;
                if (short_exec && !timed_out) {
                    // The short graph, queued the same way after its own blocking kernel (the same
                    // events: the long replay's times were read above).
                    if (block)
                        block_stream();
                    RS_CHECK(cudaGraphLaunch(short_exec, stream));
                    if (block)
                        release();
                    short_ms = elapsed();
                    m.gpu_s += short_ms * 1e-3;
                    timed_out = block && block_timed_out();
                }
                if (timed_out) {
                    // The batch was still being queued (a launch queue too short for it): not its
                    // GPU time alone. After three, the cell goes on without the blocking kernel.
                    if (++m.block_timeouts >= 3)
                        block = false;
                } else if (short_exec)
                    m.samples.push_back((ms - short_ms) / difference->divisor);
                else
                    m.samples.push_back(ms / batch.divisor);
                if (watch && 1e3 * seconds_since(last_reading) >= t.clock_interval_ms) {
                    // Past twice the time-out a throttled GPU no longer costs samples (the cell
                    // ends; its readings say it was throttled).
                    last_chance_ = seconds_since(t0) > 2 * std::max(1.0, stop_rule.timeout_s);
                    take_reading(false);
                    last_reading = Clock::now();
                }
                const long count = static_cast<long>(m.samples.size());
                if (bench::noise_check_due(stop_rule, count, m.gpu_s))
                    noise = bench::relative_stdev(m.samples);
                if (const auto rule = bench::stop_now(stop_rule, count, m.gpu_s, noise, seconds_since(t0))) {
                    m.rule = *rule;
                    break;
                }
            }
            m.wall_s = seconds_since(t0);
            if (watch) {
                last_chance_ = true;  // the samples are final: the last reading only records
                m.after = take_reading(true);
            }
            if (m.samples.empty())
                throw CudaError{"every sample was dropped (" + std::to_string(m.block_timeouts) +
                                " blocking-kernel time-outs, " + std::to_string(m.watch.dropped_samples) +
                                " throttled)"};
        } catch (...) {
            if (exec)
                cudaGraphExecDestroy(exec);
            if (short_exec)
                cudaGraphExecDestroy(short_exec);
            throw;
        }
        if (exec)
            RS_CHECK(cudaGraphExecDestroy(exec));
        if (short_exec)
            RS_CHECK(cudaGraphExecDestroy(short_exec));
        m.noise = bench::relative_stdev(m.samples);
        return m;
    }

    /// measure() of a body with nothing to restore (ceilings, the empty kernel): cold per `c`
    /// (rotation through `body(rep)`'s own inputs, or a read flush taken out like a kernel's).
    template <class Body>
    Measured measure_plain(const Timing& t, const bench::StopCriteria& stop_rule, const ColdPlan& c, Body&& body,
                           int per_batch = 0)
    {
        const bool flush_in_batch = t.mode != Mode::PerLaunch && c.method == ColdPlan::Method::FlushRead;
        auto prep_fn = [&] {
            if (c.method == ColdPlan::Method::FlushRead)
                flush_read();
        };
        Measured m = measure(t, stop_rule, per_batch, c.method == ColdPlan::Method::Rotate ? c.buffers : 1, prep_fn,
                             body, false);
        if (flush_in_batch) {
            bench::StopCriteria five;
            five.fixed_samples = 5;
            Timing t2 = t;
            t2.warmup = 1;
            const Measured f = measure(t2, five, m.per_sample, 1, [] {}, [&](long) { flush_read(); }, false);
            const double sub = median_of(f.samples);
            for (double& s : m.samples)
                s = std::max(0.0, s - sub);
        }
        return m;
    }

    /// One repetition of read-only kernel `s` over n floats (the ceiling), cold per `cold`.
    auto read_body(const ColdPlan& cold, std::size_t n, const reducescope::cuda::ReadShape& s)
    {
        return [this, cold, n, s](long rep) {
            Launch l;
            l.x = input_x(cold, rep);
            l.y = input_y(cold, rep);
            l.out = sink;
            l.n = static_cast<unsigned int>(n);
            l.stream = stream;
            check(reducescope::cuda::enqueue_read(l, s, -1.0e38f), "read ceiling kernel<<<>>>");
        };
    }

    /// The output slot of the launch work_of() queued last (zero_ahead: its ring slot).
    float* last_slot(const KernelPlan& p) const
    {
        return p.zero_ahead ? out + (ring_next + reducescope::cuda::kZeroAheadSlots - 1) % reducescope::cuda::kZeroAheadSlots
                            : out;
    }

    /// The validation replay (Timing::check_every_launch): `count` repetitions queued as the
    /// timed ones were (graph: captured and replayed once; loop, per-launch: eager), each followed
    /// by a copy of its output slot into `checks`; every copy read back. Untimed.
    void validation_replay(const KernelSpec& s, const KernelPlan& p, std::size_t n, const ColdPlan& cold, Mode mode,
                           int count, unsigned int poison, RunResult& r)
    {
        if (count <= 0)
            return;
        if (check_capacity < static_cast<std::size_t>(count)) {
            if (checks)
                RS_CHECK(cudaFree(checks));
            checks = nullptr;
            check_capacity = 0;
            checks = alloc_floats(static_cast<std::size_t>(count), "validation copies");
            check_capacity = static_cast<std::size_t>(count);
        }
        std::vector<unsigned int> bits(static_cast<std::size_t>(count), poison);
        RS_CHECK(cudaMemcpyAsync(checks, bits.data(), bits.size() * sizeof(unsigned int), cudaMemcpyHostToDevice, stream));
        auto one = [&](long rep) {
            prep(p, n, cold);
            work_of(s, p, n, cold, rep);
            RS_CHECK(cudaMemcpyAsync(checks + rep, last_slot(p), sizeof(float), cudaMemcpyDeviceToDevice, stream));
        };
        if (mode == Mode::Graph) {
            auto no_prep = [] {};
            auto body = [&](long rep) { one(rep); };
            cudaGraphExec_t exec = capture(count, no_prep, body);
            const cudaError_t e = cudaGraphLaunch(exec, stream);
            const cudaError_t se = e == cudaSuccess ? cudaStreamSynchronize(stream) : e;
            cudaGraphExecDestroy(exec);
            check(se, "cudaGraphLaunch (validation replay)");
        } else {
            for (long rep = 0; rep < count; ++rep)
                one(rep);
        }
        std::vector<float> values(static_cast<std::size_t>(count));
        RS_CHECK(cudaMemcpyAsync(values.data(), checks, values.size() * sizeof(float), cudaMemcpyDeviceToHost, stream));
        RS_CHECK(cudaStreamSynchronize(stream));
        r.launch_values.clear();
        r.launch_written.clear();
        for (const float v : values) {
            unsigned int b = 0;
            std::memcpy(&b, &v, sizeof b);
            r.launch_written.push_back(b != poison);
            r.launch_values.push_back(static_cast<double>(v));
        }
    }

    /// zero_ahead's ring after the timed work: the last launch zeroed the slot the next one adds
    /// into; empty when it holds.
    std::string zero_ahead_ring_error()
    {
        float next = 1;
        RS_CHECK(cudaMemcpyAsync(&next, out + ring_next % reducescope::cuda::kZeroAheadSlots, sizeof next,
                                 cudaMemcpyDeviceToHost, stream));
        RS_CHECK(cudaStreamSynchronize(stream));
        if (next != 0.0f)
            return "zero_ahead's next slot out[" + std::to_string(ring_next % reducescope::cuda::kZeroAheadSlots) +
                   "] is " + std::to_string(next) + ", not the 0 the last launch stores there";
        return {};
    }

    /// self_reset's counters after the timed work: empty when their invariants hold.
    std::string self_reset_counters_error(unsigned int grid)
    {
        unsigned long long c[reducescope::cuda::kSelfResetCounters] = {};
        RS_CHECK(cudaMemcpyAsync(c, epoch, sizeof c, cudaMemcpyDeviceToHost, stream));
        RS_CHECK(cudaStreamSynchronize(stream));
        if (c[3] != 0)
            return "self_reset's error word is set: a launch ran with another grid size than " + std::to_string(c[2]) +
                   " on the same counters";
        if (grid == 0 || c[0] % grid != 0)
            return "self_reset drew " + std::to_string(c[0]) + " tickets, not a whole number of launches of " +
                   std::to_string(grid) + " blocks";
        if (c[1] != c[0] / grid)
            return "self_reset published launch " + std::to_string(c[1]) + " after " + std::to_string(c[0] / grid) +
                   " launches";
        if (c[2] != grid)
            return "self_reset's grid word is " + std::to_string(c[2]) + ", the grid " + std::to_string(grid);
        return {};
    }
};

Runner::Runner(int device, std::span<const float> xs, std::span<const float> ys, const Needs& needs)
    : m(std::make_unique<Impl>())
{
    if (const std::string e = element_count_error(xs.size()); !e.empty())
        throw std::invalid_argument(e);
    const auto devices = list_devices();
    if (device < 0 || device >= static_cast<int>(devices.size()))
        throw NoDevice{"no CUDA device " + std::to_string(device) + " (" + std::to_string(devices.size()) +
                       " found)"};
    RS_CHECK(cudaSetDevice(device));
    m->dev = devices[static_cast<std::size_t>(device)];
    m->needs = needs;
    m->capacity = xs.size();
    const std::size_t need = bytes_needed(xs.size(), needs, m->dev.l2_bytes);
    if (need > static_cast<std::size_t>(m->dev.free_bytes))
        throw OutOfMemory{xs.size(), need, static_cast<std::size_t>(m->dev.free_bytes)};
    const std::size_t padded = xs.size() + kPad;
    try {
        m->x = m->alloc_floats(padded, "input");
        RS_CHECK(cudaMemset(m->x, 0, padded * sizeof(float)));
        RS_CHECK(cudaMemcpy(m->x, xs.data(), xs.size_bytes(), cudaMemcpyHostToDevice));
        if (needs.dot) {
            m->y = m->alloc_floats(padded, "second input");
            RS_CHECK(cudaMemset(m->y, 0, padded * sizeof(float)));
            RS_CHECK(cudaMemcpy(m->y, ys.data(), std::min(ys.size_bytes(), xs.size_bytes()), cudaMemcpyHostToDevice));
        }
        m->work = m->alloc_floats(padded, "working copy");
        if (needs.partials)
            m->partials = m->alloc_floats(xs.size() / 32 + 64, "block partials");
        m->out = m->alloc_floats(64, "output");
        m->sink = m->alloc_floats(64, "read kernels' output");
        RS_CHECK(cudaMalloc(reinterpret_cast<void**>(&m->epoch),
                            reducescope::cuda::kSelfResetCounters * sizeof(unsigned long long)));
        if (needs.cold) {
            m->flush_bytes = 2 * static_cast<std::size_t>(m->dev.l2_bytes);
            RS_CHECK(cudaMalloc(&m->flush, m->flush_bytes));
            RS_CHECK(cudaMemset(m->flush, 0, m->flush_bytes));  // written once; the flush only reads it
        }
        RS_CHECK(cudaStreamCreateWithFlags(&m->stream, cudaStreamNonBlocking));
        {
            int* h = nullptr;
            RS_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&h), 2 * sizeof(int), cudaHostAllocMapped));
            m->host_flags = h;
            h[0] = 1;
            h[1] = 0;
            RS_CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&m->dev_flags), h, 0));
        }
        RS_CHECK(cudaEventCreate(&m->start));
        RS_CHECK(cudaEventCreate(&m->stop));
        RS_CHECK(cudaDeviceSynchronize());
    } catch (const CudaError& e) {
        if (std::string_view{e.what()}.find("out of memory") != std::string_view::npos)
            throw OutOfMemory{xs.size(), need, static_cast<std::size_t>(m->dev.free_bytes)};
        throw;
    }
}

Runner::~Runner() = default;

const DeviceInfo& Runner::device() const { return m->dev; }

RunResult Runner::run(const KernelSpec& spec, std::size_t n, const Timing& timing)
{
    RunResult r;
    const KernelPlan p = m->plan(spec, n);
    r.kernel = p.kernel;
    r.grid = p.grid;
    r.block = p.block;
    r.in_place = p.in_place;
    if (n == 0 || n > m->capacity) {
        r.status = RunResult::Status::Skipped;
        r.message = "n=" + std::to_string(n) + " is outside 1.." + std::to_string(m->capacity);
        return r;
    }
    if (!p.skip.empty()) {
        r.status = RunResult::Status::Skipped;
        r.message = p.skip;
        return r;
    }
    const unsigned int poison = kPoisonBits;
    // zero_ahead: the slot its next launch adds into holds 0 (its contract's set-up); the others
    // are poisoned like any output.
    auto poison_output = [&] {
        std::vector<unsigned int> poison_host(64, poison);
        if (p.zero_ahead)
            poison_host[m->ring_next % reducescope::cuda::kZeroAheadSlots] = 0u;
        RS_CHECK(cudaMemcpyAsync(m->out, poison_host.data(), 64 * sizeof(float), cudaMemcpyHostToDevice, m->stream));
        RS_CHECK(cudaStreamSynchronize(m->stream));
    };
    // The output of the last launch: out[0], or zero_ahead's slot of its last launch.
    auto read_output = [&](bool& written) {
        float value = 0;
        const float* last = p.zero_ahead ? m->out + (m->ring_next + reducescope::cuda::kZeroAheadSlots - 1) %
                                                        reducescope::cuda::kZeroAheadSlots
                                         : m->out;
        RS_CHECK(cudaMemcpyAsync(&value, last, sizeof(float), cudaMemcpyDeviceToHost, m->stream));
        RS_CHECK(cudaStreamSynchronize(m->stream));
        unsigned int bits = 0;
        std::memcpy(&bits, &value, sizeof bits);
        written = bits != poison;
        return static_cast<double>(value);
    };
    try {
        if (spec.strategy == "cub" || reducescope::cuda::is_cccl_mode(spec.strategy))
            m->ensure_cub_temp(spec, n);
        if (p.own) {
            m->ensure_own(*p.own);
            if (p.own->signature == OwnKernel::Signature::TwoPass && m->own_partials_count < p.grid) {
                if (m->own_partials)
                    RS_CHECK(cudaFree(m->own_partials));
                m->own_partials = nullptr;
                m->own_partials_count = 0;
                m->own_partials = m->alloc_floats(p.grid, "own kernel's partials");
                m->own_partials_count = p.grid;
            }
        }
        // Verification run: poison the output (and partials), run once, read back.
        poison_output();
        if (m->partials)
            RS_CHECK(cudaMemsetAsync(m->partials, 0xff, (m->capacity / 32 + 64) * sizeof(float), m->stream));
        // self_reset's counters start at 0 for this grid (set-up, like CUB's temporary storage:
        // every later launch, timed ones included, leaves them ready for the next).
        if (p.self_reset)
            RS_CHECK(cudaMemsetAsync(m->epoch, 0, reducescope::cuda::kSelfResetCounters * sizeof(unsigned long long),
                                     m->stream));
        const ColdPlan hot;
        m->prep(p, n, hot);
        m->work_of(spec, p, n, hot, 0, /*timed=*/false);
        r.value = read_output(r.output_written);
        if (timing.reps > 0) {
            const ColdPlan cold = m->cold_plan(timing.cache, timing.mode, n, is_dot(spec.strategy) ? 2 : 1,
                                               p.in_place);
            m->ensure_rotation(cold, n);
            r.cold_method = cold_name(cold.method);
            r.cold_buffers = cold.method == ColdPlan::Method::Rotate ? cold.buffers : 0;
            const bool per_launch = timing.mode == Mode::PerLaunch;
            // Poisoned again: the value read after the timed work must come from it.
            poison_output();
            const Measured meas = m->measure(
                timing, Impl::criteria(timing), 0,
                std::lcm(cold.method == ColdPlan::Method::Rotate ? cold.buffers : 1,
                         p.zero_ahead ? static_cast<int>(reducescope::cuda::kZeroAheadSlots) : 1),
                [&] { if (per_launch) m->prep(p, n, cold); },
                [&](long rep) {
                    if (!per_launch)
                        m->prep(p, n, cold);
                    m->work_of(spec, p, n, cold, rep);
                },
                true);
            r.samples_ms = meas.samples;
            r.stop_rule = std::string{bench::stop_rule_name(meas.rule)};
            r.noise = meas.noise;
            r.gpu_time_s = meas.gpu_s;
            r.wall_s = meas.wall_s;
            r.reps_per_sample = meas.per_sample;
            r.short_reps_per_sample = meas.short_per_sample;
            r.host_enqueue_us = meas.host_us;
            r.clocks_before = meas.before;
            r.clocks_after = meas.after;
            r.clocks = meas.watch;
            r.blocked_start = meas.blocked;
            r.block_timeouts = meas.block_timeouts;
            // The timed work's own result: the last repetition left it in the output.
            r.checked_after = !(p.accumulates && m->reset_mode == "none");
            r.value_after = read_output(r.after_written);
            if (p.self_reset)
                r.counters_error = m->self_reset_counters_error(p.grid);
            if (p.zero_ahead)
                r.counters_error = m->zero_ahead_ring_error();
            if (timing.check_every_launch && r.counters_error.empty() && !(p.accumulates && m->reset_mode == "none")) {
                // Every launch of one batch, the same way the timed ones ran, each output copied out.
                poison_output();
                m->validation_replay(spec, p, n, cold, timing.mode,
                                     per_launch ? kPerLaunchChecked : std::max(1, meas.per_sample), poison, r);
                if (p.self_reset)
                    r.counters_error = m->self_reset_counters_error(p.grid);
                if (p.zero_ahead && r.counters_error.empty())
                    r.counters_error = m->zero_ahead_ring_error();
            }
            if (!per_launch && m->has_prep(p, cold)) {
                bench::StopCriteria five;
                five.fixed_samples = 5;
                Timing t2 = timing;
                t2.warmup = 1;
                const Measured prep_only =
                    m->measure(t2, five, meas.per_sample, 1, [] {}, [&](long) { m->prep(p, n, cold); }, false);
                r.subtracted_ms = median_of(prep_only.samples);
                for (double& s : r.samples_ms)
                    s = std::max(0.0, s - r.subtracted_ms);
                r.noise = bench::relative_stdev(r.samples_ms);
            }
        }
        r.status = RunResult::Status::Ran;
        if (p.accumulates && m->reset_mode == "none" && timing.reps > 0)
            r.message = "diagnostic: REDUCESCOPE_RESET=none, the output reset is not in the timed work";
    } catch (const TooFewRegisters& e) {
        // Not a fault of the kernel: this shape cannot launch on this device (cudaGetLastError
        // clears the launch error; it is not sticky).
        cudaGetLastError();
        r.status = RunResult::Status::Skipped;
        r.message = e.what();
    } catch (const CudaError& e) {
        r.status = RunResult::Status::Failed;
        r.message = e.what();
        cudaGetLastError();  // clear a non-sticky error so later kernels can still run
    }
    return r;
}

namespace {

std::string shape_text(const reducescope::cuda::ReadShape& s, unsigned int n)
{
    static const char* const loads[] = {"ld.global", "ld.global.nc", "ld.global.nc.L1::no_allocate"};
    std::string t;
    if (s.strided)
        t = "grid-stride, 4 float4 in flight/thread, grid " + std::to_string(s.blocks);
    else {
        const unsigned int per_block = s.block * s.unroll, n4 = n / 4;
        t = "one pass, " + std::to_string(s.unroll) + " float4/thread, grid " +
            std::to_string(std::max(1u, n4 / per_block + (n4 % per_block != 0)));
    }
    return t + ", block " + std::to_string(s.block) + ", " + loads[s.load] + (s.two_arrays ? ", x and y" : "");
}

} // namespace

namespace {
/// The read ceiling's shapes (docs/benchmarks.md, "Ceilings"): one pass with 1, 2, 4 or 8 float4
/// per thread (block 256; and 1 float4 with blocks of 512 and 1024), and grid-stride loops of
/// 1, 2, 4 or 8 blocks of 256 per SM, capped at one float4 per thread, and the same uncapped (the
/// project's experiment found grid-stride 1056 x 256 fastest at 2^20 on the H200, where 8 x 132
/// blocks are more than 2^20 / 1024 = 1024); each with the three load kinds.
std::vector<reducescope::cuda::ReadShape> ceiling_shapes(std::size_t n, int sms, bool two_arrays)
{
    using reducescope::cuda::ReadShape;
    const unsigned int n4 = static_cast<unsigned int>(n / 4);
    std::vector<ReadShape> shapes;
    for (int load = 0; load < 3; ++load) {
        for (const unsigned int u : {1u, 2u, 4u, 8u})
            shapes.push_back({false, u, 0, 256, load, two_arrays});
        for (const unsigned int b : {512u, 1024u})
            shapes.push_back({false, 1, 0, b, load, two_arrays});
        for (const bool capped : {true, false})
            for (const unsigned int per_sm : {1u, 2u, 4u, 8u}) {
                const unsigned int full = static_cast<unsigned int>(sms) * per_sm;
                const unsigned int blocks = capped ? std::min(full, std::max(1u, (n4 + 255) / 256)) : full;
                const bool dup = std::any_of(shapes.begin(), shapes.end(), [&](const ReadShape& s) {
                    return s.strided && s.blocks == blocks && s.load == load;
                });
                if (!dup)
                    shapes.push_back({true, 1, blocks, 256, load, two_arrays});
            }
    }
    return shapes;
}
} // namespace

CeilingResult Runner::read_ceiling(std::size_t n, const Timing& timing, bool two_arrays)
{
    using reducescope::cuda::ReadShape;
    if (two_arrays && !m->y)
        throw CudaError{"read_ceiling: no second input (Needs::dot)"};
    const std::vector<ReadShape> shapes = ceiling_shapes(n, m->dev.sms, two_arrays);
    // Screening: every shape with a few samples (10 per launch, 5 batches otherwise), then the
    // three fastest again with twice as many; the fastest of those is measured like a kernel.
    bench::StopCriteria screen;
    screen.fixed_samples = timing.mode == Mode::PerLaunch ? 10 : 5;
    Timing ts = timing;
    ts.warmup = std::min(timing.warmup, 3);
    ts.read_clocks = nullptr;
    std::vector<std::pair<double, std::size_t>> ranked;
    for (std::size_t i = 0; i < shapes.size(); ++i)
        ranked.emplace_back(median_of(read_shape_samples(n, ts, screen, shapes[i])), i);
    std::sort(ranked.begin(), ranked.end());
    ranked.resize(std::min<std::size_t>(3, ranked.size()));
    screen.fixed_samples *= 2;
    for (auto& [med, i] : ranked)
        med = median_of(read_shape_samples(n, ts, screen, shapes[i]));
    std::sort(ranked.begin(), ranked.end());
    const std::size_t winner = ranked.front().second;
    CeilingResult again = read_ceiling_shape(n, timing, two_arrays, static_cast<int>(winner));
    again.shapes_tried = static_cast<int>(shapes.size());
    return again;
}

CeilingResult Runner::read_ceiling_shape(std::size_t n, const Timing& timing, bool two_arrays, int shape)
{
    const std::vector<reducescope::cuda::ReadShape> shapes = ceiling_shapes(n, m->dev.sms, two_arrays);
    if (shape < 0 || shape >= static_cast<int>(shapes.size()))
        throw CudaError{"read_ceiling_shape: no shape " + std::to_string(shape)};
    CeilingResult out;
    bench::StopCriteria rule = Impl::criteria(timing);
    const ColdPlan cold = m->cold_plan(timing.cache, timing.mode, n, two_arrays ? 2 : 1, false);
    m->ensure_rotation(cold, n);
    const Measured final_m = m->measure_plain(timing, rule, cold, m->read_body(cold, n, shapes[shape]));
    out.samples_ms = final_m.samples;
    out.shape = shape_text(shapes[shape], static_cast<unsigned int>(n));
    out.shape_index = shape;
    out.shapes_tried = 1;
    out.stop_rule = std::string{bench::stop_rule_name(final_m.rule)};
    out.noise = final_m.noise;
    return out;
}

std::vector<double> Runner::read_shape_samples(std::size_t n, const Timing& t, const bench::StopCriteria& rule,
                                               const reducescope::cuda::ReadShape& s)
{
    const ColdPlan cold = m->cold_plan(t.cache, t.mode, n, s.two_arrays ? 2 : 1, false);
    m->ensure_rotation(cold, n);
    return m->measure_plain(t, rule, cold, m->read_body(cold, n, s)).samples;
}

std::vector<double> Runner::read_ceiling_ms(std::size_t n, const Timing& timing)
{
    return read_ceiling(n, timing).samples_ms;
}

std::vector<double> Runner::copy_ceiling_ms(std::size_t n, const Timing& timing)
{
    const ColdPlan cold = m->cold_plan(timing.cache, timing.mode, n, 1, false);
    m->ensure_rotation(cold, n);
    return m
        ->measure_plain(timing, Impl::criteria(timing), cold,
                        [&](long rep) {
                            RS_CHECK(cudaMemcpyAsync(m->work, m->input_x(cold, rep), n * sizeof(float),
                                                     cudaMemcpyDeviceToDevice, m->stream));
                        })
        .samples;
}

std::vector<double> Runner::empty_kernel_ms(const Timing& timing)
{
    Timing hot = timing;
    hot.cache = Cache::Hot;
    return m
        ->measure_plain(hot, Impl::criteria(hot), ColdPlan{},
                        [&](long) { check(reducescope::cuda::enqueue_empty(m->stream), "empty_kernel<<<1, 32>>>"); })
        .samples;
}

} // namespace reducescope::cuda
