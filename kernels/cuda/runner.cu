// SPDX-License-Identifier: GPL-3.0-or-later
// The CUDA side of the benchmark: devices, buffers, verification runs and timing with CUDA
// events (per launch, loop, graph; hot or cold L2). Behind reduce_api.h.
//
// In-place kernels (simple, convergent, convergent_reversed) overwrite their input, so a working
// copy is restored from the pristine input before every repetition (a device-to-device copy plus
// zeroing of the padding). That restore, like the cold-cache flush, is never counted:
//  - per launch: it runs before the start event;
//  - loop and graph: it runs inside the batch, and the same batch of restores/flushes alone is
//    timed the same way and its median per repetition subtracted (RunResult::subtracted_ms).
// Outputs that accumulate (atomics) are reset inside the timed work: that cost is counted.
#include "launch.cuh"
#include "model/catalogue.h"
#include "reduce_api.h"

#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string_view>

namespace reducescope::cuda {
namespace {
/// The CUB baseline as a registry entry (its Max when Launch::max).
const KernelLauncher<NoProbe> kCubLauncher{"cub", [](const Launch& l, NoProbe) { return enqueue_cub(l.max, l, nullptr); }};

/// The benchmark's registry: the kernel files' tables and the CUB baseline.
auto launcher_tables()
{
    return std::array{basic_kernels(), multiblock_kernels(), warp_kernels(), dot_kernels(),
                      std::span<const KernelLauncher<NoProbe>>{&kCubLauncher, 1}};
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

namespace reducescope::gpu {
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
    std::string skip;          // non-empty: why this kernel cannot run here
};

bool is_pow2(unsigned int v) { return v && !(v & (v - 1)); }

unsigned int ceil_div(std::size_t a, std::size_t b) { return static_cast<unsigned int>((a + b - 1) / b); }

} // namespace

OutOfMemory::OutOfMemory(std::size_t n_, std::size_t needed, std::size_t free_)
    : std::runtime_error("N=" + std::to_string(n_) + " needs " + std::to_string(needed) +
                         " bytes of device memory; " + std::to_string(free_) + " are free"),
      n(n_), bytes_needed(needed), bytes_free(free_)
{
}

bool is_in_place(const std::string& s)
{
    const model::StrategyInfo* info = model::find_strategy(s);
    return info && info->in_place;
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
    if (needs.cold)
        bytes += 2 * static_cast<std::size_t>(l2_bytes);          // flush buffer
    bytes += 64 << 20;                                            // CUB temporary storage, slack
    return bytes;
}

struct Runner::Impl {
    DeviceInfo dev;
    Needs needs;
    std::size_t capacity = 0;
    float* x = nullptr;
    float* y = nullptr;
    float* work = nullptr;
    float* partials = nullptr;
    float* out = nullptr;
    unsigned long long* epoch = nullptr;  // self_reset's ticket counter and published launch
    void* flush = nullptr;
    std::size_t flush_bytes = 0;
    void* temp = nullptr;
    std::size_t temp_bytes = 0;
    cudaStream_t stream = nullptr;
    cudaEvent_t start = nullptr, stop = nullptr;
    int flush_value = 0;
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

    ~Impl()
    {
        for (void* p : {static_cast<void*>(x), static_cast<void*>(y), static_cast<void*>(work),
                        static_cast<void*>(partials), static_cast<void*>(out), static_cast<void*>(epoch),
                        flush, temp})
            if (p)
                cudaFree(p);
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
        if (info->operation == model::Reduction::Dot && !needs.dot)
            p.skip = "internal: dot product without a second vector";
        if (info->needs_partials && !needs.partials)
            p.skip = "internal: no partials buffer";
        return p;
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
        l.temp = temp;
        l.temp_bytes = temp_bytes;
        l.n = static_cast<unsigned int>(n);
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
        check(reducescope::cuda::enqueue_cub(s.max, l, &need), "cub::DeviceReduce (temp storage query)");
        if (need > temp_bytes) {
            if (temp)
                RS_CHECK(cudaFree(temp));
            temp = nullptr;
            RS_CHECK(cudaMalloc(&temp, need));
            temp_bytes = need;
        }
    }

    // Untimed preparation of one repetition: restore the in-place input, flush the L2.
    void prep(const KernelPlan& p, std::size_t n, Cache cache)
    {
        if (p.in_place) {
            RS_CHECK(cudaMemcpyAsync(work, x, n * sizeof(float), cudaMemcpyDeviceToDevice, stream));
            // Zeros (the identity) up to the end of the last segment: < 2 * 1024 elements.
            RS_CHECK(cudaMemsetAsync(work + n, 0, kPad * sizeof(float), stream));
        }
        if (cache == Cache::Cold) {
            flush_value ^= 1;
            RS_CHECK(cudaMemsetAsync(flush, flush_value, flush_bytes, stream));
        }
    }

