// SPDX-License-Identifier: GPL-3.0-or-later
// One reduction over K GPUs, driven by one host thread (seed 001 §5.2). Behind multi_gpu_api.h.
//
// Each GPU holds the whole input; GPU g reduces only its shard (bench::split_shards) with the
// fastest single-GPU kernel, `vectorized`, into one float. The K partials then become one sum:
//  - nccl_allreduce: ncclAllReduce of one float per GPU: every GPU ends with the sum;
//  - nccl_reduce:    ncclReduce of one float per GPU to GPU 0;
//  - p2p:            each GPU copies its float into an array on GPU 0 (cudaMemcpyPeerAsync over
//                    NVLink or PCIe), and one thread on GPU 0 adds the K floats;
// and, as the collective baseline, no reduction kernel at all: ncclAllReduce of the whole N-float
// buffer of every GPU (what a data-parallel gradient sum does), for the bandwidth NCCL reaches.
//
// Timing uses GPU 0's clock only: a start event on GPU 0's stream, which every other stream waits
// for, and a stop event after GPU 0's stream has waited for every other stream's last work. So a
// sample spans from the first GPU's start to the last GPU's finish.
#include "launch.cuh"
#include "multi_gpu_api.h"

#include <cuda_runtime.h>
#if REDUCESCOPE_WITH_NCCL
#include <nccl.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

namespace reducescope::cuda {
namespace {

using bench::Combine;
using reducescope::cuda::Launch;

void check(cudaError_t e, const char* call)
{
    if (e != cudaSuccess)
        throw CudaError{std::string{call} + ": " + cudaGetErrorString(e)};
}
#define MG_CHECK(call) check((call), #call)

#if REDUCESCOPE_WITH_NCCL
void check_nccl(ncclResult_t r, const char* call)
{
    if (r != ncclSuccess)
        throw CudaError{std::string{call} + ": " + ncclGetErrorString(r)};
}
#define MG_NCCL(call) check_nccl((call), #call)
#endif

constexpr unsigned int kPoisonBits = 0x7fc0deadu;  // as runner.cu: a NaN no kernel produces by chance
constexpr std::size_t kPad = 2048;
constexpr std::size_t kGatherSlots = 64;           // K <= 64

// p2p, last step: one thread adds the K partials that the peer copies gathered on GPU 0, in GPU
// order, so every run gives the same bits. Costs: K loads and one store; the copies before it
// move 4 bytes per GPU each: latency, not bandwidth, is what p2p costs here.
__global__ void add_partials(const float* partials, unsigned int k, float* out)
{
    float sum = 0.0f;
    for (unsigned int g = 0; g < k; ++g)
        sum += partials[g];
    *out = sum;
}

// `vectorized` may merge its blocks through per-block partials and a ticket counter (the
// last-block pattern) instead of one atomicAdd per block: hand it both when Launch has them, so
// this file builds and runs with either version of the kernel.
template <class L>
void set_last_block_buffers(L& l, float* partials, unsigned int* ticket)
{
    l.partials = partials;
    if constexpr (requires { l.ticket; })
        l.ticket = ticket;
    else
        (void)ticket;
}

unsigned int ceil_div(std::size_t a, std::size_t b) { return static_cast<unsigned int>((a + b - 1) / b); }

float poison_float()
{
    float f;
    std::memcpy(&f, &kPoisonBits, sizeof f);
    return f;
}

bool is_poison(float f)
{
    unsigned int bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    return bits == kPoisonBits;
}

} // namespace

bool multi_gpu_has_nccl() { return REDUCESCOPE_WITH_NCCL != 0; }

std::string nccl_version()
{
#if REDUCESCOPE_WITH_NCCL
    int v = 0;
    if (ncclGetVersion(&v) != ncclSuccess)
        return {};
    // Since NCCL 2.9: major*10000 + minor*100 + patch.
    return std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." + std::to_string(v % 100);
#else
    return {};
#endif
}

struct MultiGpuRunner::Impl {
    struct Gpu {
        int device = 0;
        float* x = nullptr;        ///< the whole input (capacity + padding floats); the shard is a range
        float* big_out = nullptr;  ///< the baseline's all-reduce destination (capacity floats)
        float* partial = nullptr;  ///< this GPU's shard sum (GPU 0: gather[0])
        float* result = nullptr;   ///< the combined sum (every GPU for all-reduce, GPU 0 otherwise)
        float* block_partials = nullptr;  ///< vectorized's per-block partials (last-block merge)
        unsigned int* ticket = nullptr;   ///< vectorized's last-block counter: 0 between launches
        cudaStream_t stream = nullptr;
        cudaEvent_t done = nullptr;  ///< this stream's last work (no timing)
#if REDUCESCOPE_WITH_NCCL
        ncclComm_t comm = nullptr;
#endif
    };
    std::vector<Gpu> gpu;
    std::size_t capacity = 0;
    float* gather = nullptr;          ///< on GPU 0: one slot per GPU, where p2p copies land
    float* check_sum = nullptr;       ///< on GPU 0: the baseline's verification sum
    cudaEvent_t start = nullptr, stop = nullptr, summed = nullptr;  // on GPU 0
    std::vector<std::vector<bool>> peer;
    std::string p2p_skip;             ///< non-empty: why p2p cannot run

