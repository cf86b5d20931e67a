// SPDX-License-Identifier: GPL-3.0-or-later
// The arithmetic of the multi-GPU benchmark (`reducescope-cli bench --gpus K`), plain C++ so that
// the CUDA engine, the CLI and the CPU tests share it: how N floats are split into K shards, the
// names of the ways partials are combined, and NCCL's own bandwidth definitions.
// Header-only (no library of its own).
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace reducescope::bench {

/// How the K per-GPU partial sums become one sum (results-format.md, "Multi-GPU").
enum class Combine {
    NcclAllReduce,       ///< ncclAllReduce of the K partials (one float each): every GPU gets the sum
    NcclReduce,          ///< ncclReduce of the K partials to GPU 0
    P2p,                 ///< cudaMemcpyPeerAsync of each partial to GPU 0, one thread adds the K floats
    CollectiveBaseline,  ///< no reduction kernel: ncclAllReduce of a whole buffer of N floats per GPU
};

/// The JSON spelling: "nccl_allreduce", "nccl_reduce", "p2p", "collective_baseline".
constexpr std::string_view combine_name(Combine c)
{
    switch (c) {
    case Combine::NcclAllReduce: return "nccl_allreduce";
    case Combine::NcclReduce: return "nccl_reduce";
    case Combine::P2p: return "p2p";
    case Combine::CollectiveBaseline: return "collective_baseline";
    }
    return "";
}

/// Inverse of combine_name; nullopt when unknown.
constexpr std::optional<Combine> parse_combine(std::string_view s)
{
    for (const Combine c : {Combine::NcclAllReduce, Combine::NcclReduce, Combine::P2p, Combine::CollectiveBaseline})
        if (combine_name(c) == s)
            return c;
    return std::nullopt;
}

/// Every combine, in the order the benchmark runs them.
inline constexpr Combine kAllCombines[] = {Combine::NcclAllReduce, Combine::NcclReduce, Combine::P2p,
                                           Combine::CollectiveBaseline};

/// The results a multi-GPU benchmark (`--gpus K`) writes: one per GPU count 1..K, size and combine
/// (run_multi_gpu's loops; the CLI refuses a run over results_file.h kMaxResults by this count).
constexpr std::size_t multi_gpu_result_count(int gpus, std::size_t sizes)
{
    return static_cast<std::size_t>(gpus < 0 ? 0 : gpus) * sizes * std::size(kAllCombines);
}

/// One GPU's part of the input: elements [offset, offset + size).
struct Shard {
    std::size_t offset = 0;
    std::size_t size = 0;
};

/// Splits n elements over k >= 1 GPUs. Every shard but the last holds the same count, rounded up
/// to a multiple of 4 so that each shard starts on a 16-byte boundary (the float4 loads of
/// `vectorized`); the last holds the rest, and trailing shards may be empty when n is small.
/// The shards cover [0, n) exactly, in order. k < 1 gives an empty list.
inline std::vector<Shard> split_shards(std::size_t n, int k)
{
    std::vector<Shard> out;
    if (k < 1)
        return out;
    const std::size_t kk = static_cast<std::size_t>(k);
    const std::size_t per = (n + kk - 1) / kk;
    const std::size_t step = (per + 3) / 4 * 4;
    std::size_t at = 0;
    for (std::size_t g = 0; g < kk; ++g) {
        const std::size_t size = g + 1 == kk ? n - at : std::min(step, n - at);
        out.push_back({at, size});
        at += size;
    }
    return out;
}

/// Algorithm bandwidth as nccl-tests define it: the operation's data size S in bytes over the
/// time, in 10^9 bytes/s. 0 for a non-positive time.
constexpr double algbw_gbs(double bytes, double time_ms)
{
    return time_ms > 0 ? bytes / (time_ms * 1e-3) / 1e9 : 0.0;
}

/// nccl-tests' bus-bandwidth factor for k ranks: 2(k-1)/k for an all-reduce (each byte crosses
/// the slowest link 2(k-1)/k times in a ring), 1 for a reduce (and for p2p, a reduce by copies).
/// k = 1 gives 0 for an all-reduce, as nccl-tests print.
constexpr double busbw_factor(Combine c, int k)
{
    if (k < 1)
        return 0.0;
    switch (c) {
    case Combine::NcclAllReduce:
    case Combine::CollectiveBaseline: return 2.0 * (k - 1) / k;
    case Combine::NcclReduce:
    case Combine::P2p: return 1.0;
    }
    return 0.0;
}

/// Bus bandwidth = algbw × busbw_factor(c, k), in 10^9 bytes/s.
constexpr double busbw_gbs(Combine c, int k, double bytes, double time_ms)
{
    return algbw_gbs(bytes, time_ms) * busbw_factor(c, k);
}

} // namespace reducescope::bench