    bool has_prep(const KernelPlan& p, Cache cache) const { return p.in_place || cache == Cache::Cold; }

    // The timed work of one repetition: reset of an accumulating output, then the kernel(s).
    void work_of(const KernelSpec& s, const KernelPlan& p, std::size_t n, bool timed = true)
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
        const Launch l = launch_for(s, p, n);
        const cudaError_t e = p.launcher ? p.launcher->launch(l, NoProbe{}) : cudaErrorInvalidValue;
        if (e == cudaErrorLaunchOutOfResources)
            throw TooFewRegisters{"block size " + std::to_string(s.block_size) + " with coarse factor " +
                                  std::to_string(s.coarse_factor) + " needs more registers than a multiprocessor has for " +
                                  p.kernel + " (" + cudaGetErrorString(e) + "); use a smaller block size or coarse factor"};
        if (e != cudaSuccess)
            throw CudaError{error_text((p.kernel + "<<<" + std::to_string(p.grid) + ", " +
                                        std::to_string(s.block_size) + ">>>").c_str(), e)};
    }

    float elapsed()
    {
        RS_CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        RS_CHECK(cudaEventElapsedTime(&ms, start, stop));
        return ms;
    }

    // Times `body` (which enqueues one repetition's prep and/or work) per the timing mode.
    // prep_in_batch: the body includes untimed prep (loop/graph only); per-launch runs `prep`
    // before the start event instead.
    template <class Prep, class Body>
    std::vector<double> time(const Timing& t, Prep&& prep_fn, Body&& body)
    {
        std::vector<double> samples;
        if (t.mode == Mode::PerLaunch) {
            for (int r = 0; r < t.warmup + t.reps; ++r) {
                prep_fn();
                RS_CHECK(cudaEventRecord(start, stream));
                body();
                RS_CHECK(cudaEventRecord(stop, stream));
                const double ms = elapsed();
                if (r >= t.warmup)
                    samples.push_back(ms);
            }
            return samples;
        }
        const int batches = std::max(1, std::min(t.batches, t.reps));
        const int per_batch = std::max(1, t.reps / batches);
        auto batch = [&] {
            for (int r = 0; r < per_batch; ++r) {
                prep_fn();
                body();
            }
        };
        for (int r = 0; r < t.warmup; ++r) {
            prep_fn();
            body();
        }
        RS_CHECK(cudaStreamSynchronize(stream));
        if (t.mode == Mode::Loop) {
            for (int b = 0; b < batches; ++b) {
                RS_CHECK(cudaEventRecord(start, stream));
                batch();
                RS_CHECK(cudaEventRecord(stop, stream));
                samples.push_back(elapsed() / per_batch);
            }
            return samples;
        }
        cudaGraph_t graph = nullptr;
        cudaGraphExec_t exec = nullptr;
        RS_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
        try {
            batch();
        } catch (...) {
            cudaStreamEndCapture(stream, &graph);
            if (graph)
                cudaGraphDestroy(graph);
            throw;
        }
        RS_CHECK(cudaStreamEndCapture(stream, &graph));
        const cudaError_t ie = cudaGraphInstantiate(&exec, graph, 0);
        cudaGraphDestroy(graph);
        check(ie, "cudaGraphInstantiate");
        try {
            RS_CHECK(cudaGraphLaunch(exec, stream));  // warm-up replay (uploads the graph)
            RS_CHECK(cudaStreamSynchronize(stream));
            for (int b = 0; b < batches; ++b) {
                RS_CHECK(cudaEventRecord(start, stream));
                RS_CHECK(cudaGraphLaunch(exec, stream));
                RS_CHECK(cudaEventRecord(stop, stream));
                samples.push_back(elapsed() / per_batch);
            }
        } catch (...) {
            cudaGraphExecDestroy(exec);
            throw;
        }
        RS_CHECK(cudaGraphExecDestroy(exec));
        return samples;
    }