    ~Impl()
    {
        for (Gpu& g : gpu) {
            cudaSetDevice(g.device);
#if REDUCESCOPE_WITH_NCCL
            if (g.comm)
                ncclCommDestroy(g.comm);
#endif
            for (float* p : {g.x, g.big_out, g.result, g.block_partials})
                if (p)
                    cudaFree(p);
            if (g.ticket)
                cudaFree(g.ticket);
            if (g.device != 0 && g.partial)
                cudaFree(g.partial);
            if (g.done)
                cudaEventDestroy(g.done);
            if (g.stream)
                cudaStreamDestroy(g.stream);
        }
        if (!gpu.empty()) {
            cudaSetDevice(gpu[0].device);
            for (float* p : {gather, check_sum})
                if (p)
                    cudaFree(p);
            for (cudaEvent_t e : {start, stop, summed})
                if (e)
                    cudaEventDestroy(e);
        }
    }

    float* alloc(std::size_t count, const char* what)
    {
        void* p = nullptr;
        const cudaError_t e = cudaMalloc(&p, count * sizeof(float));
        if (e != cudaSuccess)
            throw CudaError{std::string{"cudaMalloc("} + what + "): " + cudaGetErrorString(e)};
        return static_cast<float*>(p);
    }

    void use(const Gpu& g) { MG_CHECK(cudaSetDevice(g.device)); }

    // Resets this GPU's partial and reduces its shard into it.
    void enqueue_shard(Gpu& g, const bench::Shard& s, const MultiGpuTiming& t)
    {
        use(g);
        check(reducescope::cuda::enqueue_fill(g.partial, 0.0f, g.stream), "fill_kernel<<<1,1>>> (reset to 0)");
        if (s.size == 0)
            return;
        Launch l;
        l.x = g.x + s.offset;  // offsets are multiples of 4 floats: the float4 loads stay aligned
        l.out = g.partial;
        l.n = static_cast<unsigned int>(s.size);
        l.block = t.block_size;
        l.coarse = t.coarse_factor;
        l.grid = ceil_div(s.size, std::size_t{4} * t.coarse_factor * t.block_size);
        l.stream = g.stream;
        set_last_block_buffers(l, g.block_partials, g.ticket);
        check(reducescope::cuda::enqueue("vectorized", l), "vectorized_reduce_sum<<<>>>");
    }

    // The work of one repetition on every GPU.
    void rep(Combine c, std::size_t n, const std::vector<bench::Shard>& shards, const MultiGpuTiming& t)
    {
        const int k = static_cast<int>(gpu.size());
        switch (c) {
        case Combine::CollectiveBaseline:
#if REDUCESCOPE_WITH_NCCL
            MG_NCCL(ncclGroupStart());
            for (Gpu& g : gpu)
                MG_NCCL(ncclAllReduce(g.x, g.big_out, n, ncclFloat, ncclSum, g.comm, g.stream));
            MG_NCCL(ncclGroupEnd());
#endif
            return;
        case Combine::NcclAllReduce:
        case Combine::NcclReduce:
#if REDUCESCOPE_WITH_NCCL
            for (int i = 0; i < k; ++i)
                enqueue_shard(gpu[i], shards[i], t);
            MG_NCCL(ncclGroupStart());
            for (Gpu& g : gpu) {
                if (c == Combine::NcclAllReduce)
                    MG_NCCL(ncclAllReduce(g.partial, g.result, 1, ncclFloat, ncclSum, g.comm, g.stream));
                else
                    MG_NCCL(ncclReduce(g.partial, g.result, 1, ncclFloat, ncclSum, 0, g.comm, g.stream));
            }
            MG_NCCL(ncclGroupEnd());
#endif
            return;
        case Combine::P2p:
            for (int i = 0; i < k; ++i) {
                Gpu& g = gpu[i];
                enqueue_shard(g, shards[i], t);
                if (i == 0)
                    continue;  // GPU 0's partial is gather[0] already
                // Do not overwrite gather[i] before GPU 0 has added the previous repetition's.
                MG_CHECK(cudaStreamWaitEvent(g.stream, summed, 0));
                MG_CHECK(cudaMemcpyPeerAsync(gather + i, gpu[0].device, g.partial, g.device, sizeof(float), g.stream));
                MG_CHECK(cudaEventRecord(g.done, g.stream));
            }
            use(gpu[0]);
            for (int i = 1; i < k; ++i)
                MG_CHECK(cudaStreamWaitEvent(gpu[0].stream, gpu[i].done, 0));
            add_partials<<<1, 1, 0, gpu[0].stream>>>(gather, static_cast<unsigned int>(k), gpu[0].result);
            MG_CHECK(cudaGetLastError());
            MG_CHECK(cudaEventRecord(summed, gpu[0].stream));
            return;
        }
    }

    void fan_out()
    {
        use(gpu[0]);
        MG_CHECK(cudaEventRecord(start, gpu[0].stream));
        for (std::size_t i = 1; i < gpu.size(); ++i) {
            use(gpu[i]);
            MG_CHECK(cudaStreamWaitEvent(gpu[i].stream, start, 0));
        }
    }

    void fan_in()
    {
        for (std::size_t i = 1; i < gpu.size(); ++i) {
            use(gpu[i]);
            MG_CHECK(cudaEventRecord(gpu[i].done, gpu[i].stream));
        }
        use(gpu[0]);
        for (std::size_t i = 1; i < gpu.size(); ++i)
            MG_CHECK(cudaStreamWaitEvent(gpu[0].stream, gpu[i].done, 0));
        MG_CHECK(cudaEventRecord(stop, gpu[0].stream));
    }

    double elapsed_ms()
    {
        use(gpu[0]);
        MG_CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        MG_CHECK(cudaEventElapsedTime(&ms, start, stop));
        return ms;
    }

    void sync_all()
    {
        for (Gpu& g : gpu) {
            use(g);
            MG_CHECK(cudaStreamSynchronize(g.stream));
        }
    }

    // Waits for everything on every GPU, the legacy default stream's memsets and copies included.
    void sync_devices()
    {
        for (Gpu& g : gpu) {
            use(g);
            MG_CHECK(cudaDeviceSynchronize());
        }
    }

    template <class Body>
    std::vector<double> time(const MultiGpuTiming& t, Body&& body)
    {
        std::vector<double> samples;
        if (t.per_launch) {
            for (int r = 0; r < t.warmup + t.reps; ++r) {
                fan_out();
                body();
                fan_in();
                const double ms = elapsed_ms();
                if (r >= t.warmup)
                    samples.push_back(ms);
            }
            return samples;
        }
        const int batches = std::max(1, std::min(t.batches, t.reps));
        const int per_batch = std::max(1, t.reps / batches);
        for (int r = 0; r < t.warmup; ++r)
            body();
        sync_all();
        for (int b = 0; b < batches; ++b) {
            fan_out();
            for (int r = 0; r < per_batch; ++r)
                body();
            fan_in();
            samples.push_back(elapsed_ms() / per_batch);
        }
        return samples;
    }

    float read(const float* p, const Gpu& g)
    {
        use(g);
        float v = 0;
        MG_CHECK(cudaMemcpy(&v, p, sizeof v, cudaMemcpyDeviceToHost));
        return v;
    }