    // Times `body` with only the cold-cache flush as untimed preparation (the ceilings).
    template <class Body>
    std::vector<double> time_with_flush(const Timing& t, std::size_t n, Body&& body)
    {
        const KernelPlan none;
        auto flush = [&] { prep(none, n, t.cache); };
        const bool per_launch = t.mode == Mode::PerLaunch;
        auto samples = time(t, [&] { if (per_launch) flush(); },
                            [&] {
                                if (!per_launch)
                                    flush();
                                body();
                            });
        if (!per_launch && t.cache == Cache::Cold) {
            Timing t2 = t;
            t2.warmup = 1;
            const double sub = median_of(time(t2, [] {}, flush));
            for (double& s : samples)
                s = std::max(0.0, s - sub);
        }
        return samples;
    }
};

Runner::Runner(int device, std::span<const float> xs, std::span<const float> ys, const Needs& needs)
    : m(std::make_unique<Impl>())
{
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
        RS_CHECK(cudaMalloc(reinterpret_cast<void**>(&m->epoch), 2 * sizeof(unsigned long long)));
        if (needs.cold) {
            m->flush_bytes = 2 * static_cast<std::size_t>(m->dev.l2_bytes);
            RS_CHECK(cudaMalloc(&m->flush, m->flush_bytes));
        }
        RS_CHECK(cudaStreamCreateWithFlags(&m->stream, cudaStreamNonBlocking));
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
    try {
        if (spec.strategy == "cub")
            m->ensure_cub_temp(spec, n);
        // Verification run: poison the output (and partials), run once, read back.
        const unsigned int poison = kPoisonBits;
        std::vector<unsigned int> poison_host(64, poison);
        RS_CHECK(cudaMemcpyAsync(m->out, poison_host.data(), 64 * sizeof(float), cudaMemcpyHostToDevice, m->stream));
        if (m->partials)
            RS_CHECK(cudaMemsetAsync(m->partials, 0xff, (m->capacity / 32 + 64) * sizeof(float), m->stream));
        // self_reset's counters start at 0 for this grid (set-up, like CUB's temporary storage:
        // every later launch, timed ones included, leaves them ready for the next).
        if (p.self_reset)
            RS_CHECK(cudaMemsetAsync(m->epoch, 0, 2 * sizeof(unsigned long long), m->stream));
        m->prep(p, n, Cache::Hot);
        m->work_of(spec, p, n, /*timed=*/false);
        float value = 0;
        RS_CHECK(cudaMemcpyAsync(&value, m->out, sizeof(float), cudaMemcpyDeviceToHost, m->stream));
        RS_CHECK(cudaStreamSynchronize(m->stream));
        unsigned int bits = 0;
        std::memcpy(&bits, &value, sizeof bits);
        r.output_written = bits != poison;
        r.value = value;
        if (timing.reps > 0) {
            const Cache cache = timing.cache;
            r.samples_ms = m->time(
                timing, [&] { if (timing.mode == Mode::PerLaunch) m->prep(p, n, cache); },
                [&] {
                    if (timing.mode != Mode::PerLaunch)
                        m->prep(p, n, cache);
                    m->work_of(spec, p, n);
                });
            if (timing.mode != Mode::PerLaunch && m->has_prep(p, cache)) {
                Timing t2 = timing;
                t2.warmup = 1;
                const auto prep_only = m->time(t2, [] {}, [&] { m->prep(p, n, cache); });
                r.subtracted_ms = median_of(prep_only);
                for (double& s : r.samples_ms)
                    s = std::max(0.0, s - r.subtracted_ms);
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

std::vector<double> Runner::read_ceiling_ms(std::size_t n, const Timing& timing)
{
    // Two shapes of read-only kernel; the ceiling is the faster (by median).
    // Grid-stride: 8 blocks of 256 threads fill a multiprocessor (2048 threads), fewer when n is small.
    const unsigned int strided_blocks =
        std::max(1u, std::min(static_cast<unsigned int>(m->dev.sms * 8), ceil_div(n, 4 * 256)));
    Launch l;
    l.x = m->x;
    l.out = m->out;
    l.n = static_cast<unsigned int>(n);
    l.block = 256;
    l.stream = m->stream;
    std::vector<double> best;
    for (const unsigned int blocks : {strided_blocks, 0u}) {
        auto s = m->time_with_flush(timing, n, [&] {
            check(reducescope::cuda::enqueue_read_ceiling(l, blocks, -1.0e38f), "read_ceiling_kernel<<<>>>");
        });
        if (best.empty() || median_of(s) < median_of(best))
            best = std::move(s);
    }
    return best;
}

std::vector<double> Runner::copy_ceiling_ms(std::size_t n, const Timing& timing)
{
    return m->time_with_flush(timing, n, [&] {
        RS_CHECK(cudaMemcpyAsync(m->work, m->x, n * sizeof(float), cudaMemcpyDeviceToDevice, m->stream));
    });
}

} // namespace reducescope::gpu