    void poison(float* p, std::size_t count, const Gpu& g)
    {
        use(g);
        const std::vector<float> host(count, poison_float());
        MG_CHECK(cudaMemcpy(p, host.data(), count * sizeof(float), cudaMemcpyHostToDevice));
    }
};

MultiGpuRunner::MultiGpuRunner(int gpus, std::span<const float> xs) : m(std::make_unique<Impl>())
{
    const auto devices = list_devices();  // NoDevice when there is none
    if (gpus < 1 || gpus > static_cast<int>(devices.size()) || gpus > static_cast<int>(kGatherSlots))
        throw NoDevice{"asked for " + std::to_string(gpus) + " GPUs; " + std::to_string(devices.size()) + " found"};
    // NVLink multicast (NVLS) stays off: a program using it can take a shared host's GPUs down.
    setenv("NCCL_NVLS_ENABLE", "0", /*overwrite=*/0);
    m->capacity = xs.size();
    const std::size_t padded = xs.size() + kPad;
    const std::size_t need = (2 * padded + padded / 128 + 128) * sizeof(float) + (64u << 20);
    for (int i = 0; i < gpus; ++i)
        if (need > static_cast<std::size_t>(devices[static_cast<std::size_t>(i)].free_bytes))
            throw OutOfMemory{xs.size(), need, static_cast<std::size_t>(devices[static_cast<std::size_t>(i)].free_bytes)};
    m->gpu.resize(static_cast<std::size_t>(gpus));
    try {
        for (int i = 0; i < gpus; ++i) {
            Impl::Gpu& g = m->gpu[static_cast<std::size_t>(i)];
            g.device = i;
            m->use(g);
            g.x = m->alloc(padded, "input");
            MG_CHECK(cudaMemset(g.x, 0, padded * sizeof(float)));
            MG_CHECK(cudaMemcpy(g.x, xs.data(), xs.size_bytes(), cudaMemcpyHostToDevice));
#if REDUCESCOPE_WITH_NCCL
            g.big_out = m->alloc(padded, "all-reduce output");
#endif
            g.result = m->alloc(1, "result");
            // The largest shard grid: B = 32, C = 1 gives 128 elements per block.
            g.block_partials = m->alloc(padded / 128 + 64, "block partials");
            MG_CHECK(cudaMalloc(&g.ticket, sizeof(unsigned int)));
            MG_CHECK(cudaMemset(g.ticket, 0, sizeof(unsigned int)));
            if (i == 0) {
                m->gather = m->alloc(kGatherSlots, "gathered partials");
                m->check_sum = m->alloc(1, "verification sum");
                g.partial = m->gather;
                MG_CHECK(cudaEventCreate(&m->start));
                MG_CHECK(cudaEventCreate(&m->stop));
                MG_CHECK(cudaEventCreateWithFlags(&m->summed, cudaEventDisableTiming));
            } else {
                g.partial = m->alloc(1, "partial");
            }
            MG_CHECK(cudaStreamCreateWithFlags(&g.stream, cudaStreamNonBlocking));
            MG_CHECK(cudaEventCreateWithFlags(&g.done, cudaEventDisableTiming));
        }
        // Peer access: the matrix for the results, and GPU 0 <-> every other GPU for p2p.
        m->peer.assign(static_cast<std::size_t>(gpus), std::vector<bool>(static_cast<std::size_t>(gpus), true));
        for (int i = 0; i < gpus; ++i)
            for (int j = 0; j < gpus; ++j)
                if (i != j) {
                    int can = 0;
                    MG_CHECK(cudaDeviceCanAccessPeer(&can, i, j));
                    m->peer[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = can != 0;
                }
        for (int i = 1; i < gpus && m->p2p_skip.empty(); ++i)
            if (!m->peer[0][static_cast<std::size_t>(i)] || !m->peer[static_cast<std::size_t>(i)][0])
                m->p2p_skip = "GPUs 0 and " + std::to_string(i) + " cannot access each other as peers (cudaDeviceCanAccessPeer)";
        if (m->p2p_skip.empty())
            for (int i = 1; i < gpus; ++i)
                for (const auto& [from, to] : {std::pair{0, i}, std::pair{i, 0}}) {
                    MG_CHECK(cudaSetDevice(from));
                    const cudaError_t e = cudaDeviceEnablePeerAccess(to, 0);
                    if (e == cudaErrorPeerAccessAlreadyEnabled)
                        cudaGetLastError();  // not sticky: clear it
                    else
                        check(e, "cudaDeviceEnablePeerAccess");
                }
#if REDUCESCOPE_WITH_NCCL
        std::vector<ncclComm_t> comms(static_cast<std::size_t>(gpus));
        std::vector<int> devs(static_cast<std::size_t>(gpus));
        for (int i = 0; i < gpus; ++i)
            devs[static_cast<std::size_t>(i)] = i;
        MG_NCCL(ncclCommInitAll(comms.data(), gpus, devs.data()));
        for (int i = 0; i < gpus; ++i)
            m->gpu[static_cast<std::size_t>(i)].comm = comms[static_cast<std::size_t>(i)];
#endif
        m->sync_devices();
    } catch (const CudaError& e) {
        if (std::string{e.what()}.find("out of memory") != std::string::npos)
            throw OutOfMemory{xs.size(), need, 0};
        throw;
    }
}

MultiGpuRunner::~MultiGpuRunner() = default;

int MultiGpuRunner::gpus() const { return static_cast<int>(m->gpu.size()); }

const std::vector<std::vector<bool>>& MultiGpuRunner::peer_access() const { return m->peer; }

MultiGpuRun MultiGpuRunner::run(Combine c, std::size_t n, const MultiGpuTiming& timing)
{
    MultiGpuRun r;
    const int k = gpus();
    const auto shards = bench::split_shards(n, k);
    const std::size_t per_gpu_grid = std::size_t{4} * timing.coarse_factor * timing.block_size;
    r.grid = c == Combine::CollectiveBaseline ? 0 : ceil_div(shards.empty() ? 0 : shards[0].size, per_gpu_grid);
    switch (c) {
    case Combine::NcclAllReduce: r.kernel = "vectorized_reduce_sum + ncclAllReduce (1 float per GPU)"; break;
    case Combine::NcclReduce: r.kernel = "vectorized_reduce_sum + ncclReduce (1 float per GPU, root 0)"; break;
    case Combine::P2p: r.kernel = "vectorized_reduce_sum + cudaMemcpyPeerAsync + add_partials"; break;
    case Combine::CollectiveBaseline: r.kernel = "ncclAllReduce (N floats per GPU)"; break;
    }
    if (n == 0 || n > m->capacity) {
        r.status = RunResult::Status::Skipped;
        r.message = "n=" + std::to_string(n) + " is outside 1.." + std::to_string(m->capacity);
        return r;
    }
    if (c != Combine::P2p && !multi_gpu_has_nccl()) {
        r.status = RunResult::Status::Skipped;
        r.message = "built without NCCL";
        return r;
    }
    if (c == Combine::P2p && !m->p2p_skip.empty()) {
        r.status = RunResult::Status::Skipped;
        r.message = m->p2p_skip;
        return r;
    }
    try {
        // Verification run, results poisoned first.
        for (Impl::Gpu& g : m->gpu) {
            m->poison(g.result, 1, g);
            if (c == Combine::CollectiveBaseline) {
                m->use(g);
                MG_CHECK(cudaMemset(g.big_out, 0xff, n * sizeof(float)));  // all ones: a NaN
            }
        }
        m->poison(m->gather, kGatherSlots, m->gpu[0]);
        m->sync_devices();  // the memsets and copies above ran outside the (non-blocking) streams
        m->rep(c, n, shards, timing);
        m->sync_all();
        if (c == Combine::CollectiveBaseline) {
            // Every element should now be K·x[i]: reduce GPU 0's output with the same kernel.
            Impl::Gpu& g0 = m->gpu[0];
            Impl::Gpu probe = g0;
            probe.x = g0.big_out;
            probe.partial = m->check_sum;
            m->enqueue_shard(probe, bench::Shard{0, n}, timing);
            MG_CHECK(cudaStreamSynchronize(g0.stream));
            const float s = m->read(m->check_sum, g0);
            r.value = static_cast<double>(s) / k;
            r.output_written = std::isfinite(s);
        } else {
            const float v0 = m->read(m->gpu[0].result, m->gpu[0]);
            r.value = v0;
            r.output_written = !is_poison(v0);
            if (c == Combine::NcclAllReduce)
                for (int i = 1; i < k; ++i) {
                    const float vi = m->read(m->gpu[static_cast<std::size_t>(i)].result, m->gpu[static_cast<std::size_t>(i)]);
                    if (std::memcmp(&vi, &v0, sizeof vi) != 0)
                        r.ranks_agree = false;
                }
        }
        if (timing.reps > 0)
            r.samples_ms = m->time(timing, [&] { m->rep(c, n, shards, timing); });
        r.status = RunResult::Status::Ran;
    } catch (const CudaError& e) {
        r.status = RunResult::Status::Failed;
        r.message = e.what();
        for (Impl::Gpu& g : m->gpu) {
            cudaSetDevice(g.device);
            cudaGetLastError();
        }
    }
    return r;
}

} // namespace reducescope::cuda
